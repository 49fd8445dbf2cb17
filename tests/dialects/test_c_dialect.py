"""retro.dialects.c, rule by rule.

printf and the stdin routines are checked against the tables in
c_reference/: what a gcc 12.2 / glibc 2.36 build of the probes there printed
(c_reference/make_tables.py).  The CP/M console look is a reconstruction; its
tests pin the rules its docstring states.
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Union

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retro.console import LineConsole, ProgramExit
from retro.recording import Recorder
from retro.dialects.c import EOF, AztecCpmStdin, CProgram, Stdin, aztec_cpm_out, format_printf, toupper

REFERENCE = Path(__file__).resolve().parent / "c_reference"


def rows(name):
    for line in (REFERENCE / name).read_text().splitlines():
        if line and not line.startswith("#"):
            yield line.split("\t")


def unescape(text: str) -> str:
    return text.encode("ascii").decode("unicode_escape")


STDIN_ROWS = list(rows("stdin_cases.tsv"))
PRINTF_ROWS = list(rows("printf_cases.tsv"))


def show(data: bytes) -> str:
    """stdin_probe.c's show(): the C string (up to a NUL), escaped, in brackets."""
    data = data.split(b"\0")[0]
    out = []
    for c in data:
        if c == 10:
            out.append("\\n")
        elif c == 92:
            out.append("\\\\")
        elif c < 32 or c >= 127:
            out.append(f"\\x{c:02x}")
        else:
            out.append(chr(c))
    return "[" + "".join(out) + "] "


def what_the_dialect_reads(routine: str, data: bytes) -> str:
    """stdin_probe.c, with the dialect's routines."""
    words = routine.split()
    mode, size = words[0], int(words[1]) if len(words) > 1 else 0
    stdin = Stdin(LineConsole.from_bytes(data))
    out = []
    for _ in range(50):
        if mode == "fgets":
            got = stdin.fgets(size)
            if got is None:
                out.append("NULL")
                break
            out.append(show(got))
        elif mode == "gets":
            got = stdin.gets()
            if got is None:
                out.append("NULL")
                break
            out.append(show(got))
        elif mode == "scanf":
            got = stdin.scanf_s(size or None)
            if got is None:
                out.append("-1" + show(b"old"))
                break
            out.append(show(got))
        elif mode == "getchar":
            c = stdin.getchar()
            if c == EOF:
                out.append("EOF")
                break
            out.append(f"{c} ")
    return "".join(out)


@pytest.mark.parametrize("rule,routine,data,expected", STDIN_ROWS, ids=[r[0] for r in STDIN_ROWS])
def test_stdin_routine_matches_glibc(rule, routine, data, expected) -> None:
    assert what_the_dialect_reads(routine, unescape(data).encode("latin-1")) == expected


@pytest.mark.parametrize("rule,fmt,args,expected", PRINTF_ROWS, ids=[r[0] for r in PRINTF_ROWS])
def test_printf_matches_glibc(rule, fmt, args, expected) -> None:
    values = [a[1] if isinstance(a, list) else a for a in json.loads(args)]
    text = format_printf(unescape(fmt), *values)
    assert text.encode("utf-8", "surrogateescape") == unescape(expected).encode("latin-1")


def test_the_tables_cover_the_rules_the_issue_names() -> None:
    rules = {r[0] for r in STDIN_ROWS}
    for needed in ("fgets-long-line-split", "fgets-eof-at-once", "gets-long-line-whole", "gets-eof-at-once",
                   "scanf-words", "scanf-eof-leaves-buffer", "getchar-eof-at-once"):
        assert needed in rules
    assert "computer-move" in {r[0] for r in PRINTF_ROWS}


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc is not installed; the tables stand as recorded")
def test_the_tables_are_what_gcc_builds_print_today() -> None:
    done = subprocess.run([sys.executable, str(REFERENCE / "make_tables.py"), "--check"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


# -- stdin: lines come from the console only when a byte is needed --------------------

def test_stdin_pulls_a_line_only_when_it_needs_one() -> None:
    rec = Recorder(LineConsole.from_lines(["B2", "C3"]))
    stdin = Stdin(rec)
    assert [e.kind for e in rec.events] == []
    assert stdin.fgets(80) == b"B2\n"
    assert [e.text for e in rec.events] == ["B2\n"]


def test_scanf_s_stops_at_the_blank_and_leaves_the_rest_of_the_line() -> None:
    rec = Recorder(LineConsole.from_lines(["B2 C3", "A1"]))
    stdin = Stdin(rec)
    assert stdin.scanf_s() == b"B2"
    assert stdin.scanf_s() == b"C3"
    assert len([e for e in rec.events if e.kind == "in"]) == 1  # the second word came from the same line
    assert stdin.fgets(80) == b"\n"  # what %s left behind


def test_end_of_input_is_sticky() -> None:
    stdin = Stdin(LineConsole.from_bytes(b""))
    assert stdin.getchar() == EOF
    assert stdin.fgets(80) is None
    assert stdin.gets() is None
    assert stdin.scanf_s() is None


def test_ungetc_gives_the_byte_back() -> None:
    stdin = Stdin(LineConsole.from_bytes(b"ab"))
    c = stdin.getchar()
    stdin.ungetc(c)
    assert stdin.fgets(80) == b"ab"


# -- toupper, exit -----------------------------------------------------------------------

def test_toupper_changes_only_a_to_z() -> None:
    assert [toupper(c) for c in b"abz{`AZ09\xe9"] == list(b"ABZ{`AZ09\xe9")


def test_exit_ends_the_program_with_its_status() -> None:
    console = LineConsole.from_bytes(b"")
    rt = CProgram(console)

    def main():
        rt.printf("bye\n")
        rt.exit(3)
        rt.printf("never\n")

    assert rt.run(main) == 3
    assert console.output() == "bye\n"


def test_exit_status_is_taken_modulo_256() -> None:
    rt = CProgram(LineConsole.from_bytes(b""))
    with pytest.raises(ProgramExit) as done:
        rt.exit(257)
    assert done.value.status == 1


def test_main_returning_gives_its_status() -> None:
    rt = CProgram(LineConsole.from_bytes(b""))
    assert rt.run(lambda: 0) == 0
    assert rt.run(lambda: None) == 0


def test_printf_returns_the_number_of_bytes_written() -> None:
    rt = CProgram(LineConsole.from_bytes(b""))
    assert rt.printf("Computer move: %c%d\n", 65, 1) == 18


# -- Aztec C's CP/M streams (--cpm) -----------------------------------------------------

def test_aztec_output_ends_each_line_with_cr_lf() -> None:
    """aputc: "if (c == '\\n') putc('\\r', ptr)"."""
    assert aztec_cpm_out("Computer move: B2\n\n") == "Computer move: B2\r\n\r\n"
    assert aztec_cpm_out("Your move: ") == "Your move: "


def test_cprogram_cpm_writes_cr_lf_through_printf_puts_and_putchar() -> None:
    console = LineConsole.from_bytes(b"")
    rt = CProgram(console, cpm=True)
    rt.printf("a\n")
    rt.puts("b")
    rt.putchar(10)
    assert console.output() == "a\r\nb\r\n\r\n"


def test_cprogram_without_cpm_writes_lf_alone_as_glibc_does() -> None:
    console = LineConsole.from_bytes(b"")
    CProgram(console).printf("a\n")
    assert console.output() == "a\n"


def aztec(data: bytes) -> AztecCpmStdin:
    return AztecCpmStdin(LineConsole.from_bytes(data))


def test_aztec_input_cr_ends_a_line_as_bdos_line_input_does() -> None:
    """Measured: CP/M's BDOS function 10 ends a line at CR or LF (tools/aztec_reference)."""
    stdin = aztec(b"B\r2\n")
    assert (stdin.fgets(80), stdin.fgets(80)) == (b"B\n", b"2\n")


def test_aztec_input_skips_nul() -> None:
    assert aztec(b"B\x002\n").fgets(80) == b"B2\n"


@pytest.mark.parametrize("keys, line", [
    (b"AX\x081\n", b"A1\n"),  # BS takes back a key
    (b"AX\x7f1\n", b"A1\n"),  # so does DEL
    (b"\x08\x08A1\n", b"A1\n"),  # nothing to take back
    (b"C3\x15A1\n", b"A1\n"),  # Ctrl-U takes back the line
    (b"C3\x18A1\n", b"A1\n"),  # so does Ctrl-X
    (b"A\x05\x121\n", b"A1\n"),  # Ctrl-E and Ctrl-R are not kept
    (b"A\x031\n", b"A\x031\n"),  # Ctrl-C after a key is a key
    (b"A\x88\x881\n", b"1\n"),  # 88h is BS once masked to 7 bits
    (b"A\t1\n", b"A\t1\n"),
])
def test_aztec_input_edits_lines_as_bdos_does(keys: bytes, line: bytes) -> None:
    assert aztec(keys).fgets(80) == line


def test_aztec_ctrl_c_first_ends_the_program() -> None:
    stdin = aztec(b"A1\nB\x08\x03\n")
    assert stdin.fgets(80) == b"A1\n"
    with pytest.raises(ProgramExit) as ended:
        stdin.fgets(80)
    assert ended.value.status == 0


def test_aztec_a_full_bdos_line_keeps_ten_keys_and_no_newline() -> None:
    """Measured: 255 keys fill BDOS's buffer; Aztec's library then passes on the first ten."""
    stdin = aztec((bytes(range(48, 48 + 75)) * 4)[:255] + b"AB\n")
    assert stdin.fgets(80) == b"0123456789AB\n"


def test_aztec_input_is_seven_bit() -> None:
    assert aztec(b"\xc1\xb1\n").fgets(80) == b"A1\n"


def test_aztec_ctrl_z_ends_the_input_for_good() -> None:
    stdin = aztec(b"A1\x1aB2\nC3\n")
    assert stdin.fgets(80) == b"A1"
    assert stdin.fgets(80) is None and stdin.getchar() == EOF


def test_aztec_ctrl_z_at_the_start_of_a_line_is_null_from_fgets() -> None:
    assert aztec(b"\x1a\nX\n").fgets(80) is None


def test_glibc_input_keeps_cr_ctrl_z_and_the_top_bit() -> None:
    stdin = Stdin(LineConsole.from_bytes(b"A\r\x1a\xc1\n"))
    assert stdin.fgets(80) == b"A\r\x1a\xc1\n"


def test_the_modules_doctests_pass() -> None:
    import doctest

    import retro.dialects.c as module

    assert doctest.testmod(module).failed == 0


def what_fgets_and_gets_read(stdin: Stdin, reads: list[int]) -> list[Union[bytes, str, None]]:
    """``fgets(buf, size, stdin)`` for each size of ``reads``, ``gets`` for a 0;
    "exit" where the program ended (Ctrl-C first on a CP/M line)."""
    read: list[Union[bytes, str, None]] = []
    try:
        for size in reads:
            read.append(stdin.gets() if size == 0 else stdin.fgets(size))
    except ProgramExit:
        read.append("exit")
    return read


@given(st.binary(max_size=60).map(lambda tail: b"x" * 300 + tail) | st.binary(max_size=60),
       st.lists(st.sampled_from([0, 1, 2, 3, 80, 500]), min_size=1, max_size=8), st.booleans())
@settings(max_examples=300, deadline=None)
def test_a_line_taken_a_run_at_a_time_reads_as_byte_by_byte(data: bytes, reads: list[int], cpm: bool) -> None:
    """fgets and gets take the bytes getc would hand out as they are a run at
    a time (Stdin.plain_run: 64 MiB without a newline once took a minute);
    what they read, glibc's stdin or Aztec's (NUL and CR dropped, Ctrl-Z the
    end), is what taking them one at a time reads."""
    kind = AztecCpmStdin if cpm else Stdin
    with_runs = what_fgets_and_gets_read(kind(LineConsole.from_bytes(data)), reads)
    byte_by_byte = kind(LineConsole.from_bytes(data))
    byte_by_byte.plain_run = lambda limit: b""  # type: ignore[method-assign]  # the old path, for comparison
    assert what_fgets_and_gets_read(byte_by_byte, reads) == with_runs

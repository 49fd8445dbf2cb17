"""retro.dialects.fortran, rule by rule.

The list-directed READ rules are checked against tests/data/fortran_list_read.tsv:
what a gfortran 12.2 build of a small program of ours printed for each input
(tools/fortran_reference/list_read_cases.py).  The other rules cite the
libgfortran source they follow.
"""
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retro.console import LineConsole, ProgramExit
from retro.dialects.fortran import FortranProgram, FortranRuntimeError, ItemType, StdinStream, StdoutUnit, format_record

TABLE = Path(__file__).resolve().parent.parent / "data" / "fortran_list_read.tsv"


def table():
    for line in TABLE.read_text().splitlines():
        if line and not line.startswith("#"):
            rule, text, expected = line.split("\t")
            yield rule, text.encode("ascii").decode("unicode_escape"), expected


def what_the_dialect_reads(text: str) -> str:
    """`read*, c` then `read*, loc` (c='w', loc=7 8), printed like the lab program."""
    rt = FortranProgram(LineConsole.from_bytes(text.encode("latin-1")), "lab.f90")
    out = []
    try:
        (c,) = rt.read(6, ["w"], [ItemType.CHARACTER])
        out.append(f"c={ord(c)}")
        a, b = rt.read(8, [7, 8], [ItemType.INTEGER, ItemType.INTEGER])
        out.append(f"loc={a} {b}")
    except FortranRuntimeError as error:
        out.append("error=" + error.message.replace(" ", "_"))
    return " ".join(out)


@pytest.mark.parametrize("rule,text,expected", list(table()), ids=[r for r, _, _ in table()])
def test_list_directed_read_matches_gfortran(rule: str, text: str, expected: str) -> None:
    assert what_the_dialect_reads(text) == expected


@given(st.text(st.sampled_from("ab' \",/;\t\r\n0123456789\x00"), max_size=40), st.integers(0, 5000))
@settings(max_examples=300, deadline=None)
def test_a_string_s_bytes_taken_a_run_at_a_time_read_as_one_by_one(text: str, padding: int) -> None:
    """_get_string takes the bytes it only pushes a run at a time (a 64 MiB
    line once took 44 s byte by byte); the items, errors and what is left
    to read are what taking them one at a time gives."""
    text = "x" * padding + text
    with_runs = what_the_dialect_reads(text)
    byte_by_byte = StdinStream.take_run
    try:
        StdinStream.take_run = lambda self, stops: b""  # type: ignore[method-assign]  # the old path, for comparison
        assert what_the_dialect_reads(text) == with_runs
    finally:
        StdinStream.take_run = byte_by_byte  # type: ignore[method-assign]  # restored for the other tests


def test_the_table_covers_the_rules_the_issue_names() -> None:
    rules = {rule for rule, _, _ in table()}
    for needed in ("int-blanks", "int-comma", "int-blank-lines-skipped", "int-next-line", "int-slash",
                   "int-extra-ignored", "int-word-bad", "int-eof", "char-first-letter", "char-eof"):
        assert needed in rules


# -- PRINT * (write.c: list_formatted_write_scalar) ----------------------------------

def test_print_starts_each_record_with_a_blank() -> None:
    assert format_record("Turno del ordenador") == " Turno del ordenador\n"


def test_print_of_an_empty_string_is_a_lone_blank() -> None:
    assert format_record("") == " \n"


def test_print_puts_no_separator_between_character_items() -> None:
    assert format_record("| ", "X", " | ", " ", " |") == " | X |   |\n"


def test_print_separates_numbers_and_gives_them_eleven_columns() -> None:
    # gfortran 12 printed " SEL[S]          83" and " LOC           3           3"
    # for `print*, "SEL[", sel, "]", ichar(sel)` and `print*, "LOC", loc`.
    assert format_record("SEL[", "S", "]", 83) == " SEL[S]          83\n"
    assert format_record("LOC", 3, 3) == " LOC           3           3\n"


# -- the physical streams (unix.c, fbuf.c) -----------------------------------------------

def stream_after(data: bytes, consumed: int, kind: str) -> StdinStream:
    stream = StdinStream(LineConsole.from_bytes(data, input_kind=kind))
    for _ in range(consumed):
        stream.getc()
    return stream


def test_a_pipe_is_read_80_bytes_at_a_time() -> None:
    data = b"S\n" + b"x" * 77 + b"\n" + b"go\n"
    assert stream_after(data, 2, "pipe").physical_position() == 80
    assert stream_after(data, 2, "pipe").fgets(4) == b"go\n"
    assert stream_after(data, 81, "pipe").physical_position() == 160


def test_a_regular_file_is_read_8192_bytes_at_a_time() -> None:
    data = b"S\n" + b"x" * 77 + b"\n" + b"go\n"
    assert stream_after(data, 2, "file").physical_position() == 8192
    assert stream_after(data, 2, "file").fgets(4) is None


def test_a_terminal_is_read_a_line_at_a_time() -> None:
    data = b"S\ngo\n"
    stream = stream_after(data, 2, "tty")
    assert stream.physical_position() == 2
    assert stream.fgets(4) == b"go\n"


def test_fgets_reads_at_most_size_minus_one_characters() -> None:
    assert stream_after(b"gone\n", 0, "tty").fgets(4) == b"gon"


# -- PAUSE (runtime/pause.c) ------------------------------------------------------------

def pause_with(data: bytes, consumed: int, kind: str):
    console = LineConsole.from_bytes(data, input_kind=kind)
    rt = FortranProgram(console, "p.f90")
    for _ in range(consumed):
        rt.stdin.getc()
    try:
        rt.pause("Pulse 'intro' para salir")
        ended = None
    except ProgramExit as done:
        ended = done.status
    return ended, console.errors()


def test_pause_prints_its_message_and_stops_with_status_0_without_go() -> None:
    ended, err = pause_with(b"N\n", 2, "pipe")
    assert ended == 0
    assert err == ("PAUSE Pulse 'intro' para salir\n"
                   "To resume execution, type go.  Other input will terminate the job.\n")


def test_pause_resumes_on_go() -> None:
    ended, err = pause_with(b"N\ngo\n", 2, "tty")
    assert ended is None and err.endswith("RESUMED\n")


def test_pause_in_a_pipe_does_not_see_a_go_the_unit_already_read() -> None:
    ended, err = pause_with(b"N\ngo\n", 2, "pipe")
    assert ended == 0 and "RESUMED" not in err


# -- unit 6 buffering and runtime errors (error.c) --------------------------------------

def test_output_to_a_file_is_buffered_and_a_crash_loses_it() -> None:
    console = LineConsole.from_bytes(b"", output_kind="file")
    unit = StdoutUnit(console)
    unit.write(" hello\n")
    assert console.output() == ""
    unit.lose()
    unit.flush()
    assert console.output() == ""


def test_output_to_a_file_is_written_when_the_buffer_would_overflow() -> None:
    console = LineConsole.from_bytes(b"", output_kind="file")
    unit = StdoutUnit(console)
    line = " " + "x" * 98 + "\n"  # 100 bytes
    for _ in range(82):  # 8200 bytes: the 82nd line does not fit
        unit.write(line)
    assert len(console.output()) == 8100


def test_output_to_a_pipe_is_written_record_by_record() -> None:
    console = LineConsole.from_bytes(b"")
    StdoutUnit(console).write(" hello\n")
    assert console.output() == " hello\n"


def test_a_runtime_error_names_the_line_and_file_and_exits_2() -> None:
    console = LineConsole.from_bytes(b"x\n")
    rt = FortranProgram(console, "TicTacToe.f90")
    status = rt.run(lambda: rt.read(30, [0, 0], [ItemType.INTEGER, ItemType.INTEGER]))
    assert status == 2
    assert console.errors() == ("At line 30 of file TicTacToe.f90 (unit = 5, file = 'stdin')\n"
                                "Fortran runtime error: Bad integer for item 1 in list input\n")

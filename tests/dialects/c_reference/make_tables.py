"""Build the C probes with gcc and record what they print: the evidence tables
for the C dialect (retro/dialects/c.py).

    python tests/dialects/c_reference/make_tables.py          # rewrite the tables
    python tests/dialects/c_reference/make_tables.py --check  # compare, exit 1 on a difference

The test suite reads the tables and never needs gcc; test_c_dialect.py runs
``--check`` only where gcc is installed.

* stdin_cases.tsv: rule, routine (argv of stdin_probe.c), input
  (unicode_escape), what the probe printed.
* printf_cases.tsv: rule, format (unicode_escape), arguments (JSON: an int,
  a string, or ["long", n] / ["double", x]), what printf wrote
  (unicode_escape).
"""
from __future__ import annotations

import json
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

LONG = "a" * 30

# rule, routine, input
STDIN_CASES = [
    ("fgets-line", "fgets 80", "B2\n"),
    ("fgets-lines-one-per-call", "fgets 80", "ab\ncd\n"),
    ("fgets-empty-line", "fgets 80", "\n\nB2\n"),
    ("fgets-long-line-split", "fgets 8", LONG + "\n"),
    ("fgets-line-of-size-minus-1", "fgets 8", "abcdefg\nB2\n"),
    ("fgets-line-of-size-minus-2", "fgets 8", "abcdef\nB2\n"),
    ("fgets-last-line-without-newline", "fgets 80", "ab\ncd"),
    ("fgets-eof-at-once", "fgets 80", ""),
    ("fgets-size-1-reads-nothing", "fgets 1", "ab\n"),
    ("fgets-size-0-is-null", "fgets 0", "ab\n"),
    ("fgets-nul-byte", "fgets 80", "a\x00b\nc\n"),
    ("fgets-high-bytes", "fgets 80", "\xc3\x89\n"),
    ("gets-line", "gets", "B2\n"),
    ("gets-empty-line", "gets", "\nB2\n"),
    ("gets-long-line-whole", "gets", LONG + LONG + "\n"),
    ("gets-last-line-without-newline", "gets", "ab\ncd"),
    ("gets-eof-at-once", "gets", ""),
    ("scanf-words", "scanf", "B2 C3\nA1\n"),
    ("scanf-skips-empty-lines", "scanf", "\n\n  \t B2\n"),
    ("scanf-width", "scanf 3", "abcdefg\n"),
    ("scanf-eof-leaves-buffer", "scanf", ""),
    ("scanf-eof-after-blanks", "scanf", "  \n\n"),
    ("scanf-word-at-eof", "scanf", "ab"),
    ("getchar-bytes", "getchar", "B2\n"),
    ("getchar-high-byte", "getchar", "\xff\n"),
    ("getchar-eof-at-once", "getchar", ""),
    ("getchar-no-newline-at-end", "getchar", "ab"),
]

# rule, format, arguments
PRINTF_CASES = [
    ("computer-move", "Computer move: %c%d\n", [66, 2]),
    ("plain-text", "Your move: ", []),
    ("percent", "100%% %5%|", []),
    ("d-width", "[%5d][%-5d][%05d]", [42, 42, 42]),
    ("d-negative", "[%d][%5d][%05d][%-5d]", [-7, -7, -7, -7]),
    ("d-flags", "[%+d][% d][%+d][% 05d][%-+5d]", [7, 7, -7, -3, 7]),
    ("d-precision", "[%.3d][%8.3d][%08.3d][%.0d][%+.0d][%5.0d]", [7, 7, 5, 0, 0, 0]),
    ("i-is-d", "[%i][%3i]", [12, -1]),
    ("u-of-negative", "[%u][%hu][%hhu]", [-1, -1, -1]),
    ("hd-hhd-wrap", "[%hd][%hhd][%hhd]", [70000, 300, 200]),
    ("l-length", "[%ld][%lu][%lx]", [["long", -1], ["long", -1], ["long", 255]]),
    ("x-o", "[%x][%X][%o][%x]", [255, 255, 8, -1]),
    ("alternate-forms", "[%#x][%#X][%#o][%#x][%#o][%#5x][%-#8o][%#.3o]", [255, 255, 8, 0, 0, 255, 8, 8]),
    ("star-width-precision", "[%*d][%-*d][%*d][%.*d][%.*s]", [6, 42, 6, 42, -6, 42, 4, 7, 2, "abc"]),
    ("c-char", "[%c][%3c][%-3c][%03c]", [65, 66, 67, 68]),
    ("c-high-byte", "[%c][%c]", [200, 321]),
    ("s-string", "[%s][%5s][%-5s][%.2s][%5.1s][%05s]", ["ab", "ab", "ab", "abc", "xyz", "ab"]),
    ("s-empty", "[%s][%3s]", ["", ""]),
    ("unknown-conversion", "[%y][%]", []),
    ("f-e-g", "[%f][%.2f][%8.3f][%e][%g][%g]", [["double", 1.5], ["double", 2.345], ["double", -1.0],
                                               ["double", 12345.678], ["double", 0.0001], ["double", 1e20]]),
]


def c_literal(arg) -> str:
    if isinstance(arg, str):
        return json.dumps(arg)  # a C string literal for plain ASCII
    if isinstance(arg, list):
        kind, value = arg
        return f"({kind}){value!r}"
    return str(arg)


def escape(text: str) -> str:
    return text.encode("unicode_escape").decode("ascii")


def compiler() -> str:
    out = subprocess.run(["gcc", "--version"], capture_output=True, text=True, check=True).stdout
    return out.splitlines()[0]


def build(workdir: Path, source: Path, name: str) -> Path:
    exe = workdir / name
    subprocess.run(["gcc", "-std=gnu99", "-O0", "-w", "-o", str(exe), str(source)], check=True,
                   capture_output=True)
    return exe


def stdin_table(workdir: Path) -> list[str]:
    exe = build(workdir, HERE / "stdin_probe.c", "stdin_probe")
    rows = []
    for rule, routine, data in STDIN_CASES:
        out = subprocess.run([str(exe), *routine.split()], input=data.encode("latin-1"),
                             capture_output=True, check=True).stdout.decode("ascii")
        rows.append("\t".join((rule, routine, escape(data), out.rstrip("\n"))))
    return rows


def printf_table(workdir: Path) -> list[str]:
    source = workdir / "printf_probe.c"
    lines = ["#include <stdio.h>", "int main(void)", "{"]
    for _rule, fmt, args in PRINTF_CASES:
        call = ", ".join([json.dumps(fmt)] + [c_literal(a) for a in args])
        lines.append(f"    printf({call});")
        lines.append('    printf("%c", 0); /* a NUL between cases */')
    lines += ["    return 0;", "}"]
    source.write_text("\n".join(lines) + "\n")
    exe = build(workdir, source, "printf_probe")
    outputs = subprocess.run([str(exe)], capture_output=True, check=True).stdout.decode("latin-1").split("\0")
    rows = []
    for (rule, fmt, args), out in zip(PRINTF_CASES, outputs):
        rows.append("\t".join((rule, escape(fmt), json.dumps(args), escape(out))))
    return rows


def tables() -> dict[str, str]:
    stamp = f"# {compiler()}, glibc {platform.libc_ver()[1]}; by make_tables.py"
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        return {
            "stdin_cases.tsv": "\n".join(["# rule\troutine\tinput (unicode_escape)\twhat stdin_probe printed", stamp]
                                         + stdin_table(workdir)) + "\n",
            "printf_cases.tsv": "\n".join(["# rule\tformat (unicode_escape)\targuments (JSON)\tprintf's output (unicode_escape)",
                                           stamp] + printf_table(workdir)) + "\n",
        }


def main(argv: list[str]) -> int:
    check = "--check" in argv
    status = 0
    for name, text in tables().items():
        path = HERE / name
        if check:
            old = path.read_text().splitlines()[2:]
            if old != text.splitlines()[2:]:
                print(f"{name}: the build prints something else", file=sys.stderr)
                status = 1
        else:
            path.write_text(text)
            print(f"wrote {path}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

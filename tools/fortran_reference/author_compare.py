"""The port against the author's own build (TicTacToe.exe under Wine).

    python tools/fortran_reference/compare.py author [--write]

Every recorded session of tests/data/fortran_rcd_original.tsv that the exe
can play -- it was built with ``IA``, the default, so the ``ia`` rows: every
complete game, the bad-input corpus (standard output a pipe and a regular
file) and the fuzzed sessions -- runs through the exe and through the port.
Each case is put in one class:

- ``identical``: standard output (the exe's CR LF read as LF), standard error
  and the exit status are the port's;
- ``runtime-error``: the same, except standard error: the exe names its
  source ``TicTacToe.F90`` (the port, as the seed, ``TicTacToe.f90``) and,
  built without ``-fno-backtrace``, adds ``Error termination. Backtrace:`` and
  the addresses after the message, which is otherwise the port's;
- ``outside-board``: the session plays a move whose ``tablero(loc(1),loc(2))``
  lies outside the board (offset outside 0..8).  What such a move reads and
  writes is the memory of one build; the port follows our gfortran build's
  (retro/ports/fortran_rcd/memory.py), so these are counted, not compared;
- ``UNEXPLAINED``: anything else.

With --write the exe's results are kept as tests/data/fortran_rcd_author.tsv
(each case's class, the exe's exit status and hashes of its output), which
tests/fortran_rcd/test_author_build.py replays against the port without Wine.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from multiprocessing import Pool
from typing import NamedTuple

import author_build
import reference

from retro.console import LineConsole
from retro.dialects.fortran import FortranProgram
from retro.ports.fortran_rcd.tictactoe import TT

MANIFEST = reference.ROOT / "tests" / "data" / "fortran_rcd_author.tsv"
BACKTRACE = b"\nError termination. Backtrace:"
CLASSES = ("identical", "runtime-error", "outside-board", "UNEXPLAINED")


class PortRun(NamedTuple):
    stdout: bytes
    stderr: bytes
    status: int
    outside: bool  # a move pointed outside the board


def port(data: bytes, output_kind: str) -> PortRun:
    console = LineConsole.from_bytes(data, output_kind=output_kind)
    rt = FortranProgram(console, "TicTacToe.f90")
    tt = TT(rt, "ia", "es")
    status = rt.run(tt.main)
    return PortRun(console._out.getvalue(), console._err.getvalue(), status, tt.memory.reached)


def error_message(stderr: bytes) -> bytes:
    """The exe's standard error as the port's runtime would write it."""
    message = stderr.split(BACKTRACE, 1)[0]
    return message.replace(b"of file TicTacToe.F90 (", b"of file TicTacToe.f90 (")


def classify(exe: author_build.Run, mine: PortRun) -> str:
    same_out = exe.stdout_lf == mine.stdout and exe.status == mine.status
    if same_out and exe.stderr == mine.stderr:
        return "identical"
    if same_out and BACKTRACE in exe.stderr and error_message(exe.stderr) == mine.stderr:
        return "runtime-error"
    if mine.outside:
        return "outside-board"
    return "UNEXPLAINED"


class Case(NamedTuple):
    kind: str  # game, input, fuzz (the rows of fortran_rcd_original.tsv)
    stdout: str  # pipe or file
    text: str


def check_case(case: Case) -> tuple[Case, author_build.Run, PortRun, str]:
    data = case.text.encode("utf-8", "surrogateescape")
    exe = author_build.run(data, case.stdout == "file")
    for _ in range(3):  # Wine, loaded, now and then fails to start the exe: status 1 and not a byte written
        if exe.stdout or exe.stderr or exe.status == 0:
            break
        exe = author_build.run(data, case.stdout == "file")
    mine = port(data, case.stdout)
    return case, exe, mine, classify(exe, mine)


def cases() -> list[Case]:
    import compare

    return [Case(kind, out, text) for kind, ai, out, text, *_ in compare.read_manifest() if ai == "ia"]


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def run_all(write: bool) -> int:
    author_build.install()
    author_build.start_server()
    with Pool(2) as pool:
        results = pool.map(check_case, cases(), chunksize=4)
    table = Counter((case.kind, case.stdout, verdict) for case, _, _, verdict in results)
    for key in sorted(table):
        print(*key, table[key], sep="\t")
    totals = Counter(verdict for *_, verdict in results)
    print(", ".join(f"{totals[c]} {c}" for c in CLASSES), f"of {len(results)}")
    crlf = sum(1 for _, exe, _, _ in results if exe.stdout and b"\n" not in exe.stdout.replace(b"\r\n", b""))
    print(f"{crlf} of {len(results)} standard outputs end every line with CR LF, and only so")
    outside = Counter((exe.status, mine.status) for _, exe, mine, verdict in results if verdict == "outside-board")
    print("outside the board, (exe status, port status):", dict(outside))
    for case, exe, mine, verdict in results:
        if exe.stdout and b"\n" in exe.stdout.replace(b"\r\n", b""):
            print("bare LF:", case, exe.stdout[-80:])
        if verdict == "UNEXPLAINED":
            print("UNEXPLAINED", case, exe.status, mine.status, exe.stdout_lf[-200:], exe.stderr[-200:])
    if write:
        save(results)
    return 1 if totals["UNEXPLAINED"] else 0


def save(results: list[tuple[Case, author_build.Run, PortRun, str]]) -> None:
    head = [
        "# What the author's own build (TicTacToe.exe, TDM-GCC 10.3 gfortran, from TicTacToe.7z of",
        f"# RMRubert/blog-public at {author_build.COMMIT[:7]}, SHA-256 {author_build.EXE_SHA256[:16]}...) printed under Wine,",
        f"# with Debian's MinGW runtime DLLs ({author_build.runtime_versions()}).",
        "# Written by tools/fortran_reference/compare.py author --write; the classes are explained in",
        "# tools/fortran_reference/author_compare.py.  stdout is hashed after CR LF -> LF.",
        "# class\tkind\tstdout\tinput (unicode_escape)\texit status\tsha256(stdout, LF)[:16]\tsha256(stderr)[:16]"
        "\tsha256(stderr up to the backtrace, the file named TicTacToe.f90)[:16]",
    ]
    body = ["\t".join([verdict, case.kind, case.stdout, case.text.encode("unicode_escape").decode("ascii"),
                       str(exe.status), digest(exe.stdout_lf), digest(exe.stderr),
                       digest(error_message(exe.stderr))])
            for case, exe, _, verdict in results]
    MANIFEST.write_text("\n".join(head + body) + "\n")
    print(f"{len(body)} cases written to {MANIFEST}")

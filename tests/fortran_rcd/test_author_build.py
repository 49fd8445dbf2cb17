"""The port against what the author's own TicTacToe.exe printed under Wine.

tests/data/fortran_rcd_author.tsv was written by
``tools/fortran_reference/compare.py author --write``: the exe of the
author's blog (TDM-GCC 10.3's gfortran, built with IA) run under Wine over
every ``ia`` session of fortran_rcd_original.tsv.  Each row keeps the class
the tool gave it, the exe's exit status and hashes of its standard output
(CR LF read as LF) and standard error.  Neither Wine nor the exe is needed
here: the port is replayed on each row's input and must print what the row
says, class by class (author_compare.py explains the classes).
"""
from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path
from typing import Iterator, NamedTuple

import pytest

from retro.ports.fortran_rcd.tictactoe import TT
from retro.console import LineConsole
from retro.dialects.fortran import FortranProgram

DATA = Path(__file__).resolve().parent.parent / "data"


class Row(NamedTuple):
    verdict: str
    kind: str
    stdout: str
    text: str
    status: int
    out_hash: str
    err_hash: str
    message_hash: str  # stderr up to the backtrace, the source named as the port names it


def rows() -> Iterator[Row]:
    for line in (DATA / "fortran_rcd_author.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            verdict, kind, stdout, text, status, out_hash, err_hash, message_hash = line.split("\t")
            yield Row(verdict, kind, stdout, text.encode("ascii").decode("unicode_escape"), int(status),
                      out_hash, err_hash, message_hash)


ROWS = list(rows())


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def play(row: Row) -> tuple[str, str, int, bool]:
    console = LineConsole.from_bytes(row.text.encode("utf-8", "surrogateescape"), output_kind=row.stdout)
    rt = FortranProgram(console, "TicTacToe.f90")
    tt = TT(rt, "ia", "es")
    status = rt.run(tt.main)
    return digest(console._out.getvalue()), digest(console._err.getvalue()), status, tt.memory.reached


def test_every_ia_session_of_the_gfortran_manifest_ran_on_the_exe() -> None:
    gfortran = Counter()
    for line in (DATA / "fortran_rcd_original.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            kind, ai, stdout, text, *_ = line.split("\t")
            if ai == "ia":
                gfortran[(kind, stdout, text)] += 1
    ours = Counter((r.kind, r.stdout, r.text.encode("unicode_escape").decode("ascii")) for r in ROWS)
    assert ours == gfortran


def test_the_classes_counted() -> None:
    # compare.py author, 2026-11-25: no case unexplained, every complete game identical.
    assert Counter(r.verdict for r in ROWS) == {"identical": 884, "runtime-error": 242, "outside-board": 120}
    assert Counter(r.verdict for r in ROWS if r.kind == "game") == {"identical": 549}


def test_identical_rows_are_printed_by_the_port() -> None:
    bad = [r.text for r in ROWS if r.verdict == "identical" and play(r)[:3] != (r.out_hash, r.err_hash, r.status)]
    assert not bad, f"{len(bad)} differ, e.g. {bad[:3]}"


def test_runtime_errors_differ_only_by_the_file_name_and_the_backtrace() -> None:
    bad = []
    for r in (r for r in ROWS if r.verdict == "runtime-error"):
        out, err, status, _ = play(r)
        if (out, err, status) != (r.out_hash, r.message_hash, r.status) or r.err_hash == r.message_hash:
            bad.append(r.text)
    assert not bad, f"{len(bad)} differ, e.g. {bad[:3]}"


@pytest.mark.parametrize("stdout", ["pipe", "file"])
def test_outside_board_rows_move_outside_the_board_and_differ(stdout: str) -> None:
    bad = []
    for r in (r for r in ROWS if r.verdict == "outside-board" and r.stdout == stdout):
        out, err, status, outside = play(r)
        if not outside or (out, err, status) == (r.out_hash, r.err_hash, r.status):
            bad.append(r.text)
    assert not bad, f"{len(bad)} rows are not what their class says, e.g. {bad[:3]}"

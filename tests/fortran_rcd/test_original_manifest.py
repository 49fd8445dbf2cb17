"""The port against what the gfortran build printed, case by case.

tests/data/fortran_rcd_original.tsv was written by
tools/fortran_reference/compare.py from runs of the reference build
(gfortran 12.2.0, -fno-backtrace): every complete game of both AIs and both
starts, a corpus of bad input at every prompt (stdout to a pipe and to a
regular file), and seeded fuzz sessions.  Each row keeps the input, the exit
status and SHA-256 prefixes of the build's stdout and stderr.  gfortran is not
needed here.
"""
import hashlib
from collections import Counter
from pathlib import Path

import pytest

from retro.console import LineConsole
from retro.ports.fortran_rcd import FortranOptions
from retro.ports.fortran_rcd.tictactoe import run

MANIFEST = Path(__file__).resolve().parent.parent / "data" / "fortran_rcd_original.tsv"


def rows():
    for line in MANIFEST.read_text().splitlines():
        if line and not line.startswith("#"):
            kind, ai, stdout, text, status, out_hash, err_hash = line.split("\t")
            yield kind, ai, stdout, text.encode("ascii").decode("unicode_escape"), int(status), out_hash, err_hash


ROWS = list(rows())


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def test_the_manifest_covers_every_complete_game_of_both_ais() -> None:
    games = Counter(ai for kind, ai, *_ in ROWS if kind == "game")
    # Counted by enumerating every human line against each AI, both starts
    # (compare.py complete_games), and confirmed game by game on the build.
    assert games == {"ia": 549, "mj": 616}
    starts = Counter((ai, text[0]) for kind, ai, _, text, *_ in ROWS if kind == "game")
    assert all(starts[(ai, s)] > 0 for ai in ("ia", "mj") for s in "SN")


@pytest.mark.parametrize("kind", ["game", "input", "fuzz"])
def test_port_prints_what_the_build_printed(kind: str) -> None:
    mismatches = []
    for _, ai, stdout, text, status, out_hash, err_hash in (r for r in ROWS if r[0] == kind):
        console = LineConsole.from_bytes(text.encode("utf-8", "surrogateescape"), output_kind=stdout)
        got = run(console, FortranOptions(ai=ai))
        if (got, digest(console._out.getvalue()), digest(console._err.getvalue())) != (status, out_hash, err_hash):
            mismatches.append((ai, stdout, text, status, got))
    assert not mismatches, f"{len(mismatches)} cases differ from the build, e.g. {mismatches[:3]}"

"""cpm-c --cpm against the game built by Aztec C 1.06D and run on CP/M 2.2.

tests/data/cpm_c_aztec.tsv was written by ``tools/aztec_reference/compare.py
transcripts --write`` and ``keys ... --write``: the article's scanned
comp_move with our reconstruction of the rest, compiled by Aztec C on
cpm80's emulated CP/M, given the input of every cpm-c transcript, CP/M's
line-editing keys and seeded random sessions, each typed a key at a time.
Each row keeps the input and a hash of what the program wrote (the echo of
CP/M's line input left out).  tests/data/cpm_c_aztec_states.txt is
comp_move over all 708,588 states on CP/M (tools/aztec_reference/harness.py).
Neither the compiler nor the emulator is needed here.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path
from typing import Iterator, NamedTuple

import pytest

from retro.ports.cpm_c.game import BLANK, Game, computer_move
from retro.ports.cpm_c import CpmOptions
from retro.ports.cpm_c.tictactoe import run
from retro.console import LineConsole

DATA = Path(__file__).resolve().parent.parent / "data"
TRANSCRIPTS = Path(__file__).resolve().parents[2] / "transcripts" / "cpm-c"


class Row(NamedTuple):
    kind: str
    name: str
    data: bytes
    out_hash: str
    verdict: str


def rows() -> Iterator[Row]:
    for line in (DATA / "cpm_c_aztec.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            kind, name, text, out_hash, verdict = line.split("\t")
            yield Row(kind, name, text.encode("ascii").decode("unicode_escape").encode("latin-1"), out_hash, verdict)


ROWS = list(rows())


def port_output(data: bytes) -> bytes:
    console = LineConsole.from_bytes(data)
    run(console, CpmOptions(cpm=True))
    return console._out.getvalue()


def test_every_transcript_and_the_editing_keys_ran_on_cp_m() -> None:
    names = {r.name for r in ROWS if r.kind == "transcript"}
    assert names == {p.stem for p in TRANSCRIPTS.glob("*.txt")}
    kinds = Counter(r.kind for r in ROWS)
    assert kinds["keys"] >= 500
    assert all(r.verdict == "identical" for r in ROWS)


@pytest.mark.parametrize("kind", ["transcript", "keys"])
def test_the_port_with_cpm_writes_what_the_aztec_build_wrote(kind: str) -> None:
    bad = [r.name for r in ROWS if r.kind == kind
           and hashlib.sha256(port_output(r.data)).hexdigest()[:16] != r.out_hash]
    assert not bad, f"{len(bad)} differ from CP/M, e.g. {bad[:5]}"
def states() -> list[str]:
    return [line for line in (DATA / "cpm_c_aztec_states.txt").read_text().splitlines() if not line.startswith("#")]


def port_line(b: int) -> str:
    """The port's comp_move on the 36 states of board b, coded as harness.py codes them."""
    out = []
    for p in range(36):
        g = Game()
        n = b
        for s in range(9):
            g.board[s // 3][s % 3] = " XO"[n % 3]
            n //= 3
        g.mvc = sum(1 for column in g.board for x in column if x != BLANK)
        g.plr_sym = "O" if p // 18 else "X"
        g.comp_sym = "X" if g.plr_sym == "O" else "O"
        g.cmc = (p // 9) % 2
        g.plr_nm_col, g.plr_nm_row = (p % 9) // 3, p % 3
        square = computer_move(g)
        out.append("-" if square is None else chr(ord("a") + 3 * square[0] + square[1]))
    return "".join(out)


def test_comp_move_on_cp_m_covers_all_708588_states() -> None:
    lines = states()
    assert len(lines) == 3 ** 9 and all(len(line) == 36 for line in lines)


@pytest.mark.parametrize("part", range(9))
def test_the_ports_comp_move_chooses_as_the_aztec_build_in_every_state(part: int) -> None:
    lines = states()
    boards = range(part * 2187, (part + 1) * 2187)
    bad = [b for b in boards if port_line(b) != lines[b]]
    assert not bad, f"{len(bad)} boards differ, e.g. {bad[:5]}"

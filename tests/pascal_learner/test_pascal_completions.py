"""The threats a mark makes (planfinder/completions.py, the forced lines'
``threats_after``): on crowded boards, the same as the level-1 search finds
afresh, for lines of Five-in-a-Row and for level-1 schemes off any one line."""
from __future__ import annotations

import random

import pytest

from retro.ports.pascal_learner.model.board import CIRCLE, CROSS, EMPTY, Board, Grid
from retro.ports.pascal_learner.model.schemes import Scheme, SchemeList
from retro.ports.pascal_learner.planfinder.incremental import PlanFinder

# Five in a row, the move at each place of the line, along a row and a diagonal.
LINES = [Scheme(1, [], [(0, c - k) for c in range(5) if c != k]) for k in range(3)] + \
    [Scheme(1, [], [(c - k, c - k) for c in range(5) if c != k]) for k in range(3)]
# Level-1 schemes whose only free square is the move, the held squares off any one line.
BENT = [Scheme(1, [], [(0, 1), (1, 0), (1, 1)]), Scheme(1, [], [(0, -1), (0, 1), (2, 1), (-1, 2)])]


@pytest.mark.parametrize("level_one", [LINES, LINES[:2], BENT, LINES + BENT])
def test_the_threats_a_mark_makes_are_those_found_afresh(level_one: list[Scheme]) -> None:
    grid = Grid(15, 15, 5)
    schemes = SchemeList(5)
    for s in level_one:
        schemes.add(s)
    finder = PlanFinder(schemes, grid)
    rng = random.Random(3)
    made = 0
    for _ in range(40):
        board = Board(grid)
        for square in rng.sample(range(grid.size), rng.randrange(20, 120)):
            board.place(square, rng.choice((CROSS, CIRCLE)))
        before = {side: finder.threats(board, side) for side in (CROSS, CIRCLE)}
        for square in [s for s in range(grid.size) if board.squares[s] == EMPTY][::3]:
            for mover in (CROSS, CIRCLE):
                after = board.with_move(square, mover)
                kept = finder.threats_after(after, square, before)
                assert kept == {side: finder.threats(after, side) for side in (CROSS, CIRCLE)}
                made += len(kept[mover] - before[mover])
    assert made > 100  # marks that made threats were among them

"""Exhaustive play against a learner: every line of the opponent, every
random choice of the learner's (the whole set ``candidatemoves`` gives).

Only for small grids (3x3 in the tests).  Not part of the original: the
check behind the text's claim that the learner ends "unbeatable".
"""
from __future__ import annotations

from typing import Callable

from .board import CROSS, Board, Grid, opponent

Moves = Callable[[Board, int], frozenset]


def losing_lines(grid: Grid, moves: Moves, side: int, limit: int = 10) -> list[list[int]]:
    """Up to ``limit`` games (as square lists) the learner, playing ``side``
    and choosing among ``moves(board, side)``, can lose."""
    found: list[list[int]] = []
    safe: dict[tuple, bool] = {}

    def walk(board: Board, tomove: int, line: list[int]) -> bool:
        key = (tuple(board.squares), tomove)
        if key in safe:
            return safe[key]
        ok = True
        options = moves(board, tomove) if tomove == side else list(board.empties())
        for s in sorted(options):
            after = board.with_move(s, tomove)
            if after.completes(s):
                if tomove != side:
                    ok = False
                    if len(found) < limit:
                        found.append(line + [s])
                continue
            if after.full():
                continue
            if not walk(after, opponent(tomove), line + [s]):
                ok = False
                if len(found) >= limit:
                    break
        safe[key] = ok
        return ok

    walk(Board(grid), CROSS, [])
    return found

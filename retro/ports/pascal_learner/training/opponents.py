"""Sparring partners for training (the WarGames mode): not part of the original.

``random``: any empty square.  ``perfect``: the audits' game-tree search
(retro/audit/perfect.py), choosing at random among the moves that keep the
best result; it exists only for grids small enough to solve
(``PERFECT_LIMIT`` squares).  ``self``: the
learner itself, from the same list of schemes.
"""
from __future__ import annotations

import random
from typing import Callable, Iterable, Optional

from retro.audit import perfect

from ..model.board import EMPTY, MARKS, Board, opponent

PERFECT_LIMIT = 12  # squares: 3x3 and 3x4 solve at once; 4x4 would take minutes

# trap_moves' memory: whether the perfect player wins a position (squares, side to move) against the learner.
TrapMemo = dict[tuple[tuple[int, ...], int], bool]


class Unsolvable(ValueError):
    """The perfect opponent was asked for on a grid too large to solve."""


def random_move(board: Board, rng: random.Random) -> int:
    return rng.choice([s for s in range(board.grid.size) if board.squares[s] == EMPTY])


def perfect_moves(board: Board, player: int) -> list[int]:
    """The moves that keep the game-theoretic value of the position."""
    grid = board.grid
    if grid.size > PERFECT_LIMIT:
        raise Unsolvable(f"the perfect opponent plays only on grids of at most {PERFECT_LIMIT} squares")
    text = "".join(MARKS[mark] for mark in board.squares)
    return perfect.best_moves(text, MARKS[player], perfect.lines_of(grid.boardrows, grid.boardcols, grid.winalign))


def perfect_move(board: Board, player: int, rng: random.Random) -> int:
    return rng.choice(perfect_moves(board, player))


def trap_moves(board: Board, player: int, learner: Callable[[Board, int], Iterable[int]],
               memo: Optional[TrapMemo] = None) -> list[int]:
    """The perfect moves after which the learner, choosing among
    ``learner(board, side)`` (its candidate moves), may still go wrong: the
    perfect opponent sets the traps the learner can fall into.  ``memo`` may
    be kept between calls while the learner does not change."""
    best = perfect_moves(board, player)
    memo = {} if memo is None else memo

    def can_win(b: Board, tomove: int, last: int) -> bool:
        # Whether ``player`` wins against some choice of the learner's.
        if b.completes(last):
            return b.squares[last] == player
        if b.full():
            return False
        key = (tuple(b.squares), tomove)
        if key not in memo:
            if tomove == player:
                memo[key] = any(can_win(b.with_move(s, tomove), opponent(tomove), s) for s in b.empties())
            else:
                memo[key] = any(can_win(b.with_move(s, tomove), opponent(tomove), s) for s in learner(b, tomove))
        return memo[key]

    traps = [s for s in best if can_win(board.with_move(s, player), opponent(player), s)]
    return traps or best

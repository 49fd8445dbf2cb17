"""Sparring partners for training (the WarGames mode): not part of the original.

``random``: any empty square.  ``perfect``: a full game-tree search, choosing
at random among the moves that keep the best result; it exists only for
grids small enough to solve (``PERFECT_LIMIT`` squares).  ``self``: the
learner itself, from the same list of schemes.
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Callable, Iterable, Optional

from ..model.board import EMPTY, Board, Grid, opponent

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
    squares = tuple(board.squares)
    values = {s: -_value(grid, _put(squares, s, player), opponent(player), s)
              for s in range(grid.size) if squares[s] == EMPTY}
    best = max(values.values())
    return [s for s, v in values.items() if v == best]


def perfect_move(board: Board, player: int, rng: random.Random) -> int:
    return rng.choice(perfect_moves(board, player))


def _put(squares: tuple[int, ...], s: int, player: int) -> tuple[int, ...]:
    return squares[:s] + (player,) + squares[s + 1:]


@lru_cache(maxsize=None)
def _value(grid: Grid, squares: tuple[int, ...], tomove: int, last: int) -> int:
    """+1 if ``tomove`` wins with best play, 0 a draw, -1 a loss (negamax)."""
    board = Board(grid)
    board.squares = list(squares)
    if board.completes(last):
        return -1  # the previous player has just won
    empty = [s for s in range(grid.size) if squares[s] == EMPTY]
    if not empty:
        return 0
    best = -1
    for s in empty:
        v = -_value(grid, _put(squares, s, tomove), opponent(tomove), s)
        if v > best:
            best = v
            if best == 1:
                break
    return best


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

"""The board's line tests (``completes``, ``winning_window``, by bit masks)
against a plain count of each mark's runs along the four directions."""
from __future__ import annotations

import random

import pytest

from retro.ports.pascal_learner.model.board import CIRCLE, CROSS, EMPTY, Board, Grid


def runs_through(board: Board, square: int) -> list[list[int]]:
    """Each run of ``winalign`` squares through ``square`` that the mark on it fills, plainly."""
    grid, player = board.grid, board.squares[square]
    row, col = grid.rowcol(square)
    found = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for back in range(grid.winalign):
            cells = [(row + (k - back) * dr, col + (k - back) * dc) for k in range(grid.winalign)]
            if all(grid.inside(r, c) and board.squares[grid.square(r, c)] == player for r, c in cells):
                found.append(sorted(grid.square(r, c) for r, c in cells))
    return found


@pytest.mark.parametrize("shape", [(3, 3, 3), (4, 5, 4), (15, 15, 5), (7, 4, 3)])
def test_completes_and_winning_window_agree_with_a_plain_count(shape):
    grid = Grid(*shape)
    rng = random.Random(7)
    for _ in range(300):
        board = Board(grid)
        for square in rng.sample(range(grid.size), rng.randrange(grid.size + 1)):
            board.place(square, rng.choice((CROSS, CIRCLE)))
        for square in range(grid.size):
            runs = runs_through(board, square) if board.squares[square] != EMPTY else []
            assert board.completes(square) == bool(runs), (shape, board.squares, square)
            if runs:
                assert board.winning_window(square) in runs

"""The grid of Tic-Tac-Toe.p: ``boardrows`` x ``boardcols`` squares, ``winalign``
marks to align (seed: "The dimentions of the grid and the number of marks to
be aligned are selectable (see boardrows, boardcols and winalign)").

Squares are numbered ``(row - 1) * boardcols + (col - 1)`` with row 1 at the
top, as the board is shown.  Besides the list of squares the board keeps one
bit mask per mark and one of the empty squares, so that a scheme can be
matched against the whole board at once (``planfinder/plans.py``).  Nothing here is
global: a ``Grid`` describes the size, a ``Board`` one position on it.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator

EMPTY = 0
CROSS = 1  # X, the user (seed: "X = user and O = computer")
CIRCLE = 2  # O, the computer

MARKS = {EMPTY: ".", CROSS: "X", CIRCLE: "O"}
MAXSIZE = 19  # the largest grid the port accepts (a Go board)


def opponent(player: int) -> int:
    return CROSS + CIRCLE - player


class Grid:
    """The size of the game: boardrows, boardcols and winalign."""

    def __init__(self, boardrows: int, boardcols: int, winalign: int, maxsize: int = MAXSIZE):
        if not (1 <= boardrows <= maxsize and 1 <= boardcols <= maxsize):
            raise ValueError(f"the grid must be between 1x1 and {maxsize}x{maxsize}")
        if not 2 <= winalign <= max(boardrows, boardcols):
            raise ValueError(f"{winalign} marks cannot be aligned on a {boardrows}x{boardcols} grid")
        self.boardrows = boardrows
        self.boardcols = boardcols
        self.winalign = winalign
        self.size = boardrows * boardcols
        self.full = (1 << self.size) - 1

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Grid) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def key(self) -> tuple[int, int, int]:
        return (self.boardrows, self.boardcols, self.winalign)

    def square(self, row: int, col: int) -> int:
        return (row - 1) * self.boardcols + (col - 1)

    def rowcol(self, square: int) -> tuple[int, int]:
        return square // self.boardcols + 1, square % self.boardcols + 1

    def inside(self, row: int, col: int) -> bool:
        return 1 <= row <= self.boardrows and 1 <= col <= self.boardcols


@lru_cache(maxsize=None)
def _lines_through(key: tuple[int, int, int], square: int) -> list[list[int]]:
    """The four lines (horizontal, vertical, two diagonals) through a square
    of the grid ``key``, each as the squares on it in order."""
    boardrows, boardcols, _ = key
    row, col = square // boardcols + 1, square % boardcols + 1
    lines = []
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        r, c = row, col
        while 1 <= r - dr <= boardrows and 1 <= c - dc <= boardcols:
            r, c = r - dr, c - dc
        line = []
        while 1 <= r <= boardrows and 1 <= c <= boardcols:
            line.append((r - 1) * boardcols + (c - 1))
            r, c = r + dr, c + dc
        lines.append(line)
    return lines


@lru_cache(maxsize=None)
def _windows_through(key: tuple[int, int, int], square: int) -> tuple[int, ...]:
    """Every ``winalign`` squares in a row that hold ``square``, as bit masks
    (the forced lines ask ``completes`` of millions of positions)."""
    winalign = key[2]
    windows = []
    for line in _lines_through(key, square):
        i = line.index(square)
        for start in range(max(0, i - winalign + 1), min(i, len(line) - winalign) + 1):
            windows.append(sum(1 << s for s in line[start:start + winalign]))
    return tuple(windows)


class Board:
    """One position: the squares and, for speed, a bit mask per mark."""

    __slots__ = ("grid", "squares", "masks", "moves")

    def __init__(self, grid: Grid):
        self.grid = grid
        self.squares = [EMPTY] * grid.size
        self.masks = {EMPTY: grid.full, CROSS: 0, CIRCLE: 0}
        self.moves: list[int] = []  # the squares in the order they were played

    def copy(self) -> "Board":
        other = Board.__new__(Board)
        other.grid = self.grid
        other.squares = list(self.squares)
        other.masks = dict(self.masks)
        other.moves = list(self.moves)
        return other

    @classmethod
    def from_rows(cls, grid: Grid, rows: list[str]) -> "Board":
        """A position from text rows of ``X``, ``O`` and ``.`` (for tests).

        The moves are recorded crosses first; only the marks matter for the
        analysis."""
        board = cls(grid)
        symbols = {v: k for k, v in MARKS.items()}
        for r, text in enumerate(rows, start=1):
            for c, ch in enumerate(text.replace(" ", ""), start=1):
                if symbols[ch] != EMPTY:
                    board.place(grid.square(r, c), symbols[ch])
        return board

    def place(self, square: int, player: int) -> None:
        assert self.squares[square] == EMPTY, "square taken"
        self.squares[square] = player
        bit = 1 << square
        self.masks[EMPTY] &= ~bit
        self.masks[player] |= bit
        self.moves.append(square)

    def with_move(self, square: int, player: int) -> "Board":
        other = self.copy()
        other.place(square, player)
        return other

    def empty(self, square: int) -> bool:
        return self.squares[square] == EMPTY

    def empties(self) -> Iterator[int]:
        return (s for s, v in enumerate(self.squares) if v == EMPTY)

    def full(self) -> bool:
        return self.masks[EMPTY] == 0

    def count(self, player: int) -> int:
        return self.masks[player].bit_count()

    def tomove(self) -> int:
        """Whose turn it is, crosses and circles alternating from either side:
        the side with fewer marks (on a tie, the side that did not move last)."""
        x, o = self.count(CROSS), self.count(CIRCLE)
        if x != o:
            return CROSS if x < o else CIRCLE
        if not self.moves:
            return CROSS
        return opponent(self.squares[self.moves[-1]])

    def completes(self, square: int) -> bool:
        """Whether the mark on ``square`` is part of ``winalign`` in a row:
        whether the player's marks fill one of the windows through it."""
        player = self.squares[square]
        if player == EMPTY:
            return False
        mine = self.masks[player]
        for window in _windows_through(self.grid.key(), square):
            if mine & window == window:
                return True
        return False

    def winning_window(self, square: int) -> list[int]:
        """``winalign`` squares in a row, all of the mark on ``square``,
        containing it (the line the last move completed)."""
        mine = self.masks[self.squares[square]]
        for window in _windows_through(self.grid.key(), square):
            if mine & window == window:
                return [s for s in range(self.grid.size) if window >> s & 1]
        return []

    def winner(self) -> int:
        """The player with ``winalign`` in a row, or EMPTY."""
        for square in self.moves:
            if self.completes(square):
                return self.squares[square]
        return EMPTY

    def key(self) -> tuple[int, ...]:
        return tuple(self.squares)

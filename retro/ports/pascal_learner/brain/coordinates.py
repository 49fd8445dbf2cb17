"""The protocol's squares as the manager writes them: ``X,Y`` counted from 0,
X the column and Y the row; BOARD's lines ``X,Y,field``."""
from __future__ import annotations

from ..model.board import Grid
from .game import OWN, THEIRS

Stones = list[tuple[int, int]]  # (square, mark) in the order given


class Unreadable(ValueError):
    """A square or a line the brain cannot read: the ERROR's words."""


def square_of(text: str, grid: Grid) -> int:
    """The square ``X,Y`` names on ``grid``; Unreadable if none."""
    try:
        x, y = (int(v) for v in text.split(","))
    except ValueError:
        raise Unreadable(f"{text!r} is not X,Y") from None
    if not (0 <= x < grid.boardcols and 0 <= y < grid.boardrows):
        raise Unreadable(f"{text} is off the board")
    return y * grid.boardcols + x


def coordinates(square: int, grid: Grid) -> str:
    """``X,Y`` of a square."""
    return f"{square % grid.boardcols},{square // grid.boardcols}"


def position_of(lines: list[str], grid: Grid) -> tuple[Stones, set[int]]:
    """BOARD's lines: the stones in the order given and the squares of field 3
    (a continuous game's finished lines); Unreadable at the first bad line."""
    stones: Stones = []
    blocked: set[int] = set()
    for line in lines:
        try:
            x, y, field = (int(v) for v in line.split(","))
        except ValueError:
            raise Unreadable(f"{line!r} is not X,Y,field") from None
        square = square_of(f"{x},{y}", grid)
        if field not in (1, 2, 3):
            raise Unreadable(f"{line!r}: the field is 1 (mine), 2 (the opponent's) or 3 (a line's)")
        if field == 3:
            blocked.add(square)
        else:
            stones.append((square, OWN if field == 1 else THEIRS))
    return stones, blocked

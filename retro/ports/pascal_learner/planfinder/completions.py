"""The threats a mark makes: the squares where the player's level-1 turned
schemes that hold the square of his newest mark would complete a line
(``PlanFinderBase.threats_after``, which the forced lines ask of millions of
positions, when every level-1 scheme's only free square is its (0, 0)).

For each square, the level-1 turned schemes that hold it where they fit are
kept as their anchors and held squares' masks, in groups by the line through
the square that they lie on (those off any one line in a group of their
own).  A group is looked at only when the player holds, among its squares,
as many as its smallest scheme needs: most marks make no threat, and their
groups are passed over at a glance.
"""
from __future__ import annotations

from math import gcd
from typing import Optional, Protocol, Sequence

from ..model.board import Grid


class Oriented(Protocol):
    """What is read here of a turned scheme (plans.Oriented, which imports this module)."""

    held: tuple[int, ...]  # its held squares, as offsets from its anchor
    anchors: int  # the mask of the anchors where it fits
    heldmask: int  # its held squares' mask, shifted up by base
    base: int

# A level-1 turned scheme at one place: its anchor, the anchor's bit, its held squares' mask.
Entry = tuple[int, int, int]
# A group: the squares of its schemes, the fewest held squares one has, its schemes.
Group = tuple[int, int, tuple[Entry, ...]]


class Completions:
    """The level-1 turned schemes by the squares they hold (see the module's text)."""

    def __init__(self, level_one: Sequence[Oriented], grid: Grid):
        self.made_of = len(level_one)  # (the level-1 list only grows: its length tells a new one)
        self._groups = [_groups(level_one, grid, square) for square in range(grid.size)]

    def through(self, square: int, mine: int, empty: int) -> set[int]:
        """The empty squares where a level-1 turned scheme holding ``square``
        finds its held squares the player's (``mine``)."""
        found = set()
        others = ~mine
        for squares, fewest, entries in self._groups[square]:
            if (mine & squares).bit_count() < fewest:
                continue
            for anchor, bit, held in entries:
                if empty & bit and not held & others:
                    found.add(anchor)
        return found


def _groups(level_one: Sequence[Oriented], grid: Grid, square: int) -> list[Group]:
    by_line: dict[Optional[tuple[int, int]], list[Entry]] = {}
    for o in level_one:
        for d in o.held:
            anchor = square - d
            if 0 <= anchor < grid.size and o.anchors >> anchor & 1:
                held = (o.heldmask << anchor) >> o.base
                by_line.setdefault(_line(grid, square, held), []).append((anchor, 1 << anchor, held))
    groups = []
    for entries in by_line.values():
        squares = 0
        for _, _, held in entries:
            squares |= held
        groups.append((squares, min(held.bit_count() for _, _, held in entries), tuple(entries)))
    return groups


def _line(grid: Grid, square: int, held: int) -> Optional[tuple[int, int]]:
    """The direction of the line through ``square`` that every held square lies on, if one does."""
    row, col = grid.rowcol(square)
    directions = set()
    for s in range(grid.size):
        if held >> s & 1 and s != square:
            r, c = grid.rowcol(s)
            dr, dc = r - row, c - col
            step = gcd(dr, dc)
            dr, dc = dr // step, dc // step
            directions.add((dr, dc) if (dr, dc) > (0, 0) else (-dr, -dc))
    return directions.pop() if len(directions) == 1 else None

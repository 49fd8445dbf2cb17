"""The plan finder for play in bounded memory: the turned schemes as arrays.

``incremental.PlanFinder`` keeps, per turned scheme, a Python object, a
place in the reference's tree and in a tree of pivots, and their bit masks:
about 72 KiB a scheme of a Five-in-a-Row list (a Gomocup brain held 593 MiB
with a 2,000-game store), about 13 KiB since training's memory was cut (the
port's NOTES.md, "Training's memory").  ``CompactPlanFinder`` keeps a row of NumPy arrays
per turned scheme (``vectorised.VectorConditions``: the anchors as words,
the conditions as bit numbers of the board's shifted masks) and a few small
columns (level, scheme, orientation, the place in the reference's search),
and matches every turned scheme at once, whole-board, each time it is asked.
Slower per position than walking, but it needs no tree: the play path of
``retro pbrain`` (from a compiled cache: store/compiled.py); training and
``retro run``, which learn as they play, keep the walking finder.

The plans are the reference's (``plans.ReferencePlanFinder``), in its order:
a turned scheme's place in the reference's search (``plans._Node.insert``)
is its path of held squares, each step ranked among its siblings by when
the sibling was made -- here by the number of the first turned scheme that
took that step (``firsts``), the newest first, then the turned scheme's own
number; a compiled cache keeps that order as one rank a row.  The level-1
search (``threats``) is the reference's own.
"""
from __future__ import annotations

from typing import Optional

import numpy as np
import numpy.typing as npt

from ..model.board import EMPTY, Board, Grid
from ..model.schemes import Scheme, SchemeList
from .lookahead import SPAN, shifted
from .plans import LEAF, Oriented, Plan, ReferencePlanFinder, fitsmask
from .vectorised import VectorConditions
from ..store.datafile import scheme_of_line

Numbers = npt.NDArray[np.int32]
Small = npt.NDArray[np.uint8]


class CompactPlanFinder(ReferencePlanFinder):
    """``ReferencePlanFinder``'s plans from arrays (see the module's text)."""

    def __init__(self, schemes: SchemeList, grid: Grid):
        super().__init__(schemes, grid)
        self._vector = VectorConditions(grid)
        self._level: Small = np.zeros(0, dtype=np.uint8)
        self._scheme: Numbers = np.zeros(0, dtype=np.int32)  # the scheme's number in schemes.added
        self._orientation: Small = np.zeros(0, dtype=np.uint8)  # side * 4 + degrees / 90
        self._firsts: Numbers = np.zeros((0, 0), dtype=np.int32)  # per step of the path, -1 past its end
        self._rank: Optional[Numbers] = None  # compiled elsewhere: each row's place in the search order
        self._first: dict[tuple[int, ...], int] = {}  # each path's first turned scheme (while compiling)
        # compiled elsewhere (from_compiled): the schemes' lines, made into schemes as plans need them
        self._lines: Optional[tuple[bytes, list[int]]] = None
        self._made: dict[int, Scheme] = {}
        self.arrays: Optional[dict[str, npt.NDArray[np.generic]]] = None  # all the rows compiled (from_compiled)
        self.mapped: object = None  # the mapped file they lie in, if any (store/compiled.py)

    def __len__(self) -> int:
        return len(self._vector)

    def compile_all(self) -> None:
        """Compile the schemes learnt so far (done anyway when plans are asked for)."""
        self._compile()

    def compiled(self, lines: list[bytes]) -> dict[str, npt.NDArray[np.generic]]:
        """The arrays ``from_compiled`` takes: the rows, sorted by level (the
        lowest first, so that the rows of the lowest levels are a prefix:
        ``from_compiled(rows=)``), each with its rank in the reference's
        search order (``victoryplans``' sort key, as one number); and
        ``lines``, the line of each scheme (in the list's order) from which
        it is made again."""
        self._compile()
        keys = [tuple(-f for f in firsts if f >= 0) + (LEAF, r) for r, firsts in enumerate(self._firsts.tolist())]
        rank = np.zeros(len(keys), dtype=np.int32)
        rank[sorted(range(len(keys)), key=keys.__getitem__)] = np.arange(len(keys), dtype=np.int32)
        order = np.argsort(self._level, kind="stable")
        anchors, free, held = self._vector.arrays()
        starts = np.zeros(len(lines) + 1, dtype=np.int64)
        starts[1:] = np.cumsum([len(line) + 1 for line in lines])
        return {"anchors": anchors[order], "free": free[:, order], "held": held[:, order],
                "level": self._level[order], "scheme": self._scheme[order], "orientation": self._orientation[order],
                "rank": rank[order],
                "lines": np.frombuffer(b"".join(line + b"\n" for line in lines), dtype=np.uint8),
                "starts": starts}

    @classmethod
    def from_compiled(cls, grid: Grid, arrays: dict[str, npt.NDArray[np.generic]],
                      rows: Optional[int] = None) -> "CompactPlanFinder":
        """A finder over arrays ``compiled`` gave (checked by the caller: store/compiled.py),
        with no list of schemes: it plays, it does not learn.  ``rows``: only
        the first so many rows (the lowest levels), where memory is short."""
        finder = cls(SchemeList(grid.winalign), grid)
        finder.arrays = arrays
        k = len(arrays["level"]) if rows is None else rows
        finder._vector = VectorConditions.from_arrays(grid, arrays["anchors"][:k], arrays["free"][:, :k],
                                                      arrays["held"][:, :k])
        finder._level = np.asarray(arrays["level"][:k], dtype=np.uint8)
        finder._scheme = np.asarray(arrays["scheme"][:k], dtype=np.int32)
        finder._orientation = np.asarray(arrays["orientation"][:k], dtype=np.uint8)
        finder._rank = np.asarray(arrays["rank"][:k], dtype=np.int32)
        finder._lines = (arrays["lines"].tobytes(), arrays["starts"].tolist())
        for row in np.flatnonzero(finder._level == 1).tolist():  # the level-1 search's turned schemes
            orientation = int(finder._orientation[row])
            o = Oriented(finder._scheme_of(row), orientation // 4, orientation % 4 * 90, grid, row)
            finder._compiled.append(o)
            finder._levels.setdefault(1, []).append(o)
        finder._lines_only = all(o.free == (0,) for o in finder._levels.get(1, ()))
        return finder

    def _compile(self) -> None:
        added = self.schemes.added
        if self._seen == len(added):
            return
        cols = self.grid.boardcols
        anchors, frees, helds, levels, numbers, orientations, paths = [], [], [], [], [], [], []
        row = len(self._vector)
        for number in range(self._seen, len(added)):
            scheme = added[number]
            for side, degrees in scheme.orientations():
                free, held = scheme.turned(side, degrees)
                squares = free + held
                anchors.append(fitsmask(self.grid, max(r for r, _ in squares), min(r for r, _ in squares),
                                        min(c for _, c in squares), max(c for _, c in squares)))
                held_offsets = tuple(-r * cols + c for r, c in held)
                frees.append(tuple(SPAN + d for d in (-r * cols + c for r, c in free) if d))
                helds.append(tuple(SPAN + d for d in held_offsets))
                levels.append(scheme.level)
                numbers.append(number)
                orientations.append(side * 4 + degrees // 90)
                path = sorted(held_offsets, key=lambda d: (abs(d), d))
                paths.append([self._first.setdefault(tuple(path[:k + 1]), row) for k in range(len(path))])
                row += 1
                if scheme.level == 1:  # the level-1 search is the reference's, over these few
                    o = Oriented(scheme, side, degrees, self.grid, row - 1)
                    self._compiled.append(o)
                    self._levels.setdefault(1, []).append(o)
        self._lines_only = all(o.free == (0,) for o in self._levels.get(1, ()))
        self._seen = len(added)
        self._vector.extend_rows(anchors, frees, helds)
        self._level = np.concatenate([self._level, np.array(levels, dtype=np.uint8)])
        self._scheme = np.concatenate([self._scheme, np.array(numbers, dtype=np.int32)])
        self._orientation = np.concatenate([self._orientation, np.array(orientations, dtype=np.uint8)])
        width = max(self._firsts.shape[1], max((len(p) for p in paths), default=0))
        firsts = np.full((len(paths), width), -1, dtype=np.int32)
        for k, p in enumerate(paths):
            firsts[k, :len(p)] = p
        old = np.full((len(self._firsts), width), -1, dtype=np.int32)
        old[:, :self._firsts.shape[1]] = self._firsts
        self._firsts = np.concatenate([old, firsts])

    def victoryplans(self, board: Board, player: int, maxlevel: Optional[int] = None) -> list[Plan]:
        if maxlevel is not None and maxlevel < 2:
            return super().victoryplans(board, player, maxlevel)
        self._compile()
        mine, empty = board.masks[player], board.masks[EMPTY]
        rows = None if maxlevel is None else np.flatnonzero(self._level <= maxlevel)
        found_rows, found = self._vector.matching_rows(shifted(empty), shifted(mine), empty, rows)
        if not len(found_rows):
            return []
        frees, helds = self._vector.conditions_of(found_rows)
        keyed: list[tuple[tuple[object, int], int, list[int], list[int]]] = []
        if self._rank is not None:
            keys: list[object] = self._rank[found_rows].tolist()
        else:
            keys = [tuple(-f for f in firsts if f >= 0) + (LEAF, r)
                    for r, firsts in zip(found_rows.tolist(), self._firsts[found_rows].tolist())]
        for r, key, free, held, words in zip(found_rows.tolist(), keys, frees, helds, found):
            m = int.from_bytes(words.tobytes(), "little")
            while m:
                low = m & -m
                a = low.bit_length() - 1
                m ^= low
                keyed.append(((key, a), r, free, held))
        keyed.sort(key=lambda k: k[0])
        return [self._plan(r, a, free, held) for (_, a), r, free, held in keyed]

    def _plan(self, row: int, anchor: int, free: list[int], held: list[int]) -> Plan:
        scheme = self._scheme_of(row)
        orientation = int(self._orientation[row])
        shift = anchor - SPAN
        return Plan(int(self._level[row]), anchor, sum(1 << (b + shift) for b in free) | 1 << anchor,
                    sum(1 << (b + shift) for b in held), scheme, orientation // 4, orientation % 4 * 90)

    def _scheme_of(self, row: int) -> Scheme:
        number = int(self._scheme[row])
        if self._lines is None:
            return self.schemes.added[number]
        scheme = self._made.get(number)
        if scheme is None:
            text, starts = self._lines
            scheme = self._made[number] = scheme_of_line(text[starts[number]:starts[number + 1] - 1].decode("ascii"))
        return scheme

    def growth(self, board: Board, player: int) -> int:
        self._compile()
        mine, empty = board.masks[player], board.masks[EMPTY]
        empties = shifted(empty)
        rows, found = self._vector.one_mark_rows(empties, shifted(mine), empty)
        grown = 0
        for held, words in zip(self._vector.conditions_of(rows)[1], found):
            m = int.from_bytes(words.tobytes(), "little")
            for b in held:
                x = m & empties[b]
                d = b - SPAN
                grown |= (x << d) if d >= 0 else (x >> -d)
        return grown & empty

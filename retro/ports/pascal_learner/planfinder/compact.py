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
``retro pbrain`` (from a compiled cache: store/compiled.py), and of ``retro
run`` on Five-in-a-Row, which learns with it (``learning_from``: the
cache's rows, new schemes compiled as they come); training keeps the
walking finder.  A cache is compiled in bounded memory by ``compile_rows``.

The plans are the whole-board matcher's (the reference the tests compare
with: tests/pascal_learner/reference_finder.py), in its order: a turned
scheme's place in the reference's search (``plans._Node.insert``) is its
path of held squares, each step ranked among its siblings by when the
sibling was made -- here by the number of the first turned scheme that took
that step (``firsts``), the newest first, then the turned scheme's own
number; a compiled cache keeps that order as one rank a row. The level-1
search (``threats``) is the reference's own.
"""
from __future__ import annotations

from typing import Iterator, Optional, Sequence

import numpy as np
import numpy.typing as npt

from ..model.board import EMPTY, MAXSIZE, Board, Grid
from ..model.schemes import Scheme, SchemeList
from .lookahead import SPAN, shifted
from .plans import LEAF, Oriented, Plan, PlanFinderBase, fitsmask
from .vectorised import PADS, VectorConditions, padded
from ..store.datafile import DataFileError, scheme_line, scheme_of_line

Numbers = npt.NDArray[np.int32]
Small = npt.NDArray[np.uint8]


class CompactPlanFinder(PlanFinderBase):
    """The whole-board matcher's plans from arrays (see the module's text)."""

    def __init__(self, schemes: SchemeList, grid: Grid):
        super().__init__(schemes, grid)
        self._vector = VectorConditions(grid)
        self._level: Small = np.zeros(0, dtype=np.uint8)
        self._scheme: Numbers = np.zeros(0, dtype=np.int32)  # the scheme's number in schemes.added
        self._orientation: Small = np.zeros(0, dtype=np.uint8)  # side * 4 + degrees / 90
        self._firsts: Numbers = np.zeros((0, 0), dtype=np.int32)  # per step of the path, -1 past its end
        self._rank: Optional[Numbers] = None  # compiled elsewhere: each row's place in the search order
        self._first: dict[tuple[int, ...], int] = {}  # each path's first turned scheme (while compiling)
        self._paths: Optional[npt.NDArray[np.int16]] = None  # the paths of rows compiled elsewhere (learning_from)
        # compiled elsewhere (from_compiled): the schemes' lines, made into schemes as plans need them
        self._lines: Optional[tuple[bytes, list[int]]] = None
        self._made: dict[int, Scheme] = {}
        self.arrays: Optional[dict[str, npt.NDArray[np.generic]]] = None  # all the rows compiled (from_compiled)
        self.mapped: object = None  # the mapped file they lie in, if any (store/mapping.py)

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
        anchors, free, held = self._vector.arrays()
        return _sorted_by_level(anchors, free, held, self._level, self._scheme, self._orientation,
                                search_rank(self._firsts), lines)

    @classmethod
    def from_compiled(cls, grid: Grid, arrays: dict[str, npt.NDArray[np.generic]],
                      rows: Optional[int] = None, mapped: object = None) -> "CompactPlanFinder":
        """A finder over arrays ``compiled`` gave (checked by the caller: store/cachefile.py),
        with no list of schemes: it plays, it does not learn.  ``rows``: only
        the first so many rows (the lowest levels), where memory is short;
        ``mapped``: the mapped file the arrays lie in, if any."""
        finder = cls(SchemeList(grid.winalign), grid)
        finder.arrays = arrays
        finder.mapped = mapped
        k = len(arrays["level"]) if rows is None else rows
        finder._vector = VectorConditions.from_arrays(grid, arrays["anchors"][:k], arrays["free"][:, :k],
                                                      arrays["held"][:, :k])
        finder._level = np.asarray(arrays["level"][:k], dtype=np.uint8)
        finder._scheme = np.asarray(arrays["scheme"][:k], dtype=np.int32)
        finder._orientation = np.asarray(arrays["orientation"][:k], dtype=np.uint8)
        finder._rank = np.asarray(arrays["rank"][:k], dtype=np.int32)
        finder._lines = (arrays["lines"].tobytes(), arrays["starts"].tolist())
        finder._search_level_one(np.flatnonzero(finder._level == 1).tolist())
        return finder

    def _search_level_one(self, rows: Sequence[int]) -> None:
        """The turned schemes of level 1 among ``rows`` into the level-1
        search, which is the reference's own (``threats``), over these few."""
        for row in rows:
            orientation = int(self._orientation[row])
            o = Oriented(self._scheme_of(row), orientation // 4, orientation % 4 * 90, self.grid, row)
            self._compiled.append(o)
            self._levels.setdefault(1, []).append(o)
        self._lines_only = all(o.free == (0,) for o in self._levels.get(1, ()))

    def _compile(self) -> None:
        added = self.schemes.added
        if self._seen == len(added):
            return
        anchors, frees, helds, levels, numbers, orientations, paths = [], [], [], [], [], [], []
        first = row = len(self._vector)
        for number in range(self._seen, len(added)):
            scheme = added[number]
            for side, degrees, anchor, free, held, path in turned_rows(scheme, self.grid):
                anchors.append(anchor)
                frees.append(free)
                helds.append(held)
                levels.append(scheme.level)
                numbers.append(number)
                orientations.append(side * 4 + degrees // 90)
                paths.append([self._first_row(tuple(path[:k + 1]), row) for k in range(len(path))])
                row += 1
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
        self._search_level_one((first + np.flatnonzero(self._level[first:] == 1)).tolist())

    def _first_row(self, path: tuple[int, ...], row: int) -> int:
        """The first row whose path begins with ``path`` (``row`` if none before it)."""
        first = self._first.get(path)
        if first is None:
            first = self._first[path] = row
            if self._paths is not None:  # (rows compiled elsewhere: their paths are searched)
                found = np.flatnonzero(self._paths[:, 0] == path[0])
                for k in range(1, len(path)):
                    found = found[self._paths[found, k] == path[k]]
                if len(found):
                    first = self._first[path] = int(found[0])
        return first

    @classmethod
    def learning_from(cls, schemes: SchemeList, grid: Grid,
                      arrays: dict[str, npt.NDArray[np.generic]]) -> "CompactPlanFinder":
        """A finder over arrays ``compiled`` gave for the list ``schemes`` (its
        schemes made from the arrays' lines, in that order) that goes on with the
        list as it learns: the rows put back in the list's order, and each
        row's first rows along its path (``first_rows``) found again from its
        held squares; a new row's are looked up in the rows' paths (``_first_row``)."""
        finder = cls(schemes, grid)
        order = np.lexsort((arrays["orientation"], arrays["scheme"]))  # (the list's order: scheme, orientation)
        held = np.asarray(arrays["held"], dtype=np.int16)[:, order]
        finder._vector = VectorConditions.from_arrays(grid, np.asarray(arrays["anchors"])[order],
                                                      np.asarray(arrays["free"])[:, order], held)
        finder._level = np.asarray(arrays["level"], dtype=np.uint8)[order]
        finder._scheme = np.asarray(arrays["scheme"], dtype=np.int32)[order]
        finder._orientation = np.asarray(arrays["orientation"], dtype=np.uint8)[order]
        finder._paths = paths_of(held)
        finder._firsts = first_rows(finder._paths, (finder._paths != 0).sum(axis=1, dtype=np.int32))
        finder._search_level_one(np.flatnonzero(finder._level == 1).tolist())
        finder._seen = len(schemes.added)
        return finder

    def compiled_as_read(self, kept: list[Scheme]) -> dict[str, npt.NDArray[np.generic]]:
        """``compiled``'s arrays for the schemes ``kept`` -- the list's schemes as
        its saved file reads them again (in the file's order, some merged) --
        from the rows compiled here: the rows of each scheme taken in the
        file's order, and the first rows along the paths found again."""
        self._compile()
        number = {id(scheme): k for k, scheme in enumerate(self.schemes.added)}
        counts = np.bincount(self._scheme, minlength=len(self.schemes.added))
        starts = np.concatenate([[0], np.cumsum(counts)])
        taken = [number[id(scheme)] for scheme in kept]
        rows = np.concatenate([np.arange(starts[k], starts[k + 1]) for k in taken]) if taken \
            else np.zeros(0, dtype=np.intp)
        anchors, free, held = self._vector.arrays()
        free, held = (_trimmed(a[:, rows], pad) for a, pad in ((free, PADS[0]), (held, PADS[1])))
        paths = paths_of(held)
        rank = search_rank(first_rows(paths, (paths != 0).sum(axis=1, dtype=np.int32)))
        lines = [scheme_line(scheme).encode("ascii") for scheme in kept]
        return _sorted_by_level(anchors[rows], free, held, self._level[rows],
                                np.repeat(np.arange(len(taken), dtype=np.int32), counts[taken]),
                                self._orientation[rows], rank, lines)

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
            scheme = self._made[number] = scheme_of_line(line_at(*self._lines, number))
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


TurnedRow = tuple[int, int, int, tuple[int, ...], tuple[int, ...], list[int]]


def turned_rows(scheme: Scheme, grid: Grid) -> Iterator[TurnedRow]:
    """Each useful orientation of ``scheme`` as a row: side, degrees, the
    squares where it fits (``fitsmask``), the bit numbers of its free squares
    but the (0, 0) and of its held squares (``vectorised``'s conditions), and
    its path in the reference's tree (its held squares as board offsets,
    nearest first: ``plans._Node.insert``)."""
    cols = grid.boardcols
    for side, degrees in scheme.orientations():
        free, held = scheme.turned(side, degrees)
        squares = free + held
        anchor = fitsmask(grid, max(r for r, _ in squares), min(r for r, _ in squares),
                          min(c for _, c in squares), max(c for _, c in squares))
        held_offsets = tuple(-r * cols + c for r, c in held)
        yield (side, degrees, anchor, tuple(SPAN + d for d in (-r * cols + c for r, c in free) if d),
               tuple(SPAN + d for d in held_offsets), path_of(held_offsets))


def path_of(held_offsets: Sequence[int]) -> list[int]:
    """A turned scheme's path in the reference's tree: its held squares as board
    offsets, nearest first (``plans._Node.insert``)."""
    return sorted(held_offsets, key=lambda d: (abs(d), d))


def _trimmed(columns: npt.NDArray[np.int16], pad: int) -> npt.NDArray[np.int16]:
    """Conditions (a column each) without the last columns that are all padding
    (the rows of a longer scheme were left out)."""
    return columns[:int((columns != pad).sum(axis=0).max(initial=0))]


def paths_of(held: npt.NDArray[np.int16]) -> npt.NDArray[np.int16]:
    """The rows' paths (``turned_rows``), a row each, 0 past the end, from
    their held squares' bit numbers (a column each, as ``compiled`` keeps them)."""
    offsets = held.T.astype(np.int32) - SPAN
    real = held.T != PADS[1]
    order = np.argsort(np.where(real, 2 * np.abs(offsets) + (offsets > 0), 1 << 20), axis=1, kind="stable")
    return np.where(np.take_along_axis(real, order, axis=1), np.take_along_axis(offsets, order, axis=1), 0)\
        .astype(np.int16)


def first_rows(paths: npt.NDArray[np.int16], lengths: Numbers) -> Numbers:
    """For each row and each step of its path (``turned_rows``), the first row
    whose path begins with the same steps (-1 past the path's end): the
    numbers ``CompactPlanFinder._compile`` keeps in ``_firsts``, found by
    sorting rather than by a dictionary of every path's beginnings."""
    rows, width = paths.shape
    firsts = np.full((rows, width), -1, dtype=np.int32)
    group = np.zeros(rows, dtype=np.int64)  # the rows' beginnings so far, numbered
    for k in range(width):
        alive = np.flatnonzero(lengths > k)
        if not len(alive):
            break
        step = group[alive] * (1 << 16) + (paths[alive, k].astype(np.int64) + (1 << 15))
        _, first, inverse = np.unique(step, return_index=True, return_inverse=True)
        firsts[alive, k] = alive[first][inverse.reshape(-1)]
        group[alive] = inverse.reshape(-1)
    return firsts


def search_rank(firsts: Numbers) -> Numbers:
    """Each row's place in the reference's search order: the rows sorted by
    ``(-first, ..., LEAF, row)`` (``CompactPlanFinder.victoryplans``' key,
    ``_firsts`` as ``first_rows`` gives them) -- one column at a time, with NumPy."""
    rows, width = firsts.shape
    lengths = (firsts >= 0).sum(axis=1)
    keys = np.zeros((width + 2, rows), dtype=np.int32)  # (LEAF and the rows' numbers fit)
    keys[:width] = -firsts.T
    at = np.arange(rows)
    keys[lengths, at] = LEAF
    keys[lengths + 1, at] = at
    for k in range(width + 2):
        keys[k, lengths + 1 < k] = 0  # (never compared: the rows differ by then)
    rank = np.zeros(rows, dtype=np.int32)
    rank[np.lexsort(keys[::-1])] = np.arange(rows, dtype=np.int32)
    return rank


def _sorted_by_level(anchors: npt.NDArray[np.uint64], free: npt.NDArray[np.int16], held: npt.NDArray[np.int16],
                     level: Small, scheme: Numbers, orientation: Small, rank: Numbers,
                     lines: list[bytes]) -> dict[str, npt.NDArray[np.generic]]:
    """``compiled``'s arrays: the rows sorted by level, the lowest first, and the schemes' lines."""
    order = np.argsort(level, kind="stable")
    return {"anchors": anchors[order], "free": free[:, order], "held": held[:, order],
            "level": level[order], "scheme": scheme[order], "orientation": orientation[order],
            "rank": rank[order], **_lines(lines)}


class FarScheme(DataFileError):
    """A scheme no board holds (a hand-made data file): its squares' bit
    numbers have no place in the rows (the walking finder plays such a list)."""


BLOCK = 1024  # schemes turned at a time by compile_rows: the Python objects of a block only


def compile_rows(lines: Sequence[bytes], grid: Grid) -> dict[str, npt.NDArray[np.generic]]:
    """``CompactPlanFinder(schemes, grid).compiled(lines)``'s arrays, the same
    bytes, for the schemes of ``lines`` (``scheme_line``'s, in the list's order),
    in bounded memory: each array is made once, at its full size (the
    schemes are read once first for their levels, orientations and paths,
    whose search order is found then, by sorting: ``first_rows``), and
    filled a block of schemes at a time.  The finder keeps objects for each turned scheme
    and a dictionary of every path's beginnings: over a gigabyte at 47,000
    Five-in-a-Row schemes (376,686 turned)."""
    levels = np.zeros(len(lines), dtype=np.uint8)
    turns = np.zeros(len(lines), dtype=np.int64)
    widths = [0, 0]  # the most free squares (but the (0, 0)) and held squares of a scheme
    paths: list[npt.NDArray[np.int16]] = []  # (the search order first: its arrays are let go before the rows')
    cols = grid.boardcols
    for start in range(0, len(lines), BLOCK):
        steps = []
        for number in range(start, min(start + BLOCK, len(lines))):
            scheme = scheme_of_line(lines[number].decode("ascii"))
            if max(max(abs(r), abs(c)) for r, c in scheme.free + scheme.held) >= MAXSIZE:
                raise FarScheme(f"a scheme reaches {MAXSIZE} squares or more from its move, "
                                f"farther than any board: {lines[number].decode('ascii')[:60]}")
            levels[number], turns[number] = scheme.level, scheme.usefulturns * scheme.usefuloverturns
            widths = [max(widths[0], scheme.totfree - 1), max(widths[1], scheme.totheld)]
            steps += [path_of([-r * cols + c for r, c in scheme.turned(side, degrees)[1]])
                      for side, degrees in scheme.orientations()]
        paths.append(padded(steps, 0))
    rows = int(turns.sum())
    level = np.repeat(levels, turns)  # (a turned scheme's row in the list's order, then sorted by level)
    place = np.zeros(rows, dtype=np.intp)
    place[np.argsort(level, kind="stable")] = np.arange(rows, dtype=np.intp)
    joined = np.zeros((rows, widths[1]), dtype=np.int16)
    row = 0
    for block in paths:
        joined[row:row + len(block), :block.shape[1]] = block
        row += len(block)
    del paths
    firsts = first_rows(joined, (joined != 0).sum(axis=1, dtype=np.int32))  # (no step is 0: the move is never held)
    del joined
    rank = np.zeros(rows, dtype=np.int32)
    rank[place] = search_rank(firsts)
    del firsts
    vector = VectorConditions(grid)
    anchors = np.zeros((rows, (grid.size + 63) // 64), dtype=np.uint64)
    free = np.full((widths[0], rows), PADS[0], dtype=np.int16)
    held = np.full((widths[1], rows), PADS[1], dtype=np.int16)
    orientation = np.zeros(rows, dtype=np.uint8)
    row = 0
    for start in range(0, len(lines), BLOCK):
        masks, frees, helds, turned = [], [], [], []
        for line in lines[start:start + BLOCK]:
            for side, degrees, mask, f, h, _ in turned_rows(scheme_of_line(line.decode("ascii")), grid):
                masks.append(mask)
                frees.append(f)
                helds.append(h)
                turned.append(side * 4 + degrees // 90)
        at = place[row:row + len(masks)]
        anchors[at] = vector.as_words(masks)
        free[:, at] = padded(frees, PADS[0], widths[0]).T
        held[:, at] = padded(helds, PADS[1], widths[1]).T
        orientation[at] = turned
        row += len(masks)
    numbers = np.zeros(rows, dtype=np.int32)
    numbers[place] = np.repeat(np.arange(len(lines), dtype=np.int32), turns)
    return {"anchors": anchors, "free": free, "held": held, "level": np.sort(level, kind="stable"),
            "scheme": numbers, "orientation": orientation, "rank": rank, **_lines(lines)}


def line_at(text: bytes, starts: Sequence[int], number: int) -> str:
    """The line of scheme ``number`` in the lines ``_lines`` keeps (``text``
    and ``starts``: its arrays as bytes and as a list), without its newline."""
    return text[starts[number]:starts[number + 1] - 1].decode("ascii")


def _lines(lines: Sequence[bytes]) -> dict[str, npt.NDArray[np.generic]]:
    """The schemes' lines as ``compiled`` keeps them: one text, and where each line starts."""
    starts = np.zeros(len(lines) + 1, dtype=np.int64)
    starts[1:] = np.cumsum([len(line) + 1 for line in lines])
    return {"lines": np.frombuffer(b"".join(line + b"\n" for line in lines), dtype=np.uint8), "starts": starts}

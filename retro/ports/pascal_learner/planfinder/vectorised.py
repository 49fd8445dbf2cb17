"""Looking ahead (lookahead.py) with NumPy: every turned scheme at once.

Each turned scheme is a row: its anchors as words of 64 bits, and one column
for each of its conditions, the bit number of a shifted mask
(``lookahead.Condition``).  A row with fewer conditions than the longest is
padded with a mask that passes: all ones for a free square, none empty and
all the player's for a held square.  The conditions are taken a column at a
time for all the rows still alive, and the rows left without an anchor are
dropped as they go.  The held squares go first on a board with few marks,
where a free square is seldom taken; on a board a third full or more, a free
column and a held column take turns (measured on a 1,600-game Five-in-a-Row
list, 15x15: 8-18 ms against 10-21 up to 60 marks, 18-21 against 26-30 from
100).
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np
import numpy.typing as npt

from ..model.board import Grid
from .lookahead import SPAN, Condition
from .plans import Oriented

_ALL = 2 * SPAN + 1  # the padding row of the shifted masks: every bit set
_NONE = _ALL + 1  # and none
PADS = (_ALL, _NONE)  # a free column's padding, a held column's
CHUNK = 16384  # rows matched at a time (matching_rows): the working copies of a large list stay small
CROWDED = 1 / 3  # the share of the board marked from which free and held columns take turns

Words = npt.NDArray[np.uint64]
Column = npt.NDArray[np.int16]
Rows = npt.NDArray[np.intp]


class VectorConditions:
    """The conditions of a growing list of turned schemes, as arrays."""

    def __init__(self, grid: Grid):
        self._words = (grid.size + 63) // 64
        self._full = grid.full
        self._schemes: list[Oriented] = []
        self._anchors: Words = np.zeros((0, self._words), dtype=np.uint64)
        self._free: list[Column] = []
        self._held: list[Column] = []
        # the buffers with room to spare that the arrays above begin (None: not one of ours, from_arrays)
        self._anchor_room: Optional[Words] = None
        self._free_room: list[Optional[Column]] = []
        self._held_room: list[Optional[Column]] = []
        self._rows = 0

    def __len__(self) -> int:
        return self._rows

    def extend(self, conditions: list[Condition]) -> None:
        """Add these turned schemes' rows (the list only grows)."""
        if not conditions:
            return
        self.extend_rows([o.anchors for o, _, _ in conditions], [free for _, free, _ in conditions],
                         [held for _, _, held in conditions])
        self._schemes += [o for o, _, _ in conditions]

    def extend_rows(self, anchors: list[int], frees: list[tuple[int, ...]], helds: list[tuple[int, ...]]) -> None:
        """Add rows: each turned scheme's anchors and the bit numbers of its
        conditions (``lookahead.Condition``'s), without the turned scheme."""
        if not anchors:
            return
        self._anchors, self._anchor_room = appended(self._anchors, self.as_words(anchors), self._anchor_room)
        old = self._rows
        _grow(self._free, self._free_room, old, frees, _ALL)
        _grow(self._held, self._held_room, old, helds, _NONE)
        self._rows += len(anchors)

    def arrays(self) -> tuple[Words, npt.NDArray[np.int16], npt.NDArray[np.int16]]:
        """The rows as three arrays: the anchors' words (a row each), the free
        and the held bit numbers (a column each), for ``from_arrays``."""
        empty = np.zeros((0, self._rows), dtype=np.int16)
        return (self._anchors, np.stack(self._free) if self._free else empty,
                np.stack(self._held) if self._held else empty)

    @classmethod
    def from_arrays(cls, grid: Grid, anchors: npt.NDArray[np.generic], free: npt.NDArray[np.generic],
                    held: npt.NDArray[np.generic]) -> "VectorConditions":
        """Rows as ``arrays`` gave them (a compiled cache: store/cachefile.py,
        which checks them first), used where they lie; their turned schemes
        are not kept."""
        vector = cls(grid)
        vector._anchors = np.asarray(anchors, dtype=np.uint64)
        vector._free = list(np.asarray(free, dtype=np.int16))
        vector._held = list(np.asarray(held, dtype=np.int16))
        vector._free_room = [None] * len(vector._free)
        vector._held_room = [None] * len(vector._held)
        vector._rows = len(anchors)
        return vector

    def as_words(self, masks: list[int]) -> Words:
        """Bit masks of the board as rows of 64-bit words."""
        size = self._words * 8
        data = b"".join((m & self._full).to_bytes(size, "little") for m in masks)
        return np.frombuffer(data, dtype="<u8").reshape(len(masks), self._words).astype(np.uint64)

    def anchors(self, empties: list[int], mines: list[int], empty: int) -> list[tuple[Oriented, int]]:
        """Each turned scheme, in the list's order, with the anchors where its
        free squares are empty and its held squares the player's but exactly
        one, which is empty (``empties`` and ``mines``: the masks of the
        empty squares and the player's, ``lookahead.shifted``)."""
        rows, found = self.one_mark_rows(empties, mines, empty)
        return [(self._schemes[k], int.from_bytes(found[r].tobytes(), "little")) for r, k in enumerate(rows.tolist())]

    def one_mark_rows(self, empties: list[int], mines: list[int], empty: int) -> tuple[Rows, Words]:
        """``anchors``' answer as the rows (ascending) and their anchors, as
        words; ``CHUNK`` rows at a time, as ``matching_rows``."""
        e_table, m_table, board, steps = self._tables(empties, mines, empty)
        found_rows, found = [], []
        for start in range(0, self._rows, CHUNK):
            rows: Rows = np.arange(start, min(start + CHUNK, self._rows), dtype=np.intp)
            m = self._anchors[start:start + CHUNK] & board
            one = np.zeros_like(m)
            for held, column in steps:
                if not len(rows):
                    break
                if held:
                    at = column[rows]
                    e = e_table[at] & m
                    m &= m_table[at] | e
                    m &= ~(one & e)  # a second held square empty: not in one mark
                    one |= e
                else:
                    m &= e_table[column[rows]]
                rows, m, one = _alive(rows, m, one)
            m &= one
            rows, m, one = _alive(rows, m, one)
            found_rows.append(rows)
            found.append(m)
        if not found:
            return np.zeros(0, dtype=np.intp), np.zeros((0, self._words), dtype="<u8")
        return np.concatenate(found_rows), np.concatenate(found).astype("<u8")

    def matching_rows(self, empties: list[int], mines: list[int], empty: int,
                      rows: Optional[Rows] = None) -> tuple[Rows, Words]:
        """The rows (of ``rows``, ascending; all if None) whose turned scheme
        applies as it stands -- every free square empty, every held square the
        player's -- with their anchors, as words: the plans of a position.
        ``CHUNK`` rows at a time, so that the working copies stay small."""
        e_table, m_table, board, steps = self._tables(empties, mines, empty)
        if rows is None:
            rows = np.arange(self._rows, dtype=np.intp)
        found_rows, found = [], []
        for start in range(0, len(rows), CHUNK):
            chunk = rows[start:start + CHUNK]
            m = self._anchors[chunk] & board
            chunk, m, _ = _alive(chunk, m, m)
            for held, column in steps:
                if not len(chunk):
                    break
                m &= (m_table if held else e_table)[column[chunk]]
                chunk, m, _ = _alive(chunk, m, m)
            found_rows.append(chunk)
            found.append(m)
        if not found:
            return rows, np.zeros((0, self._words), dtype="<u8")
        return np.concatenate(found_rows), np.concatenate(found).astype("<u8")

    def _tables(self, empties: list[int], mines: list[int],
                empty: int) -> tuple[Words, Words, Words, list[tuple[bool, Column]]]:
        """What a match of the rows looks up: the shifted masks of the empty
        squares and of the player's, as words (with the padding rows: every bit
        set, none), the empty squares, and the columns in the order they are
        tested (``_steps``, by how crowded the board is)."""
        full = self._full
        e_table = self.as_words(empties + [full, 0])
        m_table = self.as_words(mines + [0, full])
        board = self.as_words([empty])
        return e_table, m_table, board, self._steps((full & ~empty).bit_count() >= CROWDED * full.bit_length())

    def conditions_of(self, rows: Rows) -> tuple[list[list[int]], list[list[int]]]:
        """The bit numbers of these rows' free squares (but the (0, 0)) and held squares, as lists."""
        frees = np.stack([c[rows] for c in self._free], axis=1).tolist() if self._free else [[] for _ in rows]
        helds = np.stack([c[rows] for c in self._held], axis=1).tolist() if self._held else [[] for _ in rows]
        return ([[b for b in f if b != _ALL] for f in frees], [[b for b in h if b != _NONE] for h in helds])

    def _steps(self, crowded: bool) -> list[tuple[bool, Column]]:
        """The columns in the order they are tested, each with whether it is of held squares."""
        held = [(True, c) for c in self._held]
        free = [(False, c) for c in self._free]
        if not crowded:
            return held + free
        longer = max(len(held), len(free))
        return [s for k in range(longer) for s in (held[k:k + 1] + free[k:k + 1])]


def _grow(columns: list[Column], rooms: list[Optional[Column]], old: int, rows: list[tuple[int, ...]],
          pad: int) -> None:
    """The columns of ``old`` rows with ``rows`` added, each padded with ``pad``
    to the longest (a new column is ``pad`` in the old rows); in place, a
    column at a time, into the room each has to spare (``appended``), so that
    a long list's columns are neither all there twice nor copied whole each
    time (a learner's training grows them after every scheme it learns)."""
    width = max(len(columns), max((len(r) for r in rows), default=0))
    new = padded(rows, pad, width)
    for _ in range(width - len(columns)):
        columns.append(np.full(old, pad, dtype=np.int16))
        rooms.append(None)
    for j in range(width):
        columns[j], rooms[j] = appended(columns[j], new[:, j], rooms[j])


Array = npt.NDArray[Any]


def appended(rows: Array, new: Array, room: Optional[Array]) -> tuple[Array, Array]:
    """``rows`` with ``new`` after them, and the buffer they now begin.
    ``room``: the buffer ``rows`` begin, if it is one of these (None if not):
    the new rows go into its spare room if it has enough, else into a new
    buffer with half as much room again, so that a list grown many times is
    copied only now and then."""
    end = len(rows) + len(new)
    if room is None or len(room) < end:
        room = np.empty((end + end // 2,) + rows.shape[1:], dtype=rows.dtype)
        room[:len(rows)] = rows
    room[len(rows):end] = new
    return room[:end], room


def padded(rows: Sequence[Sequence[int]], pad: int, width: int = 0) -> npt.NDArray[np.int16]:
    """Rows of numbers as a matrix, each padded with ``pad`` to the longest (or ``width``)."""
    matrix = np.full((len(rows), max(width, max((len(r) for r in rows), default=0))), pad, dtype=np.int16)
    for k, r in enumerate(rows):
        matrix[k, :len(r)] = r
    return matrix


def _alive(rows: Rows, m: Words, one: Words) -> tuple[Rows, Words, Words]:
    """The rows with an anchor left."""
    live = np.flatnonzero(_any_bit(m))
    if len(live) == len(rows):
        return rows, m, one
    return rows[live], m[live], one[live]


def _any_bit(m: Words) -> Words:
    """For each row of words, nonzero if any bit is set: the words OR-ed
    together a column at a time (three times quicker than ``m.any(axis=1)``
    on rows of four words, whose reduction goes row by row)."""
    found: Words = m[:, 0].copy()
    for k in range(1, m.shape[1]):
        found |= m[:, k]
    return found

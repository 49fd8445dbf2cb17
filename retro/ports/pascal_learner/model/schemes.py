"""Schemes: the record ``schemes`` and the linked list ``list`` of Tic-Tac-Toe.p.

Seed, "Schemes": a scheme is "a set of conditions which determine a threat".
Elements 1..``totfree`` of ``free`` must be empty, elements 1..``totheld`` of
``held`` must bear the mark of the threatening player, and "the move being
threatened on the grid corresponds to the (0, 0) square in the scheme".  Here
``free`` lists (0, 0) itself as its first element: the threatened square must
be empty too (a reconstruction; the text does not say whether (0, 0) was kept
in ``free`` or tested apart).

Squares of a scheme are ``(row, col)`` offsets from the threatened move, rows
counted upwards: the text's ``up`` is "the maximum integer value among the
rows of all the squares in free[] and held[]", so a positive row is above the
move.  ``down``, ``left`` and ``right`` are the minimum row, the minimum and
the maximum column.

"A single scheme represents multiple positions on the grid and the program
derives those positions by centering, rotating and flipping the scheme": a
scheme is kept in one orientation (``side`` 0, ``degrees`` 0) and turned by
``turn``/``overturn``; ``usefulturns`` and ``usefuloverturns`` say how many
quarter turns and flips give distinct positions, so that a symmetric scheme
is not tried twice in the same place.  Every scheme is stored in a canonical
orientation, so that copies of one scheme under rotation and flip are one
entry of the list.

Each scheme has a ``level`` ("the number of moves to win the game when
following the shortest sequence"); the list is grouped by level, the
sub-lists followed through ``next`` from ``firstschemeoflevel[level]``.
"""
from __future__ import annotations

from typing import Iterable, Iterator, Optional

Square = tuple[int, int]  # (row, col) relative to the threatened move; rows upwards
Key = tuple[tuple[Square, ...], tuple[Square, ...]]  # a scheme's free and held squares, canonically turned

ORIGIN: Square = (0, 0)


def turn(square: Square, quarter_turns: int = 1) -> Square:
    """A square turned by 90 degrees counterclockwise, ``quarter_turns`` times."""
    r, c = square
    for _ in range(quarter_turns % 4):
        r, c = c, -r
    return (r, c)


def overturn(square: Square) -> Square:
    """A square flipped left to right (the mirror image in the column 0)."""
    r, c = square
    return (r, -c)


def orient(square: Square, side: int, degrees: int) -> Square:
    """The square as the scheme turned to ``side`` (0 or 1: flipped first) and
    ``degrees`` (0, 90, 180, 270) sees it: ``turn(overturn(square))`` written
    out, for speed (a test compares them)."""
    r, c = square
    if side:
        c = -c
    if degrees == 0:
        return (r, c)
    if degrees == 90:
        return (c, -r)
    if degrees == 180:
        return (-r, -c)
    return (-c, r)


ORIENTATIONS = tuple((side, degrees) for side in (0, 1) for degrees in (0, 90, 180, 270))


def _shape(free: Iterable[Square], held: Iterable[Square]) -> tuple[tuple[Square, ...], tuple[Square, ...]]:
    return (tuple(sorted(free)), tuple(sorted(held)))


def canonical(free: Iterable[Square], held: Iterable[Square]) -> Key:
    """The least of the eight orientations of a scheme: its key in the list."""
    free, held = list(free), list(held)
    return min(
        _shape((orient(s, side, deg) for s in free), (orient(s, side, deg) for s in held))
        for side, deg in ORIENTATIONS
    )


class Scheme:
    """The record ``schemes``: conditions, level, orientation and bounds."""

    __slots__ = (
        "free", "totfree", "held", "totheld", "level", "side", "degrees",
        "usefulturns", "usefuloverturns", "up", "down", "left", "right", "next", "_rings",
    )

    def __init__(self, level: int, free: Iterable[Square], held: Iterable[Square],
                 side: int = 0, degrees: int = 0, useful: Optional[tuple[int, int]] = None):
        """``useful``: usefulturns and usefuloverturns, where they are known
        already (a compiled cache's rows: store/compiled.py), else found."""
        free = list(dict.fromkeys(free))
        held = list(dict.fromkeys(held))
        if ORIGIN in held:
            raise ValueError("the threatened square (0, 0) cannot be held")
        if ORIGIN in free:
            free.remove(ORIGIN)
        if set(free) & set(held):
            raise ValueError("a square cannot be both free and held")
        if level < 1:
            raise ValueError("levels start at 1")
        self.level = level
        self.free = tuple([ORIGIN] + sorted(free))
        self.held = tuple(sorted(held))
        self.totfree = len(self.free)
        self.totheld = len(self.held)
        self.side = side
        self.degrees = degrees
        squares = self.free + self.held
        self.up = max(r for r, _ in squares)
        self.down = min(r for r, _ in squares)
        self.left = min(c for _, c in squares)
        self.right = max(c for _, c in squares)
        self.usefulturns, self.usefuloverturns = useful or _useful(self.free, self.held)
        self.next: Optional[Scheme] = None
        # distances from the move, the same in every orientation: a quick test for subsumes
        # (as bits of an int: a set of a few small numbers in a word or two, not a hash table)
        self._rings = (_bits(r * r + c * c for r, c in self.free), _bits(r * r + c * c for r, c in self.held))

    @classmethod
    def canonical(cls, level: int, free: Iterable[Square], held: Iterable[Square]) -> "Scheme":
        """A new scheme, turned to the orientation the list keeps."""
        cfree, cheld = canonical(free, held)
        return cls(level, cfree, cheld)

    def key(self) -> Key:
        return canonical(self.free, self.held)

    def oriented(self, side: int, degrees: int) -> "Scheme":
        """A copy of the scheme turned to ``side`` and ``degrees``."""
        copy = Scheme(
            self.level,
            (orient(s, side, degrees) for s in self.free),
            (orient(s, side, degrees) for s in self.held),
            side,
            degrees,
        )
        return copy

    def turned(self, side: int, degrees: int) -> tuple[tuple[Square, ...], tuple[Square, ...]]:
        """The free and held squares as the scheme turned to side/degrees has them."""
        return (tuple(orient(q, side, degrees) for q in self.free),
                tuple(orient(q, side, degrees) for q in self.held))

    def orientations(self) -> Iterator[tuple[int, int]]:
        """The distinct orientations: usefuloverturns flips x usefulturns turns."""
        for side in range(self.usefuloverturns):
            for k in range(self.usefulturns):
                yield side, 90 * k

    def fits(self, row: int, col: int, boardrows: int, boardcols: int) -> bool:
        """``fits``: whether the scheme, with its (0, 0) on square (row, col),
        lies on the grid.  Rows count upwards in the scheme, downwards on the
        board (row 1 at the top), so ``up`` reaches towards row 1."""
        return (row - self.up >= 1 and row - self.down <= boardrows
                and col + self.left >= 1 and col + self.right <= boardcols)

    def subsumes(self, other: "Scheme") -> bool:
        """Whether this scheme applies wherever ``other`` does, with the same
        move and a level no higher: its conditions are a subset of other's in
        one of the orientations."""
        if self.level > other.level or self.totfree > other.totfree or self.totheld > other.totheld:
            return False
        if self._rings[0] & ~other._rings[0] or self._rings[1] & ~other._rings[1]:
            return False
        ofree, oheld = set(other.free), set(other.held)
        for side, deg in ORIENTATIONS:
            if all(orient(s, side, deg) in ofree for s in self.free) and \
                    all(orient(s, side, deg) in oheld for s in self.held):
                return True
        return False

    def __repr__(self) -> str:
        return f"Scheme(level={self.level}, free={list(self.free)}, held={list(self.held)})"

    def picture(self) -> list[str]:
        """The scheme drawn as in the seed's figure: ``#`` held, ``~`` free,
        ``*`` the threatened move, ``.`` squares it does not care about."""
        cells = {s: "~" for s in self.free}
        cells.update({s: "#" for s in self.held})
        cells[ORIGIN] = "*"
        return [
            " ".join(cells.get((r, c), ".") for c in range(self.left, self.right + 1))
            for r in range(self.up, self.down - 1, -1)
        ]


# One tuple for each square the list's schemes use, shared by them all (a large list
# has a million squares and a few hundred distinct ones).
_SQUARES: dict[Square, Square] = {}


RING_BITS = 1024  # distances below it are a bit each; the few beyond share 64 more bits


def _bits(numbers: Iterable[int]) -> int:
    """A set of distances as the bits of an int: each below RING_BITS its own
    bit, a larger one (a scheme no board holds, but a data file may) one of
    64 shared bits.  A subset's bits are within the set's, so the quick tests
    built on them (``subsumes``, ``covered``) let through all they let through
    before, and only a few more, which the full test then sorts out."""
    bits = 0
    for n in numbers:
        bits |= 1 << (n if n < RING_BITS else RING_BITS + n % 64)
    return bits


def _members(bits: int) -> Iterator[int]:
    """The numbers of a set ``_bits`` made, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def _useful(free: tuple[Square, ...], held: tuple[Square, ...]) -> tuple[int, int]:
    """usefulturns and usefuloverturns: how many quarter turns give new
    positions before the scheme repeats, and whether a flip gives new ones.

    The orientations ``r^k f^s`` (k < usefulturns, s < usefuloverturns) are
    then exactly the distinct copies of the scheme: if no flipped copy equals
    a turned one the symmetries are all turns, and the flip doubles the
    copies; otherwise a flip is one of the symmetries and turns alone reach
    every copy."""
    shape = _shape(free, held)
    same = [(side, deg) for side, deg in ORIENTATIONS
            if _shape((orient(s, side, deg) for s in free), (orient(s, side, deg) for s in held)) == shape]
    turns = sum(1 for side, _ in same if side == 0)  # symmetries among the turns: 1, 2 or 4
    flips = any(side == 1 for side, _ in same)
    return 4 // turns, (1 if flips else 2)


class SchemeList:
    """The linked list ``list``: schemes grouped by level.

    ``firstschemeoflevel[level]`` is the first scheme of a level; the others
    follow through ``next``.  A new scheme goes to the end of its level's
    sub-list.  The list keeps one entry per canonical shape: adding a copy of
    a scheme under rotation or flip, or a scheme some other scheme of no
    higher level already covers, changes nothing.
    """

    def __init__(self, winalign: int):
        self.winalign = winalign
        self.firstschemeoflevel: dict[int, Optional[Scheme]] = {}
        self._last: dict[int, Scheme] = {}
        self._keys: dict[Key, Scheme] = {}
        self.added: list[Scheme] = []  # every scheme in the order it came (the plan finder follows it)
        # For ``covered``: the schemes by number (the order they came), and as sets of those numbers
        # (bits of an int): those of each level, and those with a free (held) square at each distance
        # from the move.  A scheme covers another only if its distances are among the other's.
        self._numbered: list[Scheme] = []
        self._of_level: dict[int, int] = {}
        self._free_at: dict[int, int] = {}
        self._held_at: dict[int, int] = {}
        self.merged = 0  # schemes offered that the list already had (a copy, or covered)
        self.version = 0  # counts changes

    def __len__(self) -> int:
        return len(self._keys)

    def __iter__(self) -> Iterator[Scheme]:
        for level in self.levels():
            yield from self.schemesoflevel(level)

    def levels(self) -> list[int]:
        return sorted(level for level, first in self.firstschemeoflevel.items() if first is not None)

    def schemesoflevel(self, level: int) -> Iterator[Scheme]:
        scheme = self.firstschemeoflevel.get(level)
        while scheme is not None:
            yield scheme
            scheme = scheme.next

    def counts(self) -> dict[int, int]:
        """How many schemes each level holds."""
        return {level: sum(1 for _ in self.schemesoflevel(level)) for level in self.levels()}

    def find(self, scheme: Scheme) -> Optional[Scheme]:
        return self._keys.get(scheme.key())

    def covered(self, scheme: Scheme, key: Optional[Key] = None) -> bool:
        """Whether a scheme of the list already says what ``scheme`` says
        (``key``: its key, if the caller has it)."""
        if (key or scheme.key()) in self._keys:
            return True
        candidates = 0
        for level, numbers in self._of_level.items():
            if level <= scheme.level:
                candidates |= numbers
        free, held = scheme._rings
        for distance, numbers in self._free_at.items():
            if not free >> distance & 1:
                candidates &= ~numbers
        for distance, numbers in self._held_at.items():
            if not held >> distance & 1:
                candidates &= ~numbers
        while candidates:
            low = candidates & -candidates
            candidates ^= low
            if self._numbered[low.bit_length() - 1].subsumes(scheme):
                return True
        return False

    def add(self, scheme: Scheme, merge_covered: bool = True, kept: bool = False) -> bool:
        """Insert a scheme (turned to the canonical orientation); False when
        the list already had it or (``merge_covered``) something that covers it.
        ``kept``: the scheme is one the list kept (turned already, and checked
        against the others: a compiled cache's line, store/compiled.py), taken as it is."""
        key = (tuple(sorted(scheme.free)), scheme.held) if kept else scheme.key()
        if self.covered(scheme, key) if merge_covered and not kept else key in self._keys:
            self.merged += 1
            return False
        if not kept:
            key = (tuple(_SQUARES.setdefault(q, q) for q in key[0]),
                   tuple(_SQUARES.setdefault(q, q) for q in key[1]))
            scheme = Scheme(scheme.level, *key)  # turned to the canonical orientation
        last = self._last.get(scheme.level)
        if last is None:
            self.firstschemeoflevel[scheme.level] = scheme
        else:
            last.next = scheme
        self._last[scheme.level] = scheme
        self._keys[key] = scheme
        bit = 1 << len(self._numbered)
        self._numbered.append(scheme)
        self._of_level[scheme.level] = self._of_level.get(scheme.level, 0) | bit
        for distance in _members(scheme._rings[0]):
            self._free_at[distance] = self._free_at.get(distance, 0) | bit
        for distance in _members(scheme._rings[1]):
            self._held_at[distance] = self._held_at.get(distance, 0) | bit
        self.added.append(scheme)
        self.version += 1
        return True

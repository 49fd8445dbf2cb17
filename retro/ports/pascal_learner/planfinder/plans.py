"""Victory plans: a scheme applied at a place and in an orientation on the board.

Seed: "A single scheme represents multiple positions on the grid and the
program derives those positions by centering, rotating and flipping the
scheme", the bounds ``up``, ``down``, ``left``, ``right`` being "mainly used
by the fits function".  ``victoryplans`` does exactly that for every scheme of
the list, in each of its useful orientations, at every square where it
``fits`` -- but all squares at once: the board's bit masks are shifted by each
condition of the scheme and intersected, so that the bits left standing are
the squares where the scheme applies.  This is a modern speed-up of the same
test (a square is kept exactly when ``fits`` holds and every free square is
empty and every held square holds the player's mark); the tests keep the
plain square-by-square version (tests/pascal_learner/reference_finder.py).

This module holds what the plan finders share (``PlanFinderBase``); the
learner trains with ``incremental.PlanFinder``, which finds the plans from
those of the position one move earlier, and plays in bounded memory with
``compact.CompactPlanFinder``.  Both give the plans of the whole-board
matcher, in its order: the yardstick the tests train with and compare.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterator, Optional

from ..model.board import EMPTY, Board, Grid, opponent
from ..model.schemes import Scheme, SchemeList
from .completions import Completions


@dataclass(frozen=True)
class Plan:
    """A victory plan: ``scheme`` turned to ``side``/``degrees`` with its (0, 0)
    on ``move``.  ``free`` and ``held`` are the squares of its conditions as
    bit masks of the board."""

    level: int
    move: int
    free: int
    held: int
    scheme: Scheme
    side: int
    degrees: int

    def thwarted_by(self, square: int) -> bool:
        """An opponent's mark on a free square spoils the plan."""
        return bool(self.free >> square & 1)


def squares(mask: int) -> Iterator[int]:
    """The squares of a bit mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Oriented:
    """One useful orientation of a scheme, compiled for a grid."""

    __slots__ = ("scheme", "side", "degrees", "level", "anchors", "held", "free", "freemask", "heldmask", "base",
                 "index", "order")

    def __init__(self, scheme: Scheme, side: int, degrees: int, grid: Grid, index: int = 0):
        free, held = scheme.turned(side, degrees)
        cols = grid.boardcols
        self.scheme, self.side, self.degrees, self.level = scheme, side, degrees, scheme.level
        rows = [r for r, _ in free + held]
        columns = [c for _, c in free + held]
        # up, down, left, right of the turned scheme, for fits
        self.anchors = fitsmask(grid, max(rows), min(rows), min(columns), max(columns))
        # A scheme square (r, c) is r rows above and c columns right of the move.
        self.held = tuple(interned(-r * cols + c) for r, c in held)
        self.free = tuple(interned(-r * cols + c) for r, c in free)
        deltas = self.held + self.free
        self.base = -min(deltas)
        self.freemask = sum(1 << (d + self.base) for d in self.free)
        self.heldmask = sum(1 << (d + self.base) for d in self.held)
        self.index = index  # the order of compiling: the order of the level-1 search
        self.order: tuple[int, ...] = ()  # the place in the tree's search order (_Node.insert)

    def plan(self, anchor: int) -> "Plan":
        """The plan of this turned scheme with its (0, 0) on ``anchor``."""
        return Plan(self.level, anchor, (self.freemask << anchor) >> self.base,
                    (self.heldmask << anchor) >> self.base, self.scheme, self.side, self.degrees)


_INTERNED: dict[int, int] = {}


def interned(number: int) -> int:
    """One int object for each value asked for (CPython shares only those
    from -5 to 256): the offsets and places of hundreds of thousands of
    turned schemes on a long list are a few hundred values."""
    return _INTERNED.setdefault(number, number)


@lru_cache(maxsize=4096)
def fitsmask(grid: Grid, up: int, down: int, left: int, right: int) -> int:
    """The squares where a scheme with these bounds ``fits``."""
    mask = 0
    for row in range(1, grid.boardrows + 1):
        if row - up < 1 or row - down > grid.boardrows:
            continue
        for col in range(1, grid.boardcols + 1):
            if col + left >= 1 and col + right <= grid.boardcols:
                mask |= 1 << grid.square(row, col)
    return mask


class _Node:
    """A node of the tree of turned schemes, keyed by held squares (as board
    offsets, nearest first): the schemes whose held squares are the path to
    the node hang on it."""

    __slots__ = ("children", "leaves", "number")

    def __init__(self, number: int = 0) -> None:
        # (the shared empty ones, until the first child or leaf: most nodes lack one or the other)
        self.children: dict[int, _Node] = _NO_CHILDREN
        self.leaves: list[Oriented] = _NO_LEAVES
        self.number = interned(number)  # its place among its parent's children

    def insert(self, o: "Oriented") -> None:
        """Hang ``o`` on the tree and set ``o.order``: the whole-board search
        (tests/pascal_learner/reference_finder.py) takes a node's leaves in
        order, then its children, the newest child first -- so the path of child
        numbers, negated, ends by LEAF and the leaf's number sorts the turned
        schemes as the search meets them, whichever branches it skips."""
        node = self
        path: list[int] = []
        for d in sorted(o.held, key=lambda d: (abs(d), d)):
            child = node.children.get(d)
            if child is None:
                if node.children is _NO_CHILDREN:
                    node.children = {}
                child = node.children[d] = _Node(len(node.children))
            path.append(interned(-child.number))
            node = child
        o.order = (*path, LEAF, interned(len(node.leaves)))
        if node.leaves is _NO_LEAVES:
            node.leaves = []
        node.leaves.append(o)


# Never written to: each node takes its own at its first child or leaf.
_NO_CHILDREN: dict[int, _Node] = {}
_NO_LEAVES: list[Oriented] = []


LEAF = -(1 << 30)  # below every negated child number: a node's leaves come before its children


class PlanFinderBase:
    """What every plan finder shares: the schemes of a list compiled for one
    grid, each in its useful orientations (new schemes of the list compiled
    as they come), hung in the tree that gives the plans' order (``_Node``);
    and the level-1 search (``threats``, ``victoryplans`` to level 1).  The
    finders find the rest: incremental.py (training), compact.py (play in
    bounded memory); the whole-board matcher they are compared with is the
    tests' (tests/pascal_learner/reference_finder.py)."""

    def __init__(self, schemes: SchemeList, grid: Grid):
        self.schemes = schemes
        self.grid = grid
        self._seen = 0
        self._compiled: list[Oriented] = []
        self._levels: dict[int, list[Oriented]] = {}
        self._trie = _Node()
        self._lines_only = True
        self._completions: Optional[Completions] = None  # the level-1 turned schemes by square (threats_after)

    def _compile(self) -> None:
        added = self.schemes.added
        if self._seen == len(added):
            return
        for scheme in added[self._seen:]:
            for side, degrees in scheme.orientations():
                o = Oriented(scheme, side, degrees, self.grid, len(self._compiled))
                self._compiled.append(o)
                self._levels.setdefault(o.level, []).append(o)
                self._trie.insert(o)
        self._levels = dict(sorted(self._levels.items()))
        # (threats_after: a level-1 scheme with no free square but its (0, 0) is a line to complete)
        self._lines_only = all(o.free == (0,) for o in self._levels.get(1, ()))
        self._seen = len(added)

    def victoryplans(self, board: Board, player: int, maxlevel: Optional[int] = None) -> list[Plan]:
        """Every plan of ``player``: each scheme (of level up to ``maxlevel``)
        in each useful orientation at each square where it applies, in the
        order of the search of the tree (``_Node``).  Here to level 1 only."""
        self._compile()
        mine = board.masks[player]
        empty = board.masks[EMPTY]
        plans: list[Plan] = []
        if maxlevel is not None and maxlevel < 2:
            for o, m in self._level_one(mine, empty) if maxlevel == 1 else ():
                self._finish(o, m, empty, plans)
            return plans
        raise NotImplementedError("the finders find the plans of every level (incremental.py, compact.py)")

    def _level_one(self, mine: int, empty: int) -> Iterator[tuple["Oriented", int]]:
        """Each level-1 turned scheme with the empty squares where its (0, 0)
        finds its held squares the player's (``mine``)."""
        for o in self._levels.get(1, ()):
            m = o.anchors & empty
            for d in o.held:
                m &= (mine >> d) if d >= 0 else (mine << -d)
                if not m:
                    break
            else:
                yield o, m

    @staticmethod
    def _free_at(o: "Oriented", m: int, empty: int) -> int:
        """The anchors of ``m`` where the free squares of a turned scheme are empty."""
        for d in o.free:
            if d:
                m &= (empty >> d) if d >= 0 else (empty << -d)
                if not m:
                    break
        return m

    @classmethod
    def _finish(cls, o: "Oriented", m: int, empty: int, plans: list[Plan]) -> None:
        """The plans of a turned scheme whose held squares match at ``m``."""
        m = cls._free_at(o, m, empty)
        while m:
            low = m & -m
            a = low.bit_length() - 1
            m ^= low
            plans.append(o.plan(a))

    def growth(self, board: Board, player: int) -> int:
        """The empty squares where a mark of ``player`` would make a new plan
        (a plan holding that square), as a bit mask: the finders'."""
        raise NotImplementedError("the finders look ahead (incremental.py, compact.py)")

    def expect(self, board: Board, player: int, marks: int) -> None:
        """A hint that ``marks`` positions of ``board`` with one more mark of
        ``player`` are about to be asked for: a finder that matches the whole
        board has no use for it (``incremental.PlanFinder`` may look ahead)."""

    def threats_after(self, board: Board, square: int, before: dict[int, set[int]]) -> dict[int, set[int]]:
        """Both sides' ``threats`` on ``board``, a position with a mark on
        ``square`` more than one whose threats were ``before``.  A mark can
        only take threats from the side that did not move: when every level-1
        scheme's only free square is its (0, 0) (a line to complete), it takes
        the one on its square, and the mover's alone are found again."""
        mover = board.squares[square]
        other = opponent(mover)
        self._compile()  # (the schemes learnt since)
        if not self._lines_only:
            return {mover: self.threats(board, mover), other: self.threats(board, other)}
        # The mover's threats are those before but the square's, and the lines the mark leaves one short.
        made = self._threats_through(square, board.masks[mover], board.masks[EMPTY])
        return {mover: (before[mover] - {square}) | made, other: before[other] - {square}}

    def _threats_through(self, square: int, mine: int, empty: int) -> set[int]:
        """The squares where the player (``mine``: his marks, one of them on
        ``square``) would complete a line with the level-1 turned schemes
        that hold ``square`` (completions.py)."""
        level_one = self._levels.get(1, ())
        if self._completions is None or self._completions.made_of != len(level_one):
            self._completions = Completions(level_one, self.grid)
        return self._completions.through(square, mine, empty)

    def threats(self, board: Board, player: int) -> set[int]:
        """The squares where ``player`` would complete a line: the moves of his
        level-1 plans (the anchors ``victoryplans(maxlevel=1)`` finds, without
        making the plans: the forced lines ask this of every position)."""
        self._compile()
        mine = board.masks[player]
        empty = board.masks[EMPTY]
        found = 0
        for o, m in self._level_one(mine, empty):
            found |= self._free_at(o, m, empty)
        return set(squares(found))

"""Victory plans kept up to date move by move: the learner's plan finder.

A move changes one square, so only the plans that use that square change:
the plans of the position one move earlier lose those with the square among
their free squares, and the mover gains those with the square among their
held squares.  ``PlanFinder`` keeps the plans of the positions it has seen
(the last ``CACHED`` of them) and finds a new position's plans from its
nearest seen ancestor, move by move; the new plans of a move are found
through a tree of the turned schemes hung by one held square (the pivot, on
the move) and keyed by the nearest few others relative to it, so that only
the schemes whose other held squares the mover holds around the move are
looked at.

The plans come out exactly as the whole-board matcher (the reference:
tests/pascal_learner/reference_finder.py) gives them (the tests train with
both and compare byte for byte): the same plans, in the same order (each
turned scheme's place in the reference's search, ``Oriented.order``, then
the square). Schemes added to the list after a position was seen are matched
against it, whole-board, the next time it is asked for.
"""
from __future__ import annotations

import gc
from collections import OrderedDict
from operator import itemgetter
from typing import TYPE_CHECKING, Optional

from ..model.board import CIRCLE, CROSS, EMPTY, Board, Grid
from .numeric import has_numpy
from .lookahead import SPAN, Condition, by_marked_square, condition, shifted
from .plans import Plan, PlanFinderBase, Oriented, interned
from ..model.schemes import SchemeList

if TYPE_CHECKING:
    from .vectorised import VectorConditions

CACHED = 4096  # positions (and players) whose plans are kept
# Other held squares by which the pivot tree branches: the turned schemes with more hang at this
# depth, each tested whole by its masks (a tree as deep as the schemes had 10 nodes a turned scheme:
# 2,097 MiB of training's 3.6 GiB at 47,118 schemes; 4 deep, 1,214 MiB in all; NOTES.md, "Training's
# memory").
DEPTH = 3
CHUNK = 32768  # turned schemes whose conditions are made into arrays at a time
AHEAD = 16  # positions (by the player's marks) whose plans one mark ahead are kept
# From this many turned schemes on, the finder may look ahead (with NumPy, lookahead.py); below,
# it always walks (a Tic-Tac-Toe list never gets there: NumPy is not imported for it).
LOOK_AHEAD_FROM = 2048
# Looking ahead on a position costs about what walking this many nodes of the
# pivot tree costs, per turned scheme (0.32-0.38 us a turned scheme, 1.95 us a
# node, along games 1,600-1,660 of a Five-in-a-Row training).
LOOK_AHEAD = 0.18
# Marks on the board from which looking ahead is quicker than walking from each
# empty square (along games 1,600-1,660: walks 13 ms at 20-29 marks, 18 at
# 30-39, 31 at 40-49; looking ahead 14, 14, 18 ms).
CROWDED = 30

# A found plan with its sort key: (the turned scheme's search order, the square).
Entry = tuple[tuple[tuple[int, ...], int], Plan]
_KEY = itemgetter(0)


class _Pivot:
    """A node of the tree of turned schemes hung by one held square: the
    path is the other held squares as offsets from it, nearest first, as far
    as ``DEPTH`` of them.

    Offsets and pivots are kept as bit numbers, so that a walk tests a node
    with a few operations on integers: ``mask`` has bit ``SPAN + e`` for each
    child's offset ``e``; ``pivots`` bit ``SPAN - pivot`` for each pivot whose
    turned schemes end here (the pivot's offset from their (0, 0)); ``need``
    the pivots of every turned scheme below the node.  The turned schemes
    that end here are ``leaves``, each with its pivot's bit in ``bits``:
    those with more than ``DEPTH`` other held squares end at the depth, and
    the walk tests their other held squares with their masks, as it tests
    every leaf's."""

    __slots__ = ("children", "bits", "leaves", "mask", "pivots", "need")

    def __init__(self) -> None:
        # (the shared empty ones, until the first child or leaf: most nodes have no children)
        self.children: dict[int, _Pivot] = _NO_CHILDREN  # by the bit of their offset
        self.bits: list[int] = _NO_BITS
        self.leaves: list[Oriented] = _NO_LEAVES
        self.mask = self.pivots = self.need = 0

    def insert(self, o: Oriented) -> None:
        for j, pivot in enumerate(o.held):
            node = self
            bit = _shared(1 << (SPAN - pivot))
            node.need = _shared(node.need | bit)
            others = sorted((d - pivot for k, d in enumerate(o.held) if k != j), key=abs)  # nearest first
            for e in others[:DEPTH]:
                key = SPAN + e
                if node.mask >> key & 1:
                    node = node.children[key]
                else:
                    if node.children is _NO_CHILDREN:
                        node.children = {}
                    child = node.children[interned(key)] = _Pivot()
                    node.mask = _shared(node.mask | 1 << key)
                    node = child
                node.need = _shared(node.need | bit)
            if node.leaves is _NO_LEAVES:
                node.bits, node.leaves = [], []
            node.bits.append(interned(SPAN - pivot))
            node.leaves.append(o)
            node.pivots = _shared(node.pivots | bit)


# Never written to: each node takes its own at its first child or leaf.
_NO_CHILDREN: dict[int, _Pivot] = {}
_NO_BITS: list[int] = []
_NO_LEAVES: list[Oriented] = []


def _shared(mask: int) -> int:
    """The mask, as a shared object if it is a single bit (most of the tree's masks are)."""
    return interned(mask) if mask.bit_count() == 1 else mask


class _Seen:
    """The plans of one player in one position, as far as the first
    ``compiled`` turned schemes go."""

    __slots__ = ("entries", "compiled")

    def __init__(self, entries: list[Entry], compiled: int):
        self.entries = entries
        self.compiled = compiled


class _Ahead:
    """The plans one mark of a player would make on a position, by square
    (``PlanFinder.growth``), as far as the first ``compiled`` turned schemes go."""

    __slots__ = ("empty", "compiled", "plans")

    def __init__(self, empty: int, compiled: int, plans: dict[int, list[tuple[Oriented, int]]]):
        self.empty = empty
        self.compiled = compiled
        self.plans = plans


class PlanFinder(PlanFinderBase):
    """The whole-board matcher's plans, found from the position one move
    earlier (see the module's text).  The level-1 search (``threats``) is the
    reference's own: it looks at a handful of turned schemes and is called on
    many positions seen once."""

    def __init__(self, schemes: SchemeList, grid: Grid):
        super().__init__(schemes, grid)
        self._pivots = _Pivot()
        self._vector: Optional[VectorConditions] = None  # the conditions as arrays, on a long list: looking ahead
        self._pivoted = 0
        self._offsets: set[int] = set()  # every offset between two held squares of a turned scheme
        self._positions: OrderedDict[tuple[int, int, int], _Seen] = OrderedDict()
        self._ahead: OrderedDict[int, _Ahead] = OrderedDict()  # by the player's marks
        # the walks from a position (by the player's marks): the nodes visited, the empty squares seen, how many
        self._walked: OrderedDict[int, tuple[int, int, int]] = OrderedDict()
        # the positions with a mark more that are about to be asked for (expect): how many, the board's empty squares
        self._expected: OrderedDict[int, tuple[int, int]] = OrderedDict()

    def _compile(self) -> None:
        if self._seen == len(self.schemes.added):  # nothing learnt since (the common case: asked per position)
            return
        super()._compile()
        new = self._compiled[self._pivoted:]
        for o in new:
            self._pivots.insert(o)
            self._offsets.update(d - pivot for pivot in o.held for d in o.held)
        self._pivoted = len(self._compiled)
        self._grow_arrays(new)
        # The compiled schemes live as long as the list: millions of objects on a large one, which
        # Python's cycle collector would otherwise walk in full now and then -- 0.7 s in the middle
        # of a move on a 2,000-game list.  Frozen, they are left out of its walks (they hold no
        # cycles; what the program drops is still freed by reference counting).
        gc.freeze()

    def victoryplans(self, board: Board, player: int, maxlevel: Optional[int] = None) -> list[Plan]:
        if maxlevel is not None and maxlevel < 2:
            return super().victoryplans(board, player, maxlevel)
        self._compile()
        entries = self._entries(board, player)
        if maxlevel is None:
            return [p for _, p in entries]
        return [p for _, p in entries if p.level <= maxlevel]

    def growth(self, board: Board, player: int) -> int:
        """The reference's answer, with the plans each square's mark would make
        kept for ``_grown``: improveschemes plays each of these squares next
        (its repair of a single unanswered reply).  On a short list, or a
        board with few marks, they are found by walking the pivot tree from
        each empty square; on a long list's crowded board, or once the walks
        have cost what it costs, by looking ahead whole-board (``_ahead_of``)."""
        self._compile()
        mine, empty = board.masks[player], board.masks[EMPTY]
        ahead = None
        if self._vector is None or (self.grid.full & ~empty).bit_count() < CROWDED:
            ahead = self._walked_ahead(mine, empty)
        if ahead is None:
            ahead = self._ahead_of(mine, empty)
        found = 0
        for square in ahead.plans:
            found |= 1 << square
        return found

    def _walked_ahead(self, mine: int, empty: int) -> Optional[_Ahead]:
        """``_ahead_of``'s answer by walks from each empty square; None if
        they cost more than looking ahead would have."""
        budget = self._look_cost()
        plans: dict[int, list[tuple[Oriented, int]]] = {}
        # (budget None: a short list, walked whatever it costs)
        rest = empty
        while rest:
            low = rest & -rest
            rest ^= low
            square = low.bit_length() - 1
            found, visited = self._walk(square, mine | low, empty & ~low)
            if found:
                plans[square] = found
            if budget is not None:
                budget -= visited
                if budget < 0:
                    return None
        return self._keep_ahead(mine, _Ahead(empty, len(self._compiled), plans))

    def _ahead_of(self, mine: int, empty: int) -> _Ahead:
        """For each empty square, the plans a mark of the player there would
        make (lookahead.py, with NumPy: only on a long list)."""
        assert self._vector is not None
        empties, mines = shifted(empty), shifted(mine)
        found = self._vector.anchors(empties, mines, empty)
        return self._keep_ahead(mine, _Ahead(empty, len(self._compiled), by_marked_square(found, empties)))

    def _look_cost(self) -> Optional[float]:
        """What looking ahead costs, in nodes of the pivot tree walked; None
        on a short list, which never looks ahead."""
        return None if self._vector is None else len(self._compiled) * LOOK_AHEAD

    def _grow_arrays(self, new: list[Oriented]) -> None:
        """The new turned schemes' conditions as arrays, for looking ahead
        with NumPy: from LOOK_AHEAD_FROM turned schemes on (then every one
        compiled so far).  Grown with the list when it is compiled, not in a
        move that looks ahead (nor is NumPy imported there)."""
        if self._vector is None:
            if len(self._compiled) < LOOK_AHEAD_FROM or not has_numpy():  # (without NumPy: always walks)
                return
            from .vectorised import VectorConditions  # (NumPy: only for a long list)
            self._vector = VectorConditions(self.grid)
            new = self._compiled
        for start in range(0, len(new), CHUNK):  # (a chunk at a time: a whole list's tuples at once take as much again)
            self._vector.extend([condition(o) for o in new[start:start + CHUNK]])

    def conditions(self) -> list[Condition]:
        """Every turned scheme's conditions for looking ahead (the tests compare the two ways)."""
        self._compile()
        return [condition(o) for o in self._compiled]

    def _keep_ahead(self, mine: int, ahead: _Ahead) -> _Ahead:
        self._ahead[mine] = ahead
        if len(self._ahead) > AHEAD:
            self._ahead.popitem(last=False)
        return ahead

    # -- the plans of a position, from a seen ancestor -----------------------------------
    def _entries(self, board: Board, player: int) -> list[Entry]:
        crosses, circles = board.masks[CROSS], board.masks[CIRCLE]
        moves = board.moves
        if len(moves) != (crosses | circles).bit_count():  # marks not placed one by one: match afresh
            return self._match(self._compiled, board.masks[player], board.masks[EMPTY])
        seen = self._positions
        path: list[tuple[int, int]] = []  # (square, its mark), back to the nearest seen position
        found: Optional[_Seen] = None
        for square in reversed(moves):
            found = seen.get((crosses, circles, player))
            if found is not None:
                break
            bit = 1 << square
            mark = CROSS if crosses & bit else CIRCLE
            path.append((square, mark))
            if mark == CROSS:
                crosses ^= bit
            else:
                circles ^= bit
        else:
            found = seen.get((crosses, circles, player))
        if found is None:  # the empty board
            found = self._remember(crosses, circles, player, self._start(crosses | circles))
        else:
            seen.move_to_end((crosses, circles, player))
            self._catch_up(found, crosses, circles, player)
        entries = found.entries
        for square, mark in reversed(path):
            if mark == CROSS:
                crosses |= 1 << square
            else:
                circles |= 1 << square
            entries = self._after(entries, square, mark == player, crosses, circles, player)
            self._remember(crosses, circles, player, entries)
        return entries

    def _remember(self, crosses: int, circles: int, player: int, entries: list[Entry]) -> _Seen:
        found = self._positions[(crosses, circles, player)] = _Seen(entries, len(self._compiled))
        if len(self._positions) > CACHED:
            self._positions.popitem(last=False)
        return found

    def _start(self, taken: int) -> list[Entry]:
        """The plans on a board without marks: those of the turned schemes
        that hold nothing (the leaves of the reference's tree at its root)."""
        assert taken == 0
        return self._match(self._trie.leaves, 0, self.grid.full)

    def _catch_up(self, found: _Seen, crosses: int, circles: int, player: int) -> None:
        """Add the plans of the turned schemes compiled since ``found`` was made."""
        if found.compiled == len(self._compiled):
            return
        empty = self.grid.full & ~(crosses | circles)
        mine = crosses if player == CROSS else circles
        new = self._match(self._compiled[found.compiled:], mine, empty)
        if new:
            found.entries = sorted(found.entries + new, key=_KEY)
        found.compiled = len(self._compiled)

    def _after(self, entries: list[Entry], square: int, own: bool, crosses: int, circles: int,
               player: int) -> list[Entry]:
        """The plans after a mark on ``square`` (``own``: the player's)."""
        bit = 1 << square
        kept = [e for e in entries if not e[1].free & bit]
        if own:
            new = self._grown(square, crosses if player == CROSS else circles,
                              self.grid.full & ~(crosses | circles))
            if new:
                kept += new
                kept.sort(key=_KEY)
        return kept

    def expect(self, board: Board, player: int, marks: int) -> None:
        """A hint: about ``marks`` positions of this board with one more mark
        of ``player`` each are about to be asked for (the thwarting step's
        forced lines, each with a block).  Once the first walks from them
        show that the rest would cost more than looking ahead, ``_grown``
        looks ahead (on this board) rather than walk on."""
        self._expected[board.masks[player]] = (marks, board.masks[EMPTY])
        if len(self._expected) > AHEAD:
            self._expected.popitem(last=False)

    def _grown(self, square: int, mine: int, empty: int) -> list[Entry]:
        """The plans that hold ``square``, the player's newest mark.

        They are found by walking the pivot tree, or among the plans looked
        ahead on the position before the mark (``_ahead_of``), when this is
        that position with the mark and perhaps more of the opponent's marks
        (which only spoil plans).  ``growth`` looks ahead; so does this, when
        the walks from one position cost what looking ahead costs: after
        them (ski rental), or as soon as the walks still expected from it
        (``expect``) would.  Then the position's other marks need no walk."""
        bit = 1 << square
        base = mine & ~bit
        ahead = self._ahead.get(base)
        if ahead is None or not ahead.empty & bit or empty & ~ahead.empty:
            nodes, seen, walks = self._walked.pop(base, (0, 0, 0))
            budget = self._look_cost()
            expected, board_empty = self._expected.get(base, (None, 0))
            if budget is None:  # a short list: always walked
                look = False
            elif expected is None:  # ski rental: the walks so far have cost what looking ahead costs
                look = nodes > budget
            else:  # the walks still expected would cost more, at the cost of those so far
                look = walks > 0 and (expected - walks) * nodes / walks > budget
            if look:
                ahead = self._ahead_of(base, board_empty | seen | empty | bit)
            else:
                found, visited = self._walk(square, mine, empty)
                self._walked[base] = (nodes + visited, seen | empty | bit, walks + 1)
                if len(self._walked) > AHEAD:
                    self._walked.popitem(last=False)
                return [((o.order, a), o.plan(a)) for o, a in found]
        found = [(o, a) for o, a in ahead.plans.get(square, ()) if not ((o.freemask << a) >> o.base) & ~empty]
        if ahead.compiled < len(self._compiled):  # schemes learnt since
            found += self._holding(self._compiled[ahead.compiled:], square, mine, empty)
        return [((o.order, a), o.plan(a)) for o, a in found]

    @staticmethod
    def _holding(compiled: list[Oriented], square: int, mine: int, empty: int) -> list[tuple[Oriented, int]]:
        """The plans of these turned schemes that hold ``square``, anchor by anchor."""
        found = []
        for o in compiled:
            for d in o.held:
                a = square - d
                if (a >= 0 and empty >> a & 1 and o.anchors >> a & 1 and not ((o.freemask << a) >> o.base) & ~empty
                        and not ((o.heldmask << a) >> o.base) & ~mine):
                    found.append((o, a))
        return found

    def _walk(self, square: int, mine: int, empty: int) -> tuple[list[tuple[Oriented, int]], int]:
        """The turned schemes and their (0, 0) that match with ``square``
        among their held squares, and the number of nodes visited.  The tree
        is walked through the player's marks around the square (``near``):
        from each node, only to the children whose offset leads to one of
        them and below which some turned scheme has its (0, 0) on an empty
        square (``moves``)."""
        offsets = self._offsets
        near = 0
        rest = mine & ~(1 << square)
        while rest:
            low = rest & -rest
            e = low.bit_length() - 1 - square
            rest ^= low
            if e in offsets:
                near |= 1 << (SPAN + e)
        moves = (empty << SPAN) >> square  # bit SPAN - pivot: the (0, 0) of a plan so pivoted is empty
        corner = square - SPAN
        taken, others = ~empty, ~mine
        found: list[tuple[Oriented, int]] = []
        stack = [self._pivots]
        pop, push = stack.pop, stack.append
        visited = 0
        while stack:
            node = pop()
            visited += 1
            if node.pivots & moves:
                for bit, o in zip(node.bits, node.leaves):
                    if moves >> bit & 1:
                        a = corner + bit  # the (0, 0)
                        if o.anchors >> a & 1 and not (o.freemask << a) >> o.base & taken \
                                and not (o.heldmask << a) >> o.base & others:
                            found.append((o, a))
            ahead = node.mask & near
            if ahead:
                children = node.children
                while ahead:
                    low = ahead & -ahead
                    ahead ^= low
                    child = children[low.bit_length() - 1]
                    if child.need & moves:
                        push(child)
        return found, visited

    @staticmethod
    def _match(compiled: list[Oriented], mine: int, empty: int) -> list[Entry]:
        """Whole-board: the plans of these turned schemes, in the reference's order."""
        found: list[Entry] = []
        for o in compiled:
            m = o.anchors & empty
            for d in o.held:
                if not m:
                    break
                m &= (mine >> d) if d >= 0 else (mine << -d)
            for d in o.free:
                if not m:
                    break
                if d:
                    m &= (empty >> d) if d >= 0 else (empty << -d)
            while m:
                low = m & -m
                a = low.bit_length() - 1
                m ^= low
                found.append(((o.order, a), o.plan(a)))
        found.sort(key=_KEY)
        return found


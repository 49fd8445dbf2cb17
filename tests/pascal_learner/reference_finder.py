"""The whole-board matcher: every call matches every turned scheme against
the whole board.  It was the learner's first plan finder; the learner's
finders (planfinder/incremental.py, planfinder/compact.py) give its plans in
its order, and the tests train with it and compare the stores and the games
byte for byte (test_pascal_matcher.py); the benchmark times it
(benchmarks/pascal_learner.py).  Also the plain square-by-square search the
text tells (``plans_by_square``)."""
from __future__ import annotations

from typing import Optional

from retro.ports.pascal_learner.model.board import EMPTY, Board
from retro.ports.pascal_learner.model.schemes import SchemeList
from retro.ports.pascal_learner.planfinder.lookahead import by_marked_square, condition, shifted
from retro.ports.pascal_learner.planfinder.plans import Plan, PlanFinderBase

from lookahead_oracle import python_anchors


class ReferencePlanFinder(PlanFinderBase):
    """The plans found whole-board at every call."""

    def victoryplans(self, board: Board, player: int, maxlevel: Optional[int] = None) -> list[Plan]:
        """The turned schemes hang in a tree by their held squares
        (``plans._Node``), so that schemes sharing held squares share the work
        of testing them, and a branch whose squares the player does not hold
        is left at once."""
        if maxlevel is not None and maxlevel < 2:
            return super().victoryplans(board, player, maxlevel)
        self._compile()
        mine = board.masks[player]
        empty = board.masks[EMPTY]
        plans: list[Plan] = []
        stack = [(self._trie, empty)]
        while stack:
            node, mask = stack.pop()
            for o in node.leaves:
                if maxlevel is None or o.level <= maxlevel:
                    m = mask & o.anchors
                    if m:
                        self._finish(o, m, empty, plans)
            for d, child in node.children.items():
                m = mask & ((mine >> d) if d >= 0 else (mine << -d))
                if m:
                    stack.append((child, m))
        return plans

    def growth(self, board: Board, player: int) -> int:
        """The empty squares where a mark of ``player`` would make a new plan
        (a plan holding that square), as a bit mask: looked ahead by the plain
        loop (lookahead_oracle.py)."""
        self._compile()
        mine, empty = board.masks[player], board.masks[EMPTY]
        empties = shifted(empty)
        found = python_anchors([condition(o) for o in self._compiled], empties, shifted(mine), empty)
        grown = 0
        for square in by_marked_square(found, empties):
            grown |= 1 << square
        return grown & empty


def plans_by_square(schemes: SchemeList, board: Board, player: int) -> set[tuple[int, int, int, int]]:
    """The same plans as ``victoryplans``, found the slow way the text tells:
    centre each turned scheme on each square, ask ``fits``, test each
    condition.  Returns (scheme id, side, degrees, move) for comparison."""
    grid = board.grid
    found = set()
    for scheme in schemes:
        for side, degrees in scheme.orientations():
            turned = scheme.oriented(side, degrees)
            for row in range(1, grid.boardrows + 1):
                for col in range(1, grid.boardcols + 1):
                    if not turned.fits(row, col, grid.boardrows, grid.boardcols):
                        continue
                    if all(board.squares[grid.square(row - r, col + c)] == EMPTY for r, c in turned.free) and \
                            all(board.squares[grid.square(row - r, col + c)] == player for r, c in turned.held):
                        found.add((id(scheme), side, degrees, grid.square(row, col)))
    return found

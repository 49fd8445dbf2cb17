"""The learner: a list of schemes on a grid, with what it does with them.

One object holds what the original kept in its global variables -- the
grid (``boardrows``, ``boardcols``, ``winalign``), the list of schemes, the
data file -- so that the interactive program, the training mode, the tests
and the audit all use the same code: ``candidatemoves``/``choose`` for play,
``learn`` (``improveschemes``) and ``save`` after a lost game, ``verdict``
for what it has concluded about the game.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Callable, Iterable, Optional, Union

from retro.vocabulary import Words

from ..model.board import CROSS, Board, Grid, opponent
from ..play.choice import Choice, candidatemoves
from ..store.datafile import Store, save
from .improveschemes import Budget, improveschemes, sound
from ..planfinder.incremental import PlanFinder
from ..planfinder.plans import PlanFinderBase
from ..model.rules import DEFAULT, LITERAL, Rules
from ..model.schemes import Scheme, SchemeList


class Verdict(Words):
    """What the learner has concluded about the game (``Learner.verdict``),
    in the words it says it in."""

    FIRST_PLAYER_WINS = "first player wins"
    DRAW = "draw"
    UNDECIDED = "undecided"


FIRST_PLAYER_WINS, DRAW, UNDECIDED = Verdict.FIRST_PLAYER_WINS, Verdict.DRAW, Verdict.UNDECIDED

CALM = 100  # games without a defeat after which the learner calls the game a draw


def rules_word(fixed: bool, rules: Rules) -> str:
    """The rule set as the data file records it: flawed (the default), fixed,
    literal; any other mix of switches (tools/pascal_measure.py) is "custom",
    which no data file may be read under."""
    if rules == LITERAL:
        return "literal"
    if rules != DEFAULT:
        return "custom"
    return "fixed" if fixed else "flawed"


# A plan finder by name, or the class of one (the tests' and the benchmark's whole-board matcher).
Matcher = Union[str, Callable[[SchemeList, Grid], PlanFinderBase]]


def finder_for(matcher: Matcher, schemes: SchemeList, grid: Grid) -> PlanFinderBase:
    """The plan finder of that name: "incremental" (the learner's, for
    training), "compact" (arrays, for play in bounded memory:
    planfinder/compact.py); or of that class."""
    if callable(matcher):
        return matcher(schemes, grid)
    if matcher == "compact":
        from ..planfinder.compact import CompactPlanFinder  # (NumPy: imported for this finder only)
        return CompactPlanFinder(schemes, grid)
    assert matcher == "incremental", matcher
    return PlanFinder(schemes, grid)


class Learner:
    def __init__(self, grid: Grid, store: Store, fixed: bool = False,
                 path: Optional[Path] = None, rng: Optional[random.Random] = None, rules: Rules = DEFAULT,
                 matcher: Matcher = "incremental", finder: Optional[PlanFinderBase] = None):
        self.grid = grid
        self.rules = rules
        self.store = store
        self.schemes: SchemeList = store.schemes
        self.fixed = fixed
        self.path = path  # where to save after each learning step; None: keep in memory
        self.rng = rng or random.Random()
        self.matcher = matcher
        # (a finder given: one compiled elsewhere, store/compiled.py, which plays and does not learn)
        self.finder = finder if finder is not None else finder_for(matcher, self.schemes, grid)

    def adopt(self, store: Store) -> None:
        """Go on with ``store`` (the data file as another learner left it: a shared learner, store/session.py)."""
        self.store = store
        self.schemes = store.schemes
        self.finder = finder_for(self.matcher, self.schemes, self.grid)

    @classmethod
    def empty(cls, grid: Grid, fixed: bool = False, path: Optional[Path] = None,
              rng: Optional[random.Random] = None, rules: Rules = DEFAULT, matcher: Matcher = "incremental") -> "Learner":
        """A learner with no schemes (its store recording the rule set)."""
        store = Store(SchemeList(grid.winalign), rules=rules_word(fixed, rules))
        return cls(grid, store, fixed, path=path, rng=rng, rules=rules, matcher=matcher)

    # -- playthegame ---------------------------------------------------------------
    def candidatemoves(self, board: Board, player: int) -> Choice:
        """The moves the learner chooses among at random, and why (play/choice.py).

        With --fixed, a position is rated lost only if the opponent has a
        plan that is sound after every move of the learner's."""
        choice = candidatemoves(self.finder, board, player, self.rules)
        if choice.lost and self.fixed and choice.reason != "block":
            choice = Choice(choice.moves, choice.reason, self._surely_lost(board, player), choice.level)
        return choice

    def choose(self, board: Board, player: int) -> tuple[int, Choice]:
        choice = self.candidatemoves(board, player)
        return self.rng.choice(sorted(choice.moves)), choice

    def _surely_lost(self, board: Board, player: int) -> bool:
        you = opponent(player)
        plans = self.finder.victoryplans(board, you)
        budget = Budget()
        for m in board.empties():
            after = board.with_move(m, player)
            if not any(not p.thwarted_by(m) and sound(self.finder, after, p, you, budget) for p in plans):
                return False
        return True

    # -- improveschemes --------------------------------------------------------------
    def learn(self, moves: Iterable[tuple[int, int]]) -> list[Scheme]:
        """improveschemes on a lost game; the schemes added (``save`` writes them)."""
        added = improveschemes(self.schemes, self.grid, moves, self.fixed, self.finder, self.rules)
        return added

    def record(self, lost: bool) -> None:
        """Count a game in the learner's record."""
        self.store.games += 1
        if lost:
            self.store.lost += 1
            self.store.lastloss = self.store.games

    def save(self) -> None:
        if self.path is not None:
            save(self.store, self.path)

    # -- what it has concluded ---------------------------------------------------------
    def opening(self) -> list[int]:
        """The first moves the learner believes win the game (plans on the
        empty grid; with --fixed only those it can prove sound)."""
        board = Board(self.grid)
        plans = self.finder.victoryplans(board, CROSS)
        if self.fixed:
            budget = Budget()
            plans = [p for p in plans if sound(self.finder, board, p, CROSS, budget)]
        return sorted({p.move for p in plans})

    def verdict(self) -> Verdict:
        if self.opening():
            return FIRST_PLAYER_WINS
        if self.rules.calm_draw and self.store.games >= CALM and self.store.games - self.store.lastloss >= CALM:
            return DRAW
        return UNDECIDED

"""``improveschemes``: learning from a lost game by backward analysis.

Seed: "Procedure improveschemes is for improving the schemes used by the
program to decide on the moves to play, based on the game just played", and
it "constructs new schemes from lower level schemes, so that after applying
the move indicated by a scheme, it will always be possible to find other
schemes in list which apply to the new position and indicate the following
moves".  The program learns only from the games it loses ("whenever it loses
a game it analyses and learns from it").

The analysis walks the winner's moves backwards from the final position:

* the last move completed a line: the ``winalign - 1`` marks beside it and
  the move make a scheme of level 1;
* an earlier move ``m`` of the winner becomes a scheme when, in the position
  after it, the winner's plans (found with the list as it stands, including
  what this analysis has already added) answer every reply of the loser:

  - the fork rule: two plans that no single reply spoils both of;
  - the reply rule: a set of plans such that every reply leaves one of them
    ("if he does, it will still be possible to win the game by following
    other longer sequences of moves");

  only plans that hold ``m`` count (the move must take part in them); the
  new scheme's free squares are the plans' free squares and ``m``, its held
  squares theirs without ``m``, its level one above the highest of them.
* when a single reply is left unanswered, the position after that reply is
  analysed first -- every move of the winner there that would give him a
  new plan is tried by the same rules -- and ``m`` is tried again.

The two rules are the issue's feasibility study's; the repair of a single
unanswered reply is this port's (all reconstructions: the text gives the
aim, not the rules; NOTES.md has the measurements that chose them).

The documented flaw lives in the word "answer".  By default (as the original)
a reply answers nothing but the plans whose free squares it takes: "The
program assumes that if there are two victoryplans that cannot be
immediately thwarted by the same move then it is possible to win the game.
This however is not the case, as there can be a move that thwarts one
victoryplan and at the same time threatens a winning sequence."  With
``fixed`` a plan survives a reply only if it still wins in the position the
reply makes, the loser's threats answered first (``sound``).
"""
from __future__ import annotations

from typing import Iterable, Optional, Sequence

from ..model.board import EMPTY, Board, Grid, opponent
from ..planfinder.incremental import PlanFinder
from ..planfinder.plans import Plan, PlanFinderBase, squares
from ..model.rules import DEFAULT, Rules
from ..model.schemes import Scheme, SchemeList, Square

SOUND_BUDGET = 20000  # positions ``sound`` may visit before it gives up (--fixed)


def relative(grid: Grid, move: int, square: int) -> Square:
    """A board square as a scheme sees it from ``move``: rows upwards."""
    mr, mc = grid.rowcol(move)
    r, c = grid.rowcol(square)
    return (mr - r, c - mc)


def scheme_of(grid: Grid, move: int, level: int, free: int, held: int) -> Scheme:
    """The scheme whose (0, 0) is ``move``, from board masks of its squares."""
    return Scheme.canonical(
        level,
        (relative(grid, move, s) for s in squares(free | 1 << move)),
        (relative(grid, move, s) for s in squares(held & ~(1 << move))),
    )


def answers(finder: PlanFinderBase, after: Board, winner: int, plans: Sequence[Plan], fixed: bool) -> list[int]:
    """For each plan, the replies of the loser it survives, as a bit mask.

    The original's reading: a reply spoils a plan only by taking one of its
    free squares.  With ``fixed``, a reply survives only if the plan still
    wins in the position the reply makes (``sound``): a reply that threatens
    to complete a line must be blocked first, so only a plan whose move is
    the block, or a plan of level 1, can still be followed."""
    empty = after.masks[EMPTY]
    survive = [empty & ~p.free for p in plans]
    if not fixed:
        return survive
    loser = opponent(winner)
    budget = Budget()
    for r in squares(empty):
        reply = after.with_move(r, loser)
        for i, p in enumerate(plans):
            if survive[i] >> r & 1 and not sound(finder, reply, p, winner, budget):
                survive[i] &= ~(1 << r)
    return survive


class Budget:
    """How many more positions ``sound`` may look at (a guard for large grids)."""

    def __init__(self, limit: int = SOUND_BUDGET):
        self.left = limit

    def spend(self) -> bool:
        self.left -= 1
        return self.left >= 0


def sound(finder: PlanFinderBase, board: Board, plan: Plan, winner: int, budget: Optional[Budget] = None) -> bool:
    """--fixed: whether ``plan`` (its squares still as it needs them) wins for
    ``winner``, to move on ``board``, whatever the loser replies, the loser's
    own threats included.

    A plan of level 1 wins at once.  A higher plan is played only if the
    loser has no threat to answer first (or the plan's move is the block);
    after it the loser must have no threat left and the winner's plans of
    lower level must answer every reply, each sound in turn.  The original
    stopped at the first question ("no single move thwarts them"); the
    issue's study asked it of the reply only, which schemes learnt in other
    positions can still fool (see NOTES.md).  When the budget runs out the
    answer is no: not proven."""
    if plan.level == 1:
        return True
    budget = budget or Budget()
    if not budget.spend():
        return False
    loser = opponent(winner)
    threats = finder.threats(board, loser)
    if len(threats) > 1 or (threats and plan.move not in threats):
        return False
    after = board.with_move(plan.move, winner)
    if finder.threats(after, loser):
        return False
    plans = finder.victoryplans(after, winner, maxlevel=plan.level - 1)
    for r in squares(after.masks[EMPTY]):
        reply = after.with_move(r, loser)
        if not any(not p.free >> r & 1 and sound(finder, reply, p, winner, budget) for p in plans):
            return False
    return True


def construct(finder: PlanFinderBase, after: Board, move: int, winner: int,
              fixed: bool, rules: Rules = DEFAULT) -> tuple[Optional[Scheme], int]:
    """The scheme the fork rule or the reply rule makes of ``move``, if any,
    and the replies no plan answers (a bit mask, when there is no scheme).

    The lowest level wins; at equal level the fork rule (two plans), then the
    fewest squares."""
    loser = opponent(winner)
    if rules.skip_if_loser_threatens and finder.threats(after, loser):
        return None, 0  # the loser could win at once: nothing to learn here (NOTES.md: an addition)
    # Only the plans the move takes part in: a plan elsewhere on the board
    # was there before the move and would make the scheme a mere pairing of
    # distant threats (on 15x15 these multiply without end; NOTES.md).
    plans = [p for p in finder.victoryplans(after, winner) if p.held >> move & 1 or not rules.hold_move]
    empty = after.masks[EMPTY]
    if not plans:
        return None, empty
    survive = answers(finder, after, winner, plans, fixed)
    union = 0
    for mask in survive:
        union |= mask
    if union != empty:
        return None, empty & ~union
    order = sorted(range(len(plans)), key=lambda i: (plans[i].level, plans[i].free.bit_count()))
    for level in sorted({p.level for p in plans}):
        pool = [i for i in order if plans[i].level <= level]
        union = 0
        for i in pool:
            union |= survive[i]
        if union != empty:
            continue
        chosen = _fork(plans, survive, pool, empty)
        if chosen is None:
            if not rules.reply_rule:
                continue
            chosen = _cover(plans, survive, pool, empty)
        free = held = 0
        for i in chosen:
            free |= plans[i].free
            held |= plans[i].held
        return scheme_of(after.grid, move, scheme_level([plans[i].level for i in chosen], rules), free, held), 0
    return None, 0  # no pair (and no reply rule), or not reached


def scheme_level(levels: Sequence[int], rules: Rules = DEFAULT) -> int:
    """The level of a scheme made of a move and plans of these levels.  The
    prose: "the number of moves to win the game when following the shortest
    sequence, assuming that the opponent does not hinder its execution" --
    the move, then the quickest plan: min + 1, the default.  The port's first
    rule, ``level_of_highest``: max + 1, the move, then the slowest plan the
    opponent may leave (NOTES.md has both measured)."""
    return (max(levels) if rules.level_of_highest else min(levels)) + 1


def _fork(plans: Sequence[Plan], survive: list[int], pool: list[int], empty: int) -> Optional[list[int]]:
    """The fork rule: the pair of plans with the fewest squares between them
    that survives every reply."""
    best: Optional[tuple[int, list[int]]] = None
    for x, i in enumerate(pool):
        for j in pool[x + 1:]:
            if survive[i] | survive[j] == empty:
                size = (plans[i].free | plans[j].free | plans[i].held | plans[j].held).bit_count()
                if best is None or size < best[0]:
                    best = (size, [i, j])
    return best[1] if best else None


def _cover(plans: Sequence[Plan], survive: list[int], pool: list[int], empty: int) -> list[int]:
    """The reply rule: plans taken greedily (the one answering most of the
    replies not yet answered) until every reply leaves one of them."""
    left = empty
    chosen: list[int] = []
    while left:
        i = max(pool, key=lambda k: ((survive[k] & left).bit_count(), -plans[k].level, -plans[k].free.bit_count()))
        chosen.append(i)
        left &= ~survive[i]
    return chosen


def improveschemes(schemes: SchemeList, grid: Grid, moves: Iterable[tuple[int, int]],
                   fixed: bool = False, finder: Optional[PlanFinderBase] = None,
                   rules: Rules = DEFAULT) -> list[Scheme]:
    """Analyse a finished game (its moves as (square, player)) backwards and
    add the schemes it teaches; returns the schemes added, in order.
    ``finder`` may be the caller's plan finder for the same list and grid."""
    moves = list(moves)
    if not moves:
        return []
    positions = [Board(grid)]
    for square, player in moves:
        positions.append(positions[-1].with_move(square, player))
    final = positions[-1]
    last, winner = moves[-1]
    if not final.completes(last):
        return []
    if finder is None or finder.schemes is not schemes or finder.grid != grid:
        finder = PlanFinder(schemes, grid)
    added: list[Scheme] = []

    def learn(scheme: Optional[Scheme]) -> None:
        if scheme is not None and schemes.add(scheme, merge_covered=rules.merge_covered):
            kept = schemes.find(scheme)  # as the list keeps it: canonically turned
            assert kept is not None
            added.append(kept)

    def attempt(after: Board, move: int, player: int, repair: bool = True) -> None:
        """Make ``move`` (already on ``after``) a scheme if the rules allow."""
        scheme, missing = construct(finder, after, move, player, fixed, rules)
        if scheme is None and repair and rules.repair and missing.bit_count() == 1:
            # One reply left unanswered: learn what wins after it, then try again.
            reply = after.with_move(missing.bit_length() - 1, opponent(player))
            for m in squares(finder.growth(reply, player)):
                attempt(reply.with_move(m, player), m, player, repair=False)
            scheme, _ = construct(finder, after, move, player, fixed, rules)
        learn(scheme)

    # The final position: the winning line, less the last move, is a level-1 scheme.
    window = final.winning_window(last)
    learn(scheme_of(grid, last, 1, 1 << last, sum(1 << s for s in window if s != last)))
    # The winner's earlier moves, from the last backwards.
    for k in range(len(moves) - 3, -1, -1):
        square, player = moves[k]
        if player == winner:
            attempt(positions[k + 1], square, winner)
    return added

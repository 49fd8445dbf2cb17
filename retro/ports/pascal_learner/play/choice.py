"""The move choice of ``playthegame``: which squares the learner may play.

The seed says only that the program "starts by playing tic-tac-toe at
random", that schemes "determine a threat" and "indicate the following
moves", and that the learner ends "unbeatable".  The order of decisions below
is a reconstruction (d).  It plays from its schemes, with one departure from
the prose, which presents schemes as "an alternative to the forward search
approach": ``forcedline`` searches forward, one line deep -- after a
candidate move it plays the forced blocks (a side facing one threat blocks
it) until a side can win at once, faces two threats, or faces none; at most
one line per candidate, never a branching tree.  ``Rules.forced_line`` (on by
default, off with --literal) switches it; NOTES.md has what it costs and
what it changes:

1. win: the moves of the learner's plans of level 1;
2. block: the moves of the opponent's plans of level 1;
3. at random, when no scheme applies to either side (the text's start);
4. the learner's own plan of lowest level, when it is not slower than the
   opponent's quickest plan, unless following the forced blocks after it (a
   chain of single threats) ends in a double threat against the learner;
5. otherwise thwart: the moves whose forced line avoids a double threat
   against the learner, then after which the opponent's quickest plan is
   slowest, then which leave the opponent fewest plans.

``candidatemoves`` returns the whole set the learner picks from at random
(``Learner.choose``), so that an audit can follow every choice it might make.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..model.board import EMPTY, Board, opponent
from ..planfinder.plans import Plan, PlanFinderBase, squares
from ..model.rules import DEFAULT, Rules

# Outcomes of a forced line, for the side that started it.
WON, OPEN, LOST = 1, 0, -1
NOPLAN = 10**6  # the "level" of no plan at all: slower than any


@dataclass(frozen=True)
class Choice:
    """The squares the learner chooses among and why."""

    moves: frozenset[int]
    reason: str  # "win", "block", "random", "plan", "thwart"
    lost: bool = False  # the learner rates its position lost (the opponent can always win)
    level: int = 0  # the level of the plan followed, or of the opponent's quickest plan left (NOPLAN: none)


def forcedline(finder: PlanFinderBase, board: Board, move: int, player: int,
               threats: Optional[dict[int, set[int]]] = None) -> tuple[int, Board]:
    """Play ``move`` for ``player`` and then the forced replies: while the side
    to move cannot win at once and faces a single threat, it blocks it.

    Returns WON if the opponent ends up facing two threats (or the player
    completes a line), LOST if the player does, OPEN otherwise, and the
    position where the line stopped.  ``threats``, each side's threats on
    ``board`` when the caller knows them, spare asking them again: each
    position of the line has them from the one before (``threats_after``)."""
    board = board.with_move(move, player)
    if board.completes(move):
        return WON, board
    if threats is None:
        threats = {side: finder.threats(board, side) for side in (player, opponent(player))}
    else:
        threats = finder.threats_after(board, move, threats)
    tomove = opponent(player)
    while True:
        if threats[tomove]:  # the side to move wins at once
            return (LOST if tomove != player else WON), board
        facing = threats[opponent(tomove)]
        if len(facing) >= 2:  # a double threat: the side to move cannot stop both
            return (WON if tomove != player else LOST), board
        if not facing:
            return OPEN, board
        block = next(iter(facing))
        board = board.with_move(block, tomove)
        threats = finder.threats_after(board, block, threats)
        tomove = opponent(tomove)


def candidatemoves(finder: PlanFinderBase, board: Board, player: int, rules: Rules = DEFAULT) -> Choice:
    """Every move the learner, to play ``player`` on ``board``, may choose.
    Without ``rules.forced_line`` no forced line is played out: every move is
    taken to end the line open."""
    you = opponent(player)
    empty = board.masks[EMPTY]
    myplans = finder.victoryplans(board, player)
    yourplans = finder.victoryplans(board, you)
    wins = {p.move for p in myplans if p.level == 1}
    if wins:  # 1. win
        return Choice(frozenset(wins), "win", level=1)
    blocks = {p.move for p in yourplans if p.level == 1}
    if blocks:  # 2. block
        return Choice(frozenset(blocks), "block", lost=len(blocks) > 1, level=1)
    if not myplans and not yourplans:  # 3. no scheme applies: at random
        return Choice(frozenset(squares(empty)), "random")
    lost = bool(yourplans) and _unstoppable(yourplans, empty)
    threats = {player: wins, you: blocks}  # (neither side can win at once)
    # 4. the own plan of lowest level, if it wins the race and its forced line holds
    lines: dict[int, tuple[int, Board]] = {}

    def line(m: int) -> tuple[int, Board]:
        if m not in lines:
            lines[m] = forcedline(finder, board, m, player, threats) if rules.forced_line \
                else (OPEN, board.with_move(m, player))
        return lines[m]

    for level in sorted({p.level for p in myplans}):
        moves = {p.move for p in myplans if p.level == level}
        safe = {m for m in moves
                if level <= _quickest(yourplans, 1 << m) and line(m)[0] != LOST}
        if safe:
            return Choice(frozenset(safe), "plan", lost=False, level=level)
    # 5. thwart the opponent's most dangerous plans
    candidates = set(squares(empty))
    # (for the plan finder: the forced lines that end after a block of the
    # opponent's will each ask for the opponent's plans a move further on)
    finder.expect(board, you, sum(1 for m in candidates if len(line(m)[1].moves) > len(board.moves) + 1))
    best: Optional[tuple[int, int, int, int]] = None
    chosen: set[int] = set()
    for m in candidates:
        outcome, end = line(m)
        if outcome == WON:
            rank: tuple[int, int, int, int] = (-1, 0, 0, 0)
        else:
            if len(end.moves) == len(board.moves) + 1:
                remaining = [p for p in yourplans if not p.thwarted_by(m)]
            else:  # the forced blocks may have made new plans for the opponent
                remaining = finder.victoryplans(end, you)
            quickest = _quickest(remaining, 0)
            rank = (1 if outcome == LOST else 0, -quickest,
                    sum(1 for p in remaining if p.level == quickest), len(remaining))
        if best is None or rank < best:
            best, chosen = rank, {m}
        elif rank == best:
            chosen.add(m)
    assert best is not None
    return Choice(frozenset(chosen), "thwart", lost=lost, level=-best[1] if best[0] >= 0 else 0)


def _quickest(plans: list[Plan], taken: int) -> int:
    """The lowest level among the plans a mark on ``taken`` leaves standing."""
    return min((p.level for p in plans if not p.free & taken), default=NOPLAN)


def _unstoppable(plans: list[Plan], empty: int) -> bool:
    """Whether no single move spoils all the plans (the learner's own test of
    a lost position: every reply leaves the opponent a plan)."""
    common = empty
    for p in plans:
        common &= p.free
        if not common:
            return True
    return False


"""The reconstruction's rules beyond the prose, each one a switch.

The seed gives Tic-Tac-Toe.p's ideas, not its code: schemes, victory plans,
``improveschemes`` by backward analysis of the games the program lost, the
level as "the number of moves to win the game when following the shortest
sequence, assuming that the opponent does not hinder its execution", and the
flaw.  Each field below is a mechanism the port adds to reach what the text
reports (NOTES.md, "The reconstruction's additions", gives the reason and the
measured effect of each); ``LITERAL`` switches every one of them off: the
learner with only what the prose states (``--literal``).
"""
from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Rules:
    # play/choice.py: before following a plan or thwarting one, play out the chain
    # of forced blocks (single threats answered) it starts -- a forward search.
    forced_line: bool = True
    # improveschemes: a set of plans of which every reply leaves one (the
    # "reply rule" for covering sets), besides the fork rule's pair.
    reply_rule: bool = True
    # improveschemes: one reply left unanswered -- learn what wins after it,
    # then try the move again.
    repair: bool = True
    # improveschemes: only plans that hold the move may make its scheme.
    hold_move: bool = True
    # improveschemes: nothing is learnt from a position where the loser could
    # win at once (the prose does not say so).
    skip_if_loser_threatens: bool = True
    # the list: a new scheme covered by a simpler one is not added.
    merge_covered: bool = True
    # verdict: 100 games without a defeat are called a draw.
    calm_draw: bool = True
    # a new scheme's level: one more than the *highest* of its plans (True,
    # this port's first rule), or (False, the default) the prose's "shortest
    # sequence": one more than the *lowest*.  Measured: the outcome holds
    # with either (NOTES.md), so the prose's is the default.
    level_of_highest: bool = False

    def off(self) -> list[str]:
        """The names of the additions switched off (``level_of_highest`` is
        not one: the prose's level is the default)."""
        return [f.name for f in fields(self) if not getattr(self, f.name) and f.name != "level_of_highest"]


DEFAULT = Rules()
LITERAL = Rules(**{f.name: False for f in fields(Rules)})

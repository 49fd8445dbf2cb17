"""``--period-timing``: the computer takes as long as the Altair did.

Measured, not estimated: tools/basic_reference/cycles.py typed the listing into
Microsoft's Altair 8K BASIC 4.0 on an emulated 8080 and counted the 8080
states from the RETURN that ends the player's move to BASIC's next prompt
(thinking, the reply and the boards; tests/data/altair_8k_cycles.tsv, with how
it was made).  At 2 MHz: version 3's first reply 187.6 s (the article: "about
three minutes", "gradually goes down": 144 s by the ninth), version 2's 28.8 s
(the article: "25 seconds or less"), version 1's 8.6 s.

Per version the states of a computer move are a straight line in the port's
work unit (game.Reply.work: the comparisons of line 225 plus the combinations
of line 190), fitted by least squares over the measured moves
(``MEASURED``; within 4 % of every measured move); a reply that is line 190
alone (the computer's win: work = the combinations of line 190) takes the
measured time of that reply.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

CLOCK_HZ = 2_000_000  # the Altair 8800's 8080


@dataclass(frozen=True)
class MeasuredPace:
    """8080 states of a reply as ``states_per_work * work + states_at_zero``; a reply of
    ``line_190_combinations`` work or less (line 190 alone) takes ``line_190_only`` states."""

    states_per_work: int
    states_at_zero: int
    line_190_combinations: int
    line_190_only: int

    def seconds(self, work: int) -> float:
        if work <= self.line_190_combinations:
            return self.line_190_only / CLOCK_HZ
        return max(0, self.states_per_work * work + self.states_at_zero) / CLOCK_HZ


# Fitted from tests/data/altair_8k_cycles.tsv (tests/altair_3d/test_altair_period_timing_data.py
# fits it again and checks these figures).
MEASURED = {
    1: MeasuredPace(24298, 3360189, 10, 3467553),
    2: MeasuredPace(24946, -36536, 76, 10399722),
    3: MeasuredPace(18365, 30774271, 76, 9596873),
}


def reply_seconds(version: int, work: int) -> float:
    """How long the Altair took for a reply of this work (measured)."""
    return MEASURED[int(version)].seconds(work)


def period_pace(version: int, wait: Callable[[float], None]) -> Callable[[int], None]:
    """A pace function: ``pace(work)`` waits (``wait(seconds)``, the console's
    pause) as long as that work took on the Altair running this version (measured)."""
    model = MEASURED[int(version)]
    return lambda work: wait(model.seconds(work))

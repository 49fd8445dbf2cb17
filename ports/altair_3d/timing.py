"""``--period-timing``: the computer takes about as long as the Altair did.

The article: version 3 "takes about three minutes for the computer to
calculate its first move", the time "gradually goes down as the game
progresses"; version 2 "moves in 25 seconds or less".  The work of a move is
counted as the comparisons of line 225 (the search of the 76 combinations
for the box being scored) plus the combinations of line 190; one unit is
given the time that makes version 3's first reply to Fig. 5's first move
(1,4) last 180 seconds.  The same rate then gives version 2's first move
about 22 seconds and version 1's about 5 -- the article's figures follow
from one calibration point (measured figures in NOTES.md, "Timing").
"""
from __future__ import annotations

import time
from typing import Callable, Optional

FIRST_MOVE_SECONDS = 180.0  # "about three minutes"


def seconds_per_unit(calibration_work: int) -> float:
    """``calibration_work``: the work of version 3's reply to 1,4 on an empty
    board (game.first_move_work(3)), which took FIRST_MOVE_SECONDS."""
    return FIRST_MOVE_SECONDS / calibration_work


def period_pace(calibration_work: int, sleep: Optional[Callable[[float], None]] = None) -> Callable[[int], None]:
    """A pace function: ``pace(work)`` waits as long as that work took."""
    wait = time.sleep if sleep is None else sleep
    rate = seconds_per_unit(calibration_work)

    def pace(work: int) -> None:
        wait(work * rate)

    return pace

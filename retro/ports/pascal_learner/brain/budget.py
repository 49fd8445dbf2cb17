"""The brain's time budget: how long it may think about a move, from the
manager's ``INFO timeout_turn`` and ``INFO time_left``."""
from __future__ import annotations

from typing import Optional

MARGIN = 0.25  # the share of the time allowed kept back for the answer to travel
SLACK = 0.05  # and at least this many seconds
END_WAIT = 0.2  # seconds a thought may still run at END (GomocupJudge kills the brain 0.5 s after END)
NO_LIMIT = 2147483647  # 2**31 - 1: a manager's "no limit for the match"


def limit_of(infos: dict[str, str]) -> Optional[float]:
    """Seconds the brain may think about a move: ``timeout_turn``, bounded by
    a share of ``time_left``; None when neither limits it (a ``timeout_turn``
    of 0 means "as fast as possible", which the learner is anyway; a
    ``time_left`` of 0 or less, the match's time spent, leaves none)."""
    limits = []
    for key, share in (("timeout_turn", 1.0), ("time_left", 0.1)):
        try:
            value = int(infos[key])
        except (KeyError, ValueError):
            continue
        if key == "time_left" and value <= 0:
            limits.append(0.0)
        elif value > 0 and value != NO_LIMIT:
            limits.append(value / 1000 * share)
    if not limits:
        return None
    budget = min(limits)
    return max(0.0, budget - max(SLACK, budget * MARGIN))

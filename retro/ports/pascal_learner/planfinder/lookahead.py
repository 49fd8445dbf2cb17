"""Looking ahead whole-board: for each empty square, the plans that a mark of
the player there would make (``PlanFinder.growth`` and ``PlanFinder._grown``).

A plan one mark ahead is a turned scheme at an anchor where every free square
is empty and every held square is the player's but one, which is empty: the
square of the mark.  The board's masks are shifted once by every offset
(``shifted``), and each turned scheme takes its conditions from them by their
bit numbers (``Condition``).

``vectorised.VectorConditions`` tests every turned scheme at once, a
condition at a time, with NumPy (the tests compare it with a plain loop,
tests/pascal_learner/lookahead_oracle.py); the learner's finder looks ahead
only on a long list (``incremental.LOOK_AHEAD_FROM``), and walks on a short one.
"""
from __future__ import annotations

from typing import Iterable

from .plans import Oriented

# Offsets on the board lie within +-SPAN: the bit numbers of a Condition are SPAN + offset.
SPAN = 19 * 19

# A turned scheme with the bit numbers of its free squares but the (0, 0), and of its held squares.
Condition = tuple[Oriented, tuple[int, ...], tuple[int, ...]]


def shifted(board: int) -> list[int]:
    """The board's mask shifted by every offset: item SPAN + d has the bit of
    each square whose square d further on has the board's bit."""
    return [(board << -d) if d < 0 else (board >> d) for d in range(-SPAN, SPAN + 1)]


def condition(o: Oriented) -> Condition:
    return o, tuple(SPAN + d for d in o.free if d), tuple(SPAN + d for d in o.held)


def by_marked_square(found: Iterable[tuple[Oriented, int]], empties: list[int]) -> dict[int, list[tuple[Oriented, int]]]:
    """The plans of ``found`` (turned schemes with their anchors) by the
    square of the mark that makes them: the held square that is empty."""
    plans: dict[int, list[tuple[Oriented, int]]] = {}
    for o, m in found:
        for d in o.held:
            x = m & empties[SPAN + d]
            while x:
                low = x & -x
                x ^= low
                a = low.bit_length() - 1
                plans.setdefault(a + d, []).append((o, a))
    return plans

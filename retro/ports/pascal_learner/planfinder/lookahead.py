"""Looking ahead whole-board: for each empty square, the plans that a mark of
the player there would make (``PlanFinder.growth`` and ``PlanFinder._grown``).

A plan one mark ahead is a turned scheme at an anchor where every free square
is empty and every held square is the player's but one, which is empty: the
square of the mark.  The board's masks are shifted once by every offset
(``shifted``), and each turned scheme takes its conditions from them by their
bit numbers (``Condition``).

Two ways, one answer (the tests compare them): ``python_anchors`` goes turned
scheme by turned scheme and stops at the first condition that leaves no
anchor; ``vectorised.VectorConditions`` tests every turned scheme at once, a
condition at a time, with NumPy.  Python spends about a microsecond a turned
scheme; NumPy a third of that, but half a millisecond however few there are,
so the finder uses it from ``VECTOR_FROM`` turned schemes on (a Five-in-a-Row
list after about a hundred games; never a Tic-Tac-Toe one).
"""
from __future__ import annotations

from typing import Iterable, Iterator

from .plans import Oriented

# Offsets on the board lie within +-SPAN: the bit numbers of a Condition are SPAN + offset.
SPAN = 19 * 19

# A turned scheme with the bit numbers of its free squares but the (0, 0), and of its held squares.
Condition = tuple[Oriented, tuple[int, ...], tuple[int, ...]]

# From this many turned schemes on, NumPy looks ahead quicker than Python (measured on random
# boards of 4 to 130 marks with the first turned schemes of a 1,600-game Five-in-a-Row list:
# at 1,000, Python 0.7-1.2 ms and NumPy 0.6-0.9 ms; at 2,000, 1.3-2.6 against 0.9-1.4; at all
# 52,000, 50-95 against 11-28).
VECTOR_FROM = 2048


def shifted(board: int) -> list[int]:
    """The board's mask shifted by every offset: item SPAN + d has the bit of
    each square whose square d further on has the board's bit."""
    return [(board << -d) if d < 0 else (board >> d) for d in range(-SPAN, SPAN + 1)]


def condition(o: Oriented) -> Condition:
    return o, tuple(SPAN + d for d in o.free if d), tuple(SPAN + d for d in o.held)


def python_anchors(conditions: Iterable[Condition], empties: list[int], mines: list[int],
                   empty: int) -> Iterator[tuple[Oriented, int]]:
    """Each turned scheme with the anchors where its free squares are empty
    and its held squares the player's but exactly one, which is empty
    (``empties`` and ``mines``: the masks of the empty squares and the
    player's, ``shifted``)."""
    for o, free, held in conditions:
        m = o.anchors & empty
        for i in free:
            m &= empties[i]
            if not m:
                break
        else:
            one = 0  # the anchors with one held square empty so far
            for i in held:
                e = empties[i] & m
                m &= mines[i] | e
                m &= ~(one & e)  # a second held square empty: not in one mark
                one |= e
                if not m:
                    break
            m &= one
            if m:
                yield o, m


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

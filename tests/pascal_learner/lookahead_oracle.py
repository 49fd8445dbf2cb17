"""The plain loop that looks ahead, turned scheme by turned scheme: the
oracle the NumPy look-ahead (planfinder/vectorised.py) is compared with.
It was the learner's look-ahead on a short list; the finder now walks there
(planfinder/incremental.py, ``LOOK_AHEAD_FROM``)."""
from __future__ import annotations

from typing import Iterable, Iterator

from retro.ports.pascal_learner.planfinder.lookahead import Condition
from retro.ports.pascal_learner.planfinder.plans import Oriented


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

"""The live chart of ``retro train`` on a terminal: watch the learner learn.

Two pictures in plain text, redrawn in place as the games go by: the share
of games lost in each hundred (a column per hundred, the latest on the
right; the hundred being played drawn as far as it has gone), and the
schemes of the list by level (a bar per level).  Only ASCII, so that any
terminal shows it.

The losses' axis runs from the lowest share seen to the highest (whole per
cents, labelled), not from 0 to 100%: a learner that loses 67% of its games
in every hundred, give or take three, would otherwise be a flat block.  The
lowest and highest shares are printed under it in figures, with their hundreds.
"""
from __future__ import annotations

import math
from typing import Sequence

HEIGHT = 6  # rows of the chart of losses, from the lowest share seen (one row) to the highest
COLUMNS = 50  # hundreds shown (the latest)
BAR = 40  # the longest bar of schemes


def lost_per_hundred(losses: Sequence[bool]) -> list[tuple[int, int]]:
    """(games, lost) of each hundred games in turn; the last may be partial."""
    return [(len(losses[i:i + 100]), sum(losses[i:i + 100])) for i in range(0, len(losses), 100)]


def axis(shares: Sequence[float]) -> tuple[int, int]:
    """The losses' axis in whole per cents: (lowest, highest) of ``shares``
    (each 0-1), at least one per cent apart.

    >>> axis([0.664, 0.67, 0.693]), axis([0.67, 0.67]), axis([])
    ((66, 70), (67, 68), (0, 100))
    """
    if not shares:
        return 0, 100
    low = math.floor(100 * min(shares) + 1e-9)
    high = math.ceil(100 * max(shares) - 1e-9)
    return (low, high) if high > low else (min(low, 99), min(low, 99) + 1)


def column_height(share: float, low: int, high: int) -> int:
    """Rows of a column: 1 at the axis's lowest share, HEIGHT at its highest
    (a share outside the axis, the hundred being played, is drawn at its end)."""
    place = (100 * share - low) / (high - low)
    return 1 + int(min(1.0, max(0.0, place)) * (HEIGHT - 1) + 0.5)


def chart_lines(losses: Sequence[bool], total: int, counts: dict[int, int], seconds: float) -> list[str]:
    """The chart after ``len(losses)`` of ``total`` games (each True if lost)."""
    done = len(losses)
    lost = sum(losses)
    lines = [f"{done}/{total} games in {seconds:.0f} s, {lost} lost"
             + (f" ({100 * lost / done:.0f}%)" if done else "")]
    hundreds = lost_per_hundred(losses)[-COLUMNS:]
    first = max(0, (done - 1) // 100 + 1 - COLUMNS) if done else 0
    lines.append("lost per 100 games" + (f" (hundreds {first + 1}-{first + len(hundreds)})" if hundreds else ""))
    shares = [lost_of / games if games else 0.0 for games, lost_of in hundreds]
    # the hundreds that set the scale and the figures: the whole ones (a hundred half played does not)
    scaled = [k for k, (games, _) in enumerate(hundreds) if games == 100] or list(range(len(shares)))
    low, high = axis([shares[k] for k in scaled])
    heights = [column_height(share, low, high) for share in shares]
    for row in range(HEIGHT, 0, -1):
        value = low + (high - low) * (row - 1) / (HEIGHT - 1)
        cells = "".join("#" if height >= row else " " for height in heights)
        lines.append(f"{value:5.1f}% |{cells}")
    lines.append("       +" + "-" * max(len(shares), 1))
    lines.append(_figures(shares, scaled, first))
    total_schemes = sum(counts.values())
    lines.append(f"schemes by level: {total_schemes}")
    largest = max(counts.values(), default=0)
    for level, n in sorted(counts.items()):
        width = max(1, round(BAR * n / largest)) if n else 0
        lines.append(f"  {level:2d} {'=' * width} {n}")
    return lines


def _figures(shares: list[float], scaled: list[int], first: int) -> str:
    """The shares lost in figures, lowest and highest of the hundreds ``scaled``
    (those that set the axis), with their hundreds (within 60 columns: a row
    the terminal wrapped would spoil the redraw)."""
    if not scaled:
        return "lost: no games yet"
    lowest = min(scaled, key=lambda k: shares[k])
    highest = max(scaled, key=lambda k: shares[k])
    return (f"lost: lowest {100 * shares[lowest]:.0f}% (hundred {first + lowest + 1}), "
            f"highest {100 * shares[highest]:.0f}% (hundred {first + highest + 1})")

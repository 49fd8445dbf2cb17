"""The live chart of ``retro train`` on a terminal: watch the learner learn.

Two pictures in plain text, redrawn in place as the games go by: the share
of games lost in each hundred (a column per hundred, the latest on the
right; the hundred being played drawn as far as it has gone), and the
schemes of the list by level (a bar per level).  Only ASCII, so that any
terminal shows it.
"""
from __future__ import annotations

from typing import Sequence

HEIGHT = 5  # rows of the chart of losses: 20% each
COLUMNS = 50  # hundreds shown (the latest)
BAR = 40  # the longest bar of schemes


def lost_per_hundred(losses: Sequence[bool]) -> list[tuple[int, int]]:
    """(games, lost) of each hundred games in turn; the last may be partial."""
    return [(len(losses[i:i + 100]), sum(losses[i:i + 100])) for i in range(0, len(losses), 100)]


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
    for row in range(HEIGHT, 0, -1):
        floor = (row - 1) / HEIGHT
        cells = "".join("#" if share > floor else " " for share in shares)
        lines.append(f"{100 * row // HEIGHT:4d}% |{cells}")
    lines.append("     +" + "-" * max(len(shares), 1))
    total_schemes = sum(counts.values())
    lines.append(f"schemes by level: {total_schemes}")
    largest = max(counts.values(), default=0)
    for level, n in sorted(counts.items()):
        width = max(1, round(BAR * n / largest)) if n else 0
        lines.append(f"  {level:2d} {'=' * width} {n}")
    return lines

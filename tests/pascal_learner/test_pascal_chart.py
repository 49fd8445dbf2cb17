"""The live chart of `retro train` (chart.py)."""
from __future__ import annotations

from retro.ports.pascal_learner.training.chart import HEIGHT, chart_lines, lost_per_hundred


def test_lost_per_hundred_counts_each_hundred_and_the_partial_last():
    losses = [True] * 30 + [False] * 70 + [True] * 5 + [False] * 45
    assert lost_per_hundred(losses) == [(100, 30), (50, 5)]


def test_a_column_per_hundred_as_high_as_its_share_lost():
    losses = [True] * 100 + [False] * 100 + [i % 2 == 0 for i in range(100)]
    lines = chart_lines(losses, 1000, {1: 6, 2: 30}, 12.0)
    assert lines[0] == "300/1000 games in 12 s, 150 lost (50%)"
    assert lines[1] == "lost per 100 games (hundreds 1-3)"
    rows = lines[2:2 + HEIGHT]
    assert [row.split("|")[1] for row in rows] == ["#  ", "#  ", "# #", "# #", "# #"]
    assert rows[0].startswith(" 100% |") and rows[-1].startswith("  20% |")
    assert lines[2 + HEIGHT] == "     +---"
    assert lines[3 + HEIGHT:] == ["schemes by level: 36", "   1 ======== 6", "   2 " + "=" * 40 + " 30"]


def test_only_the_latest_fifty_hundreds_are_drawn():
    lines = chart_lines([False] * 6000, 6000, {}, 1.0)
    assert lines[1] == "lost per 100 games (hundreds 11-60)"
    assert lines[-1] == "schemes by level: 0"

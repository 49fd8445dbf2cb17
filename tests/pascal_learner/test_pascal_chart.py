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
    assert HEIGHT == 6  # 0% to 100% in steps of 20%: the 50% hundred reaches 60%'s row (rounded)
    assert [row.split("|")[1] for row in rows] == ["#  ", "#  ", "# #", "# #", "# #", "###"]
    assert rows[0].startswith("100.0% |") and rows[-1].startswith("  0.0% |")
    assert lines[2 + HEIGHT] == "       +---"
    assert lines[3 + HEIGHT] == "lost: lowest 0% (hundred 2), highest 100% (hundred 1)"
    assert lines[4 + HEIGHT:] == ["schemes by level: 36", "   1 ======== 6", "   2 " + "=" * 40 + " 30"]


def columns(lines: list[str]) -> list[str]:
    return [row.split("|")[1] for row in lines[2:2 + HEIGHT]]


def test_a_change_of_three_per_cent_in_the_share_lost_is_visible():
    """`retro train --five`: 1,000 games, about 67% lost in every hundred,
    were a flat block of # when the axis ran from 0 to 100%."""
    losses: list[bool] = []
    for hundred in range(10):
        lost = 67 if hundred < 5 else 64
        losses += [game < lost for game in range(100)]
    lines = chart_lines(losses, 1000, {1: 3}, 5.0)
    drawn = columns(lines)
    assert len(set(drawn)) > 1  # not a flat block
    assert drawn[0] == "#####     " and drawn[-1] == "##########"  # the first five stand above the rest
    assert lines[2].startswith(" 67.0% |") and lines[1 + HEIGHT].startswith(" 64.0% |")  # the axis, labelled
    assert lines[3 + HEIGHT] == "lost: lowest 64% (hundred 6), highest 67% (hundred 1)"


def test_every_line_fits_a_60_column_terminal_however_many_games():
    """A line the terminal wraps takes two rows, and the redraw in place
    (train.Progress) would move up one row too few."""
    losses = [game % 100 < (50 if game < 50_000 else 10) for game in range(100_000)]
    lines = chart_lines(losses, 100_000, {level: 1000 for level in range(1, 10)}, 3600.0)
    assert max(len(line) for line in lines) <= 60, lines


def test_the_same_share_in_every_hundred_is_a_row_at_its_figure():
    lines = chart_lines([game % 100 < 66 for game in range(300)], 300, {}, 1.0)
    assert columns(lines)[-1] == "###" and set(columns(lines)[:-1]) == {"   "}
    assert lines[1 + HEIGHT].startswith(" 66.0% |")
    assert lines[3 + HEIGHT].startswith("lost: lowest 66% (hundred 1), highest 66% (hundred 1)")


def test_the_hundred_being_played_does_not_set_the_scale():
    losses = [game < 60 for game in range(100)] + [game < 70 for game in range(100)] + [True] * 5
    lines = chart_lines(losses, 1000, {}, 1.0)
    assert lines[2].startswith(" 70.0% |") and lines[1 + HEIGHT].startswith(" 60.0% |")
    assert columns(lines)[0] == " ##"  # 100% of five games: drawn at the top, clipped


def test_only_the_latest_fifty_hundreds_are_drawn():
    lines = chart_lines([False] * 6000, 6000, {}, 1.0)
    assert lines[1] == "lost per 100 games (hundreds 11-60)"
    assert lines[-1] == "schemes by level: 0"

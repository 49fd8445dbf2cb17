"""--period-timing's measured model against the interpreter's cycle counts.

tests/data/altair_8k_cycles.tsv was written by tools/basic_reference/cycles.py
(8080 states per reply on Altair 8K BASIC 4.0, corrected to Intel's state
counts); timing.MEASURED must be its least-squares fit, and must give every
measured reply within 4 %.
"""
from pathlib import Path

import pytest

from retro.ports.altair_3d.timing import CLOCK_HZ, MEASURED, period_pace, reply_seconds

TABLE = Path(__file__).resolve().parents[1] / "data" / "altair_8k_cycles.tsv"


def rows():
    lines = [l.split("\t") for l in TABLE.read_text().splitlines() if l and not l.startswith("#")]
    header, body = lines[0], lines[1:]
    return [dict(zip(header, r)) for r in body]


ROWS = rows()


def fit(points):
    n = len(points)
    mx = sum(w for w, _ in points) / n
    my = sum(s for _, s in points) / n
    a = sum((w - mx) * (s - my) for w, s in points) / sum((w - mx) ** 2 for w, _ in points)
    return a, my - a * mx


@pytest.mark.parametrize("version", [1, 2, 3])
def test_measured_is_the_fit_of_the_table(version):
    model = MEASURED[version]
    points = [(int(r["port_work"]), int(r["states_8080"])) for r in ROWS
              if int(r["version"]) == version and int(r["port_work"]) > model.line_190_combinations]
    a, b = fit(points)
    assert (model.states_per_work, model.states_at_zero) == (round(a), round(b))
    wins = [int(r["states_8080"]) for r in ROWS
            if int(r["version"]) == version and 0 < int(r["port_work"]) <= model.line_190_combinations]
    assert wins == [model.line_190_only]


def test_every_measured_reply_is_predicted_within_4_percent():
    for r in ROWS:
        work = int(r["port_work"])
        if work:  # 0: the player's win, which the port does not pace
            measured = int(r["states_8080"]) / CLOCK_HZ
            assert reply_seconds(int(r["version"]), work) == pytest.approx(measured, rel=0.04), r


def test_the_article_figures():
    first = {int(r["version"]): float(r["seconds_2mhz"]) for r in ROWS if r["move"] == "1" and r["typed"] == "1,4"}
    assert 170 <= first[3] <= 200  # "about three minutes"
    assert 25 < first[2] < 30  # "25 seconds or less": the interpreter took a little more
    assert first[1] < 10  # "quick response time"


def test_pace_with_a_version_waits_the_measured_time():
    slept = []
    pace = period_pace(3, slept.append)
    pace(18790)  # version 3's reply to 1,4 (the table's first row of version 3)
    assert slept[0] == pytest.approx(187.6, abs=0.5)

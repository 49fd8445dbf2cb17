"""`retro tournament`: the round robin of the 3x3 programs and the perfect player.

Its results are held to what is known independently: perfect play never
loses, two perfect players draw, a program that cannot open has no row, and a
program that loses a game in the table has a lost line on that side in its
own exhaustive audit (every human line, every random choice)."""
import json
import subprocess
import sys

import pytest

from retro.audit import explore
from retro.audit.subjects import SUBJECTS
from retro.audit.tournament import ENTRANTS, render, totals, tournament

TABLE = tournament(seed=1)
NAMES = [e.name for e in ENTRANTS]
PERFECT = "perfect play"


def test_every_pair_plays_both_ways() -> None:
    assert list(TABLE) == NAMES
    assert all(list(row) == NAMES for row in TABLE.values())
    assert all(cell in {"W", "D", "L", "-", "?"} for row in TABLE.values() for cell in row.values())


def test_perfect_play_never_loses_and_draws_against_itself() -> None:
    assert TABLE[PERFECT][PERFECT] == "D"
    assert "L" not in TABLE[PERFECT].values()
    assert all(TABLE[name][PERFECT] != "W" for name in NAMES)


def test_perl_midterm_cannot_open_and_the_table_says_so() -> None:
    # The spec: "the user is X and moves first".
    assert set(TABLE["perl-midterm"].values()) == {"-"}
    assert all(TABLE[name]["perl-midterm"] != "-" for name in NAMES if name != "perl-midterm")


def lost_sides(entrant) -> set[bool]:
    """The sides (True: the program plays first) on which the audit finds a lost game."""
    _, lost = explore.explore(SUBJECTS[entrant.program_id](**entrant.options), replay=False)
    return {not line.human_first for line in lost}


PROGRAMS = {e.name: e for e in ENTRANTS if e.program_id}
# Each side on which a program loses a game in the table: (its name, True when it played first).
LOSSES = sorted({(name, True) for name in PROGRAMS for other in NAMES if TABLE[name][other] == "L"}
                | {(name, False) for name in PROGRAMS for other in NAMES if TABLE[other][name] == "W"})


def test_the_table_has_losses_to_hold_to_the_audits() -> None:
    assert LOSSES, "no program loses a game in the table: the next test would hold nothing"


@pytest.mark.parametrize("name, first", LOSSES, ids=[f"{name} {'first' if first else 'second'}"
                                                     for name, first in LOSSES])
def test_a_loss_in_the_table_is_one_the_audit_finds(name: str, first: bool) -> None:
    assert first in lost_sides(PROGRAMS[name])


def test_the_command_prints_the_same_table_as_json_and_is_repeatable() -> None:
    result = subprocess.run([sys.executable, "-m", "retro", "tournament", "--json"], capture_output=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"random_state": 1, "first_player_results": TABLE, "totals": totals(TABLE)}
    text = subprocess.run([sys.executable, "-m", "retro", "tournament"], capture_output=True, timeout=120)
    assert b"cannot take that side" in text.stdout and text.stdout.count(b"\n") >= len(NAMES) + 3


def test_each_row_ends_with_its_players_totals_first_and_second_together() -> None:
    scores = totals(TABLE)
    for name in NAMES:
        as_first = list(TABLE[name].values())
        as_second = [TABLE[other][name] for other in NAMES]
        assert scores[name] == {"won": as_first.count("W") + as_second.count("L"),
                                "drawn": as_first.count("D") + as_second.count("D"),
                                "lost": as_first.count("L") + as_second.count("W")}
    assert scores["perl-midterm"]["drawn"] + scores["perl-midterm"]["lost"] > 0  # it plays, second
    shown = render(TABLE).splitlines()
    assert shown[shown.index("") + 1].split() == ["won", "drawn", "lost"]
    for name in NAMES:
        row = next(line for line in shown if f"  {name}  " in line)
        assert row.split()[-3:] == [str(scores[name][key]) for key in ("won", "drawn", "lost")]
    wide = [f"{len(line)} columns: {line!r}" for line in shown if line.startswith(" ") and len(line) > 60]
    assert wide == []  # a 60-column terminal


def test_the_legend_says_why_perl_midterms_row_is_all_dashes() -> None:
    legend = " ".join(render(TABLE).split("\n\n")[0].split())
    assert "perl-midterm never moves first (its user always does), so its row is all '-'." in legend
    assert "never moves" not in legend.replace("perl-midterm never moves first", "")

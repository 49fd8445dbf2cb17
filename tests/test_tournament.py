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
from retro.audit.tournament import ENTRANTS, tournament

TABLE = tournament(seed=1)
NAMES = [e.name for e in ENTRANTS]
PERFECT = "perfect play"


def test_every_pair_plays_both_ways() -> None:
    assert list(TABLE) == NAMES
    assert all(list(row) == NAMES for row in TABLE.values())
    assert all(cell in "WDL-?" for row in TABLE.values() for cell in row.values())


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


@pytest.mark.parametrize("entrant", [e for e in ENTRANTS if e.program_id], ids=lambda e: e.name)
def test_a_loss_in_the_table_is_one_the_audit_finds(entrant) -> None:
    lost_first = any(TABLE[entrant.name][other] == "L" for other in NAMES)
    lost_second = any(TABLE[other][entrant.name] == "W" for other in NAMES)
    sides = lost_sides(entrant)
    assert not lost_first or True in sides
    assert not lost_second or False in sides


def test_the_command_prints_the_same_table_as_json_and_is_repeatable() -> None:
    result = subprocess.run([sys.executable, "-m", "retro", "tournament", "--json"], capture_output=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"random_state": 1, "first_player_results": TABLE}
    text = subprocess.run([sys.executable, "-m", "retro", "tournament"], capture_output=True, timeout=120)
    assert b"cannot take that side" in text.stdout and text.stdout.count(b"\n") >= len(NAMES) + 3

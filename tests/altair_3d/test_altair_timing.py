"""--period-timing: the pace of the Altair, with the console's pause recorded (no waiting).

The figures are the interpreter's (tests/data/altair_8k_cycles.tsv: Altair 8K
BASIC 4.0 at 2 MHz, tools/basic_reference/cycles.py); the article's words are
checked against them in retro/ports/altair_3d/NOTES.md, "Period timing"."""
import pytest

from retro.ports.altair_3d import PROGRAM, AltairOptions, run
from retro.console import LineConsole

FIG5_V3 = ["1,4", "1,13", "2,4", "2,13", "2,11", "2,3", "3,4", "3,13", "3,1", "3,14"]


def waits(version, moves, **options):
    slept = []
    console = LineConsole.from_lines(moves)
    console.pause = slept.append
    run(console, AltairOptions(version=version, period_timing=True, **options))
    return slept, console.output()


def test_version_3_first_move_takes_about_three_minutes():
    slept, _ = waits("3", ["1,4"])
    assert slept[0] == pytest.approx(187.6, rel=0.04)  # measured; "about three minutes"


def test_version_3_moves_get_quicker_as_the_game_goes_on():
    slept, _ = waits("3", FIG5_V3)
    assert len(slept) == 10
    assert all(a > b for a, b in zip(slept[:9], slept[1:9]))
    assert slept[-1] == pytest.approx(4.8, rel=0.04)  # the win: line 190 alone, THE OLD, the boards


def test_version_2_moves_in_about_half_a_minute():
    """The article: "25 seconds or less"; 8K BASIC 4.0 took 28.8 s for the first."""
    slept, _ = waits("2", ["1,4", "1,13", "1,11", "1,3", "1,7"])
    assert slept[0] == pytest.approx(28.8, rel=0.04) and max(slept) == slept[0]


def test_version_1_is_quick():
    slept, _ = waits("1", ["1,4", "1,6"])
    assert max(slept) < 10


def test_pace_does_not_change_the_output():
    _, paced = waits("3", FIG5_V3[:3])
    console = LineConsole.from_lines(FIG5_V3[:3])
    run(console, AltairOptions(version="3"))
    assert paced == console.output()


def test_no_waiting_without_the_option():
    slept = []
    console = LineConsole.from_lines(["1,4"])
    console.pause = slept.append
    run(console, AltairOptions(version="3"))
    assert slept == []
    assert PROGRAM.defaults().period_timing is False

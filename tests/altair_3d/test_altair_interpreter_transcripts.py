"""Transcripts recorded from Altair 8K BASIC 4.0 (tools/basic_reference/record.py).

transcripts/altair-3d/basic-*.txt: the port replays them identically
(tests/test_transcripts.py, as `retro check` does), and here they are checked
against the seed's figures independently of the port.

Four more interpreter recordings show the rules the port once broke: the FOR
stack's ?NF ERROR IN 350 in a second game (basic-nf-error-second-game,
computer-wins-the-old-ready, v1-lost-moves-computer-wins-ready, the last two
replacing the port's own recordings of the same name) and ':' in an INPUT
answer (basic-colon-extra-ignored).
"""
import re
from pathlib import Path

import pytest

from retro.ports.altair_3d import PROGRAM
from retro.console import LineConsole
from retro.transcript import load

ROOT = Path(__file__).resolve().parents[2]
FROM_THE_INTERPRETER = ("computer-wins-the-old-ready", "v1-lost-moves-computer-wins-ready")
GOLDEN = sorted((ROOT / "transcripts" / "altair-3d").glob("basic-*.txt")) + \
    [ROOT / "transcripts" / "altair-3d" / f"{name}.txt" for name in FROM_THE_INTERPRETER]
MOVE = re.compile(r"I (?:WANT|WON WITH) BOARD\s*(-?\d+)\s*POSITION\s*(-?\d+) \n")

# Fig. 5 of the seed (003_7ae37df1db29eaeb.txt), typed here from the figure: the computer's moves.
FIG5 = {
    "basic-fig5-v2-computer-wins": [(2, 8), (2, 10), (1, 14), (3, 6), (4, 2)],
    "basic-fig5-v2-player-wins": [(2, 8), (2, 10), (1, 14), (3, 6), (1, 8), (1, 10)],
    "basic-fig5-v3-computer-wins": [(1, 1), (1, 7), (4, 4), (4, 13), (1, 16), (2, 7), (4, 1), (2, 1), (3, 3),
                                    (2, 2)],
}


def test_the_interpreter_transcripts_are_there_and_say_where_they_come_from():
    names = {p.stem for p in GOLDEN}
    assert set(FIG5) <= names and "basic-v1-board-0-position-16" in names
    for path in GOLDEN:
        t = load(path)
        assert t.header["source"].startswith("Microsoft's Altair 8K BASIC 4.0"), path
        assert t.header["evidence"].startswith("a:"), path


@pytest.mark.parametrize("name", sorted(FIG5))
def test_the_interpreter_plays_fig5(name):
    t = load(ROOT / "transcripts" / "altair-3d" / f"{name}.txt")
    assert [tuple(map(int, m)) for m in MOVE.findall(t.output())] == FIG5[name]


def test_version_1_answers_a_move_off_board_1_with_board_0_position_16():
    t = load(ROOT / "transcripts" / "altair-3d" / "basic-v1-board-0-position-16.txt")
    assert t.input_lines()[0] == "2,1"
    assert MOVE.findall(t.output())[0] == ("0", "16")


@pytest.mark.parametrize("name", ["basic-nf-error-second-game", *FROM_THE_INTERPRETER])
def test_a_second_game_after_the_computer_won_stops_with_nf_error_in_350(name):
    t = load(ROOT / "transcripts" / "altair-3d" / f"{name}.txt")
    assert t.output().endswith("?NF ERROR IN 350\nOK\n") and t.exit_status == 1
    assert t.output().count("YOUR MOVES ARE UU AND I'M CC") == 2


def test_a_colon_ends_an_input_answer():
    t = load(ROOT / "transcripts" / "altair-3d" / "basic-colon-extra-ignored.txt")
    assert "?EXTRA IGNORED" in t.output() and "?? " in t.output() and "REDO" not in t.output()


def test_the_modern_fix_plays_the_second_game_where_the_interpreter_stops():
    t = load(ROOT / "transcripts" / "altair-3d" / "basic-nf-error-second-game.txt")
    console = LineConsole.from_bytes(t.input_bytes())
    status = PROGRAM.run(console, PROGRAM.parse_options([*t.options, "--fix-for-stack"]))
    out = console.output()
    assert "?NF ERROR" not in out and out.count("YOUR MOVES ARE UU AND I'M CC") == 2
    assert out.rstrip().endswith("OK") and "BREAK IN 90" in out and status == 0

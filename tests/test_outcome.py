"""Each port declares how its games end (Console.game_over, in retro.outcome's
words) where its original announces the result; the menu and the web page
say it from there, never from the program's text.

The expected results are the games' own: Fig. 5's published games (the
article), the Perl assignment's sample continued, the Fortran author's MJ
weakness, and golden sessions named after how they end, each checked
against its text when it was recorded."""
from pathlib import Path
from typing import Optional

import pytest

from retro import catalog, transcript
from retro.check import replay_options
from retro.console import LineConsole
from retro.outcome import Outcome, end_bar, read_report, session_end
from retro.runner import run_session

TRANSCRIPTS = Path(__file__).resolve().parent.parent / "transcripts"

GAMES = [
    ("altair-3d/fig5-v2-player-wins.txt", Outcome.HUMAN),
    ("altair-3d/fig5-v2-computer-wins.txt", Outcome.PROGRAM),
    ("altair-3d/fig5-v3-computer-wins.txt", Outcome.PROGRAM),
    ("cpm-c/x-computer-begins-computer-wins.txt", Outcome.PROGRAM),
    ("cpm-c/x-computer-begins-tie.txt", Outcome.DRAW),
    ("fortran-rcd/ia-human-first-human-wins.txt", Outcome.HUMAN),
    ("fortran-rcd/ia-computer-first-computer-wins.txt", Outcome.PROGRAM),
    ("fortran-rcd/ia-human-first-draw.txt", Outcome.DRAW),
    ("fortran-rcd/mj-weakness.txt", Outcome.HUMAN),
    ("perl-midterm/rotation-nesting-human-wins.txt", Outcome.HUMAN),
    ("perl-midterm/sample-continued-computer-wins.txt", Outcome.PROGRAM),
    ("perl-midterm/sample-continued-draw.txt", Outcome.DRAW),
    ("pascal-learner/fresh-learns.txt", Outcome.DRAW),
    ("pascal-learner/declares.txt", Outcome.HUMAN),
]


def replayed(name: str) -> tuple[int, LineConsole]:
    path = TRANSCRIPTS / name
    golden = transcript.load(path)
    console = LineConsole.from_bytes(golden.input_bytes(), input_kind=golden.stdin, output_kind=golden.stdout)
    status = run_session(catalog.get(golden.program), console, replay_options(golden, path.parent, str(path)))
    return status, console


@pytest.mark.parametrize("name, outcome", GAMES)
def test_the_last_game_is_declared_as_it_ended(name: str, outcome: Outcome) -> None:
    _, console = replayed(name)
    assert console.last_outcome is outcome


@pytest.mark.parametrize("name", ["fortran-rcd/eof-first-prompt.txt", "cpm-c/eof-at-symbol.txt",
                                  "perl-midterm/eof-first-prompt.txt"])
def test_a_session_without_a_finished_game_declares_none(name: str) -> None:
    _, console = replayed(name)
    assert console.last_outcome is None
    assert console.input_ended


@pytest.mark.parametrize("status, outcome, ended, words", [
    (0, Outcome.HUMAN, False, "the last game: you won"),
    (0, Outcome.PROGRAM, True, "the last game: the computer won; then stopped at the end of input (Ctrl-D)"),
    (130, Outcome.DRAW, False, "the last game: a draw; then stopped with Ctrl-C"),
    (130, None, False, "no game finished; stopped with Ctrl-C"),
    (1, None, False, "no game finished; ended with status 1"),
])
def test_a_session_end_in_words(status: int, outcome: Optional[Outcome], ended: bool, words: str) -> None:
    assert session_end(status, outcome, ended) == words


def test_a_session_end_in_the_web_pages_words() -> None:
    """The page's end bar (retro serve): the last game's result first, then
    what the visitor did to stop it, else the program's end in plain words
    (its exit status is under the page's Details, never in these)."""
    said = {outcome: end_bar(0, outcome, True) for outcome in (Outcome.HUMAN, Outcome.PROGRAM, Outcome.DRAW, None)}
    assert said == {Outcome.HUMAN: "You won. Then you ended the input (Ctrl-D).",
                    Outcome.PROGRAM: "The computer won. Then you ended the input (Ctrl-D).",
                    Outcome.DRAW: "A draw: nobody won. Then you ended the input (Ctrl-D).",
                    None: "You ended the input (Ctrl-D): the program stopped."}
    finished = {outcome: end_bar(0, outcome, False) for outcome in (Outcome.HUMAN, Outcome.PROGRAM, Outcome.DRAW)}
    assert finished == {Outcome.HUMAN: "You won. The game is over.", Outcome.PROGRAM: "The computer won. The game is over.",
                        Outcome.DRAW: "A draw: nobody won. The game is over."}  # the program's own end after the game
    plain = {status: end_bar(status, None, False)
             for status in (0, 1, 2, 139)}  # no outcome, no Ctrl-C or Ctrl-D: the program's end in plain words
    assert plain == {0: "The program has ended.", 1: "The program stopped with an error (see Details).",
                     2: "The program stopped with an error (see Details).",
                     139: "The program was stopped by the system."}
    assert end_bar(130, Outcome.HUMAN, False) == "You won. Then you pressed Ctrl-C."
    assert end_bar(130, None, True) == "You pressed Ctrl-C: the program stopped."


def test_retro_run_tells_how_it_ended_in_the_file_it_is_given(tmp_path: Path) -> None:
    """retro serve's sessions learn the result this way: the pty carries only
    the program's bytes.  The Fortran author's MJ weakness: the human wins."""
    import os
    import subprocess
    import sys

    report = tmp_path / "report.json"
    result = subprocess.run([sys.executable, "-m", "retro", "run", "fortran-rcd", "--ai", "mj"],
                            input=b"N\n3,3\n3,1\n1,3\n2,3\nN\n", capture_output=True, timeout=60, cwd=tmp_path,
                            env={**os.environ, "RETRO_OUTCOME_FILE": str(report)})
    assert result.returncode == 0 and b"Gana el humano" in result.stdout
    assert read_report(report) == (Outcome.HUMAN, True)  # PAUSE's read met the end of input
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]  # written whole, nothing beside


@pytest.mark.parametrize("text", [b"", b"{", b'{"outcome": "nobody", "input_ended": false}', b"[1]",
                                  b'{"outcome": "human"}', b"x" * 1000])
def test_a_report_that_is_not_one_says_nothing(tmp_path: Path, text: bytes) -> None:
    report = tmp_path / "report.json"
    report.write_bytes(text)
    assert read_report(report) == (None, False)
    assert read_report(tmp_path / "none.json") == (None, False)

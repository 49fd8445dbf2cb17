"""The program in a pipe and on a screen: prompts, bad input, end of input,
Ctrl-C, data files, options -- and never a traceback."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import pytest

from retro.ports.pascal_learner import PROGRAM
from retro.ports.pascal_learner.store.datafile import Lock
from retro.console import Console, LineConsole

ROOT = Path(__file__).resolve().parents[2]


def play(lines: list[str], *options: str) -> tuple[int, str, str]:
    console = LineConsole.from_lines(lines)
    status = PROGRAM.run(console, PROGRAM.parse_options(list(options)))
    return status, console.output(), console.errors()


def test_a_fresh_learner_loses_learns_and_saves_in_the_users_data_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    data = Path(os.environ["XDG_DATA_HOME"]) / "retro"  # tests/conftest.py: this test's own
    # With --seed 2 the fresh learner's first replies are 1,1 and 1,2: X takes the bottom row.
    status, out, err = play(["y", "3,2", "3,1", "3,3", "n"], "--seed", "2")
    assert status == 0 and err == ""
    assert "There is no Tic-Tac-Toe-Data-3 yet" in out  # the file's name, never the user's folders
    assert str(data) not in out
    assert "I play 1,1." in out and "I play 1,2." in out and "You win." in out
    text = (data / "Tic-Tac-Toe-Data-3").read_text()
    assert "games 1\nlost 1\nlastloss 1\n" in text
    assert "scheme 1 free 0,0 held" in text
    assert [p.name for p in data.iterdir()] == ["Tic-Tac-Toe-Data-3"]  # no lock or temporary file left
    assert list(tmp_path.iterdir()) == []  # nothing in the current folder
    # the next session, from another folder, starts from what was saved
    monkeypatch.chdir(data.parent)
    status, out, _ = play([], "--seed", "2")
    assert "I know 1 scheme (level 1: 1), from Tic-Tac-Toe-Data-3." in out


def test_a_file_under_the_old_default_name_in_the_current_folder_is_used_with_a_note(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    play(["y", "3,2", "3,1", "3,3", "n"], "--seed", "2", "--data", "Tic-Tac-Toe-Data-3")
    status, out, err = play(["y", "3,2", "3,1", "3,3", "n"], "--seed", "2")
    assert status == 0
    assert "I know 1 scheme (level 1: 1), from Tic-Tac-Toe-Data-3." in out
    assert err.count("\n") == 1 and "Tic-Tac-Toe-Data-3 in the current folder" in err
    assert "/retro/Tic-Tac-Toe-Data-3 (move the file there, or name it with --data)" in err
    assert not (Path(os.environ["XDG_DATA_HOME"]) / "retro").exists()


class TerminalConsole(LineConsole):
    """A teletype that says a person is there (as the screen console does)."""

    interactive = True


def test_on_a_terminal_the_greeting_says_where_the_file_is(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    place = Path(os.environ["XDG_DATA_HOME"]) / "retro" / "Tic-Tac-Toe-Data-3"
    play(["y", "3,2", "3,1", "3,3", "n"], "--seed", "2")  # a lost game: the learner saves
    console = TerminalConsole.from_lines([])
    assert PROGRAM.run(console, PROGRAM.parse_options([])) == 0
    assert f"My schemes are in {place}." in console.output()
    (tmp_path / "Tic-Tac-Toe-Data-3").write_text(place.read_text())
    console = TerminalConsole.from_lines([])
    assert PROGRAM.run(console, PROGRAM.parse_options([])) == 0
    assert f"My schemes are in {tmp_path / 'Tic-Tac-Toe-Data-3'} (the current folder);" in console.output()
    assert f"their default place is now {place}: move the file there." in console.output()
    assert console.errors() == ""  # said on the screen, not under it


def test_a_data_folder_that_cannot_be_made_is_refused_with_its_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "file"))
    status, out, err = play(["y"], "--seed", "2")
    assert status == 1 and out == ""
    assert f"{tmp_path / 'file' / 'retro'}: the data folder cannot be made" in err


def test_the_human_can_win_against_random_play_and_the_learner_learns():
    # With --seed 2 the fresh learner's first replies are 1,1 and 1,2 (see fresh-learns.txt).
    status, out, _ = play(["y", "3,2", "3,1", "3,3", "n"], "--fresh", "--seed", "2")
    assert status == 0
    assert "You win.  Let me think about this game..." in out
    assert "I have learnt 1 new scheme (level 1: 1); I now know 1." in out


def test_end_of_input_at_any_prompt_ends_quietly():
    for lines in ([], ["y"], ["y", "2,2"], ["maybe"]):
        status, out, err = play(lines, "--fresh", "--seed", "1")
        assert status == 0 and err == "" and "Traceback" not in out


def test_q_gives_up():
    status, out, _ = play(["y", "q"], "--fresh")
    assert status == 0 and out.endswith("Your move (row,col)? \nGoodbye.\n")


@pytest.mark.parametrize("line, message", [
    ("2;2", "Please give a row and a column, like 2,3 (or q to stop)."),
    ("x", "Please give a row and a column, like 2,3 (or q to stop)."),
    ("4,1", "Rows go from 1 to 3 and columns from 1 to 3."),
    ("0,0", "Rows go from 1 to 3 and columns from 1 to 3."),
    ("99999999999999999999,1", "Rows go from 1 to 3 and columns from 1 to 3."),
    ("\udcff\udcfe", "Please give a row and a column, like 2,3 (or q to stop)."),
])
def test_bad_moves_are_refused_with_a_message(line, message):
    status, out, _ = play(["y", line], "--fresh")
    assert status == 0 and message in out


def test_moves_may_be_given_with_blanks():
    status, out, _ = play(["y", " 2   2 ", "q"], "--fresh", "--seed", "1")
    assert " 2 . X ." in out.replace("O", ".")


class Interrupting(LineConsole):
    def __init__(self, lines, after):
        inner = LineConsole.from_lines(lines)
        super().__init__(inner._in, inner._out, inner._err)
        self.left = after

    def read_line(self) -> Optional[str]:
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1
        return super().read_line()


def test_ctrl_c_ends_with_status_130_and_a_message(tmp_path):
    console = Interrupting(["y", "2,2"], after=2)
    status = PROGRAM.run(console, PROGRAM.parse_options(["--data", str(tmp_path / "d")]))
    assert status == 130
    assert console.errors() == "Interrupted: the schemes learnt so far are saved.\n"
    assert not (tmp_path / "d.lock").exists()


def test_impossible_grids_are_refused():
    status, _, err = play([], "--rows", "3", "--cols", "3", "--align", "4")
    assert status == 2 and "cannot be aligned" in err


def test_a_foreign_data_file_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("my shopping list\n")
    status, out, err = play(["y", "2,2"], "--data", str(path))
    assert status == 1 and out == ""
    assert "is not a schemes file of this program" in err
    assert path.read_text() == "my shopping list\n"


def test_a_file_of_the_other_rules_is_refused(tmp_path):
    path = tmp_path / "d"
    play(["y", "3,2", "3,1", "3,3", "n"], "--data", str(path), "--seed", "2")
    status, _, err = play([], "--data", str(path), "--fixed")
    assert status == 1 and "flawed rules: run without --fixed" in err


def test_two_learners_on_one_file(tmp_path):
    path = tmp_path / "d"
    with Lock(path):
        status, out, err = play(["y"], "--data", str(path))
        assert status == 1 and "another learner" in err and out == ""
        # a reader that will not write may share it
        status, _, err = play([], "--data", str(path), "--no-save")
        assert status == 0 and err == ""


def test_no_save_never_writes(tmp_path):
    path = tmp_path / "d"
    status, out, _ = play(["y", "3,2", "3,1", "3,3", "n"], "--data", str(path), "--no-save", "--seed", "2")
    assert "I have learnt" in out and not path.exists()


def test_five_in_a_row_shows_a_15x15_board():
    status, out, _ = play(["y", "8,8", "q"], "--five", "--fresh", "--seed", "1")
    assert status == 0
    assert "FIVE-IN-A-ROW  (15 x 15, 5 in a row)" in out
    assert "    1  2  3  4  5  6  7  8  9 10 11 12 13 14 15\n" in out
    assert " 8  .  .  .  .  .  .  .  X" in out


def test_a_19x19_grid_is_the_largest():
    status, out, _ = play(["q"], "--rows", "19", "--cols", "19", "--align", "5", "--fresh")
    assert status == 0
    with pytest.raises(Exception):
        PROGRAM.parse_options(["--rows", "20"])


# -- the screen ----------------------------------------------------------------------------

class FakeScreen(Console):
    """A terminal of 24x80 that keeps what is placed where, and types keys."""

    screen = True
    interactive = True

    def __init__(self, keys: list[str]):
        self.keys = list(keys)
        self.cells: dict[tuple[int, int], str] = {}
        self.written = ""

    def write(self, text: str) -> None:
        self.written += text

    def write_err(self, text: str) -> None:
        self.written += text

    def read_line(self):
        raise AssertionError("the screen view reads keys")

    def clear(self) -> None:
        self.cells.clear()

    def place(self, row: int, col: int, text: str, folded: bool = False, pointing: bool = False) -> None:
        for i, ch in enumerate(text):
            self.cells[(row, col + i)] = ch

    def read_key(self):
        return self.keys.pop(0) if self.keys else None

    def row(self, r: int) -> str:
        return "".join(self.cells.get((r, c), " ") for c in range(80)).rstrip()


def test_the_screen_draws_the_board_in_place_and_moves_by_cursor_keys():
    screen = FakeScreen(["y", "enter", "up", "left", "enter", "3", ",", "3", "enter", "escape"])
    status = PROGRAM.run(screen, PROGRAM.parse_options(["--fresh", "--seed", "1"]))
    assert status == 0
    assert screen.written == ""  # no plain lines: everything drawn in place
    assert screen.row(0).startswith("TIC-TAC-TOE")
    # The board's rows are screen rows 2-4 (the column numbers on row 1, under the
    # title), its columns screen columns 3, 5, 7.
    # The cursor starts in the centre: up, left and Enter play 1,1; typing 3,3 plays 3,3.
    assert screen.cells[(2, 3)] == "X" and screen.cells[(4, 7)] == "X"
    board = "".join(screen.cells.get((r, c), " ") for r in (2, 3, 4) for c in (3, 5, 7))
    assert board.count("X") == 2 and board.count("O") == 2 and board.count(".") == 5
    assert screen.row(1) == "   1 2 3"


def test_the_screen_refuses_a_taken_square_and_quits_on_q():
    screen = FakeScreen(["y", "enter", "enter", "enter", "q"])
    status = PROGRAM.run(screen, PROGRAM.parse_options(["--fresh", "--seed", "1"]))
    assert status == 0
    assert any("That square is taken." in screen.row(r) for r in range(24))


def test_five_in_a_row_on_the_screen_is_the_game_of_the_pipe_transcript():
    """The screen view typed the moves of five-pipe.txt (same store, same seed)
    plays the same game: its board at the end is the pipe's last board, mark
    for mark, and it says "I win." as the pipe did."""
    from retro import transcript
    path = ROOT / "transcripts" / "pascal-learner" / "five-pipe.txt"
    golden = transcript.load(path)
    keys = [key for line in golden.input_lines() for key in list(line) + ["enter"]]  # Y/N too: read as a line
    screen = FakeScreen(keys)
    status = PROGRAM.run(screen, PROGRAM.replay_options(PROGRAM.parse_options(golden.options), path.parent))
    assert status == golden.exit_status == 0
    pipe_rows = golden.output().split("I win.")[0].rstrip("\n").split("\n")[-15:]
    pipe_board = [row[3:].split() for row in pipe_rows]
    screen_board = [[screen.cells.get((1 + r, 4 + 3 * (c - 1)), " ")  # under the number's last digit
                      for c in range(1, 16)] for r in range(1, 16)]
    assert screen_board == pipe_board
    assert sum(row.count("X") for row in screen_board) == 51
    assert any("I win." in screen.row(r) for r in range(17, 24))

"""A program or a replay started from the menu runs on the terminal's main
screen, as a shell runs it: its output stays in the terminal's scrollback
after it ends (ARCHITECTURE.md, principle 8).  The Altair's won game
(``YOU WON``), pushed off its 24 rows at once by the next game's boards, and
the last line of Fig. 5's first game, replayed, are found there after the
menu is quit.  In tmux, a real terminal with a scrollback (pyte keeps none
across the alternate screen)."""
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from retro.menu.entries import number_of

ROOT = Path(__file__).resolve().parent.parent
FIG5_PLAYER_WINS = ROOT / "transcripts" / "altair-3d" / "fig5-v2-player-wins.txt"
ASKED = r"YOUR BOARD, POSITION\?"  # the Altair's question, answered or not
QUESTION = ASKED + r" *\n"  # the question, unanswered yet
ENDED = "retro has ended"  # the shell's, after retro

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None,
                                reason="tmux is not installed (make test-tools installs it)")


class Tmux:
    """retro in a tmux session of its own (a private server), keys sent, the pane read."""

    def __init__(self, tmp_path: Path, rows: int, cols: int):
        self.socket = str(tmp_path / "tmux")
        home = tmp_path / "home"
        home.mkdir()
        command = f"cd {ROOT} && HOME={home} XDG_DATA_HOME={home}/data {sys.executable} -m retro; echo '{ENDED}'; sleep 60"
        self.tmux("new-session", "-d", "-x", str(cols), "-y", str(rows), command)
        self.tmux("set-option", "-g", "history-limit", "5000")

    def tmux(self, *args: str) -> str:
        return subprocess.run(["tmux", "-S", self.socket, *args], capture_output=True, text=True,
                              check=True, timeout=10).stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p")

    def everything(self) -> str:
        """The scrollback and the screen."""
        return self.tmux("capture-pane", "-p", "-S", "-3000")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", *keys)

    def wait_for(self, pattern: str, timeout: float = 20, everything: bool = False, times: int = 1) -> str:
        """The screen (or ``everything``) once ``pattern`` is found there ``times`` times."""
        end = time.time() + timeout
        while True:
            shown = self.everything() if everything else self.screen()
            if len(re.findall(pattern, shown)) >= times:
                return shown
            if time.time() > end:
                raise AssertionError(f"no {pattern!r} in:\n{shown}")
            time.sleep(0.2)

    def quit_after_the_note(self, *back: str) -> str:
        """The note after a program: a key, then ``back`` (Esc from the sessions) and
        q, out of the menu; the scrollback and the screen then."""
        self.wait_for("press a key to return to the menu")
        self.keys("x")
        for key in back:
            self.wait_for("recorded sessions")
            self.keys(key)
        self.wait_for("Programs")
        self.keys("q")
        return self.wait_for(ENDED, everything=True)  # retro has left

    def close(self) -> None:
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True, timeout=10)


def moves(path: Path) -> list[str]:
    """The input a transcript marks «...» (its end of input, ␄, left out)."""
    return [m for m in re.findall("«([^»]*)»", path.read_text(encoding="utf-8")) if m != "␄"]


@pytest.mark.parametrize("rows,cols", [(24, 80), (43, 132)])
def test_the_altair_won_game_is_in_the_scrollback_after_the_menu(rows: int, cols: int, tmp_path) -> None:
    term = Tmux(tmp_path, rows, cols)
    try:
        term.wait_for("Programs")
        term.keys("Enter")  # 3-D Tic-Tac-Toe: its variants
        term.wait_for("--version")
        term.keys("Left")  # version 2, the one Fig. 5's player beats
        term.wait_for(r"Version: 2, the one")
        term.keys("Enter")
        term.wait_for(QUESTION)
        for times, move in enumerate(moves(FIG5_PLAYER_WINS), start=2):
            term.keys(move, "Enter")
            term.wait_for(ASKED, everything=True, times=times)  # answered: asked again
        term.wait_for("YOU WON", everything=True)
        term.wait_for(QUESTION)  # the next game's question
        term.keys("C-d")
        kept = term.quit_after_the_note()
        assert "YOU WON" in kept, kept
        # the note after the program, on the main screen too (it may wrap)
        assert "[3-D Tic-Tac-Toe: the last game: you won;" in " ".join(kept.split())
    finally:
        term.close()


def test_a_replay_from_the_menu_leaves_its_last_line_in_the_scrollback(tmp_path) -> None:
    term = Tmux(tmp_path, 24, 80)
    try:
        term.wait_for("Programs")
        term.keys("s")  # 3-D Tic-Tac-Toe's recorded sessions: Fig. 5's first game first
        term.wait_for("Fig. 5")
        term.keys("Enter")  # the pace
        term.wait_for("Pace:")
        term.keys("Enter")
        kept = term.quit_after_the_note("Escape")
        assert "I WON WITH BOARD 4 POSITION 2" in kept, kept
    finally:
        term.close()


def test_the_menu_leaves_no_row_in_the_shell_after_a_resize(tmp_path: Path) -> None:
    """retro at 80x24, resized to 132x43, then a program and its variant form:
    no row of the menu's (the Perl program's description, selected) is left
    in the main screen or its scrollback above the game.  The list and the
    form share the alternate screen; leaving and entering it between them
    once left a row behind in tmux."""
    terminal = Tmux(tmp_path, 24, 80)
    try:
        terminal.wait_for("Programs")
        terminal.tmux("resize-window", "-x", "132", "-y", "43")
        terminal.wait_for(r"\.\n(.*\n){0,3}.*recorded sessions|Programs")
        time.sleep(0.5)  # the menu drawn again at its new size
        terminal.keys(str(number_of("perl-midterm")))
        terminal.wait_for("21 patterns")  # its description shown: the row that leaked
        terminal.keys("Enter")
        terminal.wait_for("variants")
        terminal.keys("Enter")
        shown = terminal.wait_for("Pick a space:", everything=True)
        above = shown[:shown.index(" 0 | 1 | 2")]
        assert above.strip() == "", above
    finally:
        terminal.close()

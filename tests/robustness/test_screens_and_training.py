"""Ports that draw on the screen, on terminals too small for them; Ctrl-C
during training; all on a real pty."""
import time
from pathlib import Path

import pytest

from ports.pascal_learner.datafile import load
from pty_terminal import Terminal


@pytest.mark.parametrize("args,needs,prompt", [
    (["run", "altair-3d"], "80x24", "YOUR BOARD, POSITION? "),
    (["run", "pascal-learner", "--five", "--fresh"], "60x24", "Do you want to move first? (Y/N) "),
])
def test_a_terminal_too_small_for_the_screen_gets_a_notice_and_the_teletype(args, needs, prompt, tmp_path: Path) -> None:
    term = Terminal(args, rows=20, cols=60, cwd=tmp_path, record_modes=tmp_path)
    term.wait_for_output("press a key to go on")
    notice = " ".join(term.text().split())  # wrapped at word boundaries to the 60 columns
    assert f"draws on {needs}; this terminal is 60x20" in notice
    term.quiet()
    assert prompt not in term.raw.decode()  # the notice waits for a key: it cannot scroll away unread
    term.send(" ")
    term.wait_for_output(prompt)
    assert b"\x1b[2J" not in term.raw  # nothing cleared or drawn in place
    term.send("\x03")
    term.ended_cleanly(status="130")


def test_five_in_a_row_is_drawn_in_place_on_80x24(tmp_path: Path) -> None:
    term = Terminal(["run", "pascal-learner", "--five", "--fresh"], rows=24, cols=80, cwd=tmp_path)
    screen = term.wait_for("Do you want to move first?")
    assert "FIVE-IN-A-ROW" in screen.splitlines()[0]
    term.send("\x03")
    term.finish()


def test_ctrl_c_during_training_keeps_what_was_learnt(tmp_path: Path) -> None:
    data = tmp_path / "store"
    term = Terminal(["train", "pascal-learner", "--games", "100000", "--seed", "3", "--data", str(data)],
                    cwd=tmp_path, record_modes=tmp_path)
    deadline = time.time() + 30
    while time.time() < deadline and not data.exists():
        term.pump(0.2, limit=0.5)
    time.sleep(1.0)
    term.send("\x03")
    term.ended_cleanly(status="130", timeout=30)
    store = load(data, 3, "flawed")
    assert store is not None and store.games > 0

"""Five-in-a-Row on a real terminal (a pty, rendered by pyte): the board is
drawn in place, the cursor keys move, Enter plays, typed coordinates play,
Escape asks, then quits -- and the terminal is left as it was found."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pexpect
import pyte

ROOT = Path(__file__).resolve().parent.parent.parent
ROWS, COLS = 24, 80  # 15x15 fits an 80x24 terminal exactly


def test_five_in_a_row_on_the_screen(tmp_path):
    env = dict(os.environ, TERM="xterm-256color", LINES=str(ROWS), COLUMNS=str(COLS))
    script = (f"stty -g > {tmp_path}/before; {sys.executable} -m retro run pascal-learner --five --fresh --seed 1; "
              f"echo status=$? > {tmp_path}/status; stty -g > {tmp_path}/after")
    child = pexpect.spawn("/bin/sh", ["-c", script], cwd=str(ROOT), env=env, dimensions=(ROWS, COLS))
    screen = pyte.Screen(COLS, ROWS)
    stream = pyte.ByteStream(screen)

    def pump(until, timeout: float = 20) -> list[str]:
        end = time.time() + timeout
        while time.time() < end:
            try:
                data = child.read_nonblocking(65536, timeout=0.2)
                stream.feed(data)
            except pexpect.TIMEOUT:
                pass
            except pexpect.EOF:
                break
            text = "\n".join(screen.display)
            if (until(text) if callable(until) else until in text):
                return screen.display
        raise AssertionError(f"{until!r} never appeared:\n" + "\n".join(screen.display))

    def marks(text: str, mark: str) -> int:  # on the board's rows (screen lines 2-16)
        return sum(line[3:].count(mark) for line in text.split("\n")[2:17])

    try:
        pump("Do you want to move first?")
        child.send("y\r")  # the answer and its Enter: a line, as readln read it
        pump("Your move: cursor keys")  # drawn after the keys typed ahead of the first move are dropped
        # keys are read one at a time in cbreak mode (retro.console.ScreenConsole.read_key):
        # each is sent once the screen shows what the one before did
        child.send("\x1b[A")  # up: from the centre (8,8) to (7,8)
        # row 7 of the board is screen line 1 + 7; column 8 at 4 + 7*3, the cursor's "[" before it
        pump(lambda text: text.split("\n")[8][4 + 7 * 3 - 1] == "[")
        child.send("\r")
        display = pump(lambda text: marks(text, "O") == 1 and marks(text, "X") == 1)
        # row 7 of the board is screen line 1 + 7; column 8 under its number, at 4 + 7*3
        assert display[8][4 + 7 * 3] == "X", "\n".join(display)
        child.send("1,1")
        pump("the game): 1,1")
        child.send("\r")
        display = pump(lambda text: marks(text, "O") == 2 and marks(text, "X") == 2)
        assert display[2][4] == "X"
        assert sum(line.count("O") for line in display[2:17]) == 2
        child.send("\x1b")  # asks first; Y ends the game
        pump("End this game? (Y/N)")
        child.send("y\r")
        child.expect(pexpect.EOF, timeout=20)
    finally:
        child.close(force=True)
    assert (tmp_path / "status").read_text().strip() == "status=0"
    assert (tmp_path / "before").read_text() == (tmp_path / "after").read_text()

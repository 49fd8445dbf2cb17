"""After `retro run ID` on a terminal ends -- its normal end, Ctrl-D, Ctrl-C
-- the shell's prompt starts on a fresh line below what the program left:
"Do you want to move first? (Y/N) status=0" and "Pick a space: ^Cstatus=130"
were glued, and the learner's screen left its move prompt for the shell's
prompt to land on ("root@vm:/tmp# sor keys and Enter, or type row,col.").
A screen program's last screen stays, and the cursor goes below it.  In a
pipe the bytes are the original's (retro check)."""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pexpect
import pyte
import pytest


class Shell:
    """`retro ARGS; echo status=$?` on a pty of its own, rendered by pyte."""

    def __init__(self, args: list[str], rows: int, cols: int, cwd: Path):
        command = f"trap true INT; stty -g > before; {sys.executable} -m retro {' '.join(args)}; echo status=$?; stty -g > after"
        self.cwd = cwd
        self.child = pexpect.spawn("/bin/sh", ["-c", command], cwd=str(cwd), dimensions=(rows, cols),
                                   env={**os.environ, "TERM": "xterm-256color"})
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)

    def pump(self, seconds: float = 0.5) -> None:
        end = time.time() + seconds
        while time.time() < end:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.1))
            except pexpect.TIMEOUT:
                pass
            except pexpect.EOF:
                return

    def wait_for(self, text: str, timeout: float = 20) -> None:
        end = time.time() + timeout
        while time.time() < end and text not in " ".join(" ".join(self.screen.display).split()):
            self.pump(0.2)
        assert text in " ".join(" ".join(self.screen.display).split()), "\n".join(self.screen.display)
        self.pump(0.4)

    def ended(self, status: str = "") -> list[str]:
        """The screen when the shell has said the status: that line starts a row of its own
        (``status``: which status, if it matters)."""
        self.child.expect(pexpect.EOF, timeout=20)
        self.stream.feed(self.child.before or b"")
        rows = [row.rstrip() for row in self.screen.display]
        said = [k for k, row in enumerate(rows) if "status=" in row]
        assert said, "\n".join(rows)
        assert rows[said[-1]].startswith("status="), "\n".join(rows)
        assert not status or rows[said[-1]] == f"status={status}", "\n".join(rows)
        assert (self.cwd / "before").read_text() == (self.cwd / "after").read_text()
        return rows


LEARNER = ["run", "pascal-learner", "--fresh", "--random-state", "1"]


@pytest.mark.parametrize("key,status", [("\x04", ""), ("\x03", "130")], ids=["Ctrl-D", "Ctrl-C"])
@pytest.mark.parametrize("args,rows,cols,prompt", [
    (LEARNER + ["--five"], 20, 60, "Do you want to move first? (Y/N)"),  # a teletype: the terminal is too small
    (["run", "perl-midterm"], 24, 80, "Pick a space:"),
    (["run", "cpm-c"], 24, 80, "Select your symbol (X/O):"),
    (["run", "fortran-rcd"], 24, 80, "Quieres empezar tu? [S/N]"),
    (["run", "altair-3d"], 24, 80, "YOUR BOARD, POSITION?"),
])
def test_a_teletype_program_leaves_the_prompt_on_a_fresh_line(args, rows, cols, prompt, key, status,
                                                              tmp_path: Path) -> None:
    shell = Shell(args, rows, cols, tmp_path)
    if "60" == str(cols):
        shell.wait_for("press a key to go on")
        shell.child.send(" ")
    shell.wait_for(prompt)
    shell.child.send(key)
    shown = shell.ended(status)  # Ctrl-D: each port's own status (the end of its input)
    assert any(prompt in row for row in shown), "\n".join(shown)


@pytest.mark.parametrize("key,status", [("\x04", "0"), ("q", "0"), ("\x03", "130")], ids=["Ctrl-D", "q", "Ctrl-C"])
@pytest.mark.parametrize("rows,cols", [(24, 80), (40, 100)])
def test_the_learners_screen_stays_and_the_prompt_goes_below_it(key, status, rows, cols, tmp_path: Path) -> None:
    shell = Shell(LEARNER, rows, cols, tmp_path)
    shell.wait_for("Do you want to move first? (Y/N)")
    shell.child.send("y\r")
    shell.wait_for("Your move: cursor keys and Enter, or type row,col (q ends the game).")
    shell.child.send(key)
    if key == "q":  # q asks first: a stray key loses no game
        shell.wait_for("End this game? (Y/N)")
        shell.child.send("y\r")
    shown = shell.ended(status)
    assert not any("Your move" in row for row in shown), "\n".join(shown)  # no stale prompt
    said = max(k for k, row in enumerate(shown) if "status=" in row)
    last = max(k for k, row in enumerate(shown[:said]) if row.strip())
    assert said == last + 1, "\n".join(shown)  # right below what the program left
    assert shown[last] == ("Interrupted." if key == "\x03" else "Goodbye.")
    if key != "\x03":  # the last screen stays (Ctrl-C's message, on the last row, scrolls it by one)
        assert shown[0].startswith("TIC-TAC-TOE"), "\n".join(shown)
    assert " 2 .[.]." in shown or " 2 . . ." in shown, "\n".join(shown)

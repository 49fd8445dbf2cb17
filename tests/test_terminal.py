"""A person at a real terminal: the menu on a pty (pexpect), rendered by a
terminal emulator (pyte), runs the Fortran port to the end of a game, comes
back, and leaves the terminal as it found it."""
import os
import sys
import time
from pathlib import Path

import pexpect
import pyte
import pytest

ROOT = Path(__file__).resolve().parent.parent
ROWS, COLS = 24, 80


class Screen:
    def __init__(self, child: pexpect.spawn):
        self.child = child
        self.raw = b""
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)

    def pump(self, timeout: float = 0.2) -> None:
        while True:
            try:
                data = self.child.read_nonblocking(65536, timeout=timeout)
            except (pexpect.TIMEOUT, pexpect.EOF):
                return
            self.raw += data
            self.stream.feed(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, needle: str, timeout: float = 15) -> str:
        end = time.time() + timeout
        while time.time() < end:
            self.pump()
            if needle in self.text():
                return self.text()
        raise AssertionError(f"{needle!r} never appeared; the screen shows:\n{self.text()}")

    def send(self, keys: str) -> None:
        self.child.send(keys)
        time.sleep(0.15)


@pytest.fixture
def terminal(tmp_path: Path):
    env = dict(os.environ, TERM="xterm-256color", LINES=str(ROWS), COLUMNS=str(COLS))
    script = (f"trap true INT; stty -g > {tmp_path}/before; {sys.executable} -m retro; echo status=$? > {tmp_path}/status; "
              f"stty -g > {tmp_path}/after")
    child = pexpect.spawn("/bin/sh", ["-c", script], cwd=str(ROOT), env=env, dimensions=(ROWS, COLS))
    yield Screen(child), tmp_path
    child.close(force=True)


def test_menu_runs_a_game_and_comes_back_with_the_terminal_restored(terminal) -> None:
    screen, tmp = terminal
    menu = screen.wait_for("retro -- five historical tic-tac-toe programs")
    assert "Juego de 3 en linea" in menu and "Fortran 90" in menu
    line = next(l for l in menu.splitlines() if "Juego de 3 en linea" in l)
    screen.send(line.split()[0])  # its number
    screen.send("\r")
    form = screen.wait_for("variants")
    assert "--ai" in form and "--lang" in form
    screen.send("\r")  # --ai: ia -> mj
    screen.send("\x1b[B\x1b[B\r")  # down to Start
    screen.wait_for("Quieres empezar tu? [S/N]")
    for move in ("N", "3,3", "3,1", "1,3", "2,3"):
        screen.send(move + "\r")
    screen.wait_for("Gana el humano")
    screen.send("N\r")
    screen.wait_for("To resume execution")
    screen.send("\r")
    screen.wait_for("press a key to return to the menu")
    screen.send(" ")
    screen.wait_for("retro -- five historical tic-tac-toe programs")
    screen.send("q")
    screen.child.expect(pexpect.EOF, timeout=15)
    screen.raw += screen.child.before or b""
    assert (tmp / "status").read_text().strip() == "status=0"
    assert (tmp / "before").read_text() == (tmp / "after").read_text()
    raw = screen.raw
    assert raw.rfind(b"\x1b[?1049l") > raw.rfind(b"\x1b[?1049h")  # back on the normal screen
    assert raw.rfind(b"\x1b[?25h") > raw.rfind(b"\x1b[?25l")  # cursor visible


def test_ctrl_c_in_a_program_returns_to_the_menu(terminal) -> None:
    screen, tmp = terminal
    menu = screen.wait_for("retro -- five historical tic-tac-toe programs")
    line = next(l for l in menu.splitlines() if "Juego de 3 en linea" in l)
    screen.send(line.split()[0] + "\r")
    screen.wait_for("variants")
    screen.send("\x1b[B\x1b[B\r")
    screen.wait_for("Quieres empezar tu? [S/N]")
    screen.send("\x03")
    screen.wait_for("interrupted")
    screen.send(" ")
    screen.wait_for("retro -- five historical tic-tac-toe programs")
    screen.send("q")
    screen.child.expect(pexpect.EOF, timeout=15)
    assert (tmp / "status").read_text().strip() == "status=0"
    assert (tmp / "before").read_text() == (tmp / "after").read_text()

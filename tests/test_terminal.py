"""A person at a real terminal: the menu on a pty (pexpect), rendered by a
terminal emulator (pyte), runs the Fortran port to the end of a game, comes
back, and leaves the terminal as it found it."""
from pathlib import Path

import pytest

from pty_terminal import Terminal
from retro.menu.entries import TITLE

ROWS, COLS = 24, 80


@pytest.fixture
def terminal(tmp_path: Path):
    term = Terminal([], rows=ROWS, cols=COLS, env={"LINES": str(ROWS), "COLUMNS": str(COLS)},
                    record_modes=tmp_path)
    yield term, tmp_path
    term.child.close(force=True)


def test_menu_runs_a_game_and_comes_back_with_the_terminal_restored(terminal) -> None:
    screen, tmp = terminal
    menu = screen.wait_for(TITLE)
    assert "Juego de 3 en linea" in menu  # every title shows; the chosen program's details too
    line = next(l for l in menu.splitlines() if "Juego de 3 en linea" in l)
    screen.send(line.split()[0])  # its number
    screen.wait_for("Fortran 90")
    screen.send("\r")
    form = screen.wait_for("variants")
    assert "--ai" in form and "--lang" in form
    screen.send(" ")  # --ai: ia -> mj
    screen.send("\x1b[B\x1b[B\r")  # down to Start
    screen.wait_for("Quieres empezar tu? [S/N]")
    for move in ("N", "3,3", "3,1", "1,3", "2,3"):
        screen.send(move + "\r")
    screen.wait_for("Gana el humano")
    screen.send("N\r")
    screen.wait_for("To resume execution")
    screen.send("\r")
    screen.wait_for_words("the last game: you won] -- press a key to return to the menu")
    screen.send(" ")
    screen.wait_for(TITLE)
    screen.send("q")
    screen.finish()
    assert (tmp / "status").read_text().strip() == "0"
    assert (tmp / "before").read_text() == (tmp / "after").read_text()
    raw = screen.raw
    assert raw.rfind(b"\x1b[?1049l") > raw.rfind(b"\x1b[?1049h")  # back on the normal screen
    assert raw.rfind(b"\x1b[?25h") > raw.rfind(b"\x1b[?25l")  # cursor visible


def test_ctrl_c_in_a_program_returns_to_the_menu(terminal) -> None:
    screen, tmp = terminal
    menu = screen.wait_for(TITLE)
    line = next(l for l in menu.splitlines() if "Juego de 3 en linea" in l)
    screen.send(line.split()[0] + "\r")
    screen.wait_for("variants")
    screen.send("\x1b[B\x1b[B\r")
    screen.wait_for("Quieres empezar tu? [S/N]")
    screen.send("\x03")
    screen.wait_for_words("no game finished; stopped with Ctrl-C] -- press a key")
    screen.send(" ")
    screen.wait_for(TITLE)
    screen.send("q")
    screen.finish()
    assert (tmp / "status").read_text().strip() == "0"
    assert (tmp / "before").read_text() == (tmp / "after").read_text()


def test_a_terminal_that_hung_up_is_no_error_when_its_modes_are_put_back(monkeypatch) -> None:
    """tcsetattr on a terminal gone (EIO) raises termios.error, which is no
    OSError: it once came out of retro's last step as a traceback (a retro
    stopped by Ctrl-Z whose shell had gone)."""
    import termios

    from retro import terminal

    def gone(*args):
        raise termios.error(5, "Input/output error")

    monkeypatch.setattr(terminal, "input_terminal", lambda: 0)
    monkeypatch.setattr(termios, "tcsetattr", gone)
    monkeypatch.setattr(termios, "tcgetattr", gone)
    assert terminal.save_modes() is None
    terminal.set_modes([0, 0, 0, 0, 0, 0, []])
    with terminal.modes_restored():
        pass

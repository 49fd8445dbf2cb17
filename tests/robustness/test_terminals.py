"""The menu on terminals of several kinds and sizes, as a person would see it
(pyte renders what retro wrote)."""
from pathlib import Path

import pytest

from pty_terminal import Terminal
from retro.menu.entries import TITLE



def test_menu_in_80x24_shows_every_program_legibly(tmp_path: Path) -> None:
    term = Terminal([], rows=24, cols=80, record_modes=tmp_path)
    screen = term.wait_for(TITLE)
    assert "Up/Down or digits: choose" in screen
    assert all(len(line) <= 80 for line in screen.splitlines())
    term.send("q")
    term.finish()
    assert (tmp_path / "before").read_text() == (tmp_path / "after").read_text()


def test_menu_in_60x20_fits(tmp_path: Path) -> None:
    term = Terminal([], rows=20, cols=60)
    screen = term.wait_for(TITLE)
    assert "Juego de 3 en linea" in screen
    term.send("q")
    term.finish()


def test_a_too_small_terminal_gets_a_clear_message_and_resizing_brings_the_menu_back() -> None:
    term = Terminal([], rows=10, cols=40)
    screen = term.wait_for("retro needs 60x12")
    assert "Resize it, or press q." in screen
    term.resize(24, 80)
    term.send("\x1b[B\x1b[A")  # any key also redraws
    term.wait_for(TITLE)
    term.resize(10, 40)
    term.wait_for("retro needs 60x12")
    term.send("q")
    term.finish()


def test_an_unknown_term_is_drawn_as_xterm() -> None:
    # blessed (1.40 on) falls back to xterm-256color for a TERM it does not know.
    term = Terminal([], env={"TERM": "no-such-terminal"})
    term.wait_for(TITLE)
    term.send("q")
    term.finish()
    assert b"Traceback" not in term.raw


def test_a_terminal_without_cursor_addressing_gets_the_numbered_menu() -> None:
    term = Terminal([], env={"TERM": "dumb"})
    term.wait_for("Choose a number")
    term.send("q\r")
    term.finish()
    assert b"Traceback" not in term.raw


def test_no_color_means_no_colour_codes() -> None:
    term = Terminal([], env={"NO_COLOR": "1"})
    term.wait_for(TITLE)
    term.send("q")
    term.finish()
    assert b"\x1b[38;" not in term.raw and b"\x1b[48;" not in term.raw


@pytest.mark.parametrize("locale", ["C", "POSIX"])
def test_a_non_utf8_locale(locale) -> None:
    term = Terminal([], env={"LC_ALL": locale, "LANG": locale})
    term.wait_for(TITLE)
    term.send("q")
    term.finish()
    assert b"Traceback" not in term.raw

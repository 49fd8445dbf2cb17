"""Keys typed while a program draws on the screen are never drawn by the
terminal into its picture (a cursor key's ``^[[D`` on the learner's board):
a screen program runs with the terminal in cbreak mode and its echo off from
its start to its end (retro.terminal.keys_unechoed), and shows what it reads
when it reads it; the terminal's modes are as they were afterwards, however
the program ended.  On a real pty, rendered by pyte."""
import os
import pty
import re
import signal
import sys
import termios
import time
from pathlib import Path

import pytest

from console_on_pty import console_on_pty
from pty_terminal import FIRST_PROMPTS, Terminal
from retro.signals import Terminated
from retro.terminal import keys_unechoed

CURSOR_KEYS = ["\x1b[D", "\x1b[A", "\x1b[C", "\x1b[B"]
ECHOED = re.compile(r"\^\[|\[[ABCD]")  # what a terminal's echo makes of a cursor key


def test_cursor_keys_typed_fast_leave_nothing_on_the_learners_board(tmp_path: Path) -> None:
    """The tester's case: cursor keys as fast as a key held down, to a
    terminal that shows the output slower than the program writes it (a
    browser's, over a network): here nobody reads the output while 400 keys
    are sent, so the program is soon held in the middle of a redraw, when
    the next keys come.  They are read when it asks again, never echoed."""
    term = Terminal(["run", "pascal-learner", "--fresh", "--seed", "1"], cwd=tmp_path, record_modes=tmp_path)
    term.wait_for("Do you want to move first?")
    term.send("y\r")
    term.wait_for("cursor keys and Enter")
    term.quiet()
    term.child.delaybeforesend = 0.01  # a key each 10 ms (pexpect's default pause is 50 ms): faster than a held key's repeat
    for _ in range(100):
        for key in CURSOR_KEYS:
            term.send(key)
    term.quiet(0.6)
    shown = term.text()
    assert not ECHOED.search(shown), shown
    assert b"^[" not in term.raw
    assert re.search(r"^ 2 \.\[\.\]\.", shown, re.M), shown  # the cursor is back in the centre, where each round leaves it
    term.send("\x03")
    term.ended_cleanly(status="130")


def test_a_line_typed_while_the_altair_thinks_shows_only_when_it_is_read(tmp_path: Path) -> None:
    """The Altair at its period's pace thinks for minutes after a move: a
    next move typed meanwhile is not drawn into its screen by the terminal;
    Ctrl-C then ends it (BREAK) and the terminal is as it was."""
    term = Terminal(["run", "altair-3d", "--period-timing"], cwd=tmp_path, record_modes=tmp_path)
    term.wait_for("YOUR BOARD, POSITION?")
    term.quiet()
    term.send("1,1\r")
    term.wait_for("YOUR BOARD, POSITION? 1,1")  # read, and drawn by the program
    time.sleep(0.5)  # thinking
    term.send("4,16")
    term.quiet(0.8)
    assert "4,16" not in term.text(), term.text()
    term.send("\x03")
    term.ended_cleanly(status="130")


@pytest.mark.parametrize("program_args", [["pascal-learner", "--fresh"], ["altair-3d"]])
def test_the_terminal_is_given_back_after_the_end_of_input(program_args: list[str], tmp_path: Path) -> None:
    term = Terminal(["run", *program_args], cwd=tmp_path, record_modes=tmp_path)
    term.wait_for(FIRST_PROMPTS[program_args[0]])
    term.quiet()
    term.send("\x04")
    term.ended_cleanly(status="0")


def test_a_line_on_the_screen_is_edited_as_the_terminal_edits_it(tmp_path: Path) -> None:
    """The Altair's line input on the screen, edited by the terminal's own
    keys (erase, kill, word-erase) now that the program echoes it: what
    the program reads, and what its screen shows, is the line as edited."""
    term = Terminal(["run", "altair-3d"], cwd=tmp_path, record_modes=tmp_path)
    term.wait_for("YOUR BOARD, POSITION?")
    term.quiet()
    term.send("3,3\x7f\x7f\x7f")  # erased key by key
    term.send("2,2\x15")  # Ctrl-U: the whole line
    term.send("4,4 5\x17")  # Ctrl-W: the last word
    term.send("\x7f\x7f\x7f\x7f1,4\r")
    screen = term.wait_for("I WANT BOARD 1 POSITION 1")  # version 3's answer to 1,4 (its pipe's too)
    assert "YOUR BOARD, POSITION? 1,4" in [row.rstrip() for row in screen.splitlines()], screen
    term.send("\x03")
    term.ended_cleanly(status="130")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
def test_an_ending_signal_in_the_middle_of_a_line_gives_the_terminal_back(signum: int, tmp_path: Path) -> None:
    """Half a move typed on the Altair's screen (read and drawn by the
    program, the terminal in cbreak mode), then a signal: 128 + the signal,
    the terminal's modes as before."""
    term = Terminal(["run", "altair-3d"], cwd=tmp_path, record_modes=tmp_path)
    term.wait_for("YOUR BOARD, POSITION?")
    term.quiet()
    term.send("1,")
    term.wait_for("YOUR BOARD, POSITION? 1,")
    os.kill(term.retro_pid(), signum)
    term.ended_cleanly(status=str(128 + signum))


def test_a_program_that_ends_in_an_error_gives_the_terminal_back(tmp_path: Path) -> None:
    """?OV ERROR IN 100 (a move past single precision) ends the Altair with status 1."""
    term = Terminal(["run", "altair-3d"], cwd=tmp_path, record_modes=tmp_path)
    term.wait_for("YOUR BOARD, POSITION?")
    term.quiet()
    term.send("1E38,1\r")
    term.wait_for("?OV ERROR IN 100")
    term.ended_cleanly(status="1")


@pytest.mark.parametrize("ending", [None, KeyboardInterrupt, ValueError, Terminated])
def test_keys_unechoed_sets_cbreak_without_echo_and_gives_the_modes_back(ending, monkeypatch) -> None:
    """terminal.keys_unechoed on a pty of this process: inside, no canonical
    mode and no echo, type-ahead kept; on the way out, however the block
    ends, the modes as they were."""
    master, slave = pty.openpty()
    try:
        monkeypatch.setattr(sys, "stdin", open(slave, "rb", buffering=0, closefd=False))
        before = termios.tcgetattr(slave)
        os.write(master, b"ahead")  # typed before: kept for the program
        try:
            with keys_unechoed():
                inside = termios.tcgetattr(slave)
                assert not inside[3] & (termios.ICANON | termios.ECHO)
                assert inside[3] & termios.ISIG  # Ctrl-C still interrupts
                assert os.read(slave, 100) == b"ahead"
                if ending is Terminated:
                    raise Terminated(signal.SIGTERM)
                if ending is not None:
                    raise ending()
        except (KeyboardInterrupt, ValueError, Terminated):
            pass
        assert termios.tcgetattr(slave) == before
    finally:
        os.close(master)
        os.close(slave)


def test_the_screen_consoles_line_input_edits_as_canonical_mode_does() -> None:
    """ScreenConsole.read_line on a pty in cbreak mode, no echo: the
    terminal's erase, kill, word-erase and end-of-input keys; a UTF-8
    character erased whole; what a drawer is handed; a switched-off key
    never taken for a character that is not it."""
    with console_on_pty() as on:
        console, shown, master, slave, mode = on.console, on.shown, on.master, on.slave, on.mode
        os.write(master, "aé\x7fb\x15cd ef\x17g\n".encode())
        assert console.read_line() == "cd g\n"
        assert shown.getvalue() == "aé\b \bb\b \b\b \bcd ef\b \b\b \bg\r\n"  # as canonical mode echoes it
        drawn: list[str] = []
        assert console.echo_with(drawn.append)
        os.write(master, b"1,\x7f4\x04")  # Ctrl-D after text: the line so far, without its end
        assert console.read_line() == "14" and "".join(drawn) == "1,\b4"
        os.write(master, b"\x04")  # at a line's start: the end of input
        assert console.read_line() is None
        mode[6][termios.VERASE] = b"\0"  # erase switched off
        termios.tcsetattr(slave, termios.TCSANOW, mode)
        os.write(master, "é\n".encode())
        assert console.read_line() == "é\n"

"""A program that writes as on a teletype, stopped (Ctrl-Z) and continued
(``fg``) while it waits for a line, shows again what it showed: its last
lines and its prompt, at once, though the shell wrote over the screen
meanwhile (retro.screen.line keeps them; retro.console.line shows them on
SIGCONT).  From ``retro run`` and from the menu, on a pty rendered by pyte."""
import os
import signal
from typing import Callable

import pytest

from pty_terminal import FIRST_PROMPTS, Terminal
from retro import processes
from retro.menu.entries import number_of

SCRIBBLE = b"\x1b[2J\x1b[3;5Hsomething the shell wrote meanwhile\x1b[H$ "
# (the program, the keys that lead to a prompt, the prompt each key is answered with)
GAMES = {
    "perl-midterm": (["4\r", "1\r"], "Pick a space: "),
    "cpm-c": (["o\r", "b2\r"], "Your move: "),
}


def started(args: list[str], home: str) -> Terminal:
    term = Terminal(args, env={"HOME": home, "XDG_DATA_HOME": f"{home}/data"})
    term.settles(lambda: bool(term.text().strip()), "retro drew")
    return term


def answered(term: Terminal, key: str, done: Callable[[bytes], bool]) -> None:
    """``key`` sent, and waited for until what retro writes after it is ``done``."""
    since = len(term.raw)
    term.send(key)
    term.settles(lambda: done(term.raw[since:]), f"{key!r} answered")


def played(term: Terminal, keys: list[str], prompt: str) -> None:
    """Each line typed once the game asks for it, answered with its prompt again."""
    for key in keys:
        answered(term, key, lambda written: prompt.encode() in written)


def up_to_the_cursor(term: Terminal) -> list[str]:
    """The rows that show text, down to the cursor's."""
    rows = [row.rstrip() for row in term.screen.display[:term.screen.cursor.y + 1]]
    while rows and not rows[0]:
        rows.pop(0)
    return rows


def stopped_and_continued(term: Terminal, shown_again: Callable[[], bool]) -> None:
    """Stopped and continued, the shell writing meanwhile; until ``shown_again``
    holds (a silence is no proof: a loaded machine may draw late)."""
    pid = term.retro_pid()
    os.kill(pid, signal.SIGSTOP)  # stopped, as Ctrl-Z stops it under a shell's job control
    term.stream.feed(SCRIBBLE)  # the shell had the terminal
    term.wait_until(lambda: processes.status(pid) == "stopped", "retro stopped")
    os.kill(pid, signal.SIGCONT)  # fg
    term.settles(shown_again, "the screen shown again after fg")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_teletype_run_shows_its_screen_again_after_fg(name: str, tmp_path) -> None:
    keys, prompt = GAMES[name]
    term = started(["run", name], str(tmp_path))
    try:
        term.wait_for(FIRST_PROMPTS[name])
        played(term, keys, prompt)
        shown = (list(term.screen.display), (term.screen.cursor.y, term.screen.cursor.x))
        assert term.screen.display[term.screen.cursor.y].startswith(prompt.rstrip()), term.text()
        stopped_and_continued(term, lambda: (list(term.screen.display),
                                             (term.screen.cursor.y, term.screen.cursor.x)) == shown)
        term.send(keys[-1])  # the game goes on where it was
        term.quiet()
        assert "something the shell wrote" not in term.text()
    finally:
        term.child.close(force=True)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_teletype_game_from_the_menu_shows_its_screen_again_after_fg(name: str, tmp_path) -> None:
    keys, prompt = GAMES[name]
    term = started([], str(tmp_path))
    try:
        first = FIRST_PROMPTS[name].encode()
        answered(term, str(number_of(name)), lambda written: b"\x1b[7m" in written)  # chosen: in reverse video
        since = len(term.raw)
        answered(term, "\r", lambda written: b"Start" in written or first in written)
        if first not in term.raw:  # the variant form: as they are
            term.send("\r")
        term.wait_for_program(name, since)
        term.quiet()
        played(term, keys, prompt)
        before = up_to_the_cursor(term)
        column = term.screen.cursor.x
        assert before[-1].startswith(prompt.rstrip()), term.text()
        stopped_and_continued(term, lambda: "something the shell wrote" not in term.text())
        after = up_to_the_cursor(term)
        assert after == before[-len(after):] and len(after) >= min(len(before), 10), term.text()
        assert term.screen.cursor.x == column
    finally:
        term.child.close(force=True)

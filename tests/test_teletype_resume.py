"""A program that writes as on a teletype, stopped (Ctrl-Z) and continued
(``fg``) while it waits for a line, shows again what it showed: its last
lines and its prompt, at once, though the shell wrote over the screen
meanwhile (retro.screen.line keeps them; retro.console.line shows them on
SIGCONT).  From ``retro run`` and from the menu, on a pty rendered by pyte."""
import os
import signal
import time

import pytest

from pty_terminal import Terminal

SCRIBBLE = b"\x1b[2J\x1b[3;5Hsomething the shell wrote meanwhile\x1b[H$ "
# (the program, its number in the menu, the keys that lead to a prompt, the prompt)
GAMES = {
    "perl-midterm": ("5", ["4\r", "1\r"], "Pick a space: "),
    "cpm-c": ("3", ["o\r", "b2\r"], None),
}


def started(args: list[str], keys: list[str], home: str) -> Terminal:
    term = Terminal(args, env={"HOME": home, "XDG_DATA_HOME": f"{home}/data"})
    term.quiet()
    for key in keys:
        term.send(key)
        term.quiet()
    return term


def up_to_the_cursor(term: Terminal) -> list[str]:
    """The rows that show text, down to the cursor's."""
    rows = [row.rstrip() for row in term.screen.display[:term.screen.cursor.y + 1]]
    while rows and not rows[0]:
        rows.pop(0)
    return rows


def stopped_and_continued(term: Terminal) -> None:
    pid = term.retro_pid()
    os.kill(pid, signal.SIGSTOP)  # stopped, as Ctrl-Z stops it under a shell's job control
    term.stream.feed(SCRIBBLE)  # the shell had the terminal
    time.sleep(0.3)
    os.kill(pid, signal.SIGCONT)  # fg
    term.quiet()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_teletype_run_shows_its_screen_again_after_fg(name: str, tmp_path) -> None:
    _, keys, prompt = GAMES[name]
    term = started(["run", name], keys, str(tmp_path))
    try:
        shown = (list(term.screen.display), (term.screen.cursor.y, term.screen.cursor.x))
        if prompt:
            assert term.screen.display[term.screen.cursor.y].startswith(prompt.rstrip()), term.text()
        stopped_and_continued(term)
        assert (list(term.screen.display), (term.screen.cursor.y, term.screen.cursor.x)) == shown, term.text()
        term.send(keys[-1])  # the game goes on where it was
        term.quiet()
        assert "something the shell wrote" not in term.text()
    finally:
        term.child.close(force=True)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_teletype_game_from_the_menu_shows_its_screen_again_after_fg(name: str, tmp_path) -> None:
    number, keys, prompt = GAMES[name]
    term = started([], [number, "\r"], str(tmp_path))
    try:
        if "Start" in term.text():  # the variant form: as they are
            term.send("\r")
            term.quiet()
        for key in keys:
            term.send(key)
            term.quiet()
        before = up_to_the_cursor(term)
        column = term.screen.cursor.x
        if prompt:
            assert before[-1].startswith(prompt.rstrip()), term.text()
        stopped_and_continued(term)
        after = up_to_the_cursor(term)
        assert after == before[-len(after):] and len(after) >= min(len(before), 10), term.text()
        assert term.screen.cursor.x == column
    finally:
        term.child.close(force=True)

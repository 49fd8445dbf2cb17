"""Every screen repaints whole at the terminal's size now: after a resize,
after Ctrl-Z and ``fg`` (SIGTSTP, SIGCONT) and on Ctrl-L, the learner's
board, the Altair's video terminal and each of the menu's screens show
exactly what a fresh drawing of the same moment shows at that size (a
terminal started at that size, sent the same keys).  On a pty, rendered by
pyte, at 60x20, 80x24 and 132x43."""
import os
import re
import signal

import pytest

from pty_terminal import Terminal
from retro import processes

SIZES = [(20, 60), (24, 80), (43, 132)]
FROM = {(20, 60): (24, 80), (24, 80): (43, 132), (43, 132): (20, 60)}  # the size a resized session starts at
LEARNER = ["run", "pascal-learner", "--fresh", "--seed", "1", "--no-save"]
ALTAIR = ["run", "altair-3d"]
# (the command, the keys that lead to the moment drawn, each followed by a pause)
SCREENS = {
    "learner": (LEARNER, ["y\r", "2,2\r", "\x1b[D"]),
    "altair": (ALTAIR, ["1,4\r"]),
    "menu": ([], ["\x1b[B"]),
    "sessions": ([], ["s", "\x1b[B"]),
    "variants": ([], ["\r", "\x1b[B"]),
}
CURSOR = re.compile(r"\[[.XO]\]")  # the learner's cursor on a square
SCRIBBLE = b"\x1b[2J\x1b[3;5Hsomething the shell wrote meanwhile\x1b[H$ "


def started(args: list[str], rows: int, cols: int, keys: list[str], home: str) -> Terminal:
    """A terminal at that size, its program sent the keys: each one changes
    the picture (a move, a cursor, a screen), which is waited for."""
    term = Terminal(args, rows=rows, cols=cols, env={"HOME": home, "XDG_DATA_HOME": f"{home}/data"})
    term.settles(lambda: bool(term.text().strip()), "the program drew")
    for key in keys:
        before = picture(term)
        term.send(key)
        term.settles(lambda: picture(term) != before, f"{key!r} changed the picture")
    return term


Picture = tuple[list[str], list[tuple[tuple[bool, bool, str, str], ...]], tuple[int, int]]


def picture(term: Terminal) -> Picture:
    """What the terminal shows (the text, each cell's reverse, bold and
    colours: the menu's choice is drawn in reverse), and where its cursor is."""
    screen = term.screen
    looks = [tuple((cell.reverse, cell.bold, cell.fg, cell.bg)
                   for cell in (screen.buffer[y][x] for x in range(screen.columns)))
             for y in range(screen.lines)]
    return list(screen.display), looks, (screen.cursor.y, screen.cursor.x)


def shows(term: Terminal, expected: Picture, when: str) -> None:
    """The terminal comes to show the picture and stays on it."""
    term.settles(lambda: picture(term) == expected, f"the picture was shown {when}")


def given_back(term: Terminal, pid: int, expected: Picture) -> None:
    """Ctrl-Z: retro gives the terminal back and stops itself with SIGTSTP
    (here it goes on at once: a stop is not for a group no shell controls, as
    sh -c's), takes the terminal again and draws: the same picture."""
    written = len(term.raw)
    os.kill(pid, signal.SIGTSTP)
    term.settles(lambda: len(term.raw) > written and picture(term) == expected, "the same picture after Ctrl-Z")


def stopped_meanwhile(term: Terminal, pid: int) -> None:
    """Stopped, as Ctrl-Z stops retro under a shell's job control, while the
    shell writes on the terminal; then ``fg``."""
    os.kill(pid, signal.SIGSTOP)
    term.stream.feed(SCRIBBLE)
    term.wait_until(lambda: processes.status(pid) == "stopped", "retro stopped")
    os.kill(pid, signal.SIGCONT)


def fits(name: str, rows: int, cols: int) -> bool:
    return name != "altair" or (rows, cols) >= (24, 80) and cols >= 80


@pytest.mark.parametrize("rows,cols", SIZES)
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_a_repaint_equals_a_fresh_drawing(name: str, rows: int, cols: int, tmp_path) -> None:
    if not fits(name, rows, cols):
        pytest.skip("the Altair's 80x24 does not fit: test_a_screen_too_small_says_so_and_comes_back")
    args, keys = SCREENS[name]
    fresh = started(args, rows, cols, keys, str(tmp_path))
    expected = picture(fresh)
    fresh.child.close(force=True)
    before = (43, 132) if name == "altair" and (rows, cols) == (24, 80) else (24, 80) if name == "altair" else FROM[(rows, cols)]
    term = started(args, *before, keys, str(tmp_path))
    try:
        term.resize(rows, cols)
        shows(term, expected, "after a resize")

        term.stream.feed(SCRIBBLE)  # something drew over the screen
        assert picture(term) != expected
        term.send("\x0c")
        shows(term, expected, "after Ctrl-L")

        pid = term.retro_pid()
        given_back(term, pid, expected)
        stopped_meanwhile(term, pid)
        shows(term, expected, "after Ctrl-Z and fg")
    finally:
        term.child.close(force=True)


@pytest.mark.parametrize("name,small,keys", [("altair", (20, 60), ["1,4\r"]), ("learner", (10, 40), ["2,2\r"])])
def test_a_screen_too_small_says_so_and_comes_back(name: str, small: tuple[int, int], keys: list[str],
                                                   tmp_path) -> None:
    """Shrunk below what the program draws on, the screen says so and reads
    no key; the keys typed meanwhile wait, and are played once it has grown."""
    args, before = SCREENS[name]
    before = before[:1] if name == "learner" else []  # at the program's question
    fresh = started(args, 24, 80, before + keys, str(tmp_path))
    expected = picture(fresh)
    fresh.child.close(force=True)
    term = started(args, 24, 80, before, str(tmp_path))
    try:
        term.resize(*small)
        term.settles(lambda: f"This terminal is {small[1]}x{small[0]}" in " ".join(term.text().split()),
                     "the notice of a small terminal")
        said = " ".join(term.text().split())
        assert f"This terminal is {small[1]}x{small[0]}; the program draws on" in said, term.text()
        for key in keys:
            term.send(key)
        narrower = (small[0], small[1] - 1)  # the notice drawn again after the keys came: were they read, they showed
        term.resize(*narrower)
        said = said.replace(f"{small[1]}x{small[0]}", f"{narrower[1]}x{narrower[0]}", 1)
        term.settles(lambda: f"This terminal is {narrower[1]}x{narrower[0]}" in " ".join(term.text().split()),
                     "the notice at the narrower size")
        assert " ".join(term.text().split()) == said  # nothing read, nothing drawn
        term.resize(24, 80)
        shows(term, expected, "grown again")
    finally:
        term.child.close(force=True)


def test_keys_typed_before_the_notice_of_a_small_terminal_are_kept(tmp_path) -> None:
    """At 60x20 the Altair runs as on a teletype after a notice; a move typed
    before the notice showed is its first INPUT's, not the notice's key."""
    term = Terminal(ALTAIR, rows=20, cols=60, env={"HOME": str(tmp_path)})
    try:
        term.send("1,4\r")
        term.wait_for_output("I WANT BOARD 1 POSITION 1")
    finally:
        term.child.close(force=True)


def test_the_learner_started_from_the_menu_comes_back_after_fg(tmp_path) -> None:
    """Ctrl-Z and ``fg`` in a game started from the menu: the board, the
    messages and the prompt as they were (the game plays at random here, so
    the picture before the stop is the one to compare with)."""
    term = started([], 24, 80, ["\x1b[B", "\r", "\r", "y\r", "2,2\r"], str(tmp_path))
    try:
        shown = picture(term)
        assert "Your move" in term.text()
        pid = term.retro_pid()
        given_back(term, pid, shown)
        stopped_meanwhile(term, pid)
        shows(term, shown, "after Ctrl-Z and fg")
        # the cursor moves on the board, nowhere else (onto an empty square or a mark: the
        # learner's move is random here, and may be the square to the left)
        board = "\n".join(term.text().split("\n")[:6])
        term.send("\x1b[D")
        term.settles(lambda: "\n".join(term.text().split("\n")[:6]) != board
                     and CURSOR.search("\n".join(term.text().split("\n")[:6])) is not None,
                     "the cursor moved on the board")
        assert CURSOR.search("\n".join(term.text().split("\n")[6:])) is None, term.text()
    finally:
        term.child.close(force=True)

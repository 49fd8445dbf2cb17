"""On a screen console the program is drawn as the article's 80x24 video
terminal showed it; in a pipe the bytes are the original's."""
import io
from pathlib import Path

import pyte
import pytest

from retro.ports.altair_3d import PROGRAM, AltairOptions, run
from pty_terminal import Terminal
from retro import transcript
from retro.console import Console, LineConsole, ScreenConsole


class GridScreen(Console):
    """A screen console that keeps what was placed on it, for tests."""

    interactive = True
    screen = True
    input_kind = output_kind = "tty"

    def __init__(self, lines, rows=24, cols=80):
        self.lines = list(lines)
        self.rows, self.cols = rows, cols
        self.grid = [[" "] * cols for _ in range(rows)]
        self.cursor = (0, 0)
        self.written = ""
        self.snapshots = []
        self.cursors = []
        self.history = []  # the rows scrolled off the top, as a terminal's scrollback keeps them

    def write(self, text):  # line output: a screen session never uses it
        self.written += text

    def write_err(self, text):
        self.written += text

    def read_line(self):
        self.snapshots.append(self.text())
        self.cursors.append(self.cursor)
        return (self.lines.pop(0) + "\n") if self.lines else None

    def size(self):
        return (self.rows, self.cols)

    def clear(self):
        self.grid = [[" "] * self.cols for _ in range(self.rows)]

    def scroll(self, rows):
        for _ in range(rows):
            self.history.append("".join(self.grid.pop(0)).rstrip())
            self.grid.append([" "] * self.cols)

    def place(self, row, col, text):
        assert 0 <= row < self.rows and 0 <= col < self.cols
        assert col + len(text) <= self.cols, "a placed text would wrap"
        for i, ch in enumerate(text):
            self.grid[row][col + i] = ch
        self.cursor = (row, col + len(text))

    def text(self):
        return ["".join(r).rstrip() for r in self.grid]

    def shown(self):  # what a screen console's model of its rows says (Console.shown)
        return self.text()


def test_screen_shows_the_boards_and_positions_in_80x24_without_wraps():
    screen = GridScreen(["1,4"])
    run(screen, AltairOptions(version="3"))
    assert screen.written == ""  # everything was drawn, nothing streamed
    first = screen.snapshots[0]
    assert first[0] == "YOUR MOVES ARE UU AND I'M CC"
    assert first[1].startswith("POSITIONS ARE") and first[1].endswith(" 13")
    assert first[7].startswith("BOARD 1        BOARD 2")
    rows = [line for line in first if " /" in line]
    assert len(rows) == 4 and all(len(r) == 79 for r in rows)  # 80 with the final blank
    assert first[11] == "/" * 40  # the separator follows the row directly
    assert first[19] == "YOUR BOARD, POSITION?"
    second = screen.snapshots[1]
    assert "YOUR BOARD, POSITION? 1,4" in second  # the typed move, as echoed
    assert "I WANT BOARD 1 POSITION 1" in second
    assert second[-1] == "YOUR BOARD, POSITION?" and screen.cursors[1] == (23, 22)


def test_screen_everything_from_the_move_to_the_next_prompt_fits_24_rows():
    screen = GridScreen(["1,4", "1,13"])
    run(screen, AltairOptions(version="3"))
    second = screen.snapshots[1]
    start = second.index("YOUR BOARD, POSITION? 1,4")
    assert second[start + 1].startswith("I WANT BOARD 1 POSITION 1")
    assert second[start + 2].startswith("POSITIONS ARE")
    assert second[start + 11].startswith("CC /") and second[start + 17].startswith("UU /")


def test_screen_smaller_than_the_terminal_shows_the_bottom_rows_cut_not_wrapped():
    screen = GridScreen(["1,4"], rows=20, cols=60)
    run(screen, AltairOptions(version="3"))
    last = screen.snapshots[-1]
    assert last[-1] == "" or last[-1].startswith("YOUR BOARD")
    assert all(len(line) <= 60 for line in last)


def test_pipe_output_has_no_cursor_codes():
    console = LineConsole.from_lines(["1,4"])
    run(console, AltairOptions(version="3"))
    assert "\x1b" not in console.output()


class PyteScreenConsole(ScreenConsole):
    """blessed's escape sequences rendered by pyte: what a person sees."""

    def __init__(self, lines):
        import blessed

        self.stream = io.StringIO()
        term = blessed.Terminal(kind="xterm-256color", stream=self.stream, force_styling=True)
        super().__init__(term, stdin_fd=0, stderr=io.BytesIO())
        self.screen = pyte.HistoryScreen(80, 24, history=1000)
        self.vt = pyte.Stream(self.screen)
        self.lines = list(lines)
        self.pictures = []

    def size(self):
        return (24, 80)

    def read_line(self):
        self.vt.feed(self.stream.getvalue())
        self.stream.seek(0)
        self.stream.truncate()
        self.pictures.append(list(self.screen.display))
        if not self.lines:
            return None
        line = self.lines.pop(0)
        self._echo(line + "\n")  # the console's echo as it reads the line (drawn by the program)
        return line + "\n"

    def scrollback(self):
        self.vt.feed(self.stream.getvalue())
        self.stream.seek(0)
        self.stream.truncate()
        return ["".join(line[x].data for x in range(80)).rstrip() for line in self.screen.history.top]


def test_blessed_screen_as_pyte_shows_it():
    try:
        console = PyteScreenConsole(["1,4"])
    except Exception as err:  # noqa: BLE001  # pragma: no cover - no terminfo for xterm
        pytest.skip(f"no terminal description: {err}")
    run(console, AltairOptions(version="2"))
    picture = console.pictures[1]
    text = [line.rstrip() for line in picture]
    assert "I WANT BOARD 2 POSITION 8" in text
    start = text.index("YOUR BOARD, POSITION? 1,4")  # rows above it: the last display, scrolled
    rows = [line for line in picture[start:] if " / " in line]
    assert len(rows) == 4 and all(len(r) == 80 for r in rows)
    assert rows[3].startswith("UU /") and rows[3][25:27] == "CC"  # box 4; board 2 position 8
    assert picture[start + 12] == "/" * 40 + " " * 40  # no blank line after an 80-character row


# -- the rows that scroll off the top ---------------------------------------------------

TRANSCRIPTS = Path(__file__).resolve().parents[2] / "transcripts"


def fig5_player_wins() -> transcript.Transcript:
    return transcript.load(TRANSCRIPTS / "altair-3d" / "fig5-v2-player-wins.txt")


def rolled(session: transcript.Transcript) -> list[str]:
    """The rows of a session as a terminal that never cleared would hold them,
    top to bottom: its output, and each line typed echoed with its RETURN."""
    text = "".join(e.text or "" if e.kind != "in" else (e.text or "").rstrip("\n") + ("\n" if e.text else "")
                   for e in session.events)
    rows = [row.rstrip() for row in text.split("\n")]
    while rows and not rows[-1]:
        rows.pop()
    return rows


def test_the_rows_that_scroll_off_the_glass_go_to_the_scrollback_in_order():
    """Fig. 5's second game: every row that left the 80x24 screen went to the
    real terminal's scrollback once, in order, YOU WON among them; with the
    last screen they make the whole session as a roll of paper shows it."""
    session = fig5_player_wins()
    screen = GridScreen(session.input_lines())
    run(screen, PROGRAM.parse_options(session.options))
    assert "YOU WON" in screen.history
    held = screen.history + screen.text()
    while held and not held[-1]:
        held.pop()
    assert held == rolled(session)
    for picture in screen.snapshots:  # the screen itself is the 80x24 terminal's, as before
        assert len(picture) == 24


def cursor_row(term: Terminal) -> str:
    return term.text().splitlines()[term.screen.cursor.y]


def test_a_won_game_on_a_real_terminal_can_be_read_back_in_its_scrollback():
    """`retro run altair-3d --version 2` on an 80x24 pty, Fig. 5's moves typed
    as a person types them, then Ctrl-D: the terminal's history holds what
    scrolled off, YOU WON included, and with its last screen it is the whole
    session; each screen on the way was the 80x24 terminal's."""
    session = fig5_player_wins()
    term = Terminal(["run", "altair-3d", *session.options], rows=24, cols=80, history=5000)
    try:
        for line in session.input_lines() + [None]:
            term.wait_until(lambda: cursor_row(term).rstrip() == "YOUR BOARD, POSITION?", "a new prompt")
            term.quiet(0.3)
            assert cursor_row(term).startswith("YOUR BOARD, POSITION?")
            term.send(line + "\r" if line is not None else "\x04")
        term.finish()
    finally:
        term.child.close(force=True)
    history = term.scrollback()
    assert "YOU WON" in history and history.count("YOU WON") == 1
    held = history + [row.rstrip() for row in term.screen.display]
    while held and not held[-1]:
        held.pop()
    assert held == rolled(session)

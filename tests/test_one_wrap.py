"""The one word wrap (retro/screen/wrap.py): the same text folds the same way
wherever it is printed -- through the line console (a teletype on a
terminal), through the screen console, on a screen's rows, in retro's own
messages."""
import io

import pyte
import pytest

from retro.console import LineConsole, ScreenConsole
from retro.screen.line import TerminalLine
from retro.screen.wrap import fold, fold_lines, wrap
from test_screen_layout import SizedTerminal

MESSAGES = [
    "Error: the data file ~someone/.local/share/retro/Tic-Tac-Toe-Data-5 cannot be read: permission denied\n",
    "  An indented line of a message that goes on long enough to be folded more than once at sixty columns.\n",
    "Error:\tno such variant\t'--rows 99'; the variants are --rows, --cols, --fresh and --no-save, each once.\n"
    "\tA second line, after a tab, long enough to be folded too, once or twice, whatever the width.\n",
]
WIDTHS = [20, 40, 60, 80, 132]


def through_line_console(text: str, width: int) -> str:
    err = io.BytesIO()
    console = LineConsole(io.BytesIO(), io.BytesIO(), err, terminal=TerminalLine(lambda: width),
                          errors_on_terminal=True)
    console.write_err(text)
    return err.getvalue().decode()


def through_screen_console(text: str, width: int) -> str:
    err = io.BytesIO()
    console = ScreenConsole(SizedTerminal(24, width), stdin_fd=0, stderr=err)
    console._errors_on_terminal = True  # the stream is in memory, the console is told it is a terminal
    console.write_err(text)
    return err.getvalue().decode()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("text", MESSAGES)
def test_an_error_message_folds_alike_through_either_console(text: str, width: int) -> None:
    by_line, by_screen = through_line_console(text, width), through_screen_console(text, width)
    assert by_line == by_screen == fold_lines(text, width)
    assert by_line != text or max(len(line.expandtabs(8)) for line in text.split("\n")) <= width  # it was folded
    shown = on_a_terminal(by_line, width)
    for word in text.split():
        assert word in shown or len(word) > width, (word, shown)  # the terminal cut no word but one wider than a row


def on_a_terminal(text: str, width: int) -> list[str]:
    """The words on each row of a terminal ``width`` columns wide that was sent ``text``."""
    screen = pyte.Screen(width, 40)
    pyte.Stream(screen).feed(text.replace("\n", "\r\n"))
    return [word for row in screen.display for word in row.split()]


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("text", MESSAGES)
def test_a_screen_row_breaks_where_a_message_breaks(text: str, width: int) -> None:
    """A screen's rows (wrap) break where the message (fold) does; only a
    word wider than the row is cut there, with "…", and tabs expanded."""
    for line in text.rstrip("\n").split("\n"):
        folded, rows = fold(line, width), wrap(line, width)
        assert len(rows) == len(folded)
        for whole, row in zip(folded, rows):
            assert row == whole.expandtabs(8).rstrip() or row.endswith("…")
            assert len(row) <= width


def test_continued_rows_hang_under_the_line_s_own_indent() -> None:
    assert fold("    one two three four five six", 16) == ["    one two", "    three four", "    five six"]
    assert wrap("  claim: one two three four", 16, hang=2) == ["  claim: one two", "    three four"]


def test_a_prompt_and_what_follows_it_fold_as_one_line() -> None:
    line = TerminalLine(lambda: 20)
    assert line.write("Do you want to move first? ") == "Do you want to move\nfirst? "
    assert line.write("Please answer Y or N.") == "Please answer\nY or N."

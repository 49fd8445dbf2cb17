"""The one layout rule of every screen retro draws itself.

Text wraps at word boundaries to the terminal's whole width; a line that
must stay one row ends with "…" where it is cut, at the end of a word; a word
is never cut (a word wider than the whole row is the one exception: it ends
with "…").  What a row must show (a session count, a key hint) is kept and
the rest of the row gives way.  A notice is wrapped and waits for a key
(``notice``), so that it cannot scroll away unread.

The menu, the variant form, the sessions list, the learner's screen and the
notice of a screen too small all lay their text out here.

>>> wrap("the times of yore, after WarGames", 14)
['the times of', 'yore, after', 'WarGames']
>>> one_row("the times of yore", 14)
'the times of…'
>>> with_note("Tic-Tac-Toe.p (learns from its mistakes)", "9 recorded sessions", 40)
'Tic-Tac-Toe.p…       9 recorded sessions'
"""
from __future__ import annotations

import os
import re
import textwrap
from typing import Any, Callable, Optional, Sequence

from .terminal import cbreak

ELLIPSIS = "…"
HINT_GAP = "   "  # between two key hints on one row
PIPE_WIDTH = 80  # what a message is folded to when it goes to no terminal


def one_row(text: str, width: int) -> str:
    """``text`` on one row of ``width`` columns: whole, or cut after a word and ended with "…"."""
    text = text.rstrip()
    if len(text) <= width:
        return text
    if width <= 0:
        return ""
    room = text[: width - 1]
    cut = room.rstrip()
    if not room[-1:].isspace() and not text[width - 1].isspace():  # inside a word: go back to its start
        start = cut.rfind(" ")
        cut = cut[:start].rstrip() if start > 0 and cut[:start].strip() else cut
    return cut + ELLIPSIS


def wrap(text: str, width: int, indent: str | None = None) -> list[str]:
    """``text`` wrapped at word boundaries to ``width`` columns.  Rows after the
    first start with ``indent`` (by default the text's own leading blanks);
    a word wider than a row is the only one cut, with "…"."""
    if width <= 0:
        return []
    lead = text[: len(text) - len(text.lstrip(" "))]
    following = lead if indent is None else indent
    if len(following) >= width:
        following = ""
    if not text.strip():
        return [""]
    rows = textwrap.wrap(text.strip(" "), width=width, initial_indent=lead if len(lead) < width else "",
                         subsequent_indent=following, break_long_words=False, break_on_hyphens=False,
                         drop_whitespace=True)
    return [one_row(row, width) for row in rows] or [""]


def fold(text: str, width: int) -> list[str]:
    """``text`` folded at word boundaries to ``width`` columns, every word kept
    whole (a word wider than a row is left to the terminal): for messages,
    whose every character counts (a path, a name).

    >>> fold("Error: no program 'nosuch'; the programs are: first-one, second-one", 40)
    ["Error: no program 'nosuch'; the programs", 'are: first-one, second-one']
    """
    if len(text) <= width or width <= 0:
        return [text]
    lead = text[: len(text) - len(text.lstrip(" "))]
    return textwrap.wrap(text, width=width, initial_indent="", subsequent_indent=lead if len(lead) < width else "",
                         break_long_words=False, break_on_hyphens=False) or [text]


def fold_lines(text: str, width: int) -> str:
    """Each line of ``text`` folded as ``fold`` folds it (the last line's
    break, or its absence, kept)."""
    lines = text.split("\n")
    return "\n".join("\n".join(fold(line, width)) for line in lines)


def message_width(fd: int = 2) -> int:
    """The width a message on ``fd`` is folded to: its terminal's, 80 elsewhere."""
    try:
        if os.isatty(fd):
            return os.get_terminal_size(fd).columns or PIPE_WIDTH
    except OSError:
        pass
    return PIPE_WIDTH


def with_note(text: str, note: str, width: int) -> str:
    """One row: ``text`` on the left, ``note`` on the right; the note always
    shows (unless it alone is wider than the row), the text gives way with "…"."""
    if not note:
        return one_row(text, width)
    if len(note) + 2 > width:
        return one_row(note, width)
    left = one_row(text, width - len(note) - 2)
    return left + " " * (width - len(left) - len(note)) + note


def hint_rows(hints: Sequence[str], width: int) -> list[str]:
    """Key hints ("Enter: start", "q: quit"), as many on a row as fit; a hint
    is never split between rows unless it alone is wider than a row."""
    rows: list[str] = []
    for hint in hints:
        if rows and len(rows[-1]) + len(HINT_GAP) + len(hint) <= width:
            rows[-1] += HINT_GAP + hint
        else:
            rows.extend(wrap(hint, width))
    return rows


class TerminalLine:
    """A teletype's output on a terminal (never in a pipe, whose bytes are
    the original's): the column the cursor is at, counted from what was
    written (a line read puts it back at 0: its Enter did), and -- given the
    terminal's width, asked at each write -- the text wrapped at word
    boundaries, as the screens are, instead of cut by the terminal inside a
    word.  A word wider than the row is left to the terminal; blanks where a
    row is broken are not written.

    >>> line = TerminalLine(lambda: 20)
    >>> line.text("There is no Tic-Tac-Toe-Data-5 yet: I know no schemes.\\n")
    'There is no\\nTic-Tac-Toe-Data-5\\nyet: I know no\\nschemes.\\n'
    >>> line.text("Do you want to move first? (Y/N) "), line.column
    ('Do you want to move\\nfirst? (Y/N) ', 13)
    >>> line.read("y\\n"); line.column
    0
    """

    def __init__(self, width: Optional[Callable[[], int]] = None):
        self.column = 0
        self._width = width
        self._in_word = False  # the last character written was part of a word

    def read(self, line: Optional[str]) -> None:
        """A line was read: typed and echoed, and ended by Enter, or not (Ctrl-D)."""
        if line:
            self._advance(line)

    def text(self, text: str) -> str:
        """``text`` as it is to be written (wrapped, if there is a width), the column followed."""
        width = self._width() if self._width is not None else 0
        if width <= 0:
            self._advance(text)
            return text
        out: list[str] = []
        blanks = ""
        for token in _TOKENS.findall(text):
            if token in ("\n", "\r"):
                out.append(token)
                self.column, blanks, self._in_word = 0, "", False
            elif token.isspace():
                blanks += token
                self._in_word = False
            else:
                continued = self._in_word and not blanks  # a word begun by the last write
                if self.column and not continued and self.column + len(blanks) + len(token) > width:
                    out.append("\n")
                    self.column, blanks = 0, ""
                out.append(blanks + token)
                self._advance(blanks + token, width)
                blanks, self._in_word = "", True
        if blanks:  # a prompt's last blank: as many as the row holds
            room = blanks[: max(0, width - self.column)]
            out.append(room)
            self._advance(room, width)
        return "".join(out)

    def interrupted(self) -> None:
        """Ctrl-C while a line was read: the terminal echoed "^C" at the cursor."""
        self.column += 2
        self._in_word = False

    def fresh_line(self) -> str:
        """What puts the cursor at the start of a fresh line ("" if it is there)."""
        said, self.column, self._in_word = ("\n" if self.column else ""), 0, False
        return said

    def _advance(self, text: str, width: int = 0) -> None:
        for ch in text:
            if ch in "\n\r":
                self.column = 0
            elif ch == "\b":
                self.column = max(0, self.column - 1)
            elif ch == "\t":
                self.column += 8 - self.column % 8
            elif ch.isprintable():
                self.column += 1
            if width and self.column > width:  # the terminal went on to the next row
                self.column -= width
        self._in_word = bool(text) and not text[-1].isspace()


class ScreenRows:
    """The rows of a screen drawn in place that show text, and the cursor's
    row, followed from what is drawn and written, so that a program on the
    screen can end with the cursor at the start of a fresh line below what
    it left (``below``).  A row drawn over with blanks from its start to the
    width's last column or its last but one shows nothing.

    >>> rows = ScreenRows()
    >>> rows.cleared(); rows.placed(0, 0, "TITLE", 80); rows.placed(5, 0, "Goodbye.".ljust(80), 80)
    >>> rows.placed(7, 0, "Your move:".ljust(79), 80); rows.placed(7, 0, "".ljust(79), 80); rows.below()
    6
    >>> rows.placed(7, 0, "Your move: ", 80); rows.written("\\n", 24); rows.written("Interrupted.\\n", 24)
    >>> rows.below()
    9
    >>> rows.placed(23, 0, "Interrupted.", 80); rows.written("\\n", 24); rows.below(), rows.cursor
    (23, 23)
    """

    def __init__(self) -> None:
        self.shown: set[int] = set()
        self.cursor: Optional[int] = None  # unknown until the screen is cleared or drawn on

    def cleared(self) -> None:
        self.shown.clear()
        self.cursor = 0

    def placed(self, row: int, col: int, text: str, width: int) -> None:
        self.cursor = row
        if "\n" in text:
            self.written(text, row + text.count("\n") + 1)
        elif text.strip():
            self.shown.add(row)
        elif col == 0 and len(text) >= width - 1:
            self.shown.discard(row)

    def written(self, text: str, height: int) -> None:
        """Line output at the cursor (each "\\n" a row lower, down to the screen's last)."""
        if self.cursor is None:
            return
        parts = text.split("\n")
        for k, part in enumerate(parts):
            if part.strip():
                self.shown.add(self.cursor)
            if k < len(parts) - 1:
                if self.cursor >= height - 1:  # the last row: the screen scrolls up by one
                    self.shown = {row - 1 for row in self.shown if row > 0}
                self.cursor = min(self.cursor + 1, height - 1)

    def below(self) -> Optional[int]:
        """The first row below every row that shows text (None: nothing is known of the screen)."""
        if self.cursor is None:
            return None
        return max(self.shown, default=-1) + 1


_TOKENS = re.compile(r"\n|\r|[ \t]+|[^ \t\n\r]+")


def notice(term: Any, text: str, hint: str = "press a key to go on") -> None:
    """Write ``text`` wrapped to the terminal's width, then wait for a key.
    Ctrl-C raises KeyboardInterrupt, as anywhere else."""
    for row in wrap(f"{text} -- {hint}", term.width):
        term.stream.write(row + "\n")
    term.stream.flush()
    with cbreak():
        term.inkey()

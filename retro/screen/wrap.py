"""The one word wrap of every text retro lays out on a terminal.

Text folds at word boundaries to the terminal's whole width, by one rule
wherever it is printed (a menu's rows, the learner's messages, a teletype's
prose on a terminal, retro's own messages on either console): a row is
broken before the word that would pass its last column; the blanks where it
is broken are not written; a row after the first starts with the blanks its
line started with (a hanging indent); a tab is kept, and counted to the next
multiple of 8.  A word wider than the whole row is never cut: a message
leaves it to the terminal (``fold``), a screen's row ends it with "…"
(``wrap``).  A line that must stay one row ends with "…" where it is cut, at
the end of a word (``one_row``); what a row must show (a session count, a
key hint) is kept and the rest of the row gives way.

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
from typing import Optional, Sequence

ELLIPSIS = "…"
HINT_GAP = "   "  # between two key hints on one row
PIPE_WIDTH = 80  # what a message is folded to when it goes to no terminal
TAB = 8

_TOKENS = re.compile(r"\n|\r|[ \t]+|[^ \t\n\r]+")


class Fold:
    """Text folded as it is written, piece by piece: the column the cursor
    is at and the blanks its line began with are followed from one piece to
    the next (a prompt, then what is typed after it, then the next line).

    >>> Fold().text("There is no Tic-Tac-Toe-Data-5 yet: I know no schemes.\\n", 20)
    'There is no\\nTic-Tac-Toe-Data-5\\nyet: I know no\\nschemes.\\n'
    >>> Fold().text("  - a list item that goes on and on", 16)
    '  - a list item\\n  that goes on\\n  and on'
    """

    def __init__(self, indent: Optional[str] = None, hang: int = 0):
        self.column = 0
        self._indent = indent  # the rows after a line's first start with this (None: the line's own blanks)
        self._hang = hang  # and this many blanks more
        self._lead: Optional[str] = ""  # the blanks the line began with (None: it began with a word)
        self._in_word = False  # the last character written was part of a word

    def text(self, text: str, width: int) -> str:
        """``text`` as it is to be written, folded to ``width`` columns (not folded if 0)."""
        if width <= 0:
            self.advance(text)
            return text
        out: list[str] = []
        blanks = ""
        for token in _TOKENS.findall(text):
            if token in ("\n", "\r"):
                out.append(token)
                self.column, blanks, self._in_word, self._lead = 0, "", False, ""
            elif token.isspace():
                blanks += token
                self._in_word = False
            else:
                if self._lead is not None:  # the first word of the line: its blanks are its indent
                    self._lead += blanks
                    lead, self._lead = self._lead, None
                    self._row_indent = self._continuation(lead, width)
                continued = self._in_word and not blanks  # a word begun by the last write
                indent = self._row_indent
                if (self.column > len(indent) and not continued
                        and columns(blanks + token, self.column) > width):
                    out.append("\n" + indent)
                    self.column, blanks = len(indent), ""
                out.append(blanks + token)
                self.advance(blanks + token, width)
                blanks = ""
        if blanks:  # a prompt's last blanks: as many as the row holds
            room = blanks[: max(0, width - self.column)]
            if self._lead is not None:
                self._lead += room
            out.append(room)
            self.advance(room, width)
        return "".join(out)

    _row_indent = ""

    def _continuation(self, lead: str, width: int) -> str:
        indent = (lead.expandtabs(TAB) if self._indent is None else self._indent) + " " * self._hang
        return indent if len(indent) < width else ""

    def advance(self, text: str, width: int = 0) -> None:
        """Follow the cursor over ``text`` written as it is."""
        for ch in text:
            if ch in "\n\r":
                self.column, self._lead = 0, ""
            elif ch == "\b":
                self.column = max(0, self.column - 1)
            elif ch == "\t":
                self.column += TAB - self.column % TAB
            elif ch.isprintable():
                self.column += 1
            if width and self.column > width:  # the terminal went on to the next row
                self.column -= width
        if text:
            self._in_word = not text[-1].isspace()


def columns(text: str, start: int = 0) -> int:
    """The column the cursor reaches writing ``text`` from column ``start``."""
    column = start
    for ch in text:
        column += TAB - column % TAB if ch == "\t" else 1
    return column


def fold(text: str, width: int) -> list[str]:
    """``text`` folded at word boundaries to ``width`` columns, every word kept
    whole (a word wider than a row is left to the terminal): for messages,
    whose every character counts (a path, a name).

    >>> fold("Error: no program 'nosuch'; the programs are: first-one, second-one", 40)
    ["Error: no program 'nosuch'; the programs", 'are: first-one, second-one']
    """
    if width <= 0:
        return [text]
    return Fold().text(text, width).split("\n")


def fold_lines(text: str, width: int) -> str:
    """Each line of ``text`` folded as ``fold`` folds it (the last line's
    break, or its absence, kept)."""
    return text if width <= 0 else Fold().text(text, width)


def wrap(text: str, width: int, indent: str | None = None, hang: int = 0) -> list[str]:
    """``text`` (one line) folded to rows of ``width`` columns, for a screen:
    rows after the first start with ``indent`` (by default the text's own
    leading blanks) and ``hang`` blanks more; a word wider than a row is the
    only one cut, with "…"; tabs are expanded (a row is placed on a screen)."""
    if width <= 0:
        return []
    if not text.strip():
        return [""]
    rows = Fold(indent, hang).text(text.rstrip(), width).split("\n")
    return [one_row(row.expandtabs(TAB), width) for row in rows]


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

"""A teletype's output on a terminal: the column followed, prose folded by the one word wrap."""
from __future__ import annotations

from typing import Callable, Optional

from .wrap import Fold


class TerminalLine(Fold):
    """A teletype's output on a terminal (never in a pipe, whose bytes are
    the original's): the column the cursor is at, counted from what was
    written (a line read puts it back at 0: its Enter did), and -- given the
    terminal's width, asked at each write -- the text folded at word
    boundaries by the one word wrap (retro.screen.wrap), as the screens'
    text is, instead of cut by the terminal inside a word.

    >>> line = TerminalLine(lambda: 20)
    >>> line.write("There is no Tic-Tac-Toe-Data-5 yet: I know no schemes.\\n")
    'There is no\\nTic-Tac-Toe-Data-5\\nyet: I know no\\nschemes.\\n'
    >>> line.write("Do you want to move first? (Y/N) "), line.column
    ('Do you want to move\\nfirst? (Y/N) ', 13)
    >>> line.read("y\\n"); line.column
    0
    """

    def __init__(self, width: Optional[Callable[[], int]] = None):
        super().__init__()
        self._width = width

    def write(self, text: str) -> str:
        """``text`` as it is to be written (folded, if there is a width), the column followed."""
        return self.text(text, self._width() if self._width is not None else 0)

    def read(self, line: Optional[str]) -> None:
        """A line was read: typed and echoed, and ended by Enter, or not (Ctrl-D)."""
        if line:
            self.advance(line)

    def interrupted(self) -> None:
        """Ctrl-C while a line was read: the terminal echoed "^C" at the cursor."""
        self.advance("^C")
        self._in_word = False

    def fresh_line(self) -> str:
        """What puts the cursor at the start of a fresh line ("" if it is there)."""
        said = "\n" if self.column else ""
        self.advance("\n")
        self._in_word = False
        return said

"""A teletype's output on a terminal: the column followed, prose folded by
the one word wrap, and its last rows kept, to be shown again after ``fg``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional

from .rows import ScreenRows
from .wrap import Fold

if TYPE_CHECKING:
    from blessed import Terminal

KEPT = 500  # the rows kept of what the teletype showed: more than any terminal's height


class TerminalLine(Fold):
    """A teletype's output on a terminal (never in a pipe, whose bytes are
    the original's): the column the cursor is at, counted from what was
    written (a line read puts it back at 0: its Enter did), and -- given the
    terminal's width, asked at each write -- the text folded at word
    boundaries by the one word wrap (retro.screen.wrap), as the screens'
    text is, instead of cut by the terminal inside a word.

    What it showed is kept too, in the one model of a screen's rows
    (retro.screen.rows: what was written, and the lines typed as the
    terminal echoed them), so that after Ctrl-Z and ``fg`` -- when the
    shell has written over the screen -- its last screenful and its prompt
    are shown again (``paint``).

    >>> line = TerminalLine(lambda: 20)
    >>> line.write("There is no Tic-Tac-Toe-Data-5 yet: I know no schemes.\\n")
    'There is no\\nTic-Tac-Toe-Data-5\\nyet: I know no\\nschemes.\\n'
    >>> line.write("Do you want to move first? (Y/N) "), line.column
    ('Do you want to move\\nfirst? (Y/N) ', 13)
    >>> line.read("y\\n"); line.column
    0
    >>> line.shown(3, 20)  # the cursor on the row below the answer
    ['Do you want to move', 'first? (Y/N) y', '']
    """

    def __init__(self, width: Optional[Callable[[], int]] = None):
        super().__init__()
        self._width = width
        self._rows = ScreenRows()
        self._rows.cleared()

    def write(self, text: str) -> str:
        """``text`` as it is to be written (folded, if there is a width), the column followed."""
        text = self.text(text, self._width() if self._width is not None else 0)
        self._shown(text)
        return text

    def read(self, line: Optional[str]) -> None:
        """A line was read: typed and echoed, and ended by Enter, or not (Ctrl-D)."""
        if line:
            self.advance(line)
            self._shown(line)

    def interrupted(self) -> None:
        """Ctrl-C while a line was read: the terminal echoed "^C" at the cursor."""
        self.advance("^C")
        self._shown("^C")
        self._in_word = False

    def fresh_line(self) -> str:
        """What puts the cursor at the start of a fresh line ("" if it is there)."""
        said = "\n" if self.column else ""
        self.advance("\n")
        self._shown(said)
        self._in_word = False
        return said

    def _shown(self, text: str) -> None:
        self._rows.written(text, KEPT)

    def shown(self, height: int, width: int) -> list[str]:
        """The last ``height`` rows the teletype showed, as a terminal
        ``width`` columns wide shows them (a longer line on several rows),
        the cursor's row last (with its blanks up to the cursor: a prompt's)."""
        rows = self._rows
        last = rows.cursor or 0
        lines = rows.text(last + 1)
        lines[last] = lines[last].ljust(rows.column)
        out: list[str] = []
        for line in lines:
            out.extend([line[k:k + width] for k in range(0, len(line), width)] if width > 0 and line else [line])
        return out[-height:] if height > 0 else []

    def paint(self, term: Terminal) -> str:
        """What shows the teletype's last screenful again on ``term``, at its size now, the cursor after it."""
        return term.home + term.clear + "\r\n".join(self.shown(term.height, term.width))

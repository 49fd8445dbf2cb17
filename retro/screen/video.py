"""A video terminal of the period (the Altair article's 80x24) drawn on the
real screen: its rows kept as that terminal showed them, drawn through the
screen console (and compared with its model of the real screen's rows,
``Console.shown``: the one copy of those), the rows that scroll off its top
sent into the real terminal's scrollback."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from .. import signals

if TYPE_CHECKING:
    from ..console import Console


class VideoTerminal:
    """The article's 80x24 video terminal, drawn on a real screen.

    Output is laid out as that terminal showed it (a new line at CR LF,
    scrolling at the bottom); a row of exactly 80 characters followed by
    the new line stays one row (deferred wrap), as BASIC meant it.  The
    picture is drawn with cursor addressing, so the real terminal never
    wraps or scrolls it on its own; what is typed is drawn into it as it is
    read (``type``), as BASIC echoed it.

    The rows that scroll off its top leave the real screen the same way, in
    order: before the picture is drawn again the real screen is scrolled
    (``Console.scroll``) by as many rows, each drawn at its top just before,
    so that they go into the real terminal's scrollback -- a finished game
    (its ``YOU WON``) can be read back there, as the original's paper-less
    screen could not.  Only the rows that differ from what the real screen
    shows (``Console.shown``) are drawn again.
    """

    def __init__(self, rows: int = 24, cols: int = 80):
        self.rows, self.cols = rows, cols
        self.lines: list[list[str]] = [[] for _ in range(rows)]
        self.row = 0
        self.col = 0
        self.scrolled = 0  # rows that have left the top, since the start
        self._gone: list[str] = []  # the last of those, not yet past the real screen
        self._typed: list[Optional[tuple[int, int]]] = []  # where each character of the line typed went
        self._drawn = False  # drawn on the real screen yet
        self._shown_from = 0  # the number (counted as ``scrolled``) of the real screen's top row
        self._shown_size = (0, 0)
        self._resumes = 0  # retro.signals.resumes() when it was drawn

    def _newline(self) -> None:
        self.col = 0
        if self.row == self.rows - 1:
            self._gone.append("".join(self.lines.pop(0)))
            self.lines.append([])
            self.scrolled += 1
        else:
            self.row += 1

    def _put(self, ch: str) -> tuple[int, int]:
        """One printable character at the cursor; where it went (its row counted as ``scrolled``)."""
        if self.col >= self.cols:  # a 81st character: the wrap is due now
            self._newline()
        line = self.lines[self.row]
        line.extend(" " * (self.col - len(line)))
        if self.col < len(line):
            line[self.col] = ch
        else:
            line.append(ch)
        self.col += 1
        return self.scrolled + self.row, self.col - 1

    def feed(self, text: str) -> None:
        for ch in text:
            if ch == "\n":
                self._newline()
            elif ch == "\r":
                self.col = 0
            elif ch >= " ":
                self._put(ch)

    def type(self, text: str) -> None:
        """What the line input echoes (``Console.echo_with``): characters as
        typed (a control character shows nothing), ``"\\b"`` erases the last
        one, ``"\\n"`` ends the line."""
        for ch in text:
            if ch == "\b":
                self._erase()
            elif ch == "\n":
                self._typed.clear()
                self._newline()
            elif ch < " " or ch == "\x7f":
                self._typed.append(None)
            else:
                self._typed.append(self._put(ch))

    def _erase(self) -> None:
        place = self._typed.pop() if self._typed else None
        if place is None:
            return
        row, col = place[0] - self.scrolled, place[1]
        if row < 0:
            return  # scrolled away
        line = self.lines[row]
        if col < len(line):
            line[col] = " "
            while len(line) > col and line[-1] == " ":
                line.pop()
        self.row, self.col = row, col

    def text(self) -> list[str]:
        return ["".join(line) for line in self.lines]

    def _row(self, number: int) -> str:
        """A row by its number (counted as ``scrolled``): on the screen, or gone since the last drawing."""
        if number >= self.scrolled:
            return "".join(self.lines[number - self.scrolled])
        return self._gone[number - (self.scrolled - len(self._gone))]

    def render(self, console: Console) -> None:
        """Draw the picture: the bottom rows if the real screen is smaller;
        the rows that left it since the last drawing first scrolled out."""
        height, width = console.size()
        top = max(0, self.row + 1 - height)
        first = self.scrolled + top
        picture = [line[:width] for line in self.text()[top:top + height]]
        picture += [""] * (height - len(picture))
        if not self._drawn:  # the first drawing: what scrolled off before it goes first
            console.clear()
            self._scroll_out(console, 0, first, height, width)
        elif (self._shown_size, self._resumes) != ((height, width), signals.resumes()) or first < self._shown_from:
            console.clear()  # a new size, or the screen given to the shell (Ctrl-Z) and back: all of it again
        elif first > self._shown_from:
            self._scroll_out(console, self._shown_from, first, height, width)
        _draw_over(console, picture)
        console.place(self.row - top, min(self.col, width - 1), "")
        self._drawn, self._shown_from, self._shown_size = True, first, (height, width)
        self._resumes = signals.resumes()
        self._gone.clear()

    def repaint(self, console: Console) -> None:
        """Draw the whole picture again (the terminal resized, given back
        after ``fg``, or Ctrl-L), at the real screen's size now."""
        if self._drawn:
            self._shown_size = (0, 0)  # what the real screen shows is not known: all of it again
        self.render(console)

    def _scroll_out(self, console: Console, start: int, end: int, height: int, width: int) -> None:
        """Rows ``start`` to ``end`` (not included) off the real screen's top,
        into its scrollback, in order: each batch drawn at the top (as it
        stands now), then scrolled out."""
        while start < end:
            batch = [self._row(number)[:width] for number in range(start, min(end, start + height))]
            _draw_over(console, batch)
            console.scroll(len(batch))
            start += len(batch)


def _draw_over(console: Console, rows: list[str]) -> None:
    """``rows`` from the real screen's top, each drawn where it differs from
    what that row shows (``Console.shown``), over all of that."""
    shown = console.shown()
    for r, line in enumerate(rows):
        if line.rstrip() != shown[r]:
            console.place(r, 0, line.ljust(len(shown[r])))

"""The one model of a screen's rows: what a program drew on the terminal,
kept row by row, so that the whole screen can be drawn again at any moment,
or only the rows that changed since it was (``paint``), and the cursor's
row followed (``below``); and the rows as a reader reads them (``read``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from blessed import Terminal


class ScreenRows:
    """The rows of a screen drawn in place, each as the program left it,
    and the cursor, followed from what is drawn (``placed``) and written
    (``written``: a new line at each "\\n", the screen scrolled at its last
    row).  A row drawn over with blanks shows nothing.  ``below`` is the
    first row below every row that shows text (where a program on the
    screen ends, for whatever comes next); ``paint`` draws every row again,
    or over what the terminal shows, only the rows that changed.

    >>> rows = ScreenRows()
    >>> rows.cleared(); rows.placed(0, 0, "TITLE", 80); rows.placed(5, 0, "Goodbye.".ljust(80), 80)
    >>> rows.placed(7, 0, "Your move:".ljust(79), 80); rows.placed(7, 0, "".ljust(79), 80); rows.below()
    6
    >>> rows.placed(7, 0, "Your move: ", 80); rows.written("\\n", 24); rows.written("Interrupted.\\n", 24)
    >>> rows.below()
    9
    >>> rows.placed(23, 0, "Interrupted.", 80); rows.written("\\n", 24); rows.below(), rows.cursor
    (23, 23)
    >>> rows.text(24)[22]
    'Interrupted.'

    For a reader (``read``), a text the port folded at words onto several
    rows (``folded``) is one, and the port's pointer over a square
    (``pointing``: the learner's brackets, said in words instead) is not
    drawn: what it covers is read.

    >>> rows.cleared(); rows.placed(0, 0, "a message folded", 16); rows.placed(1, 0, "at a word.", 16, folded=True)
    >>> rows.placed(2, 0, " 2  .  .  .", 16); rows.placed(2, 3, "[.]", 16, pointing=True); rows.text(3)
    ['a message folded', 'at a word.', ' 2 [.] .  .']
    >>> rows.read(3)
    (['a message folded at a word.', ' 2  .  .  .'], 1)
    """

    def __init__(self) -> None:
        self.lines: dict[int, str] = {}  # a row's text, for each row that shows any
        self.styles: dict[int, str] = {}  # a row drawn whole in a style: blessed's name for it ("reverse")
        self.folded: set[int] = set()  # the rows that carry on the text of the row above, folded at a word
        self.under: dict[int, str] = {}  # a row's text under the port's pointer, where it is drawn
        self.cursor: Optional[int] = None  # unknown until the screen is cleared or drawn on
        self.column = 0
        self.size: Optional[tuple[int, int]] = None  # (height, width) it was last painted at

    @property
    def shown(self) -> set[int]:
        return set(self.lines)

    def cleared(self) -> None:
        self.lines.clear()
        self.styles.clear()
        self.folded.clear()
        self.under.clear()
        self.cursor, self.column = 0, 0

    def placed(self, row: int, col: int, text: str, width: int, style: str = "",
               folded: bool = False, pointing: bool = False) -> None:
        """``text`` drawn at (``row``, ``col``); the part past the row's end is
        cut (never wrapped); ``style`` the whole row's (blessed's name for it).
        A row drawn from its start is ``folded`` or not (``read``);
        ``pointing``: the text is the port's pointer, over what a reader reads."""
        self.cursor, self.column = row, col
        if "\n" in text:
            self.written(text, row + text.count("\n") + 1, width)
            return
        if pointing:
            self.under.setdefault(row, self.lines.get(row, ""))
        self._put(text, width, pointing)
        if style and row in self.lines:
            self.styles[row] = style
        else:
            self.styles.pop(row, None)
        if col == 0 and folded:
            self.folded.add(row)
        elif col == 0:
            self.folded.discard(row)

    def _put(self, text: str, width: int, pointing: bool = False) -> None:
        assert self.cursor is not None
        row, column = self.cursor, self.column
        text = text.expandtabs(8)
        self.column = min(column + len(text), width) if width > 0 else column + len(text)
        line = over(self.lines.get(row, ""), column, text, width)
        if line:
            self.lines[row] = line
        else:
            self.lines.pop(row, None)
        if row in self.under and not pointing:  # drawn beside the pointer, or over it
            self.under[row] = over(self.under[row], column, text, width)
        if self.under.get(row) == self.lines.get(row, ""):
            del self.under[row]  # the pointer has gone

    def written(self, text: str, height: int, width: int = 0) -> None:
        """Line output at the cursor (each "\\n" a row lower, down to the screen's last)."""
        if self.cursor is None:
            return
        parts = text.split("\n")
        for k, part in enumerate(parts):
            for j, piece in enumerate(part.split("\r")):
                if j:
                    self.column = 0
                if piece:
                    self._put(piece, width)
            if k < len(parts) - 1:
                if self.cursor >= height - 1:  # the last row: the screen scrolls up by one
                    self.scrolled(1)
                self.cursor = min(self.cursor + 1, height - 1)
                self.column = 0

    def scrolled(self, rows: int) -> None:
        """The screen scrolled up by ``rows``: its top rows left it."""
        self.lines = {row - rows: line for row, line in self.lines.items() if row >= rows}
        self.styles = {row - rows: style for row, style in self.styles.items() if row >= rows}
        self.folded = {row - rows for row in self.folded if row > rows}  # the top row carries on nothing
        self.under = {row - rows: line for row, line in self.under.items() if row >= rows}

    def below(self) -> Optional[int]:
        """The first row below every row that shows text (None: nothing is known of the screen)."""
        if self.cursor is None:
            return None
        return max(self.lines, default=-1) + 1

    def text(self, height: int) -> list[str]:
        """The screen's rows, top to bottom."""
        return [self.lines.get(row, "") for row in range(height)]

    def read(self, height: int) -> tuple[list[str], int]:
        """The screen's rows as a reader reads them, top to bottom, and the
        cursor's among them: a row that carries on a text folded at a word
        joined to the row above with a blank (where the fold dropped the
        blanks between two words), the port's pointer left out."""
        rows: list[str] = []
        cursor = 0
        for row in range(max(height, (self.cursor or 0) + 1)):
            text = self.under.get(row, self.lines.get(row, ""))
            if row in self.folded and rows and rows[-1].strip() and text.strip():
                rows[-1] = f"{rows[-1]} {text.lstrip()}"
            else:
                rows.append(text)
            if row == self.cursor:
                cursor = len(rows) - 1
        return rows, cursor

    def paint(self, term: Terminal, over: Optional[ScreenRows] = None) -> str:
        """What draws the screen on ``term`` as it is now (its size now: rows
        and columns past it are cut), the cursor where it was: over ``over``
        (what the terminal shows, painted at this size) only the rows that
        differ from it, else the whole screen, cleared first.  The size it
        is painted at is kept (``size``)."""
        height, width = term.height, term.width
        whole = over is None or over.size != (height, width)
        self.size = (height, width)
        out = [term.home + term.clear] if whole else []
        changed = set(self.lines) if over is None or whole else self._differing(over)
        for row in sorted(changed):
            if row < height:
                out.append(term.move_yx(row, 0) + self._row_drawn(term, row, width, blank_after=not whole))
        if self.cursor is not None:
            out.append(term.move_yx(min(self.cursor, height - 1), min(self.column, max(0, width - 1))))
        return "".join(out)

    def _differing(self, other: ScreenRows) -> set[int]:
        """The rows that show something other than ``other``'s (text or style)."""
        return {row for row in set(self.lines) | set(other.lines)
                if (self.lines.get(row), self.styles.get(row)) != (other.lines.get(row), other.styles.get(row))}

    def _row_drawn(self, term: Terminal, row: int, width: int, blank_after: bool) -> str:
        """Row ``row`` in its style, cut at ``width``; ``blank_after``: the rest of
        the row cleared (what was there before)."""
        style = self.styles.get(row)
        line = self.lines.get(row, "")[:width]
        text = line.ljust(width) if style == "reverse" else line  # reverse video: the whole row
        drawn = getattr(term, style)(text) if style else text
        return drawn + (term.clear_eol if blank_after and len(text) < width else "")


def over(line: str, column: int, text: str, width: int) -> str:
    """``line`` with ``text`` drawn over it from ``column``, cut at ``width``
    (0: not cut), without its trailing blanks."""
    line = line.ljust(column)
    line = line[:column] + text + line[column + len(text):]
    return (line[:width] if width > 0 else line).rstrip()

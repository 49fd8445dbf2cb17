"""The rows of a screen that show text, followed from what a program draws and writes."""
from __future__ import annotations

from typing import Optional


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



"""Drawing one screen of the menu through the model of the screen's
rows: a title, a message row, a list scrolled to its selected entry with
marks where more is off the screen, and key hints below."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from ..screen.rows import ScreenRows
from ..screen.wrap import one_row, wrap

if TYPE_CHECKING:
    from blessed import Terminal

MIN_COLUMNS, MIN_ROWS = 60, 12

# The marks of a list longer than the screen.
MORE_ABOVE = "  ↑ more above"
MORE_BELOW = "  ↓ more below"


class Bold(str):
    """A footer row shown in bold (the session's command, the pace)."""


def draw_screen(term: Terminal, title: str, body: list[tuple[int, str]], selected: int,
                footer: list[str], message: str = "", over: Optional[ScreenRows] = None) -> ScreenRows:
    """One screen of the menu, drawn through the model of the screen's rows:
    the title in reverse video, a message row, the body (rows of the entry
    ``selected`` in reverse video, scrolled to show them, with a mark above
    and below where more of it is off the screen) and the footer rows at the
    bottom (key hints: always shown).  Over ``over`` (what the terminal
    shows) only the rows that changed are drawn, else the whole screen.
    The rows drawn, for the next drawing's ``over``."""
    rows = menu_rows(term.height, term.width, title, body, selected, footer, message)
    term.stream.write(rows.paint(term, over))
    term.stream.flush()
    return rows


def menu_rows(height: int, width: int, title: str, body: list[tuple[int, str]], selected: int,
              footer: list[str], message: str = "") -> ScreenRows:
    """The rows of one screen of the menu at ``height`` x ``width`` (draw_screen)."""
    rows = ScreenRows()
    rows.cleared()
    if width < MIN_COLUMNS or height < MIN_ROWS:
        said = (f"The terminal is {width}x{height};", f"retro needs {MIN_COLUMNS}x{MIN_ROWS}.", "Resize it, or press q.")
        for row, line in enumerate([line for text in said for line in wrap(text, width)][:height]):
            rows.placed(row, 0, line, width)
        return rows
    rows.placed(0, 0, one_row(f" {title}", width), width, "reverse")
    if message:
        rows.placed(1, 0, one_row(message, width), width, "bold")
    room = height - 2 - len(footer)
    first = 2  # the body's first row on the screen
    scrolled = len(body) > room and room >= 3
    if scrolled:  # a row above and one below the body say where more of it is
        room -= 2
        first += 1
    chosen = [k for k, (index, _) in enumerate(body) if index == selected]
    top = 0
    if chosen:
        top = min(chosen[0], max(0, chosen[-1] - room + 1))
    for row, (index, text) in enumerate(body[top: top + room]):
        style = "reverse" if index == selected else "bold" if index == -1 and text else ""
        rows.placed(row + first, 0, text, width, style)
    if scrolled:
        if top > 0:
            rows.placed(first - 1, 0, one_row(MORE_ABOVE, width), width, "dim")
        if top + room < len(body):
            rows.placed(first + room, 0, one_row(MORE_BELOW, width), width, "dim")
    for row, text in enumerate(footer):
        rows.placed(height - len(footer) + row, 0, text, width, "bold" if isinstance(text, Bold) else "")
    return rows

"""Drawing one screen of the menu: a title, a message row, a list scrolled to its
selected entry with marks where more is off the screen, and key hints below."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..screen.wrap import one_row, wrap

if TYPE_CHECKING:
    from blessed import Terminal

MIN_COLUMNS, MIN_ROWS = 60, 12

# The marks of a list longer than the screen.
MORE_ABOVE = "  ↑ more above"
MORE_BELOW = "  ↓ more below"


def draw_screen(term: Terminal, title: str, body: list[tuple[int, str]], selected: int,
                footer: list[str], message: str = "") -> None:
    """One screen of the menu: the title in reverse video, a message row, the
    body (rows of the entry ``selected`` in reverse video, scrolled to show
    them, with a mark above and below where more of it is off the screen)
    and the footer rows at the bottom (key hints: always shown)."""
    t = term
    write = t.stream.write
    width, height = t.width, t.height
    write(t.home + t.clear)
    if width < MIN_COLUMNS or height < MIN_ROWS:
        said = (f"The terminal is {width}x{height};", f"retro needs {MIN_COLUMNS}x{MIN_ROWS}.", "Resize it, or press q.")
        for row, line in enumerate([line for text in said for line in wrap(text, width)][:height]):
            write(t.move_yx(row, 0) + line)
        t.stream.flush()
        return
    write(t.move_yx(0, 0) + t.reverse(one_row(f" {title}", width).ljust(width)))
    if message:
        write(t.move_yx(1, 0) + t.bold(one_row(message, width)))
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
        if index == selected:
            text = t.reverse(text.ljust(width))
        elif index == -1 and text:
            text = t.bold(text)
        write(t.move_yx(row + first, 0) + text)
    if scrolled:
        if top > 0:
            write(t.move_yx(first - 1, 0) + t.dim(one_row(MORE_ABOVE, width)))
        if top + room < len(body):
            write(t.move_yx(first + room, 0) + t.dim(one_row(MORE_BELOW, width)))
    for row, text in enumerate(footer):
        write(t.move_yx(height - len(footer) + row, 0) + text)
    t.stream.flush()

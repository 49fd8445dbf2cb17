"""The model of a screen's rows draws again only what changed: a key on the
menu writes the rows it changed and no other (no clearing of the screen),
and the picture is then the one a whole drawing gives; a new size, or a
screen never drawn, is drawn whole."""
import pyte
import pytest

from retro import menu
from retro.screen.rows import ScreenRows

from test_screen_layout import SizedTerminal

Looks = list[tuple[str, tuple[tuple[bool, bool], ...]]]


def looks(screen: pyte.Screen) -> Looks:
    """Each row's text and each of its cells' reverse and bold."""
    display = screen.display  # pyte renders every row for each reading of it
    return [(display[y], tuple((screen.buffer[y][x].reverse, screen.buffer[y][x].bold)
                               for x in range(screen.columns)))
            for y in range(screen.lines)]


def rendered(term: SizedTerminal, since: int = 0) -> tuple[pyte.Screen, set[int]]:
    """What ``term`` shows of everything written to it, and the rows that what
    was written after its first ``since`` characters wrote or cleared."""
    screen = pyte.Screen(term.cols, term.rows)
    stream = pyte.Stream(screen)
    written = term.stream.getvalue().replace("\n", "\r\n")  # a tty's ONLCR
    stream.feed(written[:since])
    screen.dirty.clear()
    stream.feed(written[since:])
    return screen, set(screen.dirty)


def drawn_whole(rows: int, cols: int, selected: int) -> Looks:
    term = SizedTerminal(rows, cols)
    screen = menu.ScreenMenu(term)
    screen.selected = selected
    screen.draw()
    return looks(rendered(term)[0])


@pytest.mark.parametrize("rows,cols", [(24, 80), (43, 132)])
def test_a_key_on_the_menu_writes_only_the_rows_it_changed(rows: int, cols: int) -> None:
    term = SizedTerminal(rows, cols)
    screen = menu.ScreenMenu(term)
    screen.draw()
    before = looks(rendered(term)[0])
    since = len(term.stream.getvalue())
    screen.press("down")
    screen.draw()
    after, written = rendered(term, since)
    assert term.clear not in term.stream.getvalue()[since:]
    seen = looks(after)
    assert seen == drawn_whole(rows, cols, 1)
    changed = {row for row in range(rows) if before[row] != seen[row]}
    assert changed and written == changed
    assert len(written) < rows, written  # the entries' rows, not the title's nor the keys'


def test_one_row_changed_writes_that_row_only() -> None:
    term = SizedTerminal(24, 80)
    shown = ScreenRows()
    shown.cleared()
    for row in range(0, 24, 2):
        shown.placed(row, 0, f"row {row}", 80)
    term.stream.write(shown.paint(term))
    since = len(term.stream.getvalue())
    now = ScreenRows()
    now.cleared()
    for row in range(0, 24, 2):
        now.placed(row, 0, "row ten, longer" if row == 10 else "" if row == 12 else f"row {row}", 80)
    term.stream.write(now.paint(term, shown))
    screen, written = rendered(term, since)
    assert written == {10, 12} and screen.display[10].rstrip() == "row ten, longer" and not screen.display[12].strip()


def test_a_new_size_is_drawn_whole() -> None:
    shown = ScreenRows()
    shown.cleared()
    shown.placed(0, 0, "title", 80)
    shown.paint(SizedTerminal(24, 80))
    smaller = SizedTerminal(20, 60)
    assert shown.paint(smaller, shown).startswith(smaller.home + smaller.clear)

"""A fullscreen list read key by key: its entries chosen by arrows or by number,
the handlers every screen of the menu shares (the variant form's too)."""
from __future__ import annotations

from contextlib import closing
from typing import TYPE_CHECKING, Optional

from .. import signals
from ..screen.rows import ScreenRows
from ..screen.wrap import hint_rows
from .drawing import draw_screen
from .keys import END, Action, KeyTable, dispatch, read_keys

if TYPE_CHECKING:
    from blessed import Terminal


class ListScreen:
    """A fullscreen list: a title, entries (chosen by arrows or by number), key hints."""

    KEYS: KeyTable = {"up": "previous", "down": "following", "enter": "start",
                      "escape": "leave", "q": "leave", "Q": "leave", END: "leave"}
    title = ""
    hints: tuple[str, ...] = ()

    def __init__(self, term: Terminal, count: int):
        self.term = term
        self.count = count
        self.selected = 0
        self.typed = ""
        self.message = ""
        self.interrupted = False  # the last choice ended by Ctrl-C
        self._shown: Optional[ScreenRows] = None  # what the terminal shows of this screen (None: unknown)

    def rows(self, width: int) -> list[tuple[int, str]]:
        """(entry index, or -1 for a heading, and its text) for every row of the list."""
        raise NotImplementedError

    def footer(self, width: int) -> list[str]:
        return hint_rows(self.hints, width)

    def draw(self) -> None:
        """The screen as it is now: the rows that changed since it was drawn."""
        width = self.term.width
        self._shown = draw_screen(self.term, self.title, self.rows(width), self.selected, self.footer(width),
                                  self.message, self._shown)

    def redraw(self) -> None:
        """The whole screen again (first, and whenever the terminal changed)."""
        self._shown = None
        self.draw()

    def table(self) -> KeyTable:
        """The keys' table of the moment."""
        return self.KEYS

    def press(self, key: str) -> Optional[Action]:
        """One key, to the handler the table names; the message it followed is cleared."""
        self.message = ""
        return dispatch(self, self.table(), key)

    def read_action(self) -> Optional[Action]:
        """Keys, each to its handler, until one answers with an action: it;
        None for LEAVE (q, Esc, Ctrl-D) or at Ctrl-C (``interrupted``)."""
        self.interrupted = False
        signals.go_on()  # a Ctrl-C before (a program's, a screen's left) held the next: the menu takes them again
        with closing(read_keys(self.term, self.draw, self.redraw)) as pressed:
            for key in pressed:
                action = self.press(key)
                if action is not None:
                    return None if action is Action.LEAVE else action
        self.interrupted = True  # the keys end at Ctrl-C
        return None

    def choose(self) -> Optional[tuple[Action, int]]:
        """Wait for a choice: (action, entry index), or None (q, Esc, Ctrl-D or
        Ctrl-C; ``interrupted`` says whether it was Ctrl-C)."""
        action = self.read_action()
        return None if action is None else (action, self.selected)

    # -- the handlers of KEYS ----------------------------------------------------
    def previous(self, key: str) -> None:
        self.typed = ""
        if self.count:
            self.selected = (self.selected - 1) % self.count

    def following(self, key: str) -> None:
        self.typed = ""
        if self.count:
            self.selected = (self.selected + 1) % self.count

    def start(self, key: str) -> Optional[Action]:
        """Enter: go ahead with the selected entry (a number being typed, taken
        first); on the variant form, from any row, with the options as chosen."""
        if not self.count:
            return None
        if self.typed:
            self._jump()
            self.typed = ""
        return Action.START

    def leave(self, key: str) -> Action:
        return Action.LEAVE

    def other(self, key: str) -> None:
        """Digits choose an entry by its number; any other key is ignored."""
        if not key.isdigit():
            self.typed = ""
            return
        self.typed += key
        self._jump()
        if len(self.typed) >= len(str(self.count)):
            self.typed = ""

    def _jump(self) -> None:
        number = int(self.typed)
        if 1 <= number <= self.count:
            self.selected = number - 1
        else:
            self.message = f"No entry {number}."

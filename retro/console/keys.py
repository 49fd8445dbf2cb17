"""The one key loop of a full screen (the screen console's and the menu's):
keys read one at a time from a terminal in cbreak mode, by their names, the
screen drawn again whole when the terminal changed and at Ctrl-L."""
from __future__ import annotations

import select
import time
from typing import TYPE_CHECKING, Callable, Optional

from .. import signals
from .editing import POLL, REPAINT

if TYPE_CHECKING:
    from blessed import Terminal
    from blessed.keyboard import Keystroke

# Key names that read_key returns besides printable characters.
KEY_NAMES = {
    "KEY_UP": "up",
    "KEY_DOWN": "down",
    "KEY_LEFT": "left",
    "KEY_RIGHT": "right",
    "KEY_ENTER": "enter",
    "KEY_BACKSPACE": "backspace",
    "KEY_DELETE": "backspace",
    "KEY_ESCAPE": "escape",
    "KEY_HOME": "home",
    "KEY_END": "end",
    "KEY_PGUP": "pageup",
    "KEY_PGDOWN": "pagedown",
    "KEY_TAB": "tab",
}

Looks = tuple[int, int, int]  # what has a screen drawn again whole: retro resumed (fg), its height, its width


def always() -> bool:
    return True


class KeyLoop:
    """Keys from ``term`` (its input: ``fd``), one at a time, the terminal
    in cbreak mode (the caller's).  While a key is awaited the terminal is
    looked at every POLL seconds: resized, or given back after Ctrl-Z and
    ``fg``, the screen is drawn again whole (``redraw``), as at Ctrl-L,
    which is no key of the caller's.  ``ready`` says whether a key may be
    read now (a screen too small for its program reads none: they wait)."""

    def __init__(self, term: Terminal, fd: Optional[int], redraw: Callable[[], None],
                 ready: Callable[[], bool] = always):
        self.term = term
        self._fd = fd
        self._redraw = redraw
        self._ready = ready
        self._seen: Optional[Looks] = None  # the terminal as last drawn on whole (None: not yet)

    def looks(self) -> Looks:
        return (signals.resumes(), self.term.height, self.term.width)

    def drawn(self) -> None:
        """The screen has been drawn whole, at the terminal's size now."""
        self._seen = self.looks()

    def idle(self) -> bool:
        """The screen drawn again whole if the terminal changed since it was;
        whether a key may be read."""
        if self.looks() != self._seen:
            self._draw_whole()
        return self._ready()

    def _draw_whole(self) -> None:
        self._seen = self.looks()
        self._redraw()

    def key(self) -> Optional[Keystroke]:
        """The next key; None when the terminal has hung up (its input there,
        and a read of it finding nothing)."""
        while True:
            if not self.idle():
                time.sleep(POLL)
                continue
            key = self.term.inkey(timeout=POLL)
            if not key and self._input_waiting():  # a key came as the wait ended, or the terminal is gone
                key = self.term.inkey(timeout=0)
                if not key and self._input_waiting():
                    return None
            if not key:
                continue
            if key == chr(REPAINT):  # Ctrl-L: the screen drawn again whole, as in any full-screen program
                self._draw_whole()
                continue
            return key

    def _input_waiting(self) -> bool:
        """Whether the terminal's input can be read without waiting (a key, or its end)."""
        if self._fd is None:
            return False
        try:
            return bool(select.select([self._fd], [], [], 0)[0])
        except (OSError, ValueError):  # a descriptor gone: as at the end of input
            return True


def key_name(key: Keystroke) -> Optional[str]:
    """A blessed keystroke as ``read_key`` gives it: a printable character, a
    name from KEY_NAMES, "" for no key (a timeout), or None for Ctrl-D (the
    menu's key tables use these names too)."""
    if key.is_sequence:
        return KEY_NAMES.get(key.name or "", key.name or "")
    if key == "\x04":
        return None
    if key in ("\r", "\n"):
        return "enter"
    if key in ("\x7f", "\x08"):
        return "backspace"
    if key == "\x1b":
        return "escape"
    if key == "\t":
        return "tab"
    return str(key)

"""The few parts of a terminal the screen console uses (retro.console.screen,
retro.screen.rows), made of the sequences blessed writes for xterm-256color,
for the page's terminal (xterm.js), and its keys read by their names as blessed
reads them; no curses, which Pyodide does not have."""
from __future__ import annotations

import re
from typing import Optional, TextIO

from .keys import PageKeys
from .page import Page

# blessed 1.52's strings for TERM=xterm-256color (tests/site checks them against blessed's).
HOME = "\x1b[H"
CLEAR = "\x1b[H\x1b[2J"
CLEAR_EOL = "\x1b[K"

# The keys xterm.js sends (normal and application cursor modes), by blessed's names.
SEQUENCES = {
    "\x1b[A": "KEY_UP", "\x1b[B": "KEY_DOWN", "\x1b[C": "KEY_RIGHT", "\x1b[D": "KEY_LEFT",
    "\x1bOA": "KEY_UP", "\x1bOB": "KEY_DOWN", "\x1bOC": "KEY_RIGHT", "\x1bOD": "KEY_LEFT",
    "\x1b[H": "KEY_HOME", "\x1b[F": "KEY_END", "\x1bOH": "KEY_HOME", "\x1bOF": "KEY_END",
    "\x1b[1~": "KEY_HOME", "\x1b[4~": "KEY_END", "\x1b[2~": "KEY_INSERT", "\x1b[3~": "KEY_DELETE",
    "\x1b[5~": "KEY_PGUP", "\x1b[6~": "KEY_PGDOWN", "\x1b[Z": "KEY_BTAB",
}
_SEQUENCE = re.compile(r"\x1b(\[[0-9;?]*[@-~]|O.)")  # a CSI or SS3 sequence whole


class Key(str):
    """A key as blessed's ``Keystroke`` gives it: its text, and its name if it is a sequence."""

    is_sequence: bool
    name: Optional[str]

    def __new__(cls, text: str = "", name: Optional[str] = None) -> Key:
        key = super().__new__(cls, text)
        key.is_sequence = name is not None
        key.name = name
        return key


class XtermTerminal:
    """The page's terminal as the screen console sees blessed's Terminal."""

    home = HOME
    clear = CLEAR
    clear_eol = CLEAR_EOL

    def __init__(self, stream: TextIO, page: Page, keys: PageKeys):
        self.stream = stream
        self._page = page
        self._keys = keys

    @property
    def height(self) -> int:
        return self._page.size()[0]

    @property
    def width(self) -> int:
        return self._page.size()[1]

    @staticmethod
    def move_yx(y: int, x: int) -> str:
        return f"\x1b[{y + 1};{x + 1}H"

    def inkey(self, timeout: Optional[float] = None) -> Key:
        """The next key ("" if none came within ``timeout`` seconds): a
        sequence whole (xterm.js sends one in one piece), Esc alone as KEY_ESCAPE."""
        char = self._keys.char(timeout)
        if char is None:
            return Key()
        text = char.decode("utf-8", "replace")
        if text != "\x1b":
            return Key(text)
        rest = self._keys.waiting().decode("latin-1")
        found = _SEQUENCE.match("\x1b" + rest)
        if found is None:
            return Key("\x1b", "KEY_ESCAPE")
        sequence = found.group(0)
        for _ in range(len(sequence) - 1):
            self._keys.char(0)
        return Key(sequence, SEQUENCES.get(sequence, "KEY_UNKNOWN"))

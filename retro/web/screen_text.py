"""What the page's reader (retro.js and reader.js, for a screen reader) is told
beside the program's bytes: a drawn screen's rows, and the runtime's own words.
It travels in-band, an OSC sequence of retro's own among the terminal's bytes,
which xterm.js hands to the page and draws nothing of, so that it goes over
whatever carries a session's bytes.  Each sequence carries the session's token
(a random word the server gives the session's process in its environment and
the page in a message of its own): the page drops one without it, so nothing a
program writes on a visitor's behalf (an echo of what the visitor typed) is
read as retro's own."""
from __future__ import annotations

import json
from typing import Any

OSC = 7077  # the sequence's number: retro.js registers a handler for it
TOKEN_ENV = "RETRO_READER_TOKEN"  # the session's token, in its process's environment (retro.web.child)


def told(token: str, what: dict[str, Any]) -> str:
    """``what`` as the page reads it, with the session's ``token``: ASCII JSON,
    so that no byte of it can end the sequence early.

    >>> told("k3y", {"said": "You won."})
    '\\x1b]7077;k3y;{"said": "You won."}\\x07'
    """
    return f"\x1b]{OSC};{token};{json.dumps(what)}\x07"


def sequence(rows: list[str], cursor: int, token: str) -> str:
    """The screen's ``rows`` (top to bottom) and the ``cursor``'s row (where
    a prompt waits), as the page reads them.

    >>> sequence(["  X | O", "", "Your move? ", ""], 2, "k3y")
    '\\x1b]7077;k3y;{"rows": ["  X | O", "", "Your move?"], "cursor": 2}\\x07'
    """
    shown = [row.rstrip() for row in rows]
    while shown and not shown[-1]:
        shown.pop()
    return told(token, {"rows": shown, "cursor": cursor})


START = f"\x1b]{OSC};"


class WithoutRows:
    """The terminal's text fed a piece at a time, given back without the rows
    sequences (a recording of what the screen showed keeps no copy of it as
    text): a sequence, or the start of one, that straddles two pieces is held
    until its end arrives."""

    def __init__(self) -> None:
        self._held = ""

    def feed(self, text: str) -> str:
        text, self._held = self._held + text, ""
        kept = []
        while (start := text.find(START)) >= 0:
            end = text.find("\x07", start)
            kept.append(text[:start])
            if end < 0:
                self._held = text[start:]
                return "".join(kept)
            text = text[end + 1:]
        opening = next((k for k in range(min(len(START) - 1, len(text)), 0, -1) if START.startswith(text[-k:])), 0)
        if opening:
            text, self._held = text[:-opening], text[-opening:]
        kept.append(text)
        return "".join(kept)

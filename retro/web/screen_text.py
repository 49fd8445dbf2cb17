"""A drawn screen's rows as text for the page's reader (retro.js, for a screen
reader): an OSC sequence of retro's own among the terminal's bytes, which
xterm.js hands to the page and draws nothing of."""
from __future__ import annotations

import json

OSC = 7077  # the sequence's number: retro.js registers a handler for it


def sequence(rows: list[str], cursor: int) -> str:
    """The screen's ``rows`` (top to bottom) and the ``cursor``'s row (where
    a prompt waits), as the page reads them: ASCII JSON, so that no byte of it
    can end the sequence early.

    >>> sequence(["  X | O", "", "Your move? ", ""], 2)
    '\\x1b]7077;{"rows": ["  X | O", "", "Your move?"], "cursor": 2}\\x07'
    """
    shown = [row.rstrip() for row in rows]
    while shown and not shown[-1]:
        shown.pop()
    return f"\x1b]{OSC};{json.dumps({'rows': shown, 'cursor': cursor})}\x07"


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

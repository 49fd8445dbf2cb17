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

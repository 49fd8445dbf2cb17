"""The small typed messages of a WebSocket session, parsed with bounds: what the page may send
(``{"type": "resize", "cols": C, "rows": R}``; ``{"type": "active"}``, the visitor going on
after the idle warning) and what is refused, said in a notice."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Union

from .config import COLS, MESSAGE_BYTES, MESSAGE_DEPTH, ROWS


@dataclass(frozen=True)
class Resize:
    cols: int
    rows: int


@dataclass(frozen=True)
class Active:
    """The visitor is there (the idle warning's Go on): the idle time starts again."""


@dataclass(frozen=True)
class Refused:
    """A message not understood: what to tell the visitor."""

    why: str


def depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (strings skipped)."""
    deepest = level = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            level += 1
            deepest = max(deepest, level)
        elif char in "]}":
            level -= 1
    return deepest


def parse(text: str) -> Union[Resize, Active, Refused]:
    """One text frame from the page.  The pty's bytes travel as binary frames
    both ways; everything else is a text frame holding one JSON object, read
    only if it is short (``MESSAGE_BYTES``) and shallow (``MESSAGE_DEPTH``),
    checked before ``json.loads`` sees it: ``'[' * 1000 + ']' * 1000`` is
    refused by its size and would be by its depth, never parsed into a
    RecursionError.  The session goes on after a message refused."""
    if len(text.encode("utf-8", "surrogatepass")) > MESSAGE_BYTES:
        return Refused(f"A message has at most {MESSAGE_BYTES} bytes; that one was not read.")
    if depth(text) > MESSAGE_DEPTH:
        return Refused("A message nested that deep is not read.")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return Refused("Not understood: a message is one JSON object.")
    if not isinstance(data, dict):
        return Refused("Not understood: a message is one JSON object.")
    if data.get("type") == "resize":
        cols, rows = data.get("cols"), data.get("rows")
        if type(cols) is int and type(rows) is int and cols in COLS and rows in ROWS:
            return Resize(cols, rows)
        return Refused(f"A terminal has {COLS.start} to {COLS.stop - 1} columns and "
                       f"{ROWS.start} to {ROWS.stop - 1} rows.")
    if data.get("type") == "active" and len(data) == 1:
        return Active()
    return Refused("Not understood: keys go as binary frames; the only messages are resize and active.")

"""A notice on a terminal: folded by the one word wrap, then a key waited for."""
from __future__ import annotations

from typing import Any

from ..terminal import cbreak
from .wrap import wrap


def notice(term: Any, text: str, hint: str = "press a key to go on") -> None:
    """Write ``text`` wrapped to the terminal's width, then wait for a key.
    Ctrl-C raises KeyboardInterrupt, as anywhere else."""
    for row in wrap(f"{text} -- {hint}", term.width):
        term.stream.write(row + "\n")
    term.stream.flush()
    with cbreak():
        term.inkey()

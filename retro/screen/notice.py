"""A notice on a terminal: folded by the one word wrap, then a key waited for."""
from __future__ import annotations

import os
import select
from typing import Any

from ..terminal import cbreak, input_terminal
from .wrap import wrap


def notice(term: Any, text: str, hint: str = "press a key to go on", keep_typed_ahead: bool = False) -> None:
    """Write ``text`` wrapped to the terminal's width, then wait for a key.
    Ctrl-C raises KeyboardInterrupt, as anywhere else.  ``keep_typed_ahead``:
    keys typed before the notice showed are the program's that follows (a
    move typed as it started), not an answer to it: then it waits for none,
    and the key that answers it is read alone, so that none typed after it
    is lost either."""
    for row in wrap(f"{text} -- {hint}", term.width):
        term.stream.write(row + "\n")
    term.stream.flush()
    fd = input_terminal() if keep_typed_ahead else None
    with cbreak():
        if fd is None:
            term.inkey()
            return
        try:
            if select.select([fd], [], [], 0)[0]:
                return  # typed ahead: left for the program
            select.select([fd], [], [])
            os.read(fd, 16)  # the one key that answers (a cursor key's sequence whole), what follows kept
        except (OSError, ValueError):  # a terminal gone: the program reads its end
            pass

"""What only the operator of `retro serve` reads, from a visitor's session: one line in the
server's log (the descriptor the server names in ``RETRO_SERVE_LOG_FD``, retro/web/process.py),
never in the visitor's terminal.  Outside a server's session it goes nowhere."""
from __future__ import annotations

import os

from .visible import visible
from .web.config import OPERATOR_ENV


def tell_operator(text: str) -> bool:
    """``text`` as a line of the server's log; whether there was a log to take it."""
    try:
        os.write(int(os.environ[OPERATOR_ENV]), f"retro serve: {visible(text)}\n".encode("utf-8", "replace"))
        return True
    except (KeyError, ValueError, OSError):
        return False

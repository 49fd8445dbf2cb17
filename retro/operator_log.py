"""What only the operator of `retro serve` reads, from a visitor's session: one line in the
server's log (the descriptor the server names in ``OPERATOR_ENV``, retro/web/process.py),
never in the visitor's terminal.  The one writer of those lines; outside a server's session
they go nowhere."""
from __future__ import annotations

import os

from .visible import visible

OPERATOR_ENV = "RETRO_SERVE_LOG_FD"  # names the descriptor of the server's log to a session's program


def tell_operator(text: str) -> bool:
    """``text`` as a line of the server's log; whether there was a log to take it."""
    try:
        os.write(int(os.environ[OPERATOR_ENV]), f"retro serve: {visible(text)}\n".encode("utf-8", "replace"))
        return True
    except (KeyError, ValueError, OSError):
        return False


def report_told(place: str) -> str:
    """An internal error's report in a visitor's session (``crash_reports``):
    its place told to the operator; what the visitor reads instead."""
    tell_operator(f"a session's internal error; report: {place}")
    return "the exhibit's operator has the report"

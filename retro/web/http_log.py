"""The server's log of failed requests: each one line, what happened and why (a malformed
request's status, reason and line), never a traceback."""
from __future__ import annotations

import logging
import sys
from http import HTTPStatus

from ..visible import visible
from .config import LOGGED_TEXT


class OneLine(logging.Filter):
    """A failed request (malformed, cut off) is one line in the log: what
    happened and why, never a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            record.msg = f"{record.getMessage()}: {why(record.exc_info[1])}"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


def why(error: BaseException) -> str:
    """An error in one line of at most a few hundred characters.  A malformed
    request's (aiohttp's HttpProcessingError: a status ``code`` and a
    ``message`` of several lines, its first line ``400, message:``) is its
    status and its reason, the request's line quoted without the caret that
    points into it: ``400 Bad Request (BadHttpMessage): Invalid character in
    Content-Length: b'Content-Length: abc'``."""
    code, message = getattr(error, "code", None), getattr(error, "message", None)
    if isinstance(code, int) and isinstance(message, str):
        try:
            status = f"{code} {HTTPStatus(code).phrase}"
        except ValueError:
            status = str(code)
        head, text = f"{status} ({type(error).__name__})", message
    else:
        head, text = type(error).__name__, str(error)
    words = [line.strip() for line in text.splitlines()]
    said = " ".join(line for line in words if line.strip("^ "))  # a caret line only points
    said = visible(said)
    return f"{head}: {said[:LOGGED_TEXT]}{'...' if len(said) > LOGGED_TEXT else ''}" if said else head


def http_logger() -> logging.Logger:
    logger = logging.getLogger("retro.serve.http")
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("retro serve: %(message)s"))
        handler.addFilter(OneLine())
        logger.addHandler(handler)
        logger.propagate = False
        logger.setLevel(logging.INFO)  # a bad method (a stranger's TLS, a port scan) is debug: not shown
    return logger

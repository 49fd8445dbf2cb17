"""A browser session: the port on a line console bridged to the web.

The port runs in a thread of its own, through ``retro.runner.run_session``
and a ``LineConsole`` whose kinds are those of a pipe, exactly as
``retro run ID < input`` runs it; only the two byte streams differ.  Its
standard input is ``LineQueue`` (the lines the visitor sends, the end of
input when the visitor or the server says so), its standard output
``Outlet`` (each write handed to the server's event loop).  Both enforce a
session's limits by raising ``SessionLimit``, which no port catches.
"""
from __future__ import annotations

import io
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Optional

from .. import catalog
from ..console import LineConsole
from ..runner import run_session


class SessionLimit(BaseException):
    """A limit of the exhibit ended the session (not an Exception: the port
    and the runner let it pass); the message says which."""


@dataclass(frozen=True)
class Limits:
    """What one session may use."""

    output_bytes: int = 1 << 20
    seconds: float = 3600.0  # from the start, whatever happens
    line_chars: int = 256  # one line a visitor sends
    idle_seconds: float = 600.0  # without a line from the visitor


class LineQueue:
    """Standard input: bytes put by the server, read line by line by the port."""

    def __init__(self, deadline: float):
        self._buf = bytearray()
        self._closed = False
        self._cond = threading.Condition()
        self._deadline = deadline

    def put(self, data: bytes) -> None:
        with self._cond:
            self._buf += data
            self._cond.notify_all()

    def ready(self) -> bool:
        """Whether a read finds input without waiting (the console's input_ready)."""
        with self._cond:
            return bool(self._buf) or self._closed

    def close(self) -> None:
        """The end of input (after what was put)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def readline(self, limit: int = -1) -> bytes:
        with self._cond:
            while True:
                end = self._buf.find(b"\n")
                if end >= 0 and (limit < 0 or end < limit):
                    cut = end + 1
                    break
                if 0 <= limit <= len(self._buf):
                    cut = limit
                    break
                if self._closed:
                    cut = len(self._buf)
                    break
                left = self._deadline - time.monotonic()
                if left <= 0:
                    raise SessionLimit("the session's time is up")
                self._cond.wait(timeout=min(left, 1.0))
            data = bytes(self._buf[:cut])
            del self._buf[:cut]
            return data


class Outlet:
    """Standard output: each write goes to ``send``, up to ``limit`` bytes."""

    def __init__(self, send: Callable[[bytes], None], limit: int):
        self._send = send
        self._limit = limit
        self.written = 0

    def write(self, data: bytes) -> int:
        if self.written + len(data) > self._limit:
            room = self._limit - self.written
            if room > 0:
                self._send(bytes(data[:room]))
            self.written = self._limit
            raise SessionLimit(f"the session wrote its {self._limit:,} bytes")
        self.written += len(data)
        if data:
            self._send(bytes(data))
        return len(data)

    def flush(self) -> None:
        pass


def console(stdin, stdout, stderr=None) -> LineConsole:
    """The console of ``retro run`` in a pipe, over these streams."""
    return LineConsole(stdin, stdout, stderr or io.BytesIO(), input_kind="pipe", output_kind="pipe")


def run(program: catalog.Program, options: dict[str, Any], stdin, stdout, stderr=None) -> tuple[Optional[int], str]:
    """Run one session to its end: (exit status, "") or (None, the limit that ended it)."""
    try:
        return run_session(program, console(stdin, stdout, stderr), options), ""
    except SessionLimit as limit:
        return None, str(limit)

"""A browser session: the port on a line console bridged to the web.

The port runs in a thread of its own, through ``retro.runner.run_session``
and a ``LineConsole`` whose kinds are those of a pipe, exactly as
``retro run ID < input`` runs it; only the two byte streams differ.  Its
standard input is ``LineQueue`` (the lines the visitor sends, the end of
input when the visitor or the server says so), its standard output
``Outlet`` (each write handed to the server's event loop).  Both enforce a
session's limits by raising ``SessionLimit``, which no port catches.

A session can be stopped from outside (``LineQueue.stop``: the server is
stopping, the visitor left): its next read, write or pause raises
``SessionLimit`` at once.  A port that pauses (``altair-3d --period-timing``
thinks as long as the Altair did) does so through ``Console.pause``, which
the line console hands to ``LineQueue.sleep``: a pause that a stop or the
session's time limit ends.
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
    idle_seconds: float = 600.0  # waiting for a line that does not come
    queued_bytes: int = 16 << 10  # lines sent that the program has not read yet


class LineQueue:
    """Standard input: bytes put by the server, read line by line by the port.

    ``cap`` bounds what may wait unread (``put`` refuses more); ``stop`` ends
    the session at its next read, write (``Outlet``) or ``sleep``.
    """

    def __init__(self, deadline: float, cap: Optional[int] = None):
        self._buf = bytearray()
        self._closed = False
        self._cond = threading.Condition()
        self._deadline = deadline
        self._cap = cap
        self._stopped: Optional[str] = None
        self._waiting_since: Optional[float] = None

    def put(self, data: bytes) -> bool:
        """Queue ``data``; False (and nothing queued) if it would pass the cap."""
        with self._cond:
            if self._cap is not None and len(self._buf) + len(data) > self._cap:
                return False
            self._buf += data
            self._cond.notify_all()
            return True

    def ready(self) -> bool:
        """Whether a read finds input without waiting (the console's input_ready)."""
        with self._cond:
            return bool(self._buf) or self._closed

    def close(self) -> None:
        """The end of input (after what was put)."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def stop(self, reason: str) -> None:
        """End the session at its next read, write or pause, whatever it is doing."""
        with self._cond:
            if self._stopped is None:
                self._stopped = reason
            self._cond.notify_all()

    def check(self) -> None:
        """Raise SessionLimit if the session was stopped or its time is up."""
        if self._stopped is not None:
            raise SessionLimit(self._stopped)
        if time.monotonic() >= self._deadline:
            raise SessionLimit("the session's time is up")

    def waiting_since(self) -> Optional[float]:
        """Since when the program has been waiting for a line (None: it is not)."""
        return self._waiting_since

    def sleep(self, seconds: float) -> None:
        """The port's pause (``Console.pause``), ended by a stop or the time limit."""
        end = time.monotonic() + max(0.0, seconds)
        with self._cond:
            while True:
                self.check()
                left = end - time.monotonic()
                if left <= 0:
                    return
                self._cond.wait(timeout=min(left, self._deadline - time.monotonic()) + 0.001)

    def readline(self, limit: int = -1) -> bytes:
        with self._cond:
            try:
                while True:
                    self.check()
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
                    if self._waiting_since is None:
                        self._waiting_since = time.monotonic()
                    self._cond.wait(timeout=min(self._deadline - time.monotonic(), 1.0) + 0.001)
            finally:
                self._waiting_since = None
            data = bytes(self._buf[:cut])
            del self._buf[:cut]
            return data


class Outlet:
    """Standard output: each write goes to ``send``, up to ``limit`` bytes;
    after a stop (``stdin.stop``) a write ends the session."""

    def __init__(self, send: Callable[[bytes], None], limit: int, stdin: Optional[LineQueue] = None):
        self._send = send
        self._limit = limit
        self._stdin = stdin
        self.written = 0

    def write(self, data: bytes) -> int:
        if self._stdin is not None:
            self._stdin.check()
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


def run(program: catalog.Program, options: dict[str, Any], stdin: LineQueue, stdout, stderr=None
        ) -> tuple[Optional[int], str]:
    """Run one session to its end: (exit status, "") or (None, the limit that ended it)."""
    try:
        return run_session(program, console(stdin, stdout, stderr), options), ""
    except SessionLimit as limit:
        return None, str(limit)

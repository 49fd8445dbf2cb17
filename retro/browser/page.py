"""What the worker offers a session's program (static/worker.js): the page's
terminal, as a pseudo-terminal offers it to ``retro serve``'s session process."""
from __future__ import annotations

from typing import Any, Callable, Optional, Protocol


class Page(Protocol):
    """The page's terminal, seen from the program."""

    def write(self, data: bytes) -> None:
        """Bytes for the terminal (already as a terminal's driver sends them: CR LF)."""

    def keys(self, timeout: Optional[float]) -> bytes:
        """What the visitor has typed: at least one byte, waiting for it
        (``timeout`` seconds at most; None: as long as it takes); b"" if
        nothing came in time."""

    def size(self) -> tuple[int, int]:
        """The terminal's (rows, columns) now."""

    def sleep(self, seconds: float) -> None:
        """Wait, the visitor's keys still arriving meanwhile (the worker keeps the program's
        files in the browser's storage whenever it waits for a key: static/worker.js)."""


class WorkerPage:
    """The worker's page object (static/worker.js): ``page``, whose waits are
    promises waited for with JSPI (``pyodide.ffi.run_sync``: the program's stack
    is suspended, and the worker's events, the visitor's keys, go on), or, in a
    browser without JSPI, ``sharedPage``, whose waits block (Atomics.wait)."""

    def __init__(self, page: Any):
        from pyodide.ffi import run_sync, to_js  # only in Pyodide

        self._page = page
        self._wait: Callable[[Any], Any] = (lambda done: done) if page.blocking else run_sync
        self._to_js = to_js

    def write(self, data: bytes) -> None:
        self._page.write(self._to_js(data))  # a Uint8Array of its own, handed to the page

    def keys(self, timeout: Optional[float]) -> bytes:
        got = self._wait(self._page.keys(-1 if timeout is None else timeout * 1000))
        return bytes(got.to_bytes())  # a Uint8Array, empty if nothing came in time

    def size(self) -> tuple[int, int]:
        rows, cols = self._page.size().to_py()
        return int(rows), int(cols)

    def sleep(self, seconds: float) -> None:
        self._wait(self._page.sleep(seconds * 1000))

"""One accepted connection: aiohttp's ``RequestHandler`` with the exhibit's rules for its
client (``clients``): the lines its requests make in the server's log are counted, and what is
written to it is taken within ``Limits.write_seconds`` or the connection is closed."""
from __future__ import annotations

import asyncio
from typing import Any, Optional

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

from .exhibit import Exhibit


class Connection(RequestHandler):
    __slots__ = ("exhibit", "_stalled")

    def __init__(self, server: web.Server, exhibit: Exhibit):
        # as aiohttp's own Server.__call__ makes a handler (web_server.py), with its settings
        super().__init__(server, loop=server._loop, **server._kwargs)
        self.exhibit = exhibit
        self._stalled: Optional[asyncio.TimerHandle] = None

    # -- a write's time limit ------------------------------------------------------------
    # The transport tells its protocol when bytes wait in its buffer (pause_writing) and
    # when they have all gone to the kernel (resume_writing): with its high-water mark at
    # 0, any byte the client has not taken starts the clock.  Writers wait for the buffer
    # to empty (aiohttp's drain), so a connection holds at most a piece of an answer
    # (config.WRITE_CHUNK, api.answer); one whose client reads nothing is aborted, never
    # closed (a close waits for the buffer to empty: forever).

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        if isinstance(transport, asyncio.WriteTransport):
            transport.set_write_buffer_limits(high=0)

    def pause_writing(self) -> None:
        super().pause_writing()
        self._stalled = self._loop.call_later(self.exhibit.limits.write_seconds, self._not_read)

    def resume_writing(self) -> None:
        super().resume_writing()
        self._stop_clock()

    def connection_lost(self, exc: Optional[BaseException]) -> None:
        self._stop_clock()
        super().connection_lost(exc)

    def _stop_clock(self) -> None:
        if self._stalled is not None:
            self._stalled.cancel()
            self._stalled = None

    def _not_read(self) -> None:
        self._stalled = None
        if self.transport is not None:
            if self.exhibit.clients.may_log(self.client(), self.exhibit.limits):
                self.logger.warning("%s took nothing written to it for %g s: its connection is closed",
                                    self.client(), self.exhibit.limits.write_seconds)
            self.transport.abort()

    def client(self) -> str:
        peer = self.transport.get_extra_info("peername") if self.transport is not None else None
        return str(peer[0]) if isinstance(peer, (tuple, list)) and peer else ""

    def log_exception(self, *args: Any, **kw: Any) -> None:
        """A failed request's line (a malformed one, aiohttp's own), within the client's share of the log."""
        if self.exhibit.clients.may_log(self.client(), self.exhibit.limits):
            super().log_exception(*args, **kw)

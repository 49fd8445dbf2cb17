"""One accepted connection: aiohttp's ``RequestHandler`` with the exhibit's rules for its
client (``clients``): its open connections are counted (one past its share is closed at once),
the lines its requests make in the server's log are counted, what is
written to it is taken within ``Limits.write_seconds`` or the connection is closed, and a client
that half-closes after its request (``nc -N``) is still answered.  The two things it needs that
aiohttp keeps private are read in one function each (``handler_settings``, ``last_request``),
checked by tests/web/test_web_connection.py."""
from __future__ import annotations

import asyncio
from typing import Any, Optional

from aiohttp import StreamReader, web
from aiohttp.http import RawRequestMessage
from aiohttp.web import RequestHandler

from .clients import client_address
from .exhibit import Exhibit


STILL_THERE = b"HTTP/1.1 100 Continue\r\n\r\n"  # an interim answer, which an HTTP/1.1 client skips (RFC 9110 15.2)


# aiohttp's private parts, checked against aiohttp 3.14.5: it has no public API for either.

def handler_settings(server: web.Server) -> dict[str, Any]:
    """The settings ``server`` makes each of its connections' handlers with
    (its keep-alive timeout, logger, access log...): what aiohttp's own
    ``Server.__call__`` passes to ``RequestHandler`` (web_server.py), kept in
    the private ``Server._kwargs``."""
    return dict(server._kwargs)


def last_request(handler: RequestHandler) -> Optional[tuple[str, StreamReader]]:
    """The method of the request parsed last on ``handler`` ("" for one that
    could not be parsed) and its body, while it waits in the handler's queue
    to be answered (the private ``RequestHandler._messages``, which
    ``data_received`` fills); None when none waits."""
    if not handler._messages:
        return None
    message, payload = handler._messages[-1]
    return (message.method if isinstance(message, RawRequestMessage) else ""), payload


class Connection(RequestHandler):
    __slots__ = ("exhibit", "_stalled", "half_closed", "_asked", "_last_post", "_counted", "_deaf")

    def __init__(self, server: web.Server, exhibit: Exhibit):
        # as aiohttp's own Server.__call__ makes a handler (web_server.py), with its settings
        super().__init__(server, loop=asyncio.get_running_loop(), **handler_settings(server))
        self.exhibit = exhibit
        self._stalled: Optional[asyncio.TimerHandle] = None
        self.half_closed = False  # the client has sent its end (FIN) after a POST's body
        self._asked = 0.0  # when ``gone`` last wrote STILL_THERE
        self._last_post: Optional[StreamReader] = None  # the body of the last request, if a POST
        self._counted: Optional[str] = None  # the client this connection is counted for (Clients.connect)
        self._deaf = False  # nothing more is read from the client (read_no_more)

    # -- a client that half-closes ---------------------------------------------------------
    # asyncio closes a transport whose peer has sent its end unless the protocol keeps it
    # open (eof_received); aiohttp does not, so `nc -N`, which sends its end after the
    # body, got no answer at all.  A FIN is also how a client that has gone entirely
    # leaves: while the run goes on, such a client is asked, once a second, with an
    # interim answer; one that has gone answers that with a reset, and the next write
    # fails: the connection is closed, and the run ended (api.run_api).

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        last = last_request(self)
        if last is not None:
            method, payload = last
            self._last_post = payload if method == "POST" else None

    def eof_received(self) -> Optional[bool]:  # type: ignore[override]  # asyncio's returns "keep open"; aiohttp's says None
        if self._last_post is not None and self._last_post.is_eof():  # the last request a POST, its body whole
            self.half_closed = True
            return True  # the writing half stays open for the answer (an idle one: the keep-alive timeout)
        return None

    def gone(self, version: tuple[int, int]) -> bool:
        """Whether the client of the request being answered has gone (checked
        often while it runs); a half-closed HTTP/1.1 client is asked (STILL_THERE)."""
        transport = self.transport
        if transport is None or transport.is_closing():
            return True
        now = asyncio.get_running_loop().time()
        if self.half_closed and version >= (1, 1) and now - self._asked >= 1.0:
            self._asked = now
            transport.write(STILL_THERE)
        return False

    # -- a client that floods ------------------------------------------------------------
    # A WebSocket session past its frames' budget (frame_budget) is told and closed; but
    # aiohttp, reading for the client's answer to the close, resumes reading and parses
    # whatever the client still sends: a flood of a million one-byte frames, a message
    # object each, in the server's loop.  From here on the connection reads nothing: the
    # client's frames wait in its own socket, and the session's end hangs up (hang_up)
    # rather than wait for the client's answer to the close.

    def read_no_more(self) -> None:
        """The client's bytes left unread from now on, whatever asks to read them."""
        self._deaf = True
        self.pause_reading()

    def hang_up(self) -> None:
        """A connection that reads no more (read_no_more) closed once what is
        written to it has gone, with no closing handshake: the client's answer
        to a close would come after the frames it has sent, which are never read
        (aiohttp's close parses what it holds of them first, thousands of frames
        in one turn of the loop).  Any other connection is left to its close."""
        if self._deaf and self.transport is not None:
            self.transport.close()

    def resume_reading(self, resume_parser: bool = True) -> None:
        if not self._deaf:
            super().resume_reading(resume_parser)

    # -- a write's time limit ------------------------------------------------------------
    # The transport tells its protocol when bytes wait in its buffer (pause_writing) and
    # when they have all gone to the kernel (resume_writing): with its high-water mark at
    # 0, any byte the client has not taken starts the clock.  Writers wait for the buffer
    # to empty (aiohttp's drain), so a connection holds at most a piece of an answer
    # (config.WRITE_CHUNK, api.answer); one whose client reads nothing is aborted, never
    # closed (a close waits for the buffer to empty: forever).

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        client = self.client()
        if not self.exhibit.clients.connect(client, self.exhibit.limits):
            transport.close()  # past the client's share: the other visitors' connections are not held up
            return
        self._counted = client
        if isinstance(transport, asyncio.WriteTransport):
            transport.set_write_buffer_limits(high=0)

    def pause_writing(self) -> None:
        super().pause_writing()
        self._stalled = asyncio.get_running_loop().call_later(self.exhibit.limits.write_seconds, self._not_read)

    def resume_writing(self) -> None:
        super().resume_writing()
        self._stop_clock()

    def connection_lost(self, exc: Optional[BaseException]) -> None:
        self._stop_clock()
        if self._counted is not None:
            self.exhibit.clients.disconnect(self._counted)
            self._counted = None
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
        return client_address(self.peername, self.exhibit.limits.client_ipv6_prefix)

    def log_exception(self, *args: Any, **kw: Any) -> None:
        """A failed request's line (a malformed one, aiohttp's own), within the client's share of the log."""
        if self.exhibit.clients.may_log(self.client(), self.exhibit.limits):
            super().log_exception(*args, **kw)

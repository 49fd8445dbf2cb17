"""One accepted connection: aiohttp's ``RequestHandler`` with the exhibit's rules for its
client (``clients``): the lines its requests make in the server's log are counted."""
from __future__ import annotations

from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

from .exhibit import Exhibit


class Connection(RequestHandler):
    __slots__ = ("exhibit",)

    def __init__(self, server: web.Server, exhibit: Exhibit):
        # as aiohttp's own Server.__call__ makes a handler (web_server.py), with its settings
        super().__init__(server, loop=server._loop, **server._kwargs)
        self.exhibit = exhibit

    def client(self) -> str:
        peer = self.transport.get_extra_info("peername") if self.transport is not None else None
        return str(peer[0]) if isinstance(peer, (tuple, list)) and peer else ""

    def log_exception(self, *args: Any, **kw: Any) -> None:
        """A failed request's line (a malformed one, aiohttp's own), within the client's share of the log."""
        if self.exhibit.clients.may_log(self.client(), self.exhibit.limits):
            super().log_exception(*args, **kw)

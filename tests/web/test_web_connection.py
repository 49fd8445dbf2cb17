"""What retro/web/connection.py reads of aiohttp's private parts, for want of
a public API (checked against aiohttp 3.14.5): each test fails if a new
aiohttp no longer gives it, before a visitor finds out."""
import asyncio
import logging
from typing import Any, Optional

from aiohttp import web

from retro.web.connection import Connection, handler_settings, last_request
from retro.web.exhibit import Exhibit


class Transport(asyncio.Transport):
    """A connection's transport that takes what is written and goes nowhere."""

    def __init__(self) -> None:
        super().__init__()
        self.closing = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return default

    def is_closing(self) -> bool:
        return self.closing

    def write(self, data: Any) -> None:
        pass

    def set_write_buffer_limits(self, high: Optional[int] = None, low: Optional[int] = None) -> None:
        pass

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def close(self) -> None:
        self.closing = True

    def abort(self) -> None:
        self.closing = True


async def _with_server(work):
    logger = logging.getLogger("retro.test.connection")
    runner = web.AppRunner(web.Application(), access_log=None, keepalive_timeout=7.5, logger=logger)
    await runner.setup()
    try:
        assert runner.server is not None
        return work(runner.server, logger)
    finally:
        await runner.cleanup()


def test_a_connection_is_made_with_its_servers_settings() -> None:
    """handler_settings: the settings aiohttp's own handlers get (Server._kwargs)."""
    def made(server: web.Server, logger: logging.Logger) -> None:
        settings = handler_settings(server)
        assert settings["keepalive_timeout"] == 7.5 and settings["logger"] is logger
        plain, ours = server(), Connection(server, Exhibit())  # aiohttp's handler, and ours
        assert ours.logger is plain.logger is logger
        assert ours.access_logger is None and plain.access_logger is None  # access_log=None, as retro serve's
        assert ours.debug == plain.debug

    asyncio.run(_with_server(made))


def test_the_last_request_parsed_and_its_body_are_seen() -> None:
    """last_request: a POST with its body whole, a GET, a request that cannot
    be parsed, as the connection has just read them (RequestHandler._messages);
    a POST's end sent after its body keeps the connection open for its answer."""
    def parsed(server: web.Server, logger: logging.Logger) -> None:
        def fed(data: bytes) -> tuple[Connection, Any]:
            connection = Connection(server, Exhibit())
            connection.connection_made(Transport())
            connection.data_received(data)
            return connection, last_request(connection)

        connection, post = fed(b"POST /api/run/cpm-c HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc")
        assert post is not None and post[0] == "POST" and post[1].is_eof()
        assert connection.eof_received() is True and connection.half_closed
        connection, get = fed(b"GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        assert get is not None and get[0] == "GET"
        assert connection.eof_received() is None and not connection.half_closed
        _, bad = fed(b"NOT HTTP AT ALL\r\n\r\n")
        assert bad is not None and bad[0] == ""
        assert last_request(Connection(server, Exhibit())) is None  # nothing read yet

    asyncio.run(_with_server(parsed))

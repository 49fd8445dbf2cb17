"""The server's start and stop: listening under the descriptors' cap, the sessions the machine
allows, Ctrl-C and SIGTERM (every session told and ended; 130 or 143; a second Ctrl-C at once)."""
from __future__ import annotations

import asyncio
import os
import signal
import sys
from typing import Callable

from aiohttp import web

from . import config, listener
from .app import application
from .exhibit import Exhibit
from .http_log import http_logger


async def start(exhibit: Exhibit, host: str, port: int, said: Callable[[str], None]
                ) -> tuple[web.AppRunner, "asyncio.Task[None]", tuple[str, int]]:
    """The application, listening: its runner, the accepting task, the address."""
    exhibit.host = host
    runner = web.AppRunner(application(exhibit), access_log=None, handle_signals=False,
                           shutdown_timeout=exhibit.grace * 2 + config.STOP_SECONDS,
                           keepalive_timeout=exhibit.limits.header_seconds,
                           logger=http_logger())
    await runner.setup()
    sock = listener.bind(host, port)
    limit = listener.descriptor_limit()
    most = listener.sessions_allowed(limit)
    if exhibit.max_sessions > most:
        exhibit.fewer_sessions = f"{limit} open files (ulimit -n) allow {most} sessions, not {exhibit.max_sessions}"
        exhibit.max_sessions = most
    cap = listener.connection_cap(exhibit.max_sessions, limit)
    server = runner.server
    assert server is not None
    accepting = asyncio.create_task(listener.accept(sock, server, lambda: len(server.connections), cap, said))
    accepting.add_done_callback(lambda _: sock.close())
    bound = sock.getsockname()
    return runner, accepting, (bound[0], bound[1])


async def _serve(exhibit: Exhibit, host: str, port: int, said: Callable[[str], None]) -> int:
    runner, accepting, bound = await start(exhibit, host, port, said)
    shown = f"[{bound[0]}]" if ":" in str(bound[0]) else bound[0]
    said(f"retro serve: http://{shown}:{bound[1]}/  (Ctrl-C stops it)")
    said(f"retro serve: at most {exhibit.max_sessions} sessions at once"
         + (f" ({exhibit.fewer_sessions})" if exhibit.fewer_sessions else ""))
    if host not in ("127.0.0.1", "localhost", "::1"):
        said(f"retro serve: listening on {host}: other machines can reach it, as --host asked")
    stop = asyncio.Event()
    ended = {"signal": int(signal.SIGINT)}
    loop = asyncio.get_running_loop()

    def at_once(signum: int) -> None:
        said("retro serve: stopped at once")
        os._exit(128 + signum)

    def first(signum: int) -> None:
        ended["signal"] = signum
        stop.set()
        for again in (signal.SIGINT, signal.SIGTERM):  # a second Ctrl-C does not wait
            loop.add_signal_handler(again, at_once, again)

    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, first, signum)
    try:
        await stop.wait()
    finally:
        accepting.cancel()
        await runner.cleanup()  # sessions told and ended, sockets closed
    left = exhibit.given_up
    said(f"retro serve: stopped ({left} busy sessions killed)" if left else "retro serve: stopped")
    return 128 + ended["signal"]


def serve(host: str, port: int, exhibit: Exhibit) -> int:
    """Run the server until Ctrl-C (status 130) or SIGTERM (143)."""
    def said(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    return asyncio.run(_serve(exhibit, host, port, said))

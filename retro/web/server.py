"""The server's start and stop: listening under the descriptors' cap, the sessions the machine
allows, Ctrl-C, SIGTERM, SIGHUP and SIGQUIT (every session told and ended, the server's folders
removed; 128 + the signal; a second Ctrl-C or SIGTERM at once, every program killed)."""
from __future__ import annotations

import asyncio
import os
import signal
import sys
from typing import Callable

from aiohttp import web

from .. import processes, signals
from . import config, forking, listener, process
from .app import application
from .clients import counted
from .connection import Connection
from .exhibit import Exhibit
from .kiosk import published
from .manager import SessionManager
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
    process.prepare_template()  # loads retro while the first visitors arrive
    sock = listener.bind(host, port)
    limit = listener.descriptor_limit()
    most = listener.sessions_allowed(limit)
    if exhibit.max_sessions > most:
        exhibit.fewer_sessions = f"{limit} open files (ulimit -n) allow {most} sessions, not {exhibit.max_sessions}"
        exhibit.max_sessions = most
    cap = listener.connection_cap(exhibit.max_sessions, limit)
    server = runner.server
    assert server is not None
    accepting = asyncio.create_task(listener.accept(sock, lambda: Connection(server, exhibit),
                                                    lambda: len(server.connections), cap, said))
    accepting.add_done_callback(lambda _: sock.close())
    bound = sock.getsockname()
    return runner, accepting, (bound[0], bound[1])


AT_ONCE = (signal.SIGINT, signal.SIGTERM)  # sent again while the server stops, each stops it at once


async def _serve(exhibit: Exhibit, host: str, port: int, said: Callable[[str], None]) -> int:
    stop = asyncio.Event()
    ended = {"signal": int(signal.SIGINT)}
    loop = asyncio.get_running_loop()

    def at_once(signum: int) -> None:
        killed = kill_programs(exhibit.sessions)
        exhibit.forget_games()  # the visitors' games go with the server, however it stops
        exhibit.sessions.remove_reports()
        said(f"retro serve: stopped at once ({counted(killed, 'program')} killed)" if killed else "retro serve: stopped at once")
        os._exit(128 + signum)

    def first(signum: int) -> None:
        ended["signal"] = signum
        stop.set()
        for again in signals.STOPPING:  # a second Ctrl-C does not wait; a closing terminal's SIGHUP may come twice
            if again in AT_ONCE:
                loop.add_signal_handler(again, at_once, again)
            else:
                loop.add_signal_handler(again, lambda: None)

    # Ctrl-C, SIGTERM, and SIGHUP or SIGQUIT (the operator's terminal closing) stop the
    # server in order; retro's own handlers would raise wherever the loop was.
    for signum in signals.STOPPING:
        loop.add_signal_handler(signum, first, signum)
    runner, accepting, bound = await start(exhibit, host, port, said)
    shown = f"[{bound[0]}]" if ":" in str(bound[0]) else bound[0]
    said(f"retro serve: http://{shown}:{bound[1]}/  (Ctrl-C stops it)")
    said(f"retro serve: at most {exhibit.max_sessions} sessions at once"
         + (f" ({exhibit.fewer_sessions})" if exhibit.fewer_sessions else ""))
    if exhibit.kiosk:
        said(f"retro serve: a kiosk: the page opens on {len(published())} published games in turn; after "
             f"{exhibit.limits.idle_seconds:g} s with nothing typed, a countdown, then the games again")
    if host not in ("127.0.0.1", "localhost", "::1"):
        said(f"retro serve: listening on {host}: other machines can reach it, as --host asked")
    try:
        await stop.wait()
    finally:
        accepting.cancel()
        await runner.cleanup()  # sessions told and ended, sockets closed
        signals.hold()  # stopped: a signal from here on has nothing left to stop
    left = exhibit.given_up
    said(f"retro serve: stopped ({counted(left, 'busy session')} killed)" if left else "retro serve: stopped")
    return 128 + ended["signal"]


def kill_programs(sessions: SessionManager) -> int:
    """SIGKILL to every program this server started, now (a second Ctrl-C
    does not wait): the manager's registry first, each program with its
    process group; then what is still below the server, the template and a
    program it was forking that no session holds yet.  A program on a pty
    would be hung up by the server's exit, but one on pipes (a POST run)
    would live on.  How many programs there were (the template is none)."""
    killed = set(sessions.kill_all())
    template = forking.TEMPLATE.process.pid if forking.TEMPLATE.process is not None else None
    for pid in processes.descendants():
        try:
            group = os.getpgid(pid)
            if group in killed:
                continue  # a registered program, or one of its group: killed with it
            if group != os.getpgrp():
                os.killpg(group, signal.SIGKILL)
            os.kill(pid, signal.SIGKILL)
            if pid != template:
                killed.add(pid)
        except OSError:
            pass  # gone meanwhile
    return len(killed)


def serve(host: str, port: int, exhibit: Exhibit) -> int:
    """Run the server until Ctrl-C, SIGTERM, SIGHUP or SIGQUIT (status 128 + it)."""
    def said(text: str) -> None:
        try:
            print(text, file=sys.stderr, flush=True)
        except (OSError, ValueError):
            pass  # the operator's terminal has closed: nobody reads the log there

    return asyncio.run(_serve(exhibit, host, port, said))

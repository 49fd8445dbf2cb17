"""The server's listening socket, accepted by hand so that the open connections stay under a
cap below the descriptor limit, and the sessions that limit allows."""
from __future__ import annotations

import asyncio
import errno
import resource
import socket
from typing import Callable

from .config import BACKLOG, DESCRIPTOR_RESERVE, DESCRIPTORS_PER_SESSION, FEWEST_CONNECTIONS

OUT_OF_DESCRIPTORS = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}


def descriptor_limit() -> int:
    """The soft limit on open descriptors, raised to the hard one if allowed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def sessions_allowed(limit: int) -> int:
    """The most sessions ``limit`` descriptors allow, leaving the connections
    at least as many as the sessions take."""
    return max(1, (limit - DESCRIPTOR_RESERVE) // (2 * DESCRIPTORS_PER_SESSION))


def connection_cap(max_sessions: int, limit: int) -> int:
    """How many connections may be open: what the descriptors leave after the
    reserve and the sessions' own."""
    return max(FEWEST_CONNECTIONS, limit - DESCRIPTOR_RESERVE - DESCRIPTORS_PER_SESSION * max_sessions)


def bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.create_server((host, port), family=family, backlog=BACKLOG)
    sock.setblocking(False)
    return sock


async def accept(sock: socket.socket, factory: Callable[[], asyncio.Protocol], open_now: Callable[[], int],
                 cap: int, said: Callable[[str], None]) -> None:
    """Accept connections for ``factory`` until cancelled, ``open_now()`` kept
    at most ``cap``.

    asyncio's own accept loop (``loop.create_server``: selector_events'
    ``_accept_connection``), when an accept fails for want of descriptors
    (EMFILE), logs it with its traceback (the loop's exception handler) and
    tries again a second later (``ACCEPT_RETRY_DELAY``): a traceback in the log
    every second for as long as the descriptors are used up, and no room kept
    below the limit for the sessions' own ptys and pipes.  Here, at the cap,
    accepting pauses (new connections wait in the kernel's backlog) until one
    closes; an accept that fails for want of descriptors is said once, and
    retried after a pause.
    Connections that never finish their headers are closed by the server's
    header timeout (``config.Limits.header_seconds``), so the cap cannot be held for long."""
    loop = asyncio.get_running_loop()
    paused = starved = False
    while True:
        if open_now() >= cap:
            if not paused:
                said(f"retro serve: {cap} connections are open, the most this server takes: "
                     f"new ones wait until one closes")
                paused = True
            await asyncio.sleep(0.05)
            continue
        if paused:
            said("retro serve: accepting connections again")
            paused = False
        try:
            conn, _ = await loop.sock_accept(sock)
        except OSError as error:
            if error.errno in OUT_OF_DESCRIPTORS:
                if not starved:
                    said(f"retro serve: out of descriptors ({errno.errorcode.get(error.errno, error.errno)}): "
                         f"accepting waits")
                    starved = True
                await asyncio.sleep(0.5)
                continue
            if error.errno in (errno.ECONNABORTED, errno.EPROTO, errno.EPERM):
                continue
            raise
        starved = False
        try:
            await loop.connect_accepted_socket(factory, conn)
        except OSError:
            conn.close()

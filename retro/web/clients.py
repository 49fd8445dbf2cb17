"""One visitor is not the crowd: what one client may take of the exhibit (connections open,
sessions at once, starts a minute, lines of the server's log a minute), each limit said to the
visitor in words (after a pause: ``visitors.admit``) and once a minute in the log when reached.

A client is the peer's address, and an IPv6 peer's network (``Limits.client_ipv6_prefix``: a
machine is given a /64 of its own).  The server trusts no proxy's ``X-Forwarded-For`` (no
request header is read for it), so behind a reverse proxy every visitor is the proxy's
address: give the ``--client-*`` options the proxy's share there (README, In a web browser).
What is remembered of the clients is bounded (``CLIENTS_REMEMBERED``), however many they are."""
from __future__ import annotations

import ipaddress
import time
from collections import deque
from typing import Callable, Optional, TypeVar

from .config import CLIENT_WINDOW, CLIENTS_REMEMBERED, Limits
from .http_log import http_logger

Key = TypeVar("Key")
Value = TypeVar("Value")


def log_line(text: str) -> None:
    http_logger().warning(text)


def make_room(table: dict[Key, Value], key: Key, stale: Callable[[Value], bool],
              soonest: Callable[[Value], float]) -> None:
    """Before ``key`` joins ``table`` at its bound (``CLIENTS_REMEMBERED``): the
    stale entries go, and if none is stale, the one soonest stale (a crowd of
    addresses all busy at once holds no more memory than the bound)."""
    if key in table or len(table) < CLIENTS_REMEMBERED:
        return
    for gone in [k for k, value in table.items() if stale(value)]:
        del table[gone]
    if len(table) >= CLIENTS_REMEMBERED:
        del table[min(table, key=lambda k: soonest(table[k]))]


class Clients:
    """Each client's open connections, recent starts and log lines, and the limits it has been told of."""

    def __init__(self, said: Callable[[str], None] = log_line, clock: Callable[[], float] = time.monotonic):
        self._said = said
        self._clock = clock
        self._open: dict[str, int] = {}  # connections open now (only clients with some: bounded by the cap)
        self._due: dict[str, float] = {}  # when each client's starts so far have been paid for
        self._lines: dict[str, deque[float]] = {}
        self._logged: dict[tuple[str, str], float] = {}  # (client, limit): when the log said it

    def _recent_lines(self, client: str) -> deque[float]:
        """When ``client``'s lines of the log in the last minute were written."""
        since = self._clock() - CLIENT_WINDOW
        make_room(self._lines, client, lambda times: not times or times[-1] <= since,
                  lambda times: times[-1] if times else since)
        times = self._lines.setdefault(client, deque())
        while times and times[0] <= since:
            times.popleft()
        return times

    def _log_once(self, client: str, limit: str, text: str) -> None:
        """``text`` in the log once a minute for this client and this limit."""
        since = self._clock() - CLIENT_WINDOW
        when = self._logged.get((client, limit))
        if when is None or when <= since:
            make_room(self._logged, (client, limit), lambda when: when <= since, lambda when: when)
            self._logged[(client, limit)] = self._clock()
            self._said(text)

    def connect(self, client: str, limits: Limits) -> bool:
        """Whether a new connection of ``client`` is kept (counted until ``disconnect``)."""
        open_now = self._open.get(client, 0)
        if open_now >= limits.client_connections:
            self._log_once(client, "connections", f"{client} has {counted(open_now, 'connection')} open, the most "
                                                  f"one client may have (--client-connections): more are closed at once")
            return False
        self._open[client] = open_now + 1
        return True

    def disconnect(self, client: str) -> None:
        """A connection counted by ``connect`` has closed."""
        left = self._open.get(client, 0) - 1
        if left > 0:
            self._open[client] = left
        else:
            self._open.pop(client, None)

    def refuse_start(self, client: str, running: int, limits: Limits) -> Optional[str]:
        """Why ``client``, which has ``running`` sessions and runs now, may not
        start another (the visitor's words), or None: the start is counted."""
        if running >= limits.client_sessions:
            self._log_once(client, "sessions", f"{client} has {counted(running, 'session')} running, the most "
                                               f"one client may have (--client-sessions): more are refused")
            return (f"{_sessions(running)} running from your address, the most one visitor may have at once: "
                    f"end one to start another.")
        # Starts are spread over the minute (the generic cell rate algorithm: each start
        # takes 60 / --client-starts seconds of the client's time, its sessions at once), so
        # that the minute's starts do not come in one burst that the other visitors wait behind.
        now, interval = self._clock(), CLIENT_WINDOW / limits.client_starts
        due = max(self._due.get(client, now), now)  # when this client's starts have been paid for
        ahead = interval * (min(limits.client_sessions, limits.client_starts) - 1)  # as many at once as it may have
        if due - now > ahead:
            self._log_once(client, "starts", f"{client} starts sessions faster than one client may "
                                             f"({limits.client_starts} a minute, --client-starts): more are "
                                             f"refused for now")
            return (f"Sessions are being started from your address faster than one visitor may "
                    f"({limits.client_starts} a minute): please try again in {max(1, round(due - now - ahead))} s.")
        make_room(self._due, client, lambda when: when <= now, lambda when: when)
        self._due[client] = due + interval
        return None

    def may_log(self, client: str, limits: Limits) -> bool:
        """Whether a line of the server's log for ``client``'s request is
        written (counted); past the limit the log says so once a minute."""
        lines = self._recent_lines(client)
        if len(lines) >= limits.client_log_lines:
            self._log_once(client, "log", f"{client} made {counted(len(lines), 'line')} of this log within a minute, "
                                          f"the most one client may (--client-log-lines): its next are not written "
                                          f"for now")
            return False
        lines.append(self._clock())
        return True


def client_address(peername: object, ipv6_prefix: int) -> str:
    """The client of a connection, from its peer's (host, port, ...) (aiohttp's
    ``request.remote`` for the same socket): the host's address, an IPv6
    host's network of ``ipv6_prefix`` bits; "" when unknown."""
    host = str(peername[0]) if isinstance(peername, (tuple, list)) and peername else ""
    try:
        address = ipaddress.ip_address(host.partition("%")[0])  # (without a link-local address's zone)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:  # an IPv4 peer on an IPv6 socket
            return str(address.ipv4_mapped)
        if ipv6_prefix < address.max_prefixlen:
            return str(ipaddress.ip_network((address, ipv6_prefix), strict=False))
    return str(address)


def counted(count: int, noun: str) -> str:
    """How many, in good English.

    >>> counted(1, "line"), counted(3, "line")
    ('1 line', '3 lines')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _sessions(count: int) -> str:
    """How many sessions are, in good English.

    >>> _sessions(1), _sessions(5)
    ('1 session is', '5 sessions are')
    """
    return f"{counted(count, 'session')} {'is' if count == 1 else 'are'}"

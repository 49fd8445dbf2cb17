"""One visitor is not the crowd: what one client may take of the exhibit (sessions at once,
starts a minute, lines of the server's log a minute), each limit said to the visitor in words
(after a pause: ``visitors.admit``) and once a minute in the log when reached.

A client is the peer's address.  The server trusts no proxy's ``X-Forwarded-For`` (no
request header is read for it), so behind a reverse proxy every visitor is the proxy's
address: give the ``--client-*`` options the proxy's share there (README, In a web browser)."""
from __future__ import annotations

import time
from collections import deque
from typing import Callable, Optional

from .config import CLIENT_WINDOW, CLIENTS_REMEMBERED, Limits
from .http_log import http_logger


def log_line(text: str) -> None:
    http_logger().warning(text)


class Clients:
    """Each client's recent starts and log lines, and the limits it has been told of."""

    def __init__(self, said: Callable[[str], None] = log_line, clock: Callable[[], float] = time.monotonic):
        self._said = said
        self._clock = clock
        self._due: dict[str, float] = {}  # when each client's starts so far have been paid for
        self._lines: dict[str, deque[float]] = {}
        self._logged: dict[tuple[str, str], float] = {}  # (client, limit): when the log said it

    def _recent_lines(self, client: str) -> deque[float]:
        """When ``client``'s lines of the log in the last minute were written."""
        if client not in self._lines and len(self._lines) >= CLIENTS_REMEMBERED:
            self._forget()
        times = self._lines.setdefault(client, deque())
        while times and times[0] <= self._clock() - CLIENT_WINDOW:
            times.popleft()
        return times

    def _forget(self) -> None:
        """Clients with nothing in the last minute are forgotten (a crowd of addresses holds no memory)."""
        since = self._clock() - CLIENT_WINDOW
        for client in [c for c, times in self._lines.items() if not times or times[-1] <= since]:
            del self._lines[client]
        for key in [k for k, when in self._logged.items() if when <= since]:
            del self._logged[key]

    def _log_once(self, client: str, limit: str, text: str) -> None:
        """``text`` in the log once a minute for this client and this limit."""
        when = self._logged.get((client, limit))
        if when is None or when <= self._clock() - CLIENT_WINDOW:
            if (client, limit) not in self._logged and len(self._logged) >= CLIENTS_REMEMBERED:
                self._forget()
            self._logged[(client, limit)] = self._clock()
            self._said(text)

    def refuse_start(self, client: str, running: int, limits: Limits) -> Optional[str]:
        """Why ``client``, which has ``running`` sessions and runs now, may not
        start another (the visitor's words), or None: the start is counted."""
        if running >= limits.client_sessions:
            self._log_once(client, "sessions", f"{client} has {running} sessions running, the most "
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
        if client not in self._due and len(self._due) >= CLIENTS_REMEMBERED:
            for gone in [c for c, when in self._due.items() if when <= now]:
                del self._due[gone]
        self._due[client] = due + interval
        return None

    def may_log(self, client: str, limits: Limits) -> bool:
        """Whether a line of the server's log for ``client``'s request is
        written (counted); past the limit the log says so once a minute."""
        lines = self._recent_lines(client)
        if len(lines) >= limits.client_log_lines:
            self._log_once(client, "log", f"{client} made {len(lines)} lines of this log within a minute, "
                                          f"the most one client may (--client-log-lines): its next are not written "
                                          f"for now")
            return False
        lines.append(self._clock())
        return True


def client_address(peername: object) -> str:
    """The client of a connection: the host of its peer's (host, port, ...), "" when unknown
    (aiohttp's ``request.remote`` for the same socket)."""
    return str(peername[0]) if isinstance(peername, (tuple, list)) and peername else ""


def _sessions(count: int) -> str:
    """How many sessions are, in good English.

    >>> _sessions(1), _sessions(5)
    ('1 session is', '5 sessions are')
    """
    return "1 session is" if count == 1 else f"{count} sessions are"

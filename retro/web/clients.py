"""One visitor is not the crowd: what one client may take of the exhibit (sessions at once,
starts a minute, lines of the server's log a minute), each limit said to the visitor in words
and once in the log when reached.

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
        self._starts: dict[str, deque[float]] = {}
        self._lines: dict[str, deque[float]] = {}
        self._logged: dict[tuple[str, str], float] = {}  # (client, limit): when the log said it

    def _recent(self, events: dict[str, deque[float]], client: str) -> deque[float]:
        if client not in events and len(events) >= CLIENTS_REMEMBERED:
            self._forget(events)
        times = events.setdefault(client, deque())
        while times and times[0] <= self._clock() - CLIENT_WINDOW:
            times.popleft()
        return times

    def _forget(self, events: dict[str, deque[float]]) -> None:
        """Clients with nothing in the last minute are forgotten (a crowd of addresses holds no memory)."""
        since = self._clock() - CLIENT_WINDOW
        for client in [c for c, times in events.items() if not times or times[-1] <= since]:
            del events[client]
        for key in [k for k, when in self._logged.items() if when <= since]:
            del self._logged[key]

    def _log_once(self, client: str, limit: str, text: str) -> None:
        """``text`` in the log once a minute for this client and this limit."""
        when = self._logged.get((client, limit))
        if when is None or when <= self._clock() - CLIENT_WINDOW:
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
        starts = self._recent(self._starts, client)
        if len(starts) >= limits.client_starts:
            wait = max(1, round(starts[0] + CLIENT_WINDOW - self._clock()))
            self._log_once(client, "starts", f"{client} started {len(starts)} sessions within a minute, "
                                             f"the most one client may (--client-starts): more are refused for now")
            return (f"{_sessions(len(starts), 'have been')} started from your address in the last minute, the most "
                    f"one visitor may: please try again in {wait} s.")
        starts.append(self._clock())
        return None

    def may_log(self, client: str, limits: Limits) -> bool:
        """Whether a line of the server's log for ``client``'s request is
        written (counted); past the limit the log says so once a minute."""
        lines = self._recent(self._lines, client)
        if len(lines) >= limits.client_log_lines:
            self._log_once(client, "log", f"{client} made {len(lines)} lines of this log within a minute, "
                                          f"the most one client may (--client-log-lines): its next are not written "
                                          f"for now")
            return False
        lines.append(self._clock())
        return True


def _sessions(count: int, verb: str = "are") -> str:
    """>>> _sessions(1), _sessions(5), _sessions(1, "have been")
    ('1 session is', '5 sessions are', '1 session has been')"""
    if count == 1:
        return "1 session " + {"are": "is", "have been": "has been"}[verb]
    return f"{count} sessions {verb}"

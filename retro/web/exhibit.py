"""The exhibit: the server's settings (its limits from ``config``, its names, its data folder)
and its running sessions, each a ``Slot`` by which the server stops it."""
from __future__ import annotations

import asyncio
import itertools
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Optional

from aiohttp import web

from . import config, process, security
from .clients import Clients

STOPPING = "the server has stopped"


class Slot:
    """A place among the exhibit's running sessions: how the server stops it."""

    def __init__(self, client: str = "") -> None:
        self.stopped: asyncio.Event = asyncio.Event()
        self.reason = ""
        self.client = client  # the peer's address (clients)

    def stop(self, reason: str) -> None:
        if not self.stopped.is_set():
            self.reason = reason
            self.stopped.set()

    async def notice(self, text: str) -> None:
        """Tell the visitor (a request has nobody to tell: its answer's headers say it)."""


@dataclass
class Exhibit:
    """The server's settings and its running sessions."""

    limits: config.Limits = field(default_factory=config.Limits)
    max_sessions: int = config.SESSIONS_UNMEASURED
    data_folder: Optional[Path] = None
    host: str = config.HOST  # what --host said: a name given there is one of the server's own
    allowed_hosts: tuple[str, ...] = ()  # public names a reverse proxy forwards (--allowed-host)
    grace: float = config.GRACE_SECONDS  # seconds a program has after SIGHUP before SIGKILL
    sessions: set[Slot] = field(default_factory=set)
    stopping: bool = False
    given_up: int = 0  # sessions killed when the server stopped
    fewer_sessions: str = ""  # why max_sessions was lowered at start, if it was
    command: process.Command = field(default_factory=process.Command)  # how a program starts (a test may change it)
    clients: Clients = field(default_factory=Clients)  # what each client has taken
    _reports: Optional[tempfile.TemporaryDirectory[str]] = None  # where sessions say how they ended
    _report_numbers: "itertools.count[int]" = field(default_factory=itertools.count)

    def report_file(self) -> Path:
        """A file of the server's own, in a private folder removed at exit, for one
        session's program to say how its games ended (retro.outcome.report)."""
        if self._reports is None:
            self._reports = tempfile.TemporaryDirectory(prefix="retro-serve-")
        return Path(self._reports.name) / f"session-{next(self._report_numbers)}.json"

    def __post_init__(self) -> None:
        if self.data_folder is not None and self.command.data_folder is None:
            self.command = replace(self.command, data_folder=self.data_folder)

    def full(self) -> Optional[str]:
        if self.stopping:
            return "The server is stopping."
        if len(self.sessions) >= self.max_sessions:
            running = "1 session is" if self.max_sessions == 1 else f"{self.max_sessions} sessions are"
            return f"The exhibit is full: {running} running. Please try again in a moment."
        return None

    def running_for(self, client: str) -> int:
        """Sessions and runs ``client`` has now."""
        return sum(1 for slot in self.sessions if slot.client == client)

    def own_name(self, host_header: Optional[str]) -> bool:
        """Whether a request's Host names this server (``security.own_name``)."""
        return security.own_name(host_header, self.host, self.allowed_hosts)

    async def stop_sessions(self) -> None:
        """Tell each session and stop it: its program is sent SIGHUP, and SIGKILL
        after the grace period (those are counted as given up)."""
        self.stopping = True
        running = list(self.sessions)
        await asyncio.gather(*(session.notice("The server is stopping: the session ends.") for session in running))
        for session in running:
            session.stop(STOPPING)
        loop = asyncio.get_running_loop()
        end = loop.time() + self.grace + config.STOP_SECONDS
        while self.sessions and loop.time() < end:
            await asyncio.sleep(0.02)


EXHIBIT = web.AppKey("exhibit", Exhibit)

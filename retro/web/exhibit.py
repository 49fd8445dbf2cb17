"""The exhibit: the server's settings (its limits from ``config``, its names, its data folder)
and its running sessions (``manager.SessionManager``)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Optional

from aiohttp import web

from . import config, process, security
from .clients import Clients
from .forking import TEMPLATE, Template
from .manager import SessionManager
from .take_home import TakeHomes


@dataclass
class Exhibit:
    """The server's settings and its running sessions."""

    limits: config.Limits = field(default_factory=config.Limits)
    max_sessions: int = config.SESSIONS_UNMEASURED
    data_folder: Optional[Path] = None
    host: str = config.HOST  # what --host said: a name given there is one of the server's own
    allowed_hosts: tuple[str, ...] = ()  # public names a reverse proxy forwards (--allowed-host)
    grace: float = config.GRACE_SECONDS  # seconds a program has after SIGHUP before SIGKILL
    kiosk: bool = False  # an unattended screen (--kiosk): the page opens on its attract loop
    fewer_sessions: str = ""  # why max_sessions was lowered at start, if it was
    command: process.Command = field(default_factory=process.Command)  # how a program starts (a test may change it)
    clients: Clients = field(default_factory=Clients)  # what each client has taken
    template: Optional[Template] = TEMPLATE  # the sessions' programs are forked from it (a test may give its own)
    take_homes: TakeHomes = field(default_factory=TakeHomes)  # the visitors' own games, offered at their end
    sessions: SessionManager = field(init=False)

    def __post_init__(self) -> None:
        if self.data_folder is not None and self.command.data_folder is None:
            self.command = replace(self.command, data_folder=self.data_folder)
        if self.kiosk:  # an unattended screen keeps no visitor's game: nothing leads out of it
            self.take_homes = TakeHomes(replace(self.take_homes.bounds, keeps_games=False))
        self.sessions = SessionManager(self, self.template)

    @property
    def given_up(self) -> int:
        """Sessions killed when the server stopped."""
        return self.sessions.given_up

    def own_name(self, host_header: Optional[str]) -> bool:
        """Whether a request's Host names this server (``security.own_name``)."""
        return security.own_name(host_header, self.host, self.allowed_hosts)

    async def stop_sessions(self) -> None:
        """Every session told and ended (``SessionManager.stop_all``)."""
        await self.sessions.stop_all()

    def forget_games(self) -> None:
        """The visitors' games deleted (the server has stopped)."""
        self.take_homes.remove_all()


EXHIBIT = web.AppKey("exhibit", Exhibit)

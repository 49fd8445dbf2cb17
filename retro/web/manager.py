"""The exhibit's sessions in one place: each one's place reserved at its admission (the
exhibit's limit and the client's share checked and taken with nothing awaited between), every
program started one way (``process.start``: forked from the template, a visitor's on a pty and
a POST run on pipes alike), and the registry the server stops and kills them from."""
from __future__ import annotations

import asyncio
import itertools
import signal
import tempfile
from pathlib import Path
from typing import IO, Awaitable, Callable, Optional, Protocol, Sequence

from . import config, process
from .clients import Clients
from .forking import TEMPLATE, Template

STOPPING = "the server has stopped"


class Refused(Exception):
    """A session not admitted, and why in the visitor's words."""


class Full(Refused):
    """The exhibit has every session it may have, or is stopping."""


class OverShare(Refused):
    """The client has its share of the sessions (``clients``)."""


class Slot:
    """A session's place among the running ones: its client, its program once
    started, how the server stops it and tells its visitor."""

    def __init__(self, client: str = "") -> None:
        self.client = client  # the peer's address (clients)
        self.stopped = asyncio.Event()
        self.reason = ""
        self.process: Optional[process.SessionProcess] = None
        self.told: Optional[Callable[[str], Awaitable[None]]] = None  # a POST run's headers say it instead

    def stop(self, reason: str) -> None:
        if not self.stopped.is_set():
            self.reason = reason
            self.stopped.set()

    async def notice(self, text: str) -> None:
        if self.told is not None:
            await self.told(text)


class Settings(Protocol):
    """What the manager reads of the exhibit's settings (``exhibit.Exhibit``), as they are now."""

    limits: config.Limits
    max_sessions: int
    clients: Clients
    command: process.Command
    grace: float


class SessionManager:
    """The running sessions of an exhibit."""

    def __init__(self, exhibit: Settings, template: Optional[Template] = TEMPLATE) -> None:
        self._exhibit = exhibit
        self.template = template
        self._slots: set[Slot] = set()
        self.stopping = False
        self.given_up = 0  # sessions killed when the server stopped
        self._reports: Optional[tempfile.TemporaryDirectory[str]] = None
        self._report_numbers = itertools.count()

    # -- admission ---------------------------------------------------------------------
    def full(self) -> Optional[str]:
        if self.stopping:
            return "The server is stopping."
        most = self._exhibit.max_sessions
        if len(self._slots) >= most:
            running = "1 session is" if most == 1 else f"{most} sessions are"
            return f"The exhibit is full: {running} running. Please try again in a moment."
        return None

    def running_for(self, client: str) -> int:
        """Sessions and runs ``client`` has now."""
        return sum(1 for slot in self._slots if slot.client == client)

    def reserve(self, client: str) -> Slot:
        """A place for ``client``'s new session, taken at once (no await between
        the checks and the taking), or ``Refused``; ``release`` gives it back."""
        full = self.full()
        if full:
            raise Full(full)
        refused = self._exhibit.clients.refuse_start(client, self.running_for(client), self._exhibit.limits)
        if refused:
            raise OverShare(refused)
        slot = Slot(client)
        self._slots.add(slot)
        return slot

    def release(self, slot: Slot) -> None:
        self._slots.discard(slot)

    def __len__(self) -> int:
        return len(self._slots)

    # -- the programs ------------------------------------------------------------------
    def _argv(self, program_id: str, words: Sequence[str]) -> list[str]:
        return self._exhibit.command.argv(program_id, words)

    async def terminal(self, slot: Slot, program_id: str, words: Sequence[str], cols: int, rows: int,
                       report: Path, transcript: Optional[Path] = None,
                       reader_token: Optional[str] = None) -> process.Terminal:
        """A visitor's program on a pty of its own (``report``: where it says how it
        ended; ``transcript``: where it writes its session for its visitor;
        ``reader_token``: what its words for the page's reader carry)."""
        term = await process.Terminal.start(self._argv(program_id, words), cols, rows, self.template, report,
                                            transcript, reader_token)
        slot.process = term.process
        return term

    async def end(self, term: process.Terminal) -> None:
        """A visitor's program ended (SIGHUP, SIGKILL after the grace); one killed
        while the server stops is counted as given up."""
        if await term.end(self._exhibit.grace) and self.stopping:
            self.given_up += 1

    async def run_piped(self, slot: Slot, program_id: str, words: Sequence[str], body: bytes,
                        gone: Callable[[], bool]) -> tuple[IO[bytes], Optional[int], str]:
        """A POST run (``process.run_piped``), ended when its client has gone or the server stops it."""
        limits = self._exhibit.limits

        def started(program: process.SessionProcess) -> None:
            slot.process = program

        output, status, reason = await process.run_piped(
            self._argv(program_id, words), body, limits.output_bytes, lambda: gone() or slot.stopped.is_set(),
            limits.seconds, self._exhibit.grace, self.template, started)
        return output, status, slot.reason if slot.stopped.is_set() else reason

    def report_file(self) -> Path:
        """A file of the server's own, in a private folder removed at exit, for one
        session's program to say how its games ended (retro.outcome.report)."""
        if self._reports is None:
            self._reports = tempfile.TemporaryDirectory(prefix="retro-serve-")
        return Path(self._reports.name) / f"session-{next(self._report_numbers)}.json"

    def remove_reports(self) -> None:
        """The reports' folder removed now: a server stopped at once leaves by
        os._exit, which skips the folder's own removal at exit."""
        if self._reports is not None:
            self._reports.cleanup()
            self._reports = None

    # -- stopping ----------------------------------------------------------------------
    async def stop_all(self) -> None:
        """Tell each session and stop it: its program is sent SIGHUP, and SIGKILL
        after the grace period (those are counted as given up)."""
        self.stopping = True
        running = list(self._slots)
        await asyncio.gather(*(slot.notice("The server is stopping: the session ends.") for slot in running))
        for slot in running:
            slot.stop(STOPPING)
        loop = asyncio.get_running_loop()
        end = loop.time() + self._exhibit.grace + config.STOP_SECONDS
        while self._slots and loop.time() < end:
            await asyncio.sleep(0.02)

    def kill_all(self) -> list[int]:
        """SIGKILL, now, to every program started here and still running (each
        with its process group): a second Ctrl-C does not wait.  Their pids."""
        killed = []
        for slot in list(self._slots):
            if slot.process is not None and slot.process.returncode is None:
                process.signal_group(slot.process.pid, signal.SIGKILL)
                killed.append(slot.process.pid)
        return killed

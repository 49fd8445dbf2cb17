"""A visitor's own game, offered at its end: its transcript (written by the session's
program, retro.web.child) and its cast, kept under a name of 128 random bits in a private
folder of the server's, for that visitor's client alone, for a bounded time and number of
downloads; the games kept at once bounded in number (in all, and for one client) and in
size (the oldest go first); all of them deleted when the server stops."""
from __future__ import annotations

import asyncio
import itertools
import secrets
import shutil
import tempfile
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional

from ..crash_reports import report_internal_error
from . import config

FORMS = {  # what a game is fetched as: its media type, its file's ending
    "transcript": ("text/plain", "txt"),
    "cast": ("application/x-asciicast", "cast"),
}


@dataclass(frozen=True)
class Bounds:
    """How long, how often, how many and how much the games are kept (config's, or a test's)."""

    seconds: float = config.TAKE_HOME_SECONDS
    downloads: int = config.TAKE_HOME_DOWNLOADS
    kept: int = config.TAKE_HOME_KEPT
    per_client: int = config.TAKE_HOME_PER_CLIENT
    total_bytes: int = config.TAKE_HOME_BYTES


@dataclass
class Game:
    """One visitor's game as kept: its files by form, whose client may fetch it."""

    name: str
    program: str
    client: str
    files: dict[str, Path]
    size: int
    downloads_left: int
    expiry: Optional[asyncio.TimerHandle] = None

    def links(self) -> dict[str, str]:
        """Where the page fetches each form."""
        return {form: f"/api/take-home/{self.name}.{form}" for form in FORMS}

    def offer(self, bounds: Bounds) -> dict[str, str]:
        """The exit message's ``take_home``: the links, and how long they last in words."""
        return {**self.links(), "words": f"Kept for you alone, for {bounds.seconds / 60:g} minutes. On your "
                                         "computer, retro replay shows the transcript and asciinema play the cast."}


@dataclass(frozen=True)
class Download:
    body: bytes
    content_type: str
    filename: str


class TakeHomes:
    """The games kept for their visitors."""

    def __init__(self, bounds: Bounds = Bounds()) -> None:
        self.bounds = bounds
        self._folder: Optional[Path] = None
        self._games: OrderedDict[str, Game] = OrderedDict()  # the oldest first
        self._numbers = itertools.count()

    @property
    def folder(self) -> Path:
        """The server's private folder of games (made at the first session)."""
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix="retro-take-home-"))
        return self._folder

    def pending(self) -> Path:
        """Where a session's program writes its transcript (``keep`` takes it, or ``discard``)."""
        return self.folder / f"pending-{next(self._numbers)}.txt"

    @staticmethod
    def discard(pending: Path) -> None:
        pending.unlink(missing_ok=True)

    async def keep(self, pending: Path, program: str, client: str) -> Optional[Game]:
        """The transcript in ``pending`` (a session of ``program``) kept for ``client``
        with its cast, under a new name; None (and nothing kept) if there is none, it
        cannot be read, or it alone is larger than the games' total may be."""
        name = secrets.token_urlsafe(config.TAKE_HOME_NAME_BYTES)
        files = {form: self.folder / f"{name}.{ending}" for form, (_, ending) in FORMS.items()}
        try:
            size = await asyncio.get_running_loop().run_in_executor(None, _with_cast, pending, files)
        except Exception as error:  # noqa: BLE001  # nothing to offer; the session ends as ever
            if not isinstance(error, (OSError, ValueError)):  # not a file unwritten or unreadable: a bug of ours
                report_internal_error("retro serve", error)
            self.discard(pending)
            _remove(files.values())
            return None
        if size > self.bounds.total_bytes:
            _remove(files.values())
            return None
        game = Game(name, program, client, files, size, self.bounds.downloads)
        self._games[name] = game
        game.expiry = asyncio.get_running_loop().call_later(self.bounds.seconds, self.drop, name)
        theirs = [other for other, kept in self._games.items() if kept.client == client]
        for other in theirs[:max(0, len(theirs) - self.bounds.per_client)]:
            self.drop(other)
        while len(self._games) > self.bounds.kept or self.total_bytes() > self.bounds.total_bytes:
            self.drop(next(iter(self._games)))
        return game

    def total_bytes(self) -> int:
        return sum(game.size for game in self._games.values())

    def __len__(self) -> int:
        return len(self._games)

    def fetch(self, name: str, form: str, client: str) -> Optional[Download]:
        """One download of a game, by its own client only; None for a name not
        kept (never kept, expired, used up) or another client's."""
        game = self._games.get(name)
        if game is None or game.client != client or form not in game.files:
            return None
        try:
            body = game.files[form].read_bytes()
        except OSError:
            self.drop(name)
            return None
        game.downloads_left -= 1
        if game.downloads_left <= 0:
            self.drop(name)
        content_type, ending = FORMS[form]
        return Download(body, content_type, f"{game.program}-your-game.{ending}")

    def drop(self, name: str) -> None:
        """A game deleted (its time is up, its downloads used, or room is needed)."""
        game = self._games.pop(name, None)
        if game is None:
            return
        if game.expiry is not None:
            game.expiry.cancel()
        _remove(game.files.values())

    def remove_all(self) -> None:
        """Every game and the folder deleted (the server stops)."""
        for name in list(self._games):
            self.drop(name)
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None


def _with_cast(pending: Path, files: dict[str, Path]) -> int:
    """The transcript moved to its name, its cast written beside it; their size.
    (In a thread: a long session's cast takes a moment.)"""
    from ..cast import cast_of
    from ..safefile import write_atomically
    from ..transcript import TranscriptError, load

    try:
        session = load(pending)
    except TranscriptError as error:
        raise ValueError(str(error)) from None
    pending.replace(files["transcript"])
    write_atomically(files["cast"], cast_of(session).v2().encode("utf-8"))
    return sum(path.stat().st_size for path in files.values())


def _remove(paths: Iterable[Path]) -> None:
    for path in paths:
        path.unlink(missing_ok=True)

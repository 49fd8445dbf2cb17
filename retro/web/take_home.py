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
from typing import TYPE_CHECKING, Iterable, Optional

from ..crash_reports import report_internal_error
from . import config

if TYPE_CHECKING:
    from ..cast import Cast
    from ..catalog import Program

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
    keeps_games: bool = True  # False (a kiosk): no game is recorded, written or offered


def no_transcript(program: Program) -> Optional[str]:
    """Why a visitor's session of ``program`` cannot go home as a transcript, in
    words (None: it can; retro.web.child records it then)."""
    if program.for_visitor is not None:
        return ("This program learns from a store of games kept on this server, which a replay on your "
                "computer would not have: your game goes home as a recording only.")
    return None


def no_transcript_of(program: Program, status: int) -> Optional[str]:
    """Why a session of ``program`` that ended with ``status`` has no transcript,
    in words, if it goes home as its recording alone (None: it does not)."""
    from ..exits import INTERNAL_ERROR, INTERRUPTED

    if status == INTERRUPTED:
        return ("A game stopped by Ctrl-C has no transcript (a replay cannot stop the same way): "
                "it goes home as a recording only.")
    return None if status == INTERNAL_ERROR else no_transcript(program)  # a bug of ours: nothing to offer


@dataclass
class Game:
    """One visitor's game as kept: its files by form, whose client may fetch it."""

    name: str
    program: str
    client: str
    files: dict[str, Path]
    size: int
    downloads_left: int
    why: Optional[str] = None  # why it has no transcript, in words (None: it has one)
    expiry: Optional[asyncio.TimerHandle] = None

    def links(self) -> dict[str, str]:
        """Where the page fetches each form it has."""
        return {form: f"/api/take-home/{self.name}.{form}" for form in self.files}

    def offer(self, bounds: Bounds) -> dict[str, str]:
        """The exit message's ``take_home``: the links, and how long they last in words."""
        kept = f"Kept for you alone, for {bounds.seconds / 60:g} minutes."
        if self.why is not None:
            return {**self.links(), "words": f"{self.why} {kept} On your computer, asciinema play shows it."}
        return {**self.links(), "words": f"{kept} On your computer, retro replay shows the transcript "
                                         "and asciinema play the cast."}


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

    def pending(self) -> Optional[Path]:
        """Where a session's program writes its transcript (``keep`` takes it, or
        ``discard``); None if no game is kept (``Bounds.keeps_games``)."""
        if not self.bounds.keeps_games:
            return None
        return self.folder / f"pending-{next(self._numbers)}.txt"

    @staticmethod
    def discard(pending: Optional[Path]) -> None:
        if pending is not None:
            pending.unlink(missing_ok=True)

    async def keep(self, pending: Optional[Path], program: str, client: str,
                   recording: Optional[Cast] = None, why: Optional[str] = None) -> Optional[Game]:
        """The transcript in ``pending`` (a session of ``program``) kept for ``client``
        with its cast, under a new name; if there is no transcript, the session's
        ``recording`` alone (``why`` says why, in words).  None (and nothing kept)
        if there is neither, a file cannot be read or written, or the game alone is
        larger than the games' total may be."""
        has_transcript = pending is not None and pending.exists()
        if not self.bounds.keeps_games or not (has_transcript or recording is not None):
            self.discard(pending)
            return None
        name = secrets.token_urlsafe(config.TAKE_HOME_NAME_BYTES)
        forms = FORMS if has_transcript else {"cast": FORMS["cast"]}
        files = {form: self.folder / f"{name}.{ending}" for form, (_, ending) in forms.items()}
        try:
            size = await asyncio.get_running_loop().run_in_executor(None, _written, pending, recording, files)
        except Exception as error:  # noqa: BLE001  # nothing to offer; the session ends as ever
            if not isinstance(error, (OSError, ValueError)):  # not a file unwritten or unreadable: a bug of ours
                report_internal_error("retro serve", error)
            self.discard(pending)
            _remove(files.values())
            return None
        if size > self.bounds.total_bytes:
            _remove(files.values())
            return None
        game = Game(name, program, client, files, size, self.bounds.downloads, None if has_transcript else why)
        self._games[name] = game
        game.expiry = asyncio.get_running_loop().call_later(self.bounds.seconds, self.drop, name)
        theirs = [other for other, kept in self._games.items() if kept.client == client]
        for other in theirs[:max(0, len(theirs) - self.bounds.per_client)]:
            self.drop(other)
        while len(self._games) > self.bounds.kept or self.total_bytes() > self.bounds.total_bytes:
            self.drop(next(iter(self._games)))
        return game

    def written(self) -> list[Path]:
        """Every file in the games' folder (none if it was never made)."""
        return sorted(self._folder.iterdir()) if self._folder is not None else []

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


def _written(pending: Optional[Path], recording: Optional[Cast], files: dict[str, Path]) -> int:
    """The transcript moved to its name, its cast written beside it (without a
    transcript: the ``recording``); their size.  (In a thread: a long session's
    cast takes a moment.)"""
    from ..cast import cast_of
    from ..safefile import write_atomically
    from ..transcript import TranscriptError, load

    if "transcript" in files and pending is not None:
        try:
            recording = cast_of(load(pending))
        except TranscriptError as error:
            raise ValueError(str(error)) from None
        pending.replace(files["transcript"])
    assert recording is not None  # keep's: a transcript, or a recording
    write_atomically(files["cast"], recording.v2().encode("utf-8"))
    return sum(path.stat().st_size for path in files.values())


def _remove(paths: Iterable[Path]) -> None:
    for path in paths:
        path.unlink(missing_ok=True)

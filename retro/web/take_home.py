"""A visitor's own game, offered at its end: its transcript (written by the session's
program, retro.web.child) or, for a game without one, its tape (retro.web.pty_cast, saved
raw), and its cast (made of either by a worker process, retro.web.cast_worker, while the
end is said: never in the server), kept under a name of 128 random bits in a private
folder of the server's, for that visitor alone (their page, retro.web.visitor_cookie, and
their client), for a bounded time and number of downloads; the games kept at once bounded
in number (in all, for one visitor, for one client) and in size.  Past a bound of the whole,
the games that go are those of the client holding the most, and within it of the visitor
holding the most, the oldest first: no address, proxy or network takes another's game; all
of them deleted when the server stops."""
from __future__ import annotations

import asyncio
import itertools
import secrets
import shutil
import sys
import tempfile
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Callable, Iterable, Optional

from ..crash_reports import report_internal_error
from . import config

if TYPE_CHECKING:
    from ..catalog import Program

FORMS = {  # what a game is fetched as: its media type, its file's ending
    "transcript": ("text/plain", "txt"),
    "cast": ("application/x-asciicast", "cast"),
}
TAPE_ENDING = "tape"  # a game without a transcript: its tape, saved raw (pty_cast), until its cast is made


@dataclass(frozen=True)
class Bounds:
    """How long, how often, how many and how much the games are kept (config's, or a test's)."""

    seconds: float = config.TAKE_HOME_SECONDS
    downloads: int = config.TAKE_HOME_DOWNLOADS
    kept: int = config.TAKE_HOME_KEPT
    per_client: int = config.TAKE_HOME_PER_CLIENT  # --games-per-client
    per_visitor: int = config.TAKE_HOME_PER_VISITOR
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
    visitor: str = ""  # the page that played it (visitor_cookie), "" if it had none
    expiry: Optional[asyncio.TimerHandle] = None
    cast_made: Optional[asyncio.Task[bool]] = None  # its cast being made (cast_worker)
    made_from: Optional[Path] = None  # what its cast is made of: its transcript, or its tape (deleted once made)

    def paths(self) -> set[Path]:
        """Every file of the game's: its forms, and what its cast is made of."""
        return {*self.files.values(), *([self.made_from] if self.made_from is not None else [])}

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
    body: BinaryIO  # the file, open (its reader closes it): deleted meanwhile, it is still read whole
    content_type: str
    filename: str


class TakeHomes:
    """The games kept for their visitors."""

    def __init__(self, bounds: Bounds = Bounds()) -> None:
        self.bounds = bounds
        self._folder: Optional[Path] = None
        self._games: OrderedDict[str, Game] = OrderedDict()  # the oldest first
        self._numbers = itertools.count()
        self._workers: set[asyncio.subprocess.Process] = set()  # casts being made
        self._worker_places: Optional[asyncio.Semaphore] = None  # CAST_WORKERS at once

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

    def keep(self, pending: Optional[Path], program: str, client: str,
             tape: Optional[bytes] = None, why: Optional[str] = None, visitor: str = "") -> Optional[Game]:
        """The transcript in ``pending`` (a session of ``program``) kept for ``client``'s ``visitor``
        under a new name; if there is no transcript, the session's ``tape`` alone (pty_cast's
        ``PtyTape.saved``; ``why`` says why, in words).  Its cast is made meanwhile by a
        worker process (``Game.cast_made``: the game is dropped if that fails).  None (and
        nothing kept) if there is neither, a file cannot be read or written, or the game
        alone is larger than the games' total may be."""
        has_transcript = pending is not None and pending.exists()
        if not self.bounds.keeps_games or not (has_transcript or tape is not None):
            self.discard(pending)
            return None
        name = secrets.token_urlsafe(config.TAKE_HOME_NAME_BYTES)
        forms = FORMS if has_transcript else {"cast": FORMS["cast"]}
        files = {form: self.folder / f"{name}.{ending}" for form, (_, ending) in forms.items()}
        made_from = files["transcript"] if has_transcript else self.folder / f"{name}.{TAPE_ENDING}"
        try:
            if has_transcript:
                assert pending is not None
                size = _moved(pending, made_from)
            else:
                assert tape is not None
                made_from.write_bytes(tape)  # a moment's work: the cast is made of it elsewhere
                size = len(tape)
        except Exception as error:  # noqa: BLE001  # nothing to offer; the session ends as ever
            if not isinstance(error, (OSError, ValueError)):  # not a file unwritten or unreadable: a bug of ours
                report_internal_error("retro serve", error)
            self.discard(pending)
            _remove([*files.values(), made_from])
            return None
        game = Game(name, program, client, files, size, self.bounds.downloads, None if has_transcript else why,
                    visitor, made_from=made_from)
        if size > self.bounds.total_bytes:
            _remove(game.paths())
            return None
        self._games[name] = game
        game.expiry = asyncio.get_running_loop().call_later(self.bounds.seconds, self.drop, name)
        game.cast_made = asyncio.create_task(self._cast_made(game))
        self._make_room(game)
        return game

    def _make_room(self, game: Game) -> None:
        """The games past the bounds dropped, the oldest first: ``game``'s visitor's
        past their share, its client's past its share; then, past a bound of the
        whole, those of the client holding the most and, within it, of the visitor
        holding the most (so that one address's games never push out another's)."""
        for share, same in ((self.bounds.per_visitor, lambda kept: _visitor(kept) == _visitor(game)),
                            (self.bounds.per_client, lambda kept: kept.client == game.client)):
            theirs = [name for name, kept in self._games.items() if same(kept)]
            for name in theirs[:max(0, len(theirs) - share)]:
                self.drop(name)
        while len(self._games) > self.bounds.kept or self.total_bytes() > self.bounds.total_bytes:
            by_size = self.total_bytes() > self.bounds.total_bytes
            games = list(self._games.values())
            for holder in (lambda kept: kept.client, _visitor):  # the client holding the most, then its visitor
                games = _most_held(games, holder, by_size)
            self.drop(games[0].name)

    async def _cast_made(self, game: Game) -> bool:
        """``game``'s cast made from its transcript or tape by a worker (``CAST_WORKERS``
        at once), its size counted then (a tape deleted: it was only the cast's
        making); the game dropped if the cast cannot be made."""
        if self._worker_places is None:
            self._worker_places = asyncio.Semaphore(config.CAST_WORKERS)
        made_from = game.made_from
        assert made_from is not None
        async with self._worker_places:
            made = self._games.get(game.name) is game and await self._work(made_from, game.files["cast"])
        if self._games.get(game.name) is not game:
            _remove(game.paths())  # dropped meanwhile: the cast written since goes too
            return False
        if made_from not in game.files.values():
            made_from.unlink(missing_ok=True)
            game.made_from = None
        try:
            game.size = sum(path.stat().st_size for path in game.files.values()) if made else 0
        except OSError:
            made = False
        if not made:
            self.drop(game.name)
            return False
        self._make_room(game)
        return self._games.get(game.name) is game

    async def _work(self, made_from: Path, cast: Path) -> bool:
        """One worker's run: whether it wrote the cast within ``CAST_WORKER_SECONDS``."""
        try:
            worker = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "retro.web.cast_worker", str(made_from), str(cast),
                stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL)
        except OSError:
            return False
        self._workers.add(worker)
        try:
            return await asyncio.wait_for(worker.wait(), config.CAST_WORKER_SECONDS) == 0
        except asyncio.TimeoutError:
            return False
        finally:
            self._workers.discard(worker)
            if worker.returncode is None:  # its time up, or the game dropped: it ends
                _kill(worker)

    def written(self) -> list[Path]:
        """Every file in the games' folder (none if it was never made)."""
        return sorted(self._folder.iterdir()) if self._folder is not None else []

    def total_bytes(self) -> int:
        return sum(game.size for game in self._games.values())

    def __len__(self) -> int:
        return len(self._games)

    async def fetch(self, name: str, form: str, client: str, visitor: str = "") -> Optional[Download]:
        """One download of a game, by its own visitor and client only (a cast once
        it is made); None for a name not kept (never kept, expired, used up) or
        another's."""
        game = self._games.get(name)
        if game is None or game.client != client or game.visitor not in ("", visitor) or form not in game.files:
            return None
        if form == "cast" and game.cast_made is not None:
            await asyncio.wait({game.cast_made})  # queued, then within its worker's limits
            if self._games.get(name) is not game:
                return None
        try:
            body = game.files[form].open("rb")
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
        if game.cast_made is not None and not _within(game.cast_made):
            game.cast_made.cancel()  # its worker killed
        _remove(game.paths())

    def remove_all(self) -> None:
        """Every game and the folder deleted (the server stops)."""
        for name in list(self._games):
            self.drop(name)
        for worker in self._workers:
            _kill(worker)
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None


def _moved(pending: Path, transcript: Path) -> int:
    """The transcript moved to its name (ValueError: larger than a transcript is
    read, so no cast could be made of it); its size."""
    from ..transcript import MAX_BYTES

    size = pending.stat().st_size
    if size > MAX_BYTES:
        raise ValueError(f"a transcript of {size:,} bytes")
    pending.replace(transcript)
    return size


def _visitor(game: Game) -> str:
    """Whose game it is: its page, or without one its client."""
    return game.visitor or f"client {game.client}"


def _most_held(games: list[Game], holder: Callable[[Game], str], by_size: bool) -> list[Game]:
    """The ``games`` of the holder with the most of them (in bytes, or in number),
    the oldest first; among holders with as many, the one with the oldest game."""
    held: dict[str, list[Game]] = {}
    for game in games:
        held.setdefault(holder(game), []).append(game)
    return max(held.values(), key=lambda theirs: sum(game.size for game in theirs) if by_size else len(theirs))


def _within(task: asyncio.Task[bool]) -> bool:
    """Whether ``task`` is the one running now (a cast's own end drops its game)."""
    try:
        return asyncio.current_task() is task
    except RuntimeError:  # no loop running: the server has stopped
        return False


def _kill(worker: asyncio.subprocess.Process) -> None:
    try:
        worker.kill()
    except ProcessLookupError:
        pass


def _remove(paths: Iterable[Path]) -> None:
    for path in paths:
        path.unlink(missing_ok=True)

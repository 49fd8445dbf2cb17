"""Games played and not yet learnt: ``<file>.pending``, beside the data file.

A Gomocup manager kills a brain half a second after END; learning a lost
game and saving a large store takes longer.  So the brain (brain/keeping.py)
keeps each game in one line of the journal -- one small write in append
mode, flushed to the disk -- and exits; the games are learnt later, under
the data file's lock (``learn_pending``: ``retro train pascal-learner
--learn-pending``).  A line carries its own CRC-32, so a line cut short by
a kill, or damaged, is recognised and skipped (and said).

Learning takes the journal aside first (renamed ``<file>.learning``),
learns its games into the store, saves the store with the SHA-256 of what
it learnt (a ``learnt`` line, kept by the data file as a key it does not
know), then removes it.  A learner killed at any moment leaves the store
whole (saves are atomic), and the journal or the games taken aside; the next
learning finds them and learns them -- unless the store says it has learnt
exactly them already.
"""
from __future__ import annotations

import hashlib
import os
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from retro.safefile import FileRefused, read_regular, replace_durably

from ..model.board import CIRCLE, CROSS
from .datafile import DataFileError

if TYPE_CHECKING:
    from ..learning.learner import Learner

LIMIT = 64 << 20  # bytes of games waiting to be learnt
LEARNT = "learnt"  # the data file's key for the SHA-256 of the games last learnt from a journal


@dataclass(frozen=True)
class Game:
    """A game as the journal keeps it: the moves (square, mark) and whether the learner lost."""

    moves: tuple[tuple[int, int], ...]
    lost: bool


def journal_path(path: Path) -> Path:
    return path.with_name(path.name + ".pending")


def taken_aside(path: Path) -> Path:
    return path.with_name(path.name + ".learning")


def line_of(game: Game) -> bytes:
    body = ("lost" if game.lost else "played") + "".join(f" {s}:{m}" for s, m in game.moves)
    return f"game {body} {zlib.crc32(body.encode()):08x}\n".encode("ascii")


def append(path: Path, game: Game) -> None:
    """Keep ``game`` in the journal of the data file ``path``: one write, in append mode, then fsync."""
    fd = os.open(journal_path(path), os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
    try:
        os.write(fd, line_of(game))
        os.fsync(fd)
    finally:
        os.close(fd)


def parse(data: bytes) -> tuple[list[Game], int]:
    """The games of a journal's bytes, and how many lines were skipped (cut short or damaged)."""
    games: list[Game] = []
    skipped = 0
    for line in data.split(b"\n")[:-1] if data.endswith(b"\n") else data.split(b"\n"):
        game = _game(line)
        if game is None:
            skipped += bool(line)
        else:
            games.append(game)
    return games, skipped


def _game(line: bytes) -> "Game | None":
    try:
        text = line.decode("ascii")
    except UnicodeDecodeError:
        return None
    word, _, rest = text.partition(" ")
    body, _, crc = rest.rpartition(" ")
    if word != "game" or crc != f"{zlib.crc32(body.encode()):08x}":
        return None
    result, *moves = body.split(" ")
    try:
        pairs = tuple((int(s), int(m)) for s, m in (move.split(":") for move in moves))
    except ValueError:
        return None
    if result not in ("lost", "played") or any(m not in (CROSS, CIRCLE) or s < 0 for s, m in pairs):
        return None
    return Game(pairs, result == "lost")


def read(path: Path) -> bytes:
    """A journal's bytes (empty if there is none); DataFileError if it cannot be read."""
    try:
        return read_regular(path, LIMIT, "journal of games")
    except FileNotFoundError:
        return b""
    except FileRefused as err:
        raise DataFileError(f"cannot learn the games kept in {err}; nothing was changed") from None


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def learn_pending(learner: "Learner", path: Path) -> tuple[int, int]:
    """Learn the games waiting in the journal of the data file ``path`` into
    ``learner`` (the caller holds the data file's lock) and save; the games
    learnt and the lines skipped.  Those a learning cut short took aside
    first, then the journal's, taken aside in their turn."""
    aside, pending = taken_aside(path), journal_path(path)
    learnt, skipped = _learn_aside(learner, aside)
    if pending.exists():
        replace_durably(pending, aside)
        more, bad = _learn_aside(learner, aside)
        learnt, skipped = learnt + more, skipped + bad
    return learnt, skipped


def _learn_aside(learner: "Learner", aside: Path) -> tuple[int, int]:
    """The games taken aside learnt, the store saved with their SHA-256, and
    the file removed; the games learnt and the lines skipped (none, if the
    store says it learnt exactly these before a kill)."""
    data = read(aside)
    if not data or dict(learner.store.extra).get(LEARNT) == digest(data):
        aside.unlink(missing_ok=True)
        return 0, 0
    games, skipped = parse(data)
    for game in games:
        if game.lost:
            learner.learn(game.moves)
        learner.record(game.lost)
    learner.store.extra = [(k, v) for k, v in learner.store.extra if k != LEARNT] + [(LEARNT, digest(data))]
    learner.save()
    aside.unlink()
    return len(games), skipped

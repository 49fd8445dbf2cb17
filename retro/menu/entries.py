"""The menu's entries: the programs, each with its recorded sessions numbered by
group as both menus list them, and the replay of one of those sessions."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, TextIO

import click

from .. import catalog, resources, transcript
from ..recording import Event
from ..replay import ending, kept_after, show, the_game

TITLE = "retro -- historical tic-tac-toe programs"


@dataclass
class Entry:
    """One program of the menu, with its recorded sessions (shipped with retro)."""

    number: int
    program: catalog.Program
    sessions: list[resources.RecordedSession] = field(default_factory=list)

    @property
    def sessions_note(self) -> str:
        n = len(self.sessions)
        return f"{n} recorded session{'s' if n != 1 else ''}" if n else ""


def number_of(program_id: str) -> int:
    """The number a program has in both menus: its place among the catalog's programs, from 1."""
    return list(catalog.programs()).index(program_id) + 1


def entries() -> list[Entry]:
    found = resources.sessions()
    return [Entry(number_of(program.id), program, [s for s in found if s.program == program.id])
            for program in catalog.programs().values()]


def session_rows(entry: Entry, names: bool = True) -> list[tuple[Optional[int], str]]:
    """(session index or None for a heading, text) for a program's sessions, by
    group: number, name (the NAME of `retro replay ID/NAME`) and title."""
    rows: list[tuple[Optional[int], str]] = []
    index = 0
    for heading, group in resources.by_group(entry.sessions):
        rows.append((None, heading))
        for session in group:
            name = f"{session.name.partition('/')[2]:<34} " if names else ""
            rows.append((index, f"{index + 1:>3}  {name}{session.title}"))
            index += 1
    return rows


def replay_order(entry: Entry) -> list[resources.RecordedSession]:
    """The program's sessions in the order session_rows numbers them."""
    return [s for _, group in resources.by_group(entry.sessions) for s in group]


def replay_session(session: resources.RecordedSession, baud: Optional[int],
                   out: Optional[TextIO] = None) -> Optional[str]:
    """Replay one session's game (replay.the_game), and say how it ended, as a
    live session's end is said, with what the recording kept after the game
    (``ended``); None (after a message) if its file cannot be read."""
    try:
        golden = transcript.load(session.path)
    except transcript.TranscriptError as err:
        click.echo(f"{err}", file=out)
        return None
    game, after = the_game(golden.events)
    show(golden, events=game, baud=baud, out=out)
    return ended(session, ending(golden, session.path.parent), after)


def ended(session: resources.RecordedSession, how: str, after: list[Event]) -> str:
    """The note after a replay: how its game ended, and what the recording kept after it."""
    kept = kept_after(after).rstrip("\n").count("\n") + 1 if after else 0
    if not kept:
        return f"[end of the recording -- {how}]"
    lines = f"{kept} more line{'s' if kept > 1 else ''}"
    return f"[end of the recording -- {how}.  After the game it keeps {lines} (the end of its input and what " \
           f"the program wrote around it): retro replay {session.name} shows them]"

"""The menu's entries: the programs, each with its recorded sessions numbered by
group as both menus list them, and the replay of one of those sessions."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, TextIO

import click

from .. import catalog, resources, transcript
from ..replay import show

TITLE = "retro -- five historical tic-tac-toe programs"


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


def entries() -> list[Entry]:
    found = resources.sessions()
    return [Entry(k, program, [s for s in found if s.program == program.id])
            for k, program in enumerate(catalog.programs().values(), start=1)]


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


def replay_session(session: resources.RecordedSession, baud: Optional[int], out: Optional[TextIO] = None) -> bool:
    """Replay one session; False (after a message) if its file cannot be read."""
    try:
        golden = transcript.load(session.path)
    except transcript.TranscriptError as err:
        click.echo(f"{err}", file=out)
        return False
    show(golden, baud=baud, out=out)
    return True

"""A recorded session as an asciinema cast (asciicast v2, or v3).

The cast's output is what ``retro replay`` writes (retro.replay.show, the
same path), timed at a line's pace (ten bits a character) on a clock of its
own, as a terminal shows it: each line feed a carriage return and line feed
(the terminal's ONLCR).  What was typed is kept as input (``i``), and each
move as a marker (``m``) labelled with it.  The terminal is the one the
program had: its size, and its look in the web page as the theme.

A transcript is data from anyone: its text reaches the cast only as
``retro replay`` shows it (control characters as text), and writing the cast
writes that one file (retro.safefile) or standard output.
"""
from __future__ import annotations

import io
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

import click

from . import catalog
from .recording import Event
from .replay import PAGE_PACE, show, show_whole, the_game
from .safefile import write_atomically
from .transcript import Transcript
from .visible import visible

# Output written within one frame of an event's first character joins that
# event: a player shows it at once, and a cast of a long session stays small.
FRAME = 1 / 50
# Every terminal's size in the web page (retro/web/visitors.py): a teletype's
# cast is as wide and at least as tall.
COLUMNS, ROWS = 80, 24
# The tallest terminal a teletype's cast asks for: a longer stretch of output
# scrolls, as on any terminal (every shipped session's fits in 24).
MOST_ROWS = 100
TERM_TYPE = "xterm-256color"
# Each look's ink and background, as the web page draws it (retro.js's THEMES).
LOOKS: dict[str, tuple[str, str]] = {
    "paper": ("#222222", "#f4efdc"),
    "amber": ("#ffb000", "#120b02"),
    "glass": ("#8dff8d", "#060a06"),
}
# Every move of the programs holds a digit (``1,4``, ``A2``, ``5``); the
# other answers (``Y``, ``N``, ``X``) hold none.
MOVE = re.compile(r"[0-9]")


@dataclass
class CastEvent:
    time: float  # seconds from the start
    code: str  # o, i, m (x: v3's exit, added on writing)
    data: str


def add_output(events: list[CastEvent], clock: float, data: str) -> None:
    """Output at ``clock`` as the cast's next event, or joined to the last one
    if that is output less than a frame earlier."""
    last = events[-1] if events else None
    if last is not None and last.code == "o" and clock - last.time < FRAME:
        last.data += data
    else:
        events.append(CastEvent(clock, "o", data))


# The marker (a player's chapter) where a whole cast's game ends and what the recording kept after it begins
AFTER_THE_GAME_MARKER = "after the game"


class Tape(io.StringIO):
    """The stream ``show`` writes to, with its clock: what is written becomes
    output events at the clock's time, as a terminal receives it."""

    def __init__(self) -> None:
        super().__init__()
        self.clock = 0.0
        self.events: list[CastEvent] = []
        self.shown: list[str] = []  # the text written, as written
        self.length = 0

    def now(self) -> float:
        return self.clock

    def sleep(self, seconds: float) -> None:
        self.clock += seconds

    def write(self, text: str) -> int:
        if text:
            self.shown.append(text)
            self.length += len(text)
            add_output(self.events, self.clock, text.replace("\n", "\r\n"))  # a terminal's ONLCR
        return len(text)

    def note(self, code: str, data: str) -> None:
        self.events.append(CastEvent(self.clock, code, data))

    def text(self) -> str:
        return "".join(self.shown)


def keys_typed(event: Event) -> str:
    """The keys that gave this line: its text (control characters as text),
    Enter as a terminal sends it (CR), and Ctrl-D where the input ended
    without one."""
    if event.text is None:
        return "\x04"
    if event.text.endswith("\n"):
        return visible(event.text[:-1]) + "\r"
    return visible(event.text) + "\x04"


def move_typed(event: Event) -> Optional[str]:
    """The move a line of input is, as shown (None: not a move)."""
    line = (event.text or "").strip()
    return visible(line) if MOVE.search(line) else None


@dataclass
class Cast:
    cols: int
    rows: int
    title: str
    source: str
    program: str
    look: str
    events: list[CastEvent]
    exit_status: int
    end: float  # when the last character has been delivered

    def theme(self) -> dict[str, str]:
        """The look as a theme: a monochrome terminal, every colour its one ink."""
        ink, paper = LOOKS[self.look]
        return {"fg": ink, "bg": paper, "palette": ":".join([paper] + [ink] * 7 + [paper] + [ink] * 7)}

    def v2(self) -> str:
        title = f"{self.title} ({self.source})" if self.source else self.title
        header = {"version": 2, "width": self.cols, "height": self.rows, "title": title,
                  "env": {"TERM": TERM_TYPE}, "theme": self.theme()}
        lines = [_json(header)] + [_json([round(e.time, 6), e.code, e.data]) for e in self.events]
        return "\n".join(lines) + "\n"

    def v3(self) -> str:
        header = {"version": 3, "term": {"cols": self.cols, "rows": self.rows, "type": TERM_TYPE,
                                         "theme": self.theme()}, "title": self.title}
        lines = [_json(header), f"# {self.program}: {self.title}"]
        if self.source:
            lines.append(f"# source: {self.source}")
        last = 0.0
        for event in self.events + [CastEvent(self.end, "x", str(self.exit_status))]:
            at = round(event.time, 6)
            lines.append(_json([round(at - last, 6), event.code, event.data]))
            last = at
        return "\n".join(lines) + "\n"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def cast_of(session: Transcript, baud: Optional[int] = None, whole: bool = False) -> Cast:
    """The cast of a session's game at ``baud`` (None: the web page's pace),
    ending where the game ends (replay.the_game); ``whole``: with what the
    recording kept after it, after a marker and a pause (replay.show_whole)."""
    tape = Tape()
    typed_at: list[int] = []  # where each line typed starts in the text shown

    def before(event: Event) -> None:
        if event.kind != "in":
            return
        typed_at.append(tape.length)
        tape.note("i", keys_typed(event))
        move = move_typed(event)
        if move is not None:
            tape.note("m", move)

    if whole:
        show_whole(session, baud=baud or PAGE_PACE, out=tape, err=tape, clock=tape.now, sleep=tape.sleep,
                   before=before, marked=lambda: tape.note("m", AFTER_THE_GAME_MARKER))
    else:
        game, _ = the_game(session.events)
        show(session, events=game, baud=baud or PAGE_PACE, out=tape, err=tape, clock=tape.now, sleep=tape.sleep,
             before=before)
    program = catalog.find(session.program)
    cols, rows = screen_of(program, session)
    if program is None or program.screen_size is None:
        rows = min(max(rows, longest_screenful(tape.text(), typed_at, cols)), MOST_ROWS)
    return Cast(cols, rows, visible(session.title) or f"{visible(session.program)} session",
                visible(session.header.get("source", "")), visible(session.program),
                program.look if program is not None else "paper", tape.events, session.exit_status, tape.clock)


def screen_of(program: Optional[catalog.Program], session: Transcript) -> tuple[int, int]:
    """(columns, rows) of the screen the program draws on with the session's
    options (at least the page's 80x24); 80x24 for a teletype."""
    if program is None or program.screen_size is None:
        return COLUMNS, ROWS
    try:
        options = program.parse_options(session.options)
    except click.UsageError:
        options = program.defaults()  # `retro check` names options a port does not declare
    rows, cols = program.screen_size(options)
    return max(cols, COLUMNS), max(rows, ROWS)


def longest_screenful(text: str, typed_at: list[int], cols: int) -> int:
    """The rows of the longest stretch a player reads at once: from the row
    after one line typed to the row of the next (the last: to the end)."""
    cuts = [0] + [text.find("\n", at) + 1 or len(text) for at in typed_at] + [len(text)]
    return max(rows_of(text[a:b], cols) for a, b in zip(cuts, cuts[1:]))


def rows_of(text: str, cols: int) -> int:
    """The rows ``text`` fills on a terminal ``cols`` wide (its lines wrapped)."""
    lines = text.removesuffix("\n").split("\n") if text else []
    return sum(max(1, math.ceil(len(line.expandtabs()) / cols)) for line in lines)


def write(cast: Cast, v3: bool, output: Optional[Path]) -> None:
    """The cast in FILE (whole or not at all), or on standard output (None)."""
    text = cast.v3() if v3 else cast.v2()
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        write_atomically(output, text.encode("utf-8"))
    except OSError as err:
        raise click.ClickException(f"cannot write {visible(str(output))}: {err.strerror or err}") from None

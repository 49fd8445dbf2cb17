"""Showing a recorded session as it happened.

The output is written as it was, except that control characters are shown
as text (``^[``, retro.visible): a transcript may come from anyone, and its
text must not drive the terminal (set the title, the clipboard...).  Each
line the user typed appears where it was read, as the terminal echoed it (in
bold on a terminal that allows styling); error output goes to standard error.  ``baud`` paces the characters like a
serial line of the period: ten bits a character.

The menu and the page show a recording's game (``the_game``), then say how it
ended in words, as a live session's end is said (``ending``), and what the
recording kept after the game apart (``kept_after``); `retro replay` shows
the whole recording, what it kept after the game after a marker and a pause
(``show_whole``), and a cast ends with the game unless asked for the whole.
"""
from __future__ import annotations

import itertools
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional, Sequence, TextIO

import click

from .visible import visible

if TYPE_CHECKING:
    from .recording import Event
    from .transcript import Transcript

# The rates a terminal line of the period could run at: the standard speeds
# of a serial line (the B50 ... B19200 of POSIX termios; 134 is 134.5 baud).
RATES = (50, 75, 110, 134, 150, 200, 300, 600, 1200, 1800, 2400, 4800, 9600, 19200)


class BaudRate(click.ParamType):  # type: ignore[type-arg]  # click before 8.3 cannot be subscripted at run time
    """One of RATES; any other number is refused, naming the rates."""

    name = "rate"

    def convert(self, value: object, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> int:
        try:
            rate = int(str(value).replace(",", "").replace("_", ""))
        except ValueError:
            rate = None
        if rate not in RATES:
            self.fail(f"{value!r} is not the rate of a terminal line; the rates are "
                      f"{', '.join(str(r) for r in RATES)} (baud)", param, ctx)
        return rate


# The pace: `retro replay --baud N`, and what the menu offers (None: no pace).
BAUD = click.Option(["--baud"], type=BaudRate(), default=None,
                    help=f"Pace the output like a terminal line at this rate (10 bits a character): "
                         f"{', '.join(str(r) for r in RATES)}.")
PACES = (None, 110, 300, 1200, 9600)
# The pace the web page replays a session at unless chosen otherwise (retro.js's REPLAY_PACE).
PAGE_PACE = 2400
PACE_MEANS = "how fast the text arrives, as over a terminal line of the period (300 baud: 30 characters a second)"


def parse_pace(words: list[str]) -> Optional[int]:
    """The pace that words such as ``--baud 300`` ask for; click's errors if they are wrong."""
    command = click.Command("replay", params=[BAUD], callback=lambda baud: baud)
    baud: Optional[int] = command.main(args=list(words), prog_name="replay", standalone_mode=False)
    return baud


def pace_text(baud: Optional[int]) -> str:
    return f"{baud} baud" if baud else "no pace (at once)"


def _typed(text: str, stream: TextIO) -> str:
    """How an input line is shown: bold on a terminal, unless NO_COLOR is set."""
    if stream.isatty() and not os.environ.get("NO_COLOR"):
        try:
            from .terminal import terminal

            term = terminal(stream)
            if term.bold:
                return term.bold + text + term.normal
        except Exception:  # noqa: BLE001  # styling is optional
            pass
    return text


class Pace:
    """Text written as a terminal line at ``baud`` delivers it, against a
    clock: the n-th character is due n character times (10 bits each) after
    the first, and the last has been delivered once ``finish`` returns.
    Whatever is due is written at once, so a writer that was held up (a slow
    terminal, a loaded machine) catches up rather than falling behind, and it
    sleeps only until the next character is due: the rate holds at 19200
    baud as at 110."""

    def __init__(self, baud: int, clock: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], None] = time.sleep):
        self.seconds = 10.0 / baud  # one character's time on the line
        self.clock, self.sleep = clock, sleep
        self.start: Optional[float] = None
        self.sent = 0  # characters written

    def due(self, count: int) -> float:
        """When the character after ``count`` more is due."""
        assert self.start is not None
        return self.start + (self.sent + count) * self.seconds

    def write(self, stream: TextIO, text: str) -> None:
        if self.start is None:
            self.start = self.clock()
        while text:
            now = self.clock()
            if self.due(0) > now:
                self.sleep(self.due(0) - now)
                now = max(self.clock(), self.due(0))  # (a clock of whole ticks may say a moment less)
            count = 1
            while count < len(text) and self.due(count) <= now:
                count += 1
            stream.write(text[:count])
            stream.flush()
            self.sent += count
            text = text[count:]

    def finish(self) -> None:
        """Wait until the last character has been delivered."""
        if self.start is not None:
            now = self.clock()
            if self.due(0) > now:
                self.sleep(self.due(0) - now)


def show(
    session: Transcript,
    *,
    events: Optional[Sequence[Event]] = None,
    baud: Optional[int] = None,
    out: Optional[TextIO] = None,
    err: Optional[TextIO] = None,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    before: Callable[[Event], None] = lambda event: None,
) -> None:
    """Show the session's events in order (or ``events``, a part of them:
    ``the_game``), paced at ``baud`` against ``clock`` (``Pace``); ``before``
    is told of each one before it is shown (a cast marks what was typed there)."""
    out = out or sys.stdout
    err = err or sys.stderr
    pace = Pace(baud, clock, sleep) if baud else None

    def emit(stream: TextIO, text: str) -> None:
        if pace is None:
            stream.write(text)
        else:
            pace.write(stream, text)

    for event in session.events if events is None else events:
        if pace is not None:
            pace.finish()  # what came before delivered: a line is typed after the prompt it answers has come
        before(event)
        if event.kind == "out":
            emit(out, visible(event.text or ""))
        elif event.kind == "err":
            out.flush()
            emit(err, visible(event.text or ""))
            err.flush()
        elif event.text is None:
            emit(out, _typed("^D", out) + "\n")
        else:
            emit(out, _typed(visible(event.text.rstrip("\n")), out) + "\n")
    out.flush()
    if pace is not None:
        pace.finish()


# Where a whole recording's game ends and what the recording kept after it begins
# (`retro replay`, `retro cast --whole`), and the pause between them.
AFTER_THE_GAME = "[the game ends here; what the recording kept after it follows]"
AFTER_THE_GAME_PAUSE = 2.0  # seconds


def show_whole(
    session: Transcript,
    *,
    baud: Optional[int] = None,
    out: Optional[TextIO] = None,
    err: Optional[TextIO] = None,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    before: Callable[[Event], None] = lambda event: None,
    pause: float = AFTER_THE_GAME_PAUSE,
    marked: Callable[[], None] = lambda: None,
) -> None:
    """The whole recording: its game (``the_game``), then, if the recording
    kept more, ``AFTER_THE_GAME`` on a line of its own (``marked`` is told
    before it), a pause of ``pause`` seconds, and the rest, so that the
    game's end is seen before what follows it."""
    out = out or sys.stdout
    game, after = the_game(session.events)
    show(session, events=game, baud=baud, out=out, err=err, clock=clock, sleep=sleep, before=before)
    if not after:
        return
    shown = "".join(event.text or "" for event in game if event.kind == "out")
    marked()
    out.write(("" if not shown or shown.endswith("\n") else "\n") + AFTER_THE_GAME + "\n")
    out.flush()
    if pause:
        sleep(pause)
    show(session, events=after, baud=baud, out=out, err=err, clock=clock, sleep=sleep, before=before)


def ending(session: Transcript, folder: Path) -> str:
    """How the recorded session ended, in the words a live session's end is said
    in (outcome.replay_end): its port, run again on the recording's input as
    `retro check` runs it, declares its last game's outcome as in a live game."""
    from .check import rerun_ending
    from .outcome import replay_end
    from .transcript import TranscriptError

    try:
        _, outcome, input_ended = rerun_ending(session, folder)
    except TranscriptError:
        outcome, input_ended = None, False
    return replay_end(session.exit_status, outcome, input_ended)


def the_game(events: Sequence[Event]) -> tuple[list[Event], list[Event]]:
    """A recording split where its game ends: the game, and what the recording
    added after it.  A recording ends its input with an end of input (``«␄»``,
    an input event without text) where the published session simply stopped;
    what follows it (an interpreter's ``BREAK IN 90``, ``OK``) is the
    recording's.  So is what the program printed for the input that never
    came: a new game's start (output since the last line typed that ends with
    the session's opening, its output before the first line typed), else the
    prompt that end answered (the output's last, unfinished line)."""
    from .recording import Event  # here: a replay's game apart, never `retro run`

    ends = [i for i, e in enumerate(events) if e.kind == "in" and not e.text]  # None, or "" read at the end
    if not ends or any(e.kind == "in" for e in events[ends[-1] + 1:]):
        return list(events), []
    cut = ends[-1]
    game, after = list(events[:cut]), list(events[cut:])
    while len(game) > 1 and game[-1].kind == game[-2].kind == "out":  # the output since the last line typed, whole
        last = game.pop()
        game[-1] = Event("out", (game[-1].text or "") + (last.text or ""))
    if not game or game[-1].kind != "out" or not game[-1].text:
        return game, after
    shown = game[-1].text
    opening = "".join(e.text or "" for e in itertools.takewhile(lambda e: e.kind != "in", events))
    if any(e.kind == "in" for e in game) and "\n" in opening and shown.endswith(opening) and shown != opening:
        added = opening
    else:
        added = shown[shown.rfind("\n") + 1:] if "\n" in shown else ""
    if added:
        game[-1] = Event("out", shown[:-len(added)])
        after.insert(0, Event("out", added))
    return game, after


def kept_after(after: Sequence[Event]) -> str:
    """What the recording kept after its game, as the terminal showed it (a
    line typed and its Enter, the end of input as ^D), made safe to show."""
    return visible("".join(_as_typed(e) for e in after))


def _as_typed(event: Event) -> str:
    if event.kind != "in":
        return event.text or ""
    return event.text.removesuffix("\n") + "\n" if event.text else "^D\n"

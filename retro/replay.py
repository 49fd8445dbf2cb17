"""Showing a recorded session as it happened.

The output is written as it was, except that control characters are shown
as text (``^[``, retro.visible): a transcript may come from anyone, and its
text must not drive the terminal (set the title, the clipboard...).  Each
line the user typed appears where it was read, as the terminal echoed it (in
bold on a terminal that allows styling); error output goes to standard error.  ``baud`` paces the characters like a
serial line of the period: ten bits a character.
"""
from __future__ import annotations

import os
import sys
import time
from typing import TYPE_CHECKING, Callable, Optional, TextIO

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


def show(
    session: Transcript,
    *,
    baud: Optional[int] = None,
    out: Optional[TextIO] = None,
    err: Optional[TextIO] = None,
    sleep: Callable[[float], None] = time.sleep,
    before: Callable[[Event], None] = lambda event: None,
) -> None:
    """Write the session's events in order; ``before`` is told of each one
    before it is shown (a cast marks what was typed there)."""
    out = out or sys.stdout
    err = err or sys.stderr
    delay = 10.0 / baud if baud else 0.0

    def emit(stream: TextIO, text: str) -> None:
        if not delay:
            stream.write(text)
            return
        for ch in text:
            stream.write(ch)
            stream.flush()
            sleep(delay)

    for event in session.events:
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

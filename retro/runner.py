"""Running one session of a port: its end, and its record.

Whatever happens inside a port -- its program ends, its runtime fails, the
user presses Ctrl-C, a write fails, or a bug of ours raises -- the session
ends with an exit status (retro/exits.py has the table), the terminal as it
was, and never a Python traceback.  A program that draws on the screen runs
with the terminal in cbreak mode and its echo off (``terminal.keys_unechoed``).
A signal that ends retro (retro.signals) is not a session's end: it passes
on, through every ``finally``.
"""
from __future__ import annotations

from contextlib import nullcontext
from typing import TYPE_CHECKING, Callable, Optional

from .catalog import Options, Program
from .console import Console, ProgramExit
from .crash_reports import as_saved, report_internal_error
from .exits import INTERRUPTED, write_failed
from .terminal import keys_unechoed

if TYPE_CHECKING:
    from .recording import Recorder


def run_session(program: Program, console: Console, options: Options,
                report_told: Callable[[str], str] = as_saved) -> int:
    """Run one session and return its exit status; Ctrl-C gives 130.

    A failure of the port itself (a bug of ours, not of the original) is
    reported in one line, with the details in a file, and gives status 70
    (``report_told``: what the user reads of the file's place).
    """
    try:
        with keys_unechoed() if console.screen else nullcontext():  # the terminal as it was, at the end
            try:
                return program.run(console, options)
            except ProgramExit as done:
                return done.status
            finally:
                try:
                    console.flush()
                except (OSError, ValueError):
                    pass
    except KeyboardInterrupt:
        return INTERRUPTED
    except OSError as error:  # a write that failed: EPIPE gives 141, the others 1 and a message
        return write_failed(error)
    except Exception as error:  # noqa: BLE001  # the last line of defence: a bug of ours, reported
        return report_internal_error(program.id, error, report_told)


def record_session(program: Program, console: Console, options: Options,
                   report_told: Callable[[str], str] = as_saved, most_characters: Optional[int] = None,
                   most_events: Optional[int] = None) -> tuple[int, Recorder]:
    """Run one session (run_session) and keep it as events, within those bounds (``Recorder``)."""
    from .recording import Recorder  # here: `retro run` keeps no events

    recorder = Recorder(console, most_characters, most_events)
    status = run_session(program, recorder, options, report_told)
    return status, recorder

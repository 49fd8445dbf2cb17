"""Running one session of a port: the console it runs on, its end, its record.

Whatever happens inside a port -- its program ends, its runtime fails, the
user presses Ctrl-C, a write fails, or a bug of ours raises -- the session
ends with an exit status (retro/exits.py has the table), the terminal as it
was, and never a Python traceback.  A signal that ends retro (retro.signals)
is not a session's end: it passes on, through every ``finally``.
"""
from __future__ import annotations

import sys
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, Optional

from .catalog import Program
from .console import Console, LineConsole, ProgramExit, Recorder, ScreenConsole
from .crash_reports import report_internal_error as report_internal_error  # re-exported: retro/web/app.py imports it from here
from .exits import INTERRUPTED, write_failed
from .terminal import can_address_cursor, modes_restored, on_terminal, terminal

if TYPE_CHECKING:
    from blessed import Terminal


def stdio_console(*, line_mode: bool = False, program: Optional[Program] = None,
                  options: Optional[dict[str, Any]] = None) -> Console:
    """The console for this process: the screen on a capable terminal, for a
    program that draws on it; a teletype otherwise (a teletype-style port
    needs no screen, and so asks the terminal nothing)."""
    draws = program is None or program.screen_size is not None
    if on_terminal() and not line_mode and draws:
        term = terminal()
        if can_address_cursor(term):
            return terminal_console(term, program, options or {})
    return teletype()


def teletype() -> LineConsole:
    """This process's standard streams as a teletype."""
    return LineConsole(sys.stdin.buffer, sys.stdout.buffer, sys.stderr.buffer)


def terminal_console(term: Terminal, program: Optional[Program], options: dict[str, Any]) -> Console:
    """The screen, if the program's layout fits this terminal; else, after a notice, the teletype."""
    return ScreenConsole(term) if fits(term, program, options) else teletype()


def fits(term: Terminal, program: Optional[Program], options: dict[str, Any]) -> bool:
    """Whether the program's screen layout fits this terminal; if not, say so
    (the program then runs as on a teletype, whose lines the terminal wraps)."""
    if program is None or program.screen_size is None:
        return True
    rows, cols = program.screen_size({**program.defaults(), **options})
    if term.height >= rows and term.width >= cols:
        return True
    term.stream.write(f"[{program.id} draws on {cols}x{rows}; this terminal is {term.width}x{term.height}: "
                      "it runs as on a teletype instead.  Enlarge the terminal for the screen.]\n")
    term.stream.flush()
    return False


def run_session(program: Program, console: Console, options: dict[str, Any]) -> int:
    """Run one session and return its exit status; Ctrl-C gives 130.

    A failure of the port itself (a bug of ours, not of the original) is
    reported in one line, with the details in a file, and gives status 70.
    """
    try:
        with modes_restored() if console.screen else nullcontext():
            try:
                return program.run(console, **options)
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
    except Exception as error:  # the last line of defence: a bug of ours, reported
        return report_internal_error(program.id, error)


def record_session(program: Program, console: Console, options: dict[str, Any]) -> tuple[int, Recorder]:
    """Run one session (run_session) and keep it as events."""
    recorder = Recorder(console)
    status = run_session(program, recorder, options)
    return status, recorder

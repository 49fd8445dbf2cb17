"""Running one session of a port: choosing the console, and ending cleanly.

Whatever happens inside a port -- its program ends, its runtime fails, the
user presses Ctrl-C, a write fails, or a bug of ours raises -- the session
ends with an exit status (retro/exits.py has the table), the terminal as it
was, and never a Python traceback.  A signal that ends retro (retro.signals)
is not a session's end: it passes on, through every ``finally``.
"""
from __future__ import annotations

import os
import sys
import time
import traceback
from contextlib import contextmanager, nullcontext
from typing import Any, Iterator, Optional

from .catalog import Program
from .console import Console, LineConsole, ProgramExit, Recorder, ScreenConsole
from .exits import INTERNAL_ERROR, INTERRUPTED, write_failed


def on_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def terminal(stream=None):
    """A blessed Terminal bound to our stdout (or ``stream``) (blessed defaults
    to sys.__stdout__), that asks the terminal nothing and reads any key.

    blessed 1.5x asks the terminal who it is when it starts (XTGETTCAP, then
    XTVERSION and a cursor report, ``ESC[>q`` ``ESC[6n``) and waits for
    answers that some terminals never give; a late answer would be read as
    the user's first input.  retro needs nothing beyond terminfo, so it asks
    nothing.  A key that is not valid in the terminal's encoding (0xff, or
    a Latin-1 terminal's é) is read as U+FFFD, never an error.
    """
    import codecs
    import inspect
    import os

    # blessed 1.5x waits up to this many seconds per question for terminals
    # that never answer (a bare pty, some emulators); a user's own setting
    # wins.  (Set here, not in retro/__init__, so that nothing runs before
    # retro.launch handles Ctrl-C.)
    os.environ.setdefault("BLESSED_QUERY_TIMEOUT_SECONDS", "0.5")
    import blessed

    kwargs = {}
    if "_xtgettcap_data" in inspect.signature(blessed.Terminal.__init__).parameters:
        try:
            from blessed._capabilities import TermcapResponse  # type: ignore[attr-defined]
        except ImportError:  # pragma: no cover - another layout of blessed
            try:
                from blessed.terminal import TermcapResponse  # type: ignore[attr-defined]
            except ImportError:
                TermcapResponse = None
        if TermcapResponse is not None:
            kwargs["_xtgettcap_data"] = TermcapResponse(supported=False)

    class QuietTerminal(blessed.Terminal):  # type: ignore[misc, valid-type]
        def detect_term_program(self, *args, **kw):  # blessed >= 1.52 asks XTVERSION here
            self.term_program = True
            self._term_program_probed = True
            return True

    # NO_COLOR asks for no colour; blessed takes it as "no control sequences at
    # all", which would leave no fullscreen menu.  retro uses no colour (only
    # reverse video and bold), so blessed does not see NO_COLOR.
    no_color = os.environ.pop("NO_COLOR", None)
    try:
        term = QuietTerminal(stream=stream or sys.stdout, **kwargs)
    finally:
        if no_color is not None:
            os.environ["NO_COLOR"] = no_color
    if hasattr(term, "_keyboard_decoder"):
        term._keyboard_decoder = codecs.getincrementaldecoder(getattr(term, "_encoding", "utf-8"))(errors="replace")
    return term


@contextmanager
def terminal_restored(fd: Optional[int] = None) -> Iterator[None]:
    """Whatever the port did to the terminal's modes, undo it on the way out."""
    saved = None
    try:
        import termios

        fd = sys.stdin.fileno() if fd is None else fd
        if os.isatty(fd):
            saved = termios.tcgetattr(fd)
    except (ImportError, OSError, ValueError):
        saved = None
    try:
        yield
    finally:
        if saved is not None:
            import termios

            try:
                termios.tcsetattr(fd, termios.TCSADRAIN, saved)
            except OSError:
                pass


def can_address_cursor(term) -> bool:
    """Whether we may place text on this terminal.

    TERM=dumb (an Emacs shell, a serial line) says no; blessed would still
    emit xterm sequences for it (kind="dumb" no longer turns styling off).
    An unknown TERM is taken as xterm-256color, as blessed does.
    """
    if os.environ.get("TERM", "dumb") in ("dumb", ""):
        return False
    try:
        return bool(term.move_yx(1, 1)) and term.height > 0 and term.width > 0
    except Exception:  # noqa: BLE001 - a broken terminfo entry is a "no"
        return False


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


def terminal_console(term, program: Optional[Program], options: dict[str, Any]) -> Console:
    """The screen, if the program's layout fits this terminal; else, after a notice, the teletype."""
    return ScreenConsole(term) if fits(term, program, options) else teletype()


def fits(term, program: Optional[Program], options: dict[str, Any]) -> bool:
    """Whether the program's screen layout fits this terminal; if not, say so,
    wrapped, until a key is pressed (the program then runs as on a teletype,
    whose lines the terminal wraps)."""
    if program is None or program.screen_size is None:
        return True
    rows, cols = program.screen_size({**program.defaults(), **options})
    if term.height >= rows and term.width >= cols:
        return True
    from .layout import notice

    notice(term, f"[{program.id} draws on {cols}x{rows}; this terminal is {term.width}x{term.height}: "
                 "it runs as on a teletype instead.  Enlarge the terminal for the screen.]")
    return False


def run_session(program: Program, console: Console, options: dict[str, Any]) -> int:
    """Run one session and return its exit status; Ctrl-C gives 130.

    A failure of the port itself (a bug of ours, not of the original) is
    reported in one line, with the details in a file, and gives status 70.
    """
    try:
        with terminal_restored() if console.screen else nullcontext():
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
    except Exception as error:  # noqa: BLE001 - the last line of defence
        return report_internal_error(program.id, error)


def report_internal_error(where: str, error: BaseException) -> int:
    """One line on standard error; the traceback in a report file (save_report)."""
    details = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    place = save_report(details)
    sys.stderr.write(f"retro: internal error in {where}: {type(error).__name__}: {error} (details: {place})\n")
    return INTERNAL_ERROR


KEEP_REPORTS = 10  # the newest reports kept; older ones are removed as a new one is written


def save_report(details: str) -> str:
    """Write an internal-error report into the user's state folder and keep
    only the last KEEP_REPORTS there; where it went, or why it could not be saved."""
    from .userdirs import reports_folder

    import tempfile

    folder = reports_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, path = tempfile.mkstemp(prefix=f"retro-error-{time.strftime('%Y%m%d-%H%M%S')}-", suffix=".txt",
                                    dir=folder)
        with open(fd, "w", encoding="utf-8", errors="replace") as f:
            f.write(details)
    except OSError as err:
        return f"not saved: {folder}: {err.strerror or err}"
    _prune_reports(folder)
    return path


def _prune_reports(folder) -> None:
    def age(path) -> tuple[float, str]:
        try:
            return (path.stat().st_mtime, path.name)
        except OSError:
            return (0.0, path.name)

    reports = sorted(folder.glob("retro-error-*.txt"), key=age)
    for old in reports[:-KEEP_REPORTS]:
        try:
            old.unlink()
        except OSError:
            pass


def record_session(program: Program, console: Console, options: dict[str, Any]) -> tuple[int, Recorder]:
    recorder = Recorder(console)
    status = run_session(program, recorder, options)
    return status, recorder

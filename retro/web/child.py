"""A session's program, in a process of its own: ``python -m retro.web.child [--data-folder=FOLDER]
ID [VARIANT OPTIONS]``, which is ``retro run`` with a visitor's options and the server's log."""
from __future__ import annotations

from retro import launch  # first: Ctrl-C while retro loads is held (launch's first step)

import fcntl
import os
import signal
import sys
import termios
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from .config import TRANSCRIPT_ENV

if TYPE_CHECKING:
    from retro import catalog
    from retro.catalog import Options
    from retro.console import Console

DATA_FOLDER = "--data-folder="


def parse(argv: list[str]) -> tuple[Optional[Path], str, list[str]]:
    """(the server's data folder, the program's id, the visitor's words)."""
    folder = None
    if argv and argv[0].startswith(DATA_FOLDER):
        folder = Path(argv[0][len(DATA_FOLDER):])
        argv = argv[1:]
    if not argv:
        raise SystemExit("usage: python -m retro.web.child [--data-folder=FOLDER] ID [VARIANT OPTIONS]")
    return folder, argv[0], argv[1:]


def take_terminal() -> None:
    """Standard input's terminal as this session's controlling terminal (the
    server started this process in a session of its own)."""
    try:
        if os.isatty(0):
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    except OSError:
        pass  # already ours, or not allowed: the program runs all the same


def reader_view(console: Console, program: catalog.Program, options: Options) -> Optional[Console]:
    """The page's reader is told the game in words (retro.web.reader_words),
    with the session's token (none: nobody to tell); the console then."""
    from .reader_words import narrate
    from .screen_text import TOKEN_ENV

    token = os.environ.get(TOKEN_ENV)
    if not token:
        return None
    narrate(console, program, options, token)
    return console


def take_home_file(program: catalog.Program) -> Optional[Path]:
    """Where the session's transcript goes for its visitor (retro.web.take_home),
    if the server asks for one and a replay can show the session as it was
    (a drawn screen's program records what it printed: ``Console.printed``)."""
    from .take_home import no_transcript

    path = os.environ.get(TRANSCRIPT_ENV)
    if not path or no_transcript(program) is not None:
        return None
    return Path(path)


def recorded(program: catalog.Program, console: Console, options: Options,
             report_told: Callable[[str], str], keep: Path) -> int:
    """The session run (as ``retro record`` runs it) and its transcript written to
    ``keep``, unless Ctrl-C or a bug of ours ended it (its replay would not end so) or it
    passed a kept transcript's bounds (larger than a transcript is read, or more events
    than TAKE_HOME_TRANSCRIPT_EVENTS: a flood of keys or of tiny writes); its status."""
    from retro import check
    from retro.exits import INTERNAL_ERROR, INTERRUPTED
    from retro.transcript import MAX_BYTES
    from retro.web.config import TAKE_HOME_TRANSCRIPT_EVENTS

    header = {"title": f"Your game of {program.title}", "source": "a visitor's session (retro serve)"}
    status, session = check.bounded_session(program, console, options, program.option_words(options), header,
                                            report_told, MAX_BYTES, TAKE_HOME_TRANSCRIPT_EVENTS)
    if session is not None and status not in (INTERRUPTED, INTERNAL_ERROR):
        try:
            session.save(keep)
        except OSError:
            pass  # nothing to offer: the session itself went well
    return status


def run(argv: list[str]) -> int:
    """``retro run ID [VARIANT OPTIONS]`` (the same console, chosen the same
    way: the screen on a terminal that can address the cursor, a teletype in a
    pipe), but with a visitor's options (``Program.visitor_options``): no
    option may name a file, and the learner uses the server's data folder (or,
    without one, reads its default file and writes nothing); so no message
    names a folder of the server's."""
    import click

    from retro import catalog, outcome, runner, stdio
    from retro.operator_log import report_told

    folder, program_id, words = parse(argv)
    try:
        program = catalog.get(program_id)
        options = program.visitor_options(words, folder)
    except click.ClickException as error:
        error.show()
        return error.exit_code
    console = stdio.stdio_console(program=program, options=options)
    reader = reader_view(console, program, options)
    keep = take_home_file(program)
    if keep is None:
        status = runner.run_session(program, console, options, report_told)  # the report's place: the operator's
    else:
        status = recorded(program, console, options, report_told, keep)
    if reader is not None and console.screen:
        from retro.console.screen import ScreenConsole  # here: a run in a pipe never loads the screen console

        assert isinstance(console, ScreenConsole)
        try:
            console.tell_rows()  # the last screen, for the page's reader
        except OSError:
            pass  # the page is gone: nobody to tell
    outcome.report(console.last_outcome, console.input_ended)  # for the page's end bar (websocket.py)
    return status


def main() -> None:
    """The session: an internal error is said without the place of its report
    (``run``).  On a pseudo-terminal (``retro serve``'s WebSocket
    sessions) it first makes that terminal its controlling terminal, so that
    Ctrl-C typed in the page is SIGINT as on any terminal and the server's
    SIGHUP ends it; Ctrl-Z is ignored (nobody could bring a stopped program
    back).  Its start and end, and its signals, are ``retro``'s own (``launch.command``)."""

    take_terminal()

    def session() -> int:
        if hasattr(signal, "SIGTSTP"):
            signal.signal(signal.SIGTSTP, signal.SIG_IGN)
        return run(sys.argv[1:])

    launch.command(session)


if __name__ == "__main__":
    main()

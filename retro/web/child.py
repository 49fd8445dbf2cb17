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
from typing import Callable, Optional

from retro.web.config import OPERATOR_ENV

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


def tell_operator(details: str) -> str:
    """``crash_reports.save_report`` for a visitor's session: the report is saved as
    ever; its place goes to the server's log (the descriptor named in
    ``RETRO_SERVE_LOG_FD``, which the server passes), and the visitor reads
    only that the operator has it."""
    place = _save_report(details) if _save_report is not None else "not saved"
    try:
        os.write(int(os.environ.get(OPERATOR_ENV, "2")), f"retro serve: a session's internal error; report: {place}\n".encode("utf-8", "replace"))
    except (OSError, ValueError):
        pass
    return "the exhibit's operator has the report"


def run(argv: list[str]) -> int:
    """``retro run ID [VARIANT OPTIONS]`` (the same console, chosen the same
    way: the screen on a terminal that can address the cursor, a teletype in a
    pipe), but with a visitor's options (``Program.visitor_options``): no
    option may name a file, and the learner uses the server's data folder (or,
    without one, reads its default file and writes nothing); so no message
    names a folder of the server's."""
    import click

    from retro import catalog, outcome, runner, stdio

    folder, program_id, words = parse(argv)
    try:
        program = catalog.get(program_id)
        options = program.visitor_options(words, folder)
    except click.ClickException as error:
        error.show()
        return error.exit_code
    console = stdio.stdio_console(program=program, options=options)
    status = runner.run_session(program, console, options)
    outcome.report(console.last_outcome, console.input_ended)  # for the page's end bar (websocket.py)
    return status


def main() -> None:
    """The session: an internal error is said without the place of its report
    (``tell_operator``).  On a pseudo-terminal (``retro serve``'s WebSocket
    sessions) it first makes that terminal its controlling terminal, so that
    Ctrl-C typed in the page is SIGINT as on any terminal and the server's
    SIGHUP ends it; Ctrl-Z is ignored (nobody could bring a stopped program
    back).  Its start and end, and its signals, are ``retro``'s own (``launch.command``)."""
    from retro import crash_reports

    global _save_report
    _save_report = crash_reports.save_report
    crash_reports.save_report = tell_operator  # the one place a report's path is said (report_internal_error)
    take_terminal()

    def session() -> int:
        if hasattr(signal, "SIGTSTP"):
            signal.signal(signal.SIGTSTP, signal.SIG_IGN)
        return run(sys.argv[1:])

    launch.command(session)


_save_report: Optional[Callable[[str], str]] = None  # crash_reports.save_report, kept by main()

if __name__ == "__main__":
    main()

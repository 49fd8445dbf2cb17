"""One session's program run to its end in the visitor's browser, as
``retro serve``'s session process (retro.web.child) runs it on a pty: the same
console chosen the same way (a program that draws gets the screen, the others
the teletype), the drawn screen's rows told to the page's reader, the session
recorded for its visitor; and its end said with the same message
(retro.web.exit_message)."""
from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any, BinaryIO, Callable, Optional, TextIO, cast

import click

from .. import catalog, runner
from ..console import Console, LineConsole
from ..crash_reports import report_internal_error
from ..exits import INTERNAL_ERROR, INTERRUPTED
from ..screen.line import TerminalLine
from ..signals import Terminated
from ..web.exit_message import exit_frame
from .keys import CanonicalInput, PageKeyboard, PageKeys
from .output import PageOutput, PageText
from .page import Page
from .xterm import XtermTerminal

TAPE_LIMIT = 1 << 20  # characters of a visitor's cast (retro.web.pty_cast), as retro serve keeps
SOURCE = "retro site's page, as it showed it"  # a visitor's cast's source (retro serve's: its own page)
NOT_HOME = ("This program learns from a store of games kept in this browser, which a replay elsewhere "
            "would not have: your game goes home as a recording only.")
STOPPED = ("A game stopped by Ctrl-C has no transcript (a replay cannot stop the same way): "
           "it goes home as a recording only.")


def page_console(page: Page, program: catalog.Program, options: catalog.Options,
                 output: PageOutput) -> Console:
    """The console of a session on the page's terminal: the screen for a
    program that draws (the page gives it the size it draws on), else the
    teletype, its prose wrapped at the terminal's width as on a terminal."""
    if program.screen_size is not None:
        from ..console.screen import ScreenConsole  # here: a teletype never loads the screen console

        keys = PageKeys(page)
        term: Any = XtermTerminal(cast(TextIO, PageText(output)), page, keys)  # in blessed's Terminal's place
        return ScreenConsole(term, stderr=cast(BinaryIO, output), needs=program.screen_size(options),
                             keyboard=PageKeyboard(keys), errors_on_terminal=True)
    line = TerminalLine((lambda: page.size()[1]) if program.wraps_words else None)
    stream = cast(BinaryIO, output)  # the few parts of a binary stream a console writes to
    return LineConsole(CanonicalInput(page, output.echoed), stream, stream,
                       input_kind="tty", output_kind="tty", terminal=line, errors_on_terminal=True)


def told_in_console(place: str) -> str:
    """An internal error's report: where the visitor reads it (the worker's console has the traceback)."""
    return "the browser's console has the report"


def run(page: Page, program_id: str, words: list[str], folder: str, keep: bool = True,
        token: Optional[str] = None) -> dict[str, Any]:
    """Run ``program_id`` with the visitor's ``words`` on the page's terminal,
    its files in ``folder`` (the browser's storage); the session's last
    message, with the visitor's game (``take_home``: its transcript and cast
    as text) when ``keep``.  With the session's ``token`` (the page was given
    it), the page's reader is told the game in words, as on retro serve."""
    try:
        program = catalog.get(program_id)
        options = program.browser_options(words, Path(folder))
    except click.ClickException as error:
        return {"type": "refused", "text": error.format_message()}
    tape = _tape(page, program) if keep else None
    output = PageOutput(page, tape.output if tape is not None else None)
    console = page_console(_Keyed(page, tape.keys) if tape is not None else page, program, options, output)
    if token:
        from ..web.reader_words import narrate

        narrate(console, program, options, token)
    transcript_text = None
    try:
        if keep and program.for_browser is None:
            transcript_text, status = _recorded(program, console, options)
        else:
            status = runner.run_session(program, console, options, _told(program))
    except Terminated as ended:  # Ctrl-\: SIGQUIT, as on a pty
        status = ended.status
    if console.screen:
        console.tell_rows()  # type: ignore[attr-defined]  # the last screen, for the page's reader
    frame = exit_frame(status, "", program, console.last_outcome, console.input_ended)
    if tape is not None and status != INTERNAL_ERROR:
        frame["take_home"] = _take_home(program, status, transcript_text, tape)
    return frame


def _told(program: catalog.Program) -> Callable[[str], str]:
    return told_in_console


def _recorded(program: catalog.Program, console: Console, options: catalog.Options) -> tuple[Optional[str], int]:
    """The session run as ``retro record`` runs it; its transcript's text (None
    if Ctrl-C or a bug of ours ended it: its replay would not end so)."""
    from .. import check

    header = {"title": f"Your game of {program.title}", "source": "a visitor's session (retro site)"}
    session = check.session(program, console, options, program.option_words(options), header, told_in_console)
    if session.exit_status in (INTERRUPTED, INTERNAL_ERROR):
        return None, session.exit_status
    return session.render(), session.exit_status


def _tape(page: Page, program: catalog.Program) -> Any:
    from ..web.pty_cast import PtyTape

    rows, cols = page.size()
    return PtyTape(cols, rows, TAPE_LIMIT, source=SOURCE)


def _take_home(program: catalog.Program, status: int, transcript_text: Optional[str], tape: Any) -> dict[str, Any]:
    """The visitor's game as the page offers it (takehome.js): its forms as text, and why one is missing."""
    cast = tape.cast(program, status)
    offered: dict[str, Any] = {"name": f"retro-{program.id}"}
    if transcript_text is not None:
        offered["transcript"] = transcript_text
    if cast is not None:
        offered["cast"] = cast.v2()
    why = NOT_HOME if program.for_browser is not None else STOPPED if status == INTERRUPTED else None
    offered["words"] = "Your game is kept in this page until you start another or leave it." + (f" {why}" if why and cast else "")
    return offered


class _Keyed:
    """The page, the visitor's keys also put on the cast's tape."""

    def __init__(self, page: Page, keys: Callable[[bytes], None]):
        self._page = page
        self._keys = keys
        self.write, self.size, self.sleep = page.write, page.size, page.sleep

    def keys(self, timeout: Optional[float]) -> bytes:
        typed = self._page.keys(timeout)
        if typed:
            self._keys(typed)
        return typed


def report(error: BaseException) -> None:
    """A bug of ours outside the program's run: its traceback for the browser's console."""
    traceback.print_exception(error)
    report_internal_error("retro site", error, told_in_console)

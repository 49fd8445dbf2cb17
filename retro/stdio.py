"""The console of this process's standard streams: the screen on a terminal
that can show the program, a teletype otherwise."""
from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any, Optional

from .catalog import Options, Program
from .console import Console, LineConsole
from .terminal import can_address_cursor, on_terminal, terminal

if TYPE_CHECKING:
    from blessed import Terminal


def stdio_console(*, line_mode: bool = False, program: Optional[Program] = None,
                  options: Optional[Options] = None) -> Console:
    """The console for this process: the screen on a capable terminal, for a
    program that draws on it; a teletype otherwise (a teletype-style port
    needs no screen, and so asks the terminal nothing)."""
    draws = program is None or program.screen_size is not None
    if on_terminal() and not line_mode and draws:
        term = terminal()
        if can_address_cursor(term):
            return terminal_console(term, program, options)
    return teletype(program)


def teletype(program: Optional[Program] = None) -> LineConsole:
    """This process's standard streams as a teletype.  On a terminal it
    follows the column it writes at, and wraps a program's own prose at
    word boundaries (``Program.wraps_words``); in a pipe it writes exactly
    the bytes it is given."""
    line = None
    if _is_terminal(sys.stdout):
        from .screen.line import TerminalLine  # here: in a pipe the column is nobody's concern

        wraps = program is not None and program.wraps_words
        line = TerminalLine(_width if wraps else None)
    return LineConsole(sys.stdin.buffer, sys.stdout.buffer, sys.stderr.buffer, terminal=line,
                       errors_on_terminal=_is_terminal(sys.stderr))


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False


def _width() -> int:
    """Standard output's terminal's width now (it may have been resized)."""
    try:
        return os.get_terminal_size(sys.stdout.fileno()).columns
    except (OSError, ValueError):
        return 0


def terminal_console(term: Terminal, program: Optional[Program], options: Optional[Options]) -> Console:
    """The screen, if the program's layout fits this terminal; else, after a
    notice, the teletype.  A program that writes as on a teletype gets the
    teletype, as ``retro run`` gives it (the menu's too)."""
    if program is not None and program.screen_size is None:
        return teletype(program)
    if not fits(term, program, options):
        return teletype(program)
    from .console.screen import ScreenConsole  # here: a run in a pipe never loads the screen console

    return ScreenConsole(term, needs=_needs(program, options))


def _needs(program: Optional[Program], options: Optional[Options]) -> Optional[tuple[int, int]]:
    """The (rows, columns) the program draws on with these options (None: its
    defaults); None: it draws on no screen."""
    if program is None or program.screen_size is None:
        return None
    return program.screen_size(options if options is not None else program.defaults())


def fits(term: Terminal, program: Optional[Program], options: Optional[Options]) -> bool:
    """Whether the program's screen layout fits this terminal; if not, say so,
    wrapped, until a key is pressed (the program then runs as on a teletype,
    whose lines the terminal wraps)."""
    needs = _needs(program, options)
    if program is None or needs is None:
        return True
    rows, cols = needs
    if term.height >= rows and term.width >= cols:
        return True
    from .screen.notice import notice

    notice(term, f"[{program.id} draws on {cols}x{rows}; this terminal is {term.width}x{term.height}: "
                 "it runs as on a teletype instead.  Enlarge the terminal for the screen.]", keep_typed_ahead=True)
    return False

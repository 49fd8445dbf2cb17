"""The screen console: a real terminal through blessed, for a program that draws
on it (cursor addressing, clearing, scrolling, single keys, line input echoed)."""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, BinaryIO, Callable, Optional

from ..screen.rows import ScreenRows
from ..screen.wrap import fold_lines, wrap
from .editing import CanonicalEcho, edit_line
from .interface import Console, StreamKind, decode, encode, stream_kind
from .keyboard import Keyboard, TerminalKeyboard
from .keys import KeyLoop, key_name

if TYPE_CHECKING:
    from blessed import Terminal

class ScreenConsole(Console):
    """A real terminal, through blessed.

    A program on a screen runs with the terminal in cbreak mode and its echo
    off, from its start to its end (the runner: ``terminal.keys_unechoed``),
    so that keys typed while it draws are never drawn by the terminal in the
    middle of its picture.  Line input is then edited and echoed here, as the
    terminal's canonical mode would (retro.console.editing), but when the
    program reads the line, not when the keys arrive; a program that keeps
    its own picture of the screen takes that echo (``echo_with``).  In
    canonical mode (the console used outside a session) the terminal edits
    and echoes as ever.  ``read_key`` reads one key in cbreak mode.  The
    blessed terminal must be built with its stream given explicitly
    (blessed's default is ``sys.__stdout__``).

    Everything drawn goes through one model of the screen's rows
    (retro.screen.rows), so that the screen can be drawn again whole at
    any moment.  While a key is awaited the console looks at the terminal:
    resized, or given back after Ctrl-Z and ``fg``, or Ctrl-L typed, the
    screen is drawn again whole at its size now -- laid out again by the
    program, if it said how (``redraw_with``), else its rows as they were.
    A terminal smaller than the program ``needs`` (rows, columns) says so,
    and reads no key (keys typed meanwhile wait) until it has grown.

    The keys come from standard input's terminal, or from the ``keyboard``
    given (retro.console.keyboard); ``term`` is blessed's Terminal, or
    anything that offers the few of its parts used here (the visitor's
    browser: retro.browser.xterm).
    """

    interactive = True
    screen = True
    input_kind: StreamKind = "tty"
    output_kind: StreamKind = "tty"

    def __init__(self, term: Terminal, stdin_fd: Optional[int] = None, stderr: Optional[BinaryIO] = None,
                 needs: Optional[tuple[int, int]] = None, *, keyboard: Optional[Keyboard] = None,
                 errors_on_terminal: Optional[bool] = None):
        self.term = term
        self._needs = needs
        self._keyboard = keyboard or TerminalKeyboard(sys.stdin.fileno() if stdin_fd is None else stdin_fd)
        self._err = stderr if stderr is not None else sys.stderr.buffer
        # messages folded at words, as retro's own are, when they reach the terminal
        self._errors_on_terminal = (stream_kind(self._err) == "tty" if errors_on_terminal is None
                                    else errors_on_terminal)
        self._keys = KeyLoop(term, self._keyboard.fd, self.redraw, ready=lambda: not self._small)
        self._keys.drawn()  # the program draws first
        self._typed = self._keyboard.typed(self._keys.idle)
        self._layout: Optional[Callable[[], None]] = None  # the program's own, to lay the screen out again
        self._small = False  # the terminal is smaller than the program needs: a notice shows
        self._draw: Optional[Callable[[str], None]] = None  # who draws the echo (echo_with)
        self._echoed = CanonicalEcho()  # the echo, when this console shows it
        self._rows = ScreenRows()  # what the screen shows: drawn again whole at will (repaint), and for finish_line
        self._told: Optional[tuple[list[str], int]] = None  # the rows and cursor last told

    def tell_rows(self) -> None:
        """The screen's rows as a reader reads them (``ScreenRows.read``) and
        the cursor's row, told to the ``narrator`` (retro serve's text view
        for a screen reader), if they changed since they were last: called
        whenever a key or a line is awaited, and at the end."""
        if self.narrator is None or self._rows.cursor is None:
            return
        now = self._rows.read(self.size()[0])
        if now != self._told:
            self._told = now
            self.narrator.rows(*now)

    def tell(self, text: str) -> None:
        self._emit(text)

    def _emit(self, text: str) -> None:
        self.term.stream.write(text)
        self.term.stream.flush()

    def write(self, text: str) -> None:
        self._rows.written(text, self.term.height, self.term.width)
        self._emit(text)

    def write_err(self, text: str) -> None:
        if self._errors_on_terminal:
            text = fold_lines(text, self.term.width)
        self._rows.written(text, self.term.height, self.term.width)
        self.term.stream.flush()
        self._err.write(encode(text))
        self._err.flush()

    def echo_with(self, draw: Optional[Callable[[str], None]]) -> bool:
        """``draw`` is handed, as the line input reads them, the characters
        typed (control characters as they are), ``"\\b"`` for each one erased
        and ``"\\n"`` for the line's end; without it they are echoed on the
        terminal as its canonical mode echoes them (``^X`` for a control
        character)."""
        self._draw = draw
        self._echoed.reset()
        return True

    def _echo(self, text: str) -> None:
        if self._draw is not None:
            self._draw(text)
        else:
            self._emit(self._echoed.shown(text))

    def redraw_with(self, draw: Optional[Callable[[], None]]) -> None:
        self._layout = draw

    def redraw(self) -> None:
        """The whole screen again, at the terminal's size now (or, if that is
        too small for the program, a notice saying so, outside the model)."""
        self._keys.drawn()
        height, width = self.size()
        needs = self._needs
        self._small = needs is not None and (height < needs[0] or width < needs[1])
        if needs is not None and self._small:
            said = (f"This terminal is {width}x{height}; the program draws on {needs[1]}x{needs[0]}. "
                    "Enlarge the terminal: the program goes on where it was.")
            rows = wrap(said, width)[:height]
            self._emit(self.term.home + self.term.clear
                       + "".join(self.term.move_yx(row, 0) + text for row, text in enumerate(rows)))
        elif self._layout is not None:
            self._layout()
            self.term.stream.flush()
        else:
            self.repaint()

    def read_line(self) -> Optional[str]:
        """One line: edited and echoed here in cbreak mode (a screen
        program's run), by the terminal in canonical mode; ``None`` at the end
        of input (Ctrl-D at the start of a line, or a terminal hung up)."""
        self.tell_rows()
        self.term.stream.flush()
        if self._keyboard.edits_lines():
            line = edit_line(self._typed, self._keyboard.special_keys(), self._echo, self.redraw)
            self.input_ended = self.input_ended or line is None
            return line
        data = self._typed.line()
        if data is None:
            self.input_ended = True
            return None
        if self._draw is not None:  # the terminal echoed it: the drawer draws it too
            self._draw(decode(data))
        return decode(data)

    def flush(self) -> None:
        self.term.stream.flush()

    def size(self) -> tuple[int, int]:
        return (self.term.height, self.term.width)

    def clear(self) -> None:
        self._rows.cleared()
        self._emit(self.term.home + self.term.clear)

    def scroll(self, rows: int) -> None:
        """New lines at the bottom row: the terminal scrolls, and the rows
        that leave its top go into its scrollback (as on any terminal)."""
        if rows > 0:
            self._rows.scrolled(rows)
            self._emit(self.term.move_yx(self.size()[0] - 1, 0) + "\n" * rows)

    def place(self, row: int, col: int, text: str, folded: bool = False, pointing: bool = False) -> None:
        self._rows.placed(row, col, text, self.term.width, folded=folded, pointing=pointing)
        self._emit(self.term.move_yx(row, col) + text)

    def shown(self) -> list[str]:
        return self._rows.text(self.size()[0])

    def repaint(self) -> None:
        """The whole screen drawn again, from what the program drew, at the terminal's size now."""
        self._emit(self._rows.paint(self.term))

    def finish_line(self) -> None:
        """Below the last row that shows text (the screen scrolled by one if that is its last)."""
        row = self._rows.below()
        if row is None:
            return
        height = self.term.height
        self._emit(self.term.move_yx(height - 1, 0) + "\n" if row >= height else self.term.move_yx(row, 0))

    def read_key(self) -> Optional[str]:
        """One key: a printable character or a name from KEY_NAMES; None on
        Ctrl-D or a terminal hung up.  Ctrl-L, and the terminal resized or
        given back after ``fg`` meanwhile, have the screen drawn again
        (``redraw``: retro.console.keys)."""
        self.tell_rows()
        self.term.stream.flush()
        with self._keyboard.cbreak():
            key = self._keys.key()
        name = None if key is None else key_name(key)
        self.input_ended = self.input_ended or name is None
        return name

    def discard_typed_ahead(self) -> None:
        """The keys typed and not read: what was read of them here, and the keyboard's."""
        self._typed.discard()
        self._keyboard.drop_typed_ahead(self.term)

"""The console as a program sees it: the one I/O surface a port uses, whatever
the backend (a teletype over streams, a screen), with the text it carries."""
from __future__ import annotations

import io
import os
import stat
import time
from typing import BinaryIO, Callable, Literal, Optional, Protocol

from ..outcome import Outcome
from ..squares import Marks

ENCODING = "utf-8"
ERRORS = "surrogateescape"

StreamKind = Literal["tty", "pipe", "file"]


class InputStream(Protocol):
    """What a teletype reads its input from: any binary stream (a pipe, a
    file, a BytesIO) offers this."""

    def readline(self, size: int = -1, /) -> bytes: ...


def stream_kind(stream: InputStream | BinaryIO) -> StreamKind:
    """What the original's runtime would have found at the other end of a stream.

    Runtimes buffer differently for each: libgfortran, for instance, buffers
    only regular files (io/unix.c, fd_to_stream).  Streams without a file
    descriptor (tests, transcripts) count as pipes.
    """
    if not isinstance(stream, io.IOBase):
        return "pipe"
    try:
        fd = stream.fileno()
    except (OSError, ValueError):  # a stream in memory (io.UnsupportedOperation)
        return "pipe"
    try:
        if os.isatty(fd):
            return "tty"
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return "file"
    except OSError:
        pass
    return "pipe"


def encode(text: str) -> bytes:
    return text.encode(ENCODING, ERRORS)


def decode(data: bytes) -> str:
    return data.decode(ENCODING, ERRORS)


class ProgramExit(Exception):
    """The program ends with an exit status (a STOP, a runtime error, an END)."""

    def __init__(self, status: int = 0):
        super().__init__(status)
        self.status = status


class Narrator(Protocol):
    """Who tells a reader the game in words, beside the program's own text
    (retro serve's page for a screen reader: retro.web.reader_words); nobody
    in a pipe, where the bytes are the original's alone."""

    def rows(self, rows: list[str], cursor: int) -> None:
        """A drawn screen's rows (top to bottom) as a reader reads them (a text
        folded onto several rows one, no pointer: ``Console.place``) and the
        cursor's row among them, changed."""

    def ended(self, outcome: Outcome) -> None:
        """A game ended so (``Console.game_over``)."""

    def board(self, marks: Marks) -> None:
        """The board after a move (``Console.board_now``)."""

    def pointing(self, line: int, place: int, starts: bool = False) -> None:
        """The player's cursor is on this square (``Console.cursor_on``);
        ``starts``: it starts there (a move first asked), not moved there."""


class Console:
    """The interface every backend offers; a port uses nothing else.

    ``read_line`` returns the line with its ``"\\n"`` when it had one, and
    ``None`` at end of input.  ``interactive`` is true when a person types the
    input as the program runs (a terminal); ``input_kind``/``output_kind`` say
    whether a stream is a terminal, a pipe or a regular file, for the dialects
    whose runtime buffered differently for each.
    """

    interactive: bool = False
    screen: bool = False
    input_kind: StreamKind = "pipe"
    output_kind: StreamKind = "pipe"
    # How the session went, for whoever started it (the menu, the web page):
    # the last game's result as the port declared it, and whether a read
    # met the end of input.
    last_outcome: Optional[Outcome] = None
    input_ended: bool = False
    narrator: Optional[Narrator] = None  # who tells a reader the game in words, if anyone

    def game_over(self, outcome: Outcome) -> None:
        """The port says how a game ended, where its original announces it
        (the runtime's words: retro.outcome).  Nothing is written, but to a
        reader (``narrator``)."""
        self.last_outcome = outcome
        if self.narrator is not None:
            self.narrator.ended(outcome)

    def board_now(self, marks: Marks) -> None:
        """The port says whose mark each square holds, after a move (its
        lines of squares, as ``Program.squares`` names them).  Nothing is
        written, but to a reader (``narrator``), who says the move."""
        if self.narrator is not None:
            self.narrator.board(marks)

    def cursor_on(self, line: int, place: int, starts: bool = False) -> None:
        """The port's cursor moved to this square (from 0), or ``starts``
        there (a game's first move asked).  Nothing is written, but to a
        reader (``narrator``)."""
        if self.narrator is not None:
            self.narrator.pointing(line, place, starts)

    def tell(self, text: str) -> None:
        """Retro's own sequence for whoever shows this terminal (the page's
        reader: retro.web.screen_text), written among the program's bytes as
        they are, outside the program's text (no column moves, nothing
        recorded).  Only a console on a terminal has anyone to tell."""

    def write(self, text: str) -> None:
        raise NotImplementedError

    def printed(self, text: str) -> None:
        """A program that draws its own screen printed ``text`` (and drew it
        itself): what it would have written on a teletype.  Nothing is shown
        (a Recorder keeps it, so that a drawn session replays as a teletype's)."""

    def write_err(self, text: str) -> None:
        raise NotImplementedError

    def read_line(self) -> Optional[str]:
        raise NotImplementedError

    def read_chunk(self, size: int) -> Optional[str]:
        """At most ``size`` bytes of input, up to and including a line break;
        the rest of a longer line is left for the next read.  None at end of input."""
        return self.read_line()

    def input_ready(self) -> bool:
        """Whether a read would find input without waiting (as read(2) on a
        pipe returns what is there).  By default all input is there already
        (a transcript, a test, a file)."""
        return True

    def flush(self) -> None:
        """Make everything written so far visible."""

    def pause(self, seconds: float) -> None:
        """Wait as long as the original took to think (``--period-timing``)."""
        time.sleep(seconds)

    def echo_with(self, draw: Optional[Callable[[str], None]]) -> bool:
        """Hand what line input echoes to ``draw`` (a program that keeps its
        own picture of the screen draws it there), or give it back to the
        console (None).  True if this console will: a screen's, which echoes
        a line as it reads it (``ScreenConsole.read_line``); False for one
        whose input nobody echoes (a pipe) or the terminal echoes itself."""
        return False

    def redraw_with(self, draw: Optional[Callable[[], None]]) -> None:
        """Have ``draw`` lay the whole screen out again, at the terminal's
        size now, whenever it must be drawn again (the terminal resized,
        given back after Ctrl-Z and ``fg``, Ctrl-L); None: the screen's rows
        are drawn again as they were.  Only a screen's console has any."""

    # -- screen only -------------------------------------------------------
    def size(self) -> tuple[int, int]:
        """(rows, columns) of the screen."""
        return (24, 80)

    def clear(self) -> None:
        raise NotImplementedError("this console has no screen")

    def scroll(self, rows: int) -> None:
        """Scroll the whole screen up by ``rows``: its top rows leave it, into
        the terminal's scrollback, and blank rows come in at the bottom."""
        raise NotImplementedError("this console has no screen")

    def place(self, row: int, col: int, text: str, folded: bool = False, pointing: bool = False) -> None:
        """``text`` drawn at (``row``, ``col``).  For a reader (``Narrator.rows``):
        ``folded``, a row drawn from its start carries on the text of the row
        above, folded there at a word (the two are read as one); ``pointing``,
        the text is the port's pointer over a square (said in words:
        ``cursor_on``), and a reader reads what it covers."""
        raise NotImplementedError("this console has no screen")

    def shown(self) -> list[str]:
        """The screen's rows as drawn on it, top to bottom, each without its
        trailing blanks (the screen console's one model of them: retro.screen.rows)."""
        raise NotImplementedError("this console has no screen")

    def read_key(self) -> Optional[str]:
        raise NotImplementedError("this console has no screen")

    def discard_typed_ahead(self) -> None:
        """Forget the keys typed and not read yet, before a question they
        cannot have been meant for (a screen's board, shown after a Y/N
        answer).  Only a terminal has any: elsewhere input is data, all kept."""

    def finish_line(self) -> None:
        """At the end of a session on a terminal: the cursor at the start of a
        fresh line, below what the program left, for whatever comes next (the
        shell's prompt).  Nothing elsewhere: a pipe's bytes are the original's."""

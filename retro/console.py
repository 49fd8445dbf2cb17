"""The console: the only I/O surface a port uses.

A port writes text, reads lines and, on a screen, places text and reads keys,
always through a console handed to it.  Two backends:

* ``LineConsole`` -- a teletype over byte streams: pipes, files, transcripts and
  tests.  It writes exactly the bytes it is given (no echo, no colour, no
  cursor codes) and reads one line at a time.
* ``ScreenConsole`` -- a real terminal through blessed, for a program that
  draws on it: cursor addressing, clearing, scrolling and single keys, the
  terminal in cbreak mode with its echo off for the whole run (so that keys
  typed while the program draws are never drawn into its picture), and line
  input edited and echoed as canonical mode does, when the program reads it.

Text is ``str``; bytes that are not UTF-8 travel through as lone surrogates
(``surrogateescape``) so that a port sees, and writes back, exactly the bytes
of the original stream.

``Recorder`` wraps any console and keeps the session as a list of events,
which is what transcripts are made of.
"""
from __future__ import annotations

import io
import os
import stat
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import (TYPE_CHECKING, BinaryIO, Callable, Iterable, Iterator, Literal, Optional, Protocol,
                    runtime_checkable)

from .layout import ScreenRows, TerminalLine, fold_lines
from .terminal import cbreak, in_cbreak

if TYPE_CHECKING:
    from blessed import Terminal
    from blessed.keyboard import Keystroke

ENCODING = "utf-8"
ERRORS = "surrogateescape"

# The longest line a port is handed whole (bytes).  No original held more:
# Altair BASIC's buffer has 72 characters, the C game's fgets 80; gfortran,
# perl and Pascal compare the first few characters.  What follows on the same
# line is read and dropped, so that endless input without a line break
# (``< /dev/zero``) costs time, never memory.  C's and Fortran's stdio take
# a line piece by piece instead (``read_chunk``), as their buffers did.
MAX_LINE = 1 << 20

StreamKind = Literal["tty", "pipe", "file"]


class InputStream(Protocol):
    """What a teletype reads its input from: any binary stream (a pipe, a
    file, a BytesIO) offers this."""

    def readline(self, size: int = -1, /) -> bytes: ...


@runtime_checkable
class LiveInput(InputStream, Protocol):
    """An input stream that also knows whether a line is there now, and
    pauses in a way that its end can cut short (retro serve's: the web
    page's keys arrive as the program runs)."""

    def ready(self) -> bool: ...

    def sleep(self, seconds: float) -> None: ...


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

    def write(self, text: str) -> None:
        raise NotImplementedError

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

    def place(self, row: int, col: int, text: str) -> None:
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


class LineConsole(Console):
    """A teletype over byte streams: what a pipe, a file or a test sees."""

    def __init__(
        self,
        stdin: InputStream,
        stdout: BinaryIO,
        stderr: BinaryIO,
        *,
        input_kind: Optional[StreamKind] = None,
        output_kind: Optional[StreamKind] = None,
        terminal: Optional[TerminalLine] = None,
        errors_on_terminal: bool = False,
    ):
        self._in = stdin
        self._live = stdin if isinstance(stdin, LiveInput) else None
        self._out = stdout
        self._err = stderr
        self.input_kind = input_kind or stream_kind(stdin)
        self.output_kind = output_kind or stream_kind(stdout)
        # On a terminal only (retro.stdio): the column followed, the text perhaps wrapped.
        self._terminal = terminal
        self._errors_on_terminal = terminal is not None and errors_on_terminal

    @classmethod
    def from_bytes(cls, data: bytes, *, input_kind: Optional[StreamKind] = None,
                   output_kind: Optional[StreamKind] = None) -> LineConsole:
        """A console reading ``data`` and writing into memory (tests, checks)."""
        return cls(io.BytesIO(data), io.BytesIO(), io.BytesIO(), input_kind=input_kind, output_kind=output_kind)

    @classmethod
    def from_lines(cls, lines: Iterable[str], *, input_kind: Optional[StreamKind] = None,
                   output_kind: Optional[StreamKind] = None) -> LineConsole:
        return cls.from_bytes(encode("".join(line + "\n" for line in lines)),
                              input_kind=input_kind, output_kind=output_kind)

    def write(self, text: str) -> None:
        if self._terminal is not None:
            text = self._terminal.text(text)
        self._out.write(encode(text))
        self._out.flush()

    def write_err(self, text: str) -> None:
        if self._errors_on_terminal and self._terminal is not None:
            text = self._terminal.text(text)
        self._err.write(encode(text))
        self._err.flush()

    def read_line(self) -> Optional[str]:
        """The next line (at most MAX_LINE bytes of it: the rest is dropped)."""
        with self._reading():
            data = self._in.readline(MAX_LINE)
            if data and not data.endswith(b"\n"):
                while True:  # a line longer than MAX_LINE: read past the rest of it
                    more = self._in.readline(1 << 16)
                    if not more or more.endswith(b"\n"):
                        data += more[-1:] if more.endswith(b"\n") else b""
                        break
        return self._read(decode(data) if data else None)

    def read_chunk(self, size: int) -> Optional[str]:
        with self._reading():
            data = self._in.readline(max(1, size))
        return self._read(decode(data) if data else None)

    @contextmanager
    def _reading(self) -> Iterator[None]:
        try:
            yield
        except KeyboardInterrupt:
            if self._terminal is not None:
                self._terminal.interrupted()
            raise

    def _read(self, line: Optional[str]) -> Optional[str]:
        if self._terminal is not None:
            self._terminal.read(line)
        return line

    def finish_line(self) -> None:
        if self._terminal is not None:
            self._out.write(encode(self._terminal.fresh_line()))
            self._out.flush()

    def input_ready(self) -> bool:
        return self._live.ready() if self._live is not None else True

    def pause(self, seconds: float) -> None:
        if self._live is not None:
            self._live.sleep(seconds)
        else:
            time.sleep(seconds)

    def flush(self) -> None:
        self._out.flush()
        self._err.flush()

    # Captured output, for consoles made by from_bytes/from_lines.
    def output(self) -> str:
        return decode(_captured(self._out))

    def errors(self) -> str:
        return decode(_captured(self._err))


def _captured(stream: BinaryIO) -> bytes:
    if not isinstance(stream, io.BytesIO):
        raise TypeError("this console writes to a stream, not into memory (LineConsole.from_bytes)")
    return stream.getvalue()


# Key names that read_key returns besides printable characters.
KEY_NAMES = {
    "KEY_UP": "up",
    "KEY_DOWN": "down",
    "KEY_LEFT": "left",
    "KEY_RIGHT": "right",
    "KEY_ENTER": "enter",
    "KEY_BACKSPACE": "backspace",
    "KEY_DELETE": "backspace",
    "KEY_ESCAPE": "escape",
    "KEY_HOME": "home",
    "KEY_END": "end",
    "KEY_PGUP": "pageup",
    "KEY_PGDOWN": "pagedown",
    "KEY_TAB": "tab",
}


class ScreenConsole(Console):
    """A real terminal, through blessed.

    A program on a screen runs with the terminal in cbreak mode and its echo
    off, from its start to its end (the runner: ``terminal.keys_unechoed``),
    so that keys typed while it draws are never drawn by the terminal in the
    middle of its picture.  Line input is then edited and echoed here, as the
    terminal's canonical mode would (its erase, kill and word-erase keys;
    Ctrl-D at a line's start is the end of input; Ctrl-C interrupts), but
    when the program reads the line, not when the keys arrive; a program
    that keeps its own picture of the screen takes that echo (``echo_with``).
    In canonical mode (the console used outside a session) the terminal
    edits and echoes as ever.  ``read_key`` reads one key in cbreak mode.
    The blessed terminal must be built with its stream given explicitly
    (blessed's default is ``sys.__stdout__``).
    """

    interactive = True
    screen = True
    input_kind: StreamKind = "tty"
    output_kind: StreamKind = "tty"

    def __init__(self, term: Terminal, stdin_fd: Optional[int] = None, stderr: Optional[BinaryIO] = None):
        self.term = term
        self._fd = sys.stdin.fileno() if stdin_fd is None else stdin_fd
        self._err = stderr if stderr is not None else sys.stderr.buffer
        self._errors_on_terminal = stream_kind(self._err) == "tty"  # messages folded at words, as retro's own are
        self._pending = b""  # read from the terminal, not yet taken by a line
        self._draw: Optional[Callable[[str], None]] = None  # who draws the echo (echo_with)
        self._echoed: list[int] = []  # the width of each character this console echoed on the line
        self._rows = ScreenRows()  # for finish_line

    def _emit(self, text: str) -> None:
        self.term.stream.write(text)
        self.term.stream.flush()

    def write(self, text: str) -> None:
        self._rows.written(text, self.term.height)
        self._emit(text)

    def write_err(self, text: str) -> None:
        if self._errors_on_terminal:
            text = fold_lines(text, self.term.width)
        self._rows.written(text, self.term.height)
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
        self._echoed.clear()
        return True

    def _echo(self, text: str) -> None:
        if self._draw is not None:
            self._draw(text)
            return
        shown = []
        for ch in text:
            if ch == "\b":
                shown.append("\b \b" * (self._echoed.pop() if self._echoed else 0))
            elif ch == "\n":
                self._echoed.clear()
                shown.append("\r\n")
            elif ch < " " or ch == "\x7f":
                self._echoed.append(2)
                shown.append("^" + chr(ord(ch) ^ 0x40))
            else:
                self._echoed.append(1)
                shown.append(ch)
        self._emit("".join(shown))

    def read_line(self) -> Optional[str]:
        """One line: edited and echoed here in cbreak mode (a screen
        program's run), by the terminal in canonical mode; ``None`` at the end
        of input (Ctrl-D at the start of a line, or a terminal hung up)."""
        self.term.stream.flush()
        if in_cbreak(self._fd):
            return self._edit_line()
        while b"\n" not in self._pending:
            chunk = os.read(self._fd, 4096)
            if not chunk:  # Ctrl-D: end of input (or of a partial line)
                if not self._pending:
                    return None
                data, self._pending = self._pending, b""
                if self._draw is not None:  # the terminal echoed it: the drawer draws it too
                    self._draw(decode(data))
                return decode(data)
            self._pending += chunk
        line, _, self._pending = self._pending.partition(b"\n")
        if self._draw is not None:
            self._draw(decode(line) + "\n")
        return decode(line + b"\n")

    def _edit_line(self) -> Optional[str]:
        """A line as canonical mode edits it, read and echoed now (the
        terminal is in cbreak mode with its echo off).  The keys are the
        terminal's own (stty): erase, kill, werase, eof, lnext; a line ends at
        a new line (Enter, which the terminal turns into one) or eol/eol2.
        A character is a whole UTF-8 sequence, erased whole (as with IUTF8);
        the rest of what was read waits for the next line, unechoed."""
        keys = special_keys(self._fd)
        chars: list[bytes] = []  # the line so far, one character each
        literal = False
        while True:
            try:
                char = self._next_char()
            except KeyboardInterrupt:  # the terminal drops what was typed (no NOFLSH): so does the line
                self._pending = b""
                raise
            if char is None:  # the terminal hung up: what was typed is the last line
                return decode(b"".join(chars)) if chars else None
            key = char[0] if len(char) == 1 else None  # a key is one byte; a UTF-8 sequence is text
            if literal:
                literal = False
            elif key in keys.ends:
                self._echo("\n")
                return decode(b"".join(chars) + char)
            elif key == keys.eof:
                return decode(b"".join(chars)) if chars else None  # not echoed, as canonical mode does
            elif key == keys.erase:
                if chars:
                    chars.pop()
                    self._echo("\b")
                continue
            elif key == keys.kill:
                self._echo("\b" * len(chars))
                chars.clear()
                continue
            elif key == keys.werase:
                while chars and chars[-1] in (b" ", b"\t"):
                    chars.pop()
                    self._echo("\b")
                while chars and chars[-1] not in (b" ", b"\t"):
                    chars.pop()
                    self._echo("\b")
                continue
            elif key == keys.lnext:
                literal = True
                continue
            elif key == keys.reprint:
                continue
            chars.append(char)
            self._echo(decode(char))

    def _next_char(self) -> Optional[bytes]:
        """The next character typed (a UTF-8 sequence whole, or one byte);
        None when the terminal has hung up."""
        if not self._pending:
            try:
                self._pending = os.read(self._fd, 4096)
            except OSError:  # EIO: hung up
                self._pending = b""
            if not self._pending:
                return None
        lead = self._pending[0]
        size = 2 if 0xC2 <= lead <= 0xDF else 3 if 0xE0 <= lead <= 0xEF else 4 if 0xF0 <= lead <= 0xF4 else 1
        k = 1
        while k < size:
            if k == len(self._pending):
                try:
                    more = os.read(self._fd, 4096)
                except OSError:
                    more = b""
                if not more:
                    break
                self._pending += more
            if not 0x80 <= self._pending[k] <= 0xBF:
                break  # not UTF-8: the lead byte alone
            k += 1
        char, self._pending = self._pending[:k if k == size else 1], self._pending[k if k == size else 1:]
        return char

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
            self._emit(self.term.move_yx(self.size()[0] - 1, 0) + "\n" * rows)

    def place(self, row: int, col: int, text: str) -> None:
        self._rows.placed(row, col, text, self.term.width)
        self._emit(self.term.move_yx(row, col) + text)

    def finish_line(self) -> None:
        """Below the last row that shows text (the screen scrolled by one if that is its last)."""
        row = self._rows.below()
        if row is None:
            return
        height = self.term.height
        self._emit(self.term.move_yx(height - 1, 0) + "\n" if row >= height else self.term.move_yx(row, 0))

    def read_key(self) -> Optional[str]:
        """One key: a printable character or a name from KEY_NAMES; None on Ctrl-D."""
        self.term.stream.flush()
        with cbreak():
            key = self.term.inkey()
        return key_name(key)

    def discard_typed_ahead(self) -> None:
        """The terminal's input queue, and what blessed has read of it ahead
        (it reads every byte there is and keeps what follows the key)."""
        import termios

        self._pending = b""
        try:
            termios.tcflush(self._fd, termios.TCIFLUSH)
            with cbreak():
                while self.term.inkey(timeout=0):
                    pass
        except (OSError, termios.error):  # a terminal gone: nothing to read anyway
            pass


@dataclass(frozen=True)
class SpecialKeys:
    """The line-editing keys of a terminal (its termios ``c_cc``), as bytes'
    values; -1 for a key switched off."""

    erase: int = 0x7F
    kill: int = 0x15
    werase: int = 0x17
    eof: int = 0x04
    lnext: int = 0x16
    reprint: int = 0x12
    ends: frozenset[int] = frozenset({0x0A})


def special_keys(fd: int) -> SpecialKeys:
    """The terminal's own line-editing keys (stty), or the usual ones."""
    try:
        import termios

        cc = termios.tcgetattr(fd)[6]
        disabled = {0, 0xFF}  # _POSIX_VDISABLE: 0 on Linux, 0xff on the BSDs

        def key(index: int) -> int:
            value = cc[index]
            byte = value[0] if isinstance(value, bytes) else value
            return -1 if byte in disabled else byte

        ends = frozenset({0x0A} | {key(termios.VEOL), key(termios.VEOL2)} - {-1})
        return SpecialKeys(erase=key(termios.VERASE), kill=key(termios.VKILL), werase=key(termios.VWERASE),
                           eof=key(termios.VEOF), lnext=key(termios.VLNEXT), reprint=key(termios.VREPRINT),
                           ends=ends)
    except (ImportError, OSError, AttributeError, IndexError):
        return SpecialKeys()


def key_name(key: Keystroke) -> Optional[str]:
    """A blessed keystroke as ``read_key`` gives it: a printable character, a
    name from KEY_NAMES, "" for no key (a timeout), or None for Ctrl-D (the
    menu's key tables use these names too)."""
    if key.is_sequence:
        return KEY_NAMES.get(key.name or "", key.name or "")
    if key == "\x04":
        return None
    if key in ("\r", "\n"):
        return "enter"
    if key in ("\x7f", "\x08"):
        return "backspace"
    if key == "\x1b":
        return "escape"
    if key == "\t":
        return "tab"
    return str(key)


# -- recording ---------------------------------------------------------------

EventKind = Literal["out", "err", "in"]


@dataclass(frozen=True)
class Event:
    """One step of a session: output, error output, or one line of input.

    For ``in``, ``text`` is the line as read (with its newline if it had one),
    or ``None`` when the program found the end of input.
    """

    kind: EventKind
    text: Optional[str]


class Recorder(Console):
    """Wraps a console and remembers the session as events."""

    def __init__(self, inner: Console, on_event: Optional[Callable[[Event], None]] = None):
        self.inner = inner
        self.interactive, self.screen = inner.interactive, inner.screen
        self.input_kind, self.output_kind = inner.input_kind, inner.output_kind
        self.events: list[Event] = []
        self._on_event = on_event

    def _log(self, event: Event) -> None:
        if self.events and event.kind in ("out", "err") and self.events[-1].kind == event.kind:
            last = self.events.pop()
            event = Event(event.kind, (last.text or "") + (event.text or ""))
        self.events.append(event)
        if self._on_event:
            self._on_event(event)

    def write(self, text: str) -> None:
        if text:
            self._log(Event("out", text))
        self.inner.write(text)

    def write_err(self, text: str) -> None:
        if text:
            self._log(Event("err", text))
        self.inner.write_err(text)

    def read_line(self) -> Optional[str]:
        line = self.inner.read_line()
        self._log(Event("in", line))
        return line

    def read_chunk(self, size: int) -> Optional[str]:
        piece = self.inner.read_chunk(size)
        self._log(Event("in", piece))
        return piece

    def input_ready(self) -> bool:
        return self.inner.input_ready()

    def pause(self, seconds: float) -> None:
        self.inner.pause(seconds)

    def flush(self) -> None:
        self.inner.flush()

    def size(self) -> tuple[int, int]:
        return self.inner.size()

    def echo_with(self, draw: Optional[Callable[[str], None]]) -> bool:
        return self.inner.echo_with(draw)

    def clear(self) -> None:
        self.inner.clear()

    def scroll(self, rows: int) -> None:
        self.inner.scroll(rows)

    def place(self, row: int, col: int, text: str) -> None:
        self.inner.place(row, col, text)

    def read_key(self) -> Optional[str]:
        return self.inner.read_key()

    def discard_typed_ahead(self) -> None:
        self.inner.discard_typed_ahead()

    def finish_line(self) -> None:
        self.inner.finish_line()

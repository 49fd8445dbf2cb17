"""The line console: a teletype over byte streams, for pipes, files, transcripts
and tests; it writes exactly the bytes it is given and reads a line at a time."""
from __future__ import annotations

import io
import time
from contextlib import contextmanager, nullcontext
from typing import TYPE_CHECKING, BinaryIO, Iterable, Iterator, Optional, Protocol, runtime_checkable

from .. import signals
from .interface import Console, InputStream, StreamKind, decode, encode, stream_kind

if TYPE_CHECKING:
    from blessed import Terminal

    from ..screen.line import TerminalLine

# The longest line a port is handed whole (bytes).  No original held more:
# Altair BASIC's buffer has 72 characters, the C game's fgets 80; gfortran,
# perl and Pascal compare the first few characters.  What follows on the same
# line is read and dropped, so that endless input without a line break
# (``< /dev/zero``) costs time, never memory.  C's and Fortran's stdio take
# a line piece by piece instead (``read_chunk``), as their buffers did.
MAX_LINE = 1 << 20


@runtime_checkable
class LiveInput(InputStream, Protocol):
    """An input stream that also knows whether a line is there now, and
    pauses in a way that its end can cut short (retro serve's: the web
    page's keys arrive as the program runs)."""

    def ready(self) -> bool: ...

    def sleep(self, seconds: float) -> None: ...


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
        self._term: Optional[Terminal] = None  # blessed's, to show the teletype again after fg (_show_again)

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
            text = self._terminal.write(text)
        self._out.write(encode(text))
        self._out.flush()

    def tell(self, text: str) -> None:
        self._out.write(encode(text))
        self._out.flush()

    def write_err(self, text: str) -> None:
        if self._errors_on_terminal and self._terminal is not None:
            text = self._terminal.write(text)
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
        """A read; on a terminal, the teletype's last screenful shown again
        if retro is stopped and continued meanwhile (Ctrl-Z, ``fg``)."""
        try:
            with signals.shown_again_on_resume(self._show_again) if self._terminal is not None else nullcontext():
                yield
        except KeyboardInterrupt:
            if self._terminal is not None:
                self._terminal.interrupted()
            raise

    def _show_again(self) -> None:
        """The teletype's last screenful, at the terminal's size now (the shell wrote over it)."""
        from ..terminal import can_address_cursor, terminal

        if self._term is None:
            self._term = terminal()  # blessed, first needed here: a teletype asks the terminal nothing before
        term = self._term
        if self._terminal is not None and can_address_cursor(term):
            self._out.write(encode(self._terminal.paint(term)))
            self._out.flush()

    def _read(self, line: Optional[str]) -> Optional[str]:
        if line is None:
            self.input_ended = True
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

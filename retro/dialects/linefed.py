"""Standard input as the original's runtime saw it: bytes, pulled from the
console one line at a time and only when the program needs another byte, so
that a transcript shows each line where it was read.  End of input is sticky.

Each dialect's stdin builds on this: gfortran's unit 5 (``fortran.StdinStream``)
and C's ``stdin`` (``c.Stdin``).

A long line arrives in pieces of at most ``CHUNK`` bytes, as the runtime's
buffer took it, and the bytes handed out are let go: endless input costs
time, never memory.  Offsets (``_base + index``) count from the start of input.
"""
from __future__ import annotations

import re
from typing import Optional

from ..console import Console, encode

EOF = -1
CHUNK = 4096  # BUFSIZ of the C library that read the original's input
KEEP = 1 << 16  # bytes handed out before they are dropped from memory


class LineFedInput:
    def __init__(self, console: Console):
        self.console = console
        self._data = bytearray()  # the bytes pulled from the console and not yet dropped
        self._base = 0  # the offset of _data[0] in the input
        self._pos = 0  # the next byte to hand out (an index in _data)
        self._eof = False

    def _pull(self) -> bool:
        """Another line from the console; False at end of input (and ever after)."""
        if self._eof:
            return False
        piece = self.console.read_chunk(CHUNK)
        if piece is None:
            self._eof = True
            return False
        if self._pos > KEEP:  # let go of what was handed out
            del self._data[: self._pos]
            self._base += self._pos
            self._pos = 0
        self._data += encode(piece)
        return True

    def taken(self) -> int:
        """How many bytes the console has given so far."""
        return self._base + len(self._data)

    def handed_out(self) -> int:
        """How many bytes the program has consumed so far."""
        return self._base + self._pos

    def take_run(self, stops: re.Pattern[bytes], limit: Optional[int] = None) -> bytes:
        """The bytes from here up to the first that ``stops`` matches, within
        what is buffered and at most ``limit`` of them (b"" when the next byte
        is one, or at end of input): what ``getc`` would hand out one at a
        time, for a reader that would only add them up (a long line taken in
        pieces, not byte by byte)."""
        if self._pos >= len(self._data) and not self._pull():
            return b""
        stop = stops.search(self._data, self._pos)
        end = stop.start() if stop else len(self._data)
        if limit is not None:
            end = min(end, self._pos + limit)
        run = bytes(self._data[self._pos:end])
        self._pos = end
        return run

    def getc(self) -> int:
        """The next byte, or EOF."""
        while self._pos >= len(self._data):
            if not self._pull():
                return EOF
        c = self._data[self._pos]
        self._pos += 1
        return c

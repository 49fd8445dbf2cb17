"""Standard input as the original's runtime saw it: bytes, pulled from the
console one line at a time and only when the program needs another byte, so
that a transcript shows each line where it was read.  End of input is sticky.

Each dialect's stdin builds on this: gfortran's unit 5 (``fortran.StdinStream``)
and C's ``stdin`` (``c.Stdin``).
"""
from __future__ import annotations

from ..console import Console, encode

EOF = -1


class LineFedInput:
    def __init__(self, console: Console):
        self.console = console
        self._data = bytearray()  # every byte pulled from the console so far
        self._pos = 0  # the next byte to hand out
        self._eof = False

    def _pull(self) -> bool:
        """Another line from the console; False at end of input (and ever after)."""
        if self._eof:
            return False
        line = self.console.read_line()
        if line is None:
            self._eof = True
            return False
        self._data += encode(line)
        return True

    def getc(self) -> int:
        """The next byte, or EOF."""
        while self._pos >= len(self._data):
            if not self._pull():
                return EOF
        c = self._data[self._pos]
        self._pos += 1
        return c

"""C's standard I/O as a small console program of this kind uses it.

What this module owns, each rule checked against a gcc 12.2 / glibc 2.36 build
of the probes in ``tests/dialects/c_reference/`` (the tables there are what
those builds printed):

* ``printf``: the conversions ``%d %i %u %o %x %X %c %s %%`` with the flags
  ``- + space # 0``, a width, a precision, ``*`` for either, and the length
  modifiers ``hh h l ll z j t`` (ISO C 7.19.6.1); ``%e %f %g`` through
  Python's own C-style formatting.  An unknown conversion is printed as it
  stands (glibc).  ``%c`` writes one byte (its int argument as unsigned char).
* Standard input (ISO C 7.19.7), one byte stream fed line by line from the
  console only when a routine needs another byte, so that a transcript shows
  each line where the program read it:

  - ``getchar``: the next byte, or ``EOF`` (-1).  End of input is sticky.
  - ``fgets(size)``: at most ``size - 1`` bytes, up to and including a
    newline; the rest of a longer line stays for the next read.  ``NULL``
    (None) at end of input when nothing was read; a last line without a
    newline comes back without one.  ``size`` 1 gives ``""`` and reads
    nothing, ``size`` < 1 gives ``NULL`` (glibc).
  - ``gets``: a whole line without its newline, ``NULL`` at end of input.  The
    C routine has no bound: a line longer than the caller's buffer overruns
    it, which is undefined.  Here the whole line comes back; what a port does
    with it is the port's documented choice.
  - ``scanf("%s")`` / ``scanf("%Ns")``: skips white space (newlines too, so
    empty lines are read past), then takes non-white bytes (at most N); the
    byte that stopped it stays in the stream.  At end of input before a word
    it returns ``EOF`` and leaves the buffer as it was.

* Standard output goes to the console as it is written.  That is what the
  original's machine did (CP/M's console output is not buffered) and what a
  glibc build shows on a terminal (line-buffered, flushed before each read);
  glibc buffers a pipe fully, which changes only when bytes appear, never
  which bytes.
* ``exit(status)`` ends the program with that status.
* Aztec C's CP/M streams, on request (``--cpm``): CR LF line ends out; input
  a line at a time through CP/M's BDOS line input (7 bits, CR or LF ends a
  line, its editing keys, Ctrl-C first ends the program), NUL skipped, ended
  by Ctrl-Z.  Measured on Aztec C 1.06D under CP/M 2.2; see the section below.
"""
from __future__ import annotations

import re
from typing import Callable, NoReturn, Optional, Sequence, Union

from ..console import Console, ProgramExit, decode, encode
from .linefed import EOF, KEEP, LineFedInput

# isspace() in the "C" locale.
_WHITE = frozenset(b" \t\n\v\f\r")

Arg = Union[int, float, str, bytes]


# -- printf (ISO C 7.19.6.1) ---------------------------------------------------------

# A conversion specification: flags, width, precision, length modifier, conversion.
_DIRECTIVE = re.compile(r"%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?(hh|ll|[hlLzjt])?(.?)", re.S)
# The width in bits of an integer argument by length modifier (gcc on x86-64).
_BITS = {"hh": 8, "h": 16, "": 32, "l": 64, "ll": 64, "z": 64, "j": 64, "t": 64, "L": 64}


def _byte_char(value: Arg) -> str:
    """``%c``: the int argument converted to unsigned char, as one character of output."""
    if isinstance(value, str):
        return value[:1]
    if isinstance(value, bytes):
        return decode(value[:1])
    return decode(bytes([int(value) & 0xFF]))


def _as_text(value: Arg) -> str:
    return decode(value) if isinstance(value, bytes) else str(value)


def _format_integer(value: int, conv: str, flags: str, precision: Optional[int], bits: int) -> tuple[str, str, str]:
    """(sign, prefix, digits) of an integer conversion."""
    mask = (1 << bits) - 1
    if conv in "di":
        value &= mask
        if value >> (bits - 1):
            value -= 1 << bits
        sign = "-" if value < 0 else "+" if "+" in flags else " " if " " in flags else ""
        magnitude = abs(value)
    else:  # u o x X: the argument as an unsigned number of its width
        sign = ""
        magnitude = value & mask
    digits = {"d": "%d", "i": "%d", "u": "%d", "o": "%o", "x": "%x", "X": "%X"}[conv] % magnitude
    if precision is not None:
        digits = "" if precision == 0 and magnitude == 0 else digits.rjust(precision, "0")
    prefix = ""
    if "#" in flags:
        if conv == "o" and not digits.startswith("0"):
            digits = "0" + digits
        elif conv in "xX" and magnitude:
            prefix = "0" + conv
    return sign, prefix, digits


def format_printf(fmt: str, *args: Arg) -> str:
    """The text ``printf(fmt, args...)`` writes.

    >>> format_printf("Computer move: %c%d\\n", ord("A") + 1, 2)
    'Computer move: B2\\n'
    >>> format_printf("[%5d|%-4s|%03d|%.0d]", 42, "ab", 7, 0)
    '[   42|ab  |007|]'
    """
    out: list[str] = []
    values = list(args)

    def next_arg() -> Arg:
        return values.pop(0) if values else 0  # a missing argument: undefined in C; 0 here

    def star_or(text: Optional[str], absent: Optional[int]) -> Optional[int]:
        if text == "*":
            return int(next_arg())
        return int(text) if text else absent

    pos = 0
    for directive in _DIRECTIVE.finditer(fmt):
        out.append(fmt[pos : directive.start()])
        pos = directive.end()
        flags, width_text, precision_text, length, conv = directive.groups()
        width = star_or(width_text, None)
        if width is not None and width < 0:  # a negative * width: the - flag
            flags += "-"
            width = -width
        precision = None if precision_text is None else star_or(precision_text, 0)
        if precision is not None and precision < 0:  # "as if the precision were omitted"
            precision = None
        length = length or ""
        if conv == "%":
            out.append("%")
            continue
        if conv in ("d", "i", "u", "o", "x", "X"):
            sign, prefix, digits = _format_integer(int(next_arg()), conv, flags, precision, _BITS[length])
            body = sign + prefix + digits
            pad = max(0, (width or 0) - len(body))
            if "-" in flags:
                out.append(body + " " * pad)
            elif "0" in flags and precision is None:
                out.append(sign + prefix + "0" * pad + digits)
            else:
                out.append(" " * pad + body)
            continue
        if conv in ("c", "s"):
            text = _byte_char(next_arg()) if conv == "c" else _as_text(next_arg())
            if conv == "s" and precision is not None:
                text = text[:precision]
            # glibc pads %c and %s with blanks even under the 0 flag.
            out.append(text.ljust(width or 0) if "-" in flags else text.rjust(width or 0))
            continue
        if conv in ("e", "E", "f", "F", "g", "G"):
            spec = "%" + flags + ("" if width is None else str(width)) + ("" if precision is None else f".{precision}") + conv
            out.append(spec % float(next_arg()))
            continue
        out.append(directive.group(0))  # an unknown conversion: printed as it stands (glibc)
    out.append(fmt[pos:])
    return "".join(out)


# -- Aztec C's CP/M streams ----------------------------------------------------------
#
# A program built by Aztec C 1.06D for CP/M, as it ran on CP/M 2.2 (the game
# built by that compiler and run on an emulated CP/M, tools/aztec_reference/,
# agrees with every rule here; Aztec's library sources say the same of aputc
# and agetc):
#
#   aputc(c, fp)  -- putchar, puts, fputs and printf's output:
#                    '\n' goes out as CR LF ("if (c == '\n') putc('\r', ptr)").
#   the console   -- read a line at a time through BDOS function 10, CP/M's
#                    line input (bdos_line below): keys masked to 7 bits, CR or
#                    LF ends the line, CP/M's editing keys act, Ctrl-C as a
#                    line's first key ends the program (a warm boot).
#   agetc(fp)     -- getchar, gets, fgets and scanf's input: NUL (and CR, which
#                    the console never gives) skipped, and Ctrl-Z (0x1a, CP/M's
#                    end of text) is the end of the input.
#
# glibc does none of this; the port follows glibc unless --cpm asks for these.

def aztec_cpm_out(text: str) -> str:
    """Output through aputc: each newline written as CR LF."""
    return text.replace("\n", "\r\n")


CTRL_Z = 0x1A


# -- standard input (ISO C 7.19.7) ---------------------------------------------------


class Stdin(LineFedInput):
    """C's ``stdin`` over a console: ``getc(stdin)`` is ``getc``."""

    def ungetc(self, c: int) -> None:
        """``ungetc(c, stdin)``: one byte back (EOF is not pushed)."""
        if c != EOF:
            self._data[self._pos : self._pos] = bytes([c])

    def getchar(self) -> int:
        return self.getc()

    _AS_THEY_ARE = re.compile(rb"\n")  # getc hands out every other byte as it is

    def plain_run(self, limit: Optional[int]) -> bytes:
        """The bytes ``getc`` would hand out one at a time before the next
        newline, at most ``limit``, in one piece: fgets and gets take a long
        line so (64 MiB without a newline once took a minute byte by byte)."""
        return self.take_run(self._AS_THEY_ARE, limit)

    def fgets(self, size: int) -> Optional[bytes]:
        """``fgets(buf, size, stdin)``: the bytes stored in buf, or None for NULL."""
        if size < 1:
            return None
        got = bytearray()
        while len(got) < size - 1:
            run = self.plain_run(size - 1 - len(got))
            if run:
                got += run
                continue
            c = self.getc()
            if c == EOF:
                break
            got.append(c)
            if c == 10:
                break
        if not got and size > 1:
            return None
        return bytes(got)

    def gets(self) -> Optional[bytes]:
        """``gets(buf)``: the line without its newline, or None for NULL (no bound)."""
        got = bytearray()
        while True:
            run = self.plain_run(None)
            if run:
                got += run
                continue
            c = self.getc()
            if c == EOF:
                return bytes(got) if got else None
            if c == 10:
                return bytes(got)
            got.append(c)

    def scanf_s(self, width: Optional[int] = None) -> Optional[bytes]:
        """``scanf("%s", buf)`` (``"%Ns"`` with a width): the word, or None where
        scanf returns EOF (the buffer is then left as it was)."""
        c = self.getc()
        while c != EOF and c in _WHITE:
            c = self.getc()
        if c == EOF:
            return None
        got = bytearray()
        while c != EOF and c not in _WHITE:
            got.append(c)
            if width is not None and len(got) >= width:
                return bytes(got)
            c = self.getc()
        self.ungetc(c)
        return bytes(got)


CR, LF, BS, DEL = 0x0D, 0x0A, 0x08, 0x7F
CTRL_C, CTRL_E, CTRL_P, CTRL_R, CTRL_U, CTRL_X = 0x03, 0x05, 0x10, 0x12, 0x15, 0x18
BDOS_LINE_MAX = 255  # the length Aztec's console read asks BDOS for (a full line ends by itself)
AZTEC_FULL_LINE_KEPT = 10  # of a full 255-key line, Aztec's library passes on this many keys, and no newline


def bdos_line(keys: LineFedInput, buffer: bytearray) -> Optional[bytes]:
    r"""One line of CP/M 2.2's BDOS function 10 as Aztec's library passes it on
    (its newline added), from the keys typed; None at the end of the input.
    ``buffer`` is the line buffer's memory, kept from read to read: BDOS
    writes each key kept at its place and clears nothing.

    Measured on cpm80's CP/M 2.2 (Digital Research's BDOS) with the game built
    by Aztec C 1.06D (tools/aztec_reference/):

    >>> from retro.console import LineConsole
    >>> keys = lambda data: LineFedInput(LineConsole.from_bytes(data))
    >>> bdos_line(keys(b"B\x082\x08\x08A1\r"), bytearray())  # BS (and DEL) take back a key
    b'A1\n'
    >>> bdos_line(keys(b"C3\x15B2\n"), bytearray())  # Ctrl-U (and Ctrl-X) take back the line
    b'B2\n'
    >>> bdos_line(keys(b"\xc1\xb1\r"), bytearray())  # 7 bits; CR or LF ends the line
    b'A1\n'
    >>> bdos_line(keys(b"\x1a\x08\r"), bytearray())  # an empty line whose first place still holds Ctrl-Z
    b'\x1a'
    """
    line = bytearray()
    while True:
        c = keys.getc()
        if c == EOF:
            return bytes(line) if line else None  # the end of a pipe: a last line as it stands
        c &= 0x7F
        if c in (CR, LF):
            if not line and buffer[:1] == bytes([CTRL_Z]):
                # Aztec's library looks for Ctrl-Z at the buffer's first place even
                # when BDOS returned no key: a Ctrl-Z typed there and taken back.
                return bytes([CTRL_Z])
            return bytes(line) + b"\n"
        if c in (BS, DEL):
            del line[-1:]
        elif c in (CTRL_U, CTRL_X):
            line.clear()
        elif c in (CTRL_E, CTRL_R, CTRL_P):
            pass  # a new line on the screen, the line retyped, the printer switched: nothing kept
        elif c == CTRL_C and not line:
            raise ProgramExit(0)  # CP/M's warm boot: the program is gone; nothing more is written
        else:
            buffer[len(line) : len(line) + 1] = bytes([c])
            line.append(c)
            if len(line) == BDOS_LINE_MAX:
                return bytes(line[:AZTEC_FULL_LINE_KEPT])


class AztecCpmStdin(Stdin):
    """``stdin`` of a program built by Aztec C for CP/M (see above): the
    console's lines through BDOS function 10 (``bdos_line``), then ``agetc``:
    NUL skipped, Ctrl-Z the end of the input for good (the library sets the
    stream's EOF flag)."""

    def __init__(self, console: Console):
        super().__init__(console)
        self._keys = LineFedInput(console)
        self._buffer = bytearray()  # BDOS's line buffer, as Aztec's library keeps it
        self._ended = False

    def _pull(self) -> bool:
        if self._eof:
            return False
        line = bdos_line(self._keys, self._buffer)
        if line is None:
            self._eof = True
            return False
        if self._pos > KEEP:  # let go of what was handed out (LineFedInput._pull)
            del self._data[: self._pos]
            self._base += self._pos
            self._pos = 0
        self._data += line
        return True

    _AS_THEY_ARE = re.compile(rb"[\n\r\x00\x1a]")  # agetc drops NUL and CR; Ctrl-Z ends the input

    def plain_run(self, limit: Optional[int]) -> bytes:
        return b"" if self._ended else super().plain_run(limit)

    def getc(self) -> int:
        while not self._ended:
            c = super().getc()
            if c == EOF:
                return EOF
            if c == CTRL_Z:
                self._ended = True
            elif c not in (13, 0):
                return c
        return EOF


# -- the running program -----------------------------------------------------------


class CProgram:
    """The C library a compiled program calls: stdio on the console, and exit.

    A port makes one per run: glibc's streams, or with ``cpm=True`` those of
    Aztec C's CP/M library (``aztec_cpm_out``, ``AztecCpmStdin``).
    """

    def __init__(self, console: Console, cpm: bool = False):
        self.console = console
        self.stdin = AztecCpmStdin(console) if cpm else Stdin(console)
        self._look: Callable[[str], str] = aztec_cpm_out if cpm else (lambda text: text)

    # output
    def write(self, text: str) -> None:
        self.console.write(self._look(text))

    def printf(self, fmt: str, *args: Arg) -> int:
        text = format_printf(fmt, *args)
        self.write(text)
        return len(encode(text))

    def puts(self, text: str) -> int:
        self.write(text + "\n")
        return 1

    def putchar(self, c: int) -> int:
        self.write(_byte_char(c))
        return c & 0xFF

    # input
    def getchar(self) -> int:
        return self.stdin.getchar()

    def fgets(self, size: int) -> Optional[bytes]:
        return self.stdin.fgets(size)

    def gets(self) -> Optional[bytes]:
        return self.stdin.gets()

    def scanf_s(self, width: Optional[int] = None) -> Optional[bytes]:
        return self.stdin.scanf_s(width)

    # the end
    def exit(self, status: int) -> NoReturn:
        """``exit(status)``: the status as a shell sees it (0-255)."""
        raise ProgramExit(status & 0xFF)

    def run(self, main: Callable[[], Optional[int]]) -> int:
        """Run ``main()``; its return value, or exit's argument, is the status."""
        try:
            status = main()
        except ProgramExit as done:
            status = done.status
        self.console.flush()
        return (status or 0) & 0xFF


def toupper(c: int) -> int:
    """``toupper`` in the "C" locale: a-z to A-Z, every other value unchanged."""
    return c - 32 if 97 <= c <= 122 else c


__all__: Sequence[str] = ("EOF", "AztecCpmStdin", "CProgram", "Stdin", "aztec_cpm_out", "bdos_line", "format_printf", "toupper")

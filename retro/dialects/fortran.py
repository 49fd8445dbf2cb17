"""gfortran's runtime (libgfortran 12) as a Fortran 90 program of this kind uses it.

What this module owns, each rule with the libgfortran source it follows
(gcc 12.2.0, ``libgfortran/io/list_read.c``, ``write.c``, ``unix.c``,
``fbuf.c``, ``runtime/pause.c``, ``runtime/error.c``):

* ``Print*`` (list-directed output): a record starts with one blank; two
  character items in a row get no separator, every other pair gets one blank;
  a default integer takes 11 columns, right-justified (``write.c``,
  ``list_formatted_write_scalar``).  ``Print*, ""`` is therefore a lone blank.
* ``Read*`` (list-directed input) of default integers and of a ``character``:
  ported from ``list_read.c`` routine by routine, so that blanks, commas and
  semicolons separate values, an empty line is skipped, a value may come on the
  next line, ``/`` ends the statement leaving the remaining items unchanged, a
  null value (``,,``) leaves its item unchanged, ``r*v`` repeats a value, and
  what is left of a line after the last item is skipped.
* Runtime errors: ``At line N of file F (unit = 5, file = 'stdin')`` and
  ``Fortran runtime error: ...`` on standard error, exit status 2
  (``error.c``).  The reference build is ``-fno-backtrace``: the default
  build appends a backtrace whose addresses change from run to run.
* ``PAUSE``: its two lines on standard error, then one ``fgets`` of three
  characters from C's stdin; anything but ``go`` ends the program with status
  0, ``go`` prints ``RESUMED`` and goes on (``pause.c``).  What ``fgets`` sees
  depends on how much the Fortran unit has already taken from the file
  descriptor: a terminal delivers a line per read, a pipe 80 bytes per read
  (``fbuf_getc_refill``), a regular file 8192 (``buf_read``).
* Standard output is written record by record to a terminal or a pipe, and
  through an 8192-byte buffer to a regular file (``fd_to_stream`` buffers
  regular files only): a crash loses what is still in that buffer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Callable, Optional, Sequence, Union

from ..console import Console, ProgramExit, encode
from .linefed import EOF, LineFedInput

_NO_CHAR = EOF - 1  # libgfortran's "no character saved" (last_char = EOF - 1)

_SEPARATORS = frozenset(b" ,/\n\t\r;")
# What ends a run of a string's bytes that _get_string only pushes: a separator or a quote.
_STRING_STOPS = re.compile(b"[" + re.escape(bytes(sorted(_SEPARATORS | set(b"'\"")))) + b"]")
_DIGITS = frozenset(b"0123456789")

MAX_REPEAT = 200000000
INT4_MAX = 2**31 - 1

Item = Union[int, str]


class ItemType(Enum):
    """The types of item a ``READ *`` reads here (libgfortran's bt:
    BT_INTEGER, BT_CHARACTER; the runtime error names them in capitals)."""

    INTEGER = "integer"  # default kind 4
    CHARACTER = "character"  # length 1


class FortranRuntimeError(Exception):
    """A libgfortran runtime error: the program stops with status 2."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class Segfault(Exception):
    """The program touched memory it does not own and was killed (SIGSEGV)."""


# -- the physical input: what the unit took from file descriptor 0 -----------

# Bytes per read(2) of unit 5 by the kind of standard input (see module doc).
_CHUNK = {"pipe": 80, "file": 8192}
SAVED_HELD = 4096  # bytes of an item the list-directed reader holds (see _push)
PAUSE_TAKES = 1 << 16  # what the PAUSE's fgets takes of the rest of a pipe, at most (bytes)


class StdinStream(LineFedInput):
    """Standard input as libgfortran's unit 5 and C's stdin share it.

    ``getc`` is ``fbuf_getc``; the bytes it has handed out are what the
    list-directed reader consumed.  What read(2) had taken by then depends on
    the kind of stream (``physical_position``).
    """

    def __init__(self, console: Console):
        super().__init__(console)
        self.kind = console.input_kind

    def physical_position(self) -> int:
        """How many bytes read(2) has taken from the descriptor so far."""
        if self.kind == "tty":  # canonical mode: one line per read
            return self.taken()
        chunk = _CHUNK.get(self.kind, 80)
        return -(-self.handed_out() // chunk) * chunk

    def fgets(self, size: int) -> Optional[bytes]:
        """C's fgets(buff, size, stdin) after the unit's reads; None at end of file.

        From a pipe or a file, C's stdio reads a block: the rest of the input
        that is there is taken here (up to PAUSE_TAKES bytes more: the program
        ends after the PAUSE, so no later read could tell).  From a terminal,
        one line.
        """
        start = self.physical_position()
        while self.taken() <= start and self._pull():  # read(2) waits for the first bytes
            pass
        if self.kind != "tty":  # then takes a block of what is there
            while self.taken() < start + PAUSE_TAKES and self.console.input_ready() and self._pull():
                pass
        if start >= self.taken():
            return None
        index = start - self._base
        piece = bytes(self._data[index : index + size - 1])
        newline = piece.find(b"\n")
        return piece if newline < 0 else piece[: newline + 1]


# -- list-directed input (list_read.c) ----------------------------------------


@dataclass
class _Statement:
    """The per-statement state of list_read.c (dtp->u.p)."""

    item_count: int = 0
    first_item: bool = True
    at_eol: bool = False
    comma_flag: bool = False
    input_complete: bool = False
    repeat_count: int = 1
    saved: Optional[bytearray] = None  # saved_string
    saved_type: Optional[ItemType] = None  # None is BT_UNKNOWN
    value: Item = 0


class ListDirectedReader:
    """``READ *`` on unit 5: list_read.c, routine for routine.

    ``read(values, kinds)`` returns the new values of the items; an item the
    input leaves null keeps the value it had.  ``kinds`` are ItemType's:
    INTEGER (default kind 4) and CHARACTER (length 1).
    """

    def __init__(self, stream: StdinStream):
        self.stream = stream
        self.last_char = _NO_CHAR  # current_unit->last_char survives statements...
        self.p = _Statement()

    # next_char / unget_char / eat_spaces / eat_line ------------------------
    def next_char(self) -> int:
        p = self.p
        # check_buffers: a character pushed back comes first; a pushed-back NUL
        # reads as "nothing saved" and is lost, as in the C.
        c = 0
        if self.last_char != _NO_CHAR:
            c = self.last_char
            self.last_char = _NO_CHAR
        p.at_eol = c in (10, 13, EOF)
        if c:
            return c
        c = self.stream.getc()
        p.at_eol = c in (10, EOF)
        return c

    def unget_char(self, c: int) -> None:
        self.last_char = c

    def eat_spaces(self) -> int:
        while True:
            c = self.next_char()
            if c == EOF or c not in (32, 13, 9):
                break
        self.unget_char(c)
        return c

    def eat_line(self) -> bool:
        while True:
            c = self.next_char()
            if c == EOF or c == 10:
                break
        return c != EOF

    def eat_separator(self) -> bool:
        """Returns False where the C returns LIBERROR_END (callers ignore it)."""
        p = self.p
        self.eat_spaces()
        p.comma_flag = False
        c = self.next_char()
        if c == EOF:
            return False
        if c in (ord(","), ord(";")):  # DECIMAL='POINT': both separate values
            p.comma_flag = True
            self.eat_spaces()
        elif c == ord("/"):
            p.input_complete = True
        elif c == 13:
            n = self.next_char()
            if n == EOF:
                return False
            if n != 10:
                self.unget_char(n)
            else:
                p.at_eol = True
        elif c == 10:
            p.at_eol = True
        else:
            self.unget_char(c)
        return True

    def finish_separator(self) -> bool:
        p = self.p
        while True:  # restart:
            self.eat_spaces()
            c = self.next_char()
            if c == EOF:
                return False
            if c == ord(","):
                if p.comma_flag:
                    self.unget_char(c)
                else:
                    c = self.eat_spaces()
                    if c == EOF:
                        return False
                    if c in (10, 13):
                        continue
                return True
            if c == ord("/"):
                p.input_complete = True
                return True
            if c in (10, 13):
                continue
            self.unget_char(c)
            return True

    # errors ------------------------------------------------------------------
    def _hit_eof(self) -> None:
        raise FortranRuntimeError("End of file")

    def _error(self, message: str) -> None:
        raise FortranRuntimeError(message)

    def _convert_integer(self, repeat: bool, negative: bool = False) -> None:
        """convert_integer: the saved digits as a value, or as a repeat count."""
        p = self.p
        digits = bytes(p.saved or b"")
        p.saved = None
        limit = MAX_REPEAT if repeat else INT4_MAX + (1 if negative else 0)
        v = 0
        for ch in digits:
            d = ch - 48
            if v > limit // 10 or 10 * v > limit - d:
                if repeat:
                    self._error(f"Repeat count overflow in item {p.item_count} of list input")
                self._error(f"Integer overflow while reading item {p.item_count}")
            v = 10 * v + d
        if repeat:
            p.repeat_count = v
            if v == 0:
                self._error(f"Zero repeat count in item {p.item_count} of list input")
        else:
            p.value = -v if negative else v

    def _push(self, c: int) -> None:
        """push_char.  libgfortran's saved string grows without end; the port
        holds SAVED_HELD bytes, which decide every outcome: a character item
        takes its first byte, and an integer of that many digits overflows
        already (``_push_digit`` drops leading zeros, which decide nothing)."""
        if self.p.saved is None:
            self.p.saved = bytearray()
        if len(self.p.saved) < SAVED_HELD:
            self.p.saved.append(c)

    def _push_run(self, run: bytes) -> None:
        """_push of each byte of ``run``, at once."""
        if self.p.saved is None:
            self.p.saved = bytearray()
        self.p.saved += run[:max(0, SAVED_HELD - len(self.p.saved))]

    def _push_digit(self, c: int) -> None:
        """push_char of an integer's digit."""
        if self.p.saved is not None and self.p.saved == b"0":
            self.p.saved[0] = c
        else:
            self._push(c)

    # read_integer ---------------------------------------------------------------
    def read_integer(self) -> None:
        negative = False
        c = self.next_char()
        if c in (ord("-"), ord("+")):
            negative = c == ord("-")
            c = self.next_char()
            if c == EOF:
                return self._bad_integer(c)
            return self._get_integer(c, negative)
        if c in _SEPARATORS:  # a single null value
            self.unget_char(c)
            self.eat_separator()
            return None
        if c not in _DIGITS:
            return self._bad_integer(c)
        self._push_digit(c)
        # Take care of what may be a repeat count.
        while True:
            c = self.next_char()
            if c in _DIGITS:
                self._push_digit(c)
                continue
            if c == ord("*"):
                break
            if c in _SEPARATORS or c == EOF:
                return self._integer_done(c, negative)
            return self._bad_integer(c)
        # repeat:
        self._convert_integer(repeat=True)
        c = self.next_char()
        if c == EOF:
            return self._bad_integer(c)
        if c in _SEPARATORS:  # r* : r null values
            self.unget_char(c)
            self.eat_separator()
            return None
        if c in (ord("-"), ord("+")):
            negative = c == ord("-")
            c = self.next_char()
        return self._get_integer(c, negative)

    def _get_integer(self, c: int, negative: bool) -> None:
        if c not in _DIGITS:
            return self._bad_integer(c)
        self._push_digit(c)
        while True:
            c = self.next_char()
            if c in _DIGITS:
                self._push_digit(c)
                continue
            if c in _SEPARATORS or c == EOF:
                return self._integer_done(c, negative)
            return self._bad_integer(c)

    def _integer_done(self, c: int, negative: bool) -> None:
        self.unget_char(c)
        self.eat_separator()
        self._convert_integer(repeat=False, negative=negative)
        self.p.saved_type = ItemType.INTEGER

    def _bad_integer(self, c: int) -> None:
        self.p.saved = None
        if c == EOF:
            self._hit_eof()
        elif c != 10:
            self.eat_line()
        self._error(f"Bad integer for item {self.p.item_count} in list input")

    # read_character ---------------------------------------------------------------
    def read_character(self) -> None:
        quote = ord(" ")  # a space means no quote character
        c = self.next_char()
        if c == EOF:
            return self._char_eof()
        if c in _DIGITS:
            self._push(c)
            # Deal with a possible repeat count.
            while True:
                c = self.next_char()
                if c in _DIGITS:
                    self._push(c)
                    continue
                if c in _SEPARATORS or c == EOF:
                    self.unget_char(c)
                    return self._string_done()  # the string was only digits
                if c == ord("*"):
                    break
                self._push(c)
                return self._get_string(quote)  # not a repeat count after all
            self._convert_integer(repeat=True)
            c = self.next_char()
            if c == EOF:
                return self._char_eof()
            if c in _SEPARATORS:  # repeated null values
                self.unget_char(c)
                self.eat_separator()
                return None
            if c in (ord('"'), ord("'")):
                quote = c
            else:
                self._push(c)
            return self._get_string(quote)
        if c in _SEPARATORS:  # a null value
            self.unget_char(c)
            self.eat_separator()
            return None
        if c in (ord('"'), ord("'")):
            return self._get_string(c)
        self._push(c)
        return self._get_string(quote)

    def _get_string(self, quote: int) -> None:
        while True:
            if self.last_char == _NO_CHAR:  # the bytes that are only pushed, taken a run at a time
                run = self.stream.take_run(_STRING_STOPS)
                if run:
                    self._push_run(run)
                    self.p.at_eol = False
                    continue
            c = self.next_char()
            if c == EOF:
                return self._string_done(c)
            if c in (ord('"'), ord("'")):
                if c != quote:
                    self._push(c)
                    continue
                # A doubled quote character, or the end of the string.
                c = self.next_char()
                if c == EOF:
                    return self._string_done(c)
                if c == quote:
                    self._push(quote)
                    continue
                self.unget_char(c)
                return self._string_done()
            if c in _SEPARATORS:
                if quote == ord(" "):
                    self.unget_char(c)
                    return self._string_done()
                if c not in (10, 13):
                    self._push(c)
                continue
            self._push(c)

    def _string_done(self, c: Optional[int] = None) -> None:
        """done: / done_eof: a separator (or the end of file) must follow."""
        if c is None:
            c = self.next_char()
        if c in _SEPARATORS or c == EOF:
            self.unget_char(c)
            self.eat_separator()
            self.p.saved_type = ItemType.CHARACTER
        else:
            self.p.saved = None
            self._error(f"Invalid string input in item {self.p.item_count}")

    def _char_eof(self) -> None:
        self.p.saved = None
        self._hit_eof()

    # list_formatted_read_scalar / finish_list_read ---------------------------
    def _scalar(self, kind: ItemType, current: Item) -> Item:
        p = self.p
        if p.first_item:
            p.first_item = False
            p.input_complete = False
            p.repeat_count = 1
            p.at_eol = False
            c = self.eat_spaces()
            if c == EOF:
                self._hit_eof()
            if c in _SEPARATORS:  # a null value
                p.repeat_count = 0
                self.eat_separator()
                if c in (10, 13):
                    p.at_eol = True
                    if not self.finish_separator():
                        self._hit_eof()
                else:
                    return current
        else:
            if p.repeat_count > 0:
                return self._set_value(kind, current)
            if p.input_complete:
                return current
            if p.at_eol:
                self.finish_separator()
            else:
                self.eat_spaces()
                if p.at_eol:  # trailing spaces before the end of the line
                    self.finish_separator()
            p.saved_type = None
            p.repeat_count = 1
        if kind is ItemType.INTEGER:
            self.read_integer()
        else:
            self.read_character()
        return self._set_value(kind, current)

    def _set_value(self, kind: ItemType, current: Item) -> Item:
        p = self.p
        if p.saved_type is not None and p.saved_type != kind:  # check_type
            self._error(f"Read type {p.saved_type.name} where {kind.name} was expected for item {p.item_count}")
        new: Item = current
        if p.saved_type is ItemType.INTEGER:
            new = p.value
        elif p.saved_type is ItemType.CHARACTER:
            text = bytes(p.saved or b"")[:1]  # length-1 variable: first byte, blank-padded
            new = text.decode("latin-1") if text else " "
        p.repeat_count -= 1
        if p.repeat_count <= 0:
            p.saved = None
        return new

    def read(self, values: Sequence[Item], kinds: Sequence[ItemType]) -> list[Item]:
        """One ``READ *`` statement with the given items."""
        self.last_char = _NO_CHAR  # data_transfer_init
        self.p = _Statement()
        result = list(values)
        for index, kind in enumerate(kinds):
            self.p.item_count += 1
            result[index] = self._scalar(kind, result[index])
        self._finish()
        return result

    def _finish(self) -> None:
        p = self.p
        p.saved = None
        if p.at_eol:
            p.at_eol = False
            return
        c = self.next_char()
        if c == EOF:
            self._hit_eof()
        if c != 10:
            self.eat_line()


# -- list-directed output (write.c) -------------------------------------------------


def format_record(*items: Item) -> str:
    """The text of one ``PRINT *`` record, newline included.

    >>> format_record("| ", "X", " |")
    ' | X |\\n'
    >>> format_record("")
    ' \\n'
    >>> format_record("LOC", 3)
    ' LOC           3\\n'
    """
    out = [" "]
    previous_was_character = False
    for position, item in enumerate(items):
        is_character = isinstance(item, str)
        if position and not (is_character and previous_was_character):
            out.append(" ")  # write_separator
        out.append(item if isinstance(item, str) else f"{item:>11d}")
        previous_was_character = is_character
    out.append("\n")
    return "".join(out)


class StdoutUnit:
    """Unit 6: records go straight out to a terminal or pipe, through an 8192-byte
    buffer to a regular file (unix.c buf_write); a crash loses the buffer."""

    BUFFER_SIZE = 8192

    def __init__(self, console: Console):
        self.console = console
        self.buffered = console.output_kind == "file"
        self._buffer: list[str] = []
        self._buffered_bytes = 0

    def write(self, text: str) -> None:
        if not self.buffered:
            self.console.write(text)
            return
        size = len(encode(text))
        empty = self._buffered_bytes == 0
        fits = self._buffered_bytes + size <= self.BUFFER_SIZE
        if (empty and size > self.BUFFER_SIZE // 2) or not fits:
            self.flush()
            if size > self.BUFFER_SIZE // 2:
                self.console.write(text)
                return
        self._buffer.append(text)
        self._buffered_bytes += size

    def flush(self) -> None:
        if self._buffer:
            self.console.write("".join(self._buffer))
        self._buffer.clear()
        self._buffered_bytes = 0

    def lose(self) -> None:
        """What a crash does to output still in the buffer."""
        self._buffer.clear()
        self._buffered_bytes = 0


# -- the running program ------------------------------------------------------------


class FortranProgram:
    """The runtime a compiled program calls: units 5 and 6, errors, PAUSE.

    A port makes one per run and calls ``print_``, ``read`` and ``pause``;
    ``run`` turns runtime errors and crashes into what the build printed and
    its exit status.
    """

    def __init__(self, console: Console, source_file: str):
        self.console = console
        self.source_file = source_file
        self.stdin = StdinStream(console)
        self.reader = ListDirectedReader(self.stdin)
        self.stdout = StdoutUnit(console)
        self._line = 0

    def print_(self, *items: Item) -> None:
        """``Print*, items``."""
        self.stdout.write(format_record(*items))

    def read(self, line: int, values: Sequence[Item], kinds: Sequence[ItemType]) -> list[Item]:
        """``Read*, items`` at source line ``line`` (for the error message)."""
        self._line = line
        if not self.stdout.buffered:
            self.console.flush()
        return self.reader.read(values, kinds)

    def pause(self, message: str) -> None:
        """``PAUSE "message"`` (libgfortran pause.c)."""
        self.console.write_err(f"PAUSE {message}\n")
        self.console.write_err("To resume execution, type go.  Other input will terminate the job.\n")
        if self.stdin.fgets(4) != b"go\n":
            self.stdout.flush()
            raise ProgramExit(0)  # stop_string(NULL): exit(0), silently
        self.console.write_err("RESUMED\n")

    def run(self, body: Callable[[], None]) -> int:
        """Run ``body()`` as the program; return the exit status the build had."""
        try:
            body()
        except FortranRuntimeError as error:
            self.stdout.flush()
            self.console.write_err(
                f"At line {self._line} of file {self.source_file} (unit = 5, file = 'stdin')\n"
                f"Fortran runtime error: {error.message}\n"
            )
            return 2
        except Segfault:
            # Killed by SIGSEGV: a shell reports 128 + 11.  The -fno-backtrace
            # build installs no handler, so nothing is printed.
            self.stdout.lose()
            return 139
        except ProgramExit as done:
            self.stdout.flush()
            return done.status
        self.stdout.flush()
        return 0

"""Altair BASIC 3.2 (8K, MITS/Micro-Soft 1976) as a program of this kind uses it.

What this module owns, each rule with the source it follows.  No listing of
8K 3.2 itself is available; the rules come from, in this order:

[8K4] the 8K Altair BASIC 4.0 binary, disassembled (avwohl/mbasic2025,
      ``4k8k/8k/8kbas_labeled.mac``): the 8080 successor of 3.2, same code
      base (``OutChar`` at 052D, the PRINT item loop at 089B, INPUT/READ at
      0988, ``?REDO FROM START`` at 093A, ``?EXTRA IGNORED`` at 0A07);
[4K32] the 4K Altair BASIC 3.2 labels (altairbasic.org, via
      ``4k8k/ref/basic32_labels.txt``): ``GetTerminalWidth``,
      ``CalcTabBrkSize`` -- the width is asked at start-up;
[6502] Microsoft's 6502 BASIC of 1976-78 (mist64/msbasic ``print.s``,
      ``input.s``), ported from the 8080 source: the same PRINT and INPUT
      logic, used to confirm [8K4] and noted where it differs.

Rules:

* PRINT of a number: a blank or ``-``, the digits (6 significant, ``E``
  notation below .01 and from 1E6 on), then a blank.  A number whose text
  would reach the last column goes to the next line first ([8K4] 08C9:
  ``pos + len >= width``; [6502] ``PRINT``).
* ``;`` and juxtaposition print nothing; ``,`` moves to the next 14-column
  zone, or to a new line from the last zone on ([8K4] 0902; the last zone
  for a width W is ``(W // 14 - 1) * 14``, 56 for both 72 and 80 -- a
  reconstruction from the constant 38H that goes with the default 72).
* ``TAB(n)`` prints blanks up to column n (counted from 0) when the cursor
  is left of it, else nothing ([8K4] 0916).
* The terminal width is what the operator answered to ``TERMINAL WIDTH?``;
  the article's terminal has 80 columns, so 80 here.  Before a printable
  character, when the column equals the width, BASIC sends a new line
  ([8K4] 053D, ``cpi width; cz CRLF``).  So exactly 80 characters make one
  row, and no blank line follows it: the row's own PRINT ends it.
* INPUT: the prompt, then ``? ``; one line is read (see ``edit_line``).
  An empty line skips the rest of the statement, leaving the variables as
  they were ([8K4] 097F ``jz`` to the DATA skipper; [6502] ends the program
  there instead -- 8K4 is the Altair's own, so it is followed).  Each value
  is read as FIN reads numbers (spaces ignored everywhere, so ``1 4`` is 14)
  and stored; then a comma or the end must follow, else ``?REDO FROM START``
  and the whole statement again, prompt included.  A ``:`` after a value
  ends the line's items as the end of the line does (the line is read as
  a statement's DATA, and ``:`` ends a statement): ``1:4`` asks ``??`` for
  the second value, ``1,4:5`` and ``1,4:`` take 1 and 4 with ``?EXTRA
  IGNORED`` (the interpreter's own runs, tools/basic_reference).  Values
  still wanted at the end of the line: ``?? `` and another line.  Text left
  after the last value: ``?EXTRA IGNORED``.
* Numbers are single precision (24-bit mantissa); beyond 1.70141E38 is
  ``?OV ERROR``.  INT is the floor (INT(-.5) is -1).  A subscript is
  truncated; negative is ``?FC ERROR``, past the DIM ``?BS ERROR``.  Arrays
  start at 0, variables at 0, and keep their values.
* ``FOR`` runs its body at least once: the test is made by NEXT.
* An error prints ``?OV ERROR IN 100`` then ``OK``; Ctrl-C prints
  ``BREAK IN 90`` then ``OK`` ([8K4] ``Error`` 02D5, 067F).  The program is
  then over: the session ends with status 1 after an error, 130 after a
  Ctrl-C (the project's status for it).  The end of input (which an Altair
  terminal never sent) is taken for a Ctrl-C typed at the INPUT -- the
  operator's only way to stop the program -- and ends with status 0.

Line ends are written as ``"\\n"`` (the Altair sent CR LF and NUL padding).
The line BASIC ends with CR LF after the operator's RETURN is the terminal
echo of that RETURN: in a pipe it is not written.
"""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from typing import Callable, Iterator, Optional, Sequence, Union

from ..console import Console, ProgramExit, encode
from ..exits import INTERRUPTED
from ..screen.video import VideoTerminal

WIDTH = 80  # the answer to TERMINAL WIDTH? for the article's 80x24 terminal
ZONE = 14  # print zone width
INPUT_MAX = 71  # characters the line buffer keeps ([8K4] 051A: cpi 48H)
LINE_PIECE = 4096  # bytes of a typed line taken at a time (the port holds INPUT_MAX of them)
MBF_MAX = (1 - 2.0**-24) * 2.0**127  # largest single-precision value
MBF_MIN = 2.0**-129  # smallest nonzero one


class BasicError(Exception):
    """A BASIC error: ``?OV``, ``?BS``, ``?FC``... ends the program.

    ``line`` is the line that failed, when the raiser knows it better than
    the interpreter's current line."""

    def __init__(self, code: str, line: Optional[int] = None):
        super().__init__(code)
        self.code = code
        self.line = line


class Break(Exception):
    """Ctrl-C (or the end of input): the program stops with BREAK.

    ``interrupted`` is a real Ctrl-C (SIGINT) rather than the end of input.
    """

    def __init__(self, at_input: bool = False, interrupted: bool = False):
        super().__init__()
        self.at_input = at_input
        self.interrupted = interrupted


# -- numbers ---------------------------------------------------------------


def single(x: float) -> float:
    """A value rounded to single precision, as every BASIC operation leaves it.

    >>> single(0.1) == 0.1
    False
    >>> single(2.5)
    2.5
    """
    if x != x:  # pragma: no cover - BASIC has no NaN
        raise BasicError("OV")
    if abs(x) < MBF_MIN:
        return 0.0
    if abs(x) > MBF_MAX * (1 + 2.0**-25):
        raise BasicError("OV")
    try:
        y: float = struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:
        raise BasicError("OV") from None
    if abs(y) > MBF_MAX:
        raise BasicError("OV")
    return y


def int_(x: float) -> int:
    """INT: the largest integer not above x (a floor, also of negatives).

    >>> int_(-0.5), int_(2.9), int_(-1/16)
    (-1, 2, -1)
    """
    return math.floor(x)


def subscript(x: float, dim: int) -> int:
    """An array subscript: truncated; negative is ?FC, past the DIM ?BS."""
    if x < 0:
        raise BasicError("FC")
    i = int(x)
    if i > dim:
        raise BasicError("BS")
    return i


def fout(x: float) -> str:
    """A number as PRINT shows it, without the trailing blank.

    >>> [fout(v) for v in (5, -5, 0, 0.5, 1e6, 123456.7, 0.001, -1.5e-9)]
    [' 5', '-5', ' 0', ' .5', ' 1E+06', ' 123457', ' 1E-03', '-1.5E-09']
    """
    if x == 0:
        return " 0"
    sign = "-" if x < 0 else " "
    mantissa, _, exp_text = f"{abs(x):.5e}".partition("e")
    exp = int(exp_text)
    digits = mantissa.replace(".", "").rstrip("0") or "0"
    if -2 <= exp <= 5:
        if exp >= 0:
            whole = digits[: exp + 1].ljust(exp + 1, "0")
            frac = digits[exp + 1 :]
            return sign + whole + ("." + frac if frac else "")
        return sign + "." + "0" * (-exp - 1) + digits
    head = digits[0] + ("." + digits[1:] if len(digits) > 1 else "")
    return f"{sign}{head}E{'+' if exp >= 0 else '-'}{abs(exp):02d}"


def _skip_spaces(text: str, i: int) -> int:
    while i < len(text) and text[i] == " ":
        i += 1
    return i


def fin(text: str, i: int = 0) -> tuple[float, int]:
    """FIN: the number starting at ``text[i]``; returns (value, index after it).

    Spaces are skipped everywhere, as CHRGET skips them; no digits at all
    read as 0 (so an empty field between commas is 0).

    >>> fin("1 4"), fin(" -2.5E1,"), fin(",4"), fin("X")
    ((14.0, 3), (-25.0, 7), (0.0, 0), (0.0, 0))
    """
    i = _skip_spaces(text, i)
    negative = False
    if i < len(text) and text[i] in "+-":
        negative = text[i] == "-"
        i = _skip_spaces(text, i + 1)
    digits, point, decimals = "", False, 0
    while i < len(text):
        c = text[i]
        if c.isdigit() and c.isascii():
            digits += c
            decimals += 1 if point else 0
        elif c == "." and not point:
            point = True
        else:
            break
        i = _skip_spaces(text, i + 1)
    exponent = 0
    if i < len(text) and text[i] == "E":
        i = _skip_spaces(text, i + 1)
        exp_negative = False
        if i < len(text) and text[i] in "+-":
            exp_negative = text[i] == "-"
            i = _skip_spaces(text, i + 1)
        exp_digits = ""
        while i < len(text) and text[i].isdigit() and text[i].isascii():
            exp_digits += text[i]
            i = _skip_spaces(text, i + 1)
        if exp_digits:
            exponent = int(exp_digits) * (-1 if exp_negative else 1)
    if not digits.strip("0"):
        return 0.0, i
    power = exponent - decimals
    if power > 60:  # far past the range: FIN's multiplications overflow
        raise BasicError("OV")
    value = float(f"{digits}e{power}") if power >= -400 else 0.0
    return single(-value if negative else value), i


def basic_for(start: float, stop: float, step: float = 1) -> Iterator[float]:
    """FOR v=start TO stop STEP step: the values v takes in the body.

    The body runs at least once; NEXT adds the step and compares.

    >>> list(basic_for(3, 1)), list(basic_for(1, 3))
    ([3], [1, 2, 3])
    """
    v = start
    while True:
        yield v
        v = v + step
        if not isinstance(v, int):
            v = single(v)
        if (step >= 0 and v > stop) or (step < 0 and v < stop):
            return


# -- the control stack (FOR and GOSUB) --------------------------------------------


class ControlStack:
    """The stack on which BASIC keeps its FOR loops and GOSUBs ([8K4]
    ``GetFlowPtr``, Microsoft's FNDFOR, used by FOR, NEXT and ``Return``;
    avwohl/mbasic2025 ``4k8k/8k/8kbas_src.mac``), confirmed by the
    interpreter itself (tools/basic_reference: ``?NF ERROR IN 350``).

    * FOR v: FNDFOR looks down the stack for a FOR entry of v, stopping at
      the first entry that is not a FOR (a GOSUB); if it finds one, that
      entry and every entry above it are thrown away.  Then v's entry is
      pushed.
    * NEXT v: FNDFOR finds v's entry (``?NF ERROR`` if it does not), the
      entries above it are thrown away; when the loop is over, v's entry
      goes too.  NEXT without a variable takes the top FOR entry.
    * GOSUB pushes an entry; RETURN throws away the FOR entries above the
      top GOSUB entry and pops it (``?RG ERROR`` if there is none).
    * A loop left by GOTO leaves its entry where it is: that is how a FOR
      met later can take more than its own entry with it.

    Entries are the loop variable's name, or ``GOSUB``.
    """

    GOSUB = "GOSUB"

    def __init__(self) -> None:
        self.entries: list[str] = []

    def _find_for(self, var: Optional[str]) -> Optional[int]:
        """FNDFOR: the index of the entry of ``var`` (None: the top FOR entry)."""
        for i in range(len(self.entries) - 1, -1, -1):
            entry = self.entries[i]
            if entry == self.GOSUB:
                return None
            if var is None or entry == var:
                return i
        return None

    def for_(self, var: str) -> None:
        found = self._find_for(var)
        if found is not None:
            del self.entries[found:]
        self.entries.append(var)

    def next_(self, var: Optional[str] = None, *, done: bool = False, line: Optional[int] = None) -> None:
        """NEXT [var]; ``done``: the loop is over (its entry goes)."""
        found = self._find_for(var)
        if found is None:
            raise BasicError("NF", line)
        del self.entries[found + (0 if done else 1):]

    def gosub(self) -> None:
        self.entries.append(self.GOSUB)

    def return_(self, line: Optional[int] = None) -> None:
        while self.entries and self.entries[-1] != self.GOSUB:
            self.entries.pop()
        if not self.entries:
            raise BasicError("RG", line)
        self.entries.pop()

    def copy(self) -> "ControlStack":
        other = ControlStack()
        other.entries = list(self.entries)
        return other


class NoStack(ControlStack):
    """A control stack that forgets loops left by GOTO: a modern fix, not
    Microsoft's rule (a FOR always starts clean, a NEXT always finds its loop)."""

    def for_(self, var: str) -> None:
        self.entries = [e for e in self.entries if e == self.GOSUB]

    def next_(self, var: Optional[str] = None, *, done: bool = False, line: Optional[int] = None) -> None:
        pass

    def copy(self) -> "ControlStack":
        return NoStack()


# -- PRINT items ---------------------------------------------------------------


@dataclass(frozen=True)
class Tab:
    """``TAB(n)`` in a PRINT list."""

    n: float


def tab(n: float) -> Tab:
    return Tab(n)


class _Comma:
    def __repr__(self) -> str:
        return "COMMA"


COMMA = _Comma()  # ``,`` in a PRINT list; juxtaposed items are ``;``

PrintItem = Union[str, float, int, Tab, _Comma]


# -- input line editing -----------------------------------------------------------


class LineEditor:
    """BASIC's line input ([8K4] 04D4), fed the typed bytes as they come.

    Bytes lose their top bit; ``@`` and Ctrl-U cancel the line so far, ``_``
    and RUBOUT delete the last character, other control characters except
    BEL are dropped, CR ends the line, and at most 71 characters are kept
    (past them the interpreter rang the bell and kept nothing, but went on
    obeying the editing keys, so a line of any length is read through).
    A typed Ctrl-C is a break.
    """

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.ended = False  # a CR ended the line: the rest is not looked at
        self.ctrl_o = 0  # Ctrl-O typed: each one turns BASIC's output off or on

    def feed(self, data: bytes) -> None:
        kept = self.kept
        for byte in data:
            if self.ended:
                return
            c = byte & 0x7F
            if c == 0x03:
                raise Break(at_input=True)
            if c == 0x0F:  # [8K4] 0556: Ctrl-O flips suppress_output, read as a NUL
                self.ctrl_o += 1
                continue
            if c == 0x0D:
                self.ended = True
            elif c in (0x15, 0x40):  # Ctrl-U, @
                kept.clear()
            elif c in (0x5F, 0x7F):  # _ (backarrow), RUBOUT
                if kept:
                    kept.pop()
            elif c < 0x20 and c != 0x07:
                continue
            elif len(kept) < INPUT_MAX:
                kept.append(chr(c))

    def text(self) -> str:
        return "".join(self.kept)


def edit_line(raw: str) -> str:
    """The line BASIC's line input keeps from what was typed (see LineEditor)."""
    editor = LineEditor()
    editor.feed(encode(raw.rstrip("\n")))
    return editor.text()


# -- the running program ----------------------------------------------------------------


class AltairBasic:
    """The interpreter's I/O as a port calls it: PRINT, INPUT, errors.

    ``line`` is the line being executed, for the error and break messages;
    the port sets it.  ``pos`` is the terminal column BASIC counts.
    """

    def __init__(self, console: Console, width: int = WIDTH):
        self.console = console
        self.width = width
        self.last_zone = (width // ZONE - 1) * ZONE
        self.pos = 0
        self.line = 0
        self._pending: list[str] = []
        self.output_off = False  # suppress_output: a Ctrl-O was typed ([8K4] OutChar)
        self.screen: Optional[VideoTerminal] = VideoTerminal() if console.screen else None
        # On a screen what is typed is drawn into the picture as the console reads it (its echo),
        # unless this console's input is echoed by its terminal: then it is drawn once read.
        self._drawn_echo = self.screen is not None and console.echo_with(self._echo)
        if self.screen is not None:
            console.redraw_with(self._repaint)

    # -- output ---------------------------------------------------------------
    def _emit(self, text: str) -> None:
        if not self.output_off:
            self._pending.append(text)

    def flush(self) -> None:
        """Send what was printed to the console (and draw it, on a screen)."""
        text = "".join(self._pending)
        self._pending.clear()
        if self.screen is not None:
            self.console.printed(text)  # the teletype's text, for a recording of the drawn session
            self.screen.feed(text)
            self.screen.render(self.console)
        elif text:
            self.console.write(text)
        self.console.flush()

    def _echo(self, text: str) -> None:
        """The console's echo of a line being typed, drawn on the screen at once."""
        assert self.screen is not None
        self.screen.type(text)
        self.screen.render(self.console)
        self.console.flush()

    def _repaint(self) -> None:
        assert self.screen is not None
        self.screen.repaint(self.console)
        self.console.flush()

    def _crlf(self) -> None:
        self._emit("\n")
        self.pos = 0

    def _chars(self, text: str) -> None:
        """OutChar for each character: a new line first when the row is full."""
        for ch in text:
            if ch >= " ":
                if self.pos == self.width:
                    self._crlf()
                self.pos += 1
            self._emit(ch)

    def _number(self, x: float) -> None:
        text = fout(x)
        if self.pos + len(text) >= self.width:
            self._crlf()
        self._chars(text + " ")

    def _tab(self, n: float) -> None:
        if not 0 <= n < 256:
            raise BasicError("FC")
        n = int(n)
        if n > self.pos:
            self._chars(" " * (n - self.pos))

    def _comma(self) -> None:
        if self.pos >= self.last_zone:
            self._crlf()
        else:
            self._chars(" " * (ZONE - self.pos % ZONE))

    def print_(self, *items: PrintItem, newline: bool = True) -> None:
        """PRINT: items juxtaposed as with ``;``; ``newline=False`` is a
        trailing ``;``."""
        for item in items:
            if isinstance(item, Tab):
                self._tab(item.n)
            elif isinstance(item, _Comma):  # COMMA, the one _Comma
                self._comma()
            elif isinstance(item, str):
                self._chars(item)
            else:
                self._number(item)
        if newline:
            self._crlf()

    # -- input ------------------------------------------------------------------
    def _read(self) -> str:
        """One line from the operator, edited as BASIC's line input does; a
        long line is taken piece by piece, and only its 71 characters held."""
        self.flush()
        self.output_off = False  # line input turns the output on again (the interpreter's runs)
        editor = LineEditor()
        got = returned = False
        while True:
            try:
                piece = self.console.read_chunk(LINE_PIECE)
            except KeyboardInterrupt:
                raise Break(at_input=True, interrupted=True) from None
            if piece is None:
                if not got:
                    raise Break(at_input=True)
                break  # the last line, without its RETURN
            got = True
            text = piece[:-1] if piece.endswith("\n") else piece
            if self.screen is not None and not self._drawn_echo:  # the terminal echoed it
                self.screen.feed(text)
            editor.feed(encode(text))
            if piece.endswith("\n"):
                returned = True
                break
        if self.screen is not None and not (self._drawn_echo and returned):  # and the RETURN
            self.screen.feed("\n")
        self.pos = 0
        if editor.ctrl_o % 2:
            self.output_off = not self.output_off
        return editor.text()

    def input_(self, prompt: str, values: Sequence[float]) -> list[float]:
        """INPUT "prompt";v1,v2,...: the variables' values after the statement."""
        result = list(values)
        while True:  # ?REDO FROM START executes the statement again
            self._chars(prompt + "? ")
            buf = self._read()
            if buf == "":
                return result  # an empty answer skips the statement
            i = 0
            for n in range(len(result)):
                if n > 0:
                    if i < len(buf) and buf[i] == ",":  # at the comma after the last value
                        i += 1
                    else:  # the end of the line, or a ':' (which ends it too)
                        self._chars("?? ")
                        buf, i = self._read(), 0
                        if buf == "":
                            return result
                result[n], i = fin(buf, i)
                i = _skip_spaces(buf, i)
                if i < len(buf) and buf[i] not in ",:":
                    self._chars("?REDO FROM START")
                    self._crlf()
                    break
            else:
                if i < len(buf):
                    self._chars("?EXTRA IGNORED")
                    self._crlf()
                return result

    # -- running --------------------------------------------------------------------
    def _back_to_command_level(self, message: str) -> None:
        self._chars(message)
        self._crlf()
        self.output_off = False  # the OK prompt's loop turns the output on ([8K4] Main)
        self._chars("OK")
        self._crlf()
        self.flush()

    def run(self, body: Callable[[], None]) -> int:
        """Run the program; return the session's exit status."""
        try:
            try:
                body()
            except KeyboardInterrupt:
                raise Break(interrupted=True) from None
        except Break as stop:
            self.output_off = False  # BREAK forces the output on ([8K4] scnval)
            if stop.at_input or self.pos:
                self._crlf()  # ^C at an INPUT: BASIC ends the line
            self._crlf()
            self._back_to_command_level(f"BREAK IN {self.line}")
            return INTERRUPTED if stop.interrupted else 0
        except BasicError as error:
            if self.pos:
                self._crlf()
            self._back_to_command_level(f"?{error.code} ERROR IN {error.line or self.line}")
            return 1
        except ProgramExit as done:
            self.flush()
            return done.status
        self.flush()
        return 0

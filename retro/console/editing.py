"""The line editor: a line typed on a terminal in cbreak mode, edited and echoed
here as the terminal's canonical mode would (its own erase, kill, word-erase keys)."""
from __future__ import annotations

import os
import select
import time
from dataclasses import dataclass
from typing import Callable, Optional, Protocol

from .interface import decode


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


REPAINT = 0x0C  # Ctrl-L: the screen drawn again whole (a screen console's input, the menu's keys)
POLL = 0.1  # seconds between two looks at the terminal (its size, fg) while a key is awaited


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


class TypedKeys(Protocol):
    """What is typed, taken a character or a line at a time (``TypedInput``, or
    the visitor's browser's keys: retro.browser.keys)."""

    def char(self) -> Optional[bytes]: ...

    def line(self) -> Optional[bytes]: ...

    def discard(self) -> None: ...


class TypedInput:
    """What is typed on a terminal, read from its file descriptor and taken a
    character or a line at a time; what was read and not taken yet waits,
    unechoed, for the next read."""

    def __init__(self, fd: int, idle: Optional[Callable[[], bool]] = None):
        self.fd = fd
        self._pending = b""  # read from the terminal, not yet taken
        # Called while no key is there (every POLL seconds): True when a key may be read
        # (a screen too small for its program reads none: they wait, typed ahead).
        self._idle = idle

    def _await_key(self) -> None:
        """Until a key is there to be read and may be (``idle``)."""
        if self._idle is None:
            return
        while True:
            if not self._idle():
                time.sleep(POLL)
                continue
            try:
                if select.select([self.fd], [], [], POLL)[0]:
                    return
            except (OSError, ValueError):  # a descriptor gone: the read says so
                return

    def discard(self) -> None:
        """Forget what was read and not taken."""
        self._pending = b""

    def line(self) -> Optional[bytes]:
        """A line as the terminal's canonical mode hands it over (edited and
        echoed by the terminal): with its ``b"\\n"``, or without it when
        Ctrl-D ended a partial line; None at the end of input."""
        while b"\n" not in self._pending:
            chunk = os.read(self.fd, 4096)
            if not chunk:  # Ctrl-D: end of input (or of a partial line)
                if not self._pending:
                    return None
                data, self._pending = self._pending, b""
                return data
            self._pending += chunk
        line, _, self._pending = self._pending.partition(b"\n")
        return line + b"\n"

    def char(self) -> Optional[bytes]:
        """The next character typed (a UTF-8 sequence whole, or one byte);
        None when the terminal has hung up."""
        if not self._pending:
            self._await_key()
            try:
                self._pending = os.read(self.fd, 4096)
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
                    more = os.read(self.fd, 4096)
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


class CanonicalEcho:
    """What canonical mode shows of a line as it is typed: its characters,
    ``^X`` for a control character, ``"\\b"`` rubbing out one character
    whole (the width it was shown with) and ``"\\n"`` as a new line."""

    def __init__(self) -> None:
        self._widths: list[int] = []  # the width of each character echoed on the line

    def reset(self) -> None:
        self._widths.clear()

    def shown(self, text: str) -> str:
        """What the terminal shows for ``text`` echoed."""
        shown = []
        for ch in text:
            if ch == "\b":
                shown.append("\b \b" * (self._widths.pop() if self._widths else 0))
            elif ch == "\n":
                self._widths.clear()
                shown.append("\r\n")
            elif ch < " " or ch == "\x7f":
                self._widths.append(2)
                shown.append("^" + chr(ord(ch) ^ 0x40))
            else:
                self._widths.append(1)
                shown.append(ch)
        return "".join(shown)


def edit_line(typed: TypedKeys, keys: SpecialKeys, echo: Callable[[str], None],
              repaint: Optional[Callable[[], None]] = None) -> Optional[str]:
    """A line as canonical mode edits it, read and echoed now (the terminal
    is in cbreak mode with its echo off): ``echo`` is handed the characters
    typed, ``"\\b"`` for each one erased and ``"\\n"`` for the line's end.
    The keys are the terminal's own (stty): erase, kill, werase, eof, lnext;
    a line ends at a new line (Enter, which the terminal turns into one) or
    eol/eol2.  A character is a whole UTF-8 sequence, erased whole (as with
    IUTF8); the rest of what was read waits for the next line, unechoed.
    Ctrl-L has the screen drawn again (``repaint``), and is no character of
    the line.  None at the end of input (Ctrl-D at the line's start, a terminal hung up)."""
    chars: list[bytes] = []  # the line so far, one character each
    literal = False
    while True:
        try:
            char = typed.char()
        except KeyboardInterrupt:  # the terminal drops what was typed (no NOFLSH): so does the line
            typed.discard()
            raise
        if char is None:  # the terminal hung up: what was typed is the last line
            return decode(b"".join(chars)) if chars else None
        key = char[0] if len(char) == 1 else None  # a key is one byte; a UTF-8 sequence is text
        if literal:
            literal = False
        elif key in keys.ends:
            echo("\n")
            return decode(b"".join(chars) + char)
        elif key == keys.eof:
            return decode(b"".join(chars)) if chars else None  # not echoed, as canonical mode does
        elif key == keys.erase:
            if chars:
                chars.pop()
                echo("\b")
            continue
        elif key == keys.kill:
            echo("\b" * len(chars))
            chars.clear()
            continue
        elif key == keys.werase:
            while chars and chars[-1] in (b" ", b"\t"):
                chars.pop()
                echo("\b")
            while chars and chars[-1] not in (b" ", b"\t"):
                chars.pop()
                echo("\b")
            continue
        elif key == keys.lnext:
            literal = True
            continue
        elif key == keys.reprint:
            continue
        elif key == REPAINT and repaint is not None:
            repaint()
            continue
        chars.append(char)
        echo(decode(char))

"""The visitor's keys as a pseudo-terminal's line discipline hands them to a
session's program on ``retro serve`` (Linux's n_tty, as ``stty sane`` sets it):
Enter's CR as LF (ICRNL); Ctrl-C, Ctrl-\\ and Ctrl-Z as the signals they raise
(ISIG: the program's SIGTSTP is ignored there, so Ctrl-Z does nothing); for a
teletype, lines edited and echoed as canonical mode does (retro.console.editing,
the screen console's own line editor), control keys echoed as ``^X`` (ECHOCTL);
for a program that draws, keys one at a time, unechoed (cbreak, as the runner
sets it on a real terminal).

Two differences from the pty, said in docs/static-site.md: a key typed while
the program computes is echoed when the program next reads, not at once (the
program and the page's key handling share the worker's one thread), and Ctrl-C
stops it only then; Ctrl-Z leaves the line being typed as it was (n_tty flushes
it, though the program ignores the stop).
"""
from __future__ import annotations

import signal
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Callable, Optional

from ..console.editing import POLL, CanonicalEcho, SpecialKeys, TypedKeys, edit_line
from ..console.interface import encode
from ..signals import Terminated
from .page import Page

if TYPE_CHECKING:
    from blessed import Terminal

CR, LF = 0x0D, 0x0A
INTR, QUIT, SUSP = 0x03, 0x1C, 0x1A  # stty's intr, quit and susp keys


def _char_length(lead: int) -> int:
    """How many bytes the UTF-8 sequence that starts with ``lead`` has (1 for a lone byte)."""
    return 2 if 0xC2 <= lead <= 0xDF else 3 if 0xE0 <= lead <= 0xEF else 4 if 0xF0 <= lead <= 0xF4 else 1


class PageKeys:
    """What the visitor types in the page, taken a character at a time (a UTF-8
    sequence whole), with the signal keys raising what their signal raises in
    a session's process; ``echo`` shows them as canonical mode echoes them
    (``^C``), or nothing (cbreak, no echo)."""

    def __init__(self, page: Page, echo: Optional[Callable[[str], None]] = None):
        self._page = page
        self._pending = b""
        self.echo = echo

    def _fill(self, timeout: Optional[float]) -> bool:
        more = self._page.keys(timeout)
        self._pending += more
        return bool(more)

    def waiting(self) -> bytes:
        """What has been typed and not taken, with what has arrived meanwhile (no wait)."""
        while self._fill(0):
            pass
        return self._pending

    def char(self, timeout: Optional[float] = None) -> Optional[bytes]:
        """The next character (ICRNL applied; a signal key raises); None if
        none came within ``timeout`` seconds."""
        while True:
            if not self._pending and not self._fill(timeout):
                return None
            lead = self._pending[0]
            size = _char_length(lead)
            while len(self._pending) < size and self._fill(0):
                pass
            k = 1
            while k < size and k < len(self._pending) and 0x80 <= self._pending[k] <= 0xBF:
                k += 1
            k = k if k == size else 1  # not UTF-8: the lead byte alone
            char, self._pending = self._pending[:k], self._pending[k:]
            if self._signalled(lead) and k == 1:
                continue  # Ctrl-Z: taken by the terminal, the program's SIGTSTP ignored
            return b"\n" if char == bytes([CR]) else char

    def _signalled(self, key: int) -> bool:
        """A signal key: raises what the signal raises in the program (True: a key that does nothing)."""
        if key not in (INTR, QUIT, SUSP):
            return False
        if self.echo is not None:
            self.echo("^" + chr(key ^ 0x40))
        if key == INTR:
            raise KeyboardInterrupt
        if key == QUIT:
            raise Terminated(signal.SIGQUIT)
        return True

    def discard(self) -> None:
        """Forget what was typed and not taken (the terminal's input flushed)."""
        self._pending = b""
        while self._page.keys(0):
            pass


class CanonicalInput:
    """A teletype's standard input on the page's terminal in canonical mode:
    a line edited and echoed as it is typed (``edit_line`` with the usual keys:
    Backspace, Ctrl-U, Ctrl-W, Ctrl-V), handed over whole or, to a reader
    that asks for less, a piece at a time; b"" at Ctrl-D on an empty line."""

    def __init__(self, page: Page, show: Callable[[str], None]):
        self._page = page
        self._show = show
        self._echoed = CanonicalEcho()
        self.keys = PageKeys(page, echo=self._echo)
        self._line = b""  # the rest of the line handed over last

    def _echo(self, text: str) -> None:
        self._show(self._echoed.shown(text))

    def readline(self, size: int = -1, /) -> bytes:
        if not self._line:
            self._echoed.reset()
            line = edit_line(_Typed(self.keys), SpecialKeys(), self._echo)
            if line is None:
                return b""
            self._line = encode(line)
        end = self._line.find(b"\n") + 1 or len(self._line)
        if 0 <= size < end:
            end = size
        taken, self._line = self._line[:end], self._line[end:]
        return taken

    def ready(self) -> bool:
        """Whether a read would find a line without waiting (canonical mode hands over none sooner)."""
        if self._line:
            return True
        typed = self.keys.waiting()
        return any(key in typed for key in (b"\r", b"\n", b"\x04"))

    def sleep(self, seconds: float) -> None:
        self._page.sleep(seconds)


class _Typed:
    """PageKeys as ``edit_line`` takes them (editing.TypedKeys)."""

    def __init__(self, keys: PageKeys, idle: Optional[Callable[[], bool]] = None):
        self._keys = keys
        self._idle = idle

    def char(self) -> Optional[bytes]:
        if self._idle is None:
            return self._keys.char()
        while True:  # the screen drawn again if the terminal changed (KeyLoop.idle), a key when one may be read
            if not self._idle():
                self._keys.waiting()
                continue
            key = self._keys.char(POLL)
            if key is not None:
                return key

    def line(self) -> Optional[bytes]:
        raise NotImplementedError("the page's keys are edited here (cbreak), never by a line discipline")

    def discard(self) -> None:
        self._keys.discard()


class PageKeyboard:
    """The screen console's keys from the page (retro.console.keyboard): one at
    a time, unechoed, a line edited and echoed by the console itself."""

    fd: Optional[int] = None

    def __init__(self, keys: PageKeys):
        self.keys = keys

    def typed(self, idle: Callable[[], bool]) -> TypedKeys:
        return _Typed(self.keys, idle)

    def edits_lines(self) -> bool:
        return True

    def special_keys(self) -> SpecialKeys:
        return SpecialKeys()

    def cbreak(self) -> AbstractContextManager[None]:
        return nullcontext()

    def drop_typed_ahead(self, term: Terminal) -> None:
        self.keys.discard()

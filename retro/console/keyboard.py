"""Where a screen console's keys come from: a terminal's file descriptor, its
modes set through termios (``TerminalKeyboard``), or anything else that offers
the same few things (the visitor's browser: retro.browser.keys)."""
from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Callable, Optional, Protocol

from ..terminal import cbreak, in_cbreak
from .editing import SpecialKeys, TypedInput, TypedKeys, special_keys

if TYPE_CHECKING:
    from blessed import Terminal


class Keyboard(Protocol):
    """A screen console's source of keys."""

    fd: Optional[int]  # the terminal's input, when there is one (the key loop looks whether it hung up)

    def typed(self, idle: Callable[[], bool]) -> TypedKeys:
        """What is typed; ``idle`` is called while no key is there (the screen
        drawn again if the terminal changed), True when a key may be read."""

    def edits_lines(self) -> bool:
        """Whether a line is edited and echoed by the console (cbreak mode)
        rather than by the terminal (canonical mode)."""

    def special_keys(self) -> SpecialKeys:
        """The line-editing keys (erase, kill, ...)."""

    def cbreak(self) -> AbstractContextManager[None]:
        """Keys delivered as typed, unechoed, for the block."""

    def drop_typed_ahead(self, term: Terminal) -> None:
        """Forget the keys typed and not read yet."""


class TerminalKeyboard:
    """The keys of the terminal on ``fd`` (its modes: termios)."""

    def __init__(self, fd: int):
        self.fd: Optional[int] = fd

    def typed(self, idle: Callable[[], bool]) -> TypedKeys:
        assert self.fd is not None
        return TypedInput(self.fd, idle=idle)

    def edits_lines(self) -> bool:
        return self.fd is not None and in_cbreak(self.fd)

    def special_keys(self) -> SpecialKeys:
        return special_keys(self.fd) if self.fd is not None else SpecialKeys()

    def cbreak(self) -> AbstractContextManager[None]:
        return cbreak()

    def drop_typed_ahead(self, term: Terminal) -> None:
        """The terminal's input queue, and what blessed has read of it ahead
        (it reads every byte there is and keeps what follows the key)."""
        import termios

        if self.fd is None:
            return
        try:
            termios.tcflush(self.fd, termios.TCIFLUSH)
            with cbreak():
                while term.inkey(timeout=0):
                    pass
        except (OSError, termios.error):  # a terminal gone: nothing to read anyway
            pass

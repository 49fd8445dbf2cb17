"""The console: the only I/O surface a port uses, handed to it; text is ``str``, and
bytes that are not UTF-8 travel through as lone surrogates (``surrogateescape``).

``interface`` is what a program sees (``Console``); ``line`` the teletype over
byte streams (pipes, files, transcripts, tests); ``screen`` a real terminal
through blessed, whose line input ``editing`` edits as canonical mode does.
A session kept as events (``Recorder``) is retro.recording's.
"""
from typing import TYPE_CHECKING, Any

from .interface import (ENCODING, ERRORS, Console, InputStream, ProgramExit, StreamKind, decode, encode,
                        stream_kind)
from .line import MAX_LINE, LineConsole, LiveInput

if TYPE_CHECKING:
    from .screen import KEY_NAMES, ScreenConsole, key_name

_SCREEN_NAMES = ("KEY_NAMES", "ScreenConsole", "key_name")

__all__ = ["ENCODING", "ERRORS", "KEY_NAMES", "MAX_LINE", "Console", "InputStream", "LineConsole", "LiveInput",
           "ProgramExit", "ScreenConsole", "StreamKind", "decode", "encode", "key_name", "stream_kind"]


def __getattr__(name: str) -> Any:
    """The screen console's names, loaded when first asked for: a run in a pipe never needs them."""
    if name in _SCREEN_NAMES:
        from . import screen

        return getattr(screen, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""The console: the only I/O surface a port uses, handed to it; text is ``str``, and
bytes that are not UTF-8 travel through as lone surrogates (``surrogateescape``).

``interface`` is what a program sees (``Console``); ``line`` the teletype over
byte streams (pipes, files, transcripts, tests); ``screen`` a real terminal
through blessed, whose line input ``editing`` edits as canonical mode does and
whose keys ``keys`` reads (the menu's too).
A session kept as events (``Recorder``) is retro.recording's.
"""
from typing import TYPE_CHECKING, Any

from .interface import (ENCODING, ERRORS, Console, InputStream, ProgramExit, StreamKind, decode, encode,
                        stream_kind)
from .line import MAX_LINE, LineConsole, LiveInput

if TYPE_CHECKING:
    from .keys import KEY_NAMES, key_name
    from .screen import ScreenConsole

_SCREEN_NAMES = {"KEY_NAMES": "keys", "key_name": "keys", "ScreenConsole": "screen"}

__all__ = ["ENCODING", "ERRORS", "KEY_NAMES", "MAX_LINE", "Console", "InputStream", "LineConsole", "LiveInput",
           "ProgramExit", "ScreenConsole", "StreamKind", "decode", "encode", "key_name", "stream_kind"]


def __getattr__(name: str) -> Any:
    """The screen console's names, loaded when first asked for: a run in a pipe never needs them."""
    if name in _SCREEN_NAMES:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_SCREEN_NAMES[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

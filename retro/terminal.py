"""The terminal: blessed's set-up, and the terminal's modes saved and given back.

This is the one module that knows the terminal.  The menu, the screen
console and the replay get their blessed ``Terminal`` from ``terminal()``;
the runner (a session's end) and the signal handlers (an ending signal,
Ctrl-Z and ``fg``) save and restore the terminal's modes with
``save_modes``/``set_modes``; a program that draws on the screen runs in
``keys_unechoed`` (cbreak, no echo) from its start to its end.

Nothing here imports blessed until a terminal is asked for: retro.signals
imports this module first thing, and a teletype session never needs blessed.

The workarounds below were checked against blessed 1.52.0;
tests/test_blessed_workarounds.py fails when a newer blessed makes one of
them unnecessary or wrong.
"""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Iterator, Optional, TextIO

if TYPE_CHECKING:
    from blessed import Terminal
    from blessed._capabilities import TermcapResponse

# blessed waits up to this many seconds for an answer to each question it
# asks the terminal (BLESSED_QUERY_TIMEOUT_SECONDS, blessed's documented
# setting; a user's own setting wins).  retro asks nothing (below); this
# bounds the wait should a blessed version ask something new.
QUERY_TIMEOUT = "0.5"

Modes = list[Any]  # what termios.tcgetattr returns


def on_terminal() -> bool:
    """Whether a person sits at this process's standard input and output."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def terminal(stream: Optional[TextIO] = None) -> Terminal:
    """A blessed Terminal bound to our stdout (or ``stream``) that asks the
    terminal nothing.  (blessed's own default stream is sys.__stdout__.)

    blessed 1.52 asks the terminal who it is as the Terminal is made: an
    XTGETTCAP query (``ESC P + q``), then XTVERSION (``ESC [ > q``), and
    waits for answers that some terminals never give; an answer that comes
    late is read as the user's first key.  retro needs nothing beyond
    terminfo, so it answers the first question itself (blessed's
    ``_xtgettcap_data`` argument, the answer "not supported") and does not
    ask the second (``detect_term_program``, overridden: wcwidth then reads
    TERM_PROGRAM and TERM itself, as blessed does when it does not know).
    A key that is not valid in the terminal's encoding (0xff, or a Latin-1
    terminal's é) is read as U+FFFD (readable_keys).
    """
    os.environ.setdefault("BLESSED_QUERY_TIMEOUT_SECONDS", QUERY_TIMEOUT)
    import blessed

    class QuietTerminal(blessed.Terminal):
        def detect_term_program(self, timeout: float = 0.0, force: bool = False) -> bool | str:
            self.term_program = True  # "unknown": wcwidth reads TERM_PROGRAM and TERM
            return True

    # NO_COLOR asks for no colour; blessed takes it as "no control sequences
    # at all" (even with force_styling), which would leave no fullscreen menu.
    # retro uses no colour (only reverse video and bold), so blessed does not
    # see NO_COLOR while the Terminal is made.
    no_color = os.environ.pop("NO_COLOR", None)
    try:
        term = QuietTerminal(stream=stream or sys.stdout, _xtgettcap_data=not_supported())
    finally:
        if no_color is not None:
            os.environ["NO_COLOR"] = no_color
    readable_keys(term)
    return term


def readable_keys(term: Terminal) -> None:
    """Make ``term`` read a key that is not valid in its encoding as U+FFFD.

    blessed 1.52's ``inkey`` decodes each byte with a strict incremental
    decoder (``Terminal.getch``, ``_keyboard_decoder``) and raises
    UnicodeDecodeError out of ``inkey`` for 0xff; only its bulk reads
    replace.  There is no public setting: the decoder is replaced.
    """
    import codecs

    if hasattr(term, "_keyboard_decoder"):  # only a terminal with a keyboard has one
        term._keyboard_decoder = codecs.getincrementaldecoder(term._encoding)(errors="replace")


def not_supported() -> TermcapResponse:
    """blessed's answer "this terminal does not support XTGETTCAP", which
    blessed then takes without asking.  Its class lives in a private module
    (blessed._capabilities, 1.52): there is no public way to say it."""
    from blessed._capabilities import TermcapResponse

    return TermcapResponse(supported=False)


def can_address_cursor(term: Terminal) -> bool:
    """Whether we may place text on this terminal.

    TERM=dumb (an Emacs shell, a serial line) says no; blessed would still
    emit xterm sequences for it (kind="dumb" no longer turns styling off).
    An unknown TERM is taken as xterm-256color, as blessed does.
    """
    if os.environ.get("TERM", "dumb") in ("dumb", ""):
        return False
    try:
        return bool(term.move_yx(1, 1)) and term.height > 0 and term.width > 0
    except Exception:  # noqa: BLE001  # a broken terminfo entry is a "no", whatever blessed raises for it
        return False


# -- the terminal's modes ------------------------------------------------------


def input_terminal() -> Optional[int]:
    """The file descriptor of standard input if it is a terminal."""
    try:
        fd = sys.stdin.fileno()
        return fd if os.isatty(fd) else None
    except (AttributeError, OSError, ValueError):  # no stdin, or one without a descriptor
        return None


def save_modes() -> Optional[Modes]:
    """The terminal's modes now (None when standard input is no terminal)."""
    fd = input_terminal()
    if fd is None:
        return None
    try:
        import termios

        return termios.tcgetattr(fd)
    except ImportError:
        return None
    except (OSError, termios.error):  # termios.error is no OSError
        return None


def set_modes(modes: Optional[Modes]) -> None:
    """Put back modes that save_modes returned (nothing if it returned None)."""
    fd = input_terminal()
    if modes is None or fd is None:
        return
    try:
        import termios

        termios.tcsetattr(fd, termios.TCSADRAIN, modes)
    except ImportError:
        pass
    except (OSError, termios.error):  # a terminal that hung up (termios.error is no OSError)
        pass


@contextmanager
def modes_restored() -> Iterator[None]:
    """Whatever the block did to the terminal's modes, undo it on the way out."""
    saved = save_modes()
    try:
        yield
    finally:
        set_modes(saved)


def in_cbreak(fd: int) -> bool:
    """Whether the terminal on ``fd`` delivers keys as they are typed (not
    canonical mode); False for anything that is no terminal."""
    try:
        import termios

        return os.isatty(fd) and not termios.tcgetattr(fd)[3] & termios.ICANON
    except ImportError:
        return False
    except (OSError, termios.error):  # termios.error is no OSError
        return False


@contextmanager
def keys_unechoed() -> Iterator[None]:
    """For the whole run of a program that draws on the screen: cbreak mode
    (each key delivered as typed; Ctrl-C, Ctrl-\\ and Ctrl-Z still signals)
    and no echo, so that keys typed while the program draws are never drawn
    by the terminal into its picture (a cursor key's ``^[[D`` on the board):
    the program shows what it reads, when it reads it (the screen console's
    line input echoes, ``ScreenConsole.read_line``).  Keys typed ahead stay
    queued (TCSANOW, no flush).  The modes are put back on the way out,
    whatever ends the block: the program's end, Ctrl-C, an error, a signal
    (retro.signals raises Terminated through here); Ctrl-Z and ``fg`` give
    the terminal back and take it again (retro.signals)."""
    with cbreak():
        yield


def drop_typed_ahead(term: Terminal) -> None:
    """Forget the keys typed and not yet read: the terminal's input queue
    flushed, and what blessed holds of it dropped (keys typed as a program
    ended are no answer to what retro asks next)."""
    fd = input_terminal()
    if fd is None:
        return
    try:
        import termios

        termios.tcflush(fd, termios.TCIFLUSH)
    except ImportError:
        return
    except (OSError, termios.error):  # a terminal that hung up (termios.error is no OSError)
        return
    with cbreak():
        while term.inkey(timeout=0):
            pass


@contextmanager
def cbreak() -> Iterator[None]:
    """Cbreak mode: each key delivered as typed (Ctrl-C, Ctrl-\\ and Ctrl-Z
    still signals) and not echoed, as blessed's ``Terminal.cbreak``; but a
    terminal that hangs up meanwhile is no error on the way in or out (the
    modes cannot be put back on a terminal that is gone)."""
    saved = save_modes()
    fd = input_terminal()
    if saved is not None and fd is not None:
        try:
            import termios

            mode = termios.tcgetattr(fd)
            mode[3] &= ~(termios.ICANON | termios.ECHO)
            mode[6][termios.VMIN] = 1
            mode[6][termios.VTIME] = 0
            termios.tcsetattr(fd, termios.TCSANOW, mode)
        except ImportError:
            pass
        except (OSError, termios.error):  # a terminal that hung up (termios.error is no OSError)
            pass  # the program reads its end
    try:
        yield
    finally:
        set_modes(saved)

"""Signals: the terminal is given back whatever ends, suspends or resumes retro.

* SIGTERM, SIGHUP and SIGQUIT (Ctrl-\\) are handled like Ctrl-C: the signal
  raises ``Terminated`` where the program is, every ``finally`` on the way out
  restores what it changed (the alternate screen, the cursor, cbreak mode, a
  learner's lock), the terminal's modes are put back as they were when retro
  started, and the process ends with 128 + the signal's number, as a shell
  reports a program the signal ended.
* Ctrl-C and those three are the stopping signals (``STOPPING``): the first
  to come holds them all (blocked, never delivered) before it raises, so that
  the rest of a burst (Ctrl-C or Ctrl-\\ held down) never raises again inside
  what handles the first, nor at the interpreter's exit; raised where Python
  keeps it from going up (``_raise``), it is raised again a moment later.  The
  menu, which goes on after a program's Ctrl-C, lets them through again (``go_on``).
* SIGTSTP (Ctrl-Z): the terminal is given back as it was found (normal
  screen, visible cursor, the modes of the start), then the process stops;
  after ``fg`` (SIGCONT) the modes and the screen it had are put back and
  the screen that registered a ``redraw`` draws itself again.
* SIGCONT, however the process was stopped (Ctrl-Z, or SIGSTOP), counts
  as a resume (``resumes``): a screen waiting for a key draws itself again
  whole (retro.console.screen); a teletype waiting for a line on a terminal
  shows its last screenful again at once (``shown_again_on_resume``).

A screen that draws in place registers with ``screen()`` (the menu does);
a port's line input needs nothing (its modes are the terminal's own).
"""
from __future__ import annotations

import os
import signal
import sys
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING, Any, Callable, Iterator, Optional

from .terminal import Modes, save_modes, set_modes

if TYPE_CHECKING:
    from blessed import Terminal

ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGQUIT") if hasattr(signal, name))
STOPPING = (signal.SIGINT, *ENDING)  # Ctrl-C, and the signals that end retro


class Terminated(BaseException):
    """A signal ended retro (not an Exception: nothing may swallow it)."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum

    @property
    def status(self) -> int:
        return 128 + self.signum


class _Screen:  # a plain class: this module is imported first, and dataclasses take long to import
    def __init__(self, term: Terminal, fullscreen: bool, hidden_cursor: bool, redraw: Optional[Callable[[], None]]):
        self.term, self.fullscreen, self.hidden_cursor, self.redraw = term, fullscreen, hidden_cursor, redraw


_screens: list[_Screen] = []
_start_modes: Optional[Modes] = None
_received: Optional[int] = None  # the ending signal, once one came
_stopping = False  # a stopping signal has raised: the rest of its burst is held
_stop_raised: Optional[BaseException] = None  # what the first stopping signal raised
AGAIN_SECONDS = 0.001  # a stop that could not go up is raised again this much later
_resumes = 0  # times retro was continued after Ctrl-Z
_on_resume: list[Callable[[], None]] = []  # what shows itself again as retro is continued (a teletype reading)


def resumes() -> int:
    """How many times retro has been continued after Ctrl-Z: a screen drawn
    in place before one must be drawn whole again (the shell had the terminal)."""
    return _resumes


def received() -> Optional[int]:
    """The signal that is ending retro, if one is."""
    return _received


def _write(term: Terminal, *sequences: str) -> None:
    try:
        term.stream.write("".join(sequences))
        term.stream.flush()
    except (OSError, ValueError):
        pass  # a terminal that hung up


def hold() -> None:
    """Ctrl-C and the ending signals held (blocked, never delivered) from here
    on: retro is stopping, and nothing may interrupt that."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)


def _stop(error: BaseException, frame: Optional[FrameType]) -> None:
    """Raise ``error`` for the first stopping signal, all of them held first; a
    later one of its burst (come before the hold, handled after it) raises nothing."""
    global _stopping
    hold()
    if _stopping:
        return
    _stopping = True
    _raise(error, frame)


def _raise(error: BaseException, frame: Optional[FrameType]) -> None:
    """Raise the stop where it goes up to what handles it.  Not inside a class
    attribute's ``__set_name__``, which Python 3.11 turns into a RuntimeError
    (a dataclass's ``field()`` in a module imported as a program starts); and
    Python swallows it in a weakref's callback or a ``__del__`` (it only prints
    it: ``_swallowed``).  Then it is raised again a moment later."""
    global _stop_raised
    _stop_raised = error.with_traceback(None)
    if _in_set_name(frame):
        _again_later()
        return
    raise _stop_raised


def _in_set_name(frame: Optional[FrameType]) -> bool:
    while frame is not None:
        if frame.f_code.co_name == "__set_name__":
            return True
        frame = frame.f_back
    return False


def _again_later() -> None:
    signal.signal(signal.SIGALRM, _again)
    signal.setitimer(signal.ITIMER_REAL, AGAIN_SECONDS)


def _again(signum: int, frame: Optional[FrameType]) -> None:
    if _stop_raised is not None:
        _raise(_stop_raised, frame)


def _swallowed(unraisable: Any) -> None:
    """``sys.unraisablehook``: the stop, swallowed where it was raised, is
    raised again (``_raise``); anything else is printed as Python prints it."""
    if _stop_raised is not None and unraisable.exc_value is _stop_raised:
        _again_later()
    else:
        sys.__unraisablehook__(unraisable)


def _end(signum: int, frame: Optional[FrameType]) -> None:
    global _received
    if _received is None and not _stopping:
        _received = signum
    _stop(Terminated(signum), frame)


def interrupt(signum: int = signal.SIGINT, frame: Optional[FrameType] = None) -> None:
    """Ctrl-C: KeyboardInterrupt, the stopping signals held (``_stop``); also
    called for a Ctrl-C typed while retro loaded (retro.launch)."""
    _stop(KeyboardInterrupt(), frame)


def go_on() -> None:
    """A Ctrl-C has been answered and retro goes on (the menu, after a program
    it ran): the Ctrl-C of its burst still held are dropped, and the stopping
    signals let through again (an ending one held meanwhile ends retro now)."""
    global _stopping, _stop_raised
    if not _stopping or _received is not None:
        return
    _stop_raised = None
    if signal.SIGINT in signal.sigpending():
        signal.sigtimedwait({signal.SIGINT}, 0)
    _stopping = False
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)


def _suspend(signum: int, frame: Optional[FrameType]) -> None:
    modes = save_modes()
    top = _screens[-1] if _screens else None
    if top is not None:
        t = top.term
        _write(t, t.normal_cursor if top.hidden_cursor else "", t.exit_fullscreen if top.fullscreen else "")
    set_modes(_start_modes)
    signal.signal(signal.SIGTSTP, signal.SIG_DFL)
    try:
        os.kill(os.getpid(), signal.SIGTSTP)  # stops here until SIGCONT (fg)
    finally:
        signal.signal(signal.SIGTSTP, _suspend)
    global _resumes
    _resumes += 1
    # Continued, but perhaps before the shell has made retro's group the
    # terminal's foreground again (`fg` may send SIGCONT first): changing the
    # modes from the background would stop retro again with SIGTTOU, and
    # nobody would continue it.  As shells do, SIGTTOU is ignored meanwhile.
    ttou = signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    try:
        set_modes(modes)
    finally:
        signal.signal(signal.SIGTTOU, ttou)
    if top is not None:
        t = top.term
        _write(t, t.enter_fullscreen if top.fullscreen else "", t.hide_cursor if top.hidden_cursor else "")
        if top.redraw is not None:
            top.redraw()


def _continued(signum: int, frame: Optional[FrameType]) -> None:
    global _resumes
    _resumes += 1
    if _on_resume:
        try:
            _on_resume[-1]()
        except (OSError, ValueError):
            pass  # a terminal that hung up


@contextmanager
def shown_again_on_resume(show: Callable[[], None]) -> Iterator[None]:
    """For the block, ``show`` is called as soon as retro is continued
    after a stop (SIGCONT): the block waits in a read (a teletype's line,
    which the terminal's driver edits), so nothing else is written then."""
    _on_resume.append(show)
    try:
        yield
    finally:
        _on_resume.remove(show)


def install() -> None:
    """Handle the signals above for the rest of the process (main thread only)."""
    global _start_modes
    _start_modes = save_modes()
    sys.unraisablehook = _swallowed
    signal.signal(signal.SIGINT, interrupt)
    for signum in ENDING:
        signal.signal(signum, _end)
    if hasattr(signal, "SIGTSTP"):
        signal.signal(signal.SIGTSTP, _suspend)
    if hasattr(signal, "SIGCONT"):
        signal.signal(signal.SIGCONT, _continued)


def restore_start_modes() -> None:
    """The terminal's modes as retro found them (at the end, whatever happened)."""
    set_modes(_start_modes)


@contextmanager
def screen(term: Terminal, *, fullscreen: bool = True, hidden_cursor: bool = True,
           redraw: Optional[Callable[[], None]] = None) -> Iterator[None]:
    """Draw on ``term`` in the alternate screen (``fullscreen``; else the main
    one), cursor hidden, for the block; suspended and resumed as the module
    says.  Left as found on any exit.  A block within another changes screens
    only if it draws on the other one, and changes back as it ends: the
    menu's screens share the alternate screen (leaving and entering it again
    between them left a row in a terminal's main screen once it had been
    resized, tmux's), and a program run from them has the main screen."""
    entry = _Screen(term, fullscreen, hidden_cursor, redraw)
    switch = fullscreen != (bool(_screens) and _screens[-1].fullscreen)
    _write(term, (term.enter_fullscreen if fullscreen else term.exit_fullscreen) if switch else "",
           term.hide_cursor if hidden_cursor else "")
    _screens.append(entry)
    try:
        yield
    finally:
        _screens.remove(entry)
        _write(term, term.normal_cursor if hidden_cursor else "",
               (term.exit_fullscreen if fullscreen else term.enter_fullscreen) if switch else "")

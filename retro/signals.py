"""Signals: the terminal is given back whatever ends, suspends or resumes retro.

* SIGTERM, SIGHUP and SIGQUIT (Ctrl-\\) are handled like Ctrl-C: the signal
  raises ``Terminated`` where the program is, every ``finally`` on the way out
  restores what it changed (the alternate screen, the cursor, cbreak mode, a
  learner's lock), the terminal's modes are put back as they were when retro
  started, and the process ends with 128 + the signal's number, as a shell
  reports a program the signal ended.
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
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING, Callable, Iterator, Optional

from .terminal import Modes, save_modes, set_modes

if TYPE_CHECKING:
    from blessed import Terminal

ENDING = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGQUIT") if hasattr(signal, name))


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


def _end(signum: int, frame: Optional[FrameType]) -> None:
    global _received
    if _received is None:
        _received = signum
    raise Terminated(signum)


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
    for signum in ENDING:
        signal.signal(signum, _end)
    if hasattr(signal, "SIGTSTP"):
        signal.signal(signal.SIGTSTP, _suspend)
    if hasattr(signal, "SIGCONT"):
        signal.signal(signal.SIGCONT, _continued)


def held_from_here() -> None:
    """The program is over: Ctrl-C and the ending signals are held (blocked,
    never delivered) while the process exits; one come already is raised here.
    Else a burst of them (Ctrl-\\ held down) raises again where nothing catches
    it any more, and Python prints a traceback."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, *ENDING})


def restore_start_modes() -> None:
    """The terminal's modes as retro found them (at the end, whatever happened)."""
    set_modes(_start_modes)


@contextmanager
def screen(term: Terminal, *, fullscreen: bool = True, hidden_cursor: bool = True,
           redraw: Optional[Callable[[], None]] = None) -> Iterator[None]:
    """Draw on ``term`` in the alternate screen, cursor hidden, for the block;
    suspended and resumed as the module says.  Left as found on any exit."""
    entry = _Screen(term, fullscreen, hidden_cursor, redraw)
    _write(term, term.enter_fullscreen if fullscreen else "", term.hide_cursor if hidden_cursor else "")
    _screens.append(entry)
    try:
        yield
    finally:
        _screens.remove(entry)
        _write(term, term.normal_cursor if hidden_cursor else "", term.exit_fullscreen if fullscreen else "")

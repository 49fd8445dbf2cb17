"""The `retro` command's first and last steps, the same for every subcommand.

First: Ctrl-C while the rest of retro is still being imported is held and
then ends retro quietly with 130 (this module imports nothing heavy; what
Python does before its first line is Python's own); the signals of retro.signals
are handled (``command``: retro's, and a web session's); a standard stream that was closed (``<&-``, ``>&-``) is put back
as /dev/null opened for reading only, so that no file retro opens later can
take its number, standard input reads as the end of input, and a write to
standard output or error fails (EBADF) as it would have.

Last: whatever the command did, standard output is flushed here; a failure
there gives the status of retro/exits.py (the table of statuses).
"""
from __future__ import annotations

try:  # CPython's built-in half of `signal`: nothing to load, so the hold starts at once
    import _signal
except ImportError:  # pragma: no cover - another Python
    import signal as _signal

_held: list[int] = []
# The command's first step, taken as this module loads (only the entry points
# import it): while retro loads, Ctrl-C is held, not raised.  Raised inside an
# import it once came out of the standard library as a RuntimeError (a class's
# __set_name__ wraps what interrupts it) and as a traceback.
_signal.signal(_signal.SIGINT, lambda signum, frame: _held.append(signum))

import os  # noqa: E402  # imported after the Ctrl-C hold above, on purpose
import sys  # noqa: E402  # imported after the Ctrl-C hold above, on purpose
from typing import Callable, NoReturn  # noqa: E402  # imported after the Ctrl-C hold above, on purpose

from .exits import INTERRUPTED, say as _say, write_failed  # noqa: E402  # imported after the Ctrl-C hold above, on purpose


def held() -> list[int]:
    """The Ctrl-C typed while retro loaded (the list itself: a process forked
    from one that loaded retro starts it afresh, retro.web.template)."""
    return _held


def _reopen_closed_streams() -> None:
    for fd, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
        try:
            os.fstat(fd)
            continue
        except OSError:
            pass
        try:
            new = os.open(os.devnull, os.O_RDONLY)
        except OSError:
            continue
        if new != fd:
            os.dup2(new, fd)
            os.close(new)
        setattr(sys, name, open(fd, mode, closefd=False, errors="surrogateescape"))


def _silence_stdout() -> None:
    """Nothing more can be written: let what is buffered go to /dev/null."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 1)
        os.close(null)
    except OSError:
        pass


def finish(status: int) -> int:
    """Flush standard output; the status a failure there gives instead."""
    from . import signals

    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except OSError as error:
        _silence_stdout()
        status = write_failed(error) if status == 0 else status
    except ValueError:
        pass
    signals.restore_start_modes()
    ending = signals.received()
    return status if ending is None else 128 + ending


def command(body: Callable[[], int]) -> NoReturn:
    """Run ``body`` as the command (``retro``'s, or a web session's program,
    retro.web.child) and exit with its status: Ctrl-C raises KeyboardInterrupt
    (130), an ending signal Terminated (128 + it), each holding the rest of
    its burst (retro.signals); once the command is over they are all held,
    for a late one has nothing left to stop."""
    from . import signals

    try:
        signals.install()
        if _held:
            signals.interrupt()  # typed while retro loaded
        status = body()
        signals.hold()  # the command is over: its output is flushed whole, its status stands
        status = finish(status)
    except KeyboardInterrupt:
        _say("\n")
        status = INTERRUPTED
    except signals.Terminated as ended:
        status = ended.status
    sys.exit(status)


def main() -> None:
    """The console script `retro` (and `python -m retro`)."""
    _reopen_closed_streams()  # before any import can open a file
    from .cli import main as cli_main

    command(cli_main)

"""The `retro` command's first and last steps, the same for every subcommand.

First: Ctrl-C while the rest of retro is still being imported ends quietly
with 130 (this module imports nothing heavy); the signals of retro.signals
are handled; a standard stream that was closed (``<&-``, ``>&-``) is put back
as /dev/null opened for reading only, so that no file retro opens later can
take its number, standard input reads as the end of input, and a write to
standard output or error fails (EBADF) as it would have.

Last: whatever the command did, standard output is flushed here; a failure
there gives the status of retro/exits.py (the table of statuses).
"""
from __future__ import annotations

import os
import sys

from .exits import INTERRUPTED, say as _say, write_failed


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
    if signals.received() is not None:
        return 128 + signals.received()  # type: ignore[operator]
    return status


def main() -> None:
    """The console script `retro` (and `python -m retro`)."""
    try:
        from . import signals
    except KeyboardInterrupt:
        _say("\n")
        sys.exit(INTERRUPTED)
    try:
        signals.install()
        _reopen_closed_streams()
        from .cli import main as cli_main
    except KeyboardInterrupt:
        _say("\n")
        sys.exit(INTERRUPTED)
    except signals.Terminated as ended:
        sys.exit(ended.status)
    sys.exit(finish(cli_main()))

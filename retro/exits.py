"""Exit statuses: the same for every subcommand, as a Unix tool gives them.

Whatever the command did, retro ends with one of these (retro/launch.py
flushes standard output last; a failure there counts too):

=========  ==============================================================
  status   when
=========  ==============================================================
  0        done
  1        a write failed (``>/dev/full``, a closed stdout): ``retro:
           write error: ...`` on stderr where it can be written; any other
           error of the system (a file that cannot be read)
  2        a usage error (click's)
  130      Ctrl-C
  128+n    signal n: 129 SIGHUP, 131 SIGQUIT, 143 SIGTERM (retro.signals)
  141      the reader of standard output went away (EPIPE), silently
  70       an internal error of retro (a bug), reported in one line
=========  ==============================================================

A port's own statuses (its original's) pass through ``retro run``.
"""
from __future__ import annotations

import errno
import sys

INTERRUPTED = 130  # 128 + SIGINT
PIPE_CLOSED = 141  # 128 + SIGPIPE
FAILED = 1
INTERNAL_ERROR = 70  # EX_SOFTWARE


def say(text: str) -> None:
    """On standard error, if it can be written at all."""
    try:
        sys.stderr.write(text)
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass


def write_failed(error: OSError) -> int:
    """The status for a failed write (or other error of the system), said on stderr."""
    if error.errno == errno.EPIPE:
        return PIPE_CLOSED
    say(f"retro: {'write error: ' if error.errno in (errno.EBADF, errno.ENOSPC, errno.EIO) else ''}"
        f"{error.strerror or error}\n")
    return FAILED

"""Internal-error reports: a bug of retro's is told in one line, its
traceback kept in a file in the user's state folder (retro/userdirs.py),
where only the newest KEEP_REPORTS stay.  A bug is reported once for each
place it happens (``place_of``): the same bug again, however often and
whatever its message (a visitor's flood), names the report it already has,
so that it cannot push the operator's older reports out."""
from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path
from typing import Callable

from .exits import INTERNAL_ERROR
from .visible import visible

KEEP_REPORTS = 10  # the newest reports kept; older ones are removed as a new one is written
SAID_TEXT = 300  # characters of an error's message in its line
FRAME = re.compile(r'^ *File ".*", line \d+, in .*$', re.MULTILINE)  # a traceback's line of a frame


def as_saved(place: str) -> str:
    """A report's place as the user reads it: as it is."""
    return place


def report_internal_error(where: str, error: BaseException, told: Callable[[str], str] = as_saved,
                          tell: bool = True) -> int:
    """One line on standard error (unless not ``tell``); the traceback in a
    report file (save_report), whose place ``told`` turns into what the user
    reads (a visitor of `retro serve` reads that the operator has it:
    ``operator_log.report_told``)."""
    import traceback  # here, as tempfile and time below: a run without an error never loads them

    details = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    place = told(save_report(details))
    if tell:
        said = visible(str(error)).replace("\n", " ")[:SAID_TEXT]  # a message may quote a visitor's text
        sys.stderr.write(f"retro: internal error in {where}: {type(error).__name__}: {said} (details: {place})\n")
    return INTERNAL_ERROR


def place_of(details: str) -> str:
    """A short name of the place a traceback comes from: its frames and the
    error's type, not the error's message (which may quote a visitor's text).

    >>> one = 'Traceback:\\n  File "a.py", line 3, in f\\nValueError: one'
    >>> place_of(one) == place_of(one.replace("one", "two")) != place_of(one.replace("3", "4"))
    True
    """
    last = details.rstrip().rpartition("\n")[2].partition(":")[0]
    return hashlib.sha256("\n".join([*FRAME.findall(details), last]).encode()).hexdigest()[:12]


def save_report(details: str) -> str:
    """Write an internal-error report into the user's state folder and keep
    only the last KEEP_REPORTS there; where it went (the report already there
    of a bug in the same place), or why it could not be saved."""
    import tempfile
    import time

    from .userdirs import reports_folder

    folder = reports_folder()
    place = place_of(details)
    for earlier in folder.glob(f"retro-error-*-{place}-*.txt"):
        return str(earlier)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, path = tempfile.mkstemp(prefix=f"retro-error-{time.strftime('%Y%m%d-%H%M%S')}-{place}-", suffix=".txt",
                                    dir=folder)
        with open(fd, "w", encoding="utf-8", errors="replace") as f:
            f.write(details)
    except OSError as err:
        return f"not saved: {folder}: {err.strerror or err}"
    _prune_reports(folder)
    return path


def _prune_reports(folder: Path) -> None:
    def age(path: Path) -> tuple[float, str]:
        try:
            return (path.stat().st_mtime, path.name)
        except OSError:
            return (0.0, path.name)

    reports = sorted(folder.glob("retro-error-*.txt"), key=age)
    for old in reports[:-KEEP_REPORTS]:
        try:
            old.unlink()
        except OSError:
            pass

"""Internal-error reports: a bug of retro's is told in one line, its
traceback kept in a file in the user's state folder (retro/userdirs.py),
where only the newest KEEP_REPORTS stay."""
from __future__ import annotations

import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Callable

from .exits import INTERNAL_ERROR

KEEP_REPORTS = 10  # the newest reports kept; older ones are removed as a new one is written


def as_saved(place: str) -> str:
    """A report's place as the user reads it: as it is."""
    return place


def report_internal_error(where: str, error: BaseException, told: Callable[[str], str] = as_saved) -> int:
    """One line on standard error; the traceback in a report file (save_report),
    whose place ``told`` turns into what the user reads (a visitor of `retro
    serve` reads that the operator has it: ``operator_log.report_told``)."""
    details = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    place = told(save_report(details))
    sys.stderr.write(f"retro: internal error in {where}: {type(error).__name__}: {error} (details: {place})\n")
    return INTERNAL_ERROR


def save_report(details: str) -> str:
    """Write an internal-error report into the user's state folder and keep
    only the last KEEP_REPORTS there; where it went, or why it could not be saved."""
    from .userdirs import reports_folder

    folder = reports_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, path = tempfile.mkstemp(prefix=f"retro-error-{time.strftime('%Y%m%d-%H%M%S')}-", suffix=".txt",
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

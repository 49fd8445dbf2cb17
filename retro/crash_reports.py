"""Internal-error reports: a bug of retro's is told in one line, its
traceback kept in a file in the user's state folder (retro/userdirs.py),
where only the newest KEEP_REPORTS stay."""
from __future__ import annotations

import sys
from pathlib import Path

from .exits import INTERNAL_ERROR

KEEP_REPORTS = 10  # the newest reports kept; older ones are removed as a new one is written


def report_internal_error(where: str, error: BaseException) -> int:
    """One line on standard error; the traceback in a report file (save_report)."""
    import traceback  # here, as tempfile and time below: a run without an error never loads them

    details = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    place = save_report(details)
    sys.stderr.write(f"retro: internal error in {where}: {type(error).__name__}: {error} (details: {place})\n")
    return INTERNAL_ERROR


def save_report(details: str) -> str:
    """Write an internal-error report into the user's state folder and keep
    only the last KEEP_REPORTS there; where it went, or why it could not be saved."""
    import tempfile
    import time

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

"""The user's own folders, where retro keeps what it writes by itself.

platformdirs knows each system's convention: on Linux the data folder is
``$XDG_DATA_HOME/retro`` (``~/.local/share/retro``) and the state folder
``$XDG_STATE_HOME/retro`` (``~/.local/state/retro``); on macOS both are in
``~/Library/Application Support/retro``; on Windows in ``%LOCALAPPDATA%\\retro``.
A learner's schemes are data (they are worth keeping); internal-error
reports are state (useful for a while, then pruned).
"""
from __future__ import annotations

from pathlib import Path

import platformdirs

APP = "retro"


def data_folder() -> Path:
    """Where a learning program keeps what it learnt, unless told otherwise."""
    return platformdirs.user_data_path(APP, appauthor=False)


def reports_folder() -> Path:
    """Where internal-error reports go (crash_reports.report_internal_error)."""
    return platformdirs.user_state_path(APP, appauthor=False) / "errors"


def shown(path: Path) -> str:
    """A path as a person reads it: ``~/...`` under the home folder.

    >>> shown(Path.home() / ".local" / "share" / "retro")
    '~/.local/share/retro'
    """
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except (ValueError, RuntimeError):
        return str(path)

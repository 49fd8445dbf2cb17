"""The recorded sessions that ship with retro: where they are, by name, by group.

``transcripts/`` is kept at the top of the repository and installed as the
package ``retro.transcripts`` (setup.py), so a wheel, ``pip install .`` and an
editable install all find the same files through importlib.resources,
whatever the current folder.  A retro run from a source tree it was not
installed from falls back on that tree's ``transcripts/``.

A session is named ``ID/NAME``: the file ``transcripts/ID/NAME.txt``, ID
the program's id.  Its header's ``group``
says where the menu lists it (GROUPS, in the menu's order).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Optional

from . import transcript
from .visible import visible

PACKAGE = "retro.transcripts"

# (group, heading): the sessions published with the program first, then games,
# then the lines `retro audit` found that beat it, then single behaviours.
GROUPS = (
    ("article", "Published with the program"),
    ("game", "Games"),
    ("audit", "Lines that beat it (retro audit)"),
    ("case", "Cases: quirks, tactics, bad input, errors"),
)
GROUP_ORDER = {name: k for k, (name, _) in enumerate(GROUPS)}
DEFAULT_GROUP = "case"


def source_folder() -> Optional[Path]:
    """``transcripts/`` of the source tree this retro runs from, if any: the
    one place ``retro audit --save`` writes (never an installed copy)."""
    here = Path(__file__).resolve().parent.parent / "transcripts"
    return here if here.is_dir() else None


def shipped_folder() -> Optional[Path]:
    """The folder of the shipped sessions: the installed package data, or
    (retro not installed) the source tree's ``transcripts/``."""
    try:
        root = resources.files(PACKAGE)
    except ModuleNotFoundError:
        return source_folder()
    # A package on the file system is a pathlib.Path; one inside a zip file is
    # not, and its sessions would have to be unpacked: no installer does that.
    return root if isinstance(root, Path) and root.is_dir() else source_folder()


@dataclass(frozen=True)
class RecordedSession:
    """A shipped recorded session, as the menu and ``retro replay`` list it."""

    name: str  # ID/NAME
    path: Path
    program: str
    title: str
    group: str


def group_of(loaded: transcript.Transcript) -> str:
    """The header's group, if it is one of GROUPS; else the last group."""
    group = loaded.header.get("group", DEFAULT_GROUP)
    return group if group in GROUP_ORDER else DEFAULT_GROUP


def sessions(folder: Optional[Path] = None) -> list[RecordedSession]:
    """Every readable session of ``folder`` (default: the shipped ones), by
    program, then group, then name.  A file that cannot be read is left out
    here; ``retro check`` names it."""
    folder = folder or shipped_folder()
    if folder is None:
        return []
    found = []
    for path in transcript.find_transcripts([folder]):
        try:
            loaded = transcript.load(path)
        except transcript.TranscriptError:
            continue
        # names and titles may be anyone's: shown with their control characters as text
        found.append(RecordedSession(visible(f"{path.parent.name}/{path.stem}"), path, loaded.program,
                                     visible(loaded.title), group_of(loaded)))
    return sorted(found, key=lambda s: (s.program, GROUP_ORDER[s.group], s.name))


@functools.cache
def shipped_sessions() -> tuple[RecordedSession, ...]:
    """The shipped sessions, read once: they are package data, unchanged while
    retro runs (``retro serve`` lists them for every page it serves)."""
    return tuple(sessions())


def by_group(found: list[RecordedSession]) -> list[tuple[str, list[RecordedSession]]]:
    """(heading, sessions) for each group that has sessions, in GROUPS order."""
    return [(heading, [s for s in found if s.group == name]) for name, heading in GROUPS
            if any(s.group == name for s in found)]


def find(name: str) -> Optional[Path]:
    """The shipped session called ``ID/NAME`` (``.txt`` optional), or None."""
    folder = shipped_folder()
    program, _, case = name.removesuffix(".txt").partition("/")
    if folder is None or not program or not case or "/" in case or program.startswith("."):
        return None
    path = folder / program / f"{case}.txt"
    return path if path.is_file() else None

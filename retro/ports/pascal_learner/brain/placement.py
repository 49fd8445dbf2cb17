"""Where the brain's store is kept.  With the manager's ``INFO folder``, the
one place a tournament keeps a brain's files, ``Tic-Tac-Toe-Data-5`` in the
folder's ``pbrain-pascal-learner`` (the first time a copy of the usual
store, or of ``--data``'s), else the usual store or ``--data``'s.  The
journal lies beside the store, and the compiled caches while the brain's
folder keeps them within FOLDER_LIMIT (else they are read from, and made,
beside the store the folder's was copied from); all count in the folder:
once it passes FOLDER_LIMIT no game is kept."""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from retro.console import Console
from retro.userdirs import data_folder

from ..learning.learner import rules_word
from ..model.board import Grid
from ..model.rules import DEFAULT
from ..store.datafile import DataFileError, schemesfilename
from ..store.session import StoreSession, make_folder, open_session

if TYPE_CHECKING:
    from ..store.placing import Places

BRAIN_FOLDER = "pbrain-pascal-learner"  # the brain's own folder in the manager's INFO folder
# Bytes the brain's folder may hold before it stops saving: GomocupJudge's limit
# is 70 MB ("FLE"), and a save writes a whole new file beside the old one.
FOLDER_LIMIT = 30 << 20


def brain_folder(folder: str) -> Path:
    """The brain's own folder in the manager's INFO folder (the protocol: "the
    brain must create its own subfolder which name must be the same as the
    name of the brain")."""
    return Path(folder, BRAIN_FOLDER)


def source_store(data: Optional[str], winalign: int) -> Path:
    """The schemes file the brain uses without a manager's folder: ``--data``'s, else the default one."""
    return Path(data) if data else data_folder() / schemesfilename(winalign)


def store_location(folder: Optional[str], data: Optional[str], winalign: int,
                   grid: Optional[Grid] = None) -> Optional[str]:
    """The schemes file the brain learns into: with the manager's INFO folder,
    ``<folder>/pbrain-pascal-learner/Tic-Tac-Toe-Data-5`` (the folder made; the
    file, the first time, a copy of the one the brain would use without it,
    ``source_store``, with its compiled cache for ``grid`` (all, if None) if the
    folder keeps it within FOLDER_LIMIT); without it ``--data``'s (None: the
    default place, store/session.py)."""
    if not folder:
        return data
    place = brain_folder(folder)
    target = place / schemesfilename(winalign)
    try:
        make_folder(place)
        if not target.exists():
            from ..store.placing import copy_with_caches  # (NumPy: only for the brain's compiled path)
            copy_with_caches(source_store(data, winalign), target, winalign, rules_word(False, DEFAULT), grid,
                             FOLDER_LIMIT)
    except (DataFileError, OSError):
        pass  # the file as it is: open_session says what is wrong with it
    return str(target)


def caches_of(folder: Optional[str], data: Optional[str], winalign: int) -> Optional["Places"]:
    """Where the caches of the store in a manager's folder are kept: in the
    folder while it keeps them within FOLDER_LIMIT (the store and its journal
    come first: a large store's cache would leave no room to keep a game),
    else beside the store it was copied from; None without a folder."""
    if not folder:
        return None
    from ..store.placing import Places
    return Places(source_store(data, winalign), FOLDER_LIMIT)


def folder_full(folder: Optional[str], session: Optional[StoreSession]) -> bool:
    """Whether the session's store is in the manager's INFO folder and the
    brain's folder there (the store, its compiled caches, its journal) holds
    more than FOLDER_LIMIT."""
    kept_in = session.kept_in if session is not None else None
    if not folder or kept_in is None:
        return False
    place = brain_folder(folder)
    from ..store.placing import folder_bytes  # (NumPy: loaded with the store's finder)
    return kept_in.parent == Path(os.path.realpath(place)) and folder_bytes(place) > FOLDER_LIMIT


def folder_full_message() -> str:
    """What the brain tells the manager once its folder is full."""
    return f"MESSAGE the brain's folder holds more than {FOLDER_LIMIT >> 20} MB: this brain plays without learning"


def store_opener(errors: Console, data: Optional[str], seed: Optional[int],
                 compiled: bool = True) -> Callable[[Grid, Optional[str]], Optional[StoreSession]]:
    """The brain's ``open_learner``: the store where ``store_location`` puts
    it, played without saving (a MESSAGE says so) if another brain holds it;
    from its compiled cache, the games journalled, unless not ``compiled``
    (``--whole``: the whole store, learning at once)."""

    def open_learner(grid: Grid, folder: Optional[str]) -> Optional[StoreSession]:
        return open_session(errors, grid, False, store_location(folder, data, grid.winalign, grid), seed,
                            unsaved_if_locked=True, compiled=compiled,
                            places=caches_of(folder, data, grid.winalign) if compiled else None)

    return open_learner

"""How the brain keeps a game.  A manager bounds a brain's start and end, so
a brain playing from the compiled cache keeps every game in the store's
journal (store/journal.py: one small write) rather than learning at once:
the lost games are learnt by ``retro train pascal-learner --learn-pending``.
A brain playing from the whole store (``--whole``) learns, counts and saves
at once."""
from __future__ import annotations

import sys

from ..learning.learner import Learner
from ..store import journal
from ..store.session import StoreSession


def journal_game(session: StoreSession, moves: list[tuple[int, int]], lost: bool) -> None:
    """The game appended to the session's journal, if it has one; a write
    refused (a full disk, a folder made read-only since START) is told on
    the error stream, and the game is not kept."""
    if session.journal is None:
        return
    try:
        journal.append(session.journal, journal.Game(tuple(moves), lost))
    except OSError as err:
        sys.stderr.write(f"retro: the game could not be kept in "
                         f"{journal.journal_path(session.journal)}: {err.strerror or err}\n")


def learn_game(learner: Learner, moves: list[tuple[int, int]], lost: bool, thought_finished: bool,
               save: bool) -> bool:
    """The game learnt (if lost), counted and saved (if ``save``) at once;
    whether it is now in the learner's record.  Learning changes the schemes
    a thought reads: if the last thought has not finished, a lost game is
    counted only, a game not lost not at all."""
    if not (lost or thought_finished):
        return False
    if lost and thought_finished:
        learner.learn(moves)
    learner.record(lost)
    if save:
        learner.save()
    return True

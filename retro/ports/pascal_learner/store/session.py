"""A learner opened on its data file (``StoreSession``, ``open_session``) for
``retro run``, ``retro train`` and ``retro pbrain``: the file the options name,
locked while it is written; a replayed transcript's (``for_replay``) and
``retro serve``'s visitors' (``for_visitor``, one file shared under the lock).

Where the data file is (a modern choice: the original kept it in the current
folder under the name ``schemesfilename`` gives): ``--data PATH`` if given;
else ``Tic-Tac-Toe-Data-<winalign>`` in the user's data folder
(retro/userdirs.py), so that one learner goes on learning whichever folder
retro starts in; but a file of that name in the current folder (where
earlier versions of this port kept it) is used instead, with a one-line note.
The learner's greeting names the file as the text does; on the screen it
also says where the file is (a teletype session -- a pipe, a transcript --
keeps the port's output free of the user's folders: `--help` says where).
"""
from __future__ import annotations

import os
import random
import time
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Optional


from retro.console import Console
from retro.operator_log import tell_operator
from retro.userdirs import data_folder, shown

from ..model.board import Grid
from .datafile import DataFileError, FolderNotWritable, Lock, LockHeld, Progress, Store, load, schemesfilename
from ..learning.learner import Learner, rules_word
from ..model.rules import DEFAULT, LITERAL
from ..model.schemes import SchemeList
from ..planfinder.numeric import has_numpy
from ..planfinder.plans import PlanFinderBase


if TYPE_CHECKING:
    from ..play.variants import LearnerOptions
    from .placing import Places

SHARED_WAIT = 30.0  # seconds a shared learner waits for another's learning and saving


class StoreSession:
    """A learner with its data file opened (and locked, if it will be written).

    A shared session (``retro serve``'s visitors, ``for_visitor``) holds no
    lock while it plays: it plays against the file as it was when the game
    began, and learns each game under the lock (``learning``), held for the
    learning and the save only."""

    def __init__(self, learner: Learner, filename: str, found: bool, lock: Optional[Lock],
                 where: tuple[str, ...] = (), shared_path: Optional[Path] = None, unsaved: str = ""):
        self.learner = learner
        self.filename = filename  # as the user named it, or as schemesfilename gives it
        self.found = found  # whether the file existed
        self.lock = lock
        self.where = where  # where the file is, for the greeting on the screen
        self.shared_path = shared_path  # a shared session's data file
        self.unsaved = unsaved  # why a learner that would save plays without saving ("" if it saves)
        # a compiled session's data file (open_session(compiled=True)): it plays from the compiled
        # cache, and its games go to the data file's journal, to be learnt later (journal.py)
        self.journal: Optional[Path] = None
        self.compiled_from: Optional[tuple[Path, str]] = None  # the data file and the rules, if compiled
        self.places: Optional["Places"] = None  # where a compiled session's caches are kept (placing.Places)
        # a session that learns from the compiled cache (open_session(compact=True)): the number of
        # schemes its list read, its cache written again after each save (compiled.rewrite_cache)
        self.learnt_from: Optional[int] = None
        self._told: Optional[str] = None  # why a shared session's games are not kept, as its operator was told

    def for_grid(self, grid: Grid) -> Learner:
        """The learner on another grid: the same store, compiled for it (a
        compiled session's finder for the old grid is let go)."""
        old = self.learner
        finder = None
        if self.compiled_from is not None:
            old.finder = PlanFinderBase(old.schemes, old.grid)  # (the old arrays freed now, not later)
            path, rules = self.compiled_from
            finder = compiled_finder(path, grid, rules, self.places)
        self.learner = Learner(grid, old.store, old.fixed, path=old.path, rng=old.rng, rules=old.rules,
                               finder=finder)
        return self.learner

    @property
    def kept_in(self) -> Optional[Path]:
        """The data file the session's games are kept in: saved into, or (a
        compiled session) journalled beside; None if they are not kept."""
        return self.journal if self.compiled_from is not None else self.learner.path

    @contextmanager
    def learning(self) -> Iterator[None]:
        """Learn a game: a shared session takes the lock (waiting for another
        learner's learning), reads the file as it is now, and holds the lock
        until the block (the learning and the save) ends."""
        if self.shared_path is None:
            yield
            return
        lock = Lock(self.shared_path)
        end = time.monotonic() + SHARED_WAIT
        while True:
            try:
                lock.acquire()
                break
            except LockHeld:
                if time.monotonic() > end:
                    raise
                time.sleep(0.05)
        try:
            grid = self.learner.grid
            store = load(self.shared_path, grid.winalign, self.learner.store.rules)
            if store is not None:
                self.learner.adopt(store)
            yield
        finally:
            lock.release()

    def shown_error(self, err: DataFileError) -> str:
        """What a data file's trouble is called: itself on one's own terminal; for a
        shared session (a visitor's) words with no folder or process of the server's."""
        if self.shared_path is None:
            return str(err)
        if isinstance(err, LockHeld):
            return "other visitors' games are being learnt and this one could not wait"
        return "the schemes file cannot be written just now"

    def not_kept(self, err: DataFileError) -> str:
        """A game's learning or its save has failed: the words for the player
        (``shown_error``); a shared session (a visitor's) also tells the
        operator's log why, once for each cause until a save mends it."""
        cause = "held" if isinstance(err, LockHeld) else str(err)  # (the holder's process differs each time)
        if self.shared_path is not None and cause != self._told:
            self._told = cause
            tell_operator(f"a visitor's learner cannot keep what it learns: {err}")
        return self.shown_error(err)

    def saved(self) -> None:
        """After the data file is saved: the operator's log told that the
        trouble it was told of has mended; a session that learns from the
        compiled cache writes the cache again (the next start is quick)."""
        if self._told is not None:
            self._told = None
            tell_operator(f"a visitor's learner keeps what it learns again in {self.shared_path}")
        learner = self.learner
        if self.learnt_from is None or learner.path is None:
            return
        from .compiled import rewrite_cache  # (NumPy: only for a compact session)
        from ..planfinder.compact import CompactPlanFinder
        if isinstance(learner.finder, CompactPlanFinder):
            rewrite_cache(learner.path, learner.grid, learner.store.rules, learner.finder, self.learnt_from)

    def close(self) -> None:
        if self.lock is not None:
            self.lock.release()


@contextmanager
def loading_shown(console: Console) -> Iterator[Optional[Progress]]:
    """How far the load of a large store is (``datafile.load``'s ``progress``),
    on a terminal: one row, written over as it goes, blank again at the end.
    In a pipe, nothing (None): its bytes are the original's."""
    if console.output_kind != "tty":
        yield None
        return
    shown = ""

    def progress(done: int, total: int) -> None:
        nonlocal shown
        text = f"Reading the schemes: {done:,} of {total:,}"
        console.write("\r" + text.ljust(len(shown)))
        console.flush()
        shown = text

    try:
        yield progress
    finally:
        if shown:
            console.write("\r" + " " * len(shown) + "\r")
            console.flush()


def open_session(console: Console, grid: Grid, fixed: bool, data: Optional[str], seed: Optional[int],
                 save: bool = True, fresh: bool = False, unsaved_if_read_only: bool = True,
                 folder: Optional[Path] = None, literal: bool = False, shared: bool = False,
                 unsaved_if_locked: bool = False, compiled: bool = False,
                 compact: bool = False, places: Optional["Places"] = None,
                 set_aside: bool = False) -> Optional[StoreSession]:
    """Load the schemes for ``grid.winalign``; None (after a message on the
    error stream) when the file cannot be used.

    ``compiled``: play from the compiled cache (store/compiled.py: the
    schemes as arrays, in bounded memory, read in a moment), never learning
    nor saving in the session: the games go to the journal (journal.py);
    ``places``: where its caches are kept (a manager's folder: placing.Places).
    ``compact``: play and learn from the compact form (store/compiled.py's
    ``learning_store``: the cache read if it matches, else compiled from the
    file and written if the session saves), saving as any session does, and
    the cache written again after each save (``StoreSession.saved``); not
    for a shared session.

    Where the file's folder takes no new file (read-only), the learner plays
    without saving, after a note on the error stream (training, whose point
    is the saving, is refused instead: ``unsaved_if_read_only=False``).
    A file another learner has locked is refused, unless ``unsaved_if_locked``
    (``retro pbrain``: a second brain on the store plays it without saving).
    ``set_aside``: a file that cannot be used is renamed ``<name>.damaged``
    (replacing an older one), said, and the session starts with no schemes
    (the visitor's own store in a browser, which no --data can change)."""
    rng = random.Random(seed)
    if fixed and literal:
        console.write_err("retro: --fixed and --literal are two rule sets; choose one\n")
        return None
    ruleset = LITERAL if literal else DEFAULT
    rules = rules_word(fixed, ruleset)
    filename = data or schemesfilename(grid.winalign, rules)
    if fresh:
        return StoreSession(Learner.empty(grid, fixed, rng=rng, rules=ruleset), filename, False, None)
    where: tuple[str, ...] = ()
    if folder is not None:  # a replayed transcript's folder, or retro serve's data folder
        path = Path(folder, filename)
    else:
        path, where = data_path(console, data, filename)
    lock = None
    unsaved = ""
    shared = shared and save
    try:
        if save and not shared:
            if data is None:
                make_folder(path.parent)
            lock = Lock(path)
            try:
                lock.acquire()
            except FolderNotWritable as err:
                if not unsaved_if_read_only:
                    raise
                console.write_err(f"{err}: playing without saving; what is learnt now is not kept\n")
                lock, save, unsaved = None, False, str(err)
            except LockHeld:
                if not unsaved_if_locked:
                    raise
                lock, save, unsaved = None, False, f"another learner is using {path}"
        finder = compiled_finder(path, grid, rules, places) if compiled else None
        store = None
        compact = compact and not compiled and not shared and has_numpy()  # (else the walking finder: the same play)
        if compact:
            from .compiled import learning_store  # (NumPy: only for a compact session)
            from ..planfinder.compact import FarScheme
            try:
                with loading_shown(console) as progress:
                    opened = learning_store(path, grid, rules, write=save, progress=progress)
            except FarScheme:
                compact, opened = False, None  # (the walking finder plays it, as before)
            if opened is not None:
                store, finder = opened
        if not compiled and not compact:
            with loading_shown(console) as progress:
                store = load(path, grid.winalign, rules, progress)
    except DataFileError as err:
        if lock is not None:
            lock.release()
        if set_aside and not isinstance(err, LockHeld) and path.is_file():
            aside = path.with_name(path.name + ".damaged")
            os.replace(path, aside)
            console.write_err(f"retro: the schemes file kept in this browser could not be used (damaged, or not "
                              f"this program's): it is set aside as {aside.name}, and I start again with no schemes.\n")
            return open_session(console, grid, fixed, data, seed, save, fresh, unsaved_if_read_only, folder, literal,
                                shared, unsaved_if_locked, compiled, compact, places)
        if shared:  # a visitor's session of retro serve: the why, with the server's folders, is the operator's
            tell_operator(f"a visitor's learner cannot use its schemes file: {err}")
        console.write_err("retro: the learner's schemes file cannot be used; the exhibit's operator can see why\n"
                          if shared else f"{err}\n")
        return None
    found = store is not None or finder is not None
    if store is None:
        store = Store(SchemeList(grid.winalign), rules=rules)
    # Saved where the name leads: --data through a symbolic link updates the file it names.
    real = Path(os.path.realpath(path))
    learner = Learner(grid, store, fixed, path=real if save and not compiled else None, rng=rng,
                      rules=ruleset, finder=finder)
    session = StoreSession(learner, filename, found, lock, where if console.interactive else (),
                           shared_path=learner.path if shared else None, unsaved=unsaved)
    if compact and finder is not None:
        session.learnt_from = len(store.schemes.added)
    if compiled:
        session.compiled_from = (real, rules)
        session.places = places
        session.journal = real if save else None
    return session


def compiled_finder(path: Path, grid: Grid, rules: str, places: Optional["Places"] = None) -> PlanFinderBase:
    """The data file's compact finder on ``grid`` (an empty one if there is no
    file yet); its caches kept where ``places`` says (placing.Places)."""
    from .compiled import play_finder  # (NumPy: only for a compiled session)
    finder = play_finder(path, grid, rules, places)
    if finder is None:
        from ..planfinder.compact import CompactPlanFinder
        return CompactPlanFinder(SchemeList(grid.winalign), grid)
    return finder


def for_replay(options: LearnerOptions, folder: Path) -> LearnerOptions:
    """A transcript's learner (retro check, ARCHITECTURE.md principle 7): it reads the
    data file its options name, in the transcript's own folder (the catalog
    has refused a name that leaves it), and writes nothing; a transcript that
    names no file reads none (it starts with no schemes, as with --fresh), so
    that no user's own store takes part."""
    if options.data and not options.fresh:
        return options.changed(data_folder=folder, no_save=True)
    return options.changed(fresh=True, no_save=True)


def for_visitor(options: LearnerOptions, folder: Optional[Path]) -> LearnerOptions:
    """A browser session (retro serve): the learner learns into the server's
    data folder (its file named as the text names it) if the server was given
    one, shared with the other visitors (each game learnt under the lock,
    ``StoreSession.learning``).  Otherwise it never reads the operator's own
    files: it starts from the trained store that ships with retro (or empty, as
    its variant asks: --fresh, --literal, another alignment), keeps what it
    learns for this session only, and says so (``visiting``)."""
    if folder is not None:
        return options.changed(data_folder=folder, shared=True)
    visiting = options.changed(no_save=True, visiting=True)
    aligned = options.align or (5 if options.five else 3)
    trained = None if options.fresh or options.literal or aligned != 3 else shipped_store(options.fixed)
    if trained is None:
        return visiting.changed(fresh=True)
    return visiting.changed(data=trained.name, data_folder=trained.parent)


def for_browser(options: LearnerOptions, folder: Path) -> LearnerOptions:
    """A session in the visitor's own browser (retro site): the learner keeps
    its schemes file in that browser's storage, the visitor's alone, and learns
    from the visitor's lost games there across visits, from its first game on,
    as ``retro run`` does for a new user."""
    return options.changed(data_folder=folder, set_aside=True)


# The stores trained by 2,000 games, kept with the learner's transcripts (its
# test fixtures): what README's "The authors' claims, tested" audits, and what a
# visitor of retro serve plays against.
SHIPPED_STORES = {False: "trained-3.data", True: "trained-3-fixed.data"}  # by --fixed


def shipped_store(fixed: bool = False) -> Optional[Path]:
    """The trained store that ships with retro for these rules, if retro has it."""
    from retro.resources import shipped_folder

    folder = shipped_folder()
    path = folder / "pascal-learner" / SHIPPED_STORES[fixed] if folder else None
    return path if path is not None and path.is_file() else None


def data_path(console: Console, data: Optional[str], filename: str) -> tuple[Path, tuple[str, ...]]:
    """The data file to use, and the lines that tell where it is on the screen.
    A file under the default name in the current folder wins over the data
    folder's: on a teletype a one-line note on the error stream says so."""
    if data is not None:
        return Path(data), (f"My schemes are in {Path(data).resolve()}.",)
    place = data_folder() / filename
    here = Path(filename)
    if not here.exists():
        return place, (f"My schemes are in {shown(place)}.",)
    if not console.interactive:
        console.write_err(f"retro: pascal-learner uses {filename} in the current folder; its default place is "
                          f"now {shown(place)} (move the file there, or name it with --data)\n")
    return here, (f"My schemes are in {here.resolve()} (the current folder);",
                  f"their default place is now {shown(place)}: move the file there.")


def make_folder(folder: Path) -> None:
    """The data folder, made if need be (a DataFileError if it cannot be)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise DataFileError(f"{folder}: the data folder cannot be made: {err.strerror or err}") from None

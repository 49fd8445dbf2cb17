"""The variant options shared by ``retro run pascal-learner`` and ``retro train
pascal-learner``, and opening the data file they name."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Optional

import click

from retro.console import Console

from .board import MAXSIZE, Grid
from .datafile import DataFileError, Lock, Store, load, schemesfilename
from .learner import Learner
from .schemes import SchemeList

SIZE = click.IntRange(1, MAXSIZE)

GRID_OPTIONS = (
    click.Option(["--rows"], type=SIZE, default=None, help="boardrows: rows of the grid (default 3; 15 with --five)."),
    click.Option(["--cols"], type=SIZE, default=None, help="boardcols: columns of the grid (default 3; 15 with --five)."),
    click.Option(["--align"], type=click.IntRange(2, MAXSIZE), default=None,
                 help="winalign: marks to align (default 3; 5 with --five)."),
    click.Option(["--five"], is_flag=True, default=False, help="Five-in-a-Row: 15x15 with 5 to align."),
    click.Option(["--fixed"], is_flag=True, default=False,
                 help="Mend the documented flaw: a thwarting move that threatens is answered first (a modern option)."),
    click.Option(["--data"], type=click.Path(dir_okay=False), default=None,
                 help="The schemes file (default Tic-Tac-Toe-Data-<align> in the current folder)."),
    click.Option(["--seed"], type=int, default=None, help="Seed the learner's random choices (repeatable games)."),
)

RUN_OPTIONS = GRID_OPTIONS + (
    click.Option(["--no-save"], "no_save", is_flag=True, default=False,
                 help="Read the schemes file but never write it (learning stays in memory)."),
    click.Option(["--fresh"], is_flag=True, default=False,
                 help="Start with no schemes and touch no file (learning stays in memory)."),
)


def make_grid(rows: Optional[int], cols: Optional[int], align: Optional[int], five: bool) -> Grid:
    """The grid the options ask for; ValueError with a message if impossible."""
    base = 15 if five else 3
    return Grid(rows or base, cols or base, align or (5 if five else 3))


class Session:
    """A learner with its data file opened (and locked, if it will be written)."""

    def __init__(self, learner: Learner, filename: str, found: bool, lock: Optional[Lock]):
        self.learner = learner
        self.filename = filename  # as the user named it
        self.found = found  # whether the file existed
        self.lock = lock

    def close(self) -> None:
        if self.lock is not None:
            self.lock.release()


def open_session(console: Console, grid: Grid, fixed: bool, data: Optional[str], seed: Optional[int],
                 save: bool = True, fresh: bool = False) -> Optional[Session]:
    """Load the schemes for ``grid.winalign``; None (after a message on the
    error stream) when the file cannot be used."""
    rng = random.Random(seed)
    rules = "fixed" if fixed else "flawed"
    filename = data or schemesfilename(grid.winalign, fixed)
    if fresh:
        return Session(Learner.empty(grid, fixed, rng=rng), filename, False, None)
    path = Path(filename)
    lock = None
    try:
        if save:
            lock = Lock(path)
            lock.acquire()
        store = load(path, grid.winalign, rules)
    except DataFileError as err:
        if lock is not None:
            lock.release()
        console.write_err(f"{err}\n")
        return None
    found = store is not None
    if store is None:
        store = Store(SchemeList(grid.winalign), rules=rules)
    learner = Learner(grid, store, fixed, path=path if save else None, rng=rng)
    return Session(learner, filename, found, lock)

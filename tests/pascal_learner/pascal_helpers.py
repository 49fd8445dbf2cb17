"""Shared helpers for the pascal-learner tests."""
from __future__ import annotations

import random
from pathlib import Path

from retro.ports.pascal_learner.model.board import Board, Grid
from retro.ports.pascal_learner.store.datafile import load
from retro.ports.pascal_learner.learning.learner import Learner
from retro.ports.pascal_learner.training.train import Trainer

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURES = ROOT / "transcripts" / "pascal-learner"
TTT = Grid(3, 3, 3)


def fixture(name: str, fixed: bool = False, winalign: int = 3, seed: int = 0) -> Learner:
    store = load(FIXTURES / name, winalign, "fixed" if fixed else "flawed")
    assert store is not None
    size = 3 if winalign == 3 else 15
    return Learner(Grid(size, size, winalign), store, fixed, rng=random.Random(seed))


def trained(games: int, seed: int, fixed: bool = False, partner: str = "mix", grid: Grid = TTT) -> Learner:
    """A learner trained from an empty list, as `retro train` trains it."""
    learner = Learner.empty(grid, fixed, rng=random.Random(seed))
    Trainer(learner, partner).train(games)
    return learner


def position(rows: list[str], grid: Grid = TTT) -> Board:
    return Board.from_rows(grid, rows)


def moves_of(learner: Learner):
    return lambda board, player: learner.candidatemoves(board, player).moves

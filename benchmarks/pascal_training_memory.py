"""pascal-learner: training's memory on a long Five-in-a-Row list, and where it goes.

A copy of a trained store (``PASCAL_TRAINING_STORE``, e.g. the 10,000-game
store of ``retro train pascal-learner --five --games 10000 --random-state 1``)
is loaded into a training learner (the walking finder,
``planfinder/incremental.py``) and trained ``PASCAL_TRAINING_GAMES`` more
games (default 50) by ``retro train``'s loop, random state 1: the process's
peak resident memory (its high-water mark) then stands for training's peak at that many
schemes, without training them all.  Then the finder's parts are weighed
(each object once, in the first part that reaches it): the schemes, the
turned schemes, the reference's tree, the pivot tree, the look-ahead's
arrays, the positions kept.  Aim: a peak of at most 1 GiB at 10,000 games
(47,118 schemes), the store the same byte for byte as before.

    PASCAL_TRAINING_STORE=FILE python -m benchmarks pascal_training_memory
    (PASCAL_TRAINING_GAMES=N; PASCAL_TRAINING_KEEP=FILE keeps the store trained on,
    to compare with another version's)

Without ``PASCAL_TRAINING_STORE`` it measures nothing (``make bench`` has no such store).
"""
from __future__ import annotations

import gc
import os
import random
import shutil
import sys
import tempfile
import time
import types
from pathlib import Path
from typing import Iterable, Iterator

MIB = 2 ** 20
_NOT_WEIGHED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def weigh(roots: Iterable[object], seen: set[int], stop: tuple[type, ...]) -> tuple[int, int]:
    """The bytes and objects reachable from ``roots``, not through ``stop``'s
    types, nor already ``seen``; a NumPy array counts its data."""
    import numpy as np

    total = count = 0
    stack = list(roots)
    while stack:
        o = stack.pop()
        if id(o) in seen or isinstance(o, _NOT_WEIGHED + stop):
            continue
        seen.add(id(o))
        count += 1
        if isinstance(o, np.ndarray):
            total += o.nbytes + sys.getsizeof(np.zeros(0))
            continue
        total += sys.getsizeof(o)
        stack.extend(gc.get_referents(o))
    return total, count


def parts(finder: object) -> Iterator[tuple[str, str]]:
    """The finder's parts, weighed."""
    from retro.ports.pascal_learner.model.schemes import Scheme
    from retro.ports.pascal_learner.planfinder.plans import Oriented

    seen: set[int] = set()
    named = [("the schemes (the list)", [getattr(finder, "schemes")], (Oriented,)),
             ("the turned schemes (Oriented)", getattr(finder, "_compiled"), (Scheme,)),
             ("the reference's tree", [getattr(finder, "_trie")], (Oriented, Scheme)),
             ("the pivot tree", [getattr(finder, "_pivots", None)], (Oriented, Scheme)),
             ("the look-ahead: conditions, arrays", [getattr(finder, "_conditions", None),
                                                     getattr(finder, "_vector", None)], (Oriented, Scheme)),
             ("the positions and looks ahead kept", [getattr(finder, name, None) for name in
                                                     ("_positions", "_ahead", "_walked", "_expected")],
              (Oriented, Scheme)),
             ("the rest of the finder", [vars(finder)], (Oriented, Scheme))]
    for name, roots, stop in named:
        size, count = weigh([r for r in roots if r is not None], seen, stop)
        yield f"  {name}", f"{size / MIB:,.1f} MiB ({count:,} objects)"


def run() -> list[tuple[str, str]]:
    source = os.environ.get("PASCAL_TRAINING_STORE")
    if not source:
        return [("  skipped", "set PASCAL_TRAINING_STORE to a trained Five-in-a-Row store")]
    from retro import processes
    from retro.ports.pascal_learner.learning.learner import Learner
    from retro.ports.pascal_learner.model.board import CROSS, Board
    from retro.ports.pascal_learner.play.variants import make_grid
    from retro.ports.pascal_learner.store.datafile import load
    from retro.ports.pascal_learner.training.train import Trainer

    games = int(os.environ.get("PASCAL_TRAINING_GAMES", "50"))
    grid = make_grid(None, None, None, True)
    out: list[tuple[str, str]] = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "store.data")
        shutil.copy(source, path)
        store = load(path, grid.winalign, "flawed")
        assert store is not None
        learner = Learner(grid, store, path=path, rng=random.Random(1))
        out.append(("  schemes loaded", f"{len(store.schemes):,}; RSS {(processes.resident() or 0) / MIB:,.0f} MiB"))
        begun = time.process_time()
        learner.finder.victoryplans(Board(grid), CROSS)  # compiles every orientation
        out.append(("  compiled", f"{time.process_time() - begun:.1f} s CPU; RSS {(processes.resident() or 0) / MIB:,.0f} MiB"))
        trainer = Trainer(learner, "mix", clock=time.process_time)
        begun = time.process_time()
        trainer.train(games)
        cpu = time.process_time() - begun
        out += [(f"  {games} games more", f"{cpu:.1f} s CPU, {cpu / max(games, 1):.2f} s a game; "
                                          f"{len(learner.schemes):,} schemes"),
                ("  peak RSS (high-water mark)", f"{processes.peak_resident() / MIB:,.0f} MiB"),
                ("  turned schemes", f"{len(getattr(learner.finder, '_compiled')):,}")]
        out += list(parts(learner.finder))
        keep = os.environ.get("PASCAL_TRAINING_KEEP")
        if keep:
            shutil.copy(path, keep)
    return out

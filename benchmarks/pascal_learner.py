"""pascal-learner: the cost of learning Five-in-a-Row (and, for scale, Tic-Tac-Toe).

Seed: while learning five in a row "there were more than a handful of new
schemes to be generated and analysed and the program had to be left running
overnight".  This trains an empty learner on 15x15 with 5 to align, as
``retro train pascal-learner --five`` does (the default partner: on a grid
too large to solve, self-play twice, then a random player), and measures:

* improveschemes: the time to learn from each lost game;
* a move: the time of the learner's choice (candidatemoves and the draw);
* the list: schemes per level, schemes offered again and merged (copies
  under rotation and flip, or covered by a simpler one), all keys distinct;
* memory: the list and its compiled plan finder (tracemalloc, loading the
  saved file afresh), the data file's size, and the process's peak RSS.

Aims (issue 6): a lost game learnt in well under a second, a move in under
100 ms, a list that grows by distinct schemes only.  Aims (issue 24): the
learner's plan finder (``incremental.PlanFinder``) trains at least ten times
faster than the whole-board matcher it replaced (``ReferencePlanFinder``, now
the tests' yardstick: tests/pascal_learner/reference_finder.py,
run after it on the same games: the two data files must be the same, byte
for byte), and at 2,000 games the slowest move takes at most 100 ms and the
slowest lost game at most 1 s.

    python -m benchmarks pascal_learner     (PASCAL_LEARNER_GAMES=N, default 300;
                                             PASCAL_LEARNER_SEED=S, default 1;
                                             PASCAL_LEARNER_REFERENCE_GAMES=M, the
                                             whole-board matcher's games, default N,
                                             0 to skip it;
                                             PASCAL_LEARNER_KEEP=DIR keeps copies of
                                             the data file after 500, 2,000 and
                                             10,000 games;
                                             PASCAL_LEARNER_PARTNER=P, the sparring
                                             partner, default mix, or self)
"""
from __future__ import annotations

import gc
import os
import shutil
import sys
import random
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Optional

from retro import processes
from retro.ports.pascal_learner.model.board import Board, Grid
from retro.ports.pascal_learner.store.datafile import load
from retro.ports.pascal_learner.learning.learner import Learner, Matcher
from retro.ports.pascal_learner.planfinder.incremental import PlanFinder
from retro.ports.pascal_learner.training.train import GamePlayed, Trainer


def figures(values: list[float]) -> str:
    if not values:
        return "none"
    ms = sorted(v * 1000 for v in values)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return (f"mean {statistics.fmean(ms):7.1f} ms  median {statistics.median(ms):7.1f} ms  "
            f"p95 {p95:7.1f} ms  max {ms[-1]:7.1f} ms  (n={len(ms)})")


Figures = list[tuple[str, str]]


# The clock of every figure of Five-in-a-Row: the process's CPU time, so that the other work of a
# shared machine does not count (the wall time of the whole run is given besides).
clock = time.process_time

KEPT = (500, 2000, 10000)  # the data files PASCAL_LEARNER_KEEP keeps (the strength table's learners)


def whole_board_matcher() -> Matcher:
    """The whole-board matcher, the tests' yardstick (tests/pascal_learner/reference_finder.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "pascal_learner"))
    from reference_finder import ReferencePlanFinder
    return ReferencePlanFinder


def five(games: int, seed: int, directory: Path, matcher: Matcher = "incremental",
         keep: Optional[Path] = None, partner: str = "mix") -> tuple[Figures, float, bytes]:
    """The figures, the training time and the data file at the end."""
    grid = Grid(15, 15, 5)
    learner = Learner.empty(grid, rng=random.Random(seed), matcher=matcher)
    learner.path = path = directory / "Tic-Tac-Toe-Data-5"
    trainer = Trainer(learner, partner, clock=clock)
    move_times, learn_times, curve, elapsed, wall = measured_training(trainer, games, keep, partner)
    last = games - games // 5
    partners = "self, self, random" if partner == "mix" else partner
    name = f"15x15/5, {games} games ({partners}), seed {seed}, {learner.finder.__class__.__name__}"
    out: Figures = [
        (f"{name}: training time", f"{elapsed:.0f} s of CPU ({wall:.0f} s wall), {learner.store.lost} games lost"),
        ("  improveschemes per lost game, all", figures([t for _, t, _ in learn_times])),
        (f"  improveschemes per lost game, games {last}-{games}", figures([t for g, t, _ in learn_times if g >= last])),
        ("  a move, all", figures([t for _, t in move_times])),
        (f"  a move, games {last}-{games}", figures([t for g, t in move_times if g >= last])),
    ]
    out += growth(curve, learn_times, move_times)
    counts = learner.schemes.counts()
    keys = [s.key() for s in learner.schemes]
    assert len(keys) == len(set(keys)), "two schemes of the list are copies of each other"
    added_late = [n for g, _, n in learn_times if g >= last]
    out += [
        ("  schemes by level", f"{len(keys)}: " + ", ".join(f"{level}: {n}" for level, n in sorted(counts.items()))),
        (f"  schemes added per lost game, games {last}-{games}", f"{statistics.fmean(added_late or [0]):.1f}"),
        ("  offered again and merged (copies or covered)", str(learner.schemes.merged)),
        ("  distinct under rotation and flip", f"{len(set(keys))} keys for {len(keys)} schemes"),
    ]
    learner.save()
    saved = path.read_bytes()
    if matcher != "incremental":
        return out, elapsed, saved
    # memory of the list and its compiled plans, loaded afresh from the saved file
    del learner, trainer
    gc.collect()
    tracemalloc.start()
    store = load(path, 5, "flawed")
    finder = PlanFinder(store.schemes, grid)
    finder.victoryplans(Board(grid), 1)  # compiles every orientation
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    out += [
        ("  memory: the list and its compiled plan finder", f"{current / 1e6:.1f} MB"),
        ("  memory: the data file", f"{path.stat().st_size / 1e3:.0f} kB"),
        ("  memory: peak RSS of the process", f"{processes.peak_resident() / 1e6:.0f} MB"),
    ]
    return out, elapsed, saved


GROWTH_STEP = 100


def measured_training(trainer: Trainer, games: int, keep: Optional[Path], partner: str) -> tuple[
        list[tuple[int, float]], list[tuple[int, float, int]], list[tuple[int, int, float]], float, float]:
    """Train, timing every move and lost game by the game's number: (the moves, the lost
    games with the schemes each added, the growth curve, CPU seconds, wall seconds)."""
    learner = trainer.learner
    move_times: list[tuple[int, float]] = []
    learn_times: list[tuple[int, float, int]] = []
    curve: list[tuple[int, int, float]] = []  # (games played, schemes, seconds so far)

    def measured(game: GamePlayed) -> None:
        move_times.extend((game.number, seconds) for seconds in game.move_seconds)
        if game.lost:
            learn_times.append((game.number, game.learn_seconds, len(game.added)))
        played = game.number + 1
        if played % GROWTH_STEP == 0:
            curve.append((played, len(learner.schemes), clock() - started))
            print(*growth(curve[-2:], learn_times, move_times)[-1], file=sys.stderr, flush=True)  # a long run's progress
        if keep is not None and played in KEPT and learner.path is not None:
            learner.save()
            shutil.copy(learner.path, keep / f"five-{partner}-{played}.data")

    started = clock()
    wall_started = time.perf_counter()
    trainer.train(games, measured)
    return move_times, learn_times, curve, clock() - started, time.perf_counter() - wall_started


def growth(curve: list[tuple[int, int, float]], learn_times: list[tuple[int, float, int]],
           move_times: list[tuple[int, float]]) -> Figures:
    """The store's size every GROWTH_STEP games, with what each stretch added,
    its lost games and its slowest lost game and move: does it level off?"""
    out: Figures = []
    before = 0
    for games, schemes, seconds in curve:
        stretch = range(games - GROWTH_STEP, games)
        lost = [(t, n) for g, t, n in learn_times if g in stretch]
        moves = [t for g, t in move_times if g in stretch]
        out.append((f"  growth: games {stretch.start + 1}-{games}",
                    f"{schemes:5d} schemes (+{schemes - before:3d}; {len(lost):2d} lost, "
                    f"{(schemes - before) / max(1, len(lost)):4.1f} per lost game); slowest lost game "
                    f"{max((t for t, _ in lost), default=0) * 1000:6.0f} ms, slowest move "
                    f"{max(moves, default=0) * 1000:4.0f} ms; {seconds:5.0f} s of CPU so far"))
        before = schemes
    return out


def tic_tac_toe(seed: int) -> Figures:
    grid = Grid(3, 3, 3)
    learner = Learner.empty(grid, rng=random.Random(seed))
    trainer = Trainer(learner, "mix")
    started = time.perf_counter()
    trainer.train(2000)
    learn_times = trainer.learn_times
    return [
        (f"3x3, 2000 games (perfect, perfect, random), seed {seed}",
         f"{time.perf_counter() - started:.1f} s; lost {learner.store.lost}, the last at game "
         f"{learner.store.lastloss}; verdict: {learner.verdict()}; schemes "
         + ", ".join(f"{level}: {n}" for level, n in sorted(learner.schemes.counts().items()))),
        ("  improveschemes per lost game", figures(learn_times)),
    ]


def run() -> Figures:
    games = int(os.environ.get("PASCAL_LEARNER_GAMES", "300"))
    seed = int(os.environ.get("PASCAL_LEARNER_SEED", "1"))
    reference_games = int(os.environ.get("PASCAL_LEARNER_REFERENCE_GAMES", str(games)))
    keep = os.environ.get("PASCAL_LEARNER_KEEP")
    partner = os.environ.get("PASCAL_LEARNER_PARTNER", "mix")
    out = tic_tac_toe(seed)
    with tempfile.TemporaryDirectory() as directory:
        figures_, elapsed, saved = five(games, seed, Path(directory), "incremental",
                                        Path(keep) if keep else None, partner)
        out += figures_
        print("\n".join(f"{n:<50} {f}" for n, f in figures_), file=sys.stderr, flush=True)
    if reference_games:
        with tempfile.TemporaryDirectory() as directory:
            figures_, reference_elapsed, reference_saved = five(reference_games, seed, Path(directory),
                                                                whole_board_matcher(), partner=partner)
            out += figures_
        if reference_games == games:
            out.append(("15x15/5: incremental against whole-board matcher",
                        f"{reference_elapsed / elapsed:.1f} times faster; the data files "
                        + ("are the same, byte for byte" if saved == reference_saved else "DIFFER")))
    return out

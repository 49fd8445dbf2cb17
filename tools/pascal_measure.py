"""pascal-learner: what each of the reconstruction's additions does, measured.

    python tools/pascal_measure.py ablation [GAMES] [SEEDS]   (default 2000 games, seeds 0-4)
    python tools/pascal_measure.py partners [GAMES] [SEEDS]   (default 2000 games, seeds 0-2)
    python tools/pascal_measure.py sessions [GAMES] [SEEDS]   (default 60 games, seeds 0-11)

Each run trains an empty 3x3 learner (retro/ports/pascal_learner/training/train.py's Trainer,
as `retro train pascal-learner` does) and reports, per run:

* lost: the games it lost in training, and the last of them;
* unbeatable: the first game after which the exhaustive audit (audit.py's
  ``losing_lines``, every line of the opponent against every choice of the
  learner's, both sides) finds no losing line, checked every 25 games; "no"
  if it never does; "(lost again)" if it was beatable again later;
* losing lines at the end (up to 1000 counted, both sides);
* the verdict at the end, and the game after which each verdict ("first
  player wins", "draw") was first declared (verdict checked after every game).

``ablation``: the default rules, each addition switched off alone
(rules.py), the port's first level rule (max + 1), and --literal (all off),
with the default partner (mix).
``partners``: mix, random, self and perfect, with the default rules and with
--literal.  The tables are kept in retro/ports/pascal_learner/NOTES.md.
``sessions``: the golden transcripts' setting (tests/pascal_learner/make_transcripts.py): a
fresh learner as O in `retro run pascal-learner --fresh --seed S` against
the trapper (the perfect partner as the human, who moves first in the odd
games); per seed, the game after which the learner declares, and the
losing lines then, with the default rules and with --literal.
"""
from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "pascal_learner")]  # the golden cases' table

from retro.ports.pascal_learner.audit import beating_lines  # noqa: E402  # after sys.path is set above
from retro.ports.pascal_learner.model.board import Grid  # noqa: E402  # after sys.path is set above
from retro.ports.pascal_learner.learning.learner import DRAW, FIRST_PLAYER_WINS, UNDECIDED, Learner  # noqa: E402  # after sys.path is set above
from make_transcripts import against_trapper  # noqa: E402  # after sys.path is set above
from retro.ports.pascal_learner.model.rules import DEFAULT, LITERAL, Rules  # noqa: E402  # after sys.path is set above
from retro.ports.pascal_learner.training.train import GamePlayed, Trainer  # noqa: E402  # after sys.path is set above

GRID = Grid(3, 3, 3)
CHECK_EVERY = 25


def run(rules: Rules, partner: str, seed: int, games: int) -> dict:
    learner = Learner.empty(GRID, rng=random.Random(seed), rules=rules)
    first = {FIRST_PLAYER_WINS: None, DRAW: None}
    unbeatable, relapsed, changed, version = None, False, True, learner.schemes.version

    def checked(game: GamePlayed) -> None:
        nonlocal unbeatable, relapsed, changed, version
        played = game.number + 1
        verdict = learner.verdict()
        if verdict in first and first[verdict] is None:
            first[verdict] = played
        changed = changed or learner.schemes.version != version
        version = learner.schemes.version
        if played % CHECK_EVERY == 0 and changed:
            changed = False
            safe = beating_lines(learner, 1) == 0
            if safe and unbeatable is None:
                unbeatable = played
            elif not safe and unbeatable is not None:
                unbeatable, relapsed = None, True

    Trainer(learner, partner).train(games, checked)
    return {"lost": learner.store.lost, "last loss": learner.store.lastloss,
            "unbeatable": unbeatable, "relapsed": relapsed, "losing lines": beating_lines(learner, 1000),
            "verdict": learner.verdict(), "first wins": first[FIRST_PLAYER_WINS], "first draw": first[DRAW],
            "schemes": len(learner.schemes)}


def row(label: str, r: dict) -> str:
    unbeatable = r["unbeatable"] or "no"
    return (f"| {label} | {r['lost']} (last {r['last loss']}) | {unbeatable} | {r['losing lines']} | "
            f"{r['verdict']} | {r['first wins'] or '-'} | {r['first draw'] or '-'} | {r['schemes']} |")


HEAD = ("| run | lost (last) | unbeatable after game | losing lines at the end | verdict | "
        "'first player wins' first declared | 'draw' first declared | schemes |\n|---|---|---|---|---|---|---|---|")


def ablation(games: int, seeds: list[int]) -> None:
    configs = [("default", DEFAULT)]
    configs += [(f"without {name}", dataclasses.replace(DEFAULT, **{name: False})) for name in LITERAL.off()]
    configs += [("level of the highest plan + 1", dataclasses.replace(DEFAULT, level_of_highest=True))]
    configs += [("literal (all off)", LITERAL)]
    print(f"ablation: partner mix, {games} games, seeds {seeds}\n\n{HEAD}")
    for label, rules in configs:
        for seed in seeds:
            print(row(f"{label}, seed {seed}", run(rules, "mix", seed, games)), flush=True)


def partners(games: int, seeds: list[int]) -> None:
    print(f"partners: {games} games, seeds {seeds}\n\n{HEAD}")
    for label, rules in (("default", DEFAULT), ("literal", LITERAL)):
        for partner in ("mix", "random", "self", "perfect"):
            for seed in seeds:
                print(row(f"{label}, {partner}, seed {seed}", run(rules, partner, seed, games)), flush=True)


def sessions(games: int, seeds: list[int]) -> None:
    print(f"sessions: the trapper as the human, up to {games} games, seeds {seeds}\n\n"
          "| rules, seed | declared after game | verdict | games lost | losing lines then |\n|---|---|---|---|---|")
    for label, rules in (("default", DEFAULT), ("literal", LITERAL)):
        for seed in seeds:
            learner, _ = against_trapper(rules, seed, games, until_declared=True)
            declared = learner.store.games if learner.verdict() != UNDECIDED else "-"
            print(f"| {label}, seed {seed} | {declared} | {learner.verdict()} | {learner.store.lost} | "
                  f"{beating_lines(learner)} |", flush=True)


COMMANDS = {"ablation": (ablation, 2000, "0-4"), "partners": (partners, 2000, "0-2"),
            "sessions": (sessions, 60, "0-11")}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__)
        return 2
    command, default_games, default_seeds = COMMANDS[argv[0]]
    games = int(argv[1]) if len(argv) > 1 else default_games
    low, high = (argv[2] if len(argv) > 2 else default_seeds).split("-")
    command(games, list(range(int(low), int(high) + 1)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

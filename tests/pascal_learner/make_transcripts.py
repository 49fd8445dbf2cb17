"""The golden transcripts of pascal-learner: a table of cases, recorded by
tests/golden.py (``python tests/golden.py pascal-learner``).

Each case plays the port through a LineConsole.  The human's moves are
chosen beforehand by replaying the game outside the port with the same
seeded learner (the learner draws from its random generator once per move
and nowhere else), so the recorded session is what a person typing those
lines sees.  The data files the cases name are the fixtures beside the
transcripts, made by ``retro train pascal-learner`` (see NOTES.md); the cases
use ``--no-save`` or ``--fresh``, and name the data files relative to the
transcripts' folder, as a replay reads them (retro/check.py).
tests/pascal_learner/test_pascal_transcripts.py checks the evidence in them
independently of the port.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Callable, Optional

from golden import Case, typed
from retro.ports.pascal_learner.audit import beating_lines
from retro.ports.pascal_learner.model.board import CIRCLE, CROSS, Board, opponent
from retro.ports.pascal_learner.store.datafile import load
from retro.ports.pascal_learner.learning.learner import UNDECIDED, Learner
from retro.ports.pascal_learner.training.opponents import perfect_move, trap_moves
from retro.ports.pascal_learner.play.variants import make_grid
from retro.ports.pascal_learner.model.rules import DEFAULT, LITERAL, Rules

FOLDER = Path(__file__).resolve().parents[2] / "transcripts" / "pascal-learner"  # the data files the cases name

Human = Callable[[Board], int]
TRAPPER_SEED = 1000  # the trapper's choices: seed 1000 + the learner's seed


def human_lines(learner: Learner, games: list[tuple[bool, Human]]) -> list[str]:
    """The lines a person types to play ``games`` (first?, strategy) against
    ``learner`` -- which is played alongside, as the port will play it."""
    grid = learner.grid
    lines: list[str] = []
    for n, (humanfirst, human) in enumerate(games):
        lines.append("y" if humanfirst else "n")
        board = Board(grid)
        moves = []
        player = CROSS if humanfirst else CIRCLE
        while True:
            if player == CROSS:
                square = human(board)
                r, c = grid.rowcol(square)
                lines.append(f"{r},{c}")
            else:
                square, _ = learner.choose(board, CIRCLE)
            board.place(square, player)
            moves.append((square, player))
            if board.completes(square) or board.full():
                break
            player = opponent(player)
        lost = board.completes(square) and player == CROSS
        if lost:
            learner.learn(moves)
        learner.record(lost)
        lines.append("y" if n + 1 < len(games) else "n")
    return lines


def case(name: str, options: list[str], lines: list[str], header: dict[str, str]) -> Case:
    # the menu's group (retro/resources.py), after the title
    header = {"title": header["title"], "group": "case" if name == "bad-input" else "game", **header}
    return Case(name, typed(*lines), header, tuple(options))


def fixture(name: str, winalign: int, fixed: bool, seed: int, rows: Optional[int] = None) -> Learner:
    store = load(FOLDER / name, winalign, "fixed" if fixed else "flawed")
    assert store is not None, name
    size = rows or (3 if winalign == 3 else 15)
    return Learner(make_grid(size, size, winalign, False), store, fixed, rng=random.Random(seed))


def perfect(seed: int, *opening: tuple[int, int]) -> Human:
    """A perfect human (a game-tree search), whose first moves are ``opening``."""
    rng = random.Random(seed)

    def move(board: Board) -> int:
        mine = board.count(CROSS)
        if mine < len(opening):
            return board.grid.square(*opening[mine])
        return perfect_move(board, CROSS, rng)
    return move


def trapper(learner: Learner, seed: int) -> Human:
    """The training's perfect partner as the human (train.py, --opponent
    perfect): a perfect move, chosen among those that leave the learner, as
    it stands, a way to go wrong (opponents.trap_moves)."""
    rng = random.Random(seed)

    def move(board: Board) -> int:
        return rng.choice(sorted(trap_moves(board, CROSS, lambda b, p: learner.candidatemoves(b, p).moves)))
    return move


def against_trapper(rules: Rules, seed: int, games: int, until_declared: bool) -> tuple[Learner, list[str]]:
    """A fresh learner (``--fresh --seed seed``) against the trapper, the human
    moving first in the odd games: ``games`` games, or fewer if
    ``until_declared`` and the learner declares a verdict first."""
    learner = Learner.empty(make_grid(None, None, None, False), rng=random.Random(seed), rules=rules)
    human = trapper(learner, TRAPPER_SEED + seed)
    lines: list[str] = []
    for n in range(games):
        if lines:
            lines[-1] = "y"  # another game
        lines += human_lines(learner, [(n % 2 == 0, human)])
        if until_declared and learner.verdict() != UNDECIDED:
            break
    return learner, lines


def cases() -> tuple[Case, ...]:
    found: list[Case] = []
    add = found.append
    # 1. A fresh store: random play, lost games, the store growing.
    seed = 2
    learner = Learner.empty(make_grid(None, None, None, False), rng=random.Random(seed))
    lines = human_lines(learner, [(True, perfect(11)), (True, perfect(12)), (False, perfect(13))])
    add(case("fresh-learns", ["--fresh", "--seed", str(seed)], lines, {
        "title": "A fresh learner plays at random, loses, and learns from each lost game",
        "source": "reconstruction from the web page's prose",
        "evidence": "\"My program starts by playing tic-tac-toe at random and whenever it loses a game "
                    "it analyses and learns from it\"",
        "seed": str(seed),
    }))
    # 1b. The default learner until it declares, and the literal learner (--literal) against the same partner.
    seed = 1
    partner = (f"the trapper (make_transcripts.trapper, seed {TRAPPER_SEED + seed}): train.py's perfect "
               "partner as the human, a perfect move that leaves the learner a way to go wrong; "
               "the human moves first in the odd games")
    learner, lines = against_trapper(DEFAULT, seed, 60, until_declared=True)
    add(case("declares", ["--fresh", "--seed", str(seed)], lines, {
        "title": "A fresh learner loses, learns, and declares that Tic-Tac-Toe can always be won "
                 "while it can still be beaten",
        "source": "reconstruction from the web page's prose, the flaw section",
        "evidence": "\"as it becomes unbeatable it declares that the game of tic-tac-toe can always be won\"; "
                    "the port declares earlier than that (NOTES.md, the timeline)",
        "seed": str(seed),
        "partner": partner,
        "measured": f"declared after game {learner.store.games}, {learner.store.lost} lost; then "
                    f"{beating_lines(learner)} losing lines (retro/ports/pascal_learner/audit.py, beating_lines); "
                    "seeds 0-11 declare after games 7-49 (tools/pascal_measure.py sessions; "
                    "this random seed is the shortest)",
    }))
    learner, lines = against_trapper(LITERAL, seed, 12, until_declared=True)
    add(case("literal-learns", ["--literal", "--fresh", "--seed", str(seed)], lines, {
        "title": "--literal: the learner with only what the prose states loses, learns, and declares nothing",
        "source": "reconstruction from the web page's prose, its rules alone "
                  "(retro/ports/pascal_learner/model/rules.py, LITERAL)",
        "evidence": "\"whenever it loses a game it analyses and learns from it\"; the outcome is measured, "
                    "not the text's (NOTES.md, --literal)",
        "seed": str(seed),
        "partner": partner,
        "measured": f"after {learner.store.games} games, {learner.store.lost} lost: {learner.verdict()}, "
                    f"{beating_lines(learner)} losing lines; after 60 games every seed 0-11 is still undecided "
                    "(tools/pascal_measure.py sessions), and after 2,000 of training never unbeatable (NOTES.md)",
    }))
    # 2. The trained learner: Tic-Tac-Toe can always be won; the corner opening rated lost, still drawn.
    for name, data, fixed, title in (
        ("trained-corner", "trained-3.data", False,
         "The trained learner declares that Tic-Tac-Toe can always be won, rates the corner opening lost, "
         "and still draws"),
        ("fixed-corner", "trained-3-fixed.data", True,
         "With --fixed the trained learner concludes that Tic-Tac-Toe is a draw"),
    ):
        learner = fixture(data, 3, fixed, seed=1)
        # The seed's line (a corner, the centre, the opposite corner), then another corner opening.
        lines = human_lines(learner, [(True, perfect(21, (1, 1), (3, 3))), (True, perfect(22, (3, 1)))])
        options = (["--fixed"] if fixed else []) + ["--data", data, "--no-save", "--seed", "1"]
        add(case(name, options, lines, {
            "title": title,
            "source": "reconstruction from the web page's prose, the flaw section",
            "evidence": ("\"as it becomes unbeatable it declares that the game of tic-tac-toe can always be won\"; "
                         "\"the start of the game ... will be considered lost when the opponent places its mark "
                         "on a corner\"; \"the program will still end up making the correct move\"")
            if not fixed else ("(d) a modern option, not the original's: --fixed mends the flaw the text explains "
                               "(\"there can be a move that thwarts one victoryplan and at the same time threatens "
                               "a winning sequence\") and concludes that the game is a draw"),
            "seed": "1",
            "data": data + f" (retro train pascal-learner --games 2000 --seed 1{' --fixed' if fixed else ''})",
        }))
    # 3. Five-in-a-Row in a pipe, against a partly trained learner.
    learner = fixture("five.data", 5, False, seed=1)
    human = fixture("five.data", 5, False, seed=7)  # the "human": the learner's own play, other choices
    lines = human_lines(learner, [(True, lambda board: human.choose(board, CROSS)[0])])
    add(case("five-pipe", ["--five", "--data", "five.data", "--no-save", "--seed", "1"], lines, {
        "title": "Five-in-a-Row on 15x15 in a pipe, against a learner trained by 60 games of self-play",
        "source": "reconstruction from the web page's prose",
        "evidence": "\"The program can also play five in a row and start learning and improving on it as well\"",
        "seed": "1",
        "data": "five.data (retro train pascal-learner --five --opponent self --games 60 --seed 1)",
    }))
    # 4. Bad input and the end of input in the middle of a game.
    add(case("bad-input", ["--fresh", "--seed", "5"], ["maybe", "y", "2;2", "0,1", "4,4", "2,2", "2,2"], {
        "title": "Bad moves are refused with a message; end of input ends the session",
        "source": "reconstruction (the text quotes no prompt or message)",
        "evidence": "the move notation row,col of this port (NOTES.md); end of input: Goodbye, exit 0",
        "seed": "5",
    }))
    return tuple(found)


CASES = cases()

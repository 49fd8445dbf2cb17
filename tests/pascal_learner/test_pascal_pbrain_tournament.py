"""``retro pbrain pascal-learner`` in a tournament as GomocupJudge runs it
(gomocup_judge.py): a fresh process per game, suspended while its opponent
thinks, its memory measured after every move, ended by END; a few short
games on 15x15 against a one-ply player, from a store trained here.  The
judge kills a brain 0.5 s after END: a wall time, which a loaded machine
cannot promise a test, so the time to end is benchmarks/pascal_brain.py's
(END) and here the brain need only end by itself."""
from __future__ import annotations

import io
import random
import subprocess
import sys
from pathlib import Path
from typing import Optional, Sequence

from retro.console import LineConsole
from retro.ports.pascal_learner.store import journal
from retro.ports.pascal_learner.store.datafile import load
from retro.ports.pascal_learner.training.train import train

from gomocup_judge import JudgedBrain

SIZE = 15
GAMES = 4
MOVES = 80  # stones on the board at most: the games stay short
USS_LIMIT = 64 << 20  # bytes of private memory (about 22 MB measured); GomocupJudge's max_memory is 350 MB
FOLDER_LIMIT = 70 << 20  # GomocupJudge's limit on INFO folder ("FLE")
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))

# The games' openings (Gomocup plays from given openings): the brain's first
# move, the opponent's, and an open four of the opponent's, a lost game.
OPENINGS = ((), ((7, 7, 2),), ((3, 7, 2), (0, 0, 1), (4, 7, 2), (0, 1, 1), (5, 7, 2), (0, 2, 1), (6, 7, 2)))

Stones = dict[tuple[int, int], int]  # (x, y): 1 the brain's, 2 the opponent's


def completes(stones: Stones, x: int, y: int, who: int) -> bool:
    """Whether ``who`` at x,y has five or more in a row."""
    for dx, dy in DIRECTIONS:
        run = 1
        for sign in (1, -1):
            step = 1
            while stones.get((x + sign * step * dx, y + sign * step * dy)) == who:
                run += 1
                step += 1
        if run >= 5:
            return True
    return False


def empties(stones: Stones) -> list[tuple[int, int]]:
    return [(x, y) for y in range(SIZE) for x in range(SIZE) if (x, y) not in stones]


def completing(stones: Stones, who: int) -> Optional[tuple[int, int]]:
    return next((square for square in empties(stones) if completes(stones, *square, who)), None)


def one_ply(stones: Stones, rng: random.Random) -> tuple[int, int]:
    """The opponent: its five if it has one, else the brain's blocked, else a
    random square beside a stone (the centre on an empty board)."""
    for who in (2, 1):
        square = completing(stones, who)
        if square is not None:
            return square
    near = [(x, y) for x, y in empties(stones)
            if any((x + dx, y + dy) in stones for dx in (-1, 0, 1) for dy in (-1, 0, 1))]
    return rng.choice(near) if near else (SIZE // 2, SIZE // 2)


def play(brain: JudgedBrain, opening: Sequence[tuple[int, int, int]], rng: random.Random) -> tuple[Stones, int]:
    """A game from ``opening`` (x, y, 1 the brain's or 2): the stones at its end
    and the winner (1 the brain, 2 the opponent, 0 none by MOVES stones)."""
    stones: Stones = {(x, y): field for x, y, field in opening}
    move = brain.board(opening)
    while True:
        assert move not in stones and all(0 <= v < SIZE for v in move), f"an illegal move {move}"
        stones[move] = 1
        if completes(stones, *move, 1):
            return stones, 1
        if len(stones) >= MOVES:
            return stones, 0
        reply = one_ply(stones, rng)
        stones[reply] = 2
        if completes(stones, *reply, 2):
            return stones, 2  # the manager does not tell the brain so: it ends the game
        move = brain.turn(*reply)


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def test_a_few_games_as_gomocupjudge_runs_them(tmp_path: Path) -> None:
    trained = tmp_path / "trained.data"
    out = io.BytesIO()
    assert train(LineConsole(io.BytesIO(), out, out), 40, "self", seed=1, data=str(trained), five=True) == 0
    before = load(trained, 5, "flawed")
    assert before is not None and before.games == 40
    folder = tmp_path / "manager"
    folder.mkdir()
    command = [sys.executable, "-m", "retro", "pbrain", "pascal-learner", "--data", str(trained),
               "--random-state", "3"]
    rng = random.Random(7)
    losses = 0
    peak = 0
    for game in range(GAMES):
        with open(tmp_path / f"errors{game}", "w+b") as errors:
            with JudgedBrain(command, SIZE, folder, errors, cwd=tmp_path) as brain:
                stones, winner = play(brain, OPENINGS[game % len(OPENINGS)], rng)
                ended = brain.end(patience=30)  # the judge's 0.5 s is a wall time: benchmarks/pascal_brain.py's END
            errors.seek(0)
            said = errors.read()
        assert ended, "the brain ends by itself after END"
        assert said == b"", said
        assert max(brain.answer_times) < brain.timeout_turn / 1000, brain.answer_times
        peak = max(peak, brain.peak_uss)
        losses += winner == 2 or (winner == 0 and completing(stones, 2) is not None)
    assert losses >= 1, "the opening of an open four is lost"
    assert peak < USS_LIMIT, f"{peak >> 20} MB"
    place = folder / "pbrain-pascal-learner"
    data = place / "Tic-Tac-Toe-Data-5"
    cache, pending = "Tic-Tac-Toe-Data-5.compiled-15x15", "Tic-Tac-Toe-Data-5.pending"
    assert sorted(path.name for path in place.iterdir()) == [data.name, cache, pending], "no lock or temporary file left"
    kept, skipped = journal.parse(journal.journal_path(data).read_bytes())
    assert len(kept) == GAMES and sum(game.lost for game in kept) == losses and skipped == 0, "each game kept, once"
    assert folder_size(folder) < FOLDER_LIMIT
    learnt = subprocess.run([sys.executable, "-m", "retro", "train", "pascal-learner", "--five", "--learn-pending",
                             "--data", str(data)], capture_output=True, timeout=300, cwd=tmp_path)
    assert learnt.returncode == 0 and learnt.stderr == b"", learnt.stderr
    store = load(data, 5, "flawed")
    assert store is not None, "the store is whole"
    assert store.games == 40 + GAMES and store.lost == before.lost + losses
    assert sorted(path.name for path in place.iterdir()) == [data.name, cache], "the journal learnt, the cache made again"
    after = load(trained, 5, "flawed")
    assert after is not None and after.games == 40, "--data's file only began the folder's"

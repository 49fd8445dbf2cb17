"""``retro pbrain pascal-learner``: the Gomocup protocol, spoken to a scripted
manager in a subprocess and to the brain in process."""
from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional

from retro.ports.pascal_learner.model.board import Board, Grid
from retro.ports.pascal_learner.store import journal
from retro.ports.pascal_learner.store.datafile import load
from retro.ports.pascal_learner.learning.learner import Learner
from retro.ports.pascal_learner.store.session import StoreSession
from retro.ports.pascal_learner.brain.pbrain import OWN, THEIRS, Brain, limit_of

ROOT = Path(__file__).resolve().parent.parent.parent


class Manager:
    """A scripted manager: the brain as a subprocess, a command a line."""

    def __init__(self, data: Path):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "retro", "pbrain", "pascal-learner", "--data", str(data), "--seed", "3"],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        for line in lines:
            self.process.stdin.write(line.encode() + b"\r\n")  # the manager ends its lines with CR LF
        self.process.stdin.flush()

    def answer(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().decode().rstrip("\r\n")

    def ask(self, *lines: str) -> str:
        self.send(*lines)
        return self.answer()

    def end(self) -> tuple[int, str]:
        self.send("END")
        out, err = self.process.communicate(timeout=60)
        assert out == b"", "nothing is said after END"
        return self.process.returncode, err.decode()


def learnt_pending(data: Path) -> str:
    """``retro train pascal-learner --five --learn-pending``: what it says."""
    done = subprocess.run([sys.executable, "-m", "retro", "train", "pascal-learner", "--five", "--learn-pending",
                           "--data", str(data)], capture_output=True, timeout=300)
    assert done.returncode == 0 and done.stderr == b"", done.stderr
    return done.stdout.decode()


def xy(answer: str, size: int = 15) -> tuple[int, int]:
    x, y = (int(v) for v in answer.split(","))
    assert 0 <= x < size and 0 <= y < size, answer
    return x, y


def test_a_scripted_manager_plays_a_game_and_the_brain_learns_from_its_loss(tmp_path: Path) -> None:
    data = tmp_path / "five.data"
    manager = Manager(data)
    try:
        assert manager.ask("ABOUT").startswith('name="pascal-learner", version="')
        assert manager.ask("START 15") == "OK"
        manager.send("INFO timeout_turn 5000", "INFO timeout_match 100000", "INFO max_memory 83886080",
                     "INFO game_type 1", "INFO rule 0", "INFO time_left 100000", "INFO folder .")
        taken = set()
        first = xy(manager.ask("BEGIN"))
        taken.add(first)
        for x, y in ((0, 0), (0, 1), (0, 2)):  # the manager's stones, on an edge; the brain answers each
            if (x, y) in taken:
                continue
            taken.add((x, y))
            move = xy(manager.ask(f"TURN {x},{y}"))
            assert move not in taken, "the brain plays on an empty square"
            taken.add(move)
        assert manager.ask("TAKEBACK 0,2") == "OK"
        assert manager.ask("TAKEBACK 9,9").startswith("ERROR")
        assert manager.ask("FROB 1").startswith("UNKNOWN")
        assert manager.ask("START 30").startswith("ERROR")
        assert manager.ask("START 15") == "OK"
        # A position where the manager (2) has an open four on row 7: every answer loses.
        stones = ["5,7,2", "0,0,1", "6,7,2", "0,1,1", "7,7,2", "0,2,1", "8,7,2", "14,14,1"]
        reply = xy(manager.ask("BOARD", *stones, "DONE"))
        assert f"{reply[0]},{reply[1]}" not in {s.rsplit(",", 1)[0] for s in stones}
        # The manager wins at an end, and says no more of this game than RESTART.
        assert manager.ask("RESTART") == "OK"
        xy(manager.ask("BEGIN"))
        status, errors = manager.end()
    finally:
        if manager.process.poll() is None:
            manager.process.kill()
    assert status == 0 and errors == ""
    games, skipped = journal.parse(journal.journal_path(data).read_bytes())
    assert [game.lost for game in games] == [False, True, False] and skipped == 0, "each game kept, once"
    assert learnt_pending(data).startswith(f"Learnt the 3 games kept in the journal of {data}.\n")
    store = load(data, 5, "flawed")
    assert store is not None
    assert store.lost == 1 and store.games == 3, "the loss learnt, the other games counted"
    assert not journal.journal_path(data).exists() and not journal.taken_aside(data).exists()
    assert len(store.schemes) >= 1 and 1 in store.schemes.counts(), "the winning line is a scheme"


def brain(session: Optional[StoreSession] = None) -> tuple[Brain, list[str]]:
    said: list[str] = []
    learner = Learner.empty(Grid(15, 15, 5), rng=random.Random(1))
    opened = session or StoreSession(learner, "five.data", False, None)
    return Brain(lambda grid: opened, said.append), said


def test_a_move_not_ready_in_time_is_answered_by_the_quick_move_and_the_thought_finished_first() -> None:
    b, said = brain()
    b.handle("START 15")
    assert b.learner is not None
    slow = b.learner.choose
    finished: list[float] = []

    def choose(board: Board, player: int):  # type: ignore[no-untyped-def]  # the learner's, slowed
        time.sleep(0.5)
        finished.append(time.monotonic())
        return slow(board, player)

    b.learner.choose = choose  # type: ignore[method-assign]  # slowed for this test
    b.handle("INFO timeout_turn 100")
    b.handle("BOARD")
    for line in ("3,3,2", "4,3,2", "5,3,2", "6,3,2", "0,0,1"):
        b.handle(line)
    b.handle("DONE")
    assert said == ["OK", "7,3"] or said == ["OK", "2,3"]
    assert b.quick_answers == 1
    b.handle("TURN 10,10")  # the slow thought is finished before the learner thinks again
    assert finished and b.quick_answers == 2


def test_the_time_allowed() -> None:
    assert limit_of({}) is None
    assert limit_of({"timeout_turn": "0"}) is None
    assert limit_of({"timeout_turn": "1000"}) == 0.75
    assert limit_of({"timeout_turn": "1000", "time_left": "2000"}) == 0.2 - 0.05
    assert limit_of({"timeout_turn": "1000", "time_left": "2147483647"}) == 0.75


def test_board_continuing_the_game_keeps_its_moves_and_coordinates_are_x_then_y() -> None:
    b, said = brain()
    b.handle("START 15")
    b.handle("TURN 2,9")
    assert b.board is not None and b.board.squares[9 * 15 + 2] == THEIRS
    mine = xy(said[-1])
    b.handle("BOARD")
    for line in ("2,9,2", f"{mine[0]},{mine[1]},1", "12,1,2"):
        b.handle(line)
    b.handle("DONE")
    assert [m for _, m in b.moves] == [THEIRS, OWN, THEIRS, OWN]
    assert b.moves[2][0] == 1 * 15 + 12
    b.handle("TURN 12,1")
    assert said[-1].startswith("ERROR") and "taken" in said[-1]


def test_sigterm_after_a_lost_game_still_learns_it(tmp_path: Path) -> None:
    """Some managers send END and terminate the brain at once."""
    data = tmp_path / "five.data"
    manager = Manager(data)
    try:
        assert manager.ask("START 15") == "OK"
        xy(manager.ask("BOARD", "5,7,2", "0,0,1", "6,7,2", "0,1,1", "7,7,2", "0,2,1", "8,7,2", "DONE"))
        manager.process.terminate()
        _, err = manager.process.communicate(timeout=60)
    finally:
        if manager.process.poll() is None:
            manager.process.kill()
    assert manager.process.returncode == 0 and err == b""
    learnt_pending(data)
    store = load(data, 5, "flawed")
    assert store is not None and store.lost == 1 and len(store.schemes) >= 1

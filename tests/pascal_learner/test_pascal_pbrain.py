"""``retro pbrain pascal-learner``: the Gomocup protocol, spoken to a scripted
manager in a subprocess and to the brain in process."""
from __future__ import annotations

import io
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Optional

import pytest

from retro.ports.pascal_learner.model.board import Board, Grid
from retro.console import LineConsole
from retro.ports.pascal_learner.store import cachefile, compiled, journal
from retro.ports.pascal_learner.store.datafile import Lock, load
from retro.ports.pascal_learner.learning.learner import Learner
from retro.ports.pascal_learner.store.session import StoreSession
from retro.ports.pascal_learner.brain import placement
from retro.ports.pascal_learner.brain.budget import limit_of
from retro.ports.pascal_learner.brain.game import OWN, THEIRS
from retro.ports.pascal_learner.brain.placement import store_location, store_opener
from retro.ports.pascal_learner.brain.protocol import Brain

from pascal_helpers import FIXTURES

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
                     "INFO game_type 1", "INFO rule 0", "INFO time_left 100000", f"INFO folder {tmp_path}")
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
    assert not data.exists(), "with INFO folder, the brain's store is in the folder"
    data = tmp_path / "pbrain-pascal-learner" / "Tic-Tac-Toe-Data-5"
    assert sorted(p.name for p in data.parent.iterdir()) == [data.name + ".pending"], "no store yet: no cache"
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
    return Brain(lambda grid, folder: opened, said.append), said


def slowed_brain(seconds: float) -> tuple[Brain, list[str], threading.Event, list[float]]:
    """A brain after START whose learner's thoughts are held (``slowed``)."""
    b, said = brain()
    b.handle("START 15")
    release, finished = slowed(b, seconds)
    return b, said, release, finished


def slowed(b: Brain, seconds: float) -> tuple[threading.Event, list[float]]:
    """The brain's learner, its store opened as the first move would, made
    to hold each thought until released (the event set) or ``seconds`` have
    passed; the times its thoughts finished."""
    assert b._open_store()  # as the first move would, to slow the learner before it
    assert b.learner is not None
    slow = b.learner.choose
    release = threading.Event()
    finished: list[float] = []

    def choose(board: Board, player: int):  # type: ignore[no-untyped-def]  # the learner's, slowed
        release.wait(seconds)
        finished.append(time.monotonic())
        return slow(board, player)

    b.learner.choose = choose  # type: ignore[method-assign]  # slowed for this test
    return release, finished


def test_a_move_not_ready_in_time_is_answered_by_the_quick_move_and_the_next_waits_only_its_own_time() -> None:
    b, said, release, finished = slowed_brain(30)  # held until released, far past any move's time
    assert b.learner is not None
    b.handle("INFO timeout_turn 100")
    b.handle("BOARD")
    for line in ("3,3,2", "4,3,2", "5,3,2", "6,3,2", "0,0,1"):
        b.handle(line)
    b.handle("DONE")
    assert said == ["OK", "7,3"] or said == ["OK", "2,3"]
    assert b.quick_answers == 1
    b.handle("TURN 10,10")  # the held thought still runs: this move too is answered quickly, not after it
    assert not finished and b.quick_answers == 2 and len(said) == 3
    del b.learner.choose  # the learner's own again
    release.set()
    thought = b.thinker.thread
    assert thought is not None
    thought.join(10)
    assert finished and not thought.is_alive()
    b.handle("INFO timeout_turn 0")  # no limit: the learner's own thought is waited for, however slow the machine
    b.handle("TURN 12,12")  # the held thought has ended: the learner thinks this move
    assert b.quick_answers == 2 and len(said) == 4 and not said[-1].startswith("ERROR")


def test_the_time_allowed() -> None:
    assert limit_of({}) is None
    assert limit_of({"timeout_turn": "0"}) is None
    assert limit_of({"timeout_turn": "1000"}) == 0.75
    assert limit_of({"timeout_turn": "1000", "time_left": "2000"}) == 0.2 - 0.05
    assert limit_of({"timeout_turn": "1000", "time_left": "2147483647"}) == 0.75
    assert limit_of({"time_left": "-300"}) == limit_of({"time_left": "0"}) == 0.0, "the match's time spent"


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


def board(b: Brain, *lines: str) -> None:
    for line in ("BOARD", *lines, "DONE"):
        b.handle(line)


def brain_in_folder(folder: Path, data: Optional[str] = None) -> tuple[Brain, list[str]]:
    """A brain with the command's store opener, after START 15 and INFO folder."""
    said: list[str] = []
    b = Brain(store_opener(LineConsole(io.BytesIO(), io.BytesIO(), io.BytesIO()), data, 3), said.append)
    b.handle("START 15")
    b.handle(f"INFO folder {folder}")
    return b, said


LOST_AT_END = ("5,7,2", "0,0,1", "6,7,2", "0,1,1", "7,7,2", "0,2,1", "8,7,2")  # the opponent's open four


def test_a_rule_the_learner_cannot_play_is_an_error_at_the_first_command_asking_for_a_move() -> None:
    b, said = brain()
    b.handle("START 15")
    b.handle("INFO rule 1")  # exactly five: INFO has no answer
    assert said == ["OK"]
    b.handle("BEGIN")
    assert said[-1].startswith("ERROR rule 1 (exactly five in a row)")
    b.handle("INFO rule 4")
    board(b, "7,7,2")
    assert said[-1].startswith("ERROR rule 4 (renju)") and b.moves == []
    b.handle("INFO rule 2")  # continuous: played, its finished lines occupied
    b.handle("BEGIN")
    xy(said[-1])
    assert b.played and b.learner is not None and b.learner.store.games == 0


def test_board_in_another_order_continues_the_game_and_no_loss_is_invented() -> None:
    b, said = brain()
    b.handle("START 15")
    four = ["3,7,2", "4,7,2", "5,7,2", "6,7,2"]
    board(b, *four, "0,0,1", "0,1,1", "0,2,1")
    mine = xy(said[-1])
    assert b.moves[-1][1] == OWN
    known = list(b.moves)
    # The same stones, in another order, and the opponent's next: the game goes on.
    board(b, f"{mine[0]},{mine[1]},1", "0,2,1", *reversed(four), "0,1,1", "0,0,1", "9,9,2")
    assert b.moves[:len(known)] == known and b.moves[len(known)] == (9 * 15 + 9, THEIRS)
    assert len(b.moves) == len(known) + 2
    assert b.learner is not None and b.learner.store.games == 0 and b.learner.store.lost == 0
    # Other stones: another game, and the last one counted (lost: the four was open at one end).
    board(b, "7,7,2")
    assert b.learner.store.games == 1 and b.moves[0] == (7 * 15 + 7, THEIRS)


def test_board_field_3_is_occupied() -> None:
    b, said = brain()
    b.handle("START 15")
    b.handle("INFO rule 2")
    # The brain's four on row 3, both ends taken by a finished line's stones.
    board(b, "3,3,1", "4,3,1", "5,3,1", "6,3,1", "2,3,3", "7,3,3", "9,9,2", "10,10,2", "11,11,2")
    move = said[-1]
    assert move not in ("2,3", "7,3") and not move.startswith("ERROR")
    assert b.board is not None and not b.board.empty(3 * 15 + 7) and 3 * 15 + 7 in b.blocked
    board(b, "3,3,1", "4,3,1", "5,3,1", "6,3,1", "2,3,3", "7,3,3", "9,9,2", "10,10,2", "11,11,2", "1,1,4")
    assert said[-1].startswith("ERROR") and "field" in said[-1]


def test_the_store_is_opened_at_the_first_move_in_the_folder_the_infos_gave(tmp_path: Path) -> None:
    opened: list[Optional[str]] = []
    learner = Learner.empty(Grid(15, 15, 5), rng=random.Random(1))

    def open_learner(grid: Grid, folder: Optional[str]) -> StoreSession:
        opened.append(folder)
        return StoreSession(learner, "five.data", False, None)

    said: list[str] = []
    b = Brain(open_learner, said.append)
    b.handle("START 15")  # GomocupJudge: START, then the INFOs
    assert opened == []
    b.handle(f"INFO folder {tmp_path}")
    b.handle("BEGIN")
    b.handle("RESTART")
    b.handle("BEGIN")
    assert opened == [str(tmp_path)] and said[0] == "OK"


def test_the_store_in_the_folder_begins_as_a_copy_of_the_given_one(tmp_path: Path) -> None:
    given = tmp_path / "given.data"
    given.write_text("not a store")
    folder = tmp_path / "manager"
    assert store_location(None, str(given), 5) == str(given)
    place = folder / "pbrain-pascal-learner" / "Tic-Tac-Toe-Data-5"
    assert store_location(str(folder), str(given), 5) == str(place) and not place.exists()  # nothing to copy
    learner = Learner.empty(Grid(15, 15, 5), path=given)
    learner.record(True)
    learner.save()
    assert store_location(str(folder), str(given), 5) == str(place)
    copied = load(place, 5, "flawed")
    assert copied is not None and copied.lost == 1
    learner.record(True)
    learner.save()
    store_location(str(folder), str(given), 5)
    again = load(place, 5, "flawed")
    assert again is not None and again.lost == 1, "the folder's file is the brain's from then on"


def test_a_store_another_brain_holds_is_played_without_learning(tmp_path: Path) -> None:
    said: list[str] = []
    errors = LineConsole(io.BytesIO(), io.BytesIO(), io.BytesIO())
    b = Brain(store_opener(errors, None, 3), said.append)
    place = Path(str(store_location(str(tmp_path), None, 5)))
    Learner.empty(Grid(15, 15, 5), path=place).save()
    before = place.read_bytes()
    with Lock(place):  # another brain's
        b.handle("START 15")
        b.handle(f"INFO folder {tmp_path}")
        b.handle("BEGIN")
        assert said[1].startswith("MESSAGE another learner") and "without learning" in said[1]
        xy(said[2])
        b.handle("END")
        b.close()
    assert place.read_bytes() == before
    assert not journal.journal_path(place).exists(), "the journal has one writer: the brain that holds the store"


def test_restart_counts_only_a_game_the_brain_played() -> None:
    b, said = brain()
    b.handle("START 15")
    b.handle("RESTART")
    board(b, "7,7,2", "7,7,1")  # refused: the game never began
    assert said[-1].startswith("ERROR") and "taken" in said[-1]
    b.handle("RESTART")
    assert b.learner is not None and b.learner.store.games == 0
    b.handle("TURN 7,7")
    xy(said[-1])
    b.handle("RESTART")
    b.handle("RESTART")
    assert b.learner.store.games == 1


def test_an_unknown_command_of_several_lines_has_one_answer() -> None:
    b, said = brain()
    b.handle("START 15")
    for line in ("SWAP2BOARD", "7,7", "8,7", "9,9", "DONE", "PLAY 3,3", "BEGIN"):
        b.handle(line)
    assert said[1].startswith("UNKNOWN SWAP2BOARD") and said[2].startswith("UNKNOWN PLAY")
    assert len(said) == 4
    xy(said[3])


@pytest.mark.parametrize("kept", ["counted", "journalled"])
def test_end_waits_for_a_running_thought_no_longer_than_a_manager_allows_and_keeps_the_loss(
        tmp_path: Path, kept: str) -> None:
    """A thought that outlasts END: the loss counted (the whole store, learnt
    in the process, as ``--whole``) or journalled at once (the compiled store)."""
    place = Path(str(store_location(str(tmp_path), None, 5)))
    if kept == "counted":
        b, said = brain()
        b.handle("START 15")
    else:
        five_store(place)
        b, said = brain_in_folder(tmp_path)
    slowed(b, 1.5)
    assert b.learner is not None
    b.handle("INFO timeout_turn 100")
    board(b, "3,7,2", "4,7,2", "5,7,2", "6,7,2", "0,0,1", "0,1,1", "0,2,1")
    assert said[-1] in ("7,7", "2,7") and b.quick_answers == 1
    began = time.monotonic()
    b.handle("END")
    b.close()
    assert time.monotonic() - began < 0.5
    if kept == "counted":
        assert b.learner.store.games == 1 and b.learner.store.lost == 1
    else:
        games, skipped = journal.parse(journal.journal_path(place).read_bytes())
        assert [game.lost for game in games] == [True] and skipped == 0


def test_a_full_folder_is_played_without_saving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(placement, "FOLDER_LIMIT", 50)  # bytes: an empty store is 88
    place = Path(str(store_location(str(tmp_path), None, 5)))
    Learner.empty(Grid(15, 15, 5), path=place).save()
    before = place.read_bytes()
    b, said = brain_in_folder(tmp_path)
    board(b, *LOST_AT_END)
    assert said[1].startswith("MESSAGE the brain's folder holds more than 0 MB") and xy(said[2])
    b.handle("END")
    b.close()
    assert place.read_bytes() == before and not place.with_name(place.name + ".lock").exists()
    assert not journal.journal_path(place).exists(), "no game kept"
    monkeypatch.setattr(placement, "FOLDER_LIMIT", 30 << 20)
    said.clear()
    b = Brain(store_opener(LineConsole(io.BytesIO(), io.BytesIO(), io.BytesIO()), None, 3), said.append)
    for line in ("START 15", f"INFO folder {tmp_path}", "BOARD", "5,7,2", "6,7,2", "7,7,2", "8,7,2", "0,0,1",
                 "0,1,1", "0,2,1", "DONE", "END"):
        b.handle(line)
    b.close()
    assert len(said) == 2 and learnt_pending(place).startswith("Learnt the 1 games"), "under the limit, the loss is kept"
    after = load(place, 5, "flawed")
    assert after is not None and after.lost == 1


def five_store(path: Path) -> Path:
    """The fixture five.data at ``path``, with its compiled cache for 15x15 beside it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes((FIXTURES / "five.data").read_bytes())
    assert compiled.play_finder(path, Grid(15, 15, 5), "flawed") is not None
    return path


def test_the_folder_s_store_begins_with_the_given_one_s_cache_and_opens_from_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    given = five_store(tmp_path / "given.data")
    place = Path(str(store_location(str(tmp_path / "manager"), str(given), 5)))
    cache = cachefile.cache_path(place, Grid(15, 15, 5))
    assert place.read_bytes() == given.read_bytes() and cache.read_bytes() == cachefile.cache_path(
        given, Grid(15, 15, 5)).read_bytes(), "the store and its cache copied as they are"

    def refused(*args: object) -> None:
        raise AssertionError("the store was parsed")

    monkeypatch.setattr(compiled, "decode", refused)
    b, said = brain_in_folder(tmp_path / "manager", str(given))
    b.handle("BEGIN")
    xy(said[1])
    assert len(said) == 2 and b.session is not None and b.session.kept_in == place.resolve()
    b.handle("END")
    b.close()
    assert sorted(p.name for p in place.parent.iterdir()) == [place.name, cache.name, place.name + ".pending"]


@pytest.mark.parametrize("beside", ["cache", "journal"])
def test_the_cache_and_the_journal_count_in_the_folder_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              beside: str) -> None:
    place = Path(str(store_location(str(tmp_path), None, 5)))
    five_store(place)
    cache = cachefile.cache_path(place, Grid(15, 15, 5))
    pending = journal.journal_path(place)
    if beside == "journal":
        pending.write_bytes(journal.line_of(journal.Game(((112, 1),), False)) * 100)
    # The folder one byte over the limit with the file beside the store, under it without.
    held = place.stat().st_size + cache.stat().st_size + (pending.stat().st_size if beside == "journal" else 0)
    monkeypatch.setattr(placement, "FOLDER_LIMIT", held - 1)
    before = pending.read_bytes() if pending.exists() else b""
    b, said = brain_in_folder(tmp_path)
    board(b, *LOST_AT_END)
    assert said[1].startswith("MESSAGE the brain's folder holds more than") and xy(said[2])
    b.handle("END")
    b.close()
    assert (pending.read_bytes() if pending.exists() else b"") == before, "no game kept"



def test_a_cache_that_would_fill_the_folder_serves_from_beside_the_given_store(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A store whose cache would take the folder past FOLDER_LIMIT (the
    10,000-game store's is 116 MB) is copied without it: the brain reads the
    cache beside the given store (the same bytes), never compiles, and keeps
    its games in the folder; a cache compiled then goes beside the given
    store too, and the folder holds the store and its journal only."""
    given = five_store(tmp_path / "given.data")
    grid = Grid(15, 15, 5)
    cache = cachefile.cache_path(given, grid)
    monkeypatch.setattr(placement, "FOLDER_LIMIT", given.stat().st_size + cache.stat().st_size // 2)
    place = Path(str(store_location(str(tmp_path / "manager"), str(given), 5, grid)))
    assert place.read_bytes() == given.read_bytes() and not cachefile.cache_path(place, grid).exists()

    def refused(*args: object) -> None:
        raise AssertionError("the store was parsed")

    with monkeypatch.context() as m:
        m.setattr(compiled, "decode", refused)
        b, said = brain_in_folder(tmp_path / "manager", str(given))
        board(b, *LOST_AT_END)
        assert len(said) == 2 and xy(said[1]), "no MESSAGE: the folder is not full"
        b.handle("END")
        b.close()
    assert sorted(p.name for p in place.parent.iterdir()) == [place.name, place.name + ".pending"], "the game kept"
    cache.unlink()
    b, said = brain_in_folder(tmp_path / "manager", str(given))
    b.handle("BEGIN")
    xy(said[1])
    b.handle("END")
    b.close()
    assert cache.exists() and not cachefile.cache_path(place, grid).exists(), "compiled, and kept beside the given store"

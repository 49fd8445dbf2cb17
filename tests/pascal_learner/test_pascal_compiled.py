"""The brain's play path: the compiled cache beside the store (store/compiled.py)
and the journal of games to learn (store/journal.py).  The moves are the
store's own learner's; a cache that does not match its store, or is damaged,
is never used; a journal line cut short is skipped; a game is learnt once."""
from __future__ import annotations

import hashlib
import itertools
import mmap
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from retro.ports.pascal_learner.learning.learner import Learner
from retro.ports.pascal_learner.model.board import CIRCLE, CROSS, Board, Grid
from retro.console import LineConsole
from retro.ports.pascal_learner import PROGRAM
from retro.ports.pascal_learner.model.schemes import Scheme, SchemeList
from retro.ports.pascal_learner.play import tictactoe
from retro.ports.pascal_learner.planfinder import compact
from retro.ports.pascal_learner.planfinder.compact import CompactPlanFinder
from retro.ports.pascal_learner.planfinder.plans import LEAF
from retro import processes
from retro.ports.pascal_learner.store import cachefile, compiled, fitting, journal
from retro.ports.pascal_learner.store.datafile import Lock, Store, load, save, scheme_line

from pascal_helpers import FIXTURES

FIVE = Grid(15, 15, 5)


@pytest.fixture
def store_path(tmp_path: Path) -> Path:
    path = tmp_path / "five.data"
    shutil.copy(FIXTURES / "five.data", path)
    return path


def played(learner: Learner, games: int = 3) -> list[tuple[int, object]]:
    """The learner's choices along ``games`` games it plays against itself."""
    choices = []
    for _ in range(games):
        board = Board(learner.grid)
        player = CROSS
        while not board.full():
            square, choice = learner.choose(board, player)
            choices.append((square, choice))
            board.place(square, player)
            if board.completes(square):
                break
            player = CROSS + CIRCLE - player
    return choices


@pytest.mark.parametrize("size", [15, 20])
def test_the_compiled_cache_plays_the_store_s_moves(store_path: Path, size: int) -> None:
    grid = Grid(size, size, 5, maxsize=20)
    store = load(store_path, 5, "flawed")
    assert store is not None
    finder = compiled.play_finder(store_path, grid, "flawed")  # compiled, and the cache written
    assert cachefile.cache_path(store_path, grid).exists()
    again = compiled.play_finder(store_path, grid, "flawed")  # from the cache
    assert finder is not None and again is not None and len(again) == len(finder) > 0
    expected = played(Learner(grid, store, rng=random.Random(5)))
    assert played(Learner(grid, Store(SchemeList(5)), rng=random.Random(5), finder=again)) == expected


def damaged(data: bytes) -> bytes:
    return data[:-100] + bytes([data[-100] ^ 1]) + data[-99:]


@pytest.mark.parametrize("spoil", [damaged, lambda data: data[:len(data) // 2], lambda data: b"", lambda data: b"x" * 999,
                                   lambda data: data.replace(b'"rows": 15', b'"rows": 16')],
                         ids=["a-bit-flipped", "cut-short", "empty", "garbage", "another-key"])
def test_a_damaged_or_foreign_cache_is_ignored_and_made_again(store_path: Path, spoil: object) -> None:
    assert callable(spoil)
    compiled.play_finder(store_path, FIVE, "flawed")
    cache = cachefile.cache_path(store_path, FIVE)
    good = cache.read_bytes()
    cache.write_bytes(spoil(good))
    data = store_path.read_bytes()
    assert cachefile.read_cache(store_path, FIVE, data, "flawed") is None
    assert compiled.play_finder(store_path, FIVE, "flawed") is not None
    assert cache.read_bytes() == good, "made again, whole"


def test_another_store_s_cache_or_a_changed_store_is_not_used(store_path: Path, tmp_path: Path) -> None:
    compiled.play_finder(store_path, FIVE, "flawed")
    data = store_path.read_bytes()
    assert cachefile.read_cache(store_path, FIVE, data, "flawed") is not None
    changed = data.replace(b"\ngames ", b"\ngames 1")
    assert cachefile.read_cache(store_path, FIVE, changed, "flawed") is None
    assert cachefile.read_cache(store_path, FIVE, data, "fixed") is None
    other = tmp_path / "other.data"
    shutil.copy(FIXTURES / "trained-3.data", other)
    shutil.copy(cachefile.cache_path(store_path, FIVE), cachefile.cache_path(other, FIVE))
    assert cachefile.read_cache(other, FIVE, other.read_bytes(), "flawed") is None


def test_a_journal_line_cut_short_or_damaged_is_skipped() -> None:
    games = [journal.Game(((112, CROSS), (113, CIRCLE)), False), journal.Game(((1, CROSS),), True)]
    data = b"".join(journal.line_of(g) for g in games)
    assert journal.parse(data) == (games, 0)
    assert journal.parse(data[:-5]) == (games[:1], 1)
    assert journal.parse(data.replace(b"113", b"114")) == (games[1:], 1)


def test_pending_games_are_learnt_once(store_path: Path) -> None:
    """Taken aside and learnt, the store saying so: a learner killed after the
    save finds the games aside and does not learn them again."""
    store = load(store_path, 5, "flawed")
    assert store is not None
    before = store.games
    lost = journal.Game(((0, CROSS), (100, CIRCLE), (1, CROSS), (101, CIRCLE), (2, CROSS), (102, CIRCLE),
                         (3, CROSS), (103, CIRCLE), (4, CROSS)), True)
    for game in (lost, journal.Game(((7, CIRCLE),), False)):
        journal.append(store_path, game)
    aside = journal.taken_aside(store_path)
    learner = Learner(FIVE, store, path=store_path)
    assert journal.learn_pending(learner, store_path) == (2, 0)
    assert not aside.exists() and not journal.journal_path(store_path).exists()
    saved = load(store_path, 5, "flawed")
    assert saved is not None and saved.games == before + 2 and saved.lost == store.lost
    # as if killed between the save and the removal: the games aside are the ones the store has learnt
    journal.append(store_path, lost)
    journal.append(store_path, journal.Game(((7, CIRCLE),), False))
    journal.journal_path(store_path).rename(aside)
    assert journal.learn_pending(Learner(FIVE, saved, path=store_path), store_path) == (0, 0)
    assert not aside.exists()
    again = load(store_path, 5, "flawed")
    assert again is not None and again.games == before + 2


def retro(*args: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "retro", *args], stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def assert_whole(path: Path) -> Store:
    """After a kill: the store reads, the journal parses (a line cut short is
    recognised), the lock is gone or taken as stale, the cache is used or made again."""
    store = load(path, 5, "flawed")
    assert store is not None
    for kept in (journal.journal_path(path), journal.taken_aside(path)):
        if kept.exists():
            games, skipped = journal.parse(kept.read_bytes())
            assert skipped <= 1
    lock = Lock(path)
    lock.acquire()  # a killed holder's lock is stale: taken
    lock.release()
    assert compiled.play_finder(path, FIVE, "flawed") is not None
    return store


def test_a_brain_or_a_learner_killed_at_any_moment_leaves_everything_whole(store_path: Path) -> None:
    """SIGKILL during START (the cache made), a game, END (the journal), and
    during --learn-pending; then everything is whole, and learning to the end
    learns every game kept, once."""
    rng = random.Random(1)
    before = load(store_path, 5, "flawed")
    assert before is not None
    for k in range(8):
        if k == 4:
            cachefile.cache_path(store_path, FIVE).unlink(missing_ok=True)
        brain = retro("pbrain", "pascal-learner", "--data", str(store_path), "--random-state", str(k))
        assert brain.stdin is not None
        brain.stdin.write(b"START 15\nBOARD\n5,7,2\n0,0,1\n6,7,2\n0,1,1\n7,7,2\n0,2,1\n8,7,2\nDONE\nEND\n")
        brain.stdin.flush()
        time.sleep(rng.uniform(0.3, 2.5))
        brain.kill()
        brain.wait()
        assert_whole(store_path)
    brain = retro("pbrain", "pascal-learner", "--data", str(store_path))
    brain.communicate(b"START 15\nBOARD\n5,7,2\n0,0,1\n6,7,2\n0,1,1\n7,7,2\n0,2,1\n8,7,2\nDONE\nEND\n", timeout=600)
    kept = len(journal.parse(journal.read(journal.journal_path(store_path)))[0])
    assert kept > 0, "a brain left to end keeps its game"
    for k in range(6):
        learner = retro("train", "pascal-learner", "--five", "--learn-pending", "--data", str(store_path))
        time.sleep(rng.uniform(0.3, 3.0))
        learner.kill()
        learner.wait()
        assert_whole(store_path)
    done = subprocess.run([sys.executable, "-m", "retro", "train", "pascal-learner", "--five", "--learn-pending",
                           "--data", str(store_path)], capture_output=True, timeout=600)
    assert done.returncode == 0, done.stderr
    after = assert_whole(store_path)
    assert after.games == before.games + kept and after.lost == before.lost + kept, "every game once"
    assert not journal.journal_path(store_path).exists() and not journal.taken_aside(store_path).exists()


def test_where_memory_is_short_the_lowest_levels_are_played(store_path: Path) -> None:
    """``fit``: a finder over the rows of the lowest levels that fit, whose
    plans are the store's plans of those levels, in the same order."""
    compiled.play_finder(store_path, FIVE, "flawed")
    finder = compiled.play_finder(store_path, FIVE, "flawed")
    assert finder is not None and fitting.fit(finder, 1 << 40) is None, "all fit"
    held = processes.resident()
    assert held is not None
    fitted = fitting.fit(finder, int((held + (len(finder) // 2) * 400) / 0.85))
    assert fitted is not None
    smaller, said = fitted
    assert 0 < len(smaller) < len(finder) and said.startswith("the memory allowed holds ")
    top = int(smaller._level.max())
    assert top < int(finder._level.max())
    store = load(store_path, 5, "flawed")
    assert store is not None
    learner = Learner(FIVE, store, rng=random.Random(2))
    board = Board(FIVE)
    for square in (112, 113, 97, 128, 98, 127, 96, 99, 82, 142):
        board = board.with_move(square, CROSS if len(board.moves) % 2 == 0 else CIRCLE)
        for player in (CROSS, CIRCLE):
            expected = [(p.level, p.move, p.free, p.held, p.side, p.degrees)
                        for p in learner.finder.victoryplans(board, player) if p.level <= top]
            assert [(p.level, p.move, p.free, p.held, p.side, p.degrees)
                    for p in smaller.victoryplans(board, player)] == expected


def test_a_matching_cache_is_used_without_reading_the_store_s_schemes(store_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """START in a moment: with a cache that matches, the store's text is
    hashed, never parsed nor compiled; a store changed since is."""
    compiled.play_finder(store_path, FIVE, "flawed")

    def refused(*args: object) -> None:
        raise AssertionError("the store was parsed")

    monkeypatch.setattr(compiled, "decode", refused)
    assert compiled.play_finder(store_path, FIVE, "flawed") is not None
    store_path.write_bytes(store_path.read_bytes().replace(b"\ngames ", b"\ngames 1"))
    with pytest.raises(AssertionError, match="the store was parsed"):
        compiled.play_finder(store_path, FIVE, "flawed")


# The SHA-256 of the payload (the arrays, after the header) of five.data's caches, as the finder's own
# compiling wrote them before compile_rows: the cache's bytes are the same, in bounded memory.  A
# regression pin, taken from the port, not evidence: that a cache plays the store's moves is shown
# against the store itself (test_the_compiled_cache_plays_the_store_s_moves) and the reference's plans
# (test_pascal_matcher.py).
PAYLOADS = {15: "55fd5bdb22a426078c898fdf7279da9fde35045ded99b069227afcb94a164b41",
            20: "2760bca4ea4cc783601f839957ec0e1dc5ab7778db744b6779c3b67faa1f2d54"}


@pytest.mark.parametrize("size", [15, 20])
def test_the_cache_is_compiled_a_block_at_a_time_to_the_same_bytes(store_path: Path, size: int,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """``compile_rows`` (blocks of schemes, the paths' first rows found by
    sorting) gives the arrays of the finder's own compiling (a dictionary of
    paths, the search order as sorted tuples), whatever the block's size."""
    grid = Grid(size, size, 5, maxsize=20)
    store = load(store_path, 5, "flawed")
    assert store is not None
    finder = CompactPlanFinder(store.schemes, grid)
    finder.compile_all()
    keys = [tuple(-f for f in firsts if f >= 0) + (LEAF, r) for r, firsts in enumerate(finder._firsts.tolist())]
    in_order = sorted(range(len(keys)), key=keys.__getitem__)
    lines = [scheme_line(s).encode("ascii") for s in store.schemes.added]
    expected = finder.compiled(lines)
    assert np.array_equal(np.argsort(expected["rank"], kind="stable"),
                          np.argsort(finder._level, kind="stable").argsort()[in_order]), "the reference's order"
    monkeypatch.setattr(compact, "BLOCK", 100)  # (the fixture's 226 schemes in three blocks)
    made = compact.compile_rows(lines, grid)
    for name in cachefile.ARRAYS:
        assert made[name].dtype == expected[name].dtype and made[name].shape == expected[name].shape, name
        assert made[name].tobytes() == expected[name].tobytes(), name
    compiled.play_finder(store_path, grid, "flawed")
    raw = cachefile.cache_path(store_path, grid).read_bytes()
    payload = raw[raw.index(b"\n", len(cachefile.MAGIC)) + 1:]
    assert hashlib.sha256(payload).hexdigest() == PAYLOADS[size]


# X's moves that beat `retro run pascal-learner --five --data five.data --seed 1` (found by a learner
# on five.data playing X with random.Random(0)): the game ends in a loss the learner learns from.
BEATING = ["y", "15,7", "7,10", "14,3", "8,5", "1,11", "5,9", "10,2", "9,12", "8,7", "15,8", "6,9", "9,15", "7,9",
           "12,4", "5,1", "11,2", "3,11", "6,10", "3,13", "2,14", "13,12", "6,4", "12,6", "10,14", "13,15", "4,3",
           "11,13", "3,2", "2,8", "8,11", "12,2", "14,4", "3,8", "9,7", "11,7", "13,5", "15,3"]


def test_run_five_plays_and_learns_from_the_compact_form_as_from_the_store(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """`retro run --five` from the compiled cache (compiled and written at
    the first start) says, plays and saves what the walking finder over the
    whole store does, game after game; after each save the cache is written
    again, as compiling the saved store would make it, and the next start reads it."""
    said = {}
    for name, compact_from in (("walking", 99), ("compact", tictactoe.COMPACT_FROM)):
        folder = tmp_path / name
        folder.mkdir()
        shutil.copy(FIXTURES / "five.data", folder / "five.data")
        monkeypatch.chdir(folder)
        monkeypatch.setattr(tictactoe, "COMPACT_FROM", compact_from)
        console = LineConsole.from_lines(BEATING + ["y"] + BEATING[:12] + ["n"] + BEATING[1:] + ["n"])
        assert PROGRAM.run(console, PROGRAM.parse_options(["--five", "--data", "five.data", "--seed", "1"])) == 0
        said[name] = console.output()
    assert said["compact"] == said["walking"]
    assert "You win.  Let me think about this game...\nI have learnt 2 new schemes" in said["compact"]
    stores = [tmp_path / name / "five.data" for name in ("walking", "compact")]
    assert stores[0].read_bytes() == stores[1].read_bytes() != (FIXTURES / "five.data").read_bytes()
    assert not cachefile.cache_path(stores[0], FIVE).exists()
    fresh = tmp_path / "fresh.data"
    shutil.copy(stores[1], fresh)
    compiled.play_finder(fresh, FIVE, "flawed")
    kept, made = (cachefile.cache_path(p, FIVE).read_bytes() for p in (stores[1], fresh))
    assert kept[kept.index(b"\n", len(cachefile.MAGIC)):] == made[made.index(b"\n", len(cachefile.MAGIC)):]
    assert cachefile.read_cache(stores[1], FIVE, stores[1].read_bytes(), "flawed") is not None


def test_a_cache_written_again_merges_what_the_saved_file_merges(tmp_path: Path) -> None:
    """A scheme learnt in a session that covers one learnt before it (a lower
    level, fewer conditions) merges it when the saved file is read again: the
    cache written after the save (``as_read``) holds the schemes the file reads."""
    path = tmp_path / "merge.data"
    older = Scheme(3, [(0, 1), (0, 2)], [(0, -1), (0, -2), (1, 1)])
    schemes = SchemeList(5)
    assert schemes.add(older)
    save(Store(schemes), path)
    opened = compiled.learning_store(path, FIVE, "flawed", write=True)
    assert opened is not None
    store, finder = opened
    newer = Scheme(2, [(0, 1)], [(0, -1), (0, -2)])
    assert not store.schemes.covered(newer) and newer.subsumes(older)
    assert store.schemes.add(newer)
    save(store, path)
    assert compiled.rewrite_cache(path, FIVE, "flawed", finder, 1)
    read = load(path, 5, "flawed")
    assert read is not None and [s.key() for s in read.schemes.added] == [newer.key()]
    cached = cachefile.read_cache(path, FIVE, path.read_bytes(), "flawed")
    assert cached is not None and cached.arrays["lines"].tobytes().decode() == scheme_line(read.schemes.added[0]) + "\n"
    fresh = tmp_path / "fresh.data"
    shutil.copy(path, fresh)
    compiled.play_finder(fresh, FIVE, "flawed")
    kept, made = (cachefile.cache_path(p, FIVE).read_bytes() for p in (path, fresh))
    assert kept[kept.index(b"\n", len(cachefile.MAGIC)):] == made[made.index(b"\n", len(cachefile.MAGIC)):]


def test_run_five_says_how_far_the_reading_is_while_it_compiles(tmp_path: Path) -> None:
    """With no cache, `run --five` reads the store (then compiles it): on a
    terminal one row says how far the reading is, as the walking finder's load did."""
    from retro.ports.pascal_learner.store.session import open_session
    squares = [(r, c) for r in range(-4, 5) for c in range(-4, 5) if (r, c) != (0, 0)]
    schemes = SchemeList(5)
    for held in itertools.combinations(squares, 3):  # (as many held squares: none covers another)
        if len(schemes) < 2500:
            schemes.add(Scheme(3, [], held))
    path = tmp_path / "data"
    save(Store(schemes), path)
    console = LineConsole.from_bytes(b"", output_kind="tty")
    session = open_session(console, FIVE, False, str(path), 1, save=False, compact=True)
    assert session is not None and session.learnt_from == 2500
    assert console.output().startswith("\rReading the schemes: 1,000 of 2,500\rReading the schemes: 2,000 of 2,500")


def test_a_cache_just_compiled_is_played_from_its_file(store_path: Path) -> None:
    """A brain that compiles its store plays from the cache it wrote, mapped
    as a cache read is (the arrays compiled let go): ``fit`` then counts the
    pages matched, not every row twice (the 10,000-game store's brain played
    levels 1 to 2 only under 350 MB)."""
    finder = compiled.play_finder(store_path, FIVE, "flawed")
    assert finder is not None and isinstance(finder.mapped, mmap.mmap)


def test_a_scheme_farther_than_any_board_is_played_by_the_walking_finder(tmp_path: Path) -> None:
    """A hand-made store with a square 19 or more from its move (no board
    holds it; the rows have no bit for it): `run --five` plays it with the
    walking finder, as before, and a brain says why it cannot use it."""
    from retro.ports.pascal_learner.store.session import open_session
    schemes = SchemeList(5)
    schemes.add(Scheme(2, [(0, 1)], [(0, 19)]))
    path = tmp_path / "far.data"
    save(Store(schemes), path)
    console = LineConsole.from_lines([])
    session = open_session(console, FIVE, False, str(path), 1, save=False, compact=True)
    assert session is not None and session.learnt_from is None and len(session.learner.schemes) == 1
    with pytest.raises(compact.FarScheme):
        compiled.play_finder(path, FIVE, "flawed")


def test_learn_pending_makes_the_caches_of_a_store_no_brain_played_from(store_path: Path) -> None:
    """A store trained but never played by a brain has an empty journal and no
    cache: ``--learn-pending`` makes those of Gomocup's two boards, which a
    brain then reads instead of compiling the store at its first move."""
    assert not list(store_path.parent.glob("five.data.compiled-*"))
    done = subprocess.run([sys.executable, "-m", "retro", "train", "pascal-learner", "--five", "--learn-pending",
                           "--data", str(store_path)], capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    made = sorted(path.name for path in store_path.parent.glob("five.data.compiled-*"))
    assert made == ["five.data.compiled-15x15", "five.data.compiled-20x20"]
    for size in (15, 20):
        grid = Grid(size, size, 5, maxsize=20)
        assert cachefile.read_cache(store_path, grid, store_path.read_bytes(), "flawed") is not None

"""The incremental plan finder learns nothing differently from the reference
(whole-board) matcher: the same plans in the same order, and, trained with
the same seed, the same games and the same data file, byte for byte."""
from __future__ import annotations

import functools
import hashlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retro.ports.pascal_learner.planfinder import incremental, vectorised
from retro.ports.pascal_learner.planfinder.compact import CompactPlanFinder
from retro.ports.pascal_learner.model.board import CIRCLE, CROSS, EMPTY, Board, Grid
from retro.ports.pascal_learner.store.datafile import render
from retro.ports.pascal_learner.planfinder.incremental import PlanFinder
from retro.ports.pascal_learner.learning.learner import Learner, Matcher
from retro.ports.pascal_learner.planfinder.lookahead import shifted
from retro.ports.pascal_learner.planfinder.plans import PlanFinderBase, squares
from retro.ports.pascal_learner.model.schemes import Scheme, SchemeList
from retro.ports.pascal_learner.training.train import Trainer
from retro.ports.pascal_learner.planfinder.vectorised import VectorConditions

from lookahead_oracle import python_anchors
from pascal_helpers import fixture
from reference_finder import ReferencePlanFinder


def training(grid: Grid, games: int, seed: int, matcher: Matcher, fixed: bool = False) -> tuple[bytes, bytes]:
    """The data file and every game's moves, as bytes, after ``games`` games of
    ``retro train``'s loop with this matcher."""
    learner = Learner.empty(grid, fixed, rng=random.Random(seed), matcher=matcher)
    played: list[str] = []
    Trainer(learner, "mix").train(games, lambda game: played.append(
        " ".join(f"{square}:{player}" for square, player in game.moves)))
    return render(learner.store).encode(), "\n".join(played).encode()


@functools.lru_cache(maxsize=None)
def reference_training(rows: int, cols: int, align: int, games: int, seed: int) -> tuple[bytes, bytes]:
    """The whole-board matcher's training, once a process: the walking tests
    below each compare their finder, set another way, with the same games."""
    return training(Grid(rows, cols, align), games, seed, ReferencePlanFinder)


@pytest.mark.parametrize("grid, games, seed, fixed", [
    (Grid(3, 3, 3), 300, 1, False),
    (Grid(3, 3, 3), 300, 2, True),
    (Grid(15, 15, 5), 200, 1, False),
], ids=["3x3", "3x3-fixed", "15x15"])
def test_training_with_either_matcher_gives_the_same_store_and_games(grid: Grid, games: int, seed: int,
                                                                     fixed: bool) -> None:
    store, played = training(grid, games, seed, "incremental", fixed)
    reference_store, reference_played = training(grid, games, seed, ReferencePlanFinder, fixed)
    assert played == reference_played
    assert store == reference_store
    assert store.count(b"\n") > 10  # something was learnt


@pytest.mark.parametrize("rows, cols, align, games, seed", [(3, 3, 3, 300, 1), (15, 15, 5, 60, 5)],
                         ids=["3x3", "15x15"])
def test_training_with_the_compact_finder_gives_the_same_store_and_games(rows: int, cols: int, align: int,
                                                                         games: int, seed: int) -> None:
    """The brain's finder (compact.py) trains as the reference does.  It is
    five times slower than the walking finder at training, which it never
    does in production, so on fewer Five-in-a-Row games: the walking tests'
    (the reference's training is shared with them)."""
    store, played = training(Grid(rows, cols, align), games, seed, "compact")
    assert store.count(b"\n") > 10  # something was learnt
    assert (store, played) == reference_training(rows, cols, align, games, seed)


def test_a_tiny_position_memory_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions forgotten (the cache holding two) are found again from the
    nearest one remembered, or the empty board."""
    monkeypatch.setattr(incremental, "CACHED", 2)
    assert training(Grid(15, 15, 5), 40, 3, "incremental") == training(Grid(15, 15, 5), 40, 3, ReferencePlanFinder)


@pytest.mark.parametrize("look_ahead_from", [0, 10**9], ids=["long-list", "short-list"])
@pytest.mark.parametrize("look_ahead", [0.0, 1e9], ids=["at-once", "never"])
def test_looking_ahead_or_walking_changes_nothing(monkeypatch: pytest.MonkeyPatch, look_ahead: float,
                                                  look_ahead_from: int) -> None:
    """Whether the new plans of a mark come from the plans looked ahead on the
    position before it after one walk, or always from walks (a short list
    never looks ahead), the games and the store are the reference's."""
    monkeypatch.setattr(incremental, "LOOK_AHEAD", look_ahead)
    monkeypatch.setattr(incremental, "LOOK_AHEAD_FROM", look_ahead_from)
    assert training(Grid(15, 15, 5), 60, 5, "incremental") == reference_training(15, 15, 5, 60, 5)


@pytest.mark.parametrize("depth", [0, 1, 100], ids=["flat", "one", "full"])
def test_the_pivot_tree_s_depth_changes_nothing(monkeypatch: pytest.MonkeyPatch, depth: int) -> None:
    """Turned schemes hung at any depth of the pivot tree (none: every one on
    its pivot's node; full: as deep as their held squares go, the tree as it
    was before training's memory was cut) and tested whole by their masks
    there: the walks find the reference's plans, so the games and the store
    are the reference's (the walks only: never looking ahead)."""
    monkeypatch.setattr(incremental, "DEPTH", depth)
    monkeypatch.setattr(incremental, "LOOK_AHEAD", 1e9)
    assert training(Grid(15, 15, 5), 60, 5, "incremental") == reference_training(15, 15, 5, 60, 5)


def test_numpy_on_a_tic_tac_toe_list_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 3x3 list never grows long enough to look ahead; made to, it learns the same."""
    monkeypatch.setattr(incremental, "LOOK_AHEAD_FROM", 0)
    assert training(Grid(3, 3, 3), 300, 1, "incremental") == training(Grid(3, 3, 3), 300, 1, ReferencePlanFinder)


def scheme(level: int, free: list[tuple[int, int]], held: list[tuple[int, int]]) -> Scheme:
    return Scheme(level, free, [s for s in held if s not in free and s != (0, 0)])


def finders(schemes_: list, added_late: int, finder_class: type[PlanFinderBase] = PlanFinder
            ) -> tuple[SchemeList, PlanFinderBase, PlanFinderBase, list]:
    """A list on a 7x7 grid (3 to align) with a finder (the learner's, or
    another) and the reference over it, and the last ``added_late`` schemes
    kept back to be added part-way."""
    grid = Grid(7, 7, 3)
    schemes = SchemeList(3)
    finder, reference = finder_class(schemes, grid), ReferencePlanFinder(schemes, grid)
    late = schemes_[len(schemes_) - added_late:] if added_late else []
    for level, free, held in schemes_[:len(schemes_) - len(late)]:
        schemes.add(scheme(level, free, held))
    return schemes, finder, reference, late


shapes = st.lists(st.tuples(st.integers(-2, 2), st.integers(-2, 2)), min_size=0, max_size=3, unique=True)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), shapes, shapes), min_size=1, max_size=5),
       st.lists(st.integers(0, 48), max_size=30), st.integers(0, 4), st.sampled_from([PlanFinder, CompactPlanFinder]),
       st.data())
def test_the_plans_and_their_order_are_the_reference_s(schemes_: list, squares_: list[int], added_late: int,
                                                       finder_class: type[PlanFinderBase],
                                                       data: st.DataObject) -> None:
    """On a 7x7 grid, move by move, with schemes added part-way (the positions
    seen before are caught up), every level limit: the same list, from the
    learner's finder and from the compact one."""
    schemes, finder, reference, late = finders(schemes_, added_late, finder_class)
    grid = finder.grid
    board = Board(grid)
    boards = [board]
    for k, square in enumerate(dict.fromkeys(squares_)):
        board = board.with_move(square, CROSS if k % 2 == 0 else CIRCLE)
        boards.append(board)
        for player in (CROSS, CIRCLE):
            for maxlevel in (None, 1, 2, 3):
                assert finder.victoryplans(board, player, maxlevel) == reference.victoryplans(board, player, maxlevel)
    for level, free, held in late:
        schemes.add(scheme(level, free, held))
    for board in data.draw(st.permutations(boards)):
        for player in (CROSS, CIRCLE):
            assert finder.victoryplans(board, player) == reference.victoryplans(board, player)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 2), shapes, shapes), min_size=1, max_size=6),
       st.lists(st.integers(0, 48), max_size=30))
def test_the_threats_kept_along_a_game_are_the_threats_found_afresh(schemes_: list, squares_: list[int]) -> None:
    """``threats`` are the moves of the level-1 plans; ``threats_after`` (the
    forced line's) gives, move by move, what ``threats`` finds on each
    position: from the threats before the move when every level-1 scheme is
    a line to complete, afresh when one has other free squares."""
    _, finder, reference, _ = finders(schemes_, 0)
    board = Board(finder.grid)
    known = {side: finder.threats(board, side) for side in (CROSS, CIRCLE)}
    for k, square in enumerate(dict.fromkeys(squares_)):
        board = board.with_move(square, CROSS if k % 2 == 0 else CIRCLE)
        known = finder.threats_after(board, square, known)
        for side in (CROSS, CIRCLE):
            assert known[side] == reference.threats(board, side) == \
                {p.move for p in reference.victoryplans(board, side) if p.level == 1}


def test_a_trained_five_in_a_row_list_finds_the_reference_s_plans() -> None:
    """The fixture's Five-in-a-Row list, along a game played by it: the
    learner's finder and the compact one (with the reference's growth)."""
    learner = fixture("five.data", winalign=5, seed=4)
    finder, reference = PlanFinder(learner.schemes, learner.grid), ReferencePlanFinder(learner.schemes, learner.grid)
    compact = CompactPlanFinder(learner.schemes, learner.grid)
    board = Board(learner.grid)
    player = CROSS
    found = 0
    while not board.full() and len(board.moves) < 60:
        for who in (CROSS, CIRCLE):
            plans = finder.victoryplans(board, who)
            assert plans == reference.victoryplans(board, who) == compact.victoryplans(board, who)
            assert compact.growth(board, who) == reference.growth(board, who)
            found += len(plans)
        square, _ = learner.choose(board, player)
        board.place(square, player)
        if board.completes(square):
            break
        player = CROSS + CIRCLE - player
    assert found > 0


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), shapes, shapes), min_size=1, max_size=5),
       st.lists(st.integers(0, 48), max_size=24, unique=True), st.integers(0, 48), st.integers(0, 3), st.data())
def test_the_plans_looked_ahead_by_growth_are_the_reference_s(schemes_: list, squares_: list[int], mark: int,
                                                             added_late: int, data: st.DataObject) -> None:
    """growth keeps, for each square, the plans a mark there would make; a
    position with that mark, and perhaps the opponent's marks before it (on
    those plans' free squares) and schemes learnt since, gets the reference's
    plans from them."""
    schemes, finder, reference, late = finders(schemes_, added_late)
    grid = finder.grid
    board = Board(grid)
    for k, square in enumerate(squares_):
        board = board.with_move(square, CROSS if k % 2 == 0 else CIRCLE)
    finder.victoryplans(board, CROSS)
    assert finder.growth(board, CROSS) == reference.growth(board, CROSS)
    assert CompactPlanFinder(schemes, grid).growth(board, CROSS) == reference.growth(board, CROSS)
    if not board.masks[EMPTY] >> mark & 1:
        return
    for level, free, held in late:
        schemes.add(scheme(level, free, held))
    spoilable = 0
    for p in reference.victoryplans(board.with_move(mark, CROSS), CROSS):
        spoilable |= p.free & ~(1 << p.move)
    after = board
    for square in data.draw(st.lists(st.sampled_from(sorted(squares(spoilable))), max_size=2, unique=True)
                            if spoilable else st.just([])):
        after = after.with_move(square, CIRCLE)
    after = after.with_move(mark, CROSS)
    assert finder.victoryplans(after, CROSS) == reference.victoryplans(after, CROSS)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 4), shapes, shapes), min_size=1, max_size=6),
       st.lists(st.integers(0, 48), max_size=40, unique=True), st.integers(0, 6))
def test_numpy_looks_ahead_as_python_does(schemes_: list, squares_: list[int], split: int) -> None:
    """With NumPy (all turned schemes at once, a condition at a time) and in
    Python (turned scheme by turned scheme): the same turned schemes, in the
    same order, with the same anchors, on boards from empty to full (the
    held columns first, or taking turns with the free ones from a third
    full), the arrays grown in two parts as the list grows."""
    _, finder, _, _ = finders(schemes_, 0)
    assert isinstance(finder, PlanFinder)
    board = Board(finder.grid)
    finder.victoryplans(board, CROSS)  # compiles the list
    conditions = finder.conditions()
    vector = VectorConditions(finder.grid)
    vector.extend(conditions[:split])
    vector.extend(conditions[split:])
    assert len(vector) == len(conditions)
    positions = [board]
    for k, square in enumerate(squares_):
        board = board.with_move(square, CROSS if k % 2 == 0 else CIRCLE)
        positions.append(board)
    for board in positions:
        for player in (CROSS, CIRCLE):
            assert_numpy_as_python(conditions, vector, board, player)


def test_the_arrays_grown_a_few_rows_at_a_time_are_those_made_at_once() -> None:
    """The rows go into the room the arrays keep to spare (vectorised.appended):
    grown a few at a time, and again after ``from_arrays`` (whose arrays are
    not the finder's to write into), they are those made at once."""
    learner = fixture("five.data", winalign=5, seed=4)
    finder = PlanFinder(learner.schemes, learner.grid)
    conditions = finder.conditions()[:400]
    whole = VectorConditions(finder.grid)
    whole.extend(conditions)
    grown = VectorConditions(finder.grid)
    for start in range(0, 300, 7):
        grown.extend(conditions[start:min(start + 7, 300)])
    anchors, free, held = grown.arrays()
    kept = [a.copy() for a in (anchors, free, held)]
    again = VectorConditions.from_arrays(finder.grid, anchors, free, held)
    again.extend_rows([o.anchors for o, _, _ in conditions[300:]], [f for _, f, _ in conditions[300:]],
                      [h for _, _, h in conditions[300:]])
    for made, expected in zip(again.arrays(), whole.arrays()):
        assert made.shape == expected.shape and (made == expected).all()
    assert all((a == k).all() for a, k in zip((anchors, free, held), kept))  # from_arrays' own: untouched


def assert_numpy_as_python(conditions: list, vector: VectorConditions, board: Board, player: int) -> int:
    """The same turned schemes with the same anchors, in the same order; how many."""
    mine, empty = board.masks[player], board.masks[EMPTY]
    empties, mines = shifted(empty), shifted(mine)
    expected = [(o.index, m) for o, m in python_anchors(conditions, empties, mines, empty)]
    assert [(o.index, m) for o, m in vector.anchors(empties, mines, empty)] == expected
    return len(expected)


@pytest.mark.parametrize("chunk", [vectorised.CHUNK, 100], ids=["one-chunk", "chunks-of-100"])
def test_numpy_looks_ahead_as_python_does_on_a_five_in_a_row_list(monkeypatch: pytest.MonkeyPatch,
                                                                   chunk: int) -> None:
    """The fixture's Five-in-a-Row list (a turned scheme has up to 31
    conditions), on boards with 0 to 200 marks at random; its rows taken
    at once, or 100 at a time (as a long list's are, ``CHUNK`` at a time)."""
    monkeypatch.setattr(vectorised, "CHUNK", chunk)
    learner = fixture("five.data", winalign=5, seed=4)
    finder = PlanFinder(learner.schemes, learner.grid)
    finder.victoryplans(Board(learner.grid), CROSS)
    vector = VectorConditions(learner.grid)
    vector.extend(finder.conditions())
    rng = random.Random(7)
    found = 0
    for marks in (0, 10, 40, 74, 75, 120, 200):
        board = Board(learner.grid)
        for k, square in enumerate(rng.sample(range(225), marks)):
            board.place(square, CROSS if k % 2 == 0 else CIRCLE)
        found += assert_numpy_as_python(finder.conditions(), vector, board, CROSS)
    assert found > 0


def test_training_trains_the_store_it_trained_before_the_compact_finder() -> None:
    """150 games of 15x15 (random state 1; NumPy looks ahead from game 100 or
    so): the store's SHA-256 as the code before the compact finder (commit
    59e7a39) trained it."""
    store, _ = training(Grid(15, 15, 5), 150, 1, "incremental")
    assert hashlib.sha256(store).hexdigest() == "11f13a38002a42e963c431efca7a2154b8c7f9bcbad03ddf2139f3f9c0c9b189"

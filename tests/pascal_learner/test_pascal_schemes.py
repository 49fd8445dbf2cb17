"""The record ``schemes``, its orientations, ``fits`` and the list grouped by level."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retro.ports.pascal_learner.model.board import CIRCLE, CROSS, EMPTY, Board, Grid
from retro.ports.pascal_learner.planfinder.incremental import PlanFinder
from retro.ports.pascal_learner.model.schemes import (ORIENTATIONS, RING_BITS, Scheme, SchemeList, canonical, orient,
                                                     overturn, turn)

from reference_finder import plans_by_square

# The seed's example scheme, "~ ~ #" (free, free, held), read as the threatened
# move at the left end of a row whose far end is held.
ROW = Scheme(1, [(0, 1)], [(0, 2)])


def test_turn_is_a_quarter_turn_counterclockwise_and_four_make_a_whole():
    assert turn((0, 1)) == (1, 0)  # right of the move -> above it (rows count upwards)
    assert turn((1, 0)) == (0, -1)  # above -> left
    for square in [(0, 1), (2, -3), (-1, -1)]:
        assert turn(square, 4) == square
        assert turn(turn(square), 3) == square


def test_overturn_mirrors_the_columns_and_twice_is_nothing():
    assert overturn((2, 3)) == (2, -3)
    assert overturn(overturn((2, 3))) == (2, 3)


def test_bounds_are_the_extremes_of_the_squares():
    scheme = Scheme(2, [(1, 0), (0, -2)], [(-3, 1)])
    # "up is the maximum integer value among the rows of all the squares in free[] and held[]"
    assert (scheme.up, scheme.down, scheme.left, scheme.right) == (1, -3, -2, 1)
    assert scheme.totfree == 3 and scheme.totheld == 1  # (0, 0) is the first free square
    assert scheme.free[0] == (0, 0)


def test_fits_on_a_3x3_board():
    # The row scheme reaches two columns right of the move: only column 1 fits.
    assert ROW.fits(2, 1, 3, 3)
    assert not ROW.fits(2, 2, 3, 3)
    assert not ROW.fits(2, 3, 3, 3)
    # Turned a quarter (the squares above the move): only row 3 fits, board rows growing downwards.
    above = ROW.oriented(0, 90)
    assert above.held == ((2, 0),)
    assert above.fits(3, 2, 3, 3) and not above.fits(2, 2, 3, 3) and not above.fits(1, 2, 3, 3)


def test_fits_agrees_with_placing_every_square():
    scheme = Scheme(3, [(1, 2), (-1, 0)], [(0, -1), (2, 2)])
    for side, degrees in ORIENTATIONS:
        turned = scheme.oriented(side, degrees)
        for row in range(-2, 8):
            for col in range(-2, 8):
                inside = all(1 <= row - r <= 5 and 1 <= col + c <= 5 for r, c in turned.free + turned.held)
                assert turned.fits(row, col, 5, 5) == inside


@pytest.mark.parametrize("free, held, turns, overturns", [
    ([(0, 1)], [(0, 2)], 4, 1),  # a row: a flip is a turn of it
    ([(1, 1)], [(2, 2)], 4, 1),  # a diagonal
    ([], [(0, 1), (0, -1)], 2, 1),  # the middle of a row: symmetric under half a turn and a flip
    ([(0, 1), (1, 0), (0, -1), (-1, 0)], [], 1, 1),  # a cross: every symmetry
    ([(0, 1)], [(1, 2)], 4, 2),  # no symmetry at all
    ([(0, 1), (-1, 0), (0, -1), (1, 0)], [(1, 2), (-2, 1), (-1, -2), (2, -1)], 1, 2),  # a pinwheel: turns only
    ([], [(1, 2), (-1, -2)], 2, 2),  # half-turn symmetry only
])
def test_usefulturns_and_usefuloverturns(free, held, turns, overturns):
    scheme = Scheme(1, free, held)
    assert (scheme.usefulturns, scheme.usefuloverturns) == (turns, overturns)


@st.composite
def shapes(draw):
    squares = draw(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=6, unique=True))
    squares = [s for s in squares if s != (0, 0)]
    held = draw(st.lists(st.sampled_from(squares), unique=True)) if squares else []
    free = [s for s in squares if s not in held]
    return free, held


@settings(max_examples=150, deadline=None)
@given(shapes())
def test_useful_orientations_are_exactly_the_distinct_copies(shape):
    free, held = shape
    scheme = Scheme(1, free, held)
    def key(s):
        return (tuple(sorted(s.free)), tuple(sorted(s.held)))
    useful = [key(scheme.oriented(side, deg)) for side, deg in scheme.orientations()]
    every = {key(scheme.oriented(side, deg)) for side, deg in ORIENTATIONS}
    assert len(useful) == len(set(useful)) == len(every)
    assert set(useful) == every


@settings(max_examples=100, deadline=None)
@given(shapes(), st.sampled_from(ORIENTATIONS))
def test_canonical_is_the_same_for_every_copy(shape, orientation):
    free, held = shape
    side, deg = orientation
    assert canonical(free, held) == canonical([orient(s, side, deg) for s in free],
                                              [orient(s, side, deg) for s in held])


# -- the hypothesis the issue asks for ------------------------------------------------

def transform_board(board: Board, side: int, degrees: int) -> Board:
    """The position turned as a scheme is turned (square board)."""
    grid = board.grid
    out = Board(grid)
    for s in range(grid.size):
        if board.squares[s] == EMPTY:
            continue
        out.place(transform_square(grid, s, side, degrees), board.squares[s])
    return out


def transform_square(grid: Grid, s: int, side: int, degrees: int) -> int:
    n = grid.boardrows
    r, c = grid.rowcol(s)
    centre = (n + 1) / 2
    # board (row down, col right) -> centred (up, right), as schemes count
    y, x = centre - r, c - centre
    y, x = orient((y, x), side, degrees)
    return grid.square(int(round(centre - y)), int(round(x + centre)))


@st.composite
def positions(draw, size=5):
    grid = Grid(size, size, 3)
    cells = draw(st.lists(st.sampled_from([EMPTY, EMPTY, CROSS, CIRCLE]), min_size=grid.size, max_size=grid.size))
    board = Board(grid)
    for s, v in enumerate(cells):
        if v != EMPTY:
            board.place(s, v)
    return board


@settings(max_examples=120, deadline=None)
@given(shapes(), positions(), st.sampled_from(ORIENTATIONS), st.integers(1, 5), st.integers(1, 5))
def test_a_scheme_matches_a_position_iff_its_turned_copy_matches_the_turned_position(shape, board, orientation, row, col):
    free, held = shape
    side, degrees = orientation
    scheme = Scheme(1, free, held)
    copy = scheme.oriented(side, degrees)
    grid = board.grid
    turned_board = transform_board(board, side, degrees)
    anchor = grid.square(row, col)
    turned_anchor = transform_square(grid, anchor, side, degrees)

    def matches(s: Scheme, b: Board, a: int) -> bool:
        r, c = grid.rowcol(a)
        if not s.fits(r, c, grid.boardrows, grid.boardcols):
            return False
        return all(b.squares[grid.square(r - dr, c + dc)] == EMPTY for dr, dc in s.free) and \
            all(b.squares[grid.square(r - dr, c + dc)] == CROSS for dr, dc in s.held)

    assert matches(scheme, board, anchor) == matches(copy, turned_board, turned_anchor)


@settings(max_examples=60, deadline=None)
@given(st.lists(shapes(), min_size=1, max_size=4), positions())
def test_victoryplans_finds_what_placing_each_scheme_by_hand_finds(shapes_, board):
    schemes = SchemeList(3)
    for free, held in shapes_:
        schemes.add(Scheme(1, free, held))
    finder = PlanFinder(schemes, board.grid)
    for player in (CROSS, CIRCLE):
        fast = {(id(p.scheme), p.side, p.degrees, p.move) for p in finder.victoryplans(board, player)}
        assert fast == plans_by_square(schemes, board, player)


@settings(max_examples=60, deadline=None)
@given(st.lists(shapes(), min_size=1, max_size=3), positions())
def test_growth_is_where_a_mark_makes_a_new_plan(shapes_, board):
    schemes = SchemeList(3)
    for free, held in shapes_:
        schemes.add(Scheme(1, free, held))
    finder = PlanFinder(schemes, board.grid)
    expected = 0
    for s in board.empties():
        after = board.with_move(s, CROSS)
        if any(p.held >> s & 1 for p in finder.victoryplans(after, CROSS)):
            expected |= 1 << s
    assert finder.growth(board, CROSS) == expected


# -- the list --------------------------------------------------------------------------

def test_the_list_is_grouped_by_level_and_followed_through_next():
    schemes = SchemeList(3)
    a = Scheme(2, [(0, 1), (1, 1)], [(0, 2)])
    b = Scheme(1, [], [(0, 1), (0, 2)])
    c = Scheme(2, [(1, 0), (2, 0)], [(0, -1), (1, 2)])
    for s in (a, b, c):
        assert schemes.add(s)
    assert schemes.levels() == [1, 2]
    first = schemes.firstschemeoflevel[2]
    assert first.key() == a.key() and first.next.key() == c.key() and first.next.next is None
    assert schemes.firstschemeoflevel[1].key() == b.key()
    assert schemes.counts() == {1: 1, 2: 2}


def test_copies_under_rotation_and_flip_are_one_entry():
    schemes = SchemeList(3)
    scheme = Scheme(2, [(0, 1), (1, 1)], [(0, 2), (2, -1)])
    assert schemes.add(scheme)
    for side, degrees in ORIENTATIONS:
        assert not schemes.add(scheme.oriented(side, degrees))
    assert len(schemes) == 1


def test_a_scheme_covered_by_a_simpler_one_of_no_higher_level_is_not_added():
    schemes = SchemeList(3)
    assert schemes.add(Scheme(1, [], [(0, 1), (0, 2)]))
    # the same threat with one more condition, turned, at level 2: adds nothing
    assert not schemes.add(Scheme(2, [(1, 1)], [(0, 1), (0, 2)]).oriented(1, 90))
    # the simpler one at a higher level does not cover a lower one
    assert schemes.add(Scheme(1, [(0, 1)], [(1, 1), (2, 2)]))
    assert not Scheme(3, [(0, 1)], [(1, 1), (2, 2)]).subsumes(Scheme(1, [(0, 1)], [(1, 1), (2, 2)]))


def test_picture_draws_held_free_and_the_move():
    assert Scheme(1, [(0, 1)], [(0, 2)]).picture() == ["* ~ #"]


@given(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), st.sampled_from(ORIENTATIONS))
def test_orient_is_flip_then_turn(square, orientation):
    side, degrees = orientation
    flipped = overturn(square) if side else square
    assert orient(square, side, degrees) == turn(flipped, degrees // 90)


@settings(max_examples=40, deadline=None)
@given(st.lists(shapes(), min_size=1, max_size=12), st.lists(st.integers(1, 4), min_size=12, max_size=12), shapes())
def test_covered_is_some_scheme_of_no_higher_level_subsuming(shapes_, levels, probe):
    """The list's index of distances finds exactly what asking every scheme finds."""
    schemes = SchemeList(3)
    for (free, held), level in zip(shapes_, levels):
        schemes.add(Scheme(level, free, held))
    for level in (1, 2, 3, 4):
        scheme = Scheme(level, *probe)
        by_hand = scheme.key() in {s.key() for s in schemes} or any(
            s.level <= level and s.subsumes(scheme) for s in schemes)
        assert schemes.covered(scheme) == by_hand


def test_schemes_far_beyond_a_board_are_compared_exactly():
    """Distances from the move past RING_BITS share bits in the quick tests
    (a data file may hold such a scheme): 1,089 and 1,153 share one, and the
    schemes are still told apart, and a far scheme still covers."""
    near = Scheme(1, [], [(0, 33)])
    far = Scheme(1, [], [(8, 33)])
    assert 33 * 33 >= RING_BITS and near._rings == far._rings
    assert not near.subsumes(far) and not far.subsumes(near)
    schemes = SchemeList(5)
    assert schemes.add(far) and schemes.add(near) and len(schemes) == 2
    assert not schemes.add(Scheme(2, [(1, 1)], [(0, 33), (5, 5)])) and schemes.merged == 1

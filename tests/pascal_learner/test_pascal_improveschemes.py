"""improveschemes: the backward analysis, its two rules, and the documented flaw."""
from __future__ import annotations

from pascal_helpers import TTT, fixture, position

from retro.ports.pascal_learner.model.board import CIRCLE, CROSS, Board
from retro.ports.pascal_learner.learning.improveschemes import improveschemes, sound
from retro.ports.pascal_learner.planfinder.incremental import PlanFinder
from retro.ports.pascal_learner.model.schemes import Scheme, SchemeList, canonical

# The four threats of Tic-Tac-Toe: the end or the middle of a row (or column),
# the end or the middle of a diagonal.
LINES = [
    Scheme(1, [], [(0, 1), (0, 2)]),
    Scheme(1, [], [(0, -1), (0, 1)]),
    Scheme(1, [], [(1, 1), (2, 2)]),
    Scheme(1, [], [(1, 1), (-1, -1)]),
]

# The seed's scheme ("~ ~ #", the rest of the figure lost): a corner whose two
# neighbouring corners are held -- two rows to complete.  Rows count upwards.
SEED_SCHEME = canonical([(0, 0), (0, 1), (-1, 0)], [(0, 2), (-2, 0)])


def game(*squares_1based: tuple[int, int]) -> list[tuple[int, int]]:
    """Moves alternating X, O, X... from (row, col) pairs."""
    return [(TTT.square(r, c), CROSS if i % 2 == 0 else CIRCLE) for i, (r, c) in enumerate(squares_1based)]


def test_a_won_game_teaches_its_last_line_as_a_level_1_scheme():
    schemes = SchemeList(3)
    # X takes the top row: the last move (1,3) beside two crosses
    added = improveschemes(schemes, TTT, game((1, 1), (2, 2), (1, 2), (3, 3), (1, 3)))
    assert [s.level for s in added] == [1]
    assert added[0].key() == LINES[0].key()


def test_a_drawn_game_teaches_nothing():
    schemes = SchemeList(3)
    moves = game((1, 1), (2, 2), (3, 3), (1, 3), (3, 1), (2, 1), (2, 3), (3, 2), (1, 2))
    assert improveschemes(schemes, TTT, moves) == []
    assert len(schemes) == 0


def test_the_fork_rule_makes_a_level_2_scheme_of_the_forking_move():
    schemes = SchemeList(3)
    for s in LINES:
        schemes.add(s)
    # X: corner, centre, then (3,1): threats at (2,1) (the column) and (1,3) (the diagonal)
    moves = game((1, 1), (1, 2), (2, 2), (3, 3), (3, 1), (2, 1), (1, 3))
    added = improveschemes(schemes, TTT, moves)
    fork = [s for s in added if s.level == 2]
    # the move (3,1) with (1,1) and (2,2) held; free: the move and the two completing squares
    expected = canonical([(0, 0), (1, 0), (2, 2)], [(2, 0), (1, 1)])
    assert expected in [s.key() for s in fork]
    # With the prose's level (the shortest sequence), the earlier move (2,2), whose
    # plans are that fork (level 2) and a line (level 1), is level 2 too.
    assert len(fork) == 2 and all(s.level == 2 for s in added[1:])


def test_the_reply_rule_reaches_the_opening_in_a_trained_list():
    # The trained fixture holds a scheme with no held square: the opening.
    learner = fixture("trained-3.data")
    openings = [s for s in learner.schemes if s.totheld == 0]
    assert openings and all(s.level == 4 for s in openings)


def test_only_lost_games_are_analysed_and_nothing_is_learnt_twice():
    schemes = SchemeList(3)
    moves = game((1, 1), (2, 2), (1, 2), (3, 3), (1, 3))
    first = improveschemes(schemes, TTT, moves)
    assert first
    assert improveschemes(schemes, TTT, moves) == []


# -- the documented flaw ----------------------------------------------------------------

SEED_POSITION = ["X..", ".O.", "..X"]  # X = user at two opposite corners, O = computer in the centre
SIDES = {TTT.square(1, 2), TTT.square(2, 1), TTT.square(2, 3), TTT.square(3, 2)}


def test_the_seed_scheme_is_learnt():
    learner = fixture("trained-3.data")
    assert any(s.level == 2 and s.key() == SEED_SCHEME for s in learner.schemes)


def test_flaw_the_learner_rates_the_seed_position_lost_yet_plays_a_side_square():
    """Seed: "the program will not recognise that placing a O on a side square
    creates a threat which allows to thwart the two victory plans ... Hence the
    program will consider the position lost"; "As it happens, the program will
    still end up making the correct move in this particular case"."""
    learner = fixture("trained-3.data")
    board = position(SEED_POSITION)
    plans = [p for p in learner.finder.victoryplans(board, CROSS) if p.scheme.key() == SEED_SCHEME]
    # the scheme used as is and symmetrically with respect to the centre square
    assert {p.move for p in plans} == {TTT.square(1, 3), TTT.square(3, 1)}
    choice = learner.candidatemoves(board, CIRCLE)
    assert choice.lost
    assert choice.moves <= SIDES


def test_fixed_the_seed_position_is_not_lost():
    learner = fixture("trained-3-fixed.data", fixed=True)
    choice = learner.candidatemoves(position(SEED_POSITION), CIRCLE)
    assert not choice.lost
    assert choice.moves <= SIDES


def test_flaw_the_corner_opening_is_rated_lost():
    """"this incorrect interpretation will be rippled back to the start of the
    game, which will be considered lost when the opponent places its mark on a
    corner" -- and the learner still answers in the centre."""
    learner = fixture("trained-3.data")
    for corner in ((1, 1), (1, 3), (3, 1), (3, 3)):
        board = Board(TTT).with_move(TTT.square(*corner), CROSS)
        choice = learner.candidatemoves(board, CIRCLE)
        assert choice.lost
        assert choice.moves == {TTT.square(2, 2)}


def test_fixed_the_corner_opening_is_not_lost():
    learner = fixture("trained-3-fixed.data", fixed=True)
    board = Board(TTT).with_move(TTT.square(1, 1), CROSS)
    choice = learner.candidatemoves(board, CIRCLE)
    assert not choice.lost
    assert choice.moves == {TTT.square(2, 2)}


def test_sound_sees_the_counter_threat_the_original_missed():
    learner = fixture("trained-3.data")
    # X corner, O centre: the flawed list believes X wins by the opposite corner
    board = position(["X..", ".O.", "..."])
    believed = [p for p in learner.finder.victoryplans(board, CROSS) if p.move == TTT.square(3, 3)]
    assert believed and all(not sound(learner.finder, board, p, CROSS) for p in believed)
    # X corner, O beside it: X really wins, and some plan proves it
    board = position(["XO.", "...", "..."])
    assert any(sound(learner.finder, board, p, CROSS) for p in learner.finder.victoryplans(board, CROSS))


def test_fixed_learning_refuses_the_flawed_fork():
    """In the seed's line, the flawed rules make X's opposite corner a scheme
    (two plans no single move thwarts); the fixed rules do not."""
    base = fixture("trained-3.data")
    level2 = [s for s in base.schemes if s.level <= 2]
    # X corner, O centre, X opposite corner, O side (a threat), forced blocks, then an O blunder
    moves = game((1, 1), (2, 2), (3, 3), (1, 2), (3, 2), (3, 1), (1, 3), (2, 1), (2, 3))
    assert position(["XOX", "OOX", "OXX"]).completes(TTT.square(2, 3))
    for fixed in (False, True):
        schemes = SchemeList(3)
        for s in level2:
            schemes.add(s)
        finder = PlanFinder(schemes, TTT)
        before = position(["X..", ".O.", "..."])
        improveschemes(schemes, TTT, moves, fixed=fixed)
        believes = any(p.move == TTT.square(3, 3) and p.level == 3 for p in finder.victoryplans(before, CROSS))
        assert believes == (not fixed)

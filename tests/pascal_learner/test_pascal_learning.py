"""The three statements of the text, on 3x3: the learner learns from its lost
games until it is unbeatable, and then declares that Tic-Tac-Toe can always
be won (with --fixed: that it is a draw).

Unbeatable is checked by exhaustive play (audit.py): every line of the
opponent, on either side, against every move the learner may choose at
random.  The game-theoretic facts the checks lean on (a corner opening is
answered only by the centre; Tic-Tac-Toe is a draw) come from retro's one
game-tree search (retro/audit/perfect.py: tests/test_perfect_play.py checks
it against the well-known counts), which the training's perfect partner
(opponents.py) plays with; checked here on the learner's own boards.
"""
from __future__ import annotations

import random

import pytest
from pascal_helpers import TTT, fixture, moves_of, trained

from retro.ports.pascal_learner.audit import losing_lines
from retro.audit import perfect
from retro.ports.pascal_learner.model.board import CIRCLE, CROSS, MARKS, Board, opponent
from retro.ports.pascal_learner.learning.learner import DRAW, FIRST_PLAYER_WINS, UNDECIDED, Learner
from retro.ports.pascal_learner.training.opponents import perfect_moves

CORNERS = {TTT.square(r, c) for r in (1, 3) for c in (1, 3)}
CENTRE = TTT.square(2, 2)


def test_the_solver_knows_tic_tac_toe():
    # Tic-Tac-Toe is a draw; after a corner opening only the centre holds the draw.
    empty = Board(TTT)
    assert set(perfect_moves(empty, CROSS)) == set(range(9))  # every opening draws
    assert perfect_moves(empty.with_move(0, CROSS), CIRCLE) == [CENTRE]


def test_the_perfect_partner_answers_as_the_audit_s_referee_on_the_learner_s_every_position():
    """Walked on the learner's own board, 3x3 has the well-known 5,478
    positions, and on each the training's perfect moves are the referee's
    (retro/audit/perfect.py, on the same position written as its text)."""
    seen: dict[tuple[int, ...], bool] = {}

    def walk(board: Board, player: int, last: int) -> None:
        if tuple(board.squares) in seen:
            return
        over = last >= 0 and board.completes(last) or board.full()
        seen[tuple(board.squares)] = over
        if over:
            return
        text = "".join(MARKS[mark] for mark in board.squares)
        assert perfect_moves(board, player) == perfect.best_moves(text, MARKS[player]), text
        for square in board.empties():
            walk(board.with_move(square, player), opponent(player), square)

    walk(Board(TTT), CROSS, -1)
    assert len(seen) == 5478


def test_an_empty_learner_plays_at_random_everywhere():
    learner = Learner.empty(TTT)
    choice = learner.candidatemoves(Board(TTT), CROSS)
    assert choice.reason == "random" and choice.moves == set(range(9))
    assert learner.verdict() == UNDECIDED


@pytest.mark.parametrize("seed", [1, 2])
def test_learning_from_nothing_gives_an_unbeatable_learner_that_says_the_first_player_wins(seed):
    learner = trained(2000, seed)
    assert learner.store.lost > 0  # it did learn from lost games
    assert learner.store.lastloss <= 1900  # and lost none of its last 100
    for side in (CROSS, CIRCLE):
        assert losing_lines(TTT, moves_of(learner), side) == []
    assert learner.verdict() == FIRST_PLAYER_WINS
    assert CORNERS <= set(learner.opening())
    # it rates the game lost once the opponent takes a corner, and answers in the centre
    for corner in CORNERS:
        choice = learner.candidatemoves(Board(TTT).with_move(corner, CROSS), CIRCLE)
        assert choice.lost and choice.moves == {CENTRE}


@pytest.mark.parametrize("seed", [1, 2])
def test_fixed_learning_gives_an_unbeatable_learner_that_says_draw(seed):
    learner = trained(2000, seed, fixed=True)
    for side in (CROSS, CIRCLE):
        assert losing_lines(TTT, moves_of(learner), side) == []
    assert learner.opening() == []
    assert learner.verdict() == DRAW


def test_the_fixtures_are_unbeatable_too():
    for name, fixed, verdict in (("trained-3.data", False, FIRST_PLAYER_WINS), ("trained-3-fixed.data", True, DRAW)):
        learner = fixture(name, fixed)
        for side in (CROSS, CIRCLE):
            assert losing_lines(TTT, moves_of(learner), side) == [], name
        assert learner.verdict() == verdict


def test_the_audit_finds_a_loss_when_there_is_one():
    learner = Learner.empty(TTT)  # random play loses
    lines = losing_lines(TTT, moves_of(learner), CIRCLE, limit=3)
    assert len(lines) == 3
    for line in lines:
        board = Board(TTT)
        for i, s in enumerate(line):
            board.place(s, CROSS if i % 2 == 0 else CIRCLE)
        assert board.completes(line[-1]) and board.squares[line[-1]] == CROSS


def test_choose_picks_from_candidatemoves_and_can_pick_each_of_them():
    """The function issue 7's audit relies on: candidatemoves is the whole set
    the program chooses from."""
    learner = fixture("trained-3.data")
    board = Board(TTT)
    choice = learner.candidatemoves(board, CROSS)
    seen = set()
    for seed in range(200):
        learner.rng = random.Random(seed)
        move, _ = learner.choose(board, CROSS)
        assert move in choice.moves
        seen.add(move)
    assert seen == set(choice.moves)


def test_the_solver_rates_the_centre_opening_a_draw():
    board = Board(TTT).with_move(4, CROSS)
    assert perfect.value("".join(MARKS[mark] for mark in board.squares), "O") == 0  # the centre opening draws

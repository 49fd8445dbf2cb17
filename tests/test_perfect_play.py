"""The audit's referee against known facts of tic-tac-toe."""
from retro.audit.perfect import EMPTY, best_moves, count_positions_and_games, is_mistake, value


def test_tic_tac_toe_is_a_draw() -> None:
    assert value(EMPTY, "X") == 0


def test_known_counts_of_positions_and_games() -> None:
    # 5,478 legal positions and 255,168 possible games (OEIS A008907 / Schaefer, the standard counts).
    assert count_positions_and_games() == (5478, 255168)


def test_a_corner_must_be_answered_in_the_centre() -> None:
    board = "X" + "." * 8
    assert best_moves(board, "O") == [4]
    assert is_mistake(board, 1, "O")


def test_a_double_threat_wins() -> None:
    assert value("XX.X.OO..", "X") == 1

"""The audit's referee against known facts of tic-tac-toe."""
from retro.audit.perfect import EMPTY, LINES, best_moves, count_positions_and_games, is_mistake, lines_of, value


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


def test_the_lines_of_a_grid() -> None:
    assert set(lines_of(3, 3, 3)) == set(LINES)
    assert len(lines_of(3, 4, 3)) == 3 * 2 + 4 + 2 * 2  # rows, columns, diagonals
    assert len(lines_of(4, 4, 4)) == 10


def test_three_in_a_row_on_3x4_is_a_first_player_win() -> None:
    lines = lines_of(3, 4, 3)
    assert value("." * 12, "X", lines) == 1
    # every opening wins but the middle row's ends (as the learner's own solver found before it was this one)
    assert best_moves("." * 12, "X", lines) == [0, 1, 2, 3, 5, 6, 8, 9, 10, 11]

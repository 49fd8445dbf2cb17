"""The 21 patterns, the rotate subroutine and the matcher of the perl-midterm port.

Expected squares come from the patterns' drawings and from index arithmetic
written here, not from the port's rotate: a square at row r, column c of a
board sits at row c, column 2 - r once the board is turned clockwise.
"""
import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retro.ports.perl_midterm.midterm import check, find_move, matches, new_board, rotate
from retro.ports.perl_midterm.patterns import BLOCK, BLOCK_IN_TWO, DRAWINGS, PATTERNS, WIN, squares
from source_texts import needs, source_text

# The course's assignment, where it is on this machine (tests/source_texts.py).
SEED = source_text("002_ceb5a6c167f4c3b4.txt")


def clockwise(square: int) -> int:
    """Where a square goes when the board is turned 90 degrees clockwise."""
    r, c = divmod(square, 3)
    return 3 * c + (2 - r)


def turned_clockwise(board, times):
    for _ in range(times):
        new = [""] * 9
        for square, mark in enumerate(board):
            new[clockwise(square)] = mark
        board = new
    return board


# -- the data -------------------------------------------------------------------


def test_there_are_21_patterns_in_three_groups_of_seven():
    assert len(PATTERNS) == 21
    assert list(WIN) + list(BLOCK) + list(BLOCK_IN_TWO) == list(range(1, 22))


@pytest.mark.parametrize("number", range(1, 22))
def test_each_pattern_has_one_move_square_and_only_the_spec_s_characters(number):
    pattern = PATTERNS[number - 1]
    assert len(pattern) == 9 and pattern.count("?") == 1
    assert set(pattern) <= set("?* XO")


def test_the_win_patterns_need_two_o_and_the_block_patterns_two_x():
    for n in WIN:
        assert PATTERNS[n - 1].count("O") == 2 and "X" not in PATTERNS[n - 1]
    for n in BLOCK:
        assert PATTERNS[n - 1].count("X") == 2 and "O" not in PATTERNS[n - 1]
    # 8-14 are 1-7 with X for O, square for square (the spec draws them so)
    for n in WIN:
        assert PATTERNS[n + 6] == tuple("X" if m == "O" else m for m in PATTERNS[n - 1])


def test_the_move_squares_are_the_three_squares_except_18():
    # line 48: the algorithm "only computes the computer's moves for" squares 0, 1, 4
    moves = {n: PATTERNS[n - 1].index("?") for n in range(1, 22)}
    assert {n for n, q in moves.items() if q not in (0, 1, 4)} == {18}
    assert moves[18] == 8


def test_a_row_that_is_not_a_pattern_row_is_refused():
    with pytest.raises(ValueError):
        squares((" ? | O | O ", " * | O | ", " * | * | * "))


def spec_drawings():
    """The pattern drawings as the spec prints them: pattern number -> three rows."""
    text = SEED.read_text()
    found = {}
    for m in re.finditer(r"Pattern #(\d+) to check:\n\n?((?:.*\n){5})", text):
        rows = m.group(2).split("\n")[:5]
        found[int(m.group(1))] = (rows[0], rows[2], rows[4])
    return found


@needs("002_ceb5a6c167f4c3b4.txt")
def test_the_patterns_are_the_spec_s_drawings_with_two_corrections():
    spec = spec_drawings()
    assert sorted(spec) == list(range(1, 22))
    for n in range(1, 22):
        if n == 15:  # drawn one column to the right: every row starts with a blank more
            assert spec[15] == ("    | ? | X     ", "    | O |   ", "  X |   |   ")
            assert tuple(row[1:12] for row in spec[15]) == DRAWINGS[14]
        elif n == 18:  # the middle row lost its last square's blanks
            assert spec[18][1] == " * | O | "
            assert (spec[18][0], spec[18][1] + "  ", spec[18][2]) == DRAWINGS[17]
        else:
            assert spec[n] == DRAWINGS[n - 1], n


# -- rotate ---------------------------------------------------------------------


def test_rotate_turns_the_board_counter_clockwise():
    # line 56: "rotates the board 90 degrees counter-clockwise": the top row
    # a b c goes to the left column, read from the bottom up.
    assert "".join(rotate(list("abcdefghi"))) == "cfibehadg"


def test_rotate_undoes_a_clockwise_turn():
    board = list("abcdefghi")
    assert rotate(turned_clockwise(board, 1)) == board


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["X", "O", " ", "0", "7"]), min_size=9, max_size=9))
def test_four_rotations_are_the_identity(board):
    assert rotate(rotate(rotate(rotate(board)))) == board


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["X", "O", " "]), min_size=9, max_size=9))
def test_a_rotation_keeps_every_piece(board):
    turned = rotate(board)
    assert sorted(turned) == sorted(board)
    assert turned[4] == board[4]  # the centre stays
    assert sorted(turned[i] for i in (0, 2, 6, 8)) == sorted(board[i] for i in (0, 2, 6, 8))


@settings(max_examples=100, deadline=None)
@given(st.permutations(list("abcdefghi")))
def test_a_rotation_moves_each_square_counter_clockwise(board):
    turned = rotate(board)
    for square in range(9):
        assert turned[square] == board[clockwise(square)]


# -- each pattern on a board built for it, in each rotation --------------------


def board_for(number):
    """A board on which pattern `number` matches as drawn and no earlier
    pattern matches in any orientation: its '*' squares filled with X, O or
    a free square (the first such filling)."""
    pattern = PATTERNS[number - 1]
    wild = [i for i, m in enumerate(pattern) if m == "*"]
    for fill in itertools.product([" ", "X", "O"], repeat=len(wild)):
        board = [" " if m in "? " else m for m in pattern]
        for i, m in zip(wild, fill):
            board[i] = m
        if not 0 <= board.count("X") - board.count("O") <= 2:
            continue
        earlier = [n for n in range(1, number)
                   if any(matches(PATTERNS[n - 1], turned_clockwise(board, k)) for k in range(4))]
        if not earlier:
            return board
    return None


def plain_board(number):
    """The pattern's own board: its '*' squares free."""
    return [" " if m in "?* " else m for m in PATTERNS[number - 1]]


FIRST = [n for n in range(1, 22) if n != 19]


@pytest.mark.parametrize("number", FIRST)
def test_each_pattern_takes_its_square_on_its_own_board(number):
    board = board_for(number)
    assert matches(PATTERNS[number - 1], board)
    assert find_move(board) == PATTERNS[number - 1].index("?")


def test_pattern_19_is_never_the_first_to_match_on_a_board_a_game_can_reach():
    # Its '*' squares (5, 7, 8) all free: #15 matches; any O there gives O a
    # win (#3, #5), any X there a block (#8-#12): earlier patterns, every time.
    assert board_for(19) is None
    assert matches(PATTERNS[18], plain_board(19)) and matches(PATTERNS[14], plain_board(19))


def first_orientation_square(pattern, shown):
    """The square of `shown` that the pattern names in the first orientation,
    counter-clockwise from the board as shown, that matches it."""
    for j in range(4):  # the board counter-clockwise j times = clockwise 4 - j times
        if matches(pattern, turned_clockwise(shown, (4 - j) % 4)):
            move = pattern.index("?")
            for _ in range(j):
                move = clockwise(move)
            return j, move
    raise AssertionError("no orientation matches")


@pytest.mark.parametrize("turns", range(4))
@pytest.mark.parametrize("number", range(1, 22))
def test_each_pattern_is_checked_in_each_rotation(number, turns):
    """check(): the pattern's own board turned clockwise `turns` times."""
    pattern = PATTERNS[number - 1]
    shown = turned_clockwise(plain_board(number), turns)
    j, move = first_orientation_square(pattern, shown)
    assert j <= turns  # at the latest where the board was built
    numbered = [m if m in "XO" else str(i) for i, m in enumerate(shown)]
    assert check(pattern, numbered) == move
    if turns == 0:
        assert move == pattern.index("?")


@pytest.mark.parametrize("turns", range(4))
@pytest.mark.parametrize("number", FIRST)
def test_each_pattern_finds_its_square_in_each_rotation(number, turns):
    """The computer's move on a board the pattern answers, turned clockwise
    `turns` times: checking the board and then rotating it counter-clockwise,
    it meets the pattern in the first orientation that shows it, and takes
    the square that is the pattern's ? there."""
    pattern = PATTERNS[number - 1]
    shown = turned_clockwise(board_for(number), turns)
    j, move = first_orientation_square(pattern, shown)
    assert j <= turns
    assert find_move(shown) == move  # the pattern is the one the program uses


@pytest.mark.parametrize("number", range(1, 22))
def test_every_square_but_a_star_is_required(number):
    """Line 64: X, O and a blank must be there (? is a blank); * is anything."""
    pattern = PATTERNS[number - 1]
    board = plain_board(number)
    for square, want in enumerate(pattern):
        for other in (" ", "X", "O"):
            changed = list(board)
            changed[square] = other
            required = want if want != "?" else " "
            assert matches(pattern, changed) == (want == "*" or other == required), (square, other)


def test_the_patterns_groups_come_in_the_spec_s_order():
    # O can win (#1) and must block (#8) on one board: the win comes first (line 58)
    board = list("OO XX    ")
    assert find_move(board) == 2


def test_with_no_pattern_the_centre_then_the_first_free_square():
    assert find_move(list("X        ")) == 4
    assert find_move(list("X   O    ")) == 1  # the centre taken, no pattern: left to right
    assert find_move(list("XOXOXOOXO")) is None


def test_find_move_takes_free_squares_as_blanks_or_numbers_and_changes_nothing():
    blanks = list("O   X    ")
    numbers = new_board()
    numbers[0], numbers[4] = "O", "X"
    assert find_move(blanks) == find_move(numbers)
    assert blanks == list("O   X    ")


def test_an_unknown_nesting_is_refused():
    with pytest.raises(ValueError):
        find_move(new_board(), "diagonal")

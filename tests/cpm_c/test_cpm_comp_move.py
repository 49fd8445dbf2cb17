"""comp_move(), tactic by tactic and quirk by quirk, on boards.

Boards are drawn as the program shows them: three rows, row 1 first, columns
A B C, "." for a blank.  Unless a test says otherwise the player is O and the
computer X.  The expected moves are worked out by hand from the scan (seed
lines 85-148), in each test's docstring; the scores quoted for eval_game are
its reconstruction (one point per own symbol in a line free of the other
symbol, 200 for a won line).
"""
import pytest

from cpm_positions import move_of, position, reachable_states, variant, with_stubs
from retro.ports.cpm_c import game as G


def zero(*_args) -> int:
    return 0


# -- the tactics, in the article's order ----------------------------------------------

def test_block_100_takes_the_square_the_player_would_win_on() -> None:
    """O holds A1 and A2: O on A3 wins, 1 == game_done(), A3 scores 100."""
    assert move_of(position("O..", "OX.", "...", last="A2")) == "A3"


def test_block_needs_cmc_above_0(monkeypatch) -> None:
    """The same threat on the computer's first move (cmc 0): no block.  With
    eval_game out of the way nothing scores and no move is assigned."""
    with_stubs(monkeypatch, eval_game=zero)
    assert move_of(position("O..", "OX.", "...", last="A2", cmc=1)) == "A3"
    assert move_of(position("O..", "OX.", "...", last="A2", cmc=0)) is None


def test_block_of_two_threats_keeps_the_first_in_column_order() -> None:
    """O threatens A2 (column A) and B1 (row 1): A2 is scanned first (i=0) and
    n < 100 keeps the second from replacing it."""
    assert move_of(position("O.O", ".X.", "O.X", last="A3")) == "A2"


def test_win_200_beats_the_block() -> None:
    """O threatens C1 (row 1), X wins on C2 (row 2): C1 gets 100 first, then
    eval_game gives C2 200 > 100."""
    assert move_of(position("OO.", "XX.", "O..", last="B1")) == "C2"


def test_centre_50_on_an_empty_board() -> None:
    assert move_of(G.new_game("X")) == "B2"


def test_centre_50_when_the_player_began_elsewhere() -> None:
    assert move_of(position("..O", "...", "...", last="C1", cmc=0)) == "B2"


def test_edge_25_against_opposite_corners() -> None:
    """O on A1 and C3, A3 and C1 free: every edge scores 25; A2 is the first
    in column order (A1, A2, A3, B1, ...)."""
    assert move_of(position("O..", ".X.", "..O", last="C3")) == "A2"


def test_edge_25_needs_the_other_corners_free(monkeypatch) -> None:
    """With X on C1 the 25 is off: the corner after corner (12) takes A3."""
    with_stubs(monkeypatch, eval_game=zero)
    assert move_of(position("O..", ".X.", "..O", last="C3")) == "A2"
    assert move_of(position("O.X", ".X.", "..O", last="C3")) == "A3"


def test_corner_20_first_branch_next_to_the_edge_in_column_C() -> None:
    """O on A1 and C2: C1 (i=2, j=0) has board[2][1] == O and i == 2 && A1: 20."""
    assert move_of(position("O..", ".XO", "...", last="C2")) == "C1"


def test_corner_20_second_branch_next_to_the_edge_in_row_3() -> None:
    """O on A1 and B3: A3 (i=0, j=2) has board[1][2] == O and j == 2 && A1: 20."""
    assert move_of(position("O..", ".X.", ".O.", last="B3")) == "A3"


def test_corner_12_after_the_players_corner() -> None:
    """X (the player) on A1, O on B2: the first free corner in column order, A3,
    scores 12; eval_game gives no square more than 5."""
    assert move_of(position("X..", ".O.", "...", plr_sym="X", last="A1")) == "A3"


def test_corner_6_between_two_edges() -> None:
    """O on A2 and B1: A1 has board[0][1] and board[1][0] == O: 6 (eval_game
    gives 3 there, at most 5 elsewhere)."""
    assert move_of(position(".O.", "OX.", "...", last="B1")) == "A1"


def test_edge_3_after_the_players_edge() -> None:
    """O's last move B3 is an edge: the first free edge, B1, scores 3, more
    than eval_game's 2 for A1 and 1 for B1."""
    assert move_of(position("..O", "OX.", "XO.", last="B3")) == "B1"


def test_eval_game_answers_the_centre_opening_with_the_first_corner() -> None:
    """cmc 0 and B2 taken: no tactic applies, eval_game decides: a corner
    scores 2 (its row and column), an edge 1; A1 is the first corner."""
    assert move_of(position("...", ".O.", "...", last="B2", cmc=0)) == "A1"


# -- the quirks ------------------------------------------------------------------------

def test_quirk_abs_2_covers_only_corners_A3_and_C1() -> None:
    """O on B1 and C3: the corner next to B1 opposite C3 is A1, but
    abs(j-i) == 2 only holds for A3 and C1: A1 gets just the 12 (corner after
    corner), C1 the 20."""
    assert move_of(position(".O.", ".X.", "..O", last="C3")) == "C1"


def test_quirk_abs_2_answers_A1_C2_with_C1_not_C3() -> None:
    """O on A1 and C2: the corner opposite A1 next to C2 is C3; the code can
    only give C1."""
    assert move_of(position("O..", ".XO", "...", last="C2")) == "C1"


COMMENT_READING_110 = variant(
    "cpm_comment_110",
    ("or (i == 0 and (board[2][0] == plr_sym)  # scan 110\n                             or board[2][2] == plr_sym))):",
     "or (i == 0 and (board[2][0] == plr_sym  # scan 110\n                             or board[2][2] == plr_sym)))):"),
)
COMMENT_READING_118 = variant(
    "cpm_comment_118",
    ("or (j == 0 and (board[0][2] == plr_sym)  # scan 118\n                             or board[2][2] == plr_sym))):",
     "or (j == 0 and (board[0][2] == plr_sym  # scan 118\n                             or board[2][2] == plr_sym)))):"),
)
COMMENT_READING_127 = variant(
    "cpm_comment_127",
    ("and board[i][1] == plr_sym and board[1][j] == plr_sym):  # scan 129",
     "and board[i][1] == plr_sym and board[1][j] == plr_sym  # scan 129\n"
     "                        and board[2 - i][1] == \" \" and board[1][2 - j] == \" \"):"),
)


@pytest.mark.parametrize("reading,board,code,comment", [
    # (i == 0 && (C1) || C3) reads (i == 0 && C1) || C3: the player's C2 and C3
    # give C1 (i == 2) the 20, which the comment's i == 0 && (C1 || C3) would not.
    (COMMENT_READING_110, ("...", ".XO", "..O"), "C1", "A1"),
    # (j == 0 && (A3) || C3) reads (j == 0 && A3) || C3: the player's B3 and C3
    # give A3 (j == 2) the 20.
    (COMMENT_READING_118, ("...", ".X.", ".OO"), "A3", "A1"),
], ids=["precedence-110", "precedence-118"])
def test_quirk_precedence_gives_the_20_the_comment_does_not(monkeypatch, reading, board, code, comment) -> None:
    """With game_done and eval_game out of the way, comp_move as the C reads
    it takes the 20's corner; as the comment reads it, the corner after
    corner (12), A1."""
    for module in (G, reading):
        monkeypatch.setattr(module, "game_done", zero)
        monkeypatch.setattr(module, "eval_game", zero)
    assert move_of(position(*board, last="C3")) == code
    g = position(*board, last="C3")
    reading.comp_move(g)
    assert g.square(comment) == "X"


def test_quirk_precedence_is_masked_by_the_block() -> None:
    """In play each extra case is a block: O on C2 and C3 makes C1 a 100
    first, O on B3 and C3 makes A3 one."""
    assert move_of(position("...", ".XO", "..O", last="C3")) == "C1"
    assert move_of(position("...", ".X.", ".OO", last="C3")) == "A3"


def test_quirk_6_does_not_look_whether_the_other_edges_are_free(monkeypatch) -> None:
    """The comment asks for the remaining edges free; the code does not look:
    O on A2, B1 and C2 still gets A1 its 6 (with the check, B3 gets the 3)."""
    board = (".O.", "OXO", "...")
    for module in (G, COMMENT_READING_127):
        monkeypatch.setattr(module, "eval_game", zero)
    assert move_of(position(*board, last="C2")) == "A1"
    g = position(*board, last="C2")
    COMMENT_READING_127.comp_move(g)
    assert g.square("B3") == "X"


@pytest.mark.parametrize("reading", [COMMENT_READING_110, COMMENT_READING_118, COMMENT_READING_127],
                         ids=["precedence-110", "precedence-118", "edges-free-127"])
def test_quirk_never_changes_a_move_in_play(reading) -> None:
    """Over every state the program can reach (both symbols, every player
    move), comp_move as the C reads and as the comment reads choose alike."""
    count = 0
    for history, g in reachable_states():
        ours, theirs = g.copy(), g.copy()
        G.comp_move(ours)
        reading.comp_move(theirs)
        assert ours.board == theirs.board, history
        count += 1
    assert count > 800  # the walk covers the whole tree (833 states with this eval_game)


def test_quirk_no_move_when_nothing_scores() -> None:
    """O's last move C3 is a corner but no corner is free, no edge tactic
    applies and every line holds an O: n stays 0, k stays -1, no move, and
    cmc/mvc stay as they were."""
    g = position("X.O", "OOX", "X.O", last="C3")
    assert move_of(g) is None
    assert (g.cmc, g.mvc) == (3, 7)


def test_quirk_the_first_computer_move_after_the_player_sees_only_centre_and_eval() -> None:
    """cmc 0 switches off every tactic but the centre: the reply to A1 is B2,
    and to B2 is eval_game's A1 (above)."""
    assert move_of(position("O..", "...", "...", last="A1", cmc=0)) == "B2"


# -- comp_move's bookkeeping ------------------------------------------------------------

def test_comp_move_counts_and_prints_its_move() -> None:
    g = position("O..", "OX.", "...", last="A2")
    printed = []
    G.comp_move(g, lambda fmt, *args: printed.append((fmt, args)))
    assert printed == [("Computer move: %c%d\n", (ord("A"), 3))]
    assert (g.cmc, g.mvc) == (2, 4)
    assert g.square("A3") == "X"


def test_comp_move_restores_every_square_it_tried() -> None:
    g = position("O..", ".X.", "..O", last="C3")
    before = [row[:] for row in g.board]
    G.comp_move(g)
    changed = [(i, j) for i in range(3) for j in range(3) if before[i][j] != g.board[i][j]]
    assert changed == [(0, 1)]


# -- game_done and eval_game (reconstructions) -------------------------------------------

def test_game_done_codes() -> None:
    assert G.game_done(position("OOO", "XX.", "...")) == G.PLAYER_WINS
    assert G.game_done(position("XXX", "OO.", "O..")) == G.COMPUTER_WINS
    assert G.game_done(position("OXO", "OXX", "XOO")) == G.TIE
    assert G.game_done(position("OX.", "...", "...")) == G.NOT_DONE


def test_eval_game_counts_own_symbols_in_open_lines() -> None:
    g = position("X..", ".X.", "O..")
    # col A holds O: dead; row 1: 1; col B: 1; row 2: 1; diag A1-C3: 2; diag C1-A3: O, dead
    assert G.eval_game(g, "X") == 5
    assert G.eval_game(position("X..", ".X.", "..X"), "X") == G.WIN_SCORE

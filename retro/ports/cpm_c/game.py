"""The game state and the computer's play of the CP/M C Tic-Tac-Toe (Marek K,
2015, C for CP/M 3.0 / Aztec C on a Commodore 128).  Seed:
``004_97c3467a7464b75b.txt``.

``comp_move`` is the scanned routine of the seed (its lines 76-148), line for
line: every comment ``# scan N`` points at line N of the seed file, and
NOTES.md maps each scanned line to a line here.  The C conditions are kept as
written: Python's ``and``/``or`` bind as C's ``&&``/``||`` do (``and`` first),
so a condition reads here as the C compiler read it, precedence slips
included.  The braces the scan lost are restored by the scan's indentation
(NOTES.md, "Restored braces").

``game_done`` and ``eval_game`` are not in the scan; they are reconstructions
(NOTES.md).  The board is the original's ``char board[3][3]``: ``board[i][j]``
with ``i`` the column (A-C) and ``j`` the row (1-3), holding ``' '``, ``'X'``
or ``'O'`` -- the seed prints a move as ``'A'+k, l+1`` for ``board[k][l]``.

The last part is the interface the audit (issue 7) plays against:
``new_game``, ``player_move``, ``computer_move`` -- the same functions the
program runs.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Callable, Optional

BLANK = " "

# The eight lines of the board as (column, row) squares: columns, rows, diagonals.
LINES = (
    ((0, 0), (0, 1), (0, 2)), ((1, 0), (1, 1), (1, 2)), ((2, 0), (2, 1), (2, 2)),
    ((0, 0), (1, 0), (2, 0)), ((0, 1), (1, 1), (2, 1)), ((0, 2), (1, 2), (2, 2)),
    ((0, 0), (1, 1), (2, 2)), ((2, 0), (1, 1), (0, 2)),
)

# game_done()'s results (a reconstruction: the scan tests only 1 == game_done()).
NOT_DONE, PLAYER_WINS, COMPUTER_WINS, TIE = 0, 1, 2, 3

# eval_game()'s score for a won line (a reconstruction, see NOTES.md).
WIN_SCORE = 200

Printf = Callable[..., object]


def no_output(fmt: str, *args: object) -> None:
    """A printf that prints nothing: comp_move for the audit and the tests."""


@dataclass
class Game:
    """The program's globals: C file-scope variables, one set per game session."""

    # char board[3][3]: board[i][j], i the column (A-C), j the row (1-3)
    board: list[list[str]] = field(default_factory=lambda: [[BLANK] * 3 for _ in range(3)])
    plr_sym: str = "O"  # the human player's symbol
    comp_sym: str = "X"  # the computer's symbol
    cmc: int = 0  # computer move count: comp_move's moves this game (scan 146)
    mvc: int = 0  # move count: both players' moves this game (scan 146, user_move)
    plr_nm_col: int = 0  # the player's new move, column index (set by user_move)
    plr_nm_row: int = 0  # the player's new move, row index

    def copy(self) -> "Game":
        return copy.deepcopy(self)

    def square(self, name: str) -> str:
        """The symbol on a square named as the program names it, e.g. ``B2``."""
        return self.board[ord(name[0]) - ord("A")][int(name[1]) - 1]


def three_in_row(board: list[list[str]], sym: str) -> bool:
    """Whether sym holds a whole column, row or diagonal."""
    return any(all(board[i][j] == sym for i, j in line) for line in LINES)


def game_done(g: Game) -> int:
    """0 while the game goes on; 1 the player has won, 2 the computer, 3 a tie.

    A reconstruction.  ``1 == game_done()`` at scan 91 tests the player's
    simulated move, so 1 is the player's win; a tie is the ninth move (mvc).
    """
    if three_in_row(g.board, g.plr_sym):
        return PLAYER_WINS
    if three_in_row(g.board, g.comp_sym):
        return COMPUTER_WINS
    if g.mvc >= 9:
        return TIE
    return NOT_DONE


def eval_game(g: Game, sym: str) -> int:
    """The position's score for sym.

    A reconstruction (NOTES.md, "eval_game"): 200 when sym has three in a row;
    otherwise, for every column, row and diagonal that holds nothing but sym
    and blanks, one point for each sym in it.
    """
    score = 0
    for line in LINES:
        marks = [g.board[i][j] for i, j in line]
        if marks.count(sym) == 3:
            return WIN_SCORE
        if marks.count(sym) + marks.count(BLANK) == 3:
            score += marks.count(sym)
    return score


def comp_move(g: Game, printf: Printf = no_output) -> None:
    """A computer move routine (AI).  (scan 76)
    Looks unbeatable :-) (needs more testing).  (scan 77)

    The seed's lines 76-148.  ``printf`` is the program's; the routine's
    choices do not depend on it (the audit passes none).
    """
    board, plr_sym, comp_sym = g.board, g.plr_sym, g.comp_sym
    # int i, j, k, l, m, n;  (scan 78)
    k = l = -1  # indexes of computer move  (scan 80)
    m = n = 0  # game evaluation results/scores for computer and player  (scan 81)

    # evaluate heuristically each possible next move for player and computer  (scan 83)
    # i - column index, j - row index  (scan 84)
    for i in range(3):  # scan 85
        for j in range(3):  # scan 86
            if " " == board[i][j]:  # scan 87
                board[i][j] = plr_sym  # simulate player's move  (scan 88)
                # if player's move would result in winning, give this position  (scan 89)
                # highest score to prevent human player from winning  (scan 90)
                if g.cmc > 0 and n < 100 and 1 == game_done(g):  # scan 91
                    n = 100; k = i; l = j  # scan 92
                # next - favor the center spot  (scan 93)
                elif n < 50 and i == 1 and j == 1:  # scan 94
                    n = 50; k = l = 1  # scan 95
                # next - if human player occupies two opposite corners  (scan 96)
                # and remaining corners are free, prefer edge spot  (scan 97)
                elif (g.cmc > 0 and n < 25 and abs(j - i) == 1 and  # scan 98
                        ((board[0][0] == plr_sym and board[2][2] == plr_sym  # scan 99
                          and board[0][2] == " " and board[2][0] == " ")  # scan 100
                         or (board[2][0] == plr_sym and board[0][2] == plr_sym  # scan 101
                             and board[0][0] == " " and board[2][2] == " "))):  # scan 102
                    n = 25; k = i; l = j  # scan 103
                # next - if player has a corner and edge on opposite sides  (scan 104)
                # take the corner spot next to the player's edge piece  (scan 105)
                elif (g.cmc > 0 and n < 20 and abs(j - i) == 2  # scan 106
                        and board[i][1] == plr_sym  # scan 107
                        and ((i == 2 and (board[0][0] == plr_sym  # scan 108
                                          or board[0][2] == plr_sym))  # scan 109
                             or (i == 0 and (board[2][0] == plr_sym)  # scan 110
                             or board[2][2] == plr_sym))):  # scan 111: C reads (i==0 && C1) || C3
                    n = 20; k = i; l = j  # scan 112
                # next - similar but simmetrical situation  (scan 113)
                elif (g.cmc > 0 and n < 20 and abs(j - i) == 2  # scan 114
                        and board[1][j] == plr_sym  # scan 115
                        and ((j == 2 and (board[0][0] == plr_sym  # scan 116
                                          or board[2][0] == plr_sym))  # scan 117
                             or (j == 0 and (board[0][2] == plr_sym)  # scan 118
                             or board[2][2] == plr_sym))):  # scan 119: C reads (j==0 && A3) || C3
                    n = 20; k = i; l = j  # scan 120
                # next - prefer corner spots if this is not the 1-st move  (scan 121)
                # and player also played corner  (scan 122)
                elif (g.cmc != 0 and n < 12 and i != 1 and j != 1 and g.plr_nm_col != 1  # scan 123
                        and g.plr_nm_row != 1):  # scan 124
                    n = 12; k = i; l = j  # scan 125
                # next - if player occupies 2 adjacent edge spots and  (scan 126)
                # the remaining edge spots are free, take corner between them  (scan 127)
                elif (g.cmc > 0 and n < 6 and i != 1 and j != 1  # scan 128
                        and board[i][1] == plr_sym and board[1][j] == plr_sym):  # scan 129
                    n = 6; k = i; l = j  # scan 130
                # next - prefer edge spots if this is not 1-st move and  (scan 131)
                # player also played edge  (scan 132)
                elif (g.cmc != 0 and n < 3 and abs(j - i) == 1  # scan 133
                        and abs(g.plr_nm_col - g.plr_nm_row) == 1):  # scan 134
                    n = 3; k = i; l = j  # scan 135
                board[i][j] = comp_sym  # simulate computer move  (scan 136)
                m = eval_game(g, comp_sym)  # evaluate the current game  (scan 137)
                # if computer move gets higher score than player move and other  (scan 138)
                # preferred strategies then take precedence and assign new  (scan 139)
                # computer move to current location [i,j]  (scan 140)
                if m > n:  # scan 141
                    n = m; k = i; l = j  # scan 142
                board[i][j] = " "  # restore board to previous state  (scan 143)
    # if move indexes were assigned, perform this move  (scan 144)
    if 0 <= k:  # scan 145
        g.cmc += 1; g.mvc += 1  # scan 146
        board[k][l] = comp_sym  # scan 147
        printf("Computer move: %c%d\n", ord("A") + k, l + 1)  # scan 148


# -- the interface for the audit (issue 7): the program's own code -------------------


def choose_symbol(g: Game, plr_sym: str) -> None:
    """init_game's symbols: the player's choice, the computer the other one."""
    g.plr_sym = plr_sym
    g.comp_sym = "X" if "O" == plr_sym else "O"


def put_plr_move(g: Game) -> None:
    """The end of user_move: the player's checked move (plr_nm_col, plr_nm_row) goes on the board."""
    g.board[g.plr_nm_col][g.plr_nm_row] = g.plr_sym
    g.mvc += 1


def new_game(plr_sym: str) -> Game:
    """The state init_game leaves when the player chose ``plr_sym`` ("X" or "O"),
    before the computer's first move: with "X" the computer begins, and the
    caller makes that move with ``computer_move`` (as init_game does)."""
    g = Game()
    choose_symbol(g, plr_sym)
    return g


def computer_begins(g: Game) -> bool:
    """Choosing O means the player begins; otherwise the computer does (seed line 11)."""
    return "O" != g.plr_sym


def player_move(g: Game, col: int, row: int) -> None:
    """The player takes board[col][row] (0-based), as user_move does once the
    square is checked free.  Raises ValueError for a taken or outside square."""
    if not (0 <= col < 3 and 0 <= row < 3) or g.board[col][row] != BLANK:
        raise ValueError(f"square {col},{row} is not free")
    g.plr_nm_col, g.plr_nm_row = col, row
    put_plr_move(g)


def computer_move(g: Game) -> Optional[tuple[int, int]]:
    """The computer's move for this game state: comp_move run on ``g`` (which it
    changes: the board, cmc, mvc), without output.  Returns the square taken
    as (column, row), or None when comp_move assigned no move (k stays -1)."""
    before = [row[:] for row in g.board]
    comp_move(g)
    for i in range(3):
        for j in range(3):
            if before[i][j] != g.board[i][j]:
                return (i, j)
    return None


def square_name(col: int, row: int) -> str:
    """How the program names a square: column letter and row number, e.g. B2."""
    return f"{chr(ord('A') + col)}{row + 1}"

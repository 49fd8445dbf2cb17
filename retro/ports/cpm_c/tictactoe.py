"""Tic-Tac-Toe -- Marek K, 2015, C for CP/M 3.0 (Aztec C on a Commodore 128),
also built for DOS, Windows, Linux and AIX.  Seed: ``004_97c3467a7464b75b.txt``.

The program around ``comp_move`` (game.py).  The seed has only fragments of
``main()`` (its lines 37-45) and none of ``init_game``, ``show_board``,
``user_move`` or ``end_game``: they are reconstructed here after the article's
pseudo-code and directives (no recursion, few local variables, text mode in a
scroll-down fashion), each marked in NOTES.md with the passage it rests on.
Comments ``# scan N`` point at line N of the seed file.

All I/O goes through the C dialect (retro/dialects/c.py): ``printf`` and
``fgets`` on a console.
"""
from __future__ import annotations

from retro.console import Console
from retro.outcome import Outcome
from retro.squares import Side
from retro.dialects.c import CProgram, toupper
from . import CpmOptions
from .game import (BLANK, COMPUTER_WINS, NOT_DONE, PLAYER_WINS, TIE, Game, choose_symbol, comp_move, computer_begins,
                   game_done, put_plr_move)

# char inbuf[INBUF_SIZE]: one global input buffer (the "few local variables" directive).
INBUF_SIZE = 80

# end_game()'s results, as main() tests them (scan 42-45).
GO_ON, PLAY_AGAIN, QUIT = 0, 1, 2

# game_done()'s results in the runtime's words (retro.outcome).
OUTCOMES = {PLAYER_WINS: Outcome.HUMAN, COMPUTER_WINS: Outcome.PROGRAM, TIE: Outcome.DRAW}


class TicTacToe:
    """The C program: its globals (a Game) and its functions."""

    def __init__(self, rt: CProgram):
        self.rt = rt
        self.g = Game()

    def read_line(self) -> bytes:
        """``if (NULL == fgets(inbuf, sizeof(inbuf), stdin)) exit(0);``

        End of input ends the program (status 0) wherever it is met.
        """
        inbuf = self.rt.fgets(INBUF_SIZE)
        if inbuf is None:
            self.rt.exit(0)
        return inbuf + b"\0"  # the C string: inbuf[1] of an empty string is its NUL

    def main(self) -> int:
        """``main()`` after the article's pseudo-code and its C fragment (scan 37-45)."""
        rt = self.rt
        # int n;  (scan 37)
        rt.printf("Game of Tic-Tac-Toe\n")
        self.init_game()
        while True:  # do {  (scan 40)
            self.show_board()
            self.user_move()
            self.board_now()
            n = self.end_game()  # scan 41
            if 0 == n:  # scan 42
                comp_move(self.g, rt.printf)
                self.board_now()
                n = self.end_game()  # scan 43
            if 1 == n:  # scan 44
                self.init_game()
            if not (0 == n or 1 == n):  # } while(0 == n || 1 == n);  (scan 45)
                break
        return 0

    def init_game(self) -> None:
        """A new game: empty board, counters at 0, the symbols; the computer
        makes the first move unless the player chose O (seed line 11)."""
        g = self.g
        for i in range(3):
            for j in range(3):
                g.board[i][j] = BLANK
        g.cmc = g.mvc = 0
        while True:
            self.rt.printf("Select your symbol (X/O): ")
            sym = toupper(self.read_line()[0])
            if sym in (ord("X"), ord("O")):
                break
        choose_symbol(g, chr(sym))
        self.board_now()  # a new game's empty board
        if computer_begins(g):
            comp_move(g, self.rt.printf)
            self.board_now()

    def board_now(self) -> None:
        """The board as a reader is told it (retro.squares), row by row; the
        board is held column first (board[column][row])."""
        g = self.g
        side = {g.plr_sym: Side.HUMAN, g.comp_sym: Side.PROGRAM}
        self.rt.console.board_now([[side.get(g.board[i][j]) for i in range(3)] for j in range(3)])

    def show_board(self) -> None:
        """The board, printed below what came before (scroll-down text mode)."""
        rt, board = self.rt, self.g.board
        rt.printf("\n    A   B   C\n")
        rt.printf("  +---+---+---+\n")
        for j in range(3):
            rt.printf("%d |", j + 1)
            for i in range(3):
                rt.printf(" %c |", board[i][j])
            rt.printf("\n  +---+---+---+\n")
        rt.printf("\n")

    def user_move(self) -> None:
        """Read the player's move, column letter and row number (B2), into
        plr_nm_col and plr_nm_row; ask again until it names a free square."""
        rt, g = self.rt, self.g
        while True:
            rt.printf("Your move: ")
            inbuf = self.read_line()
            g.plr_nm_col = toupper(inbuf[0]) - ord("A")
            g.plr_nm_row = inbuf[1] - ord("1")
            if g.plr_nm_col < 0 or g.plr_nm_col > 2 or g.plr_nm_row < 0 or g.plr_nm_row > 2:
                rt.printf("Invalid move. Enter column and row, e.g. B2.\n")
            elif BLANK != g.board[g.plr_nm_col][g.plr_nm_row]:
                rt.printf("This spot is already taken.\n")
            else:
                break
        put_plr_move(g)

    def end_game(self) -> int:
        """0 if the game goes on; else the final board, the result and the
        question: 1 to play again, 2 to quit."""
        rt = self.rt
        n = game_done(self.g)
        if NOT_DONE == n:
            return GO_ON
        self.show_board()
        if PLAYER_WINS == n:
            rt.printf("You win!\n")
        elif COMPUTER_WINS == n:
            rt.printf("Computer wins!\n")
        else:
            rt.printf("It's a tie!\n")
        rt.console.game_over(OUTCOMES[n])
        rt.printf("Play again (Y/N)? ")
        if ord("Y") == toupper(self.read_line()[0]):
            return PLAY_AGAIN
        return QUIT


def run(console: Console, options: CpmOptions = CpmOptions()) -> int:
    rt = CProgram(console, cpm=options.cpm)
    return rt.run(TicTacToe(rt).main)

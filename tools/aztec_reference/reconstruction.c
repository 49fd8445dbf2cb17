/*
 * Our reconstruction of the rest of Marek K's Tic-Tac-Toe (2015), in C for
 * Aztec C 1.06D on CP/M: main, init_game, show_board, user_move, end_game,
 * game_done, eval_game, as retro/ports/cpm_c/tictactoe.py and game.py reconstruct
 * them (retro/ports/cpm_c/NOTES.md says what each rests on).  This is not the
 * author's code, and it is never shipped: tools/aztec_reference/source.py
 * puts the scanned comp_move of the article, as the article prints it, where
 * the marker below stands, and the result is compiled on an emulated CP/M.
 */
#include "stdio.h"

#define BLANK ' '

char board[3][3];	/* board[i][j]: i the column (A-C), j the row (1-3) */
char plr_sym, comp_sym;
int cmc, mvc;		/* the computer's moves, all moves, this game */
int plr_nm_col, plr_nm_row;	/* the player's new move */
char inbuf[80];

/* 1 if sym holds a whole column, row or diagonal */
three_in_row(sym)
char sym;
{
   int i;

   for (i=0; i<3; i++) {
      if (board[i][0] == sym && board[i][1] == sym && board[i][2] == sym)
         return 1;
      if (board[0][i] == sym && board[1][i] == sym && board[2][i] == sym)
         return 1;
   }
   if (board[0][0] == sym && board[1][1] == sym && board[2][2] == sym)
      return 1;
   if (board[2][0] == sym && board[1][1] == sym && board[0][2] == sym)
      return 1;
   return 0;
}

/* 0 the game goes on; 1 the player has won, 2 the computer, 3 a tie */
game_done()
{
   if (three_in_row(plr_sym))
      return 1;
   if (three_in_row(comp_sym))
      return 2;
   if (mvc >= 9)
      return 3;
   return 0;
}

/* one line's share of eval_game: -1 when sym holds it all */
line_score(a, b, c, sym)
char a, b, c, sym;
{
   int mine, blank;

   mine = (a == sym) + (b == sym) + (c == sym);
   blank = (a == BLANK) + (b == BLANK) + (c == BLANK);
   if (3 == mine)
      return -1;
   if (3 == mine + blank)
      return mine;
   return 0;
}

/* 200 for three in a row; else one point for each sym in each line
   that holds nothing but sym and blanks */
eval_game(sym)
char sym;
{
   int i, s, score;

   score = 0;
   for (i=0; i<3; i++) {
      if ((s = line_score(board[i][0], board[i][1], board[i][2], sym)) < 0)
         return 200;
      score += s;
   }
   for (i=0; i<3; i++) {
      if ((s = line_score(board[0][i], board[1][i], board[2][i], sym)) < 0)
         return 200;
      score += s;
   }
   if ((s = line_score(board[0][0], board[1][1], board[2][2], sym)) < 0)
      return 200;
   score += s;
   if ((s = line_score(board[2][0], board[1][1], board[0][2], sym)) < 0)
      return 200;
   return score + s;
}

/* Aztec C 1.06D's libraries (C.LIB, M.LIB) have no abs(), which the scanned
   comp_move calls: the author's build must have had one of its own (or
   another release's); this is the usual one. */
abs(x)
int x;
{
   return x < 0 ? -x : x;
}

read_line()
{
   if (NULL == fgets(inbuf, 80, stdin))
      exit(0);
}

/* COMP_MOVE: the article's scanned routine goes here */

init_game()
{
   int i, j;

   for (i=0; i<3; i++)
      for (j=0; j<3; j++)
         board[i][j] = BLANK;
   cmc = mvc = 0;
   do {
      printf("Select your symbol (X/O): ");
      read_line();
      plr_sym = toupper(inbuf[0]);
   } while ('X' != plr_sym && 'O' != plr_sym);
   comp_sym = ('O' == plr_sym) ? 'X' : 'O';
   if ('O' != plr_sym)
      comp_move();
}

show_board()
{
   int i, j;

   printf("\n    A   B   C\n");
   printf("  +---+---+---+\n");
   for (j=0; j<3; j++) {
      printf("%d |", j + 1);
      for (i=0; i<3; i++)
         printf(" %c |", board[i][j]);
      printf("\n  +---+---+---+\n");
   }
   printf("\n");
}

user_move()
{
   for (;;) {
      printf("Your move: ");
      read_line();
      plr_nm_col = toupper(inbuf[0]) - 'A';
      plr_nm_row = inbuf[1] - '1';
      if (plr_nm_col < 0 || plr_nm_col > 2 || plr_nm_row < 0 || plr_nm_row > 2)
         printf("Invalid move. Enter column and row, e.g. B2.\n");
      else if (BLANK != board[plr_nm_col][plr_nm_row])
         printf("This spot is already taken.\n");
      else
         break;
   }
   board[plr_nm_col][plr_nm_row] = plr_sym;
   mvc++;
}

/* 0 the game goes on; else the result, and 1 to play again, 2 to quit */
end_game()
{
   int n;

   n = game_done();
   if (0 == n)
      return 0;
   show_board();
   if (1 == n)
      printf("You win!\n");
   else if (2 == n)
      printf("Computer wins!\n");
   else
      printf("It's a tie!\n");
   printf("Play again (Y/N)? ");
   read_line();
   if ('Y' == toupper(inbuf[0]))
      return 1;
   return 2;
}

#ifndef HARNESS
main()
{
   int n;

   printf("Game of Tic-Tac-Toe\n");
   init_game();
   do {
      show_board();
      user_move();
      n = end_game();
      if (0 == n) {
         comp_move();
         n = end_game();
      }
      if (1 == n) {
         init_game();
      }
   } while (0 == n || 1 == n);
   return 0;
}
#endif

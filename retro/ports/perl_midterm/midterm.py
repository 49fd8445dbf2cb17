"""The Perl midterm tic-tac-toe -- a student's Perl 5 program for a course's
midterm project, run in a terminal; only its specification survives.  Seed:
``002_ceb5a6c167f4c3b4.txt`` (the assignment: the interface sample, the
algorithm, the 21 patterns).

A port of the program the specification describes (NOTES.md gives the
evidence for every behaviour and marks what is reconstructed):

* the board as the sample shows it (lines 18-22): the squares' numbers 0-8
  where they are free, ``X`` the user, who moves first, ``O`` the computer;
  after the user's move and the computer's answer, the updated board, then
  ``Pick a space: `` (lines 24-40);
* the computer's move (``find_move``): patterns 1-21 (``patterns.py``) in the
  spec's order, each checked on the board and, through the ``rotate``
  subroutine, on the board turned 90 degrees counter-clockwise, three times
  (lines 56, 60, 244); else the centre, else the first free square left to
  right, top to bottom (lines 56, 58);
* input through ``<STDIN>``, ``chomp`` and perl's numbers (``retro.dialects.perl``).

The board is kept as it is shown: a free square holds its own number, so a
square keeps its number when the board is rotated, and the number in the
pattern's ``?`` square is the square the computer takes.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Literal, Optional, Sequence, get_args

from retro.console import Console, ProgramExit
from retro.options import Options, option
from retro.outcome import Outcome
from retro.squares import Side
from retro.dialects.perl import Stdin, chomp, int_value, numify, print_

from .patterns import ANY, BLANK, MOVE, PATTERNS, Pattern

Board = List[str]  # nine squares: "X", "O" or the free square's number, "0".."8"

PROMPT = "Pick a space: "  # line 24

# Reconstructed (NOTES.md, "End of the game"): the spec asks for "a message
# that says the result" (line 9) and gives none.  Words from its line 3.
RESULTS = {"X": "X wins.\n", "O": "O wins.\n", None: "The game is a tie.\n"}
OUTCOMES = {"X": Outcome.HUMAN, "O": Outcome.PROGRAM, None: Outcome.DRAW}  # the human plays X (line 9)

# Exit status when the input has ended and the original would ask
# "Pick a space: " for ever (NOTES.md, "End of input"): a departure.
ENDLESS_PROMPT = 1

# The loop nesting of the computer's search (NOTES.md, "The loop nesting").
Nesting = Literal["pattern", "rotation"]
NESTINGS: tuple[Nesting, ...] = get_args(Nesting)


@dataclass(frozen=True)
class PerlOptions(Options):
    nesting: Nesting = option(
        "--nesting", default="pattern", label="Order of the search",
        said={"pattern": "each pattern in every rotation", "rotation": "each rotation with every pattern"},
        help="How the search nests: each pattern in all four rotations (the spec's sample) "
             "or each rotation with all patterns (the other reading of the spec).")

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def new_board() -> Board:
    """@board = (0..8): every square free, showing its number."""
    return [str(square) for square in range(9)]


def is_free(mark: str) -> bool:
    return mark not in ("X", "O")


def rotate(board: Sequence[str]) -> Board:
    """sub rotate: the board turned 90 degrees counter-clockwise (line 56).

    Row r, column c of the new board is row c, column 2 - r of the old: the
    top right corner comes to the top left, the top left goes to the bottom
    left.
    """
    return [board[3 * c + (2 - r)] for r in range(3) for c in range(3)]


def matches(pattern: Pattern, board: Sequence[str]) -> bool:
    """Does the board show the pattern?  ``*`` anything; ``?`` and a blank a
    free square; ``X`` and ``O`` themselves (line 64)."""
    for want, have in zip(pattern, board):
        if want == ANY:
            continue
        if want in (MOVE, BLANK):
            if not is_free(have):
                return False
        elif have != want:
            return False
    return True


def check(pattern: Pattern, board: Sequence[str]) -> Optional[int]:
    """One pattern, "check it, rotate, check, rotate, etc." (line 60): the
    square it takes, or None when it matches in none of the four turns."""
    turned = list(board)
    for _ in range(4):
        if matches(pattern, turned):
            return int(turned[pattern.index(MOVE)])
        turned = rotate(turned)
    return None


def first_free(board: Sequence[str]) -> Optional[int]:
    """The fallback (lines 56, 58, 244): the centre, else the first free square
    from the top left, across and then down; None when the board is full."""
    if is_free(board[4]):
        return 4
    for square in range(9):
        if is_free(board[square]):
            return square
    return None


def find_move(board: Sequence[str], nesting: str = "pattern") -> Optional[int]:
    """The computer's move for this board: the square (0-8) it puts its O in,
    or None when no square is free.

    ``board`` holds nine squares, ``"X"``, ``"O"`` or anything else for a
    free square (its number, or a blank).  ``nesting`` is the order of the
    search: ``"pattern"`` (the default: each pattern in every rotation, then
    the next) or ``"rotation"`` (every pattern on the board, then every
    pattern on the board rotated once, and so on).  This is the function the
    program calls; it changes nothing.
    """
    board = [mark if not is_free(mark) else str(square) for square, mark in enumerate(board)]
    if nesting == "pattern":
        for pattern in PATTERNS:
            square = check(pattern, board)
            if square is not None:
                return square
    elif nesting == "rotation":
        turned = board
        for _ in range(4):
            for pattern in PATTERNS:
                if matches(pattern, turned):
                    return int(turned[pattern.index(MOVE)])
            turned = rotate(turned)
    else:
        raise ValueError(f"nesting must be one of {NESTINGS}, not {nesting!r}")
    return first_free(board)


def computer_move(board: Sequence[str], nesting: str = "pattern") -> int:
    """find_move on a board with a free square, where the program asks it
    (the game is not over): there it always finds one."""
    square = find_move(board, nesting)
    if square is None:
        raise ValueError("the board is full: the program asks for no move")
    return square


def winner(board: Sequence[str]) -> Optional[str]:
    """The mark with three in a row (line 3), if any."""
    for a, b, c in LINES:
        if board[a] == board[b] == board[c] and not is_free(board[a]):
            return board[a]
    return None


def is_full(board: Sequence[str]) -> bool:
    return not any(is_free(mark) for mark in board)


class Midterm:
    """One game: the board, STDIN and STDOUT."""

    def __init__(self, console: Console, nesting: str):
        self.console = console
        self.stdin = Stdin(console)
        self.nesting = nesting
        self.board = new_board()

    def print_board(self) -> None:
        """The board between two blank lines, as the sample shows it (lines 17-23)."""
        b = self.board
        print_(self.console, "\n")
        print_(self.console, " ", b[0], " | ", b[1], " | ", b[2], " \n")
        print_(self.console, "---+---+---\n")
        print_(self.console, " ", b[3], " | ", b[4], " | ", b[5], " \n")
        print_(self.console, "---+---+---\n")
        print_(self.console, " ", b[6], " | ", b[7], " | ", b[8], " \n")
        print_(self.console, "\n")

    def board_now(self) -> None:
        """The board as a reader is told it (retro.squares), row by row: X the user's, O the computer's."""
        side = {"X": Side.HUMAN, "O": Side.PROGRAM}
        self.console.board_now([[side.get(mark) for mark in self.board[row:row + 3]] for row in (0, 3, 6)])

    def pick_a_space(self) -> int:
        """Ask until the answer names a free square (reconstructed, NOTES.md).

        ``$move = <STDIN>; chomp($move);`` then the answer is refused, and the
        prompt comes again without a word, when ``$move < 0 || $move > 8``
        or ``$board[$move]`` holds X or O -- as perl compares and subscripts
        a string: ``abc``, an empty line and the end of input (undef) are 0,
        ``3abc`` is 3, ``4.5`` is square 4.
        """
        while True:
            print_(self.console, PROMPT)
            move = chomp(self.stdin.readline())
            if numify(move) < 0 or numify(move) > 8 or not is_free(self.board[int_value(move)]):
                if self.stdin.at_eof:
                    # <STDIN> gives undef for ever: the original would ask
                    # again and again without end.  Stop here instead.
                    raise ProgramExit(ENDLESS_PROMPT)
                continue
            return int_value(move)

    def play(self) -> int:
        """The user first; after each of their moves the computer's answer and
        the board (line 9); at the end the result and no further move."""
        self.print_board()
        while True:
            self.board[self.pick_a_space()] = "X"
            self.board_now()
            if not (winner(self.board) or is_full(self.board)):
                self.board[computer_move(self.board, self.nesting)] = "O"
                self.board_now()
            self.print_board()
            if winner(self.board) or is_full(self.board):
                print_(self.console, RESULTS[winner(self.board)])
                self.console.game_over(OUTCOMES[winner(self.board)])
                return 0


def run(console: Console, options: PerlOptions = PerlOptions()) -> int:
    """One game; the exit status."""
    try:
        return Midterm(console, options.nesting).play()
    except ProgramExit as done:
        return done.status

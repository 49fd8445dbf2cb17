"""A perfect-play reference for tic-tac-toe: a small memoized minimax, the
one game-tree search of retro (the audits' referee, the tournament's perfect
player, and the Pascal learner's perfect sparring partner on its small grids).

A board is a string of characters, ``"X"``, ``"O"`` or ``"."``, row by row:
nine on 3x3 (``LINES``, the default); another grid names its lines
(``lines_of``).  Values are from the point of view of the player to move: +1
a win, 0 a draw, -1 a loss, with perfect play on both sides.  It is our own
referee, not any of the ports (it plays in the tournament as itself).

>>> value("." * 9, "X")
0
"""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

Lines = tuple[tuple[int, ...], ...]  # the squares of each line that wins
LINES: Lines = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
EMPTY = "." * 9


@lru_cache(maxsize=None)
def lines_of(rows: int, cols: int, align: int) -> Lines:
    """Every run of ``align`` squares in a row, a column or a diagonal of a
    ``rows`` x ``cols`` board (squares numbered row by row from 0)."""
    lines = []
    for row in range(rows):
        for col in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_row, end_col = row + dr * (align - 1), col + dc * (align - 1)
                if 0 <= end_row < rows and 0 <= end_col < cols:
                    lines.append(tuple((row + dr * k) * cols + col + dc * k for k in range(align)))
    return tuple(lines)


def other(player: str) -> str:
    return "O" if player == "X" else "X"


def winner(board: str, lines: Lines = LINES) -> Optional[str]:
    for line in lines:
        first = board[line[0]]
        if first != "." and all(board[k] == first for k in line):
            return first
    return None


def is_over(board: str, lines: Lines = LINES) -> bool:
    return winner(board, lines) is not None or "." not in board


def free_squares(board: str) -> list[int]:
    return [k for k, ch in enumerate(board) if ch == "."]


def play(board: str, square: int, player: str) -> str:
    assert board[square] == ".", (board, square)
    return board[:square] + player + board[square + 1 :]


@lru_cache(maxsize=None)
def value(board: str, to_move: str, lines: Lines = LINES) -> int:
    """+1, 0 or -1 for the player to move, under perfect play (a win found
    ends the search of a position: nothing is better)."""
    won = winner(board, lines)
    if won is not None:
        return 1 if won == to_move else -1
    best = 0 if "." not in board else -1
    for k in free_squares(board):
        best = max(best, -value(play(board, k, to_move), other(to_move), lines))
        if best == 1:
            break
    return best


def best_moves(board: str, to_move: str, lines: Lines = LINES) -> list[int]:
    """Every square that keeps the best value for the player to move."""
    best = value(board, to_move, lines)
    return [k for k in free_squares(board) if -value(play(board, k, to_move), other(to_move), lines) == best]


def is_mistake(board: str, square: int, player: str) -> bool:
    """Does this move lower the player's value under perfect play?"""
    return -value(play(board, square, player), other(player)) < value(board, player)


def count_positions_and_games() -> tuple[int, int]:
    """Legal positions reachable from the empty board (X first), and complete games."""
    seen: set[str] = set()
    games = 0

    def walk(board: str, to_move: str) -> None:
        nonlocal games
        seen.add(board)
        if is_over(board):
            games += 1
            return
        for k in free_squares(board):
            walk(play(board, k, to_move), other(to_move))

    walk(EMPTY, "X")
    return len(seen), games

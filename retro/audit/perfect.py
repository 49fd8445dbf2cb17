"""A perfect-play reference for 3x3 tic-tac-toe: a small memoized minimax.

A board is a string of nine characters, ``"X"``, ``"O"`` or ``"."``, row by
row.  Values are from the point of view of the player to move: +1 a win, 0 a
draw, -1 a loss, with perfect play on both sides.  It is our own referee, not
any of the ports (it plays in the tournament as itself).

>>> value("." * 9, "X")
0
"""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
EMPTY = "." * 9


def other(player: str) -> str:
    return "O" if player == "X" else "X"


def winner(board: str) -> Optional[str]:
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def is_over(board: str) -> bool:
    return winner(board) is not None or "." not in board


def free_squares(board: str) -> list[int]:
    return [k for k, ch in enumerate(board) if ch == "."]


def play(board: str, square: int, player: str) -> str:
    assert board[square] == ".", (board, square)
    return board[:square] + player + board[square + 1 :]


@lru_cache(maxsize=None)
def value(board: str, to_move: str) -> int:
    """+1, 0 or -1 for the player to move, under perfect play."""
    won = winner(board)
    if won is not None:
        return 1 if won == to_move else -1
    if "." not in board:
        return 0
    return max(-value(play(board, k, to_move), other(to_move)) for k in free_squares(board))


def best_moves(board: str, to_move: str) -> list[int]:
    """Every square that keeps the best value for the player to move."""
    best = value(board, to_move)
    return [k for k in free_squares(board) if -value(play(board, k, to_move), other(to_move)) == best]


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

"""The brain's game: Five-in-a-Row on a Gomocup board, the marks it plays,
the rules it can meet, and the move it finds at once when time runs out."""
from __future__ import annotations

from typing import Optional

from ..model.board import CIRCLE, CROSS, Board, Grid

OWN, THEIRS = CIRCLE, CROSS  # the brain plays O, as the text's computer does
ALIGN = 5
SIZES = range(ALIGN, 21)  # Gomocup plays on 15x15 and 20x20
TOURNAMENT_BOARDS = (15, 20)  # the caches `--learn-pending` makes for a brain (training/train.py)
BLOCKED = 3  # BOARD's field 3: a continuous game's finished line, a square neither player may use
PLAYABLE_RULES = 2  # INFO rule's bits the brain can play: 2, continuous game (its field 3 occupied)
RULES = {1: "exactly five in a row", 4: "renju", 8: "caro"}


def unplayable_rule(value: str) -> str:
    """What INFO rule asks that the brain cannot play ("" if nothing): exactly
    five, renju and caro are not the learner's game (five or more win)."""
    try:
        rule = int(value)
    except ValueError:
        return f"rule {value!r} is not a number"
    if rule & ~PLAYABLE_RULES:
        names = [name for bit, name in RULES.items() if rule & bit] or ["an unknown rule"]
        return f"rule {rule} ({', '.join(names)})"
    return ""


def brain_grid(height: int, width: int) -> Grid:
    """The board of a START or RECTSTART."""
    return Grid(height, width, ALIGN, maxsize=SIZES.stop - 1)


def completing(board: Board, player: int) -> Optional[int]:
    """The lowest empty square where ``player`` would complete a line."""
    for square in board.empties():
        if board.with_move(square, player).completes(square):
            return square
    return None


def quick_move(board: Board, player: int) -> int:
    """A move found at once: the player's completing square, else the
    opponent's, else the empty square nearest the last stone (or the centre)."""
    for who in (player, OWN + THEIRS - player):
        square = completing(board, who)
        if square is not None:
            return square
    empties = list(board.empties())
    grid = board.grid
    row, col = grid.rowcol(board.moves[-1]) if board.moves else ((grid.boardrows + 1) // 2, (grid.boardcols + 1) // 2)

    def distance(square: int) -> tuple[int, int]:
        r, c = grid.rowcol(square)
        return (max(abs(r - row), abs(c - col)), square)

    return min(empties, key=distance)

"""The audit's view of the midterm (retro.audit.explore's Game and Subject):
``Midterm.play``'s loop one move at a time, through the port's own
functions (midterm.py).  No rule is written again here."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from retro.audit.explore import DRAW, HUMAN, PROGRAM, Game, Start, Subject
from retro.outcome import Outcome

from . import midterm


class PerlGame(Game):
    """Midterm.play's loop, one move at a time, through the port's own functions."""

    def __init__(self, nesting: str) -> None:
        self.m = midterm
        self.nesting = nesting
        self.board_ = midterm.new_board()
        self._human_turn = True

    def result(self) -> Optional[Outcome]:
        won = self.m.winner(self.board_)  # the midterm's marks, as the audit's outcomes
        if won == "X":
            return HUMAN
        if won == "O":
            return PROGRAM
        return DRAW if self.m.is_full(self.board_) else None

    def human_to_move(self) -> bool:
        return self._human_turn

    def human_moves(self) -> list[str]:
        return [str(k) for k, mark in enumerate(self.board_) if self.m.is_free(mark)]

    def play_human(self, move: str) -> None:
        self.board_[int(move)] = "X"
        self._human_turn = False

    def program_options(self) -> Sequence[Any]:
        return [None]  # find_move is deterministic

    def play_program(self, option: Any) -> str:
        square = self.m.computer_move(self.board_, self.nesting)
        self.board_[square] = "O"
        self._human_turn = True
        return str(square)

    def move_name(self, square: int) -> str:
        return str(square)  # the squares are numbered 0-8, row by row

    def board(self) -> str:
        return "".join(mark if mark in "XO" else "." for mark in self.board_)


class PerlSubject(Subject):
    program_id = "perl-midterm"
    claim = "\"With this algorithm, the computer should never lose.\" (the midterm's specification)"

    def __init__(self, nesting: str = "pattern", **_: Any) -> None:
        self.nesting = nesting

    def starts(self) -> list[Start]:
        return [Start("the user (X) moves first", True)]  # "Let the user make the first move"

    def new_game(self, start: Start) -> PerlGame:
        return PerlGame(self.nesting)

    def session_input(self, start: Start, human_moves: Sequence[str]) -> list[str]:
        return list(human_moves)


def tournament() -> list[tuple[str, dict[str, Any]]]:
    """The entrants of the 3x3 round robin (retro tournament)."""
    return [("perl-midterm", {})]

"""The audit's view of TicTacToe.f90 (retro.audit.explore's Game and Subject):
a game held in the program's own variables, moved by the port's own routines
(``pc``, ``colocar``, ``check``), one move at a time.  No rule is written
again here.  The tournament's entrants: both routines."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from retro.audit.explore import DRAW, HUMAN, PROGRAM, Game, Line, Start, Subject
from retro.outcome import Outcome

from . import tictactoe as tt
from .memory import ReferenceMemory


class FortranGame(Game):
    """TicTacToe.f90's main loop, one move at a time, through the port's routines."""

    def __init__(self, ai: str, human_first: bool) -> None:
        self.tt = tt
        self.ai = ai
        self.human_first = human_first
        self.tablero = [0] * 9
        self.n = 2 if human_first else 1  # If (sel == "s" .or. sel == "S") n=2
        self.theta = 0
        self.sel, self.loc, self.cw, self.hw = "S", [0, 0], False, False
        self.memory = ReferenceMemory(ai, self)
        self._result: Optional[Outcome] = None

    def result(self) -> Optional[Outcome]:
        return self._result

    def human_to_move(self) -> bool:
        return self.n % 2 == 0

    def human_moves(self) -> list[str]:
        return [f"{i},{j}" for i in (1, 2, 3) for j in (1, 2, 3) if self.tablero[self.tt.cell(i, j)] == 0]

    def _after_move(self) -> None:  # the end of the DO WHILE body
        self.theta += 1
        self.n += 1
        self.cw, self.hw = self.tt.check(self.tablero)
        if self.cw:
            self._result = PROGRAM
        elif self.hw:
            self._result = HUMAN
        elif self.theta == 9:
            self._result = DRAW

    def play_human(self, move: str) -> None:
        self.loc = [int(x) for x in move.split(",")]
        self.tablero = self.tt.colocar(self.tablero, self.loc, self.n, self.memory)
        self._after_move()

    def program_options(self) -> Sequence[Any]:
        return [None]  # pc is deterministic

    def play_program(self, option: Any) -> str:
        self.loc = self.tt.pc(self.tablero, self.ai)
        self.tablero = self.tt.colocar(self.tablero, self.loc, self.n, self.memory)
        self._after_move()
        return f"{self.loc[0]},{self.loc[1]}"

    def move_name(self, square: int) -> str:
        return f"{square // 3 + 1},{square % 3 + 1}"  # row,column

    def board(self) -> str:
        first, second = (1, 4) if self.human_first else (4, 1)
        marks = {0: ".", first: "X", second: "O"}
        return "".join(marks[self.tablero[self.tt.cell(i, j)]] for i in (1, 2, 3) for j in (1, 2, 3))


class FortranSubject(Subject):
    program_id = "fortran-rcd"

    def __init__(self, ai: str = "ia", **_: Any) -> None:
        self.ai = ai
        self.claim = ("\"I haven't been able to win to this system\" (IA, Ricardo Montero, 2021)" if ai == "ia"
                      else "MJ: \"If the user plays their token following the sequence of [3,3] - [3,1] - [1,3] "
                           "it will result in the user winning\" (when the computer starts)")

    def claim_holds(self, lost: list[Line]) -> bool:
        if self.ai == "ia":
            return not lost
        # MJ: the seed's line, with the computer starting, must win.
        return any(not line.human_first and line.human_moves[:3] == ["3,3", "3,1", "1,3"] for line in lost)

    def starts(self) -> list[Start]:
        return [Start("S (the human starts)", True), Start("N (the computer starts)", False)]

    def new_game(self, start: Start) -> FortranGame:
        return FortranGame(self.ai, start.human_first)

    def session_input(self, start: Start, human_moves: Sequence[str]) -> list[str]:
        return ["S" if start.human_first else "N", *human_moves, "N"]


def tournament() -> list[tuple[str, dict[str, Any]]]:
    """The entrants of the 3x3 round robin (retro tournament)."""
    return [("fortran-rcd ia", {"ai": "ia"}), ("fortran-rcd mj", {"ai": "mj"})]

"""The audit's view of the C game (retro.audit.explore's Game and Subject):
main()'s loop one move at a time, through the port's own functions
(``comp_move`` and the rest, game.py).  No rule is written again here."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from retro.audit.explore import DRAW, HUMAN, PROGRAM, Game, Start, Subject
from retro.outcome import Outcome

from . import game as cgame


class CpmGame(Game):
    """main()'s loop, one move at a time, through the port's own functions."""

    def __init__(self, human_first: bool) -> None:
        self.c = cgame
        self.g = cgame.new_game("O" if human_first else "X")  # choosing O means the player begins
        self.human_first = human_first
        self._human_turn = True
        self._result: Optional[Outcome] = None
        if cgame.computer_begins(self.g):
            self._program()

    def _settle(self) -> None:
        done = self.c.game_done(self.g)  # the C program's own words, as the audit's outcomes
        self._result = {self.c.PLAYER_WINS: HUMAN, self.c.COMPUTER_WINS: PROGRAM, self.c.TIE: DRAW}.get(done)

    def _program(self) -> Optional[str]:
        square = self.c.computer_move(self.g)  # None: comp_move found no move, the player goes again
        self._settle()
        self._human_turn = True
        return None if square is None else self.c.square_name(*square)

    def result(self) -> Optional[Outcome]:
        return self._result

    def human_to_move(self) -> bool:
        return self._human_turn

    def human_moves(self) -> list[str]:
        return [f"{'ABC'[i]}{j + 1}" for i in range(3) for j in range(3) if self.g.board[i][j] == self.c.BLANK]

    def play_human(self, move: str) -> None:
        self.c.player_move(self.g, ord(move[0]) - ord("A"), int(move[1]) - 1)
        self._settle()
        self._human_turn = False

    def program_options(self) -> Sequence[Any]:
        return [None]  # comp_move is deterministic

    def play_program(self, option: Any) -> str:
        return self._program() or "(no move)"

    def move_name(self, square: int) -> str:
        return f"{'ABC'[square % 3]}{square // 3 + 1}"  # column letter, row number

    def board(self) -> str:
        first = self.g.plr_sym if self.human_first else self.g.comp_sym
        marks = {self.c.BLANK: ".", first: "X"}
        return "".join(marks.get(self.g.board[i][j], "O") for j in range(3) for i in range(3))


class CpmSubject(Subject):
    program_id = "cpm-c"
    claim = "\"Looks unbeatable :-) (needs more testing)\" (comp_move's comment, Marek K., 2015)"

    def __init__(self, **_: Any) -> None:
        pass

    def starts(self) -> list[Start]:
        return [Start("O (the player begins)", True), Start("X (the computer begins)", False)]

    def new_game(self, start: Start) -> CpmGame:
        return CpmGame(start.human_first)

    def session_input(self, start: Start, human_moves: Sequence[str]) -> list[str]:
        return ["O" if start.human_first else "X", *human_moves, "N"]


def tournament() -> list[tuple[str, dict[str, Any]]]:
    """The entrants of the 3x3 round robin (retro tournament)."""
    return [("cpm-c", {})]

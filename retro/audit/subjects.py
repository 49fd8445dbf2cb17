"""The audit's view of each port: a game held in the port's own state, moved by
the port's own code (see explore.Game).  No rule of any program is written
again here; each adapter only calls the port."""
from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

from .explore import DRAW, HUMAN, PROGRAM, Start, Subject

# -- fortran-rcd -----------------------------------------------------------------------


class FortranGame:
    """TicTacToe.f90's main loop, one move at a time, through the port's routines."""

    def __init__(self, ai: str, human_first: bool):
        from ports.fortran_rcd import tictactoe as tt
        from ports.fortran_rcd.memory import ReferenceMemory

        self.tt = tt
        self.ai = ai
        self.human_first = human_first
        self.tablero = [0] * 9
        self.n = 2 if human_first else 1  # If (sel == "s" .or. sel == "S") n=2
        self.theta = 0
        self.sel, self.loc, self.cw, self.hw = "S", [0, 0], False, False
        self.memory = ReferenceMemory(ai, self)
        self._result: Optional[str] = None

    def result(self) -> Optional[str]:
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


class FortranSubject:
    program_id = "fortran-rcd"

    def __init__(self, ai: str = "ia", **_: Any):
        self.ai = ai
        self.claim = ("\"I haven't been able to win to this system\" (IA, Ricardo Montero, 2021)" if ai == "ia"
                      else "MJ: \"If the user plays their token following the sequence of [3,3] - [3,1] - [1,3] "
                           "it will result in the user winning\" (when the computer starts)")

    def claim_holds(self, lost: list) -> bool:
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


# -- cpm-c -------------------------------------------------------------------------------


class CpmGame:
    """main()'s loop, one move at a time, through the port's own functions."""

    def __init__(self, human_first: bool):
        from ports.cpm_c import game as cgame

        self.c = cgame
        self.g = cgame.new_game("O" if human_first else "X")  # choosing O means the player begins
        self.human_first = human_first
        self._human_turn = True
        self._result: Optional[str] = None
        if cgame.computer_begins(self.g):
            self._program()

    def _settle(self) -> None:
        done = self.c.game_done(self.g)
        self._result = {self.c.PLAYER_WINS: HUMAN, self.c.COMPUTER_WINS: PROGRAM, self.c.TIE: DRAW}.get(done)

    def _program(self) -> Optional[str]:
        square = self.c.computer_move(self.g)  # None: comp_move found no move, the player goes again
        self._settle()
        self._human_turn = True
        return None if square is None else self.c.square_name(*square)

    def result(self) -> Optional[str]:
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


class CpmSubject:
    program_id = "cpm-c"
    claim = "\"Looks unbeatable :-) (needs more testing)\" (comp_move's comment, Marek K., 2015)"

    def __init__(self, **_: Any):
        pass

    def starts(self) -> list[Start]:
        return [Start("O (the player begins)", True), Start("X (the computer begins)", False)]

    def new_game(self, start: Start) -> CpmGame:
        return CpmGame(start.human_first)

    def session_input(self, start: Start, human_moves: Sequence[str]) -> list[str]:
        return ["O" if start.human_first else "X", *human_moves, "N"]


def _altair_subject(**options: Any) -> Subject:
    """The port's own adapter (ports/altair_3d/audit.py), judged by a search."""
    from ports.altair_3d.audit import AltairSubject

    class AltairAudit(AltairSubject):
        searched = True  # the trees are too big to enumerate: see qubic.py

        def claim_holds(self, lost: list) -> Optional[bool]:
            if self.version == 3:  # "almost unbeatable", "I have not yet beaten Version 3"
                return not lost
            if self.version == 2:  # "can be beaten ... by the strategy described in Fig. 4"
                return bool(lost)
            return None  # version 1 comes with no claim a search can settle

    return AltairAudit(**options)


SUBJECTS: dict[str, Callable[..., Subject]] = {
    "fortran-rcd": FortranSubject,
    "altair-3d": _altair_subject,
    "cpm-c": CpmSubject,
}

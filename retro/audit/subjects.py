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


# -- perl-midterm ---------------------------------------------------------------------------


class PerlGame:
    """Midterm.play's loop, one move at a time, through the port's own functions."""

    def __init__(self, nesting: str):
        from ports.perl_midterm import midterm

        self.m = midterm
        self.nesting = nesting
        self.board_ = midterm.new_board()
        self._human_turn = True

    def result(self) -> Optional[str]:
        won = self.m.winner(self.board_)
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
        square = self.m.find_move(self.board_, self.nesting)
        self.board_[square] = "O"
        self._human_turn = True
        return str(square)

    def move_name(self, square: int) -> str:
        return str(square)  # the squares are numbered 0-8, row by row

    def board(self) -> str:
        return "".join(mark if mark in "XO" else "." for mark in self.board_)


class PerlSubject:
    program_id = "perl-midterm"
    claim = "\"With this algorithm, the computer should never lose.\" (the midterm's specification)"

    def __init__(self, nesting: str = "pattern", **_: Any):
        self.nesting = nesting

    def starts(self) -> list[Start]:
        return [Start("the user (X) moves first", True)]  # "Let the user make the first move"

    def new_game(self, start: Start) -> PerlGame:
        return PerlGame(self.nesting)

    def session_input(self, start: Start, human_moves: Sequence[str]) -> list[str]:
        return list(human_moves)


# -- pascal-learner ------------------------------------------------------------------------


class PascalGame:
    """playthegame, one move at a time: the learner's own candidatemoves give
    the set it picks from at random, and every one of them is explored."""

    def __init__(self, learner: Any, human_first: bool):
        from ports.pascal_learner import board as pboard

        self.b = pboard
        self.learner = learner
        self.human_first = human_first
        self.board_ = pboard.Board(learner.grid)
        self.player = pboard.CROSS if human_first else pboard.CIRCLE  # the human is X, the learner O
        self._result: Optional[str] = None

    def result(self) -> Optional[str]:
        return self._result

    def human_to_move(self) -> bool:
        return self.player == self.b.CROSS

    def _place(self, square: int) -> None:
        self.board_.place(square, self.player)
        if self.board_.completes(square):
            self._result = HUMAN if self.player == self.b.CROSS else PROGRAM
        elif self.board_.full():
            self._result = DRAW
        self.player = self.b.opponent(self.player)

    def move_name(self, square: int) -> str:
        row, col = self.learner.grid.rowcol(square)
        return f"{row},{col}"

    def human_moves(self) -> list[str]:
        return [self.move_name(k) for k in self.board_.empties()]

    def play_human(self, move: str) -> None:
        row, col = (int(x) for x in move.split(","))
        self._place(self.learner.grid.square(row, col))

    def program_options(self) -> Sequence[Any]:
        return sorted(self.learner.candidatemoves(self.board_, self.b.CIRCLE).moves)

    def play_program(self, option: Any) -> str:
        self._place(option)
        return self.move_name(option)

    def board(self) -> str:
        first = self.b.CROSS if self.human_first else self.b.CIRCLE
        return "".join("." if v == self.b.EMPTY else ("X" if v == first else "O") for v in self.board_.squares)


class PascalSubject:
    program_id = "pascal-learner"
    claim = ("it \"starts by playing tic-tac-toe at random and whenever it loses a game it analyses and learns "
             "from it, improving its way of playing until it becomes unbeatable\"")

    def __init__(self, rows=None, cols=None, align=None, five=False, fixed=False, data=None, fresh=False, **_: Any):
        import click

        from ports.pascal_learner.options import make_grid, open_session
        from retro.console import LineConsole

        try:
            grid = make_grid(rows, cols, align, five)
        except ValueError as err:  # an impossible grid, as `retro run` reports it
            raise click.UsageError(str(err)) from None
        if (grid.boardrows, grid.boardcols, grid.winalign) != (3, 3, 3):
            raise click.ClickException("the exhaustive audit is for Tic-Tac-Toe (3x3, 3 in a row) only")
        messages = LineConsole.from_bytes(b"")
        session = open_session(messages, grid, fixed, data, None, save=False, fresh=fresh)
        if session is None:
            raise click.ClickException(messages.errors().strip())
        self.learner = session.learner
        self.data = session.filename if not fresh else "(no data: --fresh)"

    def claim_holds(self, lost: list) -> Optional[bool]:
        if not len(self.learner.schemes):
            return None  # an empty store plays at random: the claim is about a trained one
        return not lost

    def notes(self) -> list[str]:
        schemes = len(self.learner.schemes)
        return [f"data: {self.data}, {schemes} schemes; the learner's own verdict: {self.learner.verdict()}"]

    def starts(self) -> list[Start]:
        return [Start("Y (the human moves first)", True), Start("N (the learner moves first)", False)]

    def new_game(self, start: Start) -> PascalGame:
        return PascalGame(self.learner, start.human_first)

    def session_input(self, start: Start, human_moves: Sequence[str]) -> list[str]:
        return ["Y" if start.human_first else "N", *human_moves, "N"]


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
    "perl-midterm": PerlSubject,
    "pascal-learner": PascalSubject,
}

"""Exhaustive play against a learner: every line of the opponent, every
random choice of the learner's (the whole set ``candidatemoves`` gives).

Only for small grids (3x3 in the tests).  Not part of the original: the
check behind the text's claim that the learner ends "unbeatable" --
``losing_lines`` for training and the tests, ``PascalSubject`` for `retro
audit` and the tournament (retro.audit.explore's Game and Subject).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Optional, Sequence

import click

from retro.audit.explore import DRAW, HUMAN, PROGRAM, Game, Line, Start, Subject
from retro.outcome import Outcome
from retro.console import LineConsole

from .learning.learner import Learner
from .model import board as pboard
from .model.board import CIRCLE, CROSS, Board, Grid, opponent
from .play.variants import make_grid
from .store.session import open_session, shipped_store

Moves = Callable[[Board, int], frozenset[int]]


def losing_lines(grid: Grid, moves: Moves, side: int, limit: int = 10) -> list[list[int]]:
    """Up to ``limit`` games (as square lists) the learner, playing ``side``
    and choosing among ``moves(board, side)``, can lose."""
    found: list[list[int]] = []
    safe: dict[tuple[tuple[int, ...], int], bool] = {}

    def walk(board: Board, tomove: int, line: list[int]) -> bool:
        key = (tuple(board.squares), tomove)
        if key in safe:
            return safe[key]
        ok = True
        options = moves(board, tomove) if tomove == side else list(board.empties())
        for s in sorted(options):
            after = board.with_move(s, tomove)
            if after.completes(s):
                if tomove != side:
                    ok = False
                    if len(found) < limit:
                        found.append(line + [s])
                continue
            if after.full():
                continue
            if not walk(after, opponent(tomove), line + [s]):
                ok = False
                if len(found) >= limit:
                    break
        safe[key] = ok
        return ok

    walk(Board(grid), CROSS, [])
    return found


def beating_lines(learner: Learner, limit: int = 1000) -> int:
    """How many games (up to ``limit`` a side) a perfect opponent can win
    against ``learner`` (a learner.Learner), on either side; 0: unbeatable."""
    def moves(board: Board, side: int) -> frozenset[int]:
        return learner.candidatemoves(board, side).moves

    return sum(len(losing_lines(learner.grid, moves, side, limit=limit)) for side in (CROSS, CIRCLE))


# -- the audit's view (retro.audit.explore's Game and Subject) ---------------------------


class PascalGame(Game):
    """playthegame, one move at a time: the learner's own candidatemoves give
    the set it picks from at random, and every one of them is explored."""

    def __init__(self, learner: Learner, human_first: bool) -> None:
        self.b = pboard
        self.learner = learner
        self.human_first = human_first
        self.board_ = pboard.Board(learner.grid)
        self.player = pboard.CROSS if human_first else pboard.CIRCLE  # the human is X, the learner O
        self._result: Optional[Outcome] = None

    def result(self) -> Optional[Outcome]:
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


class PascalSubject(Subject):
    program_id = "pascal-learner"
    claim = ("it \"starts by playing tic-tac-toe at random and whenever it loses a game it analyses and learns "
             "from it, improving its way of playing until it becomes unbeatable\"")

    def __init__(self, rows: Optional[int] = None, cols: Optional[int] = None, align: Optional[int] = None,
                 five: bool = False, fixed: bool = False, data: Optional[str] = None, fresh: bool = False,
                 literal: bool = False, **_: Any) -> None:
        try:
            grid = make_grid(rows, cols, align, five)
        except ValueError as err:  # an impossible grid, as `retro run` reports it
            raise click.UsageError(str(err)) from None
        if (grid.boardrows, grid.boardcols, grid.winalign) != (3, 3, 3):
            raise click.ClickException("the exhaustive audit is for Tic-Tac-Toe (3x3, 3 in a row) only")
        shipped = data is None and not fresh
        if shipped:  # the claim is about a trained learner: the store retro ships, not the user's own
            data = _shipped_path(fixed, literal)
        elif data is not None and not fresh and not Path(data).exists():  # a FIFO is refused by load, in words
            raise click.ClickException(f"{data}: there is no schemes file of that name to audit")
        messages = LineConsole.from_bytes(b"")
        session = open_session(messages, grid, fixed, data, None, save=False, fresh=fresh, literal=literal)
        if session is None:
            raise click.ClickException(messages.errors().strip())
        self.learner = session.learner
        self.data = ("(no data: --fresh)" if fresh else
                     f"the trained store that ships with retro, {data}" if shipped else str(data))

    def claim_holds(self, lost: list[Line]) -> Optional[bool]:
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


def _shipped_path(fixed: bool, literal: bool) -> str:
    """The audit's default store, or a ClickException saying why there is none."""
    if literal:
        raise click.ClickException("no trained store ships for --literal: name one with --data, or use --fresh")
    path = shipped_store(fixed)
    if path is None:
        raise click.ClickException("this retro has no trained store to audit: name one with --data")
    return str(path)


def tournament() -> list[tuple[str, dict[str, Any]]]:
    """The entrant of the 3x3 round robin: the shipped trained store, if retro
    has it (else none: a user's own store is not what the table is about)."""
    path = shipped_store()
    return [("pascal-learner", {"data": str(path)})] if path else []

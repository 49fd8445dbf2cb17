"""Exhaustive play: every human line against a port, to the end of the game.

A port takes part through an adapter (``Subject``) that builds a game in the
port's own state and moves it with the port's own code: the program's move is
whatever the port computes, never a re-implementation.  Where the program
chooses at random, every choice it could make is explored like a human move.

A *complete game* is one distinct sequence of moves (human, and the program's
random choices) from the empty board to the end.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Protocol, Sequence

from ..outcome import Outcome
from . import perfect


PROGRAM, HUMAN, DRAW = Outcome.PROGRAM, Outcome.HUMAN, Outcome.DRAW


class Game(Protocol):
    """One game in progress, held in the port's own state.  A port's game
    subclasses this, so that mypy checks it against every method below; it
    speaks the audit's ``Outcome``, whatever words the program has."""

    def result(self) -> Optional[Outcome]:
        """PROGRAM, HUMAN or DRAW once the game is over, else None."""

    def human_to_move(self) -> bool: ...

    def human_moves(self) -> list[str]:
        """The legal human moves, in the program's own notation ("3,3", "B2", "4")."""

    def play_human(self, move: str) -> None:
        """Play the human's move and nothing else: the program's reply is
        ``play_program``'s, which the audit calls next (ARCHITECTURE.md)."""

    def program_options(self) -> Sequence[Any]:
        """What the program may play now: one element when it is deterministic."""

    def play_program(self, option: Any) -> str:
        """Play one of program_options(); return the move in the program's notation."""

    def board(self) -> str:
        """The 3x3 board for the referee: nine of "X" (first player), "O", "."; "" if not 3x3."""

    def move_name(self, square: int) -> str:
        """The referee's square 0-8 (row by row) in the program's notation (3x3 only)."""


@dataclass(frozen=True)
class Start:
    """One choice of who begins that the program offers."""

    label: str
    human_first: bool


class Subject(Protocol):
    """A port's side of the audit.  A port's subject subclasses this, and so
    takes the defaults below where its claim needs nothing else."""

    program_id: str
    claim: str  # in the author's words
    searched: bool = False  # True: too many games to play them all; a win search instead (qubic.py)

    def starts(self) -> list[Start]: ...

    def new_game(self, start: Start) -> Game: ...

    def session_input(self, start: Start, human_moves: Sequence[str]) -> list[str]:
        """The lines to type into `retro run` to play this line from the start."""

    def claim_holds(self, lost: list[Line]) -> Optional[bool]:
        """Whether the claim holds, given the games the program lost; None
        when the play cannot settle it.  By default no game may be lost."""
        return not lost

    def notes(self) -> list[str]:
        """What the report should say besides the counts."""
        return []


@dataclass
class Line:
    """One complete game: who started, the moves in order, how it ended."""

    human_first: bool
    moves: list[tuple[Outcome, Any, str]]  # (HUMAN or PROGRAM, the option played, the move as shown)
    result: Outcome

    @property
    def human_moves(self) -> list[str]:
        return [shown for who, _, shown in self.moves if who == HUMAN]

    @property
    def shown(self) -> list[str]:
        return [f"{who}:{shown}" for who, _, shown in self.moves]


@dataclass
class Report:
    program: str
    options: dict[str, Any]
    claim: str
    claim_holds: Optional[bool]  # None: not settled
    exhaustive: bool  # every game played (explore), or a win search (qubic)
    results: dict[Outcome, int]
    beating_lines: list[Line]
    seconds: float
    analysis: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    search: Optional[dict[str, Any]] = None  # a win search's counts and budget

    def as_json(self) -> dict[str, Any]:
        return {
            "program": self.program,
            "options": self.options,
            "claim": self.claim,
            "claim_holds": self.claim_holds,
            "exhaustive": self.exhaustive,
            "results": {"program_won": self.results[PROGRAM], "drawn": self.results[DRAW],
                        "program_lost": self.results[HUMAN]},
            "beating_lines": [{"human_first": l.human_first, "moves": l.human_moves} for l in self.beating_lines],
            "seconds": round(self.seconds, 3),
        }


def explore(subject: Subject, replay: bool = True,
            progress: Optional[Callable[[dict[Outcome, int]], None]] = None) -> tuple[dict[Outcome, int], list[Line]]:
    """Every complete game against the subject, for every start it offers.

    With ``replay`` (the default) each node is reached by playing its line from
    a new game, so nothing but the port's own code ever moves the board.
    ``progress`` is told the counts after each complete game.
    """
    counts = {PROGRAM: 0, DRAW: 0, HUMAN: 0}
    lost: list[Line] = []

    def rebuild(start: Start, moves: list[tuple[Outcome, Any, str]]) -> Game:
        game = subject.new_game(start)
        for who, option, _ in moves:
            if who == HUMAN:
                game.play_human(option)
            else:
                game.play_program(option)
        return game

    def walk(start: Start, game: Game, moves: list[tuple[Outcome, Any, str]]) -> None:
        outcome = game.result()
        if outcome is not None:
            counts[outcome] += 1
            if progress is not None:
                progress(counts)
            if outcome == HUMAN:
                lost.append(Line(start.human_first, list(moves), outcome))
            return
        branches: list[tuple[Outcome, Any]]
        if game.human_to_move():
            branches = [(HUMAN, move) for move in game.human_moves()]
        else:
            branches = [(PROGRAM, option) for option in game.program_options()]
        for index, (who, option) in enumerate(branches):
            child = rebuild(start, moves) if replay or index else game
            shown = option if who == HUMAN else child.play_program(option)
            if who == HUMAN:
                child.play_human(option)
            walk(start, child, moves + [(who, option, shown)])

    for start in subject.starts():
        walk(start, subject.new_game(start), [])
    return counts, lost


def shortest(lines: Iterable[Line], per_start: int = 3) -> list[Line]:
    """The shortest beating lines, a few for each start."""
    chosen: list[Line] = []
    for human_first in (True, False):
        mine = sorted((l for l in lines if l.human_first == human_first), key=lambda l: (len(l.moves), l.human_moves))
        chosen.extend(mine[:per_start])
    return chosen


def analyse(subject: Subject, line: Line) -> dict[str, Any]:
    """Where the game was lost, by the perfect-play referee.

    * the human's first move that was not forced: a move is forced when the
      program threatened to complete a line and the human could not win at once,
      so had to block;
    * the program's first mistake: its first move that lowers its value under
      perfect play (from a draw to a loss, say);
    * the human's first winning move: after it the human wins whatever the
      program does.
    """
    start = next(s for s in subject.starts() if s.human_first == line.human_first)
    game = subject.new_game(start)
    first_free = first_mistake = first_winning = None
    for number, (who, option, shown) in enumerate(line.moves, start=1):
        before = game.board()
        player = "X" if (who == HUMAN) == line.human_first else "O"
        if who == HUMAN:
            game.play_human(option)
            if before and first_free is None and not _forced(before, player):
                first_free = {"move_number": number, "move": shown}
            after = game.board()
            if after and first_winning is None and not perfect.is_over(after) \
                    and perfect.value(after, perfect.other(player)) == -1:
                first_winning = {"move_number": number, "move": shown}
        else:
            game.play_program(option)
            square = _changed(before, game.board())
            if first_mistake is None and before and square is not None and perfect.is_mistake(before, square, player):
                first_mistake = {"move_number": number, "move": shown,
                                 "better": [game.move_name(k) for k in perfect.best_moves(before, player)]}
    return {"human_first": line.human_first, "moves": line.human_moves,
            "first_unforced_human_move": first_free, "program_first_mistake": first_mistake,
            "first_winning_human_move": first_winning}


def _forced(board: str, player: str) -> bool:
    """The opponent threatens a line and the player has no win of their own."""
    def threatens(who: str) -> bool:
        return any(perfect.winner(perfect.play(board, k, who)) == who for k in perfect.free_squares(board))
    return threatens(perfect.other(player)) and not threatens(player)


def _changed(before: str, after: str) -> Optional[int]:
    for k, (a, b) in enumerate(zip(before, after)):
        if a != b:
            return k
    return None


"""`retro tournament`: the 3x3 programs against each other, round robin.

Each program plays through its audit adapter (its own move code); its
opponent's moves reach it as a "human" would type them.  A move crosses from
one program to the other as the square it took, found by comparing boards
(``Game.board``), and is typed into the other in that one's own notation
(``Game.move_name``).  The
perfect-play referee takes part as a player.  Programs that choose at random
get a seeded generator, so a tournament is repeatable.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Optional

from .. import catalog
from . import perfect
from .subjects import SUBJECTS


@dataclass(frozen=True)
class Entrant:
    name: str
    program_id: Optional[str]  # None for the referee
    options: dict[str, Any]


def declared_entrants() -> list[Entrant]:
    """The ports' own entrants (``Program.tournament``), in the catalog's
    order, then the perfect-play referee."""
    found = [Entrant(name, program.id, options)
             for program in catalog.programs().values() if program.tournament is not None
             for name, options in program.tournament()]
    return found + [Entrant("perfect play", None, {})]


ENTRANTS = declared_entrants()


class Player:
    """One side of a game: a port (through its adapter) or the referee."""

    def __init__(self, entrant: Entrant, first: bool, rng: random.Random):
        self.entrant, self.first, self.rng = entrant, first, rng
        self.mark = "X" if first else "O"
        self.board = perfect.EMPTY
        self.game = None
        if entrant.program_id is not None:
            subject = SUBJECTS[entrant.program_id](**entrant.options)
            start = next((s for s in subject.starts() if s.human_first != first), None)
            if start is None:
                raise CannotPlay(entrant.name, first)
            self.game = subject.new_game(start)

    def move(self) -> int:
        """This player's move, as a square 0-8 of the referee's board."""
        if self.game is None:
            return perfect.best_moves(self.board, self.mark)[0]
        already = _changed(self.board, self.game.board())
        if already >= 0:  # the program moved when its game started (the CP/M C program's init_game)
            return already
        if self.game.human_to_move():
            raise Adjourned(f"{self.entrant.name} is asked to move twice (its opponent passed)")
        options = self.game.program_options()
        before = self.game.board()
        self.game.play_program(options[self.rng.randrange(len(options))] if len(options) > 1 else options[0])
        return _changed(before, self.game.board())

    def opponent_moved(self, square: int) -> None:
        """Type the opponent's square into this program, in its own notation."""
        if self.game is None:
            return
        self.game.play_human(self.game.move_name(square))


class Adjourned(Exception):
    """A program passed (the CP/M C program's comp_move can find no square) and its opponent,
    another program, cannot move twice in a row."""


class CannotPlay(Exception):
    def __init__(self, name: str, first: bool):
        super().__init__(f"{name} cannot play {'first' if first else 'second'}")


def _changed(before: str, after: str) -> int:
    squares = [k for k in range(9) if before[k] != after[k] and before[k] == "."]
    return squares[0] if squares else -1


def play(first: Entrant, second: Entrant, seed: int = 1) -> str:
    """"first", "second" or "draw"."""
    rng = random.Random(seed)
    players = [Player(first, True, rng), Player(second, False, rng)]
    board = perfect.EMPTY
    turn = 0
    for _ in range(30):
        mover, other = players[turn], players[1 - turn]
        square = mover.move()
        if square >= 0:
            board = perfect.play(board, square, mover.mark)
            for p in players:
                p.board = board
            if perfect.winner(board) or "." not in board:
                break
            other.opponent_moved(square)
        turn = 1 - turn
    won = perfect.winner(board)
    return "draw" if won is None else ("first" if won == "X" else "second")


def tournament(entrants: Optional[list[Entrant]] = None, seed: int = 1) -> dict[str, dict[str, str]]:
    """table[first][second]: "W", "D", "L" for the first player, or "-" where one cannot play."""
    entrants = [e for e in (entrants or ENTRANTS) if e.program_id is None or e.program_id in SUBJECTS]
    table: dict[str, dict[str, str]] = {}
    for a in entrants:
        table[a.name] = {}
        for b in entrants:
            try:
                outcome = play(a, b, seed)
            except CannotPlay:
                table[a.name][b.name] = "-"
                continue
            except Adjourned:
                table[a.name][b.name] = "?"
                continue
            table[a.name][b.name] = {"first": "W", "second": "L", "draw": "D"}[outcome]
    return table


RESULTS = {"W": ("won", "lost"), "D": ("drawn", "drawn"), "L": ("lost", "won")}  # a cell, for (first, second)


def totals(table: dict[str, dict[str, str]]) -> dict[str, dict[str, int]]:
    """Each entrant's games won, drawn and lost, first and second together
    ('-' and '?' are games not played to an end: not counted).

    >>> totals({"a": {"a": "D", "b": "W"}, "b": {"a": "-", "b": "L"}})
    {'a': {'won': 1, 'drawn': 2, 'lost': 0}, 'b': {'won': 1, 'drawn': 0, 'lost': 2}}
    """
    counts = {name: {"won": 0, "drawn": 0, "lost": 0} for name in table}
    for first, row in table.items():
        for second, cell in row.items():
            if cell in RESULTS:
                first_result, second_result = RESULTS[cell]
                counts[first][first_result] += 1
                counts[second][second_result] += 1
    return counts


def one_sided(table: dict[str, dict[str, str]]) -> list[str]:
    """Sentences naming each entrant that never takes one side: its row (or
    column) is all '-': a program whose original always lets its user move
    first (as the Perl assignment asks: "Let the user make the first move")."""
    said = []
    for name, row in table.items():
        if set(row.values()) == {"-"}:
            said.append(f"{name} never moves first (its user always does), so its row is all '-'.")
        elif {row_[name] for row_ in table.values()} == {"-"}:
            said.append(f"{name} never moves second, so its column is all '-'.")
    return said


def render(table: dict[str, dict[str, str]], width: int = 80) -> str:
    """The table within ``width`` columns: each column is numbered as the row
    of the same player; each row ends with that player's totals."""
    from ..screen.wrap import wrap

    names = list(table)
    label = max(len(n) for n in names) + 5
    legend = " ".join([
        "Rows play first, columns second (numbered as the rows); W, D or L for the first player;",
        "'-' where a program cannot take that side; '?' where a program passed and its opponent",
        "could not move twice.", *one_sided(table),
        "At the right, each program's games won, drawn and lost, first and second together."])
    cells = 4 * len(names)
    lines = wrap(legend, width) + ["", " " * (label + cells) + " won drawn lost",
                                   " " * label + "".join(f"{k:>4}" for k in range(1, len(names) + 1))]
    scores = totals(table)
    for k, a in enumerate(names, start=1):
        total = scores[a]
        lines.append(f"{k:>2}  {a:<{label - 4}}" + "".join(f"{table[a][b]:>4}" for b in names)
                     + f"{total['won']:>4}{total['drawn']:>6}{total['lost']:>5}")
    return "\n".join(lines)

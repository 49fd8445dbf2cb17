"""A board in words, for a reader: whose mark each square holds, as a port
declares it (``Console.board_now``), and how the port's squares are named
(``Program.squares``: "row 2, column 3"; the Altair's "board 1, position 4")."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from .vocabulary import Words


class Side(Words):
    """Whose mark a square holds."""

    HUMAN = "human"
    PROGRAM = "program"


# A board as a port tells it: its lines (rows, or the Altair's boards), each a line of squares.
Marks = Sequence[Sequence[Optional[Side]]]

WHO = {Side.HUMAN: "You", Side.PROGRAM: "The computer"}
WHOSE = {Side.HUMAN: "you", Side.PROGRAM: "the computer", None: "empty"}


@dataclass(frozen=True)
class Squares:
    """How a port's squares are named: a ``line`` (a row) and a ``place`` in
    it (a column), each counted from 1 as the program's own prompt counts."""

    line: str = "row"
    place: str = "column"

    def name(self, line: int, place: int) -> str:
        """The square at ``line`` and ``place`` (from 0) in words.

        >>> Squares("board", "position").name(0, 3)
        'board 1, position 4'
        """
        return f"{self.line} {line + 1}, {self.place} {place + 1}"

    def moves(self, before: Marks, now: Marks) -> list[str]:
        """Each mark new on the board, said (the player's before the
        computer's: a turn's order); all of ``now``'s if a mark went (a new game).

        >>> Squares().moves([[None, None]], [[Side.PROGRAM, Side.HUMAN]])
        ['You played row 1, column 2.', 'The computer played row 1, column 1.']
        """
        if any(was is not None and is_now is None for old, new in zip(before, now) for was, is_now in zip(old, new)):
            before = [[None] * len(line) for line in now]  # a new game: every mark is its own
        new = [(mark, k, j) for k, (old, line) in enumerate(zip_longest_lines(before, now))
               for j, (was, mark) in enumerate(zip(old, line)) if mark is not None and mark != was]
        new.sort(key=lambda move: move[0] != Side.HUMAN)
        return [f"{WHO[mark]} played {self.name(k, j)}." for mark, k, j in new]

    def board(self, marks: Marks) -> list[str]:
        """The whole board in words, a line each.

        >>> Squares().board([[Side.HUMAN, None, Side.PROGRAM]])
        ['Row 1: you, empty, the computer.']
        >>> Squares("board", "position").board([[None, Side.HUMAN, None, None, None, Side.HUMAN]])
        ['Board 1: you at positions 2, 6; the rest empty.']
        """
        said = []
        for k, line in enumerate(marks):
            head = f"{self.line[0].upper()}{self.line[1:]} {k + 1}"
            if len(line) <= 4:
                said.append(f"{head}: {', '.join(WHOSE[mark] for mark in line)}.")
                continue
            held = [f"{WHOSE[side]} at {self.place}s {', '.join(str(j + 1) for j, m in enumerate(line) if m == side)}"
                    for side in Side if side in line]
            said.append(f"{head}: {'; '.join(held) or 'empty'}{'; the rest empty' if held else ''}.")
        return said

    def square(self, marks: Marks, line: int, place: int) -> str:
        """One square in words: its name and its mark ("row 2, column 3, empty")."""
        return f"{self.name(line, place)}, {WHOSE[marks[line][place]]}"


def zip_longest_lines(before: Marks, now: Marks) -> list[tuple[Sequence[Optional[Side]], Sequence[Optional[Side]]]]:
    """``now``'s lines beside ``before``'s (an empty line where ``before`` has none)."""
    return [(before[k] if k < len(before) and len(before[k]) == len(line) else [None] * len(line), line)
            for k, line in enumerate(now)]

"""The 21 patterns of the midterm specification, as data, in its order and drawing.

Seed ``002_ceb5a6c167f4c3b4.txt``, "Pattern #1 to check:" .. "Pattern #21"
(lines 66-242).  Each pattern is kept as the spec draws it, its three rows
without the ``---+---+---`` rules between them.  The spec's key (line 64):

* ``X``, ``O`` or a blank: that character must be in the square;
* ``*``: anything may be in the square;
* ``?``: the square (which must be blank) where the computer puts its ``O``.

Two drawings are corrected (NOTES.md, "The pattern drawings"):

* #15 is drawn one column to the right of the others (every row, rules
  included, starts with an extra blank); it is read with that shift undone.
* #18's middle row lacks its last square (`` * | O | ``): the blank square
  whose trailing blanks were lost, as in the spec's drawing of the three
  squares (line 55), not a ``*``.
"""
from __future__ import annotations

from typing import Tuple

# What a square of a pattern may hold (line 64 of the spec).
MOVE = "?"
ANY = "*"
BLANK = " "

# Group by group, as the spec introduces them.
WIN = range(1, 8)  # 1-7: "To see if the computer can win" (line 62)
BLOCK = range(8, 15)  # 8-14: "block the player from winning on the next move" (line 122)
BLOCK_IN_TWO = range(15, 22)  # 15-21: "... from winning in two moves" (line 185)

DRAWINGS: Tuple[Tuple[str, str, str], ...] = (
    # -- the computer can win ------------------------------------------------
    (" ? | O | O ",  # 1
     " * | * | * ",
     " * | * | * "),
    (" ? | * | * ",  # 2
     " O | * | * ",
     " O | * | * "),
    (" ? | * | * ",  # 3
     " * | O | * ",
     " * | * | O "),
    (" O | ? | O ",  # 4
     " * | * | * ",
     " * | * | * "),
    (" * | ? | * ",  # 5
     " * | O | * ",
     " * | O | * "),
    (" * | O | * ",  # 6
     " * | ? | * ",
     " * | O | * "),
    (" O | * | * ",  # 7
     " * | ? | * ",
     " * | * | O "),
    # -- block the player from winning on the next move -----------------------
    (" ? | X | X ",  # 8
     " * | * | * ",
     " * | * | * "),
    (" ? | * | * ",  # 9
     " X | * | * ",
     " X | * | * "),
    (" ? | * | * ",  # 10
     " * | X | * ",
     " * | * | X "),
    (" X | ? | X ",  # 11
     " * | * | * ",
     " * | * | * "),
    (" * | ? | * ",  # 12
     " * | X | * ",
     " * | X | * "),
    (" * | X | * ",  # 13
     " * | ? | * ",
     " * | X | * "),
    (" X | * | * ",  # 14
     " * | ? | * ",
     " * | * | X "),
    # -- block the player from winning in two moves ---------------------------
    ("   | ? | X ",  # 15: drawn one column to the right in the spec (line 189)
     "   | O |   ",
     " X |   |   "),
    (" ? | X |   ",  # 16
     " X | O | * ",
     "   | * | * "),
    (" ? |   | X ",  # 17
     " X | O | * ",
     "   | * | * "),
    (" * | * | X ",  # 18
     " * | O |   ",  # the spec's row ends " * | O | " (line 216): a blank lost
     "   | X | ? "),
    (" ? |   | X ",  # 19
     "   | O | * ",
     " X | * | * "),
    (" ? | * | * ",  # 20
     " * | X | * ",
     " * | * |   "),
    (" * | ? | * ",  # 21
     " * | X | * ",
     " * |   | * "),
)

Pattern = Tuple[str, ...]  # nine squares, left to right, top to bottom


def squares(drawing: Tuple[str, str, str]) -> Pattern:
    """The nine squares of a drawn pattern: the characters at columns 1, 5, 9."""
    cells: list[str] = []
    for row in drawing:
        if len(row) != 11 or row[3] != "|" or row[7] != "|":
            raise ValueError(f"not a pattern row: {row!r}")
        cells.extend((row[1], row[5], row[9]))
    return tuple(cells)


PATTERNS: Tuple[Pattern, ...] = tuple(squares(d) for d in DRAWINGS)

"""Lines 20-84: the 76 winning combinations W(0..3, 1..76).

Combinations 1-10 (board 1's rows, columns and diagonals) and 57-76 are
READ from the DATA lines; 11-40 are 1-10 moved to boards 2-4 (line 30-40);
41-56 are the 16 straight lines through the four boards (lines 50-60).
The DATA statements are read in line-number order, wherever they stand
(lines 83-84 come after line 80), as BASIC reads them.
"""
from __future__ import annotations

from typing import Iterator

# DATA lines 72, 74, 76, 78, 83, 84, in the order READ meets them.
DATA: dict[int, tuple[int, ...]] = {
    72: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 1, 5, 9, 13, 2, 6, 10, 14),
    74: (3, 7, 11, 15, 4, 8, 12, 16, 1, 6, 11, 16, 4, 7, 10, 13, 1, 22, 43, 64),
    76: (5, 22, 39, 56, 9, 26, 43, 60, 13, 26, 39, 52, 2, 22, 42, 62, 14, 26, 38, 50),
    78: (3, 23, 43, 63, 15, 27, 39, 51, 4, 23, 42, 61, 8, 23, 38, 53, 12, 27, 42, 57, 16, 27, 38, 49),
    83: (1, 21, 41, 61, 1, 18, 35, 52, 4, 19, 34, 49, 4, 24, 44, 64),
    84: (13, 25, 37, 49, 13, 30, 47, 64, 16, 31, 46, 61, 16, 28, 40, 52),
}


def data_stream() -> Iterator[int]:
    """What successive READs return."""
    for line in sorted(DATA):
        yield from DATA[line]


def build_w(line_30_a1_reading: str = "A*10") -> list[list[int]]:
    """DIM W(3,76) (line 10) filled by lines 20-70; ``W[k][c]`` is W(k,c).

    ``line_30_a1_reading`` is the value line 30 gives A1 (scanned as
    ``A1*10``): ``"A*10"`` (the correction) or ``"A1*10"`` (taken as an
    assignment A1=A1*10, for the record: it overruns the DIM, see NOTES).
    """
    W = [[0] * 77 for _ in range(4)]
    read = data_stream()
    for A in range(1, 11):  # line 20
        for A1 in range(4):
            W[A1][A] = next(read)
    A1 = 4  # the FOR A1 loop of line 20 left A1 at 4
    for A in range(1, 4):  # line 30: FOR A = 1 TO 3 : A1=A*10
        A1 = A * 10 if line_30_a1_reading == "A*10" else A1 * 10
        for A2 in range(1, 11):
            for A3 in range(4):  # line 40
                if A1 + A2 > 76:
                    raise IndexError(f"W(A3,{A1 + A2}) is past DIM W(3,76): ?BS ERROR IN 40")
                W[A3][A1 + A2] = W[A3][A2] + (16 * A)
    for A in range(41, 57):  # line 50
        for A1 in range(4):
            W[A1][A] = (A1 * 16) + A - 40  # line 60
    for A in range(57, 77):  # line 70
        for A1 in range(4):
            W[A1][A] = next(read)
    return W


def combination(W: list[list[int]], c: int) -> tuple[int, int, int, int]:
    """The four boxes of combination c, W(0,c)..W(3,c)."""
    return (W[0][c], W[1][c], W[2][c], W[3][c])

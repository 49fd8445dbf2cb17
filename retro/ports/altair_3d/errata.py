"""The scanned listing's errata: one table for the port's NOTES and the reference tool.

Each entry names a line of the seed's listing (Program A, or Programs B-F),
the damaged text exactly as the scan has it, the text the port reads, and
the evidence, graded by what actually supports the reading:

- "interpreter run": the listing typed into Microsoft's Altair 8K BASIC 4.0
  under an emulated 8080 (tools/basic_reference) decides it: the scanned
  text stops with an error there, or prints what no figure shows;
- "Fig. 5", "Fig. 3", "Table 1": the seed's figure or table, reproduced only
  by the corrected text (see NOTES.md, "The search over the readings");
- "prose": the article says what the line must do;
- "reading": nothing but the text itself (a syntax slip with one sense).

``tools/basic_reference/listing.py`` applies the table to the seed's listing
and types the result into the interpreter; ``tests/altair_3d/test_altair_errata.py``
checks that NOTES.md's errata table names the same corrections.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Erratum:
    program: str  # "A" (Program A, the version 3 listing) or "B".."F" (the changes)
    line: int
    scanned: str  # exactly as the seed has it (a substring of the line)
    corrected: str  # what the port reads
    evidence: tuple[str, ...]  # grades, strongest first
    scanned_on_the_interpreter: str  # what the scanned text does there (tools/basic_reference/errata_runs.py)


ERRATA: tuple[Erratum, ...] = (
    Erratum("A", 30, "A1*10", "A1=A*10", ("interpreter run", "Fig. 3"),
            "?SN ERROR IN 30 before the first prompt"),
    Erratum("A", 80, 'S$(A)=" "', 'S$(A)="  "', ("prose",),
            "runs; every board row is 64 characters, the blank squares one character wide"),
    Erratum("A", 90, '"INPUT "YOUR BOARD, POSTION":A1,A2', 'INPUT "YOUR BOARD, POSITION";A1,A2',
            ("interpreter run", "Fig. 1"), "?SN ERROR IN 90 after the first boards"),
    Erratum("A", 105, "OR > 1 A THEN", "OR 1 > A THEN", ("interpreter run", "prose"),
            "?SN ERROR IN 105 at the first move"),
    Erratum("A", 200, "M3=9", "M3=0", ("Fig. 5",),
            "runs; the first reply is I WANT BOARD 0 POSITION 16 (Fig. 5: 1,1 in version 3)"),
    Erratum("A", 280, "M2 + A6 A6", "M2 + A6^A6", ("Fig. 5", "Table 1", "prose"),
            "runs: BASIC ignores the blank and reads A6A6 as A6 (two significant characters), "
            "Program B's M2+A6; Fig. 5's third game departs at move 2 (1,16 for 1,7)"),
    Erratum("A", 290, "THE M2", "THEN M2", ("interpreter run",),
            "?SN ERROR IN 290 at the first reply that scores a combination of value 5 or more"),
    Erratum("A", 370, "INT(M5-1/16)", "INT((M5-1)/16)", ("Fig. 5",),
            "runs; Fig. 5's third game ends I WON WITH BOARD 18 POSITION-254 (Fig. 5: 2,2)"),
    Erratum("A", 392, "A1=INT((M4-1)/16)", "A1=INT((M4-1)/16)+1", ("Fig. 5",),
            "runs; the first reply is I WANT BOARD 0 POSITION 17 (Fig. 5: 1,1)"),
    Erratum("A", 1000, "FOR A + 0 TO 3", "FOR A = 0 TO 3", ("interpreter run", "Fig. 1"),
            "POSITIONS ARE, then ?SN ERROR IN 1000"),
    Erratum("A", 1100, "A+A1 : :", "A+A1; :", ("Fig. 1",),
            "runs; each position number ends its line (Fig. 1: a 4x4 grid)"),
    Erratum("A", 1110, "A1 = 0 TO 48", "FOR A1 = 0 TO 48", ("interpreter run",),
            "?SN ERROR IN 1110 in the first board printing"),
    Erratum("A", 1120, "S(A2+8)", "S$(A2+8)", ("prose", "interpreter run"),
            "runs; the third column of each board prints the box's value (0, 1, 5) as a number: "
            "rows of 84 characters, which the width of 80 breaks in two"),
    Erratum("A", 1120, "S(A2+12)", "S$(A2+12)", ("prose", "interpreter run"),
            "runs; the fourth column prints 0, 1, 5 as numbers: rows of 84 characters, broken in two"),
    Erratum("D", 81, "PRINT W(D,C)::", "PRINT W(D,C);:", ("reading",),
            "runs; each box of a combination on its own line"),
    Erratum("E", 82, "IF Q = 0 THEN", "IF Q <> 0 THEN", ("prose",),
            "runs; a 0 marks box 0 for the computer and asks again, any other number ends the "
            "list without marking its box (the prose: 'a 0 to stop')"),
    Erratum("F", 290, "IF A7+ A6/5", "IF A7 = A6/5", ("prose",),
            "runs; A7+A6/5 is never 0, so the dead combinations (6, 11, 16) score too"),
)

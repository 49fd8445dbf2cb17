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


ERRATA: tuple[Erratum, ...] = (
    Erratum("A", 30, "A1*10", "A1=A*10", ("interpreter run", "Fig. 3")),
    Erratum("A", 80, 'S$(A)=" "', 'S$(A)="  "', ("prose", "interpreter run")),
    Erratum("A", 90, '"INPUT "YOUR BOARD, POSTION":A1,A2', 'INPUT "YOUR BOARD, POSITION";A1,A2',
            ("interpreter run", "Fig. 1")),
    Erratum("A", 105, "OR > 1 A THEN", "OR 1 > A THEN", ("interpreter run", "prose")),
    Erratum("A", 200, "M3=9", "M3=0", ("Fig. 5",)),
    Erratum("A", 280, "M2 + A6 A6", "M2 + A6^A6", ("interpreter run", "Table 1", "Fig. 5", "prose")),
    Erratum("A", 290, "THE M2", "THEN M2", ("interpreter run", "reading")),
    Erratum("A", 370, "INT(M5-1/16)", "INT((M5-1)/16)", ("Fig. 5",)),
    Erratum("A", 392, "A1=INT((M4-1)/16)", "A1=INT((M4-1)/16)+1", ("Fig. 5",)),
    Erratum("A", 1000, "FOR A + 0 TO 3", "FOR A = 0 TO 3", ("interpreter run", "Fig. 1")),
    Erratum("A", 1100, "A+A1 : :", "A+A1; :", ("Fig. 1", "reading")),
    Erratum("A", 1110, "A1 = 0 TO 48", "FOR A1 = 0 TO 48", ("interpreter run", "Fig. 1")),
    Erratum("A", 1120, "S(A2+8)", "S$(A2+8)", ("interpreter run", "prose")),
    Erratum("A", 1120, "S(A2+12)", "S$(A2+12)", ("interpreter run", "prose")),
    Erratum("D", 81, "PRINT W(D,C)::", "PRINT W(D,C);:", ("reading",)),
    Erratum("E", 82, "IF Q = 0 THEN", "IF Q <> 0 THEN", ("prose",)),
    Erratum("F", 290, "IF A7+ A6/5", "IF A7 = A6/5", ("prose",)),
)

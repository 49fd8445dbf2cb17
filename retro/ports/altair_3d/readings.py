"""How the damaged lines of the scanned listing are read.

The scan of Program A carries OCR damage.  Each field below is one damaged
line (or one contradiction between the listing and the article) with the
readings that are plausible; the defaults, ``CHOSEN``, are the port's.
``referee.py`` replays the article's figures under every combination and
NOTES.md records which readings reproduce them.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Readings:
    # line 200, scanned "M3=9": the score a box must beat.
    line_200_m3: int = 0
    # line 280 (Programs A and C), scanned "M2 = M2 + A6 A6": the points for
    # a combination of value 1 or 2.  "A6^A6" is the note under Program B
    # (M2+A6↑A6); "A6*A6" gives the same points; "A6" is Program B's line.
    line_280_points: str = "A6^A6"
    # line 370, scanned "A1= INT(M5-1/16)+1": with or without the brackets.
    line_370_brackets: bool = True
    # line 392, scanned "A1=INT((M4-1)/16)": with or without line 370's "+1".
    line_392_plus_one: bool = True
    # line 220 of Program B: the listing's "60 TO 76 STEP 2", or the prose's
    # "Only winning combinations 60, 62, 64, 66, 68, 70, 72 are checked".
    line_220_v2: tuple[int, ...] = tuple(range(60, 77, 2))
    # line 320 is not damaged; ">=" is tried only to show that the figures
    # tell the first best box from the last.
    line_320_ge: bool = False
    # Fig. 3 numbers the combinations 13-29-45-61 and 14-30-46-62 as 54 and
    # 53; lines 50-60 compute them as 53 and 54.
    combos_53_54: str = "listing"
    # line 80, scanned S$(A)=" ": the blank square, one blank or two.
    line_80_blank: str = "  "
    # line 1120, scanned "S(A2+8)": the third column of each board as S$ or S.
    line_1120_third: str = "S$"


CHOSEN = Readings()

POINTS = {
    "A6^A6": lambda a6: a6**a6,
    "A6*A6": lambda a6: a6 * a6,
    "A6": lambda a6: a6,
    "A6+A6": lambda a6: a6 + a6,
}

PROSE_V2_COMBINATIONS = (60, 62, 64, 66, 68, 70, 72)

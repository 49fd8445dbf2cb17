"""The article's figures as referee for the damaged lines.

``FIG5`` (the sample games), ``FIG3`` (the 76 combinations), ``TABLE1``
(the points per combination value) and ``FIG1`` (the reply to 1,4) are
transcribed from the seed.  ``search()`` tries every combination of the
plausible readings of the damaged lines (``readings.Readings``) against
them; NOTES.md records the outcome (``python -m retro.ports.altair_3d.referee``
prints it).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import Any, Iterable, Optional

from .combinations import build_w
from .game import Game, ReplyKind
from .readings import CHOSEN, POINTS, PROSE_V2_COMBINATIONS, Readings

Move = tuple[float, float]  # (board, position) as typed and printed


@dataclass(frozen=True)
class SampleGame:
    version: int
    player: tuple[Move, ...]
    computer: tuple[Move, ...]
    ending: str  # "Computer Wins" or "Player Wins"


# Fig. 5. Sample games (seed lines "Version 2 Game ... Computer Wins").
FIG5 = (
    SampleGame(2, ((1, 4), (1, 13), (1, 11), (1, 3), (1, 7)),
               ((2, 8), (2, 10), (1, 14), (3, 6), (4, 2)), "Computer Wins"),
    SampleGame(2, ((1, 4), (1, 13), (1, 11), (1, 3), (4, 2), (1, 7), (1, 15)),
               ((2, 8), (2, 10), (1, 14), (3, 6), (1, 8), (1, 10)), "Player Wins"),
    SampleGame(3, ((1, 4), (1, 13), (2, 4), (2, 13), (2, 11), (2, 3), (3, 4), (3, 13), (3, 1), (3, 14)),
               ((1, 1), (1, 7), (4, 4), (4, 13), (1, 16), (2, 7), (4, 1), (2, 1), (3, 3), (2, 2)), "Computer Wins"),
)

# Fig. 1: "YOUR BOARD, POSITION? 1,4 / I WANT BOARD 1 POSITION 2".
FIG1 = ((1, 4), (1, 2))

# Table 1: value of a winning combination -> points to each of its boxes
# (3: "no points, moves to block"; all others 0).
TABLE1 = {1: 1, 2: 4, 5: 1, 10: 2}

# Fig. 3. Computer's board and winning moves (as printed: 53 and 54 are
# 14-30-46-62 and 13-29-45-61).
FIG3 = {
    1: (1, 2, 3, 4), 2: (5, 6, 7, 8), 3: (9, 10, 11, 12), 4: (13, 14, 15, 16),
    5: (1, 5, 9, 13), 6: (2, 6, 10, 14), 7: (3, 7, 11, 15), 8: (4, 8, 12, 16),
    9: (1, 6, 11, 16), 10: (4, 7, 10, 13), 11: (17, 18, 19, 20), 12: (21, 22, 23, 24),
    13: (25, 26, 27, 28), 14: (29, 30, 31, 32), 15: (17, 21, 25, 29), 16: (18, 22, 26, 30),
    17: (19, 23, 27, 31), 18: (20, 24, 28, 32), 19: (17, 22, 27, 32), 20: (20, 23, 26, 29),
    21: (33, 34, 35, 36), 22: (37, 38, 39, 40), 23: (41, 42, 43, 44), 24: (45, 46, 47, 48),
    25: (33, 37, 41, 45), 26: (34, 38, 42, 46), 27: (35, 39, 43, 47), 28: (36, 40, 44, 48),
    29: (33, 38, 43, 48), 30: (36, 39, 42, 45), 31: (49, 50, 51, 52), 32: (53, 54, 55, 56),
    33: (57, 58, 59, 60), 34: (61, 62, 63, 64), 35: (49, 53, 57, 61), 36: (50, 54, 58, 62),
    37: (51, 55, 59, 63), 38: (52, 56, 60, 64), 39: (49, 54, 59, 64), 40: (52, 55, 58, 61),
    41: (1, 17, 33, 49), 42: (2, 18, 34, 50), 43: (3, 19, 35, 51), 44: (4, 20, 36, 52),
    45: (5, 21, 37, 53), 46: (6, 22, 38, 54), 47: (7, 23, 39, 55), 48: (8, 24, 40, 56),
    49: (9, 25, 41, 57), 50: (10, 26, 42, 58), 51: (11, 27, 43, 59), 52: (12, 28, 44, 60),
    53: (14, 30, 46, 62), 54: (13, 29, 45, 61), 55: (15, 31, 47, 63), 56: (16, 32, 48, 64),
    57: (1, 22, 43, 64), 58: (5, 22, 39, 56), 59: (9, 26, 43, 60), 60: (13, 26, 39, 52),
    61: (2, 22, 42, 62), 62: (14, 26, 38, 50), 63: (3, 23, 43, 63), 64: (15, 27, 39, 51),
    65: (4, 23, 42, 61), 66: (8, 23, 38, 53), 67: (12, 27, 42, 57), 68: (16, 27, 38, 49),
    69: (1, 21, 41, 61), 70: (1, 18, 35, 52), 71: (4, 19, 34, 49), 72: (4, 24, 44, 64),
    73: (13, 25, 37, 49), 74: (13, 30, 47, 64), 75: (16, 31, 46, 61), 76: (16, 28, 40, 52),
}


def fig3_differences(W: Optional[list[list[int]]] = None) -> list[int]:
    """The combinations whose boxes differ from Fig. 3 (as sets)."""
    W = build_w() if W is None else W
    return [c for c in range(1, 77) if set(W[k][c] for k in range(4)) != set(FIG3[c])]


@dataclass(frozen=True)
class Replay:
    computer: tuple[Move, ...]
    ending: str

    def matches(self, game: SampleGame) -> bool:
        return self.computer == game.computer and self.ending == game.ending


def replay(sample: SampleGame, readings: Readings = CHOSEN, version: Optional[int] = None) -> Replay:
    """The player's moves of a sample game fed to the port; what it answers.

    A player's move onto a box the program took (or off the board) ends
    the replay as ``"diverged"``.
    """
    game = Game(sample.version if version is None else version, readings=readings)
    game.line_80_new_board()
    answers: list[Move] = []
    for board, position in sample.player:
        game.A1, game.A2 = board, position
        game.line_100_box()
        if game.line_105_illegal() or game.line_110_taken():
            return Replay(tuple(answers), "diverged")
        game.line_120_take()
        reply = game.computer_reply()
        if reply.kind is ReplyKind.PLAYER_WON:
            return Replay(tuple(answers), "Player Wins")
        answers.append((_number(reply.board), _number(reply.position)))
        if reply.kind is ReplyKind.COMPUTER_WON:
            return Replay(tuple(answers), "Computer Wins")
    return Replay(tuple(answers), "unfinished")


def _number(x: float) -> float:
    return int(x) if x == int(x) else x


def table1_points(readings: Readings = CHOSEN, ultimate: bool = False) -> dict[int, object]:
    """What lines 230-290 of version 3 give a box for a combination of each
    value that can reach them in play ("block" for line 260).

    4 (four UU) goes to line 410 and 15 (three CC) to line 365 first; 20
    (four CC) never forms, since the computer wins at 15 -- only Program E's
    input can make one.
    """
    reachable = sorted({a + b + c + d for a in (0, 1, 5) for b in (0, 1, 5) for c in (0, 1, 5) for d in (0, 1, 5)}
                       - {4, 15, 20})
    points: dict[int, object] = {}
    for a6 in reachable:
        if a6 == 3:
            points[a6] = "block"
        elif a6 == 0:
            points[a6] = 0
        elif 5 > a6:
            points[a6] = POINTS[readings.line_280_points](a6)
        else:
            a7 = a6 // 5
            points[a6] = (a7 - 1 if ultimate else a7) if a7 == a6 / 5 else 0
    return points


def table1_holds(readings: Readings = CHOSEN) -> bool:
    expected: dict[int, object] = {v: TABLE1.get(v, 0) for v in table1_points(readings)}
    expected[3] = "block"
    return table1_points(readings) == expected


# -- the search -----------------------------------------------------------------------

# Each reading's plausible values, of that field's own type in ``Readings``.
ALTERNATIVES: dict[str, tuple[Any, ...]] = {
    "line_200_m3": (0, 9),
    "line_280_points": ("A6^A6", "A6*A6", "A6", "A6+A6"),
    "line_370_brackets": (True, False),
    "line_392_plus_one": (True, False),
    "line_220_v2": (CHOSEN.line_220_v2, PROSE_V2_COMBINATIONS),
    "line_320_ge": (False, True),
    "combos_53_54": ("listing", "fig3"),
}


@dataclass(frozen=True)
class Verdict:
    readings: Readings
    fig5: tuple[bool, bool, bool]  # each sample game reproduced
    table1: bool
    fig1: tuple[Move, Move, Move]  # versions 1, 2, 3 answering 1,4

    @property
    def all_hold(self) -> bool:
        return all(self.fig5) and self.table1


def judge(readings: Readings) -> Verdict:
    def reproduced(sample: SampleGame) -> bool:
        return replay(sample, readings).matches(sample)

    def answer(version: int) -> Move:  # to Fig. 1's move
        return replay(SampleGame(version, (FIG1[0],), (), ""), readings).computer[0]

    first, second, third = FIG5
    fig5 = (reproduced(first), reproduced(second), reproduced(third))
    fig1 = (answer(1), answer(2), answer(3))
    return Verdict(readings, fig5, table1_holds(readings), fig1)


def search(alternatives: dict[str, tuple[Any, ...]] = ALTERNATIVES) -> list[Verdict]:
    """Every combination of the alternatives, judged."""
    names = list(alternatives)
    verdicts = []
    for values in itertools.product(*(alternatives[n] for n in names)):
        verdicts.append(judge(replace(CHOSEN, **dict(zip(names, values)))))
    return verdicts


def summary(verdicts: Iterable[Verdict]) -> str:
    verdicts = list(verdicts)
    good = [v for v in verdicts if v.all_hold]
    lines = [f"{len(verdicts)} combinations of readings; {len(good)} reproduce Fig. 5 (all three games) and Table 1."]
    for name, options in ALTERNATIVES.items():
        kept = sorted({repr(getattr(v.readings, name)) for v in good})
        lines.append(f"  {name}: of {[repr(o) for o in options]} the figures allow {kept}")
    for i, sample in enumerate(FIG5):
        n = sum(v.fig5[i] for v in verdicts)
        lines.append(f"  Fig. 5 game {i + 1} (version {sample.version}) reproduced by {n} of {len(verdicts)}")
    fig1_hits = [v for v in verdicts if FIG1[1] in v.fig1]
    lines.append(f"  Fig. 1's reply {FIG1[1]} to {FIG1[0]}: given by {len(fig1_hits)} combinations, in any version")
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    print(summary(search()))

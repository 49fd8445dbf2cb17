"""3-D Tic-Tac-Toe -- the program of the article "3-D Tic-Tac-Toe, a winner
with the whole family!", Altair 3.2 BASIC (8K), MITS Altair 8800 with an
80x24 video terminal, c. 1977.  Seed: ``003_7ae37df1db29eaeb.txt``
(Program A = version 3; Program B's lines = version 2; Program C's =
version 1; Programs D, E and F as options).

A close port of the listing.  ``Game`` holds the program's variables -- all
of them, since BASIC has no locals, each keeping its value from one move to
the next unless a line sets it -- and has one method per group of lines,
named after the first line it ports.  The board is ``S(1..64)`` holding 0
(empty), 1 (the player, UU) and 5 (the computer, CC), with ``S$`` the two
characters shown for each box; ``W(0..3,1..76)`` the 76 winning
combinations, ``V(1..76)`` their values (the sum of their four boxes).
Line numbers in comments point at the listing.  The damaged lines are read
as ``readings.CHOSEN`` says (see NOTES.md).

The computer's move (lines 190-392) is pure: ``Game.computer_reply()``
returns what the program does and changes the variables as the program
does, without any I/O, for the tests and the audit.  ``BasicProgram`` adds
the lines that print and read, through the Altair BASIC dialect.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Callable, Iterable, Optional

from retro.console import Console
from retro.outcome import Outcome
from retro.squares import Side
from retro.dialects.basic import AltairBasic, ControlStack, NoStack, basic_for, int_, single, subscript, tab

from . import AltairOptions
from .combinations import build_w
from .readings import CHOSEN, POINTS, Readings
from .timing import period_pace

BLANK, UU, CC = 0, 1, 5  # the values of a box (line 120, 390)


class ReplyKind(str, Enum):
    """What the program's answer to a move is."""

    PLAYER_WON = "player_won"  # line 196 -> 410: a combination holds four UU
    COMPUTER_WON = "computer_won"  # line 199 -> 365: the computer completes a combination
    MOVE = "move"  # line 390


@dataclass(frozen=True)
class Reply:
    """What the program does after the player's move.

    ``kind``: a ReplyKind.  ``box`` is the computer's box (0
    when the player won), ``combination`` the winning combination (0 for a
    move), ``board`` and ``position`` the numbers the program prints (A1 and
    A2), ``work`` the comparisons of line 225 the move took (for the pace).
    """

    kind: ReplyKind
    box: int
    combination: int
    board: float
    position: float
    work: int


@dataclass(frozen=True)
class Tables:
    """What never changes for a version: W, the loops of lines 190, 205 and
    220, and for each box the combinations of line 220 that hold it.

    Lines 220-228 look at every combination and keep the ones whose
    W(0..3) holds the box; ``members[A]`` lists those, in line 220's order,
    as (combination, the A2 at which line 225 finds the box, the comparisons
    line 225 has made by then), so that line 205's loop gives the listing's
    results, and leaves its variables as the listing does, without the 76x4
    search for each box.  ``full_work[A]`` is the comparisons of the whole
    loop, ``last_a2[A]`` the A2 it leaves.
    """

    W: tuple[tuple[int, ...], ...]
    last_combination: int
    boxes: range
    loop220: tuple[int, ...]
    end220: int
    members: tuple[tuple[tuple[int, int, int], ...], ...]
    full_work: tuple[int, ...]
    last_a2: tuple[int, ...]


@lru_cache(maxsize=None)
def line_220_tables(version: int, readings: Readings = CHOSEN) -> Tables:
    W = build_w()
    if readings.combos_53_54 == "fig3":
        for row in W:
            row[53], row[54] = row[54], row[53]
    if version == 1:  # Program C
        last_combination = 10  # line 190: FOR A = 1 TO 10
        boxes = range(1, 17)  # line 205: FOR A = 1 TO 16
        loop220: tuple[int, ...] = tuple(range(1, 11))  # line 220: FOR A1 = 1 TO 10
        end220 = 11
    elif version == 2:  # Program B
        last_combination = 76
        boxes = range(1, 65)
        loop220 = readings.line_220_v2  # line 220: FOR A1 = 60 TO 76 STEP 2
        end220 = loop220[-1] + 2
    else:  # Program A
        last_combination = 76  # line 190: FOR A = 1 TO 76
        boxes = range(1, 65)  # line 205: FOR A = 1 TO 64
        loop220 = tuple(range(1, 77))  # line 220: FOR A1 = 1 TO 76
        end220 = 77
    members: list[tuple[tuple[int, int, int], ...]] = [()]
    full_work, last_a2 = [0], [4]
    for A in range(1, 65):
        compares, found = 0, []
        for A1 in loop220:
            where = [k for k in range(4) if W[k][A1] == A]
            if where:
                compares += where[0] + 1
                found.append((A1, where[0], compares))
            else:
                compares += 4
        members.append(tuple(found))
        full_work.append(compares)
        last = [k for k in range(4) if W[k][loop220[-1]] == A]
        last_a2.append(last[0] if last else 4)
    return Tables(tuple(tuple(row) for row in W), last_combination, boxes, loop220, end220,
                  tuple(members), tuple(full_work), tuple(last_a2))


class Game:
    """Program A's variables and its line groups, for version 1, 2 or 3."""

    def __init__(self, version: int = 3, ultimate: bool = False, readings: Readings = CHOSEN,
                 fix_for_stack: bool = False):
        if version not in (1, 2, 3):
            raise ValueError(f"version {version!r}: the article has versions 1, 2 and 3")
        self.version = version
        self.ultimate = ultimate  # Program F's line 290
        self.readings = readings
        # line 10: DIM S(64), W(3,76), S$(64), V(76); every variable starts at 0.
        self.S = [0] * 65
        self.S_ = [""] * 65  # S$
        self.V = [0] * 77
        self.A: float = 0
        self.A1: float = 0
        self.A2: float = 0
        self.A3 = self.A4 = self.A5 = self.A6 = self.A7 = self.A9 = 0
        self.M2 = self.M3 = self.M4 = self.M5 = 0
        self.Q: float = 0
        self.Y1 = 0
        self.work = 0
        # BASIC's FOR/GOSUB stack, which lives from game to game: a loop left
        # by GOTO stays on it (see NOTES, "A second game").  ``fix_for_stack``:
        # the modern fix, loops left by GOTO forgotten.
        self.stack: ControlStack = NoStack() if fix_for_stack else ControlStack()
        # What lines 20-70 leave in A, A1, A2, A3 (line 70's loops run last).
        self.A, self.A1, self.A2, self.A3 = 77, 4, 11, 4
        self._tables()

    # -- the versions' loops ----------------------------------------------------
    def _tables(self) -> None:
        """The version's loops (lines 190, 205, 220) and the combination tables."""
        t = line_220_tables(self.version, self.readings)
        self.W = t.W
        self.last_combination, self.boxes, self.loop220, self.end220 = t.last_combination, t.boxes, t.loop220, t.end220
        self.members, self.full_work, self.last_a2 = t.members, t.full_work, t.last_a2
        self.points_280: Callable[[int], int]
        self.points_290: Callable[[int], int]
        if self.ultimate:  # Program F: 290 ... IF A7=A6/5 THEN M2=M2+A7-1
            self.points_290 = lambda a7: a7 - 1
        else:  # 290 A7= INT(A6/5) : IF A7 = A6/5 THEN M2=M2+A7
            self.points_290 = lambda a7: a7
        if self.version == 2:  # Program B: 280 IF 5 > A6 THEN M2=M2+A6 : GOTO 300
            self.points_280 = POINTS["A6"]
        else:  # Program A: 280 IF 5 > A6 THEN M2 = M2 + A6↑A6 : GOTO 300
            self.points_280 = POINTS[self.readings.line_280_points]

    # -- lines 80-120: a new game and the player's move (no I/O here) ---------------
    def line_80_new_board(self) -> None:
        """80 FOR A = 1 TO 64: S$(A)="  " : S(A)=0 : NEXT A"""
        self.stack.for_("A")
        for A in range(1, 65):
            self.S_[A] = self.readings.line_80_blank
            self.S[A] = BLANK
        self.stack.next_("A", done=True)
        self.A = 65

    def marks(self) -> list[list[Optional[Side]]]:
        """The boards as a reader is told them (retro.squares): board by board,
        its positions 1-16 (box (board-1)*16 + position, line 100); UU the player's, CC the computer's."""
        side = {"UU": Side.HUMAN, "CC": Side.PROGRAM}
        return [[side.get(self.S_[board * 16 + position]) for position in range(1, 17)] for board in range(4)]

    def place(self, player: Iterable[int] = (), computer: Iterable[int] = ()) -> None:
        """Boxes taken as line 120 (UU) and line 390 (CC) take them."""
        for box in player:
            self.S[box], self.S_[box] = UU, "UU"
        for box in computer:
            self.S[box], self.S_[box] = CC, "CC"

    def line_100_box(self) -> float:
        """100 A=((A1-1)*16)+A2, in single precision."""
        self.A = single(single(single(self.A1 - 1) * 16) + self.A2)
        return self.A

    def line_105_illegal(self) -> bool:
        """105 IF A > 64 OR 1 > A THEN PRINT"ILLEGAL MOVE" : GOTO 90

        Only the box number is checked: ``2,0`` is box 16 and ``1,17`` is
        box 17 (board 2, position 1), both accepted -- the program's own
        flaw, kept.
        """
        return self.A > 64 or 1 > self.A

    def line_110_taken(self) -> bool:
        """110 IF S(A) <> 0 THEN PRINT"YOU CAN'T MOVE THERE" : GOTO 90"""
        return self.S[subscript(self.A, 64)] != BLANK

    def line_120_take(self) -> None:
        """120 S(A)=1 : S$(A)="UU\""""
        box = subscript(self.A, 64)
        self.S[box], self.S_[box] = UU, "UU"

    # -- lines 190-199: evaluate the combinations ------------------------------------
    def line_190_evaluate(self) -> int:
        """190-199: V(A) for each combination; the line to go to next.

        196 IF V(A)=4 THEN 410 (the player has four in a row: the loop is
        left there, the later V keep last move's values); 198 keeps in M5 the
        *last* combination of value 15 (three CC and a blank); Program B's
        197 keeps in Q the last one of value 3 (three UU and a blank).
        """
        S, W, V = self.S, self.W, self.V
        self.M5 = 0  # 190 M5=0 : [Q=0 :] FOR A = 1 TO 76
        if self.version == 2:
            self.Q = 0
        last = self.last_combination
        self.stack.for_("A")
        for A in range(1, last + 1):
            # 192 A2= W(0,A) : A3=W(1,A) : A4= W(2,A) : A5=W(3,A)
            # 194 V(A)=S(A2)+S(A3)+S(A4)+S(A5)
            V[A] = S[W[0][A]] + S[W[1][A]] + S[W[2][A]] + S[W[3][A]]
            if V[A] == 4:  # 196: the loop is left, its entry stays on the stack
                self._line_192_left(A)
                self.A = A
                self.work += A - 1
                return 410
            if V[A] == 15:  # 198
                self.M5 = A
            if self.version == 2 and V[A] == 3:  # 197 (Program B)
                self.Q = A
        self.stack.next_("A", done=True)  # 199 NEXT A
        self._line_192_left(last)
        self.A = last + 1
        self.work += last
        if self.M5 != 0:  # 199 NEXT A : IF M5 <> 0 THEN 365
            return 365
        return 200

    def _line_192_left(self, A: int) -> None:
        """What line 192 leaves in A2..A5: the boxes of combination A."""
        W = self.W
        self.A2, self.A3, self.A4, self.A5 = W[0][A], W[1][A], W[2][A], W[3][A]

    # -- lines 200-354: select the computer's move -------------------------------------
    def line_200_select(self) -> int:
        """200-354: the computer's box in M4; the line to go to next (390, or
        365 where Program B's 354 falls through)."""
        self.M3 = self.readings.line_200_m3  # 200 M3=0 (scanned M3=9)
        past_204 = self.version == 2 and self.Q == 0  # 201 IF Q=0 THEN 205: Y1 is not reset
        if self.version == 2 and self.Q != 0:  # 201 IF Q=0 THEN 205
            self.stack.for_("A9")
            for A9 in range(4):  # 202 FOR A9=0 TO 3 : A6=W(A9,Q)
                self.A9 = A9
                self.A6 = self.W[A9][int(self.Q)]
                if self.S[self.A6] == BLANK:  # ... IF S(A6)=0 THEN M4=A6 : GOTO 390
                    self.M4 = self.A6
                    return 390
            self.stack.next_("A9", done=True)
            self.A9 = 4  # 203 NEXT A9
        goto = self.line_204_score_boxes(past_204)
        if goto == 390:
            return 390
        if self.version != 2:  # 350 NEXT A : GOTO 390
            return 390
        if self.M3 != 0:  # 350 NEXT A : IF M3 <> 0 THEN 390 (Program B)
            return 390
        self.stack.for_("A")
        for A in range(1, 65):  # 352 FOR A = 1 TO 64 : IF S(A)=0 THEN M4=A : GOTO 390
            self.A = A
            if self.S[A] == BLANK:
                self.M4 = A
                return 390
        self.stack.next_("A", done=True)
        self.A = 65  # 354 NEXT A -- and on into line 365
        return 365

    def line_204_score_boxes(self, past_204: bool = False) -> Optional[int]:
        """204-350: each empty box scores the points of Table 1 for every
        combination of line 220 that holds it; the first best box is M4.

        A combination of value 3 (three UU) is blocked at once (line 260):
        the first empty box, in box order, that lies in one.  ``past_204``:
        entered at line 205 (version 2's line 201), so Y1 keeps its count.
        """
        S, V = self.S, self.V
        points_280, points_290 = self.points_280, self.points_290
        ge = self.readings.line_320_ge
        M3, M4 = self.M3, self.M4
        Y1 = self.Y1 if past_204 else 0  # 204 Y1=0
        work, A6, A7 = self.work, self.A6, self.A7
        M2 = 0
        A = 0
        stack = self.stack
        stack.for_("A")
        last_box = self.boxes[-1]
        for A in self.boxes:  # 205 FOR A = 1 TO 64 : M2=0
            M2 = 0
            if S[A] != BLANK:  # 210 IF S(A) <> 0 THEN 350
                stack.next_("A", done=A == last_box, line=350)
                continue
            Y1 += 1  # 215 Y1 = Y1+1
            entries = self.members[A]
            # 220 FOR A1 = 1 TO 76 / 225-228: the combinations holding box A.
            # FOR A1 throws away an A1 entry still on the stack and all above
            # it -- after line 365's GOTO 368, line 205's A too.
            stack.for_("A1")
            for A1, where, compares in entries:
                A6 = V[A1]  # 230 A6= V(A1)
                if A6 == 3:  # 260 IF A6=3 THEN M4=A : GOTO 390
                    stack.for_("A2")  # line 225 left its FOR A2 by THEN 230
                    self.A, self.A1, self.A2, self.A6, self.A7 = A, A1, where, A6, A7
                    self.M2, self.M3, self.M4, self.Y1 = M2, M3, A, Y1
                    self.work = work + compares
                    return 390
                if A6 == 0:  # 270 IF A6 = 0 THEN 300
                    continue
                if 5 > A6:  # 280 IF 5 > A6 THEN M2 = M2 + A6↑A6 : GOTO 300
                    M2 += points_280(A6)
                    continue
                A7 = int_(A6 / 5)  # 290 A7= INT(A6/5) : IF A7 = A6/5 THEN M2=M2+A7
                if A7 == A6 / 5:
                    M2 += points_290(A7)
            # 300 NEXT A1: line 220's loop leaves A1 past its end and A2 as
            # line 225 left it for the last combination.
            stack.next_("A1", done=True)
            work += self.full_work[A]
            self.A1, self.A2 = self.end220, self.last_a2[A]
            if M2 > M3 or (ge and M2 >= M3):  # 320 IF M2 > M3 THEN M3=M2 : M4=A
                M3, M4 = M2, A
            stack.next_("A", done=A == last_box, line=350)  # 350 NEXT A
        self.A = A + 1  # 350 NEXT A
        self.M2, self.M3, self.M4 = M2, M3, M4
        self.Y1, self.work, self.A6, self.A7 = Y1, work, A6, A7
        return None

    # -- lines 365-400: the computer's move ------------------------------------------------
    def line_365_winning_box(self) -> None:
        """365 FOR A1 = 0 TO 3 : A6 = W(A1,M5) : IF S(A6) = 0 THEN M5=A6 : GOTO 368

        M5 now holds the box, no longer the combination: line 368 prints
        the box (see NOTES: the prose says the combination).
        """
        combination = self.M5
        self.stack.for_("A1")
        for A1 in range(4):
            self.A1 = A1
            self.A6 = self.W[A1][combination]
            if self.S[self.A6] == BLANK:  # GOTO 368: the loop's entry stays on the stack
                self.M5 = self.A6
                return
        self.stack.next_("A1", done=True)
        self.A1 = 4  # 367 NEXT A1

    def line_370_mark(self) -> None:
        """370 S$(M5)="CC" : A1= INT((M5-1)/16)+1 : A2= M5-((A1-1)*16)"""
        M5 = self.M5
        self.S_[M5] = "CC"
        if self.readings.line_370_brackets:
            self.A1 = int_((M5 - 1) / 16) + 1
        else:  # as scanned: INT(M5-1/16)+1
            self.A1 = int_(M5 - 1 / 16) + 1
        self.A2 = M5 - ((self.A1 - 1) * 16)

    def line_390_mark(self) -> None:
        """390 S$(M4)="CC" : S(M4)=5 / 392 A1=INT((M4-1)/16)+1 : A2=M4-((A1-1)*16)"""
        M4 = self.M4
        self.S_[M4] = "CC"
        self.S[M4] = CC
        self.A1 = int_((M4 - 1) / 16) + (1 if self.readings.line_392_plus_one else 0)
        self.A2 = M4 - ((self.A1 - 1) * 16)

    def computer_reply(self) -> Reply:
        """Lines 190-392 after the player's move: what the program does.

        The variables change as the program changes them (S, S$, V, M2-M5,
        A..A9, Q, Y1); nothing is printed.
        """
        start = self.work
        goto = self.line_190_evaluate()
        if goto == 410:
            return Reply(ReplyKind.PLAYER_WON, 0, int(self.A), 0, 0, self.work - start)
        if goto == 200:
            goto = self.line_200_select()
        if goto == 365:
            combination = self.M5
            self.line_365_winning_box()
            self.line_370_mark()
            return Reply(ReplyKind.COMPUTER_WON, int(self.M5), combination, self.A1, self.A2, self.work - start)
        self.line_390_mark()
        return Reply(ReplyKind.MOVE, self.M4, 0, self.A1, self.A2, self.work - start)

    # -- for the audit ----------------------------------------------------------------------
    def clone(self) -> "Game":
        """An independent copy (the combination tables are shared)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.S, other.S_, other.V = list(self.S), list(self.S_), list(self.V)
        other.stack = self.stack.copy()
        return other


def computer_reply(
    player: Iterable[int],
    computer: Iterable[int],
    version: int = 3,
    *,
    ultimate: bool = False,
    last_move: int = 0,
) -> Reply:
    """The program's reply when the player holds the boxes ``player`` (1-64,
    the last of them just taken) and the computer ``computer``.

    ``last_move`` is M4 as the computer's previous move left it: version 3
    (and 1) moves there again when no box scores above 0 (see NOTES).
    """
    game = Game(version, ultimate)
    game.line_80_new_board()
    game.place(player, computer)
    game.M4 = last_move
    return game.computer_reply()


# -- the BASIC program: the lines that print and read ----------------------------------------

Pace = Callable[[int], None]


class BasicProgram:
    """The whole program with its I/O: lines 10-410 and 1000-1130.

    ``check_combinations`` adds Program D's lines 81-82, ``resume``
    Program E's, ``no_boards`` the article's ``1000 RETURN``; ``pace`` is
    called with the work of each computer move (``--period-timing``).
    """

    def __init__(
        self,
        rt: AltairBasic,
        game: Game,
        *,
        check_combinations: bool = False,
        resume: bool = False,
        no_boards: bool = False,
        pace: Optional[Pace] = None,
    ):
        self.rt = rt
        self.g = game
        self.check_combinations = check_combinations
        self.resume = resume
        self.no_boards = no_boards
        self.pace = pace
        self.B: float = 0  # Program D's variables
        self.C: float = 0
        self.D = 0

    def main(self) -> None:
        rt, g = self.rt, self.g
        while True:
            rt.line = 80
            g.line_80_new_board()  # 80
            if self.check_combinations:
                self.line_81_program_d()
            if self.resume:
                self.line_81_program_e()
            rt.line = 85
            rt.print_("YOUR MOVES ARE UU AND I'M CC")  # 85
            while True:
                self.line_90_player_move()
                rt.console.board_now(g.marks())  # for a reader: the moves in words
                reply = g.computer_reply()
                rt.console.board_now(g.marks())
                if self.pace is not None and reply.work:
                    rt.line = 220
                    rt.flush()
                    self.pace(reply.work)
                if reply.kind is ReplyKind.PLAYER_WON:
                    self.line_410_you_won()
                    break
                if reply.kind is ReplyKind.COMPUTER_WON:
                    self.line_368_i_won()
                    break
                rt.line = 400  # 400 PRINT"I WANT BOARD";A1;"POSITION";A2 : GOTO 90
                rt.print_("I WANT BOARD", g.A1, "POSITION", g.A2)

    def line_90_player_move(self) -> None:
        """90 GOSUB 1000 : INPUT "YOUR BOARD, POSITION";A1,A2 / 100-120"""
        rt, g = self.rt, self.g
        while True:
            self.line_1000_show_boards()
            rt.line = 90
            g.A1, g.A2 = rt.input_("YOUR BOARD, POSITION", [g.A1, g.A2])
            rt.line = 100
            g.line_100_box()
            rt.line = 105
            if g.line_105_illegal():
                rt.print_("ILLEGAL MOVE")
                continue
            rt.line = 110
            if g.line_110_taken():
                rt.print_("YOU CAN'T MOVE THERE")
                continue
            rt.line = 120
            g.line_120_take()
            return

    def line_368_i_won(self) -> None:
        """368 PRINT "THE OLD"; M5 / 370 / 380 PRINT"I WON WITH BOARD";A1;
        "POSITION";A2 : GOSUB 1000 / 382 INPUT"READY";A1 : GOTO 80"""
        rt, g = self.rt, self.g
        rt.line = 368
        rt.print_("THE OLD", g.M5)
        rt.line = 380
        rt.print_("I WON WITH BOARD", g.A1, "POSITION", g.A2)
        rt.console.game_over(Outcome.PROGRAM)
        self.line_1000_show_boards()
        rt.line = 382
        (g.A1,) = rt.input_("READY", [g.A1])

    def line_410_you_won(self) -> None:
        """410 PRINT : PRINT"YOU WON" : GOSUB 1000 : GOTO 80"""
        rt = self.rt
        rt.line = 410
        rt.print_()
        rt.print_("YOU WON")
        rt.console.game_over(Outcome.HUMAN)
        self.line_1000_show_boards()

    # -- Programs D and E: lines 81-82 -------------------------------------------------------
    def line_81_program_d(self) -> None:
        """81 INPUT A,B : FOR C= A TO B : FOR D = 0 TO 3 : PRINT W(D,C);: NEXT :
        PRINT: NEXT C / 82 INPUT Q : IF Q > 1 THEN 81"""
        rt, g = self.rt, self.g
        while True:
            rt.line = 81
            g.A, self.B = rt.input_("", [g.A, self.B])
            for C in basic_for(g.A, self.B):
                self.C = C
                c = subscript(C, 76)
                for self.D in range(4):
                    rt.print_(g.W[self.D][c], newline=False)
                self.D = 4  # NEXT ran past 3
                rt.print_()
            rt.line = 82
            (g.Q,) = rt.input_("", [g.Q])
            if not g.Q > 1:
                return

    def line_81_program_e(self) -> None:
        """81 INPUT Q : IF Q <> 0 THEN S(Q)=1 : S$(Q)="UU" : GOTO 81
        82 INPUT Q : IF Q <> 0 THEN S(Q)=5 : S$(Q)="CC" : GOTO 82 (scanned
        "IF Q = 0")"""
        rt, g = self.rt, self.g
        for line, value, mark in ((81, UU, "UU"), (82, CC, "CC")):
            while True:
                rt.line = line
                (g.Q,) = rt.input_("", [g.Q])
                if g.Q == 0:
                    break
                box = subscript(g.Q, 64)
                g.S[box], g.S_[box] = value, mark

    # -- lines 1000-1130: the boards ------------------------------------------------------------
    def line_1000_show_boards(self) -> None:
        """GOSUB 1000: the position numbers, then the four boards.

        1000 PRINT"POSITIONS ARE"; : FOR A = 0 TO 3 : FOR A1=1 TO 13 STEP 4 : A2=20 + (A1*4)
        1100 PRINT TAB(A2); A+A1; : NEXT A1 : PRINT : NEXT A : PRINT:PRINT
        1105 FOR A=0 TO 3 : PRINT TAB(A*15);"BOARD";A+1; : NEXT : PRINT
        1107 PRINT : PRINT
        1110 FOR A = 1 TO 4 : FOR A1 = 0 TO 48 STEP 16 : A2 = A + A1
        1120 PRINT S$(A2);" / ";S$(A2+4);" / ";S$(A2+8);" / ";S$(A2+12);" / "; : NEXT A1
        1125 IF A=4 THEN 1130
        1127 PRINT : FOR A2 = 1 TO 4 : PRINT"//////////"; : NEXT A2
        1130 PRINT : NEXT A : PRINT : PRINT : RETURN
        """
        if self.no_boards:  # 1000 RETURN
            return
        rt, g = self.rt, self.g
        rt.line = 1000
        rt.print_("POSITIONS ARE", newline=False)
        for A in range(0, 4):
            for A1 in range(1, 14, 4):
                rt.print_(tab(20 + (A1 * 4)), A + A1, newline=False)
            rt.print_()
        rt.print_()
        rt.print_()
        rt.line = 1105
        for A in range(0, 4):
            rt.print_(tab(A * 15), "BOARD", A + 1, newline=False)
        rt.print_()
        rt.print_()
        rt.print_()
        rt.line = 1110
        third = g.readings.line_1120_third
        for A in range(1, 5):
            for A1 in range(0, 49, 16):
                A2 = A + A1
                col3 = g.S_[A2 + 8] if third == "S$" else g.S[A2 + 8]
                rt.print_(g.S_[A2], " / ", g.S_[A2 + 4], " / ", col3, " / ", g.S_[A2 + 12], " / ", newline=False)
            if A != 4:
                rt.print_()
                for _ in range(4):
                    rt.print_("//////////", newline=False)
            rt.print_()
        rt.print_()
        rt.print_()
        # The loops leave A=5, A1=64 and A2=4+48 (line 1127 is skipped for A=4).
        g.A, g.A1, g.A2 = 5, 64, 52


def run(console: Console, options: AltairOptions = AltairOptions()) -> int:
    """Run the program on a console (``--period-timing`` waits through ``console.pause``)."""
    if options.check_combinations and options.resume:
        console.write_err(
            "retro: --check-combinations and --resume both replace lines 81-82 (Programs D and E); choose one\n"
        )
        return 2
    rt = AltairBasic(console)
    version = int(options.version)
    game = Game(version, options.ultimate, fix_for_stack=options.fix_for_stack)
    pace = period_pace(version, console.pause) if options.period_timing else None
    program = BasicProgram(rt, game, check_combinations=options.check_combinations, resume=options.resume,
                           no_boards=options.no_boards, pace=pace)
    return rt.run(program.main)

"""The audit's view of the program (retro.audit.explore's Game and Subject
protocols): a game held in ``game.Game`` (the listing's variables), moved by
its own line groups; and the author's claims, judged by a search
(``AltairAudit``: the trees are too big to enumerate, see
retro/audit/qubic.py).
"""
from __future__ import annotations

from typing import Any, Optional, Sequence

from retro.audit.explore import DRAW, HUMAN, PROGRAM, Game, Line, Start, Subject
from retro.outcome import Outcome

from . import game as listing

CLAIMS = {
    3: "\"an almost unbeatable 4 by 4 by 4 game\" ... \"which I feel cannot be beaten by a human opponent\" "
       "... \"I have not yet beaten Version 3\"",
    2: "\"can be beaten\" ... \"it can only be beaten by the strategy described in Fig. 4\"",
    1: "\"a simple 4 by 4 with quick response time\"",
}


class AltairGame(Game):
    """One game: the player (UU) moves first, as the program has it.

    Human moves are "board,position" for every empty box; in version 1 only
    board 1's (a move elsewhere is lost and changes nothing on board 1).
    The game is a draw when the player has no box left to move to.
    """

    def __init__(self, version: int, ultimate: bool = False) -> None:
        self.game = listing.Game(version, ultimate)
        self.game.line_80_new_board()
        self.version = version
        self._result: Optional[Outcome] = None
        self._human_turn = True

    def result(self) -> Optional[Outcome]:
        return self._result

    def human_to_move(self) -> bool:
        return self._human_turn and self._result is None

    def _boxes(self) -> range:
        return range(1, 17) if self.version == 1 else range(1, 65)

    def human_moves(self) -> list[str]:
        return [self.move_name(b - 1) for b in self._boxes() if self.game.S[b] == 0]

    def play_human(self, move: str) -> None:
        g = self.game
        g.A1, g.A2 = (float(x) for x in move.split(","))
        g.line_100_box()
        if g.line_105_illegal() or g.line_110_taken():
            raise ValueError(f"{move}: the program would ask again")
        g.line_120_take()
        self._human_turn = False

    def program_options(self) -> Sequence[Any]:
        return [None]  # the program is deterministic

    def play_program(self, option: Any) -> str:
        reply = self.game.computer_reply()
        self._human_turn = True
        if reply.kind is listing.ReplyKind.PLAYER_WON:  # the listing's words, as the audit's outcomes
            self._result = HUMAN
            return ""
        if reply.kind is listing.ReplyKind.COMPUTER_WON:
            self._result = PROGRAM
        elif not self.human_moves():
            self._result = DRAW
        return f"{reply.board:g},{reply.position:g}"

    def board(self) -> str:
        return ""  # not a 3x3 game

    def move_name(self, square: int) -> str:
        """Box ``square + 1`` (1-64, board by board) as the program's "board,position"
        (the human's moves; the referee asks for none, the game not being 3x3)."""
        return f"{square // 16 + 1},{square % 16 + 1}"


class AltairSubject(Subject):
    program_id = "altair-3d"

    def __init__(self, version: str | int = "3", ultimate: bool = False, **_: Any) -> None:
        self.version = int(version)
        self.ultimate = ultimate
        self.claim = CLAIMS[self.version]

    def starts(self) -> list[Start]:
        return [Start("the player (UU) moves first", True)]

    def new_game(self, start: Start) -> AltairGame:
        return AltairGame(self.version, self.ultimate)

    def session_input(self, start: Start, human_moves: Sequence[str]) -> list[str]:
        return list(human_moves)


class AltairAudit(AltairSubject):
    """The claim of each version, as the article makes it, judged by the win search."""

    searched = True  # the trees are too big to enumerate: see retro/audit/qubic.py

    def claim_holds(self, lost: list[Line]) -> Optional[bool]:
        if self.version == 3:  # "almost unbeatable", "I have not yet beaten Version 3"
            return not lost
        if self.version == 2:  # "can be beaten ... by the strategy described in Fig. 4"
            return bool(lost)
        return None  # version 1 comes with no claim a search can settle

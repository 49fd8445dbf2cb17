"""A search for a line of human moves that beats the 3-D program.

The 4x4 and 4x4x4 trees are far too big to enumerate, but the program is
deterministic: every line of human moves has exactly one outcome.  So we
search human lines only, asking the port for each reply (its own line groups,
through the audit adapter), with the method of threat-space search:

* a *threat* is a move that makes three UU in a combination whose fourth box
  is empty: the program must block it or lose;
* two threats at once cannot both be blocked;
* so from a position we first try every sequence of threats (``forcing``),
  each answered by whatever the program really plays, up to a depth;
* failing that, we play a few quiet moves that build pairs (the article's
  Fig. 4: "three of his boxes are not strung together until there are at least
  two opportunities") and search again from each.

A result names the line, the nodes searched (program replies asked for) and the
time; when the budget runs out first, it says so.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Optional

from .explore import HUMAN, PROGRAM, Subject

# The search reads the Altair port's own state (``game.game``: S, W and
# last_combination, the listing's arrays) through the audit's game adapter
# (retro/ports/altair_3d/audit.py), which the runtime does not type: ``Any`` below.
AltairGame = Any

UU, CC = 1, 5


@dataclass
class SearchResult:
    line: Optional[list[str]]
    nodes: int
    seconds: float
    budget_nodes: int
    budget_seconds: float
    exhausted: bool = False
    replies: list[str] = field(default_factory=list)


class _OutOfBudget(Exception):
    pass


class QubicSearch:
    def __init__(self, subject: Subject, budget_nodes: int = 400_000, budget_seconds: float = 30.0,
                 forcing_depth: int = 10, quiet_width: int = 6, quiet_depth: int = 6) -> None:
        self.subject = subject
        self.budget_nodes = budget_nodes
        self.budget_seconds = budget_seconds
        self.forcing_depth = forcing_depth
        self.quiet_width = quiet_width
        self.quiet_depth = quiet_depth
        self.nodes = 0
        self._deadline = 0.0
        start = subject.starts()[0]
        self._start = start
        probe = subject.new_game(start)
        self.lines = self._combinations(probe)
        self.boxes = sorted({b for line in self.lines for b in line})
        self.lines_through = {b: [line for line in self.lines if b in line] for b in self.boxes}

    @staticmethod
    def _combinations(game: AltairGame) -> list[tuple[int, ...]]:
        g = game.game
        return [tuple(int(g.W[k][a]) for k in range(4)) for a in range(1, g.last_combination + 1)]

    # -- positions ----------------------------------------------------------------------------
    @staticmethod
    def _S(game: AltairGame) -> list[int]:
        S: list[int] = game.game.S
        return S

    def _threats_after(self, S: list[int], box: int) -> set[int]:
        """The boxes the human would then threaten to complete."""
        open_boxes: set[int] = set()
        for line in self.lines_through[box]:
            values = [S[b] for b in line]
            if CC in values:
                continue
            if values.count(UU) == 2:  # with box, three UU and one empty
                open_boxes.update(b for b in line if S[b] == 0 and b != box)
        return open_boxes

    def _program_threatens(self, S: list[int]) -> bool:
        return any(sorted(S[b] for b in line) == [0, CC, CC, CC] for line in self.lines)

    def _winning_box(self, S: list[int]) -> Optional[int]:
        for line in self.lines:
            values = [S[b] for b in line]
            if values.count(UU) == 3 and values.count(0) == 1:
                return next(b for b in line if S[b] == 0)
        return None

    def _quiet_score(self, S: list[int], box: int) -> int:
        score = 0
        for line in self.lines_through[box]:
            values = [S[b] for b in line]
            if CC not in values:
                score += 1 + 3 * values.count(UU) ** 2
            elif UU not in values:
                score += values.count(CC) ** 2  # also in the program's way
        return score

    # -- the program ------------------------------------------------------------------------------
    def _play(self, game: AltairGame, move_box: int) -> tuple[AltairGame, str, str]:
        """A copy of the game after the human's box and the program's reply."""
        if self.nodes >= self.budget_nodes or time.perf_counter() > self._deadline:
            raise _OutOfBudget
        self.nodes += 1
        child = _copy(game)
        move = f"{(move_box - 1) // 16 + 1},{(move_box - 1) % 16 + 1}"
        child.play_human(move)
        reply = child.play_program(None)
        return child, move, reply

    # -- the search ---------------------------------------------------------------------------------
    def forcing(self, game: AltairGame, depth: int) -> Optional[list[tuple[str, str]]]:
        S = self._S(game)
        win = self._winning_box(S)
        if win is not None:
            child, move, reply = self._play(game, win)
            if child.result() == HUMAN:
                return [(move, reply)]
        if depth == 0 or self._program_threatens(S):
            return None
        candidates = []
        for box in self.boxes:
            if S[box] == 0:
                threats = self._threats_after(S, box)
                if threats:
                    candidates.append((-len(threats), -self._quiet_score(S, box), box))
        for _, _, box in sorted(candidates):
            child, move, reply = self._play(game, box)
            if child.result() == HUMAN:
                return [(move, reply)]
            if child.result() == PROGRAM:
                continue
            rest = self.forcing(child, depth - 1)
            if rest:
                return [(move, reply)] + rest
        return None

    def quiet(self, game: AltairGame, depth: int) -> Optional[list[tuple[str, str]]]:
        found = self.forcing(game, self.forcing_depth)
        if found or depth == 0:
            return found
        S = self._S(game)
        ranked = sorted((-self._quiet_score(S, b), b) for b in self.boxes if S[b] == 0)
        for _, box in ranked[: self.quiet_width]:
            child, move, reply = self._play(game, box)
            if child.result() == HUMAN:
                return [(move, reply)]
            if child.result() is not None:
                continue
            rest = self.quiet(child, depth - 1)
            if rest:
                return [(move, reply)] + rest
        return None

    def run(self) -> SearchResult:
        started = time.perf_counter()
        self._deadline = started + self.budget_seconds
        self.nodes = 0
        found, exhausted = None, False
        try:
            for depth in range(self.quiet_depth + 1):  # iterative deepening on quiet moves
                found = self.quiet(self.subject.new_game(self._start), depth)
                if found:
                    break
        except _OutOfBudget:
            exhausted = True
        seconds = time.perf_counter() - started
        return SearchResult([m for m, _ in found] if found else None, self.nodes, seconds,
                            self.budget_nodes, self.budget_seconds, exhausted,
                            [r for _, r in found] if found else [])


def _copy(game: AltairGame) -> AltairGame:
    """The adapter's game with its port state cloned (Game.clone)."""
    other = game.__class__.__new__(game.__class__)
    other.__dict__.update(game.__dict__)
    other.game = game.game.clone()
    return other

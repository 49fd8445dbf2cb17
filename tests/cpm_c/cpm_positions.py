"""Helpers for the cpm-c tests: boards drawn as the program shows them, and
the whole game tree of the port's play."""
from __future__ import annotations

import re
import sys
import types
from pathlib import Path
from typing import Callable, Iterator, Optional

from retro.ports.cpm_c import game as G

GAME_SOURCE = Path(G.__file__)


def position(row1: str, row2: str, row3: str, plr_sym: str = "O", last: Optional[str] = None,
             cmc: Optional[int] = None) -> G.Game:
    """A game state from its three rows as the board shows them ("." blank),
    e.g. position("O..", ".X.", "..."): row 1 is A1 B1 C1.  ``last`` is the
    player's last move (plr_nm_col, plr_nm_row); cmc defaults to the number
    of the computer's symbols on the board, mvc to all symbols."""
    g = G.new_game(plr_sym)
    for j, row in enumerate((row1, row2, row3)):
        assert len(row) == 3
        for i, ch in enumerate(row):
            g.board[i][j] = G.BLANK if ch == "." else ch
    marks = [g.board[i][j] for i in range(3) for j in range(3)]
    g.cmc = marks.count(g.comp_sym) if cmc is None else cmc
    g.mvc = 9 - marks.count(G.BLANK)
    if last is not None:
        g.plr_nm_col, g.plr_nm_row = ord(last[0]) - ord("A"), int(last[1]) - 1
        assert g.board[g.plr_nm_col][g.plr_nm_row] == plr_sym
    return g


def move_of(g: G.Game) -> Optional[str]:
    """The computer's move for g, as the program names it (None for no move)."""
    square = G.computer_move(g)
    return None if square is None else G.square_name(*square)


def free_squares(g: G.Game) -> list[tuple[int, int]]:
    return [(i, j) for i in range(3) for j in range(3) if g.board[i][j] == G.BLANK]


def reachable_states(module=G) -> Iterator[tuple[list[str], G.Game]]:
    """Every state in which the program calls comp_move, over all the
    player's possible moves and both symbol choices, with the moves that led
    there ("O", "B2", "A1", ...).  The computer's replies are ``module``'s."""

    def walk(g, history, computer_to_move):
        if module.game_done(g):
            return
        if computer_to_move:
            yield history, g.copy()
            square = module.computer_move(g)
            yield from walk(g, history + [module.square_name(*square) if square else "-"], False)
        else:
            for i, j in free_squares(g):
                h = g.copy()
                module.player_move(h, i, j)
                yield from walk(h, history + [module.square_name(i, j)], True)

    for sym in ("O", "X"):
        g = module.new_game(sym)
        yield from walk(g, [sym], module.computer_begins(g))


def variant(name: str, *replacements: tuple[str, str]):
    """A copy of game.py with some source text replaced: comp_move as a
    comment reads, to compare with comp_move as the C compiler reads it."""
    source = GAME_SOURCE.read_text()
    for old, new in replacements:
        assert source.count(old) == 1, f"not found once in game.py: {old!r}"
        source = source.replace(old, new)
    module = types.ModuleType(name)
    module.__file__ = str(GAME_SOURCE)
    sys.modules[name] = module  # dataclasses look their module up
    try:
        exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    finally:
        del sys.modules[name]
    return module


def with_stubs(monkeypatch, game_done: Optional[Callable] = None, eval_game: Optional[Callable] = None) -> None:
    """Take game_done or eval_game out of comp_move's way, to look at one tactic's condition alone."""
    if game_done is not None:
        monkeypatch.setattr(G, "game_done", game_done)
    if eval_game is not None:
        monkeypatch.setattr(G, "eval_game", eval_game)


def words(regex: str, text: str) -> list[str]:
    return re.findall(regex, text)

"""The menu: the programs, and each program's recorded sessions to replay.

On a terminal it is fullscreen (blessed): arrow keys or digits choose, Enter
plays the program (its variants are chosen first), Right (or s) opens the
program's recorded sessions, grouped (resources.GROUPS), where Enter asks
the pace (--baud) and replays one; q or Esc goes back, and q quits (so does
Ctrl-D; Esc on the programs' list only says so; Ctrl-C goes back too, and on the
programs' list quits with 130).  A program or a replay started here comes back
here when it ends, when its runtime fails, or on Ctrl-C, with the terminal
restored and the keys typed as it ended dropped; a replay shows its game, then
says how it ended.  In a pipe it is a numbered
list read from standard input (``3``, ``3 --ai mj``, ``3s`` for program 3's
sessions, then ``2`` or ``2 --baud 300``) that ends cleanly at end of input.

Its rooms: ``entries`` (the programs and their sessions), ``pipe`` (the
numbered menu), ``keys`` (the key loop, the dispatch tables' mechanism and the
actions), ``drawing`` (one screen), ``list_screen`` (the list every screen
is), ``screens`` (the programs, the sessions) and ``variant_form``.
"""
from __future__ import annotations

from ..stdio import teletype
from ..terminal import can_address_cursor, on_terminal, terminal
from .drawing import MORE_ABOVE, MORE_BELOW
from .entries import TITLE, Entry, entries
from .keys import END, Action, dispatch
from .list_screen import ListScreen
from .pipe import pipe_menu
from .screens import ScreenMenu, SessionsScreen
from .variant_form import VariantForm

__all__ = ["END", "MORE_ABOVE", "MORE_BELOW", "TITLE", "Action", "Entry", "ListScreen", "ScreenMenu",
           "SessionsScreen", "VariantForm", "dispatch", "entries", "menu", "pipe_menu"]


def menu() -> int:
    if on_terminal():
        term = terminal()
        if can_address_cursor(term):
            return ScreenMenu(term).loop()
    return pipe_menu(teletype())

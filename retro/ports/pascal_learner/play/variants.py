"""The learner's variant options, typed (retro/options.py), shared by ``retro
run`` and ``retro train`` and declared apart from the port so that the
catalog (the menu, ``retro list``) loads no learner to list them; and the
grid they ask for."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from retro.options import Options, click_options, option
from retro.userdirs import data_folder, shown

from ..model.board import MAXSIZE, Grid

RANDOM_STATE_HELP = "Start the learner's random choices from this number: the same number gives the same games."


@dataclass(frozen=True)
class GridOptions(Options):
    """The grid, the rules and the store: ``retro run``'s and ``retro train``'s."""

    rows: Optional[int] = option("--rows", default=None, least=1, most=MAXSIZE, label="Rows",
                                 unset="3 (15 for Five-in-a-Row)",
                                 help="Rows of the grid (the text's boardrows): 3, or 15 for Five-in-a-Row.")
    cols: Optional[int] = option("--cols", default=None, least=1, most=MAXSIZE, label="Columns",
                                 unset="3 (15 for Five-in-a-Row)",
                                 help="Columns of the grid (the text's boardcols): 3, or 15 for Five-in-a-Row.")
    align: Optional[int] = option("--align", default=None, least=2, most=MAXSIZE, label="Marks in a row to win",
                                  unset="3 (5 for Five-in-a-Row)",
                                  help="How many marks in a row win (the text's winalign): 3, or 5 for Five-in-a-Row.")
    five: bool = option("--five", default=False, label="Five-in-a-Row", help="Five-in-a-Row: 15x15 with 5 to align.")
    fixed: bool = option("--fixed", default=False, label="Mend the documented flaw",
                         help="Mend the documented flaw: a thwarting move that threatens is answered first "
                              "(a modern option).")
    literal: bool = option("--literal", default=False, label="Only what the text states",
                           help="Only what the text states: no forced-line look-ahead and none of the port's added "
                                "rules (NOTES.md); its own schemes file, -<align>-literal.")
    data: Optional[str] = option(
        "--data", default=None, file=True, label="Schemes file", unset="Tic-Tac-Toe-Data-<align> in the data folder",
        help=f"The schemes file (default Tic-Tac-Toe-Data-<align>, -<align>-fixed with --fixed, in "
             f"{shown(data_folder())}; a file of that name in the current folder is used instead, with a note).")
    # --random-state, scikit-learn's name; --seed, its first name, is still taken (recorded transcripts have it)
    seed: Optional[int] = option("--random-state", old_names=("--seed",), default=None, unset="none (new games each time)",
                                 label="Random choices from number", help=RANDOM_STATE_HELP)


@dataclass(frozen=True)
class LearnerOptions(GridOptions):
    """``retro run pascal-learner``'s options, and two the runtime sets (store/session.py)."""

    no_save: bool = option("--no-save", default=False, label="Learn without saving",
                           help="Read the schemes file but never write it (learning stays in memory).")
    fresh: bool = option("--fresh", default=False, label="Start with nothing learned",
                         help="Start with no schemes and touch no file (learning stays in memory).")
    # the folder a relative --data is found in (a replayed transcript's, retro serve's): for_replay, for_visitor
    data_folder: Optional[Path] = field(default=None)
    # other learners use the file at the same time (retro serve's visitors): each game learnt under the lock
    shared: bool = field(default=False)
    # a visitor of retro serve without a data folder: what is learnt is kept for the session only (for_visitor)
    visiting: bool = field(default=False)
    # the visitor's own store in a browser (retro site): one that cannot be used is set aside, said,
    # and the learner starts again from nothing (for_browser)
    set_aside: bool = field(default=False)


GRID_OPTIONS = click_options(GridOptions)  # retro train's


def make_grid(rows: Optional[int], cols: Optional[int], align: Optional[int], five: bool) -> Grid:
    """The grid the options ask for; ValueError with a message if impossible."""
    base = 15 if five else 3
    return Grid(rows or base, cols or base, align or (5 if five else 3))

"""The learner's variant options, shared by ``retro run`` and ``retro train``
and declared apart from the port so that the catalog (the menu, ``retro
list``) loads no learner to list them; and the grid they ask for."""
from __future__ import annotations

from typing import Optional

import click

from retro.catalog import RenamedOption
from retro.userdirs import data_folder, shown

from ..model.board import MAXSIZE, Grid

SIZE = click.IntRange(1, MAXSIZE)
RANDOM_STATE_HELP = "Start the learner's random choices from this number: the same number gives the same games."

GRID_OPTIONS = (
    click.Option(["--rows"], type=SIZE, default=None, help="boardrows: rows of the grid (default 3; 15 with --five)."),
    click.Option(["--cols"], type=SIZE, default=None, help="boardcols: columns of the grid (default 3; 15 with --five)."),
    click.Option(["--align"], type=click.IntRange(2, MAXSIZE), default=None,
                 help="winalign: marks to align (default 3; 5 with --five)."),
    click.Option(["--five"], is_flag=True, default=False, help="Five-in-a-Row: 15x15 with 5 to align."),
    click.Option(["--fixed"], is_flag=True, default=False,
                 help="Mend the documented flaw: a thwarting move that threatens is answered first (a modern option)."),
    click.Option(["--literal"], is_flag=True, default=False,
                 help="Only what the text states: no forced-line look-ahead and none of the port's added "
                      "rules (NOTES.md); its own schemes file, -<align>-literal."),
    click.Option(["--data"], type=click.Path(dir_okay=False), default=None,
                 help=f"The schemes file (default Tic-Tac-Toe-Data-<align>, -<align>-fixed with --fixed, in "
                      f"{shown(data_folder())}; a file of that name in the current folder is used instead, "
                      f"with a note)."),
    # --random-state, scikit-learn's name; --seed, its first name, is still taken (recorded transcripts have it)
    RenamedOption(["seed", "--random-state"], old_names=("--seed",), type=int, default=None,
                  help=RANDOM_STATE_HELP),
)

RUN_OPTIONS = GRID_OPTIONS + (
    click.Option(["--no-save"], is_flag=True, default=False,
                 help="Read the schemes file but never write it (learning stays in memory)."),
    click.Option(["--fresh"], is_flag=True, default=False,
                 help="Start with no schemes and touch no file (learning stays in memory)."),
)


def make_grid(rows: Optional[int], cols: Optional[int], align: Optional[int], five: bool) -> Grid:
    """The grid the options ask for; ValueError with a message if impossible."""
    base = 15 if five else 3
    return Grid(rows or base, cols or base, align or (5 if five else 3))

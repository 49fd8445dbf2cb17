"""``retro pbrain pascal-learner``: the learner as a Gomocup brain on standard
input and output (the protocol: brain/protocol.py; the loop: brain/serve.py)."""
from __future__ import annotations

import io
import sys
from typing import Optional

import click

from retro.catalog import RenamedOption
from retro.console import LineConsole

from ..play.variants import RANDOM_STATE_HELP
from .placement import store_opener
from .protocol import Brain
from .serve import serve


def _pbrain_command(data: Optional[str], seed: Optional[int], whole: bool = False) -> None:
    errors = LineConsole(io.BytesIO(), sys.stderr.buffer, sys.stderr.buffer)
    open_learner = store_opener(errors, data, seed, compiled=not whole)
    sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer, lambda write: Brain(open_learner, write)))


def command() -> click.Group:
    """``retro pbrain pascal-learner``."""
    group = click.Group("pbrain", help="Play as a Gomocup brain: the piskvork protocol on standard input and output.")
    group.add_command(click.Command(
        "pascal-learner",
        callback=_pbrain_command,
        help="Five-in-a-Row for a Gomocup manager (START, BEGIN, TURN, BOARD, INFO, END, ABOUT, "
             "RESTART, TAKEBACK), learning from every lost game into its schemes file as in play.",
        params=[
            click.Option(["--data"], type=click.Path(dir_okay=False), default=None,
                         help="The schemes file (default: Tic-Tac-Toe-Data-5 where `retro run pascal-learner "
                              "--five` keeps it). A manager's INFO folder is used instead: the brain's file "
                              "there begins as a copy of this one."),
            RenamedOption(["seed", "--random-state"], old_names=("--seed",), type=int, default=None,
                          help=RANDOM_STATE_HELP),
            # the earlier path, for the benchmark: the whole store and the walking finder, learning at END
            click.Option(["--whole"], is_flag=True, default=False, hidden=True),
        ],
    ))
    return group

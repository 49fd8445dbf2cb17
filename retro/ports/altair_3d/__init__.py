"""altair-3d: "3-D Tic-Tac-Toe", Altair 3.2 BASIC, versions 1, 2 and 3."""
from pathlib import Path
from typing import Any

import click

from retro.catalog import Program, lazy


def for_replay(options: dict[str, Any], folder: Path) -> dict[str, Any]:
    """A replay (retro check) never sleeps: --period-timing changes the pace, never a byte."""
    return {**options, "period_timing": False}

PROGRAM = Program(
    id="altair-3d",
    title="3-D Tic-Tac-Toe",
    year="c. 1977",
    language="Altair 3.2 BASIC (8K)",
    machine="MITS Altair 8800, 80x24 video terminal",
    author="the article's author (unnamed in the article)",
    description=(
        "4x4x4 tic-tac-toe against 76 winning combinations; you are UU, the computer CC. "
        "Moves are BOARD,POSITION (1-4, 1-16). Version 3 is the 'almost unbeatable' one, "
        "version 2 can be beaten, version 1 is the 4x4 game on board 1."
    ),
    main=lazy("retro.ports.altair_3d.game:run"),
    options=(
        click.Option(["--version", "version"], type=click.Choice(["1", "2", "3"]), default="3", show_default=True,
                     help="3: Program A; 2: with Program B's lines; 1: with Program C's (4x4 on board 1)."),
        click.Option(["--check-combinations", "check_combinations"], is_flag=True, default=False,
                     help="Program D: lines 81-82 print the winning combinations (INPUT first,last; then 0 or 1 to play, 2 for more)."),
        click.Option(["--resume", "resume"], is_flag=True, default=False,
                     help="Program E: lines 81-82 take the player's boxes (1-64), 0, then the computer's, 0."),
        click.Option(["--ultimate", "ultimate"], is_flag=True, default=False,
                     help="Program F: line 290 scores the computer's own lines one point lower (more defensive)."),
        click.Option(["--no-boards", "no_boards"], is_flag=True, default=False,
                     help="The article's '1000 RETURN': no board printing."),
        click.Option(["--period-timing", "period_timing"], is_flag=True, default=False,
                     help="Think as long as the Altair did (about 3 minutes for version 3's first move)."),
        click.Option(["--fix-for-stack", "fix_for_stack"], is_flag=True, default=False,
                     help="A modern fix, not in the original: loops left by GOTO are forgotten, so a game "
                          "after the computer's win does not stop with ?NF ERROR IN 350."),
    ),
    exit_statuses=(
        (0, "the operator stopped the program at an INPUT (end of input taken for Ctrl-C): BREAK IN n, OK"),
        (1, "a BASIC error stopped it: ?OV ERROR (a number past 1.7E38), ?BS or ?FC ERROR (a subscript), "
            "?NF ERROR IN 350 (the game after a computer win), then OK"),
        (2, "--check-combinations and --resume together (both are lines 81-82)"),
    ),
    screen_size=lambda options: (24, 80),  # the article's video terminal, 80x24
    labels={"version": "Version", "check_combinations": "Print the winning combinations (Program D)", "resume": "Resume a game from its boxes (Program E)", "ultimate": "Play more defensively (Program F)", "no_boards": "Print no boards", "period_timing": "Think as long as the Altair did", "fix_for_stack": "Mend the error after the computer wins"},
    look="glass",  # that video terminal, in green phosphor
    for_replay=for_replay,
    audit=lazy("retro.ports.altair_3d.audit:AltairAudit"),
)

__all__ = ["PROGRAM", "Game", "Reply", "computer_reply", "run"]


def __getattr__(name: str) -> Any:
    """The game's names, from game.py when first asked for (the catalog needs only PROGRAM)."""
    if name in __all__:
        from . import game

        return getattr(game, name)
    raise AttributeError(name)

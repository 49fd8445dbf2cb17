"""altair-3d: "3-D Tic-Tac-Toe", Altair 3.2 BASIC, versions 1, 2 and 3."""
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from retro.catalog import Program, lazy
from retro.options import Options, option
from retro.squares import Squares


@dataclass(frozen=True)
class AltairOptions(Options):
    version: Literal["1", "2", "3"] = option(
        "--version", default="3", label="Version",
        said={"1": "1, the 4x4 game on one board", "2": "2, the one that can be beaten",
              "3": "3, the almost unbeatable one"},
        help="Which of the article's versions: 3 is its main listing (Program A), 2 has Program B's lines, "
             "1 Program C's (a 4x4 game on board 1).")
    check_combinations: bool = option(
        "--check-combinations", default=False, label="Print the winning combinations (Program D)",
        help="Program D: lines 81-82 print the winning combinations (INPUT first,last; then 0 or 1 to play, "
             "2 for more).")
    resume: bool = option(
        "--resume", default=False, label="Resume a game from its boxes (Program E)",
        help="Program E: lines 81-82 take the player's boxes (1-64), 0, then the computer's, 0.")
    ultimate: bool = option(
        "--ultimate", default=False, label="Play more defensively (Program F)",
        help="Program F: line 290 scores the computer's own lines one point lower (more defensive).")
    no_boards: bool = option(
        "--no-boards", default=False, label="Print no boards",
        help="The article's '1000 RETURN': no board printing.")
    period_timing: bool = option(
        "--period-timing", default=False, label="Think as long as the Altair did",
        help="Think as long as the Altair did (about 3 minutes for version 3's first move).")
    fix_for_stack: bool = option(
        "--fix-for-stack", default=False, label="Mend the error after the computer wins",
        help="A modern fix, not in the original: loops left by GOTO are forgotten, so a game "
             "after the computer's win does not stop with ?NF ERROR IN 350.")


def for_replay(options: AltairOptions, folder: Path) -> AltairOptions:
    """A replay (retro check) never sleeps: --period-timing changes the pace, never a byte."""
    return options.changed(period_timing=False)


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
    options_type=AltairOptions,
    exit_statuses=(
        (0, "the program was stopped while it waited for an answer (the end of the input counts as Ctrl-C "
            "on the Altair): BASIC then says BREAK IN and the line number, and OK"),
        (1, "a BASIC error stopped it: ?OV ERROR (a number past 1.7E38), ?BS or ?FC ERROR (a subscript), "
            "?NF ERROR IN 350 (the game after a computer win), then OK"),
        (2, "--check-combinations and --resume together (both are lines 81-82)"),
    ),
    screen_size=lambda options: (24, 80),  # the article's video terminal, 80x24
    look="glass",  # that video terminal, in green phosphor
    squares=Squares("board", "position"),  # as its prompt asks: YOUR BOARD, POSITION
    for_replay=for_replay,
    audit=lazy("retro.ports.altair_3d.audit:AltairAudit"),
)

__all__ = ["PROGRAM", "AltairOptions", "Game", "Reply", "computer_reply", "run"]


def __getattr__(name: str) -> Any:
    """The game's names, from game.py when first asked for (the catalog needs only PROGRAM)."""
    if name in __all__:
        from . import game

        return getattr(game, name)
    raise AttributeError(name)

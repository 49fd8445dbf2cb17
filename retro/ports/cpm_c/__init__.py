"""cpm-c: Marek K's Tic-Tac-Toe in C for CP/M (2015), with its heuristic comp_move()."""
from dataclasses import dataclass

from retro.catalog import Program, lazy
from retro.options import Options, option


@dataclass(frozen=True)
class CpmOptions(Options):
    cpm: bool = option(
        "--cpm", default=False, label="As on CP/M (its line input and line ends)",
        help="Aztec C on CP/M: CR LF line ends; input through CP/M's line input (7-bit, CR ends a line, "
             "its editing keys, Ctrl-C first ends the program), NUL skipped, Ctrl-Z ends it.")


PROGRAM = Program(
    id="cpm-c",
    title="Game of Tic-Tac-Toe (C for CP/M)",
    year="2015",
    language="C (Aztec C; also gcc, DOS, Windows, AIX)",
    machine="Commodore 128 under CP/M 3.0",
    author="Marek K",
    description="3x3 in scroll-down text mode; moves as column letter and row number (B2); "
                "choose O to begin, X to let the computer begin.",
    main=lazy("retro.ports.cpm_c.tictactoe:run"),
    options_type=CpmOptions,
    exit_statuses=(
        (0, "the program ended: an answer other than Y to Play again, or the end of input (exit(0)); "
            "with --cpm also a Ctrl-C as a line's first key (CP/M's warm boot)"),
    ),
    audit=lazy("retro.ports.cpm_c.audit:CpmSubject"),
    tournament=lazy("retro.ports.cpm_c.audit:tournament"),
)

"""fortran-rcd: "Juego de 3 en linea", TicTacToe.f90 by Ricardo Montero."""
from dataclasses import dataclass
from typing import Literal

from retro.catalog import Program, lazy
from retro.options import Options, option


@dataclass(frozen=True)
class FortranOptions(Options):
    ai: Literal["ia", "mj"] = option(
        "--ai", default="ia", label="Move routine",
        said={"ia": "the published one (IA)", "mj": "the older one (MJ)"},
        help="How the computer chooses its move: the published routine, IA (the source's line 198), or the "
             "older one it replaced, MJ (line 197).")
    lang: Literal["es", "en"] = option(
        "--lang", default="es", label="Language", said={"es": "Spanish", "en": "English"},
        help="Prompts in the original Spanish, or an English rendering (a modern addition).")


PROGRAM = Program(
    id="fortran-rcd",
    title="Juego de 3 en linea (TicTacToe.f90)",
    year="c. 2010 (published 2021)",
    language="Fortran 90",
    machine="PC (gfortran, PowerStation 4)",
    author="Ricardo Montero",
    description="3x3 against row/column/diagonal sums; you are O, the computer X; rows and columns as F,C.",
    main=lazy("retro.ports.fortran_rcd.tictactoe:run"),
    options_type=FortranOptions,
    exit_statuses=(
        (0, "the program ended (PAUSE without go, or END after go)"),
        (2, "a gfortran runtime error: bad input or end of file"),
        (139, "killed by SIGSEGV: a move outside the board hit memory it must not"),
    ),
    speaks=lambda options: options.lang,
    reader_note=("A letter or a word typed where the program asks for a number ends it with gfortran's "
                 "\"Bad integer\" error, as the original's runtime did."),
    audit=lazy("retro.ports.fortran_rcd.audit:FortranSubject"),
    tournament=lazy("retro.ports.fortran_rcd.audit:tournament"),
)

"""perl-midterm: the tic-tac-toe of a Perl 5 midterm project, from its specification."""
from retro.catalog import Program, lazy

from .midterm import ENDLESS_PROMPT, PerlOptions, find_move, run

PROGRAM = Program(
    id="perl-midterm",
    title="Midterm: Tic Tac Toe (Perl 5)",
    year="undated",
    language="Perl 5",
    machine="a terminal (perl 5)",
    author="a student, to a course's specification (author unknown)",
    description="You are X and move first; the computer answers by 21 patterns on three squares, rotating the board.",
    main=run,
    options_type=PerlOptions,
    exit_statuses=(
        (0, "the game ended: a win or a tie"),
        (ENDLESS_PROMPT, "the input ended where the original would ask 'Pick a space: ' for ever; "
                           "this port stops there instead (its notes say why)"),
    ),
    audit=lazy("retro.ports.perl_midterm.audit:PerlSubject"),
    tournament=lazy("retro.ports.perl_midterm.audit:tournament"),
)

__all__ = ["PROGRAM", "PerlOptions", "find_move", "run"]

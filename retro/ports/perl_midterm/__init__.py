"""perl-midterm: the tic-tac-toe of a Perl 5 midterm project, from its specification."""
import click

from retro.catalog import Program, lazy

from .midterm import ENDLESS_PROMPT, NESTINGS, find_move, run

PROGRAM = Program(
    id="perl-midterm",
    title="Midterm: Tic Tac Toe (Perl 5)",
    year="undated",
    language="Perl 5",
    machine="a terminal (perl 5)",
    author="a student, to a course's specification (author unknown)",
    description="You are X and move first; the computer answers by 21 patterns on three squares, rotating the board.",
    main=run,
    options=(
        click.Option(["--nesting"], type=click.Choice(NESTINGS), default="pattern", show_default=True,
                     help="How the search nests: each pattern in all four rotations (the spec's sample) "
                          "or each rotation with all patterns (the other reading of the spec)."),
    ),
    exit_statuses=(
        (0, "the game ended: a win or a tie"),
        (ENDLESS_PROMPT, "the input ended where the original would ask 'Pick a space: ' for ever (the port stops; NOTES.md)"),
    ),
    labels={"nesting": "Order of the search"},
    audit=lazy("retro.ports.perl_midterm.audit:PerlSubject"),
    tournament=lazy("retro.ports.perl_midterm.audit:tournament"),
)

__all__ = ["PROGRAM", "find_move", "run"]

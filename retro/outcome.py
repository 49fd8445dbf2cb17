"""How a game ended, in the runtime's words: a port declares each game's
result (``Console.game_over``) where its original announces it, and the menu,
the web page and the audits read that, never the program's text.  A session's
end is said here, for the menu (``session_end``) and the page (``end_bar``)."""
from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

from .exits import INTERRUPTED
from .vocabulary import Words


class Outcome(Words):
    """How a game ended, for the program: it won, the human won, or a draw
    ("program", "human", "draw" in reports and JSON)."""

    PROGRAM = "program"
    HUMAN = "human"
    DRAW = "draw"


class Stop(Words):
    """How a session stopped when that was not its program's own end."""

    CTRL_C = "ctrl-c"
    END_OF_INPUT = "end-of-input"


def stopped(status: int, input_ended: bool) -> Optional[Stop]:
    """How the session stopped: Ctrl-C (its status, retro/exits.py), the end of
    its input (Ctrl-D), or None: the program ended on its own."""
    if status == INTERRUPTED:
        return Stop.CTRL_C
    return Stop.END_OF_INPUT if input_ended else None


# Each outcome and each way of stopping in words: for the person who played, in the note the
# terminal menu shows after a program (session_end); for a visitor, in the web page's end bar
# (end_bar), what the visitor did.
TO_THE_PLAYER = {Outcome.HUMAN: "you won", Outcome.PROGRAM: "the computer won", Outcome.DRAW: "a draw"}
TO_A_WATCHER = {Outcome.HUMAN: "the player won", Outcome.PROGRAM: "the computer won", Outcome.DRAW: "a draw"}
HOW_IT_STOPPED = {Stop.CTRL_C: "stopped with Ctrl-C", Stop.END_OF_INPUT: "stopped at the end of input (Ctrl-D)"}
TO_THE_VISITOR = {Outcome.HUMAN: "You won.", Outcome.PROGRAM: "The computer won.",
                  Outcome.DRAW: "A draw: nobody won."}
BY_THE_VISITOR = {Stop.CTRL_C: "you pressed Ctrl-C", Stop.END_OF_INPUT: "you ended the input (Ctrl-D)"}


def session_end(status: int, outcome: Optional[Outcome], input_ended: bool,
                said_to: dict[Outcome, str] = TO_THE_PLAYER) -> str:
    """A session's end in words for the person who played it (or, ``said_to``
    TO_A_WATCHER, watched its replay: replay_end): the last game's result,
    then how the program stopped when that was not its own end.

    >>> session_end(0, Outcome.HUMAN, False)
    'the last game: you won'
    >>> session_end(130, Outcome.PROGRAM, False)
    'the last game: the computer won; then stopped with Ctrl-C'
    >>> session_end(0, None, True)
    'no game finished; stopped at the end of input (Ctrl-D)'
    >>> session_end(3, None, False)
    'no game finished; ended with status 3'
    """
    said = f"the last game: {said_to[outcome]}" if outcome is not None else "no game finished"
    how = stopped(status, input_ended)
    if how is None:
        return f"{said}; ended with status {status}" if status else said
    return f"{said}; then {HOW_IT_STOPPED[how]}" if outcome is not None else f"{said}; {HOW_IT_STOPPED[how]}"


def replay_end(status: int, outcome: Optional[Outcome], input_ended: bool) -> str:
    """A recorded session's end in words, for whoever watches its replay (the
    terminal menu's note, the page's end bar).

    >>> replay_end(0, Outcome.HUMAN, True)
    'the last game: the player won; then stopped at the end of input (Ctrl-D)'
    """
    return session_end(status, outcome, input_ended, TO_A_WATCHER)


def end_bar(status: int, outcome: Optional[Outcome], input_ended: bool) -> str:
    """The same end in the web page's words (its end bar, which says no exit
    status: that is under its Details): the last game's result, then what the
    visitor did to stop it, else the program's end plainly (every case:
    tests/test_outcome.py).

    >>> end_bar(0, Outcome.DRAW, True), end_bar(130, None, False)
    ('A draw: nobody won. Then you ended the input (Ctrl-D).', 'You pressed Ctrl-C: the program stopped.')
    """
    how = stopped(status, input_ended)
    if outcome is not None:
        then = f"Then {BY_THE_VISITOR[how]}." if how is not None else "The game is over."
        return f"{TO_THE_VISITOR[outcome]} {then}"
    if how is not None:
        did = BY_THE_VISITOR[how]
        return f"{did[0].upper()}{did[1:]}: the program stopped."
    if status == 0:
        return "The program has ended."
    if status > 128:
        return "The program was stopped by the system."
    return "The program stopped with an error (see Details)."


# The file `retro run` tells how its session ended in, when whoever started it
# asks (retro serve's sessions, whose pty carries only the program's bytes):
# one line of JSON, {"outcome": "human"|"program"|"draw"|null, "input_ended":
# true|false}, written whole at the end.  The starter names the file and reads
# it (read_report); the program only writes it.
REPORT_FILE = "RETRO_OUTCOME_FILE"
REPORT_BYTES = 256  # a report is one short line: anything longer is no report


def report(outcome: Optional[Outcome], input_ended: bool) -> None:
    """Write how the session ended to $RETRO_OUTCOME_FILE, if it is set."""
    path = os.environ.get(REPORT_FILE)
    if not path:
        return
    import json  # here and in read_report, as safefile: a run with no one to tell never loads them

    from .safefile import write_atomically

    line = json.dumps({"outcome": None if outcome is None else outcome.value, "input_ended": input_ended})
    try:
        write_atomically(path, (line + "\n").encode(), mode=0o600)
    except OSError:
        pass  # nobody can read it: the exit status still says how it ended


def read_report(path: Path) -> tuple[Optional[Outcome], bool]:
    """The outcome and input_ended a report says; (None, False) for a missing
    or unreadable one (the program was killed, or wrote none)."""
    import json

    from .safefile import FileRefused, read_regular

    try:
        said = json.loads(read_regular(path, REPORT_BYTES, "outcome report"))
        outcome = None if said["outcome"] is None else Outcome(said["outcome"])
        return outcome, said["input_ended"] is True
    except (OSError, FileRefused, ValueError, KeyError, TypeError):
        return None, False

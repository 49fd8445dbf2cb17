"""How a game ended, in the runtime's words: a port declares each game's
result (``Console.game_over``) where its original announces it, and the menu,
the web page and the audits read that, never the program's text."""
from __future__ import annotations

import json
import os
from typing import Optional

from .exits import INTERRUPTED
from .vocabulary import Words


class Outcome(Words):
    """How a game ended, for the program: it won, the human won, or a draw
    ("program", "human", "draw" in reports and JSON)."""

    PROGRAM = "program"
    HUMAN = "human"
    DRAW = "draw"


# What each outcome is to the person who played it.
TO_THE_PLAYER = {Outcome.HUMAN: "you won", Outcome.PROGRAM: "the computer won", Outcome.DRAW: "a draw"}


def session_end(status: int, outcome: Optional[Outcome], input_ended: bool) -> str:
    """A session's end in words for the person who played it: the last game's
    result, then how the program stopped when that was not its own end.

    >>> session_end(0, Outcome.HUMAN, False)
    'the last game: you won'
    >>> session_end(130, Outcome.PROGRAM, False)
    'the last game: the computer won; then stopped with Ctrl-C'
    >>> session_end(0, None, True)
    'no game finished; stopped at the end of input (Ctrl-D)'
    >>> session_end(3, None, False)
    'no game finished; ended with status 3'
    """
    said = f"the last game: {TO_THE_PLAYER[outcome]}" if outcome is not None else "no game finished"
    if status == INTERRUPTED:
        return f"{said}; then stopped with Ctrl-C" if outcome is not None else f"{said}; stopped with Ctrl-C"
    if input_ended:
        how = "stopped at the end of input (Ctrl-D)"
        return f"{said}; then {how}" if outcome is not None else f"{said}; {how}"
    if status != 0:
        return f"{said}; ended with status {status}"
    return said


# The descriptor `retro run` tells how its session ended on, when whoever
# started it asks (retro serve's sessions, whose pty carries only the
# program's bytes): one line of JSON, {"outcome": "human"|"program"|"draw"|null,
# "input_ended": true|false}, written at the end.
REPORT_FD = "RETRO_OUTCOME_FD"


def report(outcome: Optional[Outcome], input_ended: bool) -> None:
    """Write how the session ended to $RETRO_OUTCOME_FD, if it names an open descriptor."""
    try:
        fd = int(os.environ.get(REPORT_FD, ""))
    except ValueError:
        return
    line = json.dumps({"outcome": None if outcome is None else outcome.value, "input_ended": input_ended})
    try:
        os.write(fd, (line + "\n").encode())
        os.close(fd)
    except OSError:
        pass  # nobody listens any more: the status still says how it ended

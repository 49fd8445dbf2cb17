"""A session's last message to the page: its program's exit status (a signal N as 128 + N)
and what it means in words for a visitor, or why the server ended it; when the server knows
it, who won the session's last game (``outcome``); and the end bar's ``words``
(retro.outcome.end_bar), which the page shows as they are."""
from __future__ import annotations

import signal
from typing import Any, Optional

from .. import catalog
from ..exits import INTERNAL_ERROR, INTERRUPTED, PIPE_CLOSED
from ..outcome import Outcome, end_bar


def exit_frame(returncode: Optional[int], reason: str, program: Optional[catalog.Program] = None,
               outcome: Optional[Outcome] = None, input_ended: bool = False) -> dict[str, Any]:
    """The session's last message: the program's exit status (a signal N as
    128 + N, as a shell says it) and what it means, or why it was ended; the
    last game's ``outcome`` when it is known; what the end bar says (``words``:
    the outcome first, then how it stopped) when the program ended."""
    frame = _exit_frame(returncode, reason, program)
    result = None if outcome is None else Outcome(outcome)  # a wrong one is a ValueError here
    if result is not None:
        frame["outcome"] = result.value
    if frame["status"] is not None:
        frame["words"] = end_bar(frame["status"], result, input_ended)
    return frame


def _exit_frame(returncode: Optional[int], reason: str, program: Optional[catalog.Program]) -> dict[str, Any]:
    if returncode is None:
        return {"type": "exit", "status": None, "reason": reason}
    if returncode < 0:
        signum = -returncode
        return {"type": "exit", "status": 128 + signum,
                "reason": reason or f"the program was ended by signal {signum} ({_signal_name(signum)})",
                "meaning": f"ended by signal {signum} ({_signal_name(signum)})"}
    return {"type": "exit", "status": returncode, "reason": reason, "meaning": meaning(program, returncode)}


def meaning(program: Optional[catalog.Program], status: int) -> str:
    """What an exit status says, in words for a visitor: the program's own
    (its declared statuses), else retro's (retro/exits.py): Ctrl-C, a signal,
    an internal error; "" for a status nobody declared."""
    declared = dict(program.exit_statuses) if program is not None else {}
    if status in declared:
        return declared[status]
    if status == INTERRUPTED:
        return "interrupted by Ctrl-C"
    if status == INTERNAL_ERROR:
        return "an internal error of retro (the exhibit's operator has the report)"
    if status == PIPE_CLOSED:
        return "its output was closed"
    if 128 < status < 128 + 65:
        return f"ended by signal {status - 128} ({_signal_name(status - 128)})"
    return ""


def _signal_name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return str(signum)


"""The brain's command loop: a command a line from the manager on standard
input, the answers on standard output, until END, the end of input or
SIGTERM."""
from __future__ import annotations

import signal
import threading
from typing import BinaryIO, Callable

from .protocol import Brain


class Stop(Exception):
    """The manager asked the process to end (SIGTERM) while the brain waited for a command."""


def serve(stdin: BinaryIO, stdout: BinaryIO, brain_for: Callable[[Callable[[str], None]], Brain]) -> int:
    """Read commands until END or the end of input.  A manager that sends END
    and then SIGTERM at once (some do) lets the brain finish the command it is
    carrying out -- the learning from a lost game, the save -- before it ends."""

    def write(text: str) -> None:
        stdout.write(text.encode("ascii", "replace") + b"\n")
        stdout.flush()

    brain = brain_for(write)
    state = {"busy": False, "stop": False}

    def terminate(signum: int, frame: object) -> None:
        state["stop"] = True
        if not state["busy"]:
            raise Stop

    previous = signal.signal(signal.SIGTERM, terminate) if threading.current_thread() is threading.main_thread() else None
    try:
        try:
            while brain.running and not state["stop"]:
                line = stdin.readline(1 << 16)
                state["busy"] = True
                brain.handle(line.decode("ascii", "replace") if line else "END")
                state["busy"] = False
        except Stop:
            pass
        if brain.running:  # stopped by SIGTERM: as END, the game finished (a loss learnt) and saved
            state["busy"] = True
            brain.handle("END")
    except KeyboardInterrupt:
        return 130
    finally:
        brain.close()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    return 0

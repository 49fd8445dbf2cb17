"""A screen console (retro.console.ScreenConsole) on a pty of this process, in
cbreak mode without echo, as a program's terminal is: what it writes is kept in
a string, what a test types goes to the pty's other side."""
from __future__ import annotations

import io
import os
import pty
import termios
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator


@dataclass
class ConsoleOnPty:
    console: Any  # retro.console.ScreenConsole
    shown: io.StringIO  # what it wrote
    master: int  # the other side: what is written here is typed
    slave: int  # the console's terminal
    mode: list[Any]  # the terminal's modes as set (a test may change and set them again)


@contextmanager
def console_on_pty() -> Iterator[ConsoleOnPty]:
    import blessed

    from retro.console import ScreenConsole

    master, slave = pty.openpty()
    try:
        mode = termios.tcgetattr(slave)
        mode[3] &= ~(termios.ICANON | termios.ECHO)
        termios.tcsetattr(slave, termios.TCSANOW, mode)
        shown = io.StringIO()
        console = ScreenConsole(blessed.Terminal(kind="xterm-256color", stream=shown, force_styling=True),
                                stdin_fd=slave, stderr=io.BytesIO())
        yield ConsoleOnPty(console, shown, master, slave, mode)
    finally:
        os.close(master)
        os.close(slave)

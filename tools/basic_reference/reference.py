"""Sessions on the interpreter: boot, type the listing, RUN, feed the player's lines.

    from reference import Interpreter
    basic = Interpreter(version="2")            # boots and types version 2's listing once
    result = basic.session([b"1,4", b"1,13"])   # each session starts from that snapshot
    result.stdout, result.status, result.reply_ticks

The start-up questions are answered as the article's operator would:
MEMORY SIZE? 12192 ("run with 12192 words of memory"), TERMINAL WIDTH? 80
("a video terminal with 80 characters"), WANT SIN-COS-TAN-ATN? Y.

What a session's output is, so that it compares with ``retro run altair-3d``
in a pipe (README.md, "Echo"): the bytes BASIC wrote after RUN's echo, without
the line editor's output (the echo of the typed keys, the bell past the 71st
character, the editing keys' ``\\``/``_``/``@`` and new line, the CR LF after
RETURN), CR LF written as LF, NULs dropped.  A session's lines end with CR as
typed; when they run out the operator types Ctrl-C at the prompt (the port's
end of input).  The session ends when BASIC is back at its own OK prompt.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent))
import altair
import listing

STARTUP = (b"12192", b"80", b"Y")
CTRL_C = b"\x03"
ERROR = re.compile(rb"\?[A-Z/]{2} ERROR(?: IN \d+)?\nOK\n$")
BREAK = re.compile(rb"BREAK IN \d+\nOK\n$")


@dataclass
class Result:
    stdout: bytes  # as the port writes it in a pipe
    status: int  # 1 after a BASIC error, 0 after the Ctrl-C that ends the input
    raw: bytes  # everything BASIC wrote after RUN, echo included, as sent (CR LF, NULs)
    ticks: int  # 8080 states from RUN's CR to the final OK prompt
    reply_ticks: list  # per line read: states from its last key to BASIC's next wait for a line
    lines: list = None  # the lines typed


def status_of(stdout: bytes) -> int:
    if ERROR.search(stdout):
        return 1
    if BREAK.search(stdout):
        return 0
    return -1  # neither: the session did not end as expected


def to_pipe(raw: bytes) -> bytes:
    return raw.replace(b"\r\n", b"\n").replace(b"\x00", b"")


class Interpreter:
    def __init__(self, version: str = "3", seed: Optional[str] = None, keep=(), rom: Optional[bytes] = None,
                 **options: bool):
        self.lines = listing.listing(version, seed, keep=keep, **options)
        self.machine = altair.Altair(rom or altair.load_binary())
        typed = [*STARTUP, *(line.encode("ascii") for line in self.lines)]

        def next_line(direct: bool) -> Optional[bytes]:
            return typed.pop(0) + b"\r" if typed else None

        self.machine.next_line = next_line
        self.machine.run()
        self.boot_text = self.machine.output(echo=True)
        problems = [l for l in self.boot_text.split(b"\r\n") if b"ERROR" in l or b"\x07" in l]
        if problems:
            raise RuntimeError(f"typing the listing: {problems}")
        self.state = self.machine.snapshot()

    def session(self, lines: Iterable[bytes], max_ticks: int = 60_000_000_000) -> Result:
        """A session with these lines typed, one at each prompt, then Ctrl-C."""
        queue = [bytes(l) for l in lines]
        return self.play(lambda text: queue.pop(0) if queue else None, max_ticks)

    def play(self, answer: Callable[[bytes], Optional[bytes]], max_ticks: int = 60_000_000_000) -> Result:
        """A session in which ``answer(output so far)`` gives each line (None: the input ends);
        ``Result.lines`` are the lines typed."""
        m = self.machine
        m.restore(self.state)
        typed: list[bytes] = []
        state = {"run": False, "ended": False}

        def next_line(direct: bool) -> Optional[bytes]:
            if not state["run"]:
                state["run"] = True
                return b"RUN\r"
            if direct or state["ended"]:
                return None  # back at OK: the program is over
            line = answer(self._stdout())
            if line is None:
                state["ended"] = True
                return CTRL_C
            typed.append(line)
            if any(byte & 0x7F == 0x03 for byte in line):  # a Ctrl-C typed in the line: BREAK
                state["ended"] = True  # the keys after it would go to BASIC's own prompt
                return bytes(line[:next(i for i, b in enumerate(line) if b & 0x7F == 0x03) + 1])
            return line + b"\r"

        m.next_line = next_line
        m.run(max_ticks)
        raw = b"".join(bytes(c.data) for c in self._after_run())
        stdout = self._stdout()
        start = m.line_ends[0] if m.line_ends else 0
        replies = [nxt - end for end, nxt in zip(m.line_ends[1:], m.line_starts[2:])]
        return Result(stdout, status_of(stdout), raw, m.ticks - start, replies, typed)

    def _after_run(self) -> list:
        chunks = self.machine.chunks
        first = next((i for i, c in enumerate(chunks) if c.echo), len(chunks))  # RUN's own echo
        return chunks[first + 1:]

    def _stdout(self) -> bytes:
        return to_pipe(b"".join(bytes(c.data) for c in self._after_run() if not c.echo))

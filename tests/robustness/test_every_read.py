"""End of input and Ctrl-C at every read of every golden session, in process.

Each golden transcript passes a port's prompts in a known order.  Cut its input
short at read k (the end of input the program finds there, or the
KeyboardInterrupt that Ctrl-C raises in a blocking read) for every k: the
session ends with a documented status (130 for Ctrl-C), everything the
program printed before that prompt was shown, and no traceback.  The pty tests
(test_interrupts.py) do the same on a real terminal for one read of each
kind of prompt.
"""
import io
from pathlib import Path
from typing import Optional

import pytest

from retro import catalog, transcript
from retro.console import LineConsole, StreamKind
from retro.exits import INTERNAL_ERROR, INTERRUPTED
from retro.runner import run_session

from robust_helpers import ROOT, documented_statuses, time_limit

FILES = [p for p in transcript.find_transcripts([ROOT / "transcripts"]) if transcript.load(p).stdin == "pipe"]


class CutShort(LineConsole):
    """The session's input, cut at read ``k``: there the program finds the end
    of input (``how="eof"``) or Ctrl-C is pressed (``how="ctrl-c"``)."""

    def __init__(self, lines: list[Optional[str]], k: int, how: str, kind: StreamKind):
        super().__init__(io.BytesIO(), io.BytesIO(), io.BytesIO(), input_kind=kind)
        self.lines, self.k, self.how, self.reads = lines, k, how, 0
        self.cut = False  # whether the program asked for read k

    def read_line(self) -> Optional[str]:
        if self.reads == self.k:
            self.cut = True
            if self.how == "ctrl-c":
                raise KeyboardInterrupt
            return None
        line = self.lines[self.reads]
        self.reads += 1
        return line

    def read_chunk(self, size: int) -> Optional[str]:  # C's and Fortran's stdio read through this
        return self.read_line()


def output_before_read(session: transcript.Transcript, k: int) -> str:
    """What the golden session printed before its k-th read (0-based)."""
    shown, reads = [], 0
    for event in session.events:
        if event.kind == "in":
            if reads == k:
                break
            reads += 1
        elif event.kind == "out":
            shown.append(event.text or "")
    return "".join(shown)


def run_cut_short(path: Path, how: str):
    """(k, status, console, expected output) for each read of the session."""
    session = transcript.load(path)
    program = catalog.get(session.program)
    options = program.replay_options(program.parse_options(session.options), path.parent)
    lines = [e.text for e in session.events if e.kind == "in"]
    for k in range(len(lines) + 1):
        console = CutShort(lines, k, how, session.stdin)
        with time_limit(30):
            status = run_session(program, console, options)
        yield k, status, console, output_before_read(session, k)


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_end_of_input_at_every_read(path: Path) -> None:
    program_id = transcript.load(path).program
    for k, status, console, before in run_cut_short(path, "eof"):
        where = f"end of input at read {k} of {path.name}"
        assert status != INTERNAL_ERROR and "Traceback" not in console.errors(), (where, console.errors())
        assert status in documented_statuses(program_id), (where, status)
        assert console.output().startswith(before), where


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_ctrl_c_at_every_read(path: Path) -> None:
    for k, status, console, before in run_cut_short(path, "ctrl-c"):
        where = f"Ctrl-C at read {k} of {path.name}"
        if not console.cut:
            continue  # the session ended before it asked again
        assert status == INTERRUPTED, (where, status, console.errors())
        assert "Traceback" not in console.errors(), where
        assert console.output().startswith(before), where

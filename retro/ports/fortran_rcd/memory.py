"""What a move outside the board does in the reference build.

TicTacToe.f90 never checks ``loc``.  ``tablero(loc(1),loc(2))`` reads the word
``(loc(1)-1) + 3*(loc(2)-1)`` counted from ``tablero(1,1)`` -- for offsets 0..8
that is simply another square (``4,1`` is ``1,2``) -- and ``colocar`` then writes
the move at the same offset of a temporary on the stack.  Outside the board:

* the read sees the program's own static memory: the main program's variables
  (``n``, ``theta``, ``loc``...), read live here, and the rest of the
  executable's image, whose zero words ``data/memory-<ai>.txt`` lists as
  measured on the reference build; beyond the image, the read faults;
* a non-zero word means "occupied": the program asks again;
* a zero word means "free": the write lands on the stack.  Where it hits a
  live frame the program dies (``crash``); where it hits MAIN__'s saved frame
  pointer or return address it dies only if MAIN__ ever returns (after PAUSE
  with ``go``: ``crash-on-return``); elsewhere the move is simply lost: the
  board is unchanged and the computer plays.

Writes high above MAIN__'s frame reach the C start-up frames and the
environment, and crash or not depending on the environment the program was
started in; they are not emulated (a lost move), see NOTES.md.
"""
from __future__ import annotations

import bisect
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from retro.dialects.fortran import Segfault

DATA = Path(__file__).resolve().parent / "data"


class MainVariables(Protocol):
    sel: str
    n: int
    theta: int
    loc: list[int]
    cw: bool
    hw: bool


class _Ranges:
    def __init__(self, runs: list[tuple[int, int]]):
        runs.sort()
        self.starts = [a for a, _ in runs]
        self.ends = [b for _, b in runs]

    def __contains__(self, off: int) -> bool:
        k = bisect.bisect_right(self.starts, off) - 1
        return k >= 0 and off <= self.ends[k]


class MemoryMap:
    """One build's map, as data/memory-<ai>.txt records it."""

    def __init__(self, text: str):
        self.image = (0, -1)
        self.frame_end = 0
        self.variables: dict[int, str] = {}
        runs: dict[str, list[tuple[int, int]]] = {"zero": [], "crash": [], "crash-on-return": []}
        for line in text.splitlines():
            if not line or line.startswith("#"):
                continue
            kind, *args = line.split()
            if kind == "image":
                self.image = (int(args[0]), int(args[1]))
            elif kind == "frame-end":
                self.frame_end = int(args[0])
            elif kind == "variable":
                self.variables[int(args[1])] = args[0]
            else:
                runs[kind].append((int(args[0]), int(args[1])))
        self.zero = _Ranges(runs["zero"])
        self.crash = _Ranges(runs["crash"])
        self.crash_on_return = _Ranges(runs["crash-on-return"])


@lru_cache(maxsize=None)
def memory_map(ai: str) -> MemoryMap:
    return MemoryMap((DATA / f"memory-{ai}.txt").read_text(encoding="ascii"))


class ReferenceMemory:
    """The memory one run of the program reaches through an out-of-range loc."""

    def __init__(self, ai: str, main: MainVariables):
        self.map = memory_map(ai)
        self.main = main
        self.return_broken = False
        # A write above MAIN__'s frame: what it hits depends on the environment.
        self.undetermined = False
        # A move pointed outside the board (what it read is this build's memory).
        self.reached = False

    def _variable(self, name: str) -> int:
        m = self.main
        values = {
            "sel": ord(m.sel[0]) if m.sel else 0,  # character(1) and three zero bytes
            "n": m.n,
            "theta": m.theta,
            "loc1": m.loc[0],
            "loc2": m.loc[1],
            "cw": int(m.cw),
            "hw": int(m.hw),
            "completed": 0,  # set by the C runtime at exit only
        }
        return values[name]

    def read(self, off: int) -> int:
        """The word at ``off``: only whether it is zero matters to the program."""
        self.reached = True
        low, high = self.map.image
        if not low <= off <= high:
            raise Segfault(f"read at word {off}")
        if off in self.map.variables:
            return self._variable(self.map.variables[off])
        return 0 if off in self.map.zero else 1

    def write(self, off: int) -> None:
        """colocar's store of the move at ``off`` of its stack temporary."""
        if off in self.map.crash:
            raise Segfault(f"write at word {off}")
        if off in self.map.crash_on_return:
            self.return_broken = True
        if off > self.map.frame_end:
            self.undetermined = True

    def program_returns(self) -> None:
        """MAIN__ returns (after PAUSE and ``go``)."""
        if self.return_broken:
            raise Segfault("return through a clobbered frame")

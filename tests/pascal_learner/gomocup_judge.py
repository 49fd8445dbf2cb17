"""A tournament manager as GomocupJudge runs one (Gomocup/GomocupJudge,
``client/new_protocol.py``), for the tests: a fresh brain process per
game; ``START`` and the ``INFO``s written at once, without
waiting for ``OK``; the process suspended (SIGSTOP) while the opponent thinks
and resumed (SIGCONT) for its own move; ``INFO time_left`` before every move;
the first move asked with ``BOARD`` (the stones so far, in the order played),
the others with ``TURN``; the answer awaited for ``timeout_turn`` (bounded by
the match's time left) plus a tolerance, lines that are not ``X,Y``
(``OK``, ``MESSAGE``) skipped; the memory of the process tree measured after
every move; at the end ``END``, and the process killed 0.5 s later if it is
still there.  GomocupJudge measures psutil's ``vms``; this one measures the
USS (its private pages, retro/processes.py), the memory the brain itself
costs.
"""
from __future__ import annotations

import os
import select
import signal
import subprocess
import time
from pathlib import Path
from typing import IO, Optional, Sequence

from retro import processes


def uss(pid: int) -> int:
    """Bytes of private memory (USS) of a process and its descendants."""
    members = (processes.memory(member) for member in [pid, *processes.descendants(pid)])
    return sum(memory.unique for memory in members if memory is not None)


class TimeExceeded(Exception):
    """The brain did not answer in the time GomocupJudge allows (its "TLE")."""


class JudgedBrain:
    """One brain for one game, driven as GomocupJudge's ``new_protocol`` drives it."""

    def __init__(self, command: Sequence[str], size: int, folder: Path, errors: IO[bytes],
                 timeout_turn: int = 5000, timeout_match: int = 60000, max_memory: int = 350 << 20,
                 rule: int = 0, tolerance: float = 1.0, cwd: Optional[Path] = None):
        self.timeout_turn = timeout_turn
        self.timeout_match = timeout_match
        self.tolerance = tolerance
        self.time_used = 0.0
        self.moves: list[tuple[int, int, int]] = []  # x, y and 1 (this brain's) or 2, in order
        self.answer_times: list[float] = []
        self.peak_uss = 0
        self.messages: list[str] = []
        self.process = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=errors, cwd=cwd)
        self._pending = b""
        self._write(f"START {size}", f"INFO timeout_turn {timeout_turn}", f"INFO timeout_match {timeout_match}",
                    f"INFO max_memory {max_memory}", "INFO game_type 1", f"INFO rule {rule}",
                    f"INFO folder {folder}")
        self._signal(signal.SIGSTOP)

    def __enter__(self) -> "JudgedBrain":
        return self

    def __exit__(self, *exc: object) -> None:
        """A test that failed mid-game leaves no process behind, stopped or not."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def _write(self, *lines: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(b"".join(line.encode() + b"\r\n" for line in lines))
        self.process.stdin.flush()

    def _signal(self, signum: int) -> None:
        try:
            os.kill(self.process.pid, signum)
        except ProcessLookupError:
            pass

    def _line(self, deadline: float) -> Optional[str]:
        """The brain's next line, or None if none comes by the deadline."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        while b"\n" not in self._pending:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 4096)
            if not chunk:
                return None
            self._pending += chunk
        line, _, self._pending = self._pending.partition(b"\n")
        return line.decode("ascii").strip()

    def _wait(self) -> tuple[int, int]:
        self._signal(signal.SIGCONT)
        allowed = (min(self.timeout_match / 1000 - self.time_used, self.timeout_turn / 1000) + self.tolerance)
        began = time.monotonic()
        while True:
            line = self._line(began + allowed)
            if line is None:
                raise TimeExceeded(f"no move in {allowed:.1f} s")
            if line.upper().startswith("MESSAGE"):
                self.messages.append(line)
                continue
            try:
                x, y = (int(v) for v in line.split(","))
                break
            except ValueError:
                continue  # OK, and whatever else GomocupJudge passes over
        took = time.monotonic() - began
        self.time_used += took
        self.answer_times.append(took)
        self.peak_uss = max(self.peak_uss, uss(self.process.pid))
        self._signal(signal.SIGSTOP)
        self.moves.append((x, y, 1))
        return x, y

    def _time_left(self) -> str:
        return f"INFO time_left {int(self.timeout_match - self.time_used * 1000)}"

    def board(self, stones: Sequence[tuple[int, int, int]]) -> tuple[int, int]:
        """The first move: BOARD with the stones so far (x, y, 1 the brain's or 2)."""
        self.moves = list(stones)
        self._write(self._time_left(), "BOARD", *(f"{x},{y},{field}" for x, y, field in stones), "DONE")
        return self._wait()

    def turn(self, x: int, y: int) -> tuple[int, int]:
        self.moves.append((x, y, 2))
        self._write(self._time_left(), f"TURN {x},{y}")
        return self._wait()

    def end(self, patience: float = 0.5) -> bool:
        """END, and a kill ``patience`` seconds later (GomocupJudge's 0.5 s):
        True if the brain had ended by then."""
        self._signal(signal.SIGCONT)
        self._write("END")
        try:
            self.process.wait(timeout=patience)
        except subprocess.TimeoutExpired:
            pass
        ended = self.process.poll() is not None
        if not ended:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()
        return ended

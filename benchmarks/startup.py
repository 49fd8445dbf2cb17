"""Start-up: a scripted game in a pipe against Python's own start.

`printf ... | retro run fortran-rcd` (one complete game, the MJ weakness) and
`python -c pass`, timed side by side: the two alternate, so that the load of
the machine weighs on both alike; the figures are medians of the wall time.
The aim (BENCHMARKS.md): the game at most 4x `python -c pass`.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

RUNS = int(os.environ.get("STARTUP_RUNS", "31"))
GAME = b"N\n3,3\n3,1\n1,3\n2,3\nN\n"


def retro_command() -> list[str]:
    """The installed `retro` beside this Python (as `make run` starts it), else `python -m retro`."""
    script = Path(sys.executable).with_name("retro")
    return [str(script)] if script.exists() else [sys.executable, "-m", "retro"]


def wall(command: list[str], stdin: bytes) -> float:
    start = time.perf_counter()
    subprocess.run(command, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def run() -> Iterator[tuple[str, str]]:
    game = retro_command() + ["run", "fortran-rcd", "--ai", "mj"]
    bare = [sys.executable, "-c", "pass"]
    for _ in range(3):  # warm the file cache
        wall(bare, b""), wall(game, GAME)
    pairs = [(wall(bare, b""), wall(game, GAME)) for _ in range(RUNS)]
    python = statistics.median(p for p, _ in pairs)
    retro = statistics.median(r for _, r in pairs)
    yield "python -c pass (median wall)", f"{python * 1000:.1f} ms ({RUNS} runs)"
    yield "retro run fortran-rcd, one game in a pipe", f"{retro * 1000:.1f} ms ({RUNS} runs)"
    yield "ratio of the medians (aim: at most 4)", f"{retro / python:.2f}"
    ratios = sorted(r / p for p, r in pairs)
    yield "ratio, each pair: median (quartiles)", (f"{statistics.median(ratios):.2f} "
                                                   f"({ratios[len(ratios) // 4]:.2f}-{ratios[3 * len(ratios) // 4]:.2f})")

"""Start-up: a scripted game in a pipe against Python's own start.

`printf ... | retro run fortran-rcd` (one complete game, the MJ weakness) and
`python -c pass`, timed side by side: the two alternate, so that the load of
the machine weighs on both alike; the figures are medians of the wall time,
and of the CPU time (user and system), which a loaded machine stretches less.
Two ways each: compiled, as an installed retro runs (its modules' bytecode
kept, here in a folder of the benchmark's own, PYTHONPYCACHEPREFIX), and
from source, as this checkout runs under PYTHONDONTWRITEBYTECODE (every
module of retro compiled at each start; the standard library's bytecode is
installed with Python either way).
The aim (BENCHMARKS.md): the game at most 4x `python -c pass`.
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Iterator, Mapping

RUNS = int(os.environ.get("STARTUP_RUNS", "31"))
GAME = b"N\n3,3\n3,1\n1,3\n2,3\nN\n"


def retro_command() -> list[str]:
    """The installed `retro` beside this Python (as `make run` starts it), else `python -m retro`."""
    script = Path(sys.executable).with_name("retro")
    return [str(script)] if script.exists() else [sys.executable, "-m", "retro"]


Timing = tuple[float, float]  # wall and CPU seconds


def timed(command: list[str], stdin: bytes, env: Mapping[str, str]) -> Timing:
    start, cpu = time.perf_counter(), _children_cpu()
    subprocess.run(command, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=env)
    return time.perf_counter() - start, _children_cpu() - cpu


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def side_by_side(env: Mapping[str, str]) -> list[tuple[Timing, Timing]]:
    """(python -c pass, the game), RUNS pairs, after three to warm the caches."""
    game = retro_command() + ["run", "fortran-rcd", "--ai", "mj"]
    bare = [sys.executable, "-c", "pass"]
    for _ in range(3):
        timed(bare, b"", env), timed(game, GAME, env)
    return [(timed(bare, b"", env), timed(game, GAME, env)) for _ in range(RUNS)]


def figures(how: str, pairs: list[tuple[Timing, Timing]]) -> Iterator[tuple[str, str]]:
    for kind, which in (("wall", 0), ("CPU", 1)):
        python = statistics.median(p[which] for p, _ in pairs)
        retro = statistics.median(r[which] for _, r in pairs)
        yield f"{how}: python -c pass ({kind}, median)", f"{python * 1000:.1f} ms ({RUNS} runs)"
        yield f"{how}: retro run, one game ({kind}, median)", f"{retro * 1000:.1f} ms ({RUNS} runs)"
        yield f"{how}: ratio ({kind}; aim: at most 4)", f"{retro / python:.2f}"
    ratios = sorted(r[0] / p[0] for p, r in pairs)
    yield f"{how}: each pair's ratio (wall), quartiles", (
        f"{statistics.median(ratios):.2f} ({ratios[len(ratios) // 4]:.2f}-{ratios[3 * len(ratios) // 4]:.2f})")


def run() -> Iterator[tuple[str, str]]:
    with tempfile.TemporaryDirectory() as cache:
        compiled = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        yield from figures("compiled", side_by_side({**compiled, "PYTHONPYCACHEPREFIX": cache}))
    source = {key: value for key, value in os.environ.items() if key != "PYTHONPYCACHEPREFIX"}
    yield from figures("from source", side_by_side({**source, "PYTHONDONTWRITEBYTECODE": "1"}))

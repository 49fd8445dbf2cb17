"""`retro serve`'s crowds and sessions, side by side in one run (tests/web/measure_sessions.py,
whose words these figures are in):

- VISITORS visitors at once spread over every program (the learner and the Altair among
  them), beside as many of fortran-rcd alone: ROUNDS rounds, each crowd after the other, so
  that a shared machine's load weighs on both alike (their ratio);
- HELD visitors of every program held HOLD_SECONDS, and nothing left behind after;
- SESSIONS sessions of each program at once: start-up and memory, each session forked from
  the template and, side by side, spawned (a Python of its own, as before the template).

A crowd of spawned sessions is left to `tests/web/measure_sessions.py --load N` by hand: on
a loaded machine its visitors' sessions are lost to the server's unanswered pings.

The aims (BENCHMARKS.md): 150 visitors see their first prompt within 2 s (p95), a key answered
within 0.1 s, a session at most 8 MiB PSS.  A session lost fails the benchmark (``Failed``).
"""
from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Iterator

from benchmarks import Failed

VISITORS = int(os.environ.get("WEB_SESSIONS_VISITORS", "150"))
HELD = int(os.environ.get("WEB_SESSIONS_HELD", "300"))
HOLD_SECONDS = float(os.environ.get("WEB_SESSIONS_HOLD_SECONDS", "60"))
ROUNDS = int(os.environ.get("WEB_SESSIONS_ROUNDS", "3"))
SESSIONS = int(os.environ.get("WEB_SESSIONS_AT_ONCE", "8"))


def run() -> Iterator[tuple[str, str]]:
    sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "tests" / folder) for folder in ("web", "")]
    import measure_sessions as measure
    from retro import catalog

    every = tuple(catalog.programs())
    try:
        crowds, alone = [], []
        for _ in range(ROUNDS):
            crowds.append(measure.load(VISITORS, "forked", every))
            alone.append(measure.load(VISITORS, "forked", ("fortran-rcd",)))
        yield from measure.said(crowds[-1])
        yield from measure.said(alone[-1])
        yield measure.compared(crowds, alone)
        yield from measure.said(measure.load(HELD, "forked", every, hold=HOLD_SECONDS))
        for start in measure.STARTS:
            yield from asyncio.run(measure.costs(SESSIONS, start))
    except measure.Failed as failed:
        raise Failed(str(failed)) from None

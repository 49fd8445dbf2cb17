"""`retro serve`'s sessions: forked from the template against spawned, side by side in one run.

tests/web/measure_sessions.py, twice for each start (the template's fork, a Python of its own
as before the template): VISITORS visitors at once on one server (their first prompt, a key
answered, the memory of a session), and SESSIONS sessions of each program at once (start-up
to the first byte, memory).  The aims (BENCHMARKS.md): 150 visitors see their first prompt
within 2 s (p95), a key answered within 0.1 s, a session at most 8 MiB PSS.
"""
from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path
from typing import Iterator

VISITORS = int(os.environ.get("WEB_SESSIONS_VISITORS", "150"))
SESSIONS = int(os.environ.get("WEB_SESSIONS_AT_ONCE", "8"))


def run() -> Iterator[tuple[str, str]]:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
    import measure_sessions

    for start in measure_sessions.STARTS:
        figures = measure_sessions.load(VISITORS, start)
        yield f"{start}: {VISITORS} visitors, first prompt p50 / p95", \
            f"{figures['prompt_p50']:.2f} s / {figures['prompt_p95']:.2f} s"
        yield f"{start}: a key answered p50 / p95", f"{figures['key_p50']:.3f} s / {figures['key_p95']:.3f} s"
        yield f"{start}: PSS a session (median; with the template)", \
            f"{figures['median']:.1f} MiB; {figures['whole']:.1f} MiB ({figures['sessions']:.0f} sessions" + \
            (f", {figures['lost']:.0f} lost)" if figures["lost"] else ")")
    for start in measure_sessions.STARTS:
        for what, figures in asyncio.run(measure_sessions.costs(SESSIONS, start)):
            yield f"{what}, {SESSIONS} at once", figures

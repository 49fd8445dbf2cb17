"""The POST pipe API: a short perl-midterm run (the assignment's sample session) answered,
its program forked from the template against spawned (a Python of its own, as before), side by
side in one run.  The aim (BENCHMARKS.md): at most 60 ms forked, the median of RUNS.
"""
from __future__ import annotations

import asyncio
import os
import statistics
import time
from typing import Iterator, Optional

from aiohttp.test_utils import TestClient, TestServer

from retro import resources, transcript
from retro.web.app import application
from retro.web.config import Limits
from retro.web.exhibit import Exhibit
from retro.web.forking import Template

RUNS = int(os.environ.get("POST_RUNS", "10"))


async def answered(template: Optional[Template], body: bytes) -> list[float]:
    """Seconds from each POST to its whole answer, RUNS times, after one run that loads the template."""
    limits = Limits(client_sessions=RUNS, client_starts=1000)
    async with TestClient(TestServer(application(Exhibit(limits=limits, template=template)))) as client:
        times = []
        for _ in range(RUNS + 1):
            started = time.perf_counter()
            answer = await client.post("/api/run/perl-midterm", data=body)
            await answer.read()
            assert answer.status == 200, answer.status
            times.append(time.perf_counter() - started)
    return times[1:]


def run() -> Iterator[tuple[str, str]]:
    [sample] = [s for s in resources.sessions() if s.name == "perl-midterm/spec-sample"]
    body = transcript.load(sample.path).input_bytes()
    template = Template()
    try:
        starts = {"forked": asyncio.run(answered(template, body)), "spawned": asyncio.run(answered(None, body))}
    finally:
        template.close()
    for start, times in starts.items():
        yield f"{start}: a short perl-midterm run, median of {RUNS}", \
            f"{statistics.median(times) * 1000:.0f} ms (p90 {statistics.quantiles(times, n=10)[-1] * 1000:.0f} ms)"

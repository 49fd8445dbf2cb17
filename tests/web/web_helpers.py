"""Shared by the web tests: an in-process server, golden sessions as query and
input, and `retro run` in a pipe as the reference."""
import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Awaitable, Callable

from aiohttp.test_utils import TestClient, TestServer

from retro import catalog, transcript
from retro.web.app import Exhibit, application

ROOT = Path(__file__).resolve().parents[2]
TRANSCRIPTS = ROOT / "transcripts"

# A golden session of every port (pipe input, no file named), Fig. 5 among them.
GOLDEN = {
    "altair-3d": "fig5-v2-player-wins",
    "pascal-learner": "bad-input",
    "cpm-c": "bad-input",
    "fortran-rcd": "mj-weakness",
    "perl-midterm": "spec-sample",
}


def golden(program_id: str, name: str = "") -> transcript.Transcript:
    return transcript.load(TRANSCRIPTS / program_id / f"{name or GOLDEN[program_id]}.txt")


def query(program_id: str, words: list[str]) -> dict[str, str]:
    """Query parameters that say what these command-line words say."""
    program = catalog.get(program_id)
    flags = {flag: opt for opt in program.options for flag in opt.opts}
    params: dict[str, str] = {}
    k = 0
    while k < len(words):
        opt = flags[words[k]]
        if opt.is_flag:
            params[opt.name] = "1"
            k += 1
        else:
            params[opt.name] = words[k + 1]
            k += 2
    return params


def retro_run(program_id: str, words: list[str], data: bytes) -> tuple[bytes, int]:
    """What `retro run ID WORDS` writes to standard output in a pipe, and its status."""
    done = subprocess.run([sys.executable, "-m", "retro", "run", program_id, *words], input=data,
                          capture_output=True, timeout=120, env=dict(os.environ))
    return done.stdout, done.returncode


def with_client(work: Callable[[TestClient], Awaitable[Any]], exhibit: Exhibit | None = None) -> Any:
    """Run ``work(client)`` against the application, in process."""
    async def main() -> Any:
        async with TestClient(TestServer(application(exhibit or Exhibit()))) as client:
            return await work(client)
    return asyncio.run(main())

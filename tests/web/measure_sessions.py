"""How much a session costs: start-up time (to its first byte on the
terminal) and memory (PSS and RSS of its process) of each program, N
sessions at once; and, with ``--load N``, N visitors at once on one `retro
serve` over WebSockets: how long until each sees its first prompt, and how
long a key takes to be answered.  Run by hand; its numbers are in README
(In a web browser) and set the default of ``retro serve --max-sessions``:

    .venv/bin/python tests/web/measure_sessions.py [N]
    .venv/bin/python tests/web/measure_sessions.py --load N
"""
import asyncio
import statistics
import sys
import time
from pathlib import Path

from retro import catalog
from retro.web.process import Command, Terminal


def memory_kib(pid: int) -> tuple[int, int]:
    """(PSS, RSS) of a process in KiB, from /proc/PID/smaps_rollup."""
    found = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        key, _, rest = line.partition(":")
        if key in ("Pss", "Rss"):
            found[key] = int(rest.split()[0])
    return found["Pss"], found["Rss"]


async def one(program_id: str) -> tuple[float, Terminal]:
    started = time.monotonic()
    term = await Terminal.start(Command().argv(program_id, []), 80, 24)
    await term.read()
    return time.monotonic() - started, term


async def main(count: int) -> None:
    print(f"{count} sessions of each program at once; start-up to the first byte, memory once started")
    for program_id in catalog.programs():
        results = await asyncio.gather(*(one(program_id) for _ in range(count)))
        await asyncio.sleep(1.0)  # settled at its first prompt
        mems = [memory_kib(term.process.pid) for _, term in results]
        times = sorted(t for t, _ in results)
        print(f"{program_id:15} start-up median {statistics.median(times):.2f} s, max {times[-1]:.2f} s; "
              f"PSS median {statistics.median(m[0] for m in mems) / 1024:.1f} MiB, "
              f"RSS median {statistics.median(m[1] for m in mems) / 1024:.1f} MiB")
        await asyncio.gather(*(term.end(1.0) for _, term in results))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def load(count: int) -> None:
    import aiohttp

    from web_helpers import start_server

    server, url = start_server(Path("/tmp"), "--max-sessions", str(count))
    try:
        async def visitor(session: aiohttp.ClientSession) -> tuple[float, float]:
            started = time.monotonic()
            async with session.ws_connect(url.replace("http", "ws") + "ws/run/cpm-c") as ws:
                seen = b""
                while b"Select your symbol" not in seen:
                    seen += (await ws.receive()).data
                prompt = time.monotonic() - started
                await asyncio.sleep(1.0)
                typed = time.monotonic()
                await ws.send_bytes(b"X\r")
                while b"Your move:" not in seen:
                    seen += (await ws.receive()).data
                return prompt, time.monotonic() - typed

        async with aiohttp.ClientSession() as session:
            results = await asyncio.gather(*(visitor(session) for _ in range(count)))
        prompts = [p for p, _ in results]
        answers = [a for _, a in results]
        print(f"{count} visitors at once: first prompt p50 {percentile(prompts, 0.5):.2f} s, "
              f"p95 {percentile(prompts, 0.95):.2f} s; a key answered p50 {percentile(answers, 0.5):.3f} s, "
              f"p95 {percentile(answers, 0.95):.3f} s")
    finally:
        server.send_signal(2)
        server.wait(timeout=60)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--load"]:
        sys.path.insert(0, str(Path(__file__).parent))
        asyncio.run(load(int(sys.argv[2])))
    else:
        asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 8))

"""How much a session costs: start-up time (to its first byte on the
terminal) and memory (PSS and RSS of its process) of each program, N
sessions at once.  Run by hand; its numbers are in README (In a web browser)
and set the default of ``retro serve --max-sessions``:

    .venv/bin/python tests/web/measure_sessions.py [N]
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


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 8))

"""How much a session costs, its program forked from the template (retro.web.template) and,
side by side, spawned as before it (a Python of its own): start-up time (to its first byte on
the terminal) and memory (PSS and RSS of its process) of each program, N sessions at once; and,
with ``--load N``, N visitors at once on one `retro serve` over WebSockets: how long until each
sees its first prompt, how long a key takes to be answered, and the memory of all the sessions
(the template's counted too, shared among them).  Run by hand, and by `make bench`
(benchmarks/web_sessions.py); its numbers are in BENCHMARKS.md and README (In a web browser),
and set the default of ``retro serve --max-sessions`` (retro/web/config.py, SESSION_MIB):

    .venv/bin/python tests/web/measure_sessions.py [N]
    .venv/bin/python tests/web/measure_sessions.py --load N
"""
import asyncio
import statistics
import subprocess
import sys
import time
from typing import Optional

from retro import catalog, processes
from retro.web.forking import Template
from retro.web.process import Command, Terminal

STARTS = ("forked", "spawned")  # the template's, and a Python of its own (before the template)


def memory_kib(pid: int) -> tuple[int, int, int]:
    """(PSS, RSS, USS: its own pages, shared with no other) of a process in KiB."""
    memory = processes.memory(pid)
    if memory is None:
        raise ProcessLookupError(pid)
    return memory.proportional // 1024, memory.resident // 1024, memory.unique // 1024


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def one(program_id: str, template: Optional[Template]) -> tuple[float, Terminal]:
    started = time.monotonic()
    term = await Terminal.start(Command().argv(program_id, []), 80, 24, template=template)
    await term.read()
    return time.monotonic() - started, term


async def costs(count: int, start: str) -> list[tuple[str, str]]:
    """Each program, ``count`` sessions at once: start-up to the first byte,
    memory once started; (what, figures) lines."""
    template = Template() if start == "forked" else None
    lines = []
    try:
        if template is not None:
            await (await one("cpm-c", template))[1].end(1.0)  # the template has loaded retro
        for program_id in catalog.programs():
            results = await asyncio.gather(*(one(program_id, template) for _ in range(count)))
            await asyncio.sleep(1.0)  # settled at its first prompt
            mems = [memory_kib(term.process.pid) for _, term in results]
            times = sorted(t for t, _ in results)
            lines.append((f"{start} {program_id}", f"start-up median {statistics.median(times):.3f} s, "
                          f"max {times[-1]:.3f} s; median PSS {statistics.median(m[0] for m in mems) / 1024:.1f}, "
                          f"USS {statistics.median(m[2] for m in mems) / 1024:.1f}, "
                          f"RSS {statistics.median(m[1] for m in mems) / 1024:.1f} MiB"))
            await asyncio.gather(*(term.end(1.0) for _, term in results))
        if template is not None and template.process is not None:
            lines.append((f"{start}: the template itself", f"PSS {memory_kib(template.process.pid)[0] / 1024:.1f} MiB "
                          f"(shared by the sessions)"))
    finally:
        if template is not None:
            template.close()
    return lines


SERVER = ("import sys; from retro.web import forking, server; from retro.web.exhibit import Exhibit; "
          "{close}sys.exit(server.serve('127.0.0.1', 0, Exhibit(max_sessions={count})))")


def start_server(count: int, start: str) -> tuple[subprocess.Popen, str]:
    """`retro serve` for ``count`` sessions, its sessions forked or spawned: the process, its URL."""
    close = "forking.TEMPLATE.close(); " if start == "spawned" else ""
    server = subprocess.Popen([sys.executable, "-c", SERVER.format(close=close, count=count)], cwd="/tmp",
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert server.stderr is not None
    return server, server.stderr.readline().decode().split()[2]


def sessions_pss_kib(server_pid: int) -> tuple[list[int], int]:
    """(each session's PSS, the template's or 0), in KiB: the server's children
    with a controlling terminal, and the one without (the template)."""
    sessions, template = [], 0
    for pid in processes.children(server_pid):
        try:
            pss = memory_kib(pid)[0]
        except ProcessLookupError:
            continue
        if processes.terminal(pid) is None:
            template = pss
        else:
            sessions.append(pss)
    return sessions, template


async def visitors(url: str, count: int, server_pid: int) -> dict[str, float]:
    import aiohttp

    measured = asyncio.Event()
    finished: list[bool] = []  # a visitor at its second prompt (True), or whose session failed (False)
    memory: dict[str, float] = {}

    def one_more(ok: bool) -> None:
        finished.append(ok)
        if len(finished) == count:  # every session at its second prompt: their memory
            each, template = sessions_pss_kib(server_pid)
            memory.update(sessions=len(each), median=statistics.median(each) / 1024 if each else 0.0,
                          whole=(sum(each) + template) / max(1, len(each)) / 1024, template=template / 1024)
            measured.set()

    async def visitor(session: aiohttp.ClientSession) -> Optional[tuple[float, float]]:
        started = time.monotonic()
        try:
            async with session.ws_connect(url.replace("http", "ws") + "ws/run/cpm-c") as ws:
                seen = b""
                while b"Select your symbol" not in seen:
                    seen += (await ws.receive()).data
                prompt = time.monotonic() - started
                try:  # a second, reading (the server's pings are answered as the page does)
                    await asyncio.wait_for(ws.receive(), 1.0)
                except asyncio.TimeoutError:
                    pass
                typed = time.monotonic()
                await ws.send_bytes(b"X\r")
                while b"Your move:" not in seen:
                    seen += (await ws.receive()).data
                answered = time.monotonic() - typed
                one_more(True)
                await measured.wait()
                return prompt, answered
        except (aiohttp.ClientError, TypeError, ConnectionError):  # TypeError: data of a closing frame
            one_more(False)
            return None

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        results = [r for r in await asyncio.gather(*(visitor(session) for _ in range(count))) if r is not None]
    prompts = [p for p, _ in results] or [float("nan")]
    answers = [a for _, a in results] or [float("nan")]
    return {"prompt_p50": percentile(prompts, 0.5), "prompt_p95": percentile(prompts, 0.95),
            "key_p50": percentile(answers, 0.5), "key_p95": percentile(answers, 0.95),
            "lost": count - len(results), **memory}


def load(count: int, start: str) -> dict[str, float]:
    """``count`` visitors at once on a `retro serve` whose sessions are ``start``ed."""
    server, url = start_server(count, start)
    time.sleep(2.0)  # the crowd comes to a server started a moment ago (its template has loaded retro)
    try:
        return asyncio.run(visitors(url, count, server.pid))
    finally:
        server.send_signal(2)
        server.wait(timeout=60)


def said(count: int, start: str, figures: dict[str, float]) -> str:
    return (f"{start:8} {count} visitors at once: first prompt p50 {figures['prompt_p50']:.2f} s, "
            f"p95 {figures['prompt_p95']:.2f} s; a key answered p50 {figures['key_p50']:.3f} s, "
            f"p95 {figures['key_p95']:.3f} s; PSS a session median {figures['median']:.1f} MiB, "
            f"all with the template {figures['whole']:.1f} MiB a session ({figures['sessions']:.0f} sessions)"
            + (f"; {figures['lost']:.0f} sessions lost" if figures["lost"] else ""))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--load"]:
        for start in STARTS:
            print(said(int(sys.argv[2]), start, load(int(sys.argv[2]), start)), flush=True)
    else:
        for start in STARTS:
            for what, figures in asyncio.run(costs(int(sys.argv[1]) if len(sys.argv) > 1 else 8, start)):
                print(f"{what:25} {figures}", flush=True)

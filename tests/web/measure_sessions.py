"""How quickly `retro serve` serves a crowd, and what its sessions cost: each session forked
from the template (retro.web.template) and, side by side, spawned as before it (a Python of its
own).  `make bench` runs it (benchmarks/web_sessions.py), and prints its figures in the words
of ``said`` here; they are in BENCHMARKS.md and the README (How many visitors), and set the
default of ``retro serve --max-sessions`` (retro/web/config.py, SESSION_MIB).

``load``: a crowd at once over WebSockets on one `retro serve`, spread over the programs asked
for.  The server's limits are lifted but the one measured: it holds as many sessions as there
are visitors, one client (every visitor here is 127.0.0.1) may take them all, and its pings
wait long for an answer (all the visitors are one process here, on the server's machine,
whose answers may come late: a vanished visitor is not what is measured).  Each
visitor waits for its program's first prompt, types its first answer and waits for the
program's, holds its session (reading, as the page does) until every visitor has been
answered and the hold is over, then leaves.  The memory of every session is read once all
have been answered; once all have left, the server must have no session and no zombie left,
and once stopped, no process and no temporary file.  A visitor refused, cut off or never answered
is a session lost: the measure fails (``Failed``), saying why.

``costs``: each program, N sessions at once, started in process: start-up to the first
byte on the terminal, the memory of a session.

    .venv/bin/python tests/web/measure_sessions.py --load N [--hold SECONDS] [--spawned] [PROGRAM ...]
    .venv/bin/python tests/web/measure_sessions.py [--at-once N]
"""
from __future__ import annotations

import asyncio
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from retro import catalog, processes
from retro.web import config
from retro.web.forking import Template
from retro.web.process import Command, Terminal

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for port_facts, when run by hand
import port_facts  # (after the line above)

STARTS = ("forked", "spawned")  # the template's, and a Python of its own (before the template)
MIB = 1 << 20
VISITOR_SECONDS = 60.0  # a visitor's first prompt, and then the answer to its keys, come within this
LEAVE_SECONDS = 30.0  # the server has ended every session this long after its visitors left
STOP_SECONDS = 30.0  # the server has stopped this long after Ctrl-C


# What a visitor of each program waits for and types (each port's test facts)
VISITS = {program_id: found.visit for program_id, found in port_facts.every().items()}


class Failed(Exception):
    """The measure does not hold (a session lost, something left behind): its one line."""


class Cut(Exception):
    """A visitor's session ended or refused before the visitor left: why."""


@dataclass
class Figures:
    """What a crowd saw and cost."""
    visitors: int
    programs: tuple[str, ...]
    start: str
    hold: float
    prompts: dict[str, list[float]] = field(default_factory=dict)  # by program: seconds to the first prompt
    answers: list[float] = field(default_factory=list)  # seconds from the keys typed to the program's answer
    session_pss: list[int] = field(default_factory=list)  # each session's, in bytes
    template_pss: int = 0
    server_rss: int = 0
    gone_after: float = 0.0  # seconds from the visitors' leaving to no session left

    def prompt(self, share: float, program: str = "") -> float:
        every = self.prompts.get(program, []) if program else [t for times in self.prompts.values() for t in times]
        return percentile(every, share)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def crowd_name(figures: Figures) -> str:
    every = set(figures.programs) == set(catalog.programs())
    return f"{figures.start}: {figures.visitors} visitors of " + ("every program" if every else
                                                                  " and ".join(figures.programs))


def said(figures: Figures) -> list[tuple[str, str]]:
    """The figures of a crowd, (what, figure) a line: the one wording of them."""
    name = crowd_name(figures)
    lines = [(f"{name}, first prompt p50 / p95", f"{figures.prompt(0.5):.2f} s / {figures.prompt(0.95):.2f} s"),
             (f"{name}, a key answered p50 / p95",
              f"{percentile(figures.answers, 0.5):.3f} s / {percentile(figures.answers, 0.95):.3f} s")]
    if len(figures.programs) > 1:
        lines.append((f"{name}, first prompt p95 of each",
                      ", ".join(f"{p} {figures.prompt(0.95, p):.2f} s" for p in figures.programs)))
    each = figures.session_pss
    lines.append((f"{name}, PSS a session (median; mean, the template's shared)",
                  f"{statistics.median(each) / MIB:.1f} MiB; "
                  f"{(sum(each) + figures.template_pss) / len(each) / MIB:.1f} MiB ({len(each)} sessions)"))
    lines.append((f"{name}, the server's RSS" + ("; the template's PSS" if figures.template_pss else ""),
                  f"{figures.server_rss / MIB:.0f} MiB"
                  + (f"; {figures.template_pss / MIB:.0f} MiB" if figures.template_pss else "")))
    if figures.hold:
        lines.append((f"{name}, held {figures.hold:g} s: every session gone after",
                      f"{figures.gone_after:.2f} s (no zombie, no file, no process left)"))
    return lines


def compared(crowds: list[Figures], others: list[Figures]) -> tuple[str, str]:
    """Crowds' first prompt against others', each measured after the other (rounds of a run):
    the ratio of their p95 in each round, and of the rounds' medians."""
    def p95(rounds: list[Figures]) -> float:
        return statistics.median(figures.prompt(0.95) for figures in rounds)

    each = ", ".join(f"{crowd.prompt(0.95) / other.prompt(0.95):.2f}x" for crowd, other in zip(crowds, others))
    return (f"{crowd_name(crowds[0])} / {crowd_name(others[0])}, first prompt p95",
            f"{p95(crowds) / p95(others):.2f}x the rounds' medians ({p95(crowds):.2f} s / {p95(others):.2f} s); "
            f"round by round {each}")


# -- the server ---------------------------------------------------------------------------
SERVER = ("import sys; from retro.web import config, forking, server; from retro.web.exhibit import Exhibit; "
          "{close}sys.exit(server.serve('127.0.0.1', 0, Exhibit(max_sessions={room}, limits=config.Limits("
          "client_sessions={most}, client_starts={most}, client_log_lines={most}, client_connections={most} + 8, "
          "heartbeat_seconds={heartbeat}))))")
HEARTBEAT_SECONDS = 60.0  # the server's pings: every visitor here is one process, which may answer late


class Server:
    """`retro serve` in a process of its own, for one crowd: its limits lifted but the
    sessions at once (``room``), its sessions forked or spawned (``start``)."""

    def __init__(self, room: int, start: str):
        self.folder = Path(tempfile.mkdtemp(prefix="measure-sessions-"))  # its temporary folder, and its sessions'
        close = "forking.TEMPLATE.close(); " if start == "spawned" else ""
        code = SERVER.format(close=close, room=room, most=config.CLIENT_OPTION[1], heartbeat=HEARTBEAT_SECONDS)
        self.process = subprocess.Popen([sys.executable, "-c", code], cwd=self.folder,
                                        env={**os.environ, "TMPDIR": str(self.folder)},
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        self.log: list[str] = []
        self._ended = False  # its log read to its end
        self._lines = threading.Condition()
        threading.Thread(target=self._read_log, daemon=True).start()  # its log read to its end: it never waits on it
        try:
            self.url = self._said("retro serve: http://").split()[2]
            allowed = self._said("retro serve: at most ")
            self.template = processes.children(self.process.pid)  # started before it says its address (or none)
            if int(allowed.split()[4]) < room:
                raise Failed(f"the server does not hold the {room} sessions measured: {allowed}")
        except BaseException:
            self.stop()
            raise

    def _read_log(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            with self._lines:
                self.log.append(line.decode("utf-8", "replace").rstrip())
                self._lines.notify_all()
        with self._lines:
            self._ended = True
            self._lines.notify_all()

    def _said(self, start: str) -> str:
        with self._lines:
            found = self._lines.wait_for(lambda: any(l.startswith(start) for l in self.log) or self._ended,
                                         VISITOR_SECONDS)
        line = next((l for l in self.log if l.startswith(start)), "")
        if not found or not line:
            raise Failed(f"the server did not start: {' / '.join(self.log[-3:]) or 'nothing said'}")
        return line

    def sessions(self) -> list[int]:
        """Its sessions' processes: its children but the template."""
        return [pid for pid in processes.children(self.process.pid) if pid not in self.template]

    def _alive(self, pids: list[int]) -> list[int]:
        """Those of ``pids`` that still run once they have had STOP_SECONDS to end."""
        until = time.monotonic() + STOP_SECONDS
        while True:
            alive = [pid for pid in pids if processes.status(pid) not in (None, "zombie")]
            if not alive or time.monotonic() > until:
                return alive
            time.sleep(0.05)

    def zombies(self) -> list[int]:
        return [pid for pid in processes.children(self.process.pid) if processes.status(pid) == "zombie"]

    def stop(self) -> list[str]:
        """Ctrl-C, and what it left behind: processes of its own, folders."""
        below = processes.descendants(self.process.pid)
        self.process.send_signal(signal.SIGINT)
        left = []
        try:
            self.process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            left.append(f"the server still ran {STOP_SECONDS:g} s after Ctrl-C")
        alive = self._alive(below)
        if alive:
            left.append(f"{len(alive)} of its processes still run")
        files = sorted(path.name for path in self.folder.iterdir())
        if files:
            left.append(f"its temporary files are left: {', '.join(files)}")
        shutil.rmtree(self.folder, ignore_errors=True)
        return left


# -- the crowd ----------------------------------------------------------------------------
class Crowd:
    """The visitors' meeting points: all answered (the memory is read then), the hold over."""

    def __init__(self, count: int):
        self.count = count
        self.arrived = 0
        self.all_answered = asyncio.Event()
        self.leave = asyncio.Event()

    def one_more(self) -> None:
        """A visitor answered, or lost."""
        self.arrived += 1
        if self.arrived == self.count:
            self.all_answered.set()


async def until(ws: object, wanted: bytes, seen: bytes = b"") -> bytes:
    """The program's output read until ``wanted`` is in it (within VISITOR_SECONDS)."""
    import aiohttp

    assert isinstance(ws, aiohttp.ClientWebSocketResponse)
    while wanted not in seen:
        try:
            message = await ws.receive(timeout=VISITOR_SECONDS)
        except asyncio.TimeoutError:
            raise Cut(f"no {wanted.decode()!r} within {VISITOR_SECONDS:g} s") from None
        if message.type == aiohttp.WSMsgType.BINARY:
            seen += message.data
        elif message.type == aiohttp.WSMsgType.TEXT:
            said_ = message.json()
            if said_.get("type") not in ("notice", "reader"):  # the reader's token (screen_text) comes first
                raise Cut(said_.get("text") or said_.get("reason") or said_.get("type", "ended"))
        else:
            raise Cut(f"the socket closed ({ws.close_code})")
    return seen


async def holding(ws: object, leave: asyncio.Event) -> None:
    """The session read (the server's pings answered, as the page does) until ``leave``."""
    import aiohttp

    assert isinstance(ws, aiohttp.ClientWebSocketResponse)
    while not leave.is_set():
        try:
            message = await ws.receive(timeout=1.0)
        except asyncio.TimeoutError:
            continue
        if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
            raise Cut(f"the session ended while held ({ws.close_code})")


async def visitor(session: object, url: str, program_id: str, crowd: Crowd, figures: Figures) -> str:
    """One visitor: "" if it was served, else why its session was lost."""
    import aiohttp

    assert isinstance(session, aiohttp.ClientSession)
    visit = VISITS[program_id]
    answered = False
    started = time.monotonic()
    try:
        async with session.ws_connect(f"{url.replace('http', 'ws')}ws/run/{program_id}") as ws:
            seen = await until(ws, visit.prompt)
            figures.prompts.setdefault(program_id, []).append(time.monotonic() - started)
            typed = time.monotonic()
            await ws.send_bytes(visit.keys)
            await until(ws, visit.answer, seen.rpartition(visit.prompt)[2] if visit.answer == visit.prompt else b"")
            figures.answers.append(time.monotonic() - typed)
            answered = True
            crowd.one_more()
            await holding(ws, crowd.leave)
        return ""
    except (Cut, aiohttp.ClientError, ConnectionError) as why:
        return f"{program_id}: {why}"
    finally:
        if not answered:
            crowd.one_more()


async def visitors(server: Server, figures: Figures) -> list[str]:
    """The crowd, spread over the programs: why each lost session was lost."""
    import aiohttp

    crowd = Crowd(figures.visitors)
    programs = [figures.programs[k % len(figures.programs)] for k in range(figures.visitors)]
    waits = aiohttp.ClientTimeout(total=None, sock_connect=VISITOR_SECONDS)  # each read has its own bound (until)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0), timeout=waits) as session:
        first = Crowd(1)  # alone, before the crowd: it waits for the template to have loaded retro
        first.leave.set()
        lost = await visitor(session, server.url, "cpm-c", first, Figures(1, ("cpm-c",), figures.start, 0))
        if lost:
            return [lost]
        if (await left_behind(server))[1]:
            return ["cpm-c: the first session did not end"]
        went = asyncio.gather(*(visitor(session, server.url, p, crowd, figures) for p in programs))
        await crowd.all_answered.wait()  # each visitor's reads are bounded (until)
        sessions = server.sessions()
        memory = await asyncio.to_thread(lambda: [processes.memory(pid) for pid in sessions + server.template])
        figures.session_pss = [m.proportional for m in memory[:len(sessions)] if m is not None]
        figures.template_pss = sum(m.proportional for m in memory[len(sessions):] if m is not None)
        figures.server_rss = processes.resident(server.process.pid) or 0
        await asyncio.sleep(figures.hold)  # the hold: time the sessions are kept, measured as such
        crowd.leave.set()
        return [why for why in await went if why]


async def left_behind(server: Server) -> tuple[float, list[str]]:
    """How long after the visitors left the server had no session and no zombie, or what it kept."""
    left = time.monotonic()
    while time.monotonic() - left < LEAVE_SECONDS:
        if server.sessions() == [] and server.zombies() == []:
            return time.monotonic() - left, []
        await asyncio.sleep(0.05)
    return LEAVE_SECONDS, [f"{len(server.sessions())} processes beside the template ({len(server.zombies())} "
                           f"zombies) {LEAVE_SECONDS:g} s after the visitors left"]


def load(count: int, start: str, programs: tuple[str, ...] = ("cpm-c",), hold: float = 0.0,
         room: Optional[int] = None) -> Figures:
    """``count`` visitors at once, spread over ``programs``, on a `retro serve` whose sessions
    are ``start``ed and which holds ``room`` sessions (by default the visitors', and the first
    one's, which may not have been let go when they come); ``hold``: the
    seconds every session is kept once all are answered.  ``Failed`` if a session is lost or
    anything is left behind."""
    figures = Figures(count, programs, start, hold)
    server = Server(count + 1 if room is None else room, start)
    try:
        async def measured() -> tuple[list[str], list[str]]:
            lost = await visitors(server, figures)
            figures.gone_after, left = await left_behind(server)
            return lost, left
        lost, left = asyncio.run(measured())
    finally:
        left_at_stop = server.stop()
    if lost:
        reasons: dict[str, int] = {}
        for why in lost:
            reasons[why] = reasons.get(why, 0) + 1
        raise Failed(f"{len(lost)} of {count} sessions lost ({start}): "
                     + "; ".join(f"{n} x {why}" for why, n in sorted(reasons.items(), key=lambda r: -r[1])))
    if left or left_at_stop:
        raise Failed(f"{crowd_name(figures)} left behind: {'; '.join(left + left_at_stop)}"
                     + "".join(f"; the server said: {line}" for line in server.log[2:][-3:]))
    return figures


# -- each program's sessions, started in process ------------------------------------------
async def one(program_id: str, template: Optional[Template]) -> tuple[float, Terminal]:
    """A session of ``program_id`` at its first prompt: (seconds to its first byte, its terminal)."""
    started = time.monotonic()
    term = await Terminal.start(Command().argv(program_id, []), 80, 24, template=template)
    try:
        first = await output(term)
        took = time.monotonic() - started
        await until_prompt(term, VISITS[program_id].prompt, first)
    except BaseException:
        await term.end(1.0)
        raise
    return took, term


async def costs(count: int, start: str) -> list[tuple[str, str]]:
    """Each program, ``count`` sessions at once: start-up to the first byte,
    memory once at its first prompt; (what, figures) lines."""
    template = Template() if start == "forked" else None
    lines = []
    try:
        if template is not None:
            await (await one("cpm-c", template))[1].end(1.0)  # the template has loaded retro
        for program_id in catalog.programs():
            started = await asyncio.gather(*(one(program_id, template) for _ in range(count)), return_exceptions=True)
            results = [result for result in started if not isinstance(result, BaseException)]
            try:
                failed = [result for result in started if isinstance(result, BaseException)]
                if failed:
                    raise failed[0]
                mems = [m for m in (processes.memory(term.process.pid) for _, term in results) if m is not None]
            finally:
                await asyncio.gather(*(term.end(1.0) for _, term in results))
            times = sorted(t for t, _ in results)
            lines.append((f"{start} {program_id}, {count} at once",
                          f"start-up median {statistics.median(times):.3f} s, max {times[-1]:.3f} s; "
                          f"median PSS {statistics.median(m.proportional for m in mems) / MIB:.1f}, "
                          f"USS {statistics.median(m.unique for m in mems) / MIB:.1f}, "
                          f"RSS {statistics.median(m.resident for m in mems) / MIB:.1f} MiB"))
        if template is not None and template.process is not None:
            memory = processes.memory(template.process.pid)
            lines.append((f"{start}: the template itself",
                          f"PSS {(memory.proportional if memory else 0) / MIB:.1f} MiB (shared by the sessions)"))
    finally:
        if template is not None:
            template.close()
    return lines


async def output(term: Terminal) -> bytes:
    """A session's next output (within VISITOR_SECONDS)."""
    try:
        data = await asyncio.wait_for(term.read(), VISITOR_SECONDS)
    except asyncio.TimeoutError:
        raise Failed(f"a session wrote nothing for {VISITOR_SECONDS:g} s") from None
    if not data:
        raise Failed("a session ended before its first prompt")
    return data


async def until_prompt(term: Terminal, prompt: bytes, seen: bytes = b"") -> None:
    """The session's output read until its first prompt (``seen``: what was read of it already)."""
    while prompt not in seen:
        seen += await output(term)


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="measure_sessions.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--load", type=int, metavar="N", help="N visitors at once on one server (else: costs)")
    parser.add_argument("--hold", type=float, default=0.0, metavar="SECONDS", help="each session held so long")
    parser.add_argument("--spawned", action="store_true", help="each session a Python of its own")
    parser.add_argument("programs", nargs="*", metavar="PROGRAM", help="the crowd's (every program by default)")
    parser.add_argument("--at-once", type=int, default=8, metavar="N", help="costs: sessions of each program")
    args = parser.parse_args(argv)
    try:
        if args.load:
            figures = load(args.load, "spawned" if args.spawned else "forked",
                           tuple(args.programs) or tuple(catalog.programs()), args.hold)
            lines = said(figures)
        else:
            lines = [line for start in STARTS for line in asyncio.run(costs(args.at_once, start))]
    except Failed as failed:
        print(f"measure_sessions: failed: {failed}", file=sys.stderr)
        return 1
    for what, figure in lines:
        print(f"{what:<50} {figure}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

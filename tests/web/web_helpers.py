"""Shared by the web tests: an in-process server, golden sessions as query and
input, and `retro run` in a pipe as the reference."""
import asyncio
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any, Awaitable, Callable

from aiohttp.test_utils import TestClient, TestServer

import port_facts

from retro import catalog, processes, transcript
from retro.web.app import application
from retro.web.exhibit import Exhibit

# The browser tests' Chromium: the system's (Debian: apt-get install chromium), or RETRO_CHROMIUM
CHROMIUM = os.environ.get("RETRO_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")

ROOT = Path(__file__).resolve().parents[2]
TRANSCRIPTS = ROOT / "transcripts"

# A golden session of every port (pipe input, no file named), Fig. 5 among them.
GOLDEN = {program_id: found.golden for program_id, found in port_facts.every().items()}


def golden(program_id: str, name: str = "") -> transcript.Transcript:
    return transcript.load(TRANSCRIPTS / program_id / f"{name or GOLDEN[program_id]}.txt")


# Who won each golden session's last game, as its text says (each port's facts).
LAST_GAME = {(program_id, name): winner for program_id, found in port_facts.every().items()
             for name, winner in found.last_games.items()}
WINNER_WORDS = {"program": "The computer won.", "human": "You won."}


def end_words(session: transcript.Transcript, name: str) -> str:
    """How the end bar says the golden session ``name`` ended: who won its last
    game, and how it stopped (its input ended with Ctrl-D, or the game over)."""
    ended_input = prompts(session)[-1][1] == "\x04"  # the game's input ends with Ctrl-D
    winner = LAST_GAME[session.program, name]
    if winner is None:
        return "You ended the input (Ctrl-D): the program stopped." if ended_input else "The program has ended."
    return f"{WINNER_WORDS[winner]} " + ("Then you ended the input (Ctrl-D)." if ended_input else "The game is over.")


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


def children_running(marker: str = "retro.web.child") -> list[int]:
    """This process's children whose command line holds ``marker`` (the
    programs of sessions served in process), not ended.  A session's program
    forked from the template has the template's command line, and the name
    retro.web.template.named_session gives it."""
    forked = marker == "retro.web.child"
    return [pid for pid in processes.children() if processes.status(pid) not in (None, "zombie")
            and (marker in " ".join(processes.command_line(pid)) or forked and processes.name(pid) == "retro-session")]


def rendering(session: transcript.Transcript) -> str:
    """What a terminal shows of a teletype session, in order: the output, the
    error output, and each line typed, echoed by the terminal with its line break."""
    text = ""
    for event in session.events:
        if event.kind == "in":
            text += "" if not event.text else event.text.rstrip("\n") + "\n"  # Ctrl-D is not echoed
        else:
            text += event.text or ""
    return text


def prompts(session: transcript.Transcript) -> list[tuple[str, str]]:
    """(what the terminal shows before a read, the keys typed there) for each read."""
    shown, steps = "", []
    for event in session.events:
        if event.kind == "in":
            keys = "\x04" if not event.text else event.text.rstrip("\n") + "\r"  # the end of input: Ctrl-D
            steps.append((shown, keys))
            shown += "" if not event.text else event.text.rstrip("\n") + "\n"
        else:
            shown += event.text or ""
    return steps


def start_server(folder: Path, *args: str, descriptors: int | None = None) -> tuple[subprocess.Popen, str]:
    """`retro serve --port 0 ARGS` in ``folder``: the process and its URL
    (``descriptors``: its limit on open files, soft and hard)."""
    def limit() -> None:
        import resource
        resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    server = subprocess.Popen([sys.executable, "-m", "retro", "serve", "--port", "0", *args], cwd=folder,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              preexec_fn=limit if descriptors else None)
    return server, server.stderr.readline().decode().split()[2]


def connections_opened(port: int, count: int, into: list[socket.socket]) -> None:
    """``count`` connections to ``port`` on loopback, begun without waiting for
    each handshake (non-blocking) and put ``into`` the list (closed by its owner)."""
    for _ in range(count):
        sock = socket.socket()
        sock.setblocking(False)
        try:
            sock.connect(("127.0.0.1", port))
        except BlockingIOError:
            pass
        into.append(sock)

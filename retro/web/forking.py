"""The server's side of the template (retro.web.template): started with the server (or at the
first session), asked for each session's process, started again if it dies (then, past ``TEMPLATE_STARTS``, each
session starts its own Python as before; said in the server's log).  The server is made
a subreaper (prctl PR_SET_CHILD_SUBREAPER), so that a session's process, forked by the
template's child, is the server's own child: ``Forked`` waits for it as asyncio waits for a
process it spawned.  A template that dies leaves its children to the server too: each death
is said, and what it left is reaped (``reap_orphans``)."""
from __future__ import annotations

import asyncio
import ctypes
import json
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from typing import Any, Callable, Optional

from .. import processes
from .config import TEMPLATE_MESSAGE, TEMPLATE_SECONDS, TEMPLATE_STARTS

PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h
REPARENT_TRIES = 500  # each 10 ms: a session's process becomes the server's child when the middle has ended
LIMITS = tuple(name for name in dir(resource) if name.startswith("RLIMIT_"))


def become_subreaper() -> bool:
    """Orphaned descendants of this process become its children (Linux 3.4 and later)."""
    try:
        return bool(ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


AWAITED: set[int] = set()
"""The server's children that something waits for (a ``Forked``, asyncio for a program it
spawned, a ``Template`` for its template): any other child left by a dead template is reaped
by ``reap_orphans``."""


class Forked:
    """A session's process forked by the template, the server's child: its
    ``pid``, its ``returncode`` once reaped, and ``wait()``, as an asyncio process has."""

    def __init__(self, pid: int):
        self.pid = pid
        AWAITED.add(pid)
        self.returncode: Optional[int] = None
        self._orphan_tries = 0
        self._loop = asyncio.get_running_loop()
        self._ended: asyncio.Future[int] = self._loop.create_future()
        try:
            self._pidfd = os.pidfd_open(pid)
        except OSError:  # a kernel before 5.3: a thread waits, as asyncio's ThreadedChildWatcher does
            self._pidfd = -1
            threading.Thread(target=self._wait_in_thread, daemon=True).start()
        else:
            self._loop.add_reader(self._pidfd, self._reap)

    def _reap(self) -> None:
        try:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
        except ChildProcessError:
            if self._orphan_tries < REPARENT_TRIES:  # still the middle's child (it is ending): soon ours
                self._orphan_tries += 1
                self._loop.remove_reader(self._pidfd)
                self._loop.call_later(0.01, self._reap)
                return
            pid, status = self.pid, 255 << 8  # reaped by another: its status is lost
        if pid == 0:
            self._loop.add_reader(self._pidfd, self._reap)
            return
        self._loop.remove_reader(self._pidfd)
        os.close(self._pidfd)
        self._done(status)

    def _wait_in_thread(self) -> None:
        status = 255 << 8  # reaped by another: its status is lost
        for _ in range(REPARENT_TRIES):
            try:
                status = os.waitpid(self.pid, 0)[1]
                break
            except ChildProcessError:  # still the middle's child (it is ending): soon ours
                time.sleep(0.01)
        self._loop.call_soon_threadsafe(self._done, status)

    def _done(self, status: int) -> None:
        AWAITED.discard(self.pid)
        self.returncode = os.waitstatus_to_exitcode(status)  # -N for signal N, as asyncio says it
        if not self._ended.done():
            self._ended.set_result(self.returncode)

    async def wait(self) -> int:
        return await asyncio.shield(self._ended)


def _said(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


class Template:
    """The running template, if any: ``fork`` asks it for a session's process."""

    def __init__(self, command: tuple[str, ...] = (sys.executable, "-m", "retro.web.template"),
                 said: Callable[[str], None] = _said):
        self.command = command
        self.said = said
        self.process: Optional[subprocess.Popen[bytes]] = None
        self._socket: Optional[socket.socket] = None
        self._pty = -1  # the master of the template's own pty, kept open while it runs
        self._starts = 0
        self._subreaper: Optional[bool] = None
        self._env: dict[str, str] = {}  # the template's own environment (a request with it sends none)
        self._asked = 0  # requests numbered, so that their answers, in any order, find them
        self._waiting: dict[int, asyncio.Future[Optional[Forked]]] = {}
        self._reading: Optional[asyncio.AbstractEventLoop] = None  # the loop that reads the answers
        self._heard = 0.0  # when the template last answered (the loop's time): it lives while it answers

    def _start(self, env: dict[str, str], keep: int) -> bool:
        if self._subreaper is None:
            self._subreaper = become_subreaper()
        if not self._subreaper or self._starts >= TEMPLATE_STARTS:
            return False
        self._starts += 1
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        master, slave = os.openpty()
        try:
            self.process = subprocess.Popen(
                [*self.command, str(theirs.fileno())], stdin=slave, stdout=slave, stderr=slave, env=env,
                pass_fds=(theirs.fileno(), keep), start_new_session=True)
        except OSError as error:
            ours.close()
            os.close(master)
            self._gone(f"could not be started ({error})")
            return False
        finally:
            os.close(slave)
            theirs.close()
        ours.setblocking(False)
        self._socket, self._pty, self._env = ours, master, dict(env)
        AWAITED.add(self.process.pid)  # waited for by _end (another template's orphans are not it)
        return True

    def prepare(self, env: dict[str, str], keep: int) -> None:
        """Start the template now (with ``fork``'s ``env`` and ``keep``), if none runs."""
        if self._socket is None:
            self._start(env, keep)

    async def fork(self, args: list[str], streams: tuple[int, int, int], env: dict[str, str],
                   keep: int) -> Optional[Forked]:
        """``python -m retro.web.child ARGS`` forked on ``streams`` (its
        standard input, output and error: a pty's three times, or pipes) with
        ``env`` (``keep`` is the descriptor the environment names for the
        server's log); None if there is no template (the caller spawns it).
        Requests do not wait for each other: the template forks each at once."""
        for _ in range(2):  # a template found dead by this request: once more, with another
            if self._socket is None and not self._start(env, keep):
                return None
            request = {"args": args, "env": None if env == self._env else env, "cwd": os.getcwd(),
                       "rlimits": {name: resource.getrlimit(getattr(resource, name)) for name in LIMITS}}
            forked = await self._ask(request, streams)
            if forked is not None:
                return forked
            if self._socket is not None:
                return None  # the template could not fork it: spawned instead
        return None

    async def _ask(self, request: dict[str, Any], streams: tuple[int, int, int]) -> Optional[Forked]:
        """Send the request with the streams; the process the template's answer names, or None."""
        sock = self._socket
        assert sock is not None
        loop = asyncio.get_running_loop()
        self._asked += 1
        ident = self._asked
        message = json.dumps({**request, "id": ident}).encode()
        if len(message) > TEMPLATE_MESSAGE:
            return None
        answer: asyncio.Future[Optional[Forked]] = loop.create_future()
        self._waiting[ident] = answer
        self._read_on(loop)
        asked = loop.time()

        def left() -> float:
            """How long the answer may still take: TEMPLATE_SECONDS from the
            request or from the template's last answer, whichever is later (a
            crowd's requests queue behind each other: a template that answers
            them one by one is busy, not dead)."""
            return max(asked, self._heard) + TEMPLATE_SECONDS - loop.time()

        try:
            while True:
                try:
                    socket.send_fds(sock, [message], list(streams))
                    break
                except BlockingIOError:  # its queue is full: the template is busy forking
                    if left() <= 0:
                        raise TimeoutError from None
                    await asyncio.sleep(0.005)
            while True:
                try:
                    return await asyncio.wait_for(asyncio.shield(answer), max(0.0, left()))
                except asyncio.TimeoutError:
                    if left() <= 0:
                        raise
        except (OSError, asyncio.TimeoutError) as error:
            if self._socket is sock:
                self._died(f"did not answer ({type(error).__name__})")
            return None
        finally:
            self._waiting.pop(ident, None)  # an answer that comes later: its process is ended (_abandon)

    def _read_on(self, loop: asyncio.AbstractEventLoop) -> None:
        """The answers read in this loop (a test runs several loops, one after another)."""
        if self._reading is loop or self._socket is None:
            return
        if self._reading is not None and not self._reading.is_closed():
            self._reading.remove_reader(self._socket.fileno())
        loop.add_reader(self._socket.fileno(), self._answers)
        self._reading = loop

    def _answers(self) -> None:
        while self._socket is not None:
            try:
                data = self._socket.recv(TEMPLATE_MESSAGE)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._died("ended")
                return
            if self._reading is not None:
                self._heard = self._reading.time()
            answer = json.loads(data)
            pid = answer.get("pid") if isinstance(answer.get("pid"), int) else None
            waiting = self._waiting.pop(answer.get("id"), None)
            if waiting is not None and not waiting.done():
                # a Forked at once: waited for from now, so that a death read next leaves it alone
                waiting.set_result(None if pid is None else Forked(pid))
            elif pid is not None:
                _abandon(pid)  # its session's start was given up

    def close(self) -> None:
        """No template from here on (each session starts a Python of its own, as
        before the template; tests/web/measure_sessions.py compares the two)."""
        self._starts = TEMPLATE_STARTS
        self._end()

    def _died(self, how: str) -> None:
        """The template is gone: ended, its orphans reaped, and each death said."""
        status = self._end()
        if self._starts < TEMPLATE_STARTS:
            self.said(f"retro serve: the template of the sessions' processes {how} (status {status}); "
                      f"another is started")
        else:
            self._gone(f"{how} (status {status})")

    def _end(self) -> Optional[int]:
        """The template closed, killed and reaped: its status."""
        if self._socket is not None:
            if self._reading is not None and not self._reading.is_closed():
                self._reading.remove_reader(self._socket.fileno())
            self._reading = None
            self._socket.close()
            self._socket = None
        for waiting in self._waiting.values():
            if not waiting.done():
                waiting.set_result(None)  # spawned instead, or forked by another template
        self._waiting.clear()
        if self._pty >= 0:
            os.close(self._pty)
            self._pty = -1
        if self.process is None:
            return None
        self.process.kill()
        status = self.process.wait()  # reaped: its children are the server's now (a subreaper)
        AWAITED.discard(self.process.pid)
        reap_orphans(self.command)
        return status

    def _gone(self, how: str) -> None:
        self._starts = TEMPLATE_STARTS
        self.said(f"retro serve: the template of the sessions' processes {how}; "
                  f"each session now starts a Python of its own")


def reap_orphans(template: tuple[str, ...]) -> int:
    """What a dead template leaves to the server: its middles that had ended
    (zombies) reaped, those still running, and a session whose pid never
    reached the server, killed and reaped (``_abandon``).  A child that
    something waits for (``AWAITED``) is left to it.  How many there were."""
    found = 0
    for pid in processes.children():
        if pid in AWAITED:
            continue
        if processes.status(pid) == "zombie":
            try:
                found += os.waitpid(pid, os.WNOHANG)[0] == pid
            except ChildProcessError:
                pass  # reaped meanwhile
        elif processes.command_line(pid)[:len(template)] == list(template):
            _abandon(pid)
            found += 1
    return found


def _abandon(pid: int) -> None:
    """A process of the template's that nobody waits for: killed, and reaped
    by a ``Forked`` (or here, when no loop runs: the template closed at the end)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        _kill(pid)
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass  # reaped by another
        return
    Forked(pid)
    _kill(pid)


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass  # ended already


TEMPLATE = Template()

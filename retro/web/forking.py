"""The server's side of the template (retro.web.template): started at the first session, asked
for each session's process, started again if it dies (then, past ``TEMPLATE_STARTS``, each
session starts its own Python as before; said once in the server's log).  The server is made
a subreaper (prctl PR_SET_CHILD_SUBREAPER), so that a session's process, forked by the
template's child, is the server's own child: ``Forked`` waits for it as asyncio waits for a
process it spawned."""
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
from typing import Callable, Optional

from .config import TEMPLATE_MESSAGE, TEMPLATE_SECONDS, TEMPLATE_STARTS

PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h
LIMITS = tuple(name for name in dir(resource) if name.startswith("RLIMIT_"))


def become_subreaper() -> bool:
    """Orphaned descendants of this process become its children (Linux 3.4 and later)."""
    try:
        return bool(ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


class Forked:
    """A session's process forked by the template, the server's child: its
    ``pid``, its ``returncode`` once reaped, and ``wait()``, as an asyncio process has."""

    def __init__(self, pid: int):
        self.pid = pid
        self.returncode: Optional[int] = None
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
        except ChildProcessError:  # reaped by another: its status is lost
            pid, status = self.pid, 255 << 8
        if pid == 0:
            return
        self._loop.remove_reader(self._pidfd)
        os.close(self._pidfd)
        self._done(status)

    def _wait_in_thread(self) -> None:
        try:
            _, status = os.waitpid(self.pid, 0)
        except ChildProcessError:
            status = 255 << 8
        self._loop.call_soon_threadsafe(self._done, status)

    def _done(self, status: int) -> None:
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
        self._lock: Optional[tuple[asyncio.AbstractEventLoop, asyncio.Lock]] = None

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
        self._socket, self._pty = ours, master
        return True

    def _loop_lock(self) -> asyncio.Lock:
        """One request at a time (an asyncio.Lock serves the loop it was first used in)."""
        loop = asyncio.get_running_loop()
        if self._lock is None or self._lock[0] is not loop:
            self._lock = (loop, asyncio.Lock())
        return self._lock[1]

    async def fork(self, args: list[str], pty: int, env: dict[str, str], keep: int) -> Optional[Forked]:
        """``python -m retro.web.child ARGS`` forked on ``pty`` with ``env``
        (``keep`` is the descriptor the environment names for the server's
        log); None if there is no template (the caller spawns it)."""
        request = json.dumps({"args": args, "env": env, "cwd": os.getcwd(),
                              "rlimits": {name: resource.getrlimit(getattr(resource, name)) for name in LIMITS}})
        if len(request) > TEMPLATE_MESSAGE:
            return None
        for _ in range(2):  # a template found dead by this request: once more, with another
            if self._socket is None and not self._start(env, keep):
                return None
            exchange = asyncio.ensure_future(self._exchange(request.encode(), os.dup(pty)))
            try:
                forked = await asyncio.shield(exchange)
            except asyncio.CancelledError:
                exchange.add_done_callback(_abandon)  # the session's start was given up: its process ends
                raise
            if forked is not None or self._socket is not None:
                return forked
        return None

    async def _exchange(self, request: bytes, pty: int) -> Optional[Forked]:
        try:
            async with self._loop_lock():
                if self._socket is None:
                    return None
                try:
                    socket.send_fds(self._socket, [request], [pty])
                    answer = await asyncio.wait_for(asyncio.get_running_loop().sock_recv(
                        self._socket, TEMPLATE_MESSAGE), TEMPLATE_SECONDS)
                except (OSError, asyncio.TimeoutError) as error:
                    self._died(f"did not answer ({type(error).__name__})")
                    return None
                if not answer:
                    self._died("ended")
                    return None
        finally:
            os.close(pty)
        pid = json.loads(answer).get("pid")
        return Forked(pid) if isinstance(pid, int) else None

    def _died(self, how: str) -> None:
        """The template is gone: closed, killed, reaped, and said once."""
        if self._socket is not None:
            self._socket.close()
            self._socket = None
        if self._pty >= 0:
            os.close(self._pty)
            self._pty = -1
        status = None
        if self.process is not None:
            self.process.kill()
            status = self.process.wait()
        if self._starts < TEMPLATE_STARTS:
            if self._starts == 1:
                self.said(f"retro serve: the template of the sessions' processes {how} (status {status}); "
                          f"another is started")
        else:
            self._gone(f"{how} (status {status})")

    def _gone(self, how: str) -> None:
        self._starts = TEMPLATE_STARTS
        self.said(f"retro serve: the template of the sessions' processes {how}; "
                  f"each session now starts a Python of its own")


def _abandon(exchange: "asyncio.Future[Optional[Forked]]") -> None:
    if exchange.cancelled() or exchange.exception() is not None:
        return
    forked = exchange.result()
    if forked is not None:
        try:
            os.killpg(forked.pid, signal.SIGKILL)
        except OSError:
            pass  # ended already; its reaper has it


TEMPLATE = Template()

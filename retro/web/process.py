"""A session's program as a process of its own (the model of ttyd and terminado): on a pty of
its own (``Terminal``) or on pipes (``Pipes``, ``run_piped``), started one way (``start``: forked
from the template, else spawned) and ended one way (``end``)."""
from __future__ import annotations

import asyncio
import errno
import fcntl
import os
import signal
import struct
import sys
import tempfile
import termios
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Callable, Optional, Protocol, Sequence

from ..outcome import REPORT_FILE
from ..operator_log import OPERATOR_ENV
from .config import HELD_OUTPUT, PAUSE_OUTPUT, READ_CHUNK, TRANSCRIPT_ENV
from .screen_text import TOKEN_ENV as READER_TOKEN_ENV
from .forking import AWAITED, TEMPLATE, Template

CHILD = (sys.executable, "-m", "retro.web.child")  # a session's program; forked from the template


@dataclass(frozen=True)
class Command:
    """How a session's program is started: ``python -m retro.web.child`` (forked
    from retro.web.template on a pty; another prefix, a test's, is spawned)."""

    prefix: tuple[str, ...] = CHILD
    data_folder: Optional[Path] = None

    def argv(self, program_id: str, words: Sequence[str]) -> list[str]:
        folder = [f"--data-folder={self.data_folder}"] if self.data_folder is not None else []
        return [*self.prefix, *folder, program_id, *words]


def environment(terminal: bool) -> dict[str, str]:
    """The program's environment: the server's, with a terminal's name on a pty."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "TERM", "NO_COLOR")}
    env.setdefault("LANG", "C.UTF-8")
    env["PYTHONIOENCODING"] = "utf-8:surrogateescape"
    env["TERM"] = "xterm-256color" if terminal else "dumb"
    env[OPERATOR_ENV] = str(operator_fd())
    return env


_operator: Optional[int] = None


def operator_fd() -> int:
    """A copy of the server's standard error that each program inherits, for
    what only the operator reads (its number in ``OPERATOR_ENV``)."""
    global _operator
    if _operator is None:
        try:
            _operator = os.dup(2)
        except OSError:
            _operator = os.open(os.devnull, os.O_WRONLY)
    return _operator


class SessionProcess(Protocol):
    """A session's process: spawned (asyncio's) or forked from the template (forking.Forked)."""

    @property
    def pid(self) -> int: ...

    @property
    def returncode(self) -> Optional[int]: ...

    async def wait(self) -> int: ...


def prepare_template() -> None:
    """The template of the sessions' processes started now (at the server's
    start), so that it has loaded retro when the first visitors arrive."""
    TEMPLATE.prepare(environment(terminal=True), operator_fd())


async def start(argv: list[str], streams: tuple[int, int, int], env: dict[str, str],
                template: Optional[Template]) -> SessionProcess:
    """The one way a program starts: on ``streams`` (its standard input,
    output and error), in a session of its own, forked from ``template`` if
    it is ``python -m retro.web.child`` and a template runs, else spawned."""
    if template is not None and tuple(argv[:len(CHILD)]) == CHILD:
        forked = await template.fork(argv[len(CHILD):], streams, env, operator_fd())
        if forked is not None:
            return forked
    spawned = await asyncio.create_subprocess_exec(
        *argv, stdin=streams[0], stdout=streams[1], stderr=streams[2], env=env,
        start_new_session=True, pass_fds=(operator_fd(),))
    AWAITED.add(spawned.pid)  # asyncio reaps it: a dead template's orphans are not it
    return spawned


async def end(process: SessionProcess, grace: float) -> bool:
    """SIGHUP to the program's process group (what a terminal's hang-up
    sends), SIGKILL after ``grace`` seconds; always reaped.  Whether it had to
    be killed."""
    try:
        if process.returncode is not None:
            return False
        signal_group(process.pid, signal.SIGHUP)
        try:
            await asyncio.wait_for(process.wait(), grace)
            return False
        except asyncio.TimeoutError:
            pass
        signal_group(process.pid, signal.SIGKILL)
        await process.wait()
        return True
    finally:
        AWAITED.discard(process.pid)


def signal_group(pid: int, signum: int) -> None:
    """``signum`` to the program's process group (it leads its own), else to it alone."""
    try:
        os.killpg(pid, signum)  # the program was started in a session (and group) of its own
    except (ProcessLookupError, PermissionError):
        try:
            os.kill(pid, signum)
        except ProcessLookupError:
            pass


def set_size(fd: int, cols: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def no_flow_control(fd: int) -> None:
    """Ctrl-S and Ctrl-Q reach the program as keys (no IXON): a visitor's
    Ctrl-S would otherwise stop the program's output, and its next write would
    wait for ever (a learner's with the shared store's lock held)."""
    attrs = termios.tcgetattr(fd)
    attrs[0] &= ~termios.IXON
    termios.tcsetattr(fd, termios.TCSANOW, attrs)


class Channel:
    """A program's standard streams as the server holds them: ``read`` its
    output (paused while the reader lags), ``write`` its input (queued while
    it does not read), ``end`` it.  On a pty both are the master; on pipes,
    one pipe each way."""

    def __init__(self, process: SessionProcess, output: int, input: int):
        self.process = process
        self._output_fd = output
        self._input_fd = input
        self._loop = asyncio.get_running_loop()
        self._output: asyncio.Queue[bytes] = asyncio.Queue()
        self._queued = 0
        self._reading = False
        self._closed = False
        self._input_ends = False  # closed once what is queued is written (end_input)
        self._keys = bytearray()  # typed, not yet taken by the program
        self._flush_due = False  # a write of _keys is due this turn of the loop (write)
        self._read_on()

    # -- output ----------------------------------------------------------------
    def _read_on(self) -> None:
        if not self._reading and not self._closed:
            self._loop.add_reader(self._output_fd, self._readable)
            self._reading = True

    def _read_off(self) -> None:
        if self._reading:
            self._loop.remove_reader(self._output_fd)
            self._reading = False

    def _readable(self) -> None:
        try:
            data = os.read(self._output_fd, READ_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: every process holding the pty has closed it
            data = b""
        if not data:
            self._read_off()
            self._output.put_nowait(b"")
            return
        self._queued += len(data)
        self._output.put_nowait(data)
        if self._queued > PAUSE_OUTPUT:
            self._read_off()  # the visitor reads slower than the program writes

    async def read(self) -> bytes:
        """The program's next output; b"" when its output is closed on its side."""
        data = await self._output.get()
        self._queued -= len(data)
        if data and self._queued <= PAUSE_OUTPUT // 2:
            self._read_on()
        return data

    # -- input -----------------------------------------------------------------
    def waiting_keys(self) -> int:
        """Bytes typed that the program has not taken yet (it is not reading)."""
        return len(self._keys)

    def write(self, data: bytes) -> None:
        """Keys queued for the program, written once the loop's turn is done: the
        keys of many frames read at once go in one write, not a write each (each
        a system call, and a wake-up of the program)."""
        self._keys += data
        if not self._flush_due:
            self._flush_due = True
            self._loop.call_soon(self._flush_queued)

    def _flush_queued(self) -> None:
        self._flush_due = False
        self._flush_keys()

    def end_input(self) -> None:
        """No more input: the program reads its end once it has taken what is queued."""
        self._input_ends = True
        self._flush_keys()

    def _flush_keys(self) -> None:
        if self._closed or self._input_fd < 0:
            return
        while self._keys:
            try:
                sent = os.write(self._input_fd, self._keys)
            except BlockingIOError:
                self._loop.add_writer(self._input_fd, self._flush_keys)
                return
            except OSError as error:  # EIO (a pty) or EPIPE (a pipe): the program reads no more
                if error.errno not in (errno.EIO, errno.EPIPE):
                    raise
                self._keys.clear()
            else:
                del self._keys[:sent]
        self._loop.remove_writer(self._input_fd)
        if self._input_ends and self._input_fd != self._output_fd:
            os.close(self._input_fd)
            self._input_fd = -1

    # -- the end ---------------------------------------------------------------
    async def end(self, grace: float) -> bool:
        """The program ended (SIGHUP, then SIGKILL), its streams closed; whether it had to be killed."""
        killed = await end(self.process, grace)
        self.close()
        return killed

    def close(self) -> None:
        if not self._closed:
            self._read_off()
            self._closed = True
            if self._input_fd >= 0:
                self._loop.remove_writer(self._input_fd)
                if self._input_fd != self._output_fd:
                    os.close(self._input_fd)
            os.close(self._output_fd)
            self._output.put_nowait(b"")  # a reader still waiting: no more output (the end may come first)


class Terminal(Channel):
    """A program on a pseudo-terminal: ``read`` its output, ``write`` keys,
    ``resize``, ``end``.  It runs as ``retro run ID`` runs in a terminal
    window: the kernel's line discipline echoes and edits what is typed,
    Ctrl-C is SIGINT, the screen backend addresses the cursor; the server only
    moves bytes between the pty and the WebSocket, resizes it, and ends it."""

    def __init__(self, process: SessionProcess, master: int):
        super().__init__(process, master, master)

    @classmethod
    async def start(cls, argv: list[str], cols: int, rows: int,
                    template: Optional[Template] = TEMPLATE, report: Optional[Path] = None,
                    transcript: Optional[Path] = None, reader_token: Optional[str] = None) -> "Terminal":
        """The program on a new pty (``start``); ``report``: the file it says
        how it ended in (retro.outcome); ``transcript``: the file it writes
        its session in for its visitor (retro.web.take_home); ``reader_token``:
        the word its sequences for the page's reader carry (retro.web.screen_text)."""
        master, slave = os.openpty()
        try:
            set_size(slave, cols, rows)
            no_flow_control(slave)
            os.set_blocking(master, False)
            env = environment(terminal=True)
            if report is not None:
                env[REPORT_FILE] = str(report)
            if transcript is not None:
                env[TRANSCRIPT_ENV] = str(transcript)
            if reader_token is not None:
                env[READER_TOKEN_ENV] = reader_token
            process = await start(argv, (slave, slave, slave), env, template)
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        return cls(process, master)

    def resize(self, cols: int, rows: int) -> None:
        if not self._closed:
            set_size(self._output_fd, cols, rows)


class Pipes(Channel):
    """A program on pipes, as ``retro run ID < input > output`` (its errors
    go nowhere): the POST API's run."""

    @classmethod
    async def start(cls, argv: list[str], template: Optional[Template] = TEMPLATE) -> "Pipes":
        program_in, into = os.pipe()
        out_of, program_out = os.pipe()
        nowhere = os.open(os.devnull, os.O_WRONLY)
        try:
            for fd in (into, out_of):
                os.set_blocking(fd, False)
            process = await start(argv, (program_in, program_out, nowhere), environment(terminal=False), template)
        except BaseException:
            os.close(into)
            os.close(out_of)
            raise
        finally:
            for fd in (program_in, program_out, nowhere):
                os.close(fd)
        return cls(process, out_of, into)


async def run_piped(argv: list[str], body: bytes, output_limit: int, ended: Callable[[], bool],
                    seconds: float, grace: float, template: Optional[Template] = TEMPLATE,
                    started: Callable[[SessionProcess], None] = lambda process: None,
                    ) -> tuple[IO[bytes], Optional[int], str]:
    """The program with ``body`` as its standard input, as ``retro run ID <
    input > output`` (the POST API): (its standard output up to
    ``output_limit`` bytes, in a file read from its start, held in memory up to
    ``HELD_OUTPUT`` bytes and on disk past it; its exit status or None; the
    limit that ended it or "").  ``ended()`` says that the client has gone;
    checked often.  ``started`` is told the program's process as soon as it runs.
    The caller closes the file (its disk space is given back then)."""
    pipes = await Pipes.start(argv, template)
    started(pipes.process)
    pipes.write(body)
    pipes.end_input()
    output: IO[bytes] = tempfile.SpooledTemporaryFile(max_size=HELD_OUTPUT)  # closed by the caller
    written = 0
    reason = ""

    async def take() -> None:
        nonlocal reason, written
        while data := await pipes.read():
            room = output_limit - written
            written += output.write(data[:room])
            if len(data) > room:
                reason = f"the session wrote its {output_limit:,} bytes"
                return

    # One task, awaited to its end below whatever happens: a run cut short (the
    # client gone, the time up) cancels it, and its cancellation is retrieved
    # here, never left for asyncio to report in the server's log.
    taking = asyncio.create_task(take())
    deadline = asyncio.get_running_loop().time() + seconds
    try:
        while not taking.done():
            await asyncio.wait([taking], timeout=0.25)
            if taking.done():
                break
            if ended():
                reason = "the client has gone"
            elif asyncio.get_running_loop().time() > deadline:
                reason = "the session's time is up"
            if reason:
                break
        if not reason:
            taking.result()
            status: Optional[int] = await asyncio.wait_for(pipes.process.wait(), grace)
            output.seek(0)
            return output, status, ""
    except asyncio.TimeoutError:
        reason = reason or "the program did not end after its output"
    finally:
        taking.cancel()
        await asyncio.gather(taking, return_exceptions=True)
        await pipes.end(grace)
    output.seek(0)
    return output, None, reason

"""A terminal for the robustness tests: a pty (pexpect) rendered by pyte."""
import os
import sys
import time
from pathlib import Path
from typing import Callable

import pexpect
import pyte

import port_facts
from retro import processes

ROOT = Path(__file__).resolve().parent.parent
# How long a wait for what a program shows may take before the test fails:
# generous, for a machine under load (a passing test never waits it out).
WAIT = 60

# What each program asks first, with its default options (the learner's
# --fresh too), on a terminal: a test waits for it before it types.
FIRST_PROMPTS = {program_id: found.first_prompt for program_id, found in port_facts.every().items()}


class Terminal:
    def __init__(self, args: list[str], rows: int = 24, cols: int = 80, env: dict | None = None,
                 cwd: Path | None = None, record_modes: Path | None = None, history: int = 0):
        full_env = {**os.environ, "TERM": "xterm-256color", **(env or {})}
        command = " ".join([sys.executable, "-m", "retro", *args])
        if record_modes is not None:
            command = (f"trap true INT; stty -g > {record_modes}/before; {command}; echo $? > {record_modes}/status; "
                       f"stty -g > {record_modes}/after")
        self.child = pexpect.spawn("/bin/sh", ["-c", command], cwd=str(cwd or ROOT), env=full_env,
                                   dimensions=(rows, cols))
        self.record_modes = record_modes
        self.raw = b""
        # history: rows scrolled off the top that the terminal keeps (its scrollback), or none
        self.screen = pyte.HistoryScreen(cols, rows, history=history) if history else pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)

    def pump(self, timeout: float = 0.1, limit: float = 5) -> bool:
        """Read what the program wrote until it pauses for `timeout` seconds
        (or for at most `limit` seconds of a program that writes on and on)."""
        got = False
        end = time.time() + limit
        while time.time() < end and self._read(timeout):
            got = True
        return got

    def quiet(self, seconds: float = 0.4, limit: float = 10) -> None:
        """Wait until the screen has been still for `seconds`: no output for
        that long, counted from the last output or from this call, whichever
        is later (or for at most `limit` seconds of a program that writes on
        and on).  It waits for no new output: a test that expects some after
        a key waits for it by its text (wait_for)."""
        self.pump(timeout=seconds, limit=limit)

    def _read(self, timeout: float) -> bool:
        """Take in what the program writes within `timeout` seconds, if anything."""
        try:
            data = self.child.read_nonblocking(65536, timeout=timeout)
        except (pexpect.TIMEOUT, pexpect.EOF):
            return False
        self.raw += data
        self.stream.feed(data)
        return True

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def scrollback(self) -> list[str]:
        """The rows that scrolled off the top, oldest first (with ``history``)."""
        return ["".join(row[x].data for x in range(self.screen.columns)).rstrip() for row in self.screen.history.top]

    def wait_for(self, needle: str, timeout: float = WAIT) -> str:
        """Wait for text on the screen; the screen."""
        return self.wait_until(lambda: needle in self.text(), f"{needle!r} appeared", timeout)

    def wait_for_program(self, program_id: str, since: int = 0, timeout: float = WAIT) -> str:
        """Wait for a program's first prompt in what retro wrote after its first
        ``since`` bytes; the screen.  Another program's first prompt (a wrong
        menu entry opened) fails at once, naming what opened."""
        wanted = FIRST_PROMPTS[program_id]
        others = {other: prompt for other, prompt in FIRST_PROMPTS.items() if prompt != wanted}

        def opened() -> bool:
            written = self.raw[since:].decode("utf-8", "replace")
            wrong = [other for other, prompt in others.items() if prompt in written]
            if wrong:
                raise AssertionError(f"{program_id} was chosen, {wrong[0]} opened; the screen shows:\n{self.text()}")
            return wanted in written

        return self.wait_until(opened, f"{program_id}'s first prompt {wanted!r} appeared", timeout)

    def wait_until(self, done: Callable[[], bool], what: str, timeout: float = WAIT) -> str:
        """Wait until `done()` holds of what the program wrote; the screen."""
        if not self._until(done, timeout):
            raise AssertionError(f"never {what}; the screen shows:\n{self.text()}")
        return self.text()

    def settles(self, done: Callable[[], bool], what: str, timeout: float = WAIT) -> str:
        """Wait until `done()` holds and then for a still screen, and check it
        still holds; the screen.  A loaded machine may draw late: a test waits
        for what it expects to see, not for a pause that may come first."""
        self.wait_until(done, what, timeout)
        self.quiet()
        if not done():
            raise AssertionError(f"{what}, then no longer; the screen shows:\n{self.text()}")
        return self.text()

    def wait_for_words(self, words: str, timeout: float = WAIT) -> str:
        """Wait for words on the screen, however they are wrapped into rows; the screen."""
        wanted = " ".join(words.split())
        return self.wait_until(lambda: wanted in " ".join(self.text().split()), f"{words!r} appeared", timeout)

    def wait_for_output(self, needle: str, timeout: float = WAIT, since: int = 0) -> None:
        """Wait for text in what the program wrote (after its first `since`
        bytes), even if it has scrolled away."""
        if not self._until(lambda: needle in self.raw[since:].decode("utf-8", "replace"), timeout):
            raise AssertionError(f"{needle!r} never written; the program wrote:\n{self.raw[-2000:]!r}")

    def _until(self, done: Callable[[], bool], timeout: float) -> bool:
        end = time.time() + timeout
        while time.time() < end:
            self.pump()
            if done():
                return True
        return False

    def left_as_found(self) -> bool:
        """The normal screen and a visible cursor at the end, whatever was switched on."""
        raw = self.raw
        return raw.rfind(b"\x1b[?1049l") >= raw.rfind(b"\x1b[?1049h") and raw.rfind(b"\x1b[?25h") >= raw.rfind(b"\x1b[?25l")

    def send(self, keys) -> None:
        self.child.send(keys)

    def retro_pid(self, timeout: float = WAIT) -> int:
        """The process id of retro (a child of the shell that runs it)."""
        end = time.time() + timeout
        while time.time() < end:
            children = processes.children(self.child.pid)
            if children:
                return children[0]
            time.sleep(0.05)
        raise AssertionError("retro never started")

    def resize(self, rows: int, cols: int) -> None:
        self.child.setwinsize(rows, cols)
        self.screen.resize(rows, cols)

    def finish(self, timeout: float = WAIT) -> None:
        self.child.expect(pexpect.EOF, timeout=timeout)
        self.raw += self.child.before or b""
        self.stream.feed(self.child.before or b"")
        self.child.close()

    def ended_cleanly(self, status: str = "0", timeout: float = WAIT) -> None:
        """Finish, then check (with record_modes): the exit status, no traceback,
        the terminal's modes, screen and cursor as they were."""
        self.finish(timeout)
        assert (self.record_modes / "status").read_text().strip() == status, self.raw[-500:]
        assert b"Traceback" not in self.raw
        assert (self.record_modes / "before").read_text() == (self.record_modes / "after").read_text()
        assert self.left_as_found()

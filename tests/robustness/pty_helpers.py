"""A terminal for the robustness tests: a pty (pexpect) rendered by pyte."""
import os
import sys
import time
from pathlib import Path

import pexpect
import pyte

ROOT = Path(__file__).resolve().parents[2]


class Terminal:
    def __init__(self, args: list[str], rows: int = 24, cols: int = 80, env: dict | None = None,
                 cwd: Path | None = None, record_modes: Path | None = None):
        full_env = {**os.environ, "TERM": "xterm-256color", **(env or {})}
        command = " ".join([sys.executable, "-m", "retro", *args])
        if record_modes is not None:
            command = (f"trap true INT; stty -g > {record_modes}/before; {command}; echo $? > {record_modes}/status; "
                       f"stty -g > {record_modes}/after")
        self.child = pexpect.spawn("/bin/sh", ["-c", command], cwd=str(cwd or ROOT), env=full_env,
                                   dimensions=(rows, cols))
        self.raw = b""
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)

    def pump(self, timeout: float = 0.1) -> bool:
        got = False
        while True:
            try:
                data = self.child.read_nonblocking(65536, timeout=timeout)
            except (pexpect.TIMEOUT, pexpect.EOF):
                return got
            got = True
            self.raw += data
            self.stream.feed(data)

    def quiet(self, seconds: float = 0.4, limit: float = 10) -> None:
        """Wait until the program has stopped writing (it waits for input)."""
        end = time.time() + limit
        while time.time() < end and self.pump(timeout=seconds):
            pass

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, needle: str, timeout: float = 15) -> str:
        end = time.time() + timeout
        while time.time() < end:
            self.pump()
            if needle in self.text():
                return self.text()
        raise AssertionError(f"{needle!r} never appeared; the screen shows:\n{self.text()}")

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def resize(self, rows: int, cols: int) -> None:
        self.child.setwinsize(rows, cols)
        self.screen.resize(rows, cols)

    def finish(self, timeout: float = 15) -> None:
        self.child.expect(pexpect.EOF, timeout=timeout)
        self.raw += self.child.before or b""
        self.child.close()

"""An Altair 8800 with an 88-SIO serial board running Microsoft's 8K BASIC 4.0.

The CPU is the i8080 of the ``z80`` package (C++, README.md says why); this
module adds what the binary needs of the machine:

- 64K of RAM, the binary loaded at 0000 and started there;
- the 88-SIO console: status port 00h, data port 01h ([8K4] 0547: output
  waits while ``status & C8h``; 0556: input waits while ``status & 01h``);
  the status reads 00h when a key is waiting, 01h when none is; the sense
  switches (port FFh) read FFh; every other port reads FFh and ignores writes.

Keys are offered only while BASIC waits for a line (its line editor polls the
status in the loop at 0556h); at any other status read (the Ctrl-C check
BASIC makes before each statement, 060Ch/0668h) no key is waiting, so no key
is swallowed by that check -- the operator types when the prompt is there.
Everything BASIC writes while a line is being typed -- the echo of each key,
the bell past the 71st character, the ``\\`` and ``_`` of the editing keys,
``@``'s new line, and the CR LF after RETURN -- is kept apart as echo.  A
Ctrl-C ends a line without echo: the new line BASIC then writes is the start
of its BREAK message.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

import z80

STATUS, DATA, SENSE = 0x00, 0x01, 0xFF
EDITOR_POLL = 0x0556 + 2  # pc after "in 00H" of the editor's wait loop
CURRENT_LINE = 0x01D4  # 0FFFFh in direct mode
FRAME = 100_000  # ticks between the z80 package's end-of-frame events
CLOCK_HZ = 2_000_000  # the Altair's 8080 at 2 MHz

CACHE = Path(os.environ.get("RETRO_REFERENCE_CACHE", Path.home() / ".cache" / "retro-reference")) / "basic"
BINARY = CACHE / "8kbas.bin"
BINARY_SHA256 = "dfe4b1576c6ac9fe1a47e9ba0fe697f098209ef8eab61cd54cffc626a84152d3"


SOURCE_URL = ("https://raw.githubusercontent.com/avwohl/mbasic2025/"
              "a6a5a55a5269b70f68281f5968a06ba57830a7f0/4k8k/8k/8kbas.bin")


def fetch_binary(path: Path = BINARY) -> None:
    """Download the binary from its public repository into the cache (once)."""
    import urllib.request

    path.parent.mkdir(parents=True, exist_ok=True)
    with urllib.request.urlopen(SOURCE_URL, timeout=60) as response:
        data = response.read()
    tmp = path.with_suffix(".part")
    tmp.write_bytes(data)
    tmp.replace(path)


def load_binary(path: Optional[Path] = None) -> bytes:
    import hashlib

    if path is None and not BINARY.exists():
        try:
            fetch_binary()
        except OSError as error:
            raise SystemExit(f"{BINARY} is missing and {SOURCE_URL} could not be fetched ({error}); "
                             "see tools/basic_reference/README.md") from None
    data = (path or BINARY).read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != BINARY_SHA256:
        raise SystemExit(f"{path or BINARY}: SHA-256 {digest}, expected {BINARY_SHA256} (8K BASIC 4.0)")
    return data


@dataclass
class Chunk:
    """Bytes BASIC wrote, and whether they were the line editor's echo."""

    data: bytearray
    echo: bool


@dataclass
class Altair:
    """The machine.  ``next_line(direct)`` is asked for a line whenever BASIC
    waits for one (``direct``: BASIC's own OK prompt, not a program's INPUT);
    it returns the keys (ending in CR, or a Ctrl-C) or None to stop there."""

    rom: bytes
    next_line: Callable[[bool], Optional[bytes]] = lambda direct: None
    chunks: list = field(default_factory=list)
    keys: bytearray = field(default_factory=bytearray)
    frames: int = 0
    stopped: bool = False
    line_ends: list = field(default_factory=list)  # ticks at which each line's last key was read
    line_starts: list = field(default_factory=list)  # ticks at which BASIC first waited for each line
    marks: list = field(default_factory=list)  # ("wait"|"end", ticks, counted, written) at each
    written: int = 0  # bytes BASIC wrote (echo included)

    def __post_init__(self) -> None:
        self.cpu = z80.I8080Machine()
        self.cpu.set_memory_block(0, self.rom)
        self.cpu.pc = 0
        self.cpu.set_input_callback(self._in)
        self.cpu.set_output_callback(self._out)
        self._typing = False  # a line is being typed (its output is echo)
        self._closing = False  # the last key was read; echo until BASIC's LF
        self._base = 0  # frame_tick at the last restore (it has no setter)

    # -- time --------------------------------------------------------------------------------
    @property
    def ticks(self) -> int:
        return self.frames * FRAME + self.cpu.frame_tick - self._base

    # -- the 88-SIO ----------------------------------------------------------------------------
    def _in(self, port: int) -> int:
        port &= 0xFF
        if port == STATUS:
            if self.cpu.pc != EDITOR_POLL:
                return 0x01  # no key: the Ctrl-C check finds nothing
            if not self.keys and not self._typing:
                direct = self.cpu.memory[CURRENT_LINE] == 0xFF and self.cpu.memory[CURRENT_LINE + 1] == 0xFF
                self.line_starts.append(self.ticks)
                self.marks.append(("wait", self.ticks, self.counted, self.written))
                line = None if self.stopped else self.next_line(direct)
                if line is None:
                    self.stopped = True
                    self.cpu.ticks_to_stop = 1
                    return 0x01
                self.keys.extend(line)
                self._typing = True
            return 0x00 if self.keys else 0x01
        if port == DATA:
            if not self.keys:
                return 0x00
            key = self.keys.pop(0)
            if not self.keys:
                self._typing = False
                # RETURN's CR LF is its echo; after Ctrl-C (the end of input)
                # BASIC's new line belongs to the BREAK it prints.
                self._closing = key == 0x0D
                if not self._closing:  # an empty echo chunk marks where the Ctrl-C was read
                    self.chunks.append(Chunk(bytearray(), True))
                self.line_ends.append(self.ticks)
                self.marks.append(("end", self.ticks, self.counted, self.written))
            return key
        return 0xFF

    def _out(self, port: int, value: int) -> None:
        if port & 0xFF != DATA:
            return
        self.written += 1
        echo = self._typing or self._closing
        if self._closing and value == 0x0A:
            self._closing = False
        if not self.chunks or self.chunks[-1].echo != echo:
            self.chunks.append(Chunk(bytearray(), echo))
        self.chunks[-1].data.append(value)

    # -- running ---------------------------------------------------------------------------------
    def run(self, max_ticks: int = 4_000_000_000) -> None:
        """Run until ``next_line`` returns None (or max_ticks, then RuntimeError)."""
        while not self.stopped:
            events = self.cpu.run()
            while events & z80.I8080Machine._BREAKPOINT_HIT:  # count_opcodes' marks
                self.counted += 1
                if events & z80.I8080Machine._END_OF_FRAME:
                    self.frames += 1
                events = self.cpu.step_over_breakpoint()
            if events & z80.I8080Machine._END_OF_FRAME:
                self.frames += 1
            if self.ticks > max_ticks:
                raise RuntimeError(f"no end after {max_ticks} ticks")
        self.cpu.ticks_to_stop = 0

    # -- counting instructions -----------------------------------------------------------------
    counted: int = 0

    def count_opcodes(self, opcodes: set, below: int) -> int:
        """Count from now on every execution of an instruction whose opcode is in
        ``opcodes`` and whose address is below ``below`` (BASIC's own code; the
        program text above it is never executed): a breakpoint on each such byte.
        Returns how many addresses were marked."""
        marked = 0
        for addr in range(below):
            if self.cpu.memory[addr] in opcodes:
                self.cpu.set_breakpoint(addr)
                marked += 1
        return marked

    def output(self, echo: bool = False) -> bytes:
        """What BASIC wrote, without (or with) the line editor's echo."""
        return b"".join(bytes(c.data) for c in self.chunks if echo or not c.echo)

    def clear_output(self) -> None:
        self.chunks.clear()

    # -- snapshots: the booted machine with a listing typed in, reused per session ---------------
    def snapshot(self) -> bytes:
        return bytes(self.cpu.get_state_view())

    def restore(self, state: bytes) -> None:
        self.cpu.get_state_view()[:] = state
        self.frames = 0
        self._base = self.cpu.frame_tick
        self.stopped = False
        self.keys.clear()
        self._typing = self._closing = False
        self.chunks.clear()
        self.counted = self.written = 0
        self.marks.clear()
        self.line_ends.clear()
        self.line_starts.clear()

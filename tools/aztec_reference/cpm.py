"""Aztec C 1.06D on an emulated CP/M 2.2: fetch the compiler, build, run.

The compiler (Manx Software Systems' Aztec C 1.06D for the 8080: CC.COM,
AS.COM, LN.COM and C.LIB, with STDIO.H) is fetched at run time from the
public repository skx/cpm-dist at the commit pinned below into the cache,
and refused unless each file's SHA-256 is the pinned one; nothing of it is
committed.  The machine is PyPI's ``cpm80`` (Ivan Kosarev's CP/M 2.2 on the
i8080 of the ``z80`` package): its BDOS is Digital Research's, so line input
(BDOS function 10), its echo and its editing keys are CP/M's own.

Without network access, put the files in ``CACHE`` by hand (``git clone
https://github.com/skx/cpm-dist`` and take them from ``C/``), or name a
directory holding them with ``RETRO_AZTEC_DIR``.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import cpm80

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pinned import fetch_pinned

COMMIT = "d9b4f3498f2f832eb2356c3220be15692b5bb380"  # skx/cpm-dist, 2025-05-05
BASE_URL = f"https://raw.githubusercontent.com/skx/cpm-dist/{COMMIT}/C/"
FILES = {
    "CC.COM": "dc5796ec89b8e696985f3fa3144843861a961bda4e5b08218ff2048e1755c494",
    "AS.COM": "0f5c5d25d5f8eaa1472567d761de809aef3e4818e5e84bd42b83372977e1a4cd",
    "LN.COM": "ae582dbb874324d0ac8e39c8ca77ab279093e601817a39ff7a123694a3a114d7",
    "C.LIB": "9d6866c1504b0f5421c3fa6d7d4d01ba26381373e4c086ae0cb22e8a1cde5ddf",
    "STDIO.H": "e5cdbb14a2ace2d5849f21bc5d056b2d565984d22cb30997afab84fa5269ba80",
}
CACHE = Path(os.environ.get("RETRO_REFERENCE_CACHE", Path.home() / ".cache" / "retro-reference")) / "aztec"
SOURCE_DIR = Path(os.environ.get("RETRO_AZTEC_DIR", CACHE / "dist"))

CCP_BASE = 0xD000  # cpm80's 62K system: the TPA ends here
READ_LINE = 10  # BDOS function 10: read console buffer
WRITE_CHAR = 2  # BDOS function 2: console output


def fetch() -> Path:
    """The compiler's files, fetched once and checked."""
    for name, digest in FILES.items():
        fetch_pinned(BASE_URL + name, SOURCE_DIR / name, digest, f"C/{name} of skx/cpm-dist at {COMMIT[:7]}")
    return SOURCE_DIR


class Keys:
    """The console keyboard: keys are taken only when CP/M reads one (never
    typed ahead, never seen by the status check CP/M makes while it writes)."""

    def __init__(self, keys: bytes = b""):
        self.keys = bytearray(keys)

    def input(self) -> Optional[int]:
        return self.keys.pop(0) if self.keys else None

    def ready(self) -> bool:
        return False


@dataclass
class Console:
    """What went to the console, each byte marked as echo of line input or not.

    Echo is what BDOS writes while it reads a line (function 10): the keys, its
    editing marks, the CR at the end -- and the LF that Aztec's library writes
    right after the line (the next console output, through function 2)."""

    program: bytearray = field(default_factory=bytearray)
    echo: bytearray = field(default_factory=bytearray)
    events: list[tuple[str, bytes]] = field(default_factory=list)  # ("out"|"echo", bytes) in order
    reading: bool = False
    after_read: bool = False
    stopped: bool = False  # the program ended (a warm boot)

    def output(self, c: int) -> None:
        if self.stopped:
            return
        if self.reading or (self.after_read and c == 10):
            kind, target = "echo", self.echo
        else:
            kind, target = "out", self.program
        self.after_read = False
        target.append(c)
        if self.events and self.events[-1][0] == kind:
            self.events[-1] = (kind, self.events[-1][1] + bytes([c]))
        else:
            self.events.append((kind, bytes([c])))


class Machine(cpm80.I8080CPMMachine):
    """cpm80's CP/M with the console marked and the end of the program seen."""

    def __init__(self, console: Console, keys: Keys, drives: list[cpm80.DiskDrive]):
        self.console = console
        self._keys = keys
        self.boots = 0
        super().__init__(drives=drives, console_reader=keys, console_writer=console)

    def on_bdos_entry(self) -> None:
        console = self.console
        if console.reading:
            console.reading = False
            console.after_read = self.c == WRITE_CHAR
        else:
            console.after_read = console.after_read and self.c == WRITE_CHAR
        if self.c == READ_LINE:
            console.reading = True
        super().on_bdos_entry()

    def on_wboot(self) -> None:
        self.boots += 1
        super().on_wboot()


def run_commands(directory: Path, commands: list[bytes]) -> bytes:
    """Type the commands at CCP's prompt on drive B (the directory), then exit."""
    keys = Keys(b"".join(c + b"\r" for c in [b"b:", *commands, b"exit"]))
    console = Console()
    Machine(console, keys, [cpm80.DiskDrive(), cpm80.HostDrive(directory)]).run()
    return bytes(console.program + console.echo)


def build(name: str, text: str, directory: Path) -> Path:
    """Compile, assemble and link NAME.C (text) in directory: NAME.COM."""
    for file in FILES:
        shutil.copyfile(fetch() / file, directory / file)
    (directory / f"{name}.C").write_bytes(text.encode("ascii"))
    log = run_commands(directory, [f"cc {name}".encode(), f"as {name}".encode(), f"ln {name}.o c.lib".encode()])
    com = directory / f"{name}.COM"
    if not com.exists():
        raise SystemExit(f"{name}.C did not build:\n{log.decode('ascii', 'replace')}")
    return com


@dataclass
class Session:
    program: bytes  # what the program wrote, echo removed
    echo: bytes
    events: list[tuple[str, bytes]]
    ended: bool  # the program ended (exit, return from main, or a Ctrl-C's warm boot)
    keys_left: int  # keys typed ahead that the program never read


def run_program(com: Path, keys: bytes) -> Session:
    """Run the program (B:NAME) with these keys, each typed when CP/M reads one;
    the session ends when the program does (a warm boot) or the keys run out."""
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copyfile(com, Path(tmp) / com.name)
        console = Console()
        keyboard = Keys(b"b:\r" + com.stem.lower().encode() + b"\r" + keys)
        machine = ProgramMachine(console, keyboard, [cpm80.DiskDrive(), cpm80.HostDrive(tmp)])
        machine.run()
        return Session(bytes(console.program), bytes(console.echo), list(console.events), machine.boots > 1,
                       machine.keys_left or len(keyboard.keys))


class ProgramMachine(Machine):
    """Drops CCP's output before the program starts; stops at its end."""

    started = False

    def on_bdos_entry(self) -> None:
        if not self.started and self.return_address() < CCP_BASE:
            # The program's first call of BDOS: what came before was CCP's.
            self.started = True
            self.console.program.clear()
            self.console.echo.clear()
            self.console.events.clear()
        super().on_bdos_entry()

    def return_address(self) -> int:
        return self.memory[self.sp] | self.memory[(self.sp + 1) & 0xFFFF] << 8

    keys_left = 0

    def on_wboot(self) -> None:
        super().on_wboot()
        if self.boots > 1:  # the first is the cold boot's: this is the program's end
            self.console.stopped = True
            self.keys_left = len(self._keys.keys)
            self._keys.keys.clear()  # CCP reads nothing more: the machine stops

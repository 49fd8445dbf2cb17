"""Check the emulated 8080 with the classic CPU test programs (CP/M .COM files).

    python tools/basic_reference/exerciser.py [DIR]

DIR (default ~/.cache/retro-reference/basic/cpu_tests) holds TST8080.COM,
CPUTEST.COM, 8080PRE.COM and 8080EXM.COM, e.g. from the public repository
superzazu/8080 (folder cpu_tests; README.md says how).  Each runs at 0100h
under the harness of that repository's i8080_tests.c -- ``out 0`` at 0000h
ends the test, ``out 1; ret`` at 0005h is the BDOS (C=2 prints E, C=9 prints
from DE up to ``$``) -- so its output and its cycle count can be compared with
the figures that repository publishes (EXPECTED_CYCLES).  8080EXM prints a
CRC per instruction group and ``ERROR`` for any group that differs from a
real 8080; the run takes about a minute.
"""
from __future__ import annotations

import sys
from pathlib import Path

import z80

sys.path.insert(0, str(Path(__file__).resolve().parent))
from altair import CACHE, FRAME  # noqa: E402

EXPECTED_CYCLES = {  # superzazu/8080 README.md, "Running tests" (its harness, as here)
    "TST8080.COM": 4924,
    "CPUTEST.COM": 255653383,
    "8080PRE.COM": 7817,
    "8080EXM.COM": 23803381171,
}


def run_com(path: Path) -> tuple[str, int]:
    cpu = z80.I8080Machine()
    cpu.set_memory_block(0x100, path.read_bytes())
    cpu.set_memory_block(0x0000, bytes([0xD3, 0x00]))  # out 0: the end
    cpu.set_memory_block(0x0005, bytes([0xD3, 0x01, 0xC9]))  # out 1; ret: the BDOS
    cpu.pc = 0x100
    text: list[str] = []
    done = [False]

    def out(port: int, value: int) -> None:
        port &= 0xFF
        if port == 0:
            done[0] = True
            cpu.ticks_to_stop = 1
        elif port == 1:
            if cpu.c == 2:
                text.append(chr(cpu.e))
            elif cpu.c == 9:
                addr = cpu.de
                while cpu.memory[addr] != ord("$"):
                    text.append(chr(cpu.memory[addr]))
                    addr = (addr + 1) & 0xFFFF

    cpu.set_output_callback(out)
    cpu.set_input_callback(lambda port: 0x00)
    frames = 0
    while not done[0]:
        if cpu.run() & z80.I8080Machine._END_OF_FRAME:
            frames += 1
    return "".join(text), frames * FRAME + cpu.frame_tick


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else CACHE / "cpu_tests"
    failed = 0
    for name, expected in EXPECTED_CYCLES.items():
        text, cycles = run_com(folder / name)
        print(f"*** {name}")
        print(text.replace("\r", ""))
        ok = "ERROR" not in text and "FAIL" not in text.upper()
        print(f"*** {cycles} cycles (superzazu/8080: {expected}, difference {cycles - expected}); "
              f"{'passed' if ok else 'FAILED'}\n")
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

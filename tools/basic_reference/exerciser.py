"""Check the emulated 8080 with the classic CPU test programs (CP/M .COM files).

    python tools/basic_reference/exerciser.py [DIR]
    python tools/basic_reference/exerciser.py --states   each instruction's states against Intel's

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
from altair import CACHE, FRAME

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


def datasheet_states() -> dict:
    """Intel's 8080 states per opcode (8080 Microcomputer Systems User's Manual, 1975);
    a pair for the conditional CALL and RET: (taken, not taken)."""
    t: dict = {}
    for o in range(0x40, 0x80):
        t[o] = 7 if (o & 7) == 6 or ((o >> 3) & 7) == 6 else 5
    for o in range(0x80, 0xC0):
        t[o] = 7 if (o & 7) == 6 else 4
    for r in range(8):
        t[0x04 + 8 * r] = t[0x05 + 8 * r] = 10 if r == 6 else 5  # INR, DCR
        t[0x06 + 8 * r] = 10 if r == 6 else 7  # MVI
    for rp in range(4):
        t[0x01 + 16 * rp], t[0x03 + 16 * rp], t[0x0B + 16 * rp], t[0x09 + 16 * rp] = 10, 5, 5, 10
        t[0xC5 + 16 * rp], t[0xC1 + 16 * rp] = 11, 10  # PUSH, POP
    t.update({0x00: 4, 0x02: 7, 0x12: 7, 0x0A: 7, 0x1A: 7, 0x22: 16, 0x2A: 16, 0x32: 13, 0x3A: 13})
    t.update(dict.fromkeys((0x07, 0x0F, 0x17, 0x1F, 0x27, 0x2F, 0x37, 0x3F), 4))
    t.update(dict.fromkeys((0xC6, 0xCE, 0xD6, 0xDE, 0xE6, 0xEE, 0xF6, 0xFE), 7))
    t.update({0xC3: 10, 0xCD: 17, 0xC9: 10, 0xE3: 18, 0xE9: 5, 0xF9: 5, 0xEB: 4, 0xD3: 10, 0xDB: 10,
              0xF3: 4, 0xFB: 4})
    for c in range(8):
        t[0xC2 + 8 * c], t[0xC4 + 8 * c], t[0xC0 + 8 * c], t[0xC7 + 8 * c] = 10, (17, 11), (11, 5), 11
    del t[0x76]  # HLT
    return t


def state_differences() -> list:
    """(opcode, flags, the core's states, Intel's) for every instruction the core times otherwise."""
    out = []
    for op, expected in sorted(datasheet_states().items()):
        for flags in (0x00, 0xFF):
            cpu = z80.I8080Machine()
            cpu.set_memory_block(0x1000, bytes([op, 0x00, 0x30]))
            cpu.set_memory_block(0x8000, bytes([0x00, 0x30]))
            cpu.sp, cpu.pc, cpu.f = 0x8000, 0x1000, flags | 0x02
            cpu.hl = cpu.bc = cpu.de = 0x2000
            for addr in (0x1001, 0x1002, 0x1003, 0x3000, 0x2000, 0x0000, op & 0x38):
                cpu.set_breakpoint(addr)  # wherever the instruction goes next
            cpu.set_input_callback(lambda port: 0)
            cpu.set_output_callback(lambda port, value: None)
            cpu.run()
            if isinstance(expected, tuple):
                cond = (op >> 3) & 7
                bit = (0x40, 0x40, 0x01, 0x01, 0x04, 0x04, 0x80, 0x80)[cond]
                expected = expected[0] if bool(flags & bit) == bool(cond & 1) else expected[1]
            if cpu.frame_tick != expected:
                out.append((op, flags, cpu.frame_tick, expected))
    return out


def main(argv: list[str]) -> int:
    if argv[:1] == ["--states"]:
        for op, flags, got, expected in state_differences():
            print(f"opcode {op:02X}h (flags {flags:02X}h): {got} states, Intel's data sheet {expected}")
        return 0
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

"""Measure what the reference build does with a move outside the board.

TicTacToe.f90 does no bounds checking: ``tablero(loc(1),loc(2))`` with loc
outside 1..3 reads the word (loc(1)-1) + 3*(loc(2)-1) from tablero(1,1), and
``colocar`` writes the move at the same offset of a temporary on the stack.
This tool plays, for every offset the program can read without faulting, a
first move at that offset and sees what the build does:

* "Selecciona un sitio correcto": the word read is not zero;
* the board comes back unchanged and the computer plays: the word is zero and
  the write landed somewhere harmless (the move is lost);
* SIGSEGV: the read faulted (outside the image) or the write hit a live frame.

Each probe runs twice, in a small and in a large environment: a crash that
only one of them shows depends on what lies above the program's frames on the
stack, i.e. on the environment, and is reported as such rather than emulated.
A third series resumes the program after PAUSE with ``go`` (the input aligned
to the unit's 80-byte reads) to find the writes that break MAIN__'s return.

Writes retro/ports/fortran_rcd/data/memory-<ai>.txt.
    python tools/fortran_reference/measure_memory.py ia mj
"""
from __future__ import annotations

import subprocess
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import reference

TAIL = "".join(f"{r},{c}\n" for r in (1, 2, 3) for c in (1, 2, 3)) + "N\n"
BIG_ENV = dict(reference.ENV, RETRO_PADDING="x" * 6000)
SYMBOLS = ("tablero", "sel", "n", "theta", "loc", "cw", "hw", "completed")


def symbols(exe: Path) -> dict[str, int]:
    out = subprocess.run(["nm", "-n", str(exe)], capture_output=True, text=True, check=True).stdout
    found: dict[str, int] = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            addr, _, name = parts
            base = name.split(".")[0]
            if base in SYMBOLS or name == "_end":
                found[base if base in SYMBOLS else name] = int(addr, 16)
    return found


def probe(args) -> tuple[int, str]:
    exe, env_name, r, c, resume = args
    env = BIG_ENV if env_name == "big" else reference.ENV
    text = f"S\n{r},{c}\n" + TAIL
    if resume:  # pad so that "go" starts at byte 80*k: PAUSE's fgets reads it
        size = len(text.encode())
        pad = (-(size + 1)) % 80
        text += "x" * pad + "\n" + "go\n"
    p = subprocess.run([exe], input=text.encode(), capture_output=True, env=env, timeout=20)
    out = p.stdout.decode("latin-1")
    if p.returncode < 0:
        return (r, "segv")
    if resume:
        return (r, "resumed" if b"RESUMED" in p.stderr else "not-resumed")
    after = out[out.find("Introduce donde") :]
    first_board = after.find("+---")
    if 0 <= after.find("Selecciona") < first_board or first_board < 0:
        return (r, "nonzero")
    board = [l for l in after[first_board:].splitlines() if l.startswith(" |")][:3]
    marks = "".join(l[3] + l[7] + l[11] for l in board)
    return (r, "lost" if "O" not in marks else f"cell{marks.index('O')}")


def measure(ai: str) -> str:
    exe = reference.build(ai)
    sym = symbols(exe)
    tab = sym["tablero"]
    offsets = {}
    for name in ("sel", "n", "theta", "cw", "hw", "completed"):
        assert (sym[name] - tab) % 4 == 0, name
        offsets[name] = (sym[name] - tab) // 4
    offsets["loc1"] = (sym["loc"] - tab) // 4
    offsets["loc2"] = offsets["loc1"] + 1
    lo = -(tab // 4)  # the image starts at address 0 of the PIE
    page_end = (sym["_end"] + 0xFFF) & ~0xFFF
    hi = (page_end - tab) // 4 - 1
    span = range(lo - 8, hi + 9)
    with Pool(2) as pool:
        small = dict(pool.map(probe, [(str(exe), "small", off + 1, 1, False) for off in span], chunksize=64))
        big = dict(pool.map(probe, [(str(exe), "big", off + 1, 1, False) for off in span], chunksize=64))
        ret = dict(pool.map(probe, [(str(exe), "small", off + 1, 1, True) for off in range(9, 400)], chunksize=16))
        ret_big = dict(pool.map(probe, [(str(exe), "big", off + 1, 1, True) for off in range(9, 400)], chunksize=16))
    loc2 = probe((str(exe), "small", -1, 0, False))[1]  # offset of loc(2), read as 0

    def cls(off: int) -> str:
        return small[off + 1]

    # Consistency with the model: faults outside the image, cells 0..8 inside.
    assert all(cls(off) == "segv" for off in span if off < lo or off > hi), "reads outside the image must fault"
    assert [cls(off) for off in range(9)] == [f"cell{k}" for k in (0, 3, 6, 1, 4, 7, 2, 5, 8)], "cells"
    variables = set(offsets.values())
    lines = [
        f"# What the reference build of TicTacToe.f90 (ai={ai}) does with a move outside the board.",
        f"# {reference.compiler_version()}, flags: {' '.join(reference.FLAGS) or '(none)'}, x86-64 PIE.",
        "# Measured by tools/fortran_reference/measure_memory.py; offsets are in 4-byte words",
        "# from tablero(1,1), i.e. (loc(1)-1) + 3*(loc(2)-1).",
        f"image {lo} {hi}",
    ]
    for name, off in sorted(offsets.items(), key=lambda kv: kv[1]):
        lines.append(f"variable {name} {off}")
    zero_runs, crash_runs, env_crash = [], [], []

    def add(runs, off):
        if runs and runs[-1][1] == off - 1:
            runs[-1][1] = off
        else:
            runs.append([off, off])

    for off in range(lo, hi + 1):
        if 0 <= off <= 8 or off in variables:
            continue
        a, b = small[off + 1], big[off + 1]
        if a == "nonzero":
            assert b == "nonzero", off
            continue
        add(zero_runs, off)  # it read zero: the write decides
        if a == "segv" and b == "segv":
            add(crash_runs, off)
        elif a != b:
            env_crash.append(off)
    # The variables that can read as zero while a move is entered.
    for name in ("theta", "cw", "hw", "completed"):
        off = offsets[name]
        if small[off + 1] == "segv" and big[off + 1] == "segv":
            add(crash_runs, off)
    if loc2 == "segv":
        add(crash_runs, offsets["loc2"])
    crash_runs.sort()
    for a, b in zero_runs:
        lines.append(f"zero {a} {b}")
    for a, b in crash_runs:
        lines.append(f"crash {a} {b}")
    lines.append("# writes that crashed in one environment only (not emulated: a lost move):")
    lines.append("# " + " ".join(map(str, env_crash)))
    # After RESUMED, MAIN__ returns: a write that hit its saved frame pointer or
    # return address (or what main needs after it) crashes the program there.
    return_runs: list[list[int]] = []
    for r in sorted(ret):
        off = r - 1
        if small.get(r) == "lost" and ret[r] == "segv" and ret_big[r] == "segv":
            add(return_runs, off)
    for a, b in return_runs:
        lines.append(f"crash-on-return {a} {b}")
    # The first of those is MAIN__'s saved frame pointer and return address:
    # above it lie the C start-up frames and the environment.
    lines.append(f"frame-end {return_runs[0][1]}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> None:
    target = reference.ROOT / "retro" / "ports" / "fortran_rcd" / "data"
    for ai in argv or ["ia", "mj"]:
        text = measure(ai)
        (target / f"memory-{ai}.txt").write_text(text)
        print(f"memory-{ai}.txt: {len(text.splitlines())} lines")


if __name__ == "__main__":
    main(sys.argv[1:])

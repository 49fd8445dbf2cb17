"""pascal-learner as a Gomocup brain: memory, START and END, the old path and the new.

A Gomocup manager starts ``retro pbrain pascal-learner`` afresh for each
game, bounds its memory (``INFO max_memory``; 350 MB in Gomocup), charges
START to the first move (about a second) and kills the brain half a second
after END.  For a store, on each board size, this drives the brain as a
manager does -- START, BEGIN, TURN after TURN, END -- on a copy of the
store, and measures: START plus the first move, with the compiled cache
made (the first start after the store changed) and read; the slowest
turn; END; the process's peak RSS and USS (retro/processes.py, sampled
after each answer).  The new path (the compiled cache and the
journal) and the old one (``--whole``: the store read and compiled whole,
learning at END) are driven with the same moves, and their answers must be
the same.  Then START 15, START 20, RECTSTART 20,15 in one process, each
with a first move (the store is opened at the first move): the memory after
each (the old board's finder let go).

    python -m benchmarks pascal_brain   (PASCAL_BRAIN_STORE=FILE, a Five-in-a-Row
                                         store, default: one trained here,
                                         PASCAL_BRAIN_GAMES=N games, default 200;
                                         PASCAL_BRAIN_WHOLE=0 skips the old path;
                                         PASCAL_BRAIN_TURNS=T, default 20)
"""
from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

Figures = list[tuple[str, str]]


def memory(pid: int) -> tuple[int, int]:
    """The process's RSS and USS, in MiB (0 once it has ended)."""
    from retro import processes

    found = processes.memory(pid)
    return (found.resident >> 20, found.unique >> 20) if found else (0, 0)


class Brain:
    """A brain process spoken to as a manager does."""

    def __init__(self, store: Path, whole: bool):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "retro", "pbrain", "pascal-learner", "--data", str(store), "--random-state", "1"]
            + (["--whole"] if whole else []),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.peak = (0, 0)

    def ask(self, line: str) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        rss, uss = memory(self.process.pid)
        self.peak = (max(self.peak[0], rss), max(self.peak[1], uss))
        return answer

    def end(self) -> float:
        assert self.process.stdin is not None
        started = time.monotonic()
        self.process.stdin.write("END\n")
        self.process.stdin.flush()
        self.process.wait(timeout=600)
        return time.monotonic() - started


def game(store: Path, whole: bool, size: int, turns: int) -> tuple[dict[str, float], list[str]]:
    """One game against a random player near the centre: the figures and the brain's answers."""
    brain = Brain(store, whole)
    started = time.monotonic()
    brain.ask(f"START {size}")
    first = brain.ask("BEGIN")
    start = time.monotonic() - started
    answers = [first]
    taken = {first}
    rng = random.Random(0)
    slowest = 0.0
    for _ in range(turns):
        while True:
            move = f"{rng.randrange(size // 4, size - size // 4)},{rng.randrange(size // 4, size - size // 4)}"
            if move not in taken:
                break
        taken.add(move)
        t = time.monotonic()
        answer = brain.ask(f"TURN {move}")
        slowest = max(slowest, time.monotonic() - t)
        if not answer[:1].isdigit():
            break
        answers.append(answer)
        taken.add(answer)
    end = brain.end()
    return {"start": start, "slowest": slowest, "end": end, "rss": brain.peak[0], "uss": brain.peak[1]}, answers


def sizes(store: Path) -> list[int]:
    """RSS after START 15, START 20 and RECTSTART 20,15 in one process, each
    with its first move (where the brain opens the store, or compiles it for
    the board)."""
    brain = Brain(store, False)
    figures = []
    for line in ("START 15", "START 20", "RECTSTART 20,15"):
        brain.ask(line)
        brain.ask("BEGIN")
        figures.append(memory(brain.process.pid)[0])
    brain.end()
    return figures


def trained(directory: Path, games: int) -> Path:
    path = directory / "trained.data"
    subprocess.run([sys.executable, "-m", "retro", "train", "pascal-learner", "--five", "--games", str(games),
                    "--random-state", "1", "--data", str(path)], check=True, stdout=subprocess.DEVNULL)
    return path


def run() -> Figures:
    out: Figures = []
    turns = int(os.environ.get("PASCAL_BRAIN_TURNS", "20"))
    whole = os.environ.get("PASCAL_BRAIN_WHOLE", "1") != "0"
    with tempfile.TemporaryDirectory() as folder:
        given: Optional[str] = os.environ.get("PASCAL_BRAIN_STORE")
        source = Path(given) if given else trained(Path(folder), int(os.environ.get("PASCAL_BRAIN_GAMES", "200")))
        schemes = sum(1 for line in source.read_text().splitlines() if line.startswith("scheme "))
        out.append(("store", f"{source.name}: {schemes:,} schemes, {source.stat().st_size / 2**20:.1f} MiB"))
        for size in (15, 20):
            store = Path(folder) / f"brain-{size}.data"
            shutil.copy(source, store)
            made, answers = game(store, False, size, turns)
            read, again = game(store, False, size, turns)
            assert again == answers, "the cache plays as the compiled store"
            out.append((f"{size}x{size} new: START + first move (cache made; read)",
                        f"{made['start']:.2f} s; {read['start']:.2f} s"))
            out.append((f"{size}x{size} new: peak RSS / USS", f"{read['rss']} / {read['uss']} MiB"))
            out.append((f"{size}x{size} new: slowest turn; END", f"{read['slowest'] * 1000:.0f} ms; "
                                                                 f"{read['end'] * 1000:.0f} ms"))
            if whole:
                shutil.copy(source, store)
                old, old_answers = game(store, True, size, turns)
                assert old_answers == answers, "the old path and the new play the same moves"
                out.append((f"{size}x{size} old (--whole): START + first move", f"{old['start']:.2f} s"))
                out.append((f"{size}x{size} old: peak RSS / USS", f"{old['rss']} / {old['uss']} MiB"))
                out.append((f"{size}x{size} old: slowest turn; END", f"{old['slowest'] * 1000:.0f} ms; "
                                                                     f"{old['end'] * 1000:.0f} ms"))
            out.append((f"{size}x{size}: the same {len(answers)} answers", "old and new" if whole else "new, twice"))
        store = Path(folder) / "brain-15.data"
        sizes(store)  # (the caches of every size made first)
        out.append(("new: RSS after START 15, START 20, RECTSTART 20,15, each + BEGIN",
                    " -> ".join(f"{rss} MiB" for rss in sizes(store))))
    return out

"""A match of `retro pbrain pascal-learner` against a Gomocup engine, run by a real manager.

    python tools/gomocup_match.py --manager PATH --engine PATH --out DIR [options]

What you build first (nothing here builds or fetches them; the tests never run this):

* the manager: c-gomoku-cli (GitHub dhbloo/c-gomoku-cli, the fork Rapfi's author keeps),
  a command-line Gomocup match manager, built as its README says;
* the engine: any Gomocup brain, e.g. Rapfi (GitHub dhbloo/rapfi, its ``Rapfi/`` folder
  built with cmake as its README says; with no ``config.toml`` beside the binary it plays
  with its built-in classical evaluation, no network weights needed).

BENCHMARKS.md ("The learner against Rapfi") names the commits measured and the binaries' SHA-256.

The manager starts both brains once, sends ``START``, ``INFO`` and ``BEGIN``/``TURN``
to each and judges the games (five or more in a row wins, ``-rule 0``); its standard
output, its protocol log (``-log``) and its SGF file (with each move's thinking time as
the manager measured it) are kept in ``--out``.  The learner runs as
``retro pbrain pascal-learner --data STORE`` through a two-line ``pbrain-pascal-learner``
wrapper written into ``--out``; STORE is a copy of ``--store`` made in ``--out``, with the
compiled caches beside it (``<store>.compiled-<rows>x<cols>``; no file at all with ``--store
empty``: the brain starts an empty store), so that the given store stays as it was.  The brain
opens its store at its first move of the match (from the cache, if one matches: else it compiles
the store there, over a tournament's limits with a large store -- start the brain once on the
store outside the manager to make the cache) and keeps each game in ``STORE.pending``, the
journal ``retro train pascal-learner --learn-pending`` learns from; a brain at commit 83998da or
before read the store at the first ``START`` and learnt each lost game at the next.  The
manager's ``tolerance`` for the learner (``--learner-tolerance``, default 60 s; c-gomoku-cli's
own default is 3 s) bounds its ``ABOUT`` and ``START`` answers and its lateness past the
turn's limit.

The engine's strength is set by ``--engine-tc`` (the manager's ``tc=``: ``MATCH/TURN``
in seconds, ``0/0.1`` for 100 ms a move and no match clock), and optionally
``--engine-depth`` (``INFO max_depth``) and ``--engine-nodes`` (``INFO max_node``),
Yixin-Board extensions Rapfi honours.  ``--games`` games are played, the colours
alternating (the learner opens the odd-numbered ones), from the empty board unless
``--openings FILE`` (the manager's ``offset`` format) is given.

It prints a Markdown table: the learner's wins, draws and losses with Wilson 95%
intervals, how the games ended (five, time forfeit, crash, illegal move, ...), and the
median and slowest thinking time per move of each side, from the SGF; the moves per game;
how long the learner took to answer ``START``, from the log, and its first move of each
game, from the SGF; the store's size before and after, and the games in its journal; on
Linux, the learner's peak resident memory and how many times the manager started it (again
after a crash or a missed deadline), sampled from outside (retro/processes.py); and writes
the same as ``summary.json`` in ``--out``.
The standard library and retro's own modules only.

Example (the figures in BENCHMARKS.md, "The learner against Rapfi", were made this way;
``--learner-tc 180/30 --learner-tolerance 3``: Gomocup's 30 s a move and 180 s a game, the
manager's tolerance):

    python tools/gomocup_match.py --manager ~/build/c-gomoku-cli \\
        --engine ~/build/pbrain-rapfi --engine-tc 0/0.1 --engine-depth 1 \\
        --learner-tc 180/30 --learner-tolerance 3 \\
        --store five-2000 --games 100 --out /tmp/match-2000-depth1
"""
from __future__ import annotations

import argparse
import glob
import json
import math
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Optional

from retro import processes

LEARNER = "learner"
FINISHED = re.compile(r"^\[\d+\] Finished game (\d+) \((.+) vs (.+)\): (\S+) \{(.*)\}$")
SGF_GAME = re.compile(r"\(;FF\[4\].*?\)\n", re.S)
SGF_PROPERTY = re.compile(r"(PB|PW|RE|TE|GN)\[([^\]]*)\]")
SGF_MOVE = re.compile(r";([BW])\[([a-z]{2})\]C\[(\d+)ms\]")
# what the manager prints when a brain misbehaves ("[1] engine NAME timeout at start", "... crashed",
# "... output illegal move", "... output error: ...") and its protocol log's missed deadlines
TROUBLE = re.compile(r"^\[\d+\] engine |^deadline: .* exceeded ")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for k successes in n trials: the interval tools/pascal_strength.py prints,
    not imported from it, as that script imports the learner's modules and this tool treats it as a black box."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def count_cell(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k} ({100 * low:.0f}-{100 * high:.0f}%)"


class LearnerWatch:
    """Samples the learner's processes (retro/processes.py; Linux): their peak resident memory, and how many the manager
    started (it starts a brain again after a crash or a missed deadline). The manager enforces no memory limit
    on Linux; wrapping the brain in another program to measure it would leave the brain running when the
    manager kills that program, so the tool looks from outside instead."""

    def __init__(self, marker: str, every: float = 0.25):
        self.marker, self.every = marker, every
        self.peak_kib: dict[int, int] = {}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.stop.wait(self.every):
            for pid in processes.every():
                if self.marker not in " ".join(processes.command_line(pid)):
                    continue
                peak = processes.peak_resident(pid)
                if peak is not None:  # None: the process ended meanwhile
                    self.peak_kib[pid] = max(self.peak_kib.get(pid, 0), peak // 1024)

    def __enter__(self) -> "LearnerWatch":
        if processes.peak_resident(os.getpid()) is not None:  # a system that tells another process's peak
            self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        if self.thread.is_alive():
            self.thread.join()


def write_wrapper(out: Path, retro: str, store: Path, random_state: Optional[int]) -> Path:
    """The ``pbrain-pascal-learner`` executable the manager starts (README's two-line wrapper)."""
    command = [*shlex.split(retro), "pbrain", "pascal-learner", "--data", str(store)]
    if random_state is not None:
        command += ["--random-state", str(random_state)]
    wrapper = out / "pbrain-pascal-learner"
    wrapper.write_text("#!/bin/sh\nexec " + " ".join(shlex.quote(word) for word in command) + "\n")
    wrapper.chmod(0o755)
    return wrapper


def copy_store(source: Path, store: Path) -> list[str]:
    """The store copied byte for byte to ``store``, with the compiled caches beside it
    (``<file>.compiled-<rows>x<cols>``, keyed by the store's SHA-256, so they match the copy):
    without them the brain compiles the store at its first move, over a manager's limits
    with a large store. The caches' names, as copied."""
    shutil.copyfile(source, store)
    copied = []
    for cache in sorted(source.parent.glob(glob.escape(source.name) + ".compiled-*")):
        target = store.with_name(store.name + cache.name[len(source.name):])
        shutil.copyfile(cache, target)
        copied.append(target.name)
    return copied


def manager_command(args: argparse.Namespace, wrapper: Path) -> list[str]:
    learner = ["-engine", f"name={LEARNER}", f"cmd={wrapper}", f"tc={args.learner_tc}",
               f"tolerance={args.learner_tolerance}"]
    engine = ["-engine", f"name={args.engine_name}", f"cmd={Path(args.engine).resolve()}",
              f"tc={args.engine_tc}", f"tolerance={args.engine_tolerance}"]
    if args.engine_depth:
        engine.append(f"depth={args.engine_depth}")
    if args.engine_nodes:
        engine.append(f"nodes={args.engine_nodes}")
    command = [str(Path(args.manager).resolve()), *learner, *engine,
               "-rule", "0", "-boardsize", str(args.size), "-games", str(args.games),
               "-drawafter", str(args.size * args.size), "-sgf", "games.sgf", "-log"]
    if args.openings:
        command += ["-openings", f"file={Path(args.openings).resolve()}", "order=random",
                    f"srand={args.random_state or 1}"]
    return command + shlex.split(args.manager_args)


def learner_outcome(result: str, learner_black: bool) -> str:
    """'win', 'draw' or 'loss' for the learner, from the manager's Black-White result."""
    if result == "1/2-1/2":
        return "draw"
    black_won = result == "1-0"
    return "win" if black_won == learner_black else "loss"


def read_games(stdout: str) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = []
    for line in stdout.splitlines():
        found = FINISHED.match(line.strip())
        if found:
            number, black, _white, result, reason = found.groups()
            learner_black = black == LEARNER
            games.append({"game": int(number), "learner_black": learner_black, "result": result,
                          "reason": reason, "outcome": learner_outcome(result, learner_black)})
    return games


def read_sgf(sgf: str) -> tuple[dict[str, list[int]], list[int]]:
    """Each side's thinking time per move (ms), as the manager wrote it into the SGF, and each game's length."""
    times: dict[str, list[int]] = {}
    lengths: list[int] = []
    for game in SGF_GAME.findall(sgf):
        names = dict(SGF_PROPERTY.findall(game))
        moves = SGF_MOVE.findall(game)
        lengths.append(len(moves))
        for colour, _square, ms in moves:
            times.setdefault(names["P" + colour], []).append(int(ms))
    return times, lengths


def first_moves(sgf: str, player: str = LEARNER) -> list[int]:
    """The player's first thinking time (ms) in each game, from the SGF: the learner opens its store at
    its first move of the match, not at ``START``."""
    firsts: list[int] = []
    for game in SGF_GAME.findall(sgf):
        names = dict(SGF_PROPERTY.findall(game))
        own = [int(ms) for colour, _square, ms in SGF_MOVE.findall(game) if names.get("P" + colour) == player]
        if own:
            firsts.append(own[0])
    return firsts


def start_times(log: str) -> list[int]:
    """How long (ms) the learner took to answer each START with OK, from the manager's protocol log."""
    asked: Optional[int] = None
    waits: list[int] = []
    for line in log.splitlines():
        stamp, _, said = line.partition(": ")
        if said.startswith(f"{LEARNER} <- START"):
            asked = int(stamp)
        elif said == f"{LEARNER} -> OK" and asked is not None:
            waits.append(int(stamp) - asked)
            asked = None
    return waits


def time_cell(samples: list[int]) -> str:
    if not samples:
        return "-"
    return f"{statistics.median(samples):.0f} / {max(samples)}"


def summarise(args: argparse.Namespace, games: list[dict[str, Any]], times: dict[str, list[int]],
              lengths: list[int], trouble: list[str], seconds: float) -> dict[str, Any]:
    outcomes = {kind: sum(game["outcome"] == kind for game in games) for kind in ("win", "draw", "loss")}
    reasons: dict[str, int] = {}
    for game in games:
        reasons[game["reason"]] = reasons.get(game["reason"], 0) + 1
    label = args.label or ("empty" if args.store == "empty" else Path(args.store).name)
    return {"engine": args.engine_name, "engine_tc": args.engine_tc, "engine_depth": args.engine_depth,
            "engine_nodes": args.engine_nodes, "store": label, "learner_tc": args.learner_tc,
            "games": len(games), **outcomes, "reasons": reasons,
            "learner_ms": times.get(LEARNER, []), "engine_ms": times.get(args.engine_name, []),
            "plies": lengths, "trouble": trouble, "wall_seconds": round(seconds, 1), "per_game": games}


def table(summary: dict[str, Any]) -> str:
    n = summary["games"]
    setting = f"tc {summary['engine_tc']}"
    if summary["engine_depth"]:
        setting += f", depth {summary['engine_depth']}"
    if summary["engine_nodes"]:
        setting += f", nodes {summary['engine_nodes']}"
    plies, starts, firsts = summary["plies"], summary.get("learner_start_ms", []), summary.get("learner_first_ms", [])
    half = len(plies) // 2
    ends = ", ".join(f"{reason}: {count}" for reason, count in sorted(summary["reasons"].items()))
    return "\n".join([
        "| learner store | engine (setting) | games | learner wins | draws | losses "
        "| learner ms/move (median / max) | engine ms/move (median / max) |",
        "|---|---|---|---|---|---|---|---|",
        f"| {summary['store']} | {summary['engine']} ({setting}) | {n} "
        f"| {count_cell(summary['win'], n)} | {count_cell(summary['draw'], n)} "
        f"| {count_cell(summary['loss'], n)} | {time_cell(summary['learner_ms'])} "
        f"| {time_cell(summary['engine_ms'])} |",
        "",
        f"How the games ended: {ends or 'no game finished'}.",
        f"Moves per game (both sides), median: {statistics.median(plies) if plies else '-'}"
        f" (first half of the match {statistics.median(plies[:half]) if half else '-'},"
        f" second half {statistics.median(plies[half:]) if half else '-'}).",
        "The learner's answer to START, ms: "
        + (f"first {starts[0]}, later median / max {time_cell(starts[1:])}." if starts else "never answered."),
        "The learner's first move of a game (its first of the match opens the store), ms: "
        + (f"game 1 {firsts[0]}, later games median / max {time_cell(firsts[1:])}." if firsts else "none."),
        f"Manager's complaints: {len(summary['trouble'])} line(s)"
        + (": " + " | ".join(summary["trouble"][:5]) if summary["trouble"] else "."),
    ])


def parse_arguments(argv: Optional[list[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--manager", required=True, help="the c-gomoku-cli executable")
    parser.add_argument("--engine", required=True, help="the opposing brain's executable (e.g. pbrain-rapfi)")
    parser.add_argument("--engine-name", default="rapfi", help="its name in the tables (default rapfi)")
    parser.add_argument("--engine-tc", default="0/0.1",
                        help="the engine's time control, MATCH/TURN seconds (default 0/0.1: 100 ms a move)")
    parser.add_argument("--engine-depth", type=int, default=0, help="INFO max_depth for the engine (0: none)")
    parser.add_argument("--engine-nodes", type=int, default=0, help="INFO max_node for the engine (0: none)")
    parser.add_argument("--engine-tolerance", type=float, default=3.0,
                        help="seconds past its limit before the manager calls the engine hung (default 3)")
    parser.add_argument("--store", required=True,
                        help="the learner's schemes file (copied into --out first, with its compiled caches), or 'empty'")
    parser.add_argument("--label", help="the store's name in the table (default: its file name)")
    parser.add_argument("--retro", default=str(Path(sys.executable).with_name("retro")),
                        help="the retro command (default: retro beside this Python)")
    parser.add_argument("--learner-tc", default="0/5",
                        help="the learner's time control, MATCH/TURN seconds (default 0/5)")
    parser.add_argument("--learner-tolerance", type=float, default=60.0,
                        help="seconds the learner may take for ABOUT and START, and past its turn limit"
                             " (default 60; the manager's own default: 3)")
    parser.add_argument("--random-state", type=int, default=1,
                        help="the learner's --random-state and the openings' order (default 1)")
    parser.add_argument("--games", type=int, default=2, help="games to play (default 2)")
    parser.add_argument("--size", type=int, default=15, help="board size (default 15)")
    parser.add_argument("--openings", help="an openings file in the manager's offset format (default: empty board)")
    parser.add_argument("--manager-args", default="",
                        help="more options for the manager, written with '=' as they begin with a dash:"
                             " --manager-args='-sendbyboard -repeat' (a BOARD before every move; each opening twice)")
    parser.add_argument("--out", required=True, help="a new folder for the logs, SGF and summary")
    return parser.parse_args(argv)


def main(argv: Optional[list[str]] = None) -> int:
    args = parse_arguments(argv)
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=False)
    store = out / "store"
    caches = [] if args.store == "empty" else copy_store(Path(args.store), store)
    wrapper = write_wrapper(out, args.retro, store, args.random_state)
    command = manager_command(args, wrapper)
    (out / "command.txt").write_text(shlex.join(command) + "\n")
    started = time.monotonic()
    with open(out / "manager.out", "w") as stdout, open(out / "manager.err", "w") as stderr:
        with LearnerWatch(str(store)) as watch:
            code = subprocess.call(command, cwd=out, stdout=stdout, stderr=stderr)
    seconds = time.monotonic() - started
    printed = (out / "manager.out").read_text(errors="replace")
    complaints = (out / "manager.err").read_text(errors="replace")
    games = read_games(printed)
    sgf = out / "games.sgf"
    games_sgf = sgf.read_text(errors="replace") if sgf.exists() else ""
    times, lengths = read_sgf(games_sgf)
    log = "".join(path.read_text(errors="replace") for path in sorted(out.glob("c-gomoku-cli.*.log")))
    trouble = [line.strip() for line in (printed + log).splitlines() if TROUBLE.match(line)]
    trouble += [line.strip() for line in complaints.splitlines() if line.strip()]
    summary = summarise(args, games, times, lengths, trouble, seconds)
    summary["learner_start_ms"] = start_times(log)
    summary["learner_first_ms"] = first_moves(games_sgf)
    summary["caches"] = caches
    summary["manager_exit"] = code
    summary["store_bytes"] = {"before": 0 if args.store == "empty" else Path(args.store).stat().st_size,
                              "after": store.stat().st_size if store.exists() else 0}
    journal = out / "store.pending"  # the games the brain kept for `retro train pascal-learner --learn-pending`
    summary["journal_lines"] = len(journal.read_bytes().splitlines()) if journal.exists() else 0
    if watch.peak_kib:
        summary["learner_process"] = {"processes": len(watch.peak_kib),
                                      "peak_rss_mib": round(max(watch.peak_kib.values()) / 1024, 1)}
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(table(summary))
    if "learner_process" in summary:
        process = summary["learner_process"]
        print(f"The learner's process: peak memory {process['peak_rss_mib']} MiB;"
              f" the manager started it {process['processes']} time(s).")
    print(f"Store {summary['store_bytes']['before']} -> {summary['store_bytes']['after']} bytes"
          f" (caches copied beside it: {', '.join(caches) or 'none'});"
          f" {summary['journal_lines']} game(s) in its journal.")
    print(f"Manager exit code {code}; {seconds:.0f} s; logs in {out}")
    return 0 if code == 0 and games else 1


if __name__ == "__main__":
    sys.exit(main())

"""Compare the port with Altair 8K BASIC 4.0, byte for byte, and keep the results as data.

    python tools/basic_reference/compare.py fig5                 Fig. 5 and the v1 quirk
    python tools/basic_reference/compare.py play N [SEED] [--write]
        N sessions per variant: random, blocking and greedy players, several
        games a session, bad input at every kind of prompt (players.py)

Each session is played against the interpreter (reference.py: the player
answers what BASIC printed), then the same lines go through the port
(``retro.ports.altair_3d.run`` on a LineConsole, as ``retro run altair-3d`` in a
pipe) and standard output and the exit status are compared.  A difference
is classified by what the interpreter prints where the two first part
(``classify``); the reasons it knows were the port's faults, since fixed
(tools/basic_reference/README.md).  With --write the sessions are stored in
tests/data/altair_8k_original.tsv, which tests/altair_3d/test_altair_original.py
replays against the port without the emulator.
"""
from __future__ import annotations

import hashlib
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))
import players  # noqa: E402  # after sys.path is set above
import reference  # noqa: E402  # after sys.path is set above

from retro.console import LineConsole, encode  # noqa: E402  # after sys.path is set above
from retro.recording import Recorder  # noqa: E402  # after sys.path is set above
from retro.ports.altair_3d import AltairOptions, run as run_port  # noqa: E402  # after sys.path is set above

MANIFEST = ROOT / "tests" / "data" / "altair_8k_original.tsv"

# name: (the port's options, the command line that gives them)
VARIANTS = {
    "v3": ({"version": "3"}, "--version 3"),
    "v2": ({"version": "2"}, "--version 2"),
    "v1": ({"version": "1"}, "--version 1"),
    "ultimate": ({"version": "3", "ultimate": True}, "--version 3 --ultimate"),
    "check": ({"version": "2", "check_combinations": True}, "--version 2 --check-combinations"),
    "resume": ({"version": "2", "resume": True}, "--version 2 --resume"),
    "no-boards": ({"version": "2", "no_boards": True}, "--version 2 --no-boards"),
    "v1-no-boards": ({"version": "1", "no_boards": True}, "--version 1 --no-boards"),
}

# The port's known faults (issue 12, section 2), fixed on branch issue-12-port.
FOR_STACK = "for-stack: a FOR left by GOTO stays on BASIC's stack (?NF ERROR IN 350)"
COLON = "colon: ':' ends an INPUT item (?EXTRA IGNORED / ??)"
# Found by this comparison, not yet in the port nor, as far as known, on issue-12-port.
CTRL_O = "ctrl-o: Ctrl-O (or 8Fh) turns BASIC's output off until the next INPUT prompt"


def port_session(lines: list[bytes], options: dict) -> tuple[bytes, int]:
    console = LineConsole.from_bytes(b"".join(line + b"\n" for line in lines))
    status = run_port(console, AltairOptions(**options))
    return console._out.getvalue(), status  # type: ignore[attr-defined]  # from_bytes writes into a BytesIO: the port's bytes


def first_difference(a: bytes, b: bytes) -> int:
    n = min(len(a), len(b))
    return next((i for i in range(n) if a[i] != b[i]), n)


def lines_read_by(lines: list[bytes], options: dict, at: int) -> list[bytes]:
    """The lines the port had read when its output reached byte ``at``."""
    recorder = Recorder(LineConsole.from_bytes(b"".join(line + b"\n" for line in lines)))
    run_port(recorder, AltairOptions(**options))
    written, read = 0, 0
    for event in recorder.events:
        if event.kind == "out" and event.text:
            written += len(encode(event.text))
            if written > at:
                break
        elif event.kind == "in":
            read += 1
    return lines[:read]


def classify(basic: bytes, port: bytes, lines: list[bytes], options: dict) -> str:
    """Why the port's output parts from the interpreter's ('' if it does not): the
    line (of the interpreter's and of the port's output) in which they first part,
    and the lines typed up to there."""
    if basic == port:
        return ""
    at = first_difference(basic, port)
    start = basic.rfind(b"\n", 0, at) + 1
    theirs = basic[start:].split(b"\n", 1)[0]
    ours = port[start:].split(b"\n", 1)[0]
    typed = lines_read_by(lines, options, at)
    if b"?NF ERROR IN 350" in theirs:
        return FOR_STACK
    if any(byte & 0x7F == 0x0F for line in typed for byte in line):
        return CTRL_O
    if any(b":" in line for line in typed[-1:]) and b"?REDO FROM START" in ours and (
            b"?EXTRA IGNORED" in theirs or b"?? " in theirs):
        return COLON
    return "UNEXPLAINED"


def escape(data: bytes) -> str:
    return data.decode("latin-1").encode("unicode_escape").decode("ascii")


def unescape(text: str) -> bytes:
    return text.encode("ascii").decode("unicode_escape").encode("latin-1")


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def play(variant: str, n: int, seed: int, out: list, report) -> None:
    options, _ = VARIANTS[variant]
    opts = {k: v for k, v in options.items() if k != "version"}
    basic = reference.Interpreter(options.get("version", "3"), **opts)
    kind = "resume" if options.get("resume") else "check" if options.get("check_combinations") else None
    for i in range(n):
        rng = random.Random(f"{seed}-{variant}-{i}")
        strategy = kind or rng.choice(["random", "blocking", "greedy"])
        bad_rate = rng.choice([0.0, 0.05, 0.15, 0.4])
        player = players.Player(rng, strategy, options.get("version", "3"), bad_rate,
                                games=rng.choice([1, 2, 3]), max_lines=rng.choice([20, 60, 120]))
        result = basic.play(player.answer)
        port, status = port_session(result.lines, options)
        reason = classify(result.stdout, port, result.lines, options)
        if not reason and status != result.status:
            reason = "UNEXPLAINED (status)"
        out.append((variant, strategy, result, reason))
        report(variant, i, strategy, result, port, status, reason)


def write_manifest(cases: list) -> None:
    lines = [
        "# What Altair 8K BASIC 4.0 printed, session by session, for the listing as the port reads it.",
        "# Written by tools/basic_reference/compare.py play --write: the 8K BASIC 4.0 binary (avwohl/mbasic2025",
        "# 4k8k/8k/8kbas.bin, SHA-256 dfe4b157...) on the z80 package's i8080 with an 88-SIO; MEMORY SIZE 12192,",
        "# TERMINAL WIDTH 80; the lines typed at each prompt, then Ctrl-C; output after RUN without the line",
        "# editor's echo, CR LF as LF (tools/basic_reference/README.md).",
        "# expected_port_differs: why the port prints otherwise today (a known fault of the port, kept as a",
        "# strict xfail); empty: the port must print exactly this.  exit status: 1 after a BASIC error,",
        "# 0 after BREAK (the Ctrl-C that ends the input), -1 neither (the output was turned off by Ctrl-O).",
        "# options\tplayer\tinput (unicode_escape, lines ending in \\n)\texit status\tsha256(stdout)[:16]\tlen(stdout)"
        "\texpected_port_differs",
    ]
    for variant, strategy, r, reason in cases:
        data = b"".join(line + b"\n" for line in r.lines)
        lines.append("\t".join([VARIANTS[variant][1], strategy, escape(data), str(r.status), digest(r.stdout),
                                str(len(r.stdout)), reason]))
    MANIFEST.write_text("\n".join(lines) + "\n")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "fig5"):
        print(__doc__)
        return 2
    write = "--write" in argv
    argv = [a for a in argv if a != "--write"]
    counts: dict = {}
    started = time.time()

    def report(variant, i, strategy, result, port, status, reason):
        key = (variant, reason or "identical")
        counts[key] = counts.get(key, 0) + 1
        if reason.startswith("UNEXPLAINED"):
            at = first_difference(result.stdout, port)
            print(f"{variant} #{i} {strategy}: {reason} at {at}: lines {result.lines!r}\n"
                  f"  basic: {result.stdout[max(0, at - 120):at + 80]!r}\n  port:  {port[max(0, at - 120):at + 80]!r}",
                  flush=True)

    cases: list = []
    if argv[0] == "fig5":
        for variant, moves in [("v2", "1,4 1,13 1,11 1,3 1,7"), ("v2", "1,4 1,13 1,11 1,3 4,2 1,7 1,15"),
                               ("v3", "1,4 1,13 2,4 2,13 2,11 2,3 3,4 3,13 3,1 3,14"), ("v1", "2,3 1,1")]:
            options, _ = VARIANTS[variant]
            basic = reference.Interpreter(options["version"])
            lines = [m.encode() for m in moves.split()]
            r = basic.session(lines)
            r.lines = lines
            port, status = port_session(lines, options)
            reason = classify(r.stdout, port, lines, options)
            cases.append((variant, "fig5", r, reason))
            report(variant, 0, "fig5", r, port, status, reason)
    else:
        n = int(argv[1])
        seed = int(argv[2]) if len(argv) > 2 else 1
        variants = argv[3].split(",") if len(argv) > 3 else list(VARIANTS)
        for variant in variants:
            play(variant, n if variant not in ("v3", "ultimate") else max(1, n // 8), seed, cases, report)
            print(f"{variant} done, {time.time() - started:.0f} s", flush=True)
    for key in sorted(counts):
        print(*key, counts[key], sep="\t")
    if write:
        write_manifest(cases)
    return 1 if any(r.startswith("UNEXPLAINED") for *_, r in cases) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

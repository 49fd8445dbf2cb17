"""The port against what Altair 8K BASIC 4.0 printed, session by session.

tests/data/altair_8k_original.tsv was written by tools/basic_reference/compare.py
from the listing (as the port reads it, errata.py applied) typed into Microsoft's
8K BASIC 4.0 on an emulated 8080: seeded sessions of random, blocking and greedy
players over every variant, several games a session, bad input at every prompt.
Each row keeps the options, the lines typed, the exit status and the SHA-256 of
the interpreter's output as the port writes it in a pipe (no echo, LF for CR LF).
Neither the emulator nor the binary is needed here.

Rows with an ``expected_port_differs`` reason would be the port's known faults;
each reason is a strict xfail, so the day the port prints what the interpreter
printed for all of its rows the test fails and the reason must be removed from
those rows (tools/basic_reference/README.md).  Today no row has one: the three
faults the comparison found (the FOR stack, ':' in INPUT, Ctrl-O) are fixed.
"""
import hashlib
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from retro.ports.altair_3d import AltairOptions, run
from retro.console import LineConsole

MANIFEST = Path(__file__).resolve().parents[1] / "data" / "altair_8k_original.tsv"


def options_of(text: str) -> dict:
    """'--version 2 --no-boards' as AltairOptions' keyword arguments."""
    words = text.split()
    out: dict = {}
    i = 0
    while i < len(words):
        name = words[i].lstrip("-").replace("-", "_")
        if name == "version":
            out["version"] = words[i + 1]
            i += 2
        else:
            out[name] = True
            i += 1
    return out


def rows():
    for line in MANIFEST.read_text(encoding="ascii").splitlines():
        if line and not line.startswith("#"):
            options, player, text, status, digest, length, reason = line.split("\t")
            data = text.encode("ascii").decode("unicode_escape").encode("latin-1")
            yield options, player, data, int(status), digest, int(length), reason


ROWS = list(rows())
BY_VARIANT = defaultdict(list)
BY_REASON = defaultdict(list)
for row in ROWS:
    (BY_REASON[row[-1]] if row[-1] else BY_VARIANT[row[0]]).append(row)


def port_differs(row) -> bool:
    options, _, data, status, digest, length, _ = row
    console = LineConsole.from_bytes(data)
    got = run(console, AltairOptions(**options_of(options)))
    out = console._out.getvalue()
    if status == -1:  # the interpreter's output, turned off by Ctrl-O, did not show how it ended
        got = -1
    return (got, len(out), hashlib.sha256(out).hexdigest()[:16]) != (status, length, digest)


def test_the_manifest_covers_every_variant_and_thousands_of_sessions():
    variants = Counter(options for options, *_ in ROWS)
    assert set(variants) == {
        "--version 3", "--version 2", "--version 1", "--version 3 --ultimate",
        "--version 2 --check-combinations", "--version 2 --resume", "--version 2 --no-boards",
        "--version 1 --no-boards",
    }
    assert len(ROWS) >= 2000
    assert sum(1 for row in ROWS if not row[-1]) >= 2000  # sessions the port must match today
    assert {player for _, player, *_ in ROWS} >= {"random", "blocking", "greedy", "check", "resume"}


@pytest.mark.parametrize("variant", sorted(BY_VARIANT))
def test_port_prints_what_the_interpreter_printed(variant):
    differing = [row[2][:120] for row in BY_VARIANT[variant] if port_differs(row)]
    assert not differing, f"{len(differing)} of {len(BY_VARIANT[variant])} sessions differ, e.g. {differing[:3]}"


@pytest.mark.parametrize("reason", [pytest.param(r, marks=pytest.mark.xfail(strict=True, reason=r))
                                    for r in sorted(BY_REASON) if r]
                         or [pytest.param("", marks=pytest.mark.skip(
                             reason="no known differences: the port prints what the interpreter printed "
                                    "on every recorded session"))])
def test_known_differences_are_still_there(reason):
    """xfail while the port differs on any of the reason's rows; XPASS (a failure) once it
    prints what the interpreter printed for all of them: then clear the reason in the TSV."""
    assert not any(port_differs(row) for row in BY_REASON[reason])

"""Each erratum left as scanned, on the interpreter: what the scanned text does.

    python tools/basic_reference/errata_runs.py

For every entry of retro/ports/altair_3d/errata.py the listing is typed with that
one line as the seed has it (all other errata applied) and a Fig. 5 game is
played (version 3's third game; Programs D and E first get answers that start it); the report gives the
first line in which the session departs from the corrected listing's, or
the error that stops it.  These runs are the "interpreter run" evidence of
NOTES.md's errata table.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))
import reference  # noqa: E402  # after sys.path is set above
from compare import first_difference  # noqa: E402  # after sys.path is set above
from retro.ports.altair_3d.errata import ERRATA  # noqa: E402  # after sys.path is set above

FIG5_V3 = "1,4 1,13 2,4 2,13 2,11 2,3 3,4 3,13 3,1 3,14".split()
PROGRAM_OPTIONS = {
    "A": {},
    "D": {"check_combinations": True},
    "E": {"resume": True},
    "F": {"ultimate": True},
}
# Programs D and E read their own lines first: answers that then start Fig. 5's game.
PREFIX = {"D": ["1,3", "0"], "E": ["0", "0"]}


def main() -> int:
    for e in ERRATA:
        options = PROGRAM_OPTIONS[e.program]
        prefix = PREFIX.get(e.program, [])
        lines = [m.encode() for m in prefix + FIG5_V3]
        try:
            good = reference.Interpreter("3", **options).session(lines).stdout
            bad = reference.Interpreter("3", keep=[(e.program, e.line, e.scanned)], **options).session(lines).stdout
        except RuntimeError as error:  # typing the line was refused
            print(f"{e.program} {e.line} {e.scanned!r}: {error}")
            continue
        if good == bad:
            print(f"{e.program} {e.line} {e.scanned!r}: same output as {e.corrected!r} in this game")
            continue
        at = first_difference(good, bad)
        start = bad.rfind(b"\n", 0, at) + 1
        theirs, ours = (text[start:].split(b"\n", 1)[0].decode("latin-1") for text in (bad, good))
        print(f"{e.program} {e.line} {e.scanned!r}: departs at byte {at}: {theirs!r} (corrected: {ours!r})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

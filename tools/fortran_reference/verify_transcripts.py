"""Check golden transcripts of fortran-rcd against the reference build.

    python tools/fortran_reference/verify_transcripts.py [FILE ...]

For transcripts that were not recorded from the build (the audit's beating
lines, for instance), this runs the build on each one's input and compares
standard output, standard error and the exit status with the transcript's.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import reference  # noqa: E402

from retro import transcript  # noqa: E402


def main(paths: list[str]) -> int:
    files = [Path(p) for p in paths] or sorted((reference.ROOT / "transcripts" / "fortran-rcd").glob("*.txt"))
    bad = 0
    for path in files:
        session = transcript.load(path)
        if session.stdin != "pipe":
            print(f"{path.name}: skipped (stdin {session.stdin})")
            continue
        ai = "mj" if session.options == ["--ai", "mj"] else "ia"
        if session.options not in ([], ["--ai", "mj"], ["--ai", "ia"]):
            print(f"{path.name}: skipped (options {session.options})")
            continue
        run = reference.run(ai, session.input_bytes())
        same = (run.stdout.decode("utf-8", "surrogateescape"), run.stderr.decode("utf-8", "surrogateescape"),
                run.status) == (session.output(), session.errors(), session.exit_status)
        print(f"{path.name}: {'identical to the build' if same else 'DIFFERS from the build'}")
        bad += not same
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The golden sessions of each port (transcripts/<port>/), made from data.

Each port's cases are a table, ``CASES``, in a module beside its tests
(TABLES below); a case is its input, its options and its header.  A case
is recorded by ``retro.check.rerun``, the path `retro check` replays every
transcript through (and `retro record` records through): the case's input
is given to the port as a transcript's would be, with the options made safe
for a replay and the files they name looked for in the transcripts' folder.
Nothing here ships with retro.

    python tests/golden.py PORT-ID ...    (re)write transcripts/PORT-ID/ from its table

tests/test_golden.py checks that recording each table again gives, byte for
byte, the files that ship.
"""
from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from retro.check import rerun
from retro.console import decode
from retro.recording import Event
from retro.transcript import Transcript

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTS = ROOT / "transcripts"

# The table of each port with golden cases of its own.
TABLES = {
    "altair-3d": ROOT / "tests" / "altair_3d" / "altair_cases.py",
    "cpm-c": ROOT / "tests" / "cpm_c" / "make_transcripts.py",
    "pascal-learner": ROOT / "tests" / "pascal_learner" / "make_transcripts.py",
    "perl-midterm": ROOT / "tests" / "perl_midterm" / "perl_midterm_cases.py",
}


@dataclass(frozen=True)
class Case:
    """One golden session: ``name`` is its file's (without ``.txt``), ``input``
    what is typed, ``header`` the transcript's header in the file's order
    (title, source, evidence, group, ...)."""

    name: str
    input: bytes
    header: dict[str, str] = field(default_factory=dict)
    options: tuple[str, ...] = ()


def typed(*lines: str) -> bytes:
    """Lines as typed, each ended by Return."""
    return "".join(line + "\n" for line in lines).encode("utf-8", "surrogateescape")


def record(program_id: str, case: Case, folder: Path | None = None) -> Transcript:
    """The case's session, as `retro check` replays it (in ``folder``, by
    default the port's transcripts/ folder)."""
    given = Transcript(program_id, list(case.options), 0, dict(case.header),
                       [Event("in", decode(case.input))] if case.input else [])
    return rerun(given, folder or TRANSCRIPTS / program_id)


def table(program_id: str) -> ModuleType:
    """The module that holds the port's CASES (loaded from its file: the
    tables live in test folders, which are not packages)."""
    path = TABLES[program_id]
    spec = importlib.util.spec_from_file_location(f"golden_{path.parent.name}", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def cases(program_id: str) -> tuple[Case, ...]:
    found: tuple[Case, ...] = table(program_id).CASES
    return found


def write(program_id: str) -> list[Path]:
    """Record every case of the port's table into transcripts/<port>/."""
    folder = TRANSCRIPTS / program_id
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for case in cases(program_id):
        path = folder / f"{case.name}.txt"
        record(program_id, case, folder).save(path)
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    for program_id in argv or sorted(TABLES):
        if program_id not in TABLES:
            print(f"golden.py: no table for {program_id!r} (known: {', '.join(sorted(TABLES))})", file=sys.stderr)
            return 2
        for path in write(program_id):
            print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

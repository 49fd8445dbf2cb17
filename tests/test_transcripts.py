"""Every golden transcript, replayed against its port: the same code path as
`retro check` (retro.check.check_file)."""
from pathlib import Path

import pytest

from retro.check import check_file
from retro.transcript import find_transcripts

ROOT = Path(__file__).resolve().parent.parent
FILES = find_transcripts([ROOT / "transcripts"])


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_transcript_replays_exactly(path: Path) -> None:
    outcome = check_file(path)
    assert not outcome.error, outcome.error
    assert not outcome.diff, "\n" + outcome.diff


def test_there_are_transcripts_for_the_fortran_port() -> None:
    assert len([p for p in FILES if p.parent.name == "fortran-rcd"]) >= 20

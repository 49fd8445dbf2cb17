"""Each port's golden cases (tests/golden.py), recorded again through
`retro check`'s own path, give byte for byte the transcripts that ship."""
from __future__ import annotations

import pytest

import golden
from retro.console import encode

CASES = [(program_id, case) for program_id in sorted(golden.TABLES) for case in golden.cases(program_id)]


@pytest.mark.parametrize("program_id,case", CASES, ids=[f"{p}/{c.name}" for p, c in CASES])
def test_recording_the_case_again_gives_the_shipped_file(program_id: str, case: golden.Case) -> None:
    shipped = golden.TRANSCRIPTS / program_id / f"{case.name}.txt"
    assert encode(golden.record(program_id, case).render()) == shipped.read_bytes()


def test_every_port_with_cases_has_a_table_of_them() -> None:
    assert all(len(golden.cases(program_id)) >= 5 for program_id in golden.TABLES)

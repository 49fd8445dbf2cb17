"""Every program in the catalog has its test facts (tests/port_facts.py),
and they are true of the program: its golden sessions are shipped and name
no file, and each last game's winner is the one its port declares."""
import pytest

from port_facts import facts, folder
from retro import catalog, transcript
from retro.check import rerun_ending

ROOT = folder("x").parent.parent


@pytest.mark.parametrize("program_id", list(catalog.programs()))
def test_every_program_in_the_catalog_has_its_facts(program_id: str) -> None:
    found = facts(program_id)  # LookupError names the file to write
    assert found.golden in found.last_games
    assert found.first_prompt and found.visit.prompt and found.reader_end
    assert {winner for winner in found.last_games.values() if winner} <= set(found.results)  # each result said


def test_a_program_without_facts_is_named_with_the_file_to_write() -> None:
    with pytest.raises(LookupError, match=r"no-such-port has no test facts: write tests/no_such_port/facts.py"):
        facts("no-such-port")


@pytest.mark.parametrize("program_id", list(catalog.programs()))
def test_each_last_games_winner_is_what_the_port_declares(program_id: str) -> None:
    for name, winner in facts(program_id).last_games.items():
        path = ROOT / "transcripts" / program_id / f"{name}.txt"
        session = transcript.load(path)
        _, outcome, _ = rerun_ending(session, path.parent)
        assert (outcome.value if outcome else None) == winner, name


@pytest.mark.parametrize("program_id", list(catalog.programs()))
def test_the_golden_session_names_no_file(program_id: str) -> None:
    session = transcript.load(ROOT / "transcripts" / program_id / f"{facts(program_id).golden}.txt")
    assert "--data" not in session.options  # played in a pipe, over a WebSocket, in a browser

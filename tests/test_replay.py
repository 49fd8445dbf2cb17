"""retro replay: the session as it happened, optionally at a period's speed."""
import io

from retro.recording import Event
from retro.replay import show
from retro.transcript import Transcript


def session() -> Transcript:
    return Transcript("fortran-rcd", [], 2, {}, [
        Event("out", " Pick\n"), Event("in", "3,3\n"), Event("err", "oops\n"), Event("in", None)])


def test_replay_writes_output_input_and_errors_in_order() -> None:
    out, err = io.StringIO(), io.StringIO()
    show(session(), out=out, err=err)
    assert out.getvalue() == " Pick\n3,3\n^D\n"
    assert err.getvalue() == "oops\n"


def test_baud_paces_every_character_ten_bits_each() -> None:
    pauses: list[float] = []
    show(session(), baud=300, out=io.StringIO(), err=io.StringIO(), sleep=pauses.append)
    characters = len(" Pick\n") + len("3,3\n") + len("oops\n") + len("^D\n")
    assert len(pauses) == characters
    assert all(abs(p - 10 / 300) < 1e-12 for p in pauses)

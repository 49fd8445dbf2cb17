"""A visitor's session as a cast made from its pty (retro.web.pty_cast): the
page's bytes and the keys typed as events, a character split between two reads
kept whole, and nothing past its bound; the tape saved raw for a worker to make
its cast of."""
import pytest

from retro import catalog
from retro.web.pty_cast import PtyTape, TapeError, saved_cast

LEARNER = catalog.get("pascal-learner")


def test_the_output_and_the_keys_are_the_casts_events_in_their_order() -> None:
    tape = PtyTape(80, 24, 1000)
    tape.output("Your move? ".encode())
    tape.keys(b"2,2\r")
    tape.output(b"I play 1,1")
    cast = tape.cast(LEARNER, 0)
    assert cast is not None and (cast.cols, cast.rows, cast.exit_status) == (80, 24, 0)
    codes = [event.code for event in cast.events]
    assert codes == ["o", "i", "o"] and cast.events[1].data == "2,2\r"
    assert [event.time for event in cast.events] == sorted(event.time for event in cast.events)


def test_a_character_split_between_two_reads_is_kept_whole() -> None:
    tape = PtyTape(80, 24, 1000)
    word = "café".encode()
    tape.output(word[:-1])
    tape.output(word[-1:])
    cast = tape.cast(LEARNER, 0)
    assert cast is not None and "".join(event.data for event in cast.events) == "café"


def test_a_tape_past_its_bound_makes_no_cast() -> None:
    tape = PtyTape(80, 24, 10)
    tape.output(b"0123456789")
    assert tape.cast(LEARNER, 0) is not None
    tape.keys(b"x")
    tape.output(b"more")
    assert tape.full and tape.cast(LEARNER, 0) is None


def test_a_session_that_wrote_nothing_makes_no_cast() -> None:
    tape = PtyTape(80, 24, 1000)
    tape.keys(b"y\r")
    assert tape.cast(LEARNER, 0) is None


def test_a_tape_past_its_events_makes_no_cast() -> None:
    """One-byte keys are an event each: the tape is bounded by their count as
    well as by its characters (a flood of them once took 100 MiB a session)."""
    tape = PtyTape(80, 24, 1000, most_events=10)
    tape.output(b"Your move? ")
    for _ in range(9):
        tape.keys(b"x")
    assert tape.cast(LEARNER, 0) is not None
    tape.keys(b"x")
    assert tape.full and tape.cast(LEARNER, 0) is None


def test_output_within_a_frame_is_one_event() -> None:
    tape = PtyTape(80, 24, 1000)
    tape.output(b"Your ")
    tape.output(b"move? ")
    cast = tape.cast(LEARNER, 0)
    assert cast is not None and [(event.code, event.data) for event in cast.events] == [("o", "Your move? ")]


def test_a_saved_tape_makes_the_cast_the_tape_makes() -> None:
    """The server saves the tape raw (its arrays and text) and a worker makes the
    cast of it (cast_worker): the same cast as the tape's own."""
    tape = PtyTape(80, 24, 1000)
    tape.output("Your move? café ".encode())
    tape.keys(b"2,2\r")
    tape.output(b"I play 1,1")
    saved = tape.saved(LEARNER, 130)
    assert saved is not None and saved_cast(saved) == tape.cast(LEARNER, 130)


def test_a_tape_that_makes_no_cast_saves_nothing() -> None:
    tape = PtyTape(80, 24, 10)
    tape.keys(b"y\r")
    assert tape.saved(LEARNER, 0) is None
    tape.output(b"0123456789 and more")
    assert tape.saved(LEARNER, 0) is None


@pytest.mark.parametrize("damage", [lambda data: data[:-3], lambda data: data[:20], lambda data: b"{}\n" + data,
                                    lambda data: data.replace(b'"events": 3', b'"events": 99999999')])
def test_a_saved_tape_cut_short_or_past_the_bounds_is_refused(damage) -> None:
    tape = PtyTape(80, 24, 1000)
    tape.output(b"Your move? ")
    tape.keys(b"2,2\r")
    tape.output(b"I play 1,1")
    saved = tape.saved(LEARNER, 0)
    assert saved is not None
    with pytest.raises(TapeError):
        saved_cast(damage(saved))

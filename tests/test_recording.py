"""A session kept as events (retro.recording.Recorder): output written in a row
is one event, joined once, and a recorder given bounds keeps nothing past them,
so that a visitor's flood of keys or a program's of tiny writes cannot grow a
kept transcript (retro.web.child) without bound."""
import time

from retro.console import LineConsole
from retro.recording import Event, Recorder


def test_output_written_in_a_row_is_one_event_even_read_meanwhile() -> None:
    recorder = Recorder(LineConsole.from_lines(["B2"]))
    recorder.write("Your ")
    assert recorder.events == [Event("out", "Your ")]
    recorder.write("move? ")
    assert recorder.read_line() == "B2\n"
    recorder.write_err("no")
    recorder.write_err("!")
    assert recorder.events == [Event("out", "Your move? "), Event("in", "B2\n"), Event("err", "no!")]


def test_a_flood_of_tiny_writes_is_joined_once() -> None:
    """600,000 one-character writes in half a second of processor time (the
    version before copied the whole event at each: 13 s, growing as the square
    of the writes, 38 s for a million)."""
    recorder = Recorder(LineConsole.from_lines([]))
    started = time.process_time()
    for _ in range(600_000):
        recorder.write("x")
    assert recorder.events == [Event("out", "x" * 600_000)]
    assert time.process_time() - started < 4.0


def test_a_recorder_past_its_characters_keeps_nothing() -> None:
    recorder = Recorder(LineConsole.from_lines([]), most_characters=1000)
    for _ in range(1000):
        recorder.write("x")
    assert not recorder.full and recorder.events == [Event("out", "x" * 1000)]
    for _ in range(100_000):
        recorder.write("x")
    assert recorder.full and recorder.events == []


def test_a_recorder_past_its_events_keeps_nothing() -> None:
    """Each line read is an event: a flood of empty lines, each answered by a
    prompt, is bounded by their count as well as by its characters."""
    recorder = Recorder(LineConsole.from_lines([""] * 10_000), most_events=100)
    for _ in range(50):
        recorder.write("? ")
        recorder.read_line()
    assert not recorder.full and len(recorder.events) == 100
    recorder.write("? ")
    assert recorder.full and recorder.events == []
    for _ in range(1000):
        recorder.read_line()
        recorder.write("? ")
    assert recorder.events == []

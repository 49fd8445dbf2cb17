"""retro/web/bridge.py: a session's input and output can be stopped from
outside (the server stopping, the visitor gone), whatever the port is doing:
waiting for a line, writing, or thinking in a pause of its own."""
import io
import threading
import time

import pytest

from retro import catalog
from retro.web.bridge import LineQueue, Outlet, SessionLimit, console, run


def later(seconds: float, call) -> threading.Timer:
    timer = threading.Timer(seconds, call)
    timer.start()
    return timer


def test_a_stop_ends_a_read_that_waits() -> None:
    stdin = LineQueue(time.monotonic() + 60)
    later(0.2, lambda: stdin.stop("the visitor left"))
    with pytest.raises(SessionLimit, match="the visitor left"):
        stdin.readline()


def test_a_stop_ends_a_pause() -> None:
    stdin = LineQueue(time.monotonic() + 60)
    later(0.2, lambda: stdin.stop("the server has stopped"))
    started = time.monotonic()
    with pytest.raises(SessionLimit, match="the server has stopped"):
        stdin.sleep(30)
    assert time.monotonic() - started < 10


def test_a_pause_without_a_stop_lasts_its_time() -> None:
    stdin = LineQueue(time.monotonic() + 60)
    started = time.monotonic()
    stdin.sleep(0.3)
    assert time.monotonic() - started >= 0.3


def test_the_time_limit_ends_a_pause() -> None:
    stdin = LineQueue(time.monotonic() + 0.3)
    with pytest.raises(SessionLimit, match="time is up"):
        stdin.sleep(30)


def test_after_a_stop_a_write_ends_the_session() -> None:
    stdin = LineQueue(time.monotonic() + 60)
    written = bytearray()
    outlet = Outlet(written.extend, 1000, stdin)
    outlet.write(b"before")
    stdin.stop("the visitor left")
    with pytest.raises(SessionLimit):
        outlet.write(b"after")
    assert bytes(written) == b"before"


def test_the_queue_refuses_what_passes_its_cap_and_keeps_what_it_had() -> None:
    stdin = LineQueue(time.monotonic() + 60, cap=8)
    assert stdin.put(b"1,1\n") and not stdin.put(b"2,2,2,2\n") and stdin.put(b"3,3\n")
    stdin.close()
    assert [stdin.readline(), stdin.readline(), stdin.readline()] == [b"1,1\n", b"3,3\n", b""]


def test_waiting_is_seen_only_while_the_program_reads() -> None:
    """The idle timeout counts only while the program waits for a line: a
    program that thinks (the Altair at its period's pace) is not idle."""
    stdin = LineQueue(time.monotonic() + 60)
    assert stdin.waiting_since() is None
    reader = threading.Thread(target=stdin.readline)
    reader.start()
    deadline = time.monotonic() + 10
    while stdin.waiting_since() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert stdin.waiting_since() is not None
    stdin.put(b"x\n")
    reader.join(10)
    assert stdin.waiting_since() is None


def test_the_line_console_pauses_through_the_queue() -> None:
    """Console.pause on a session's console is LineQueue.sleep: a stop ends it."""
    stdin = LineQueue(time.monotonic() + 60)
    later(0.2, lambda: stdin.stop("the visitor left"))
    with pytest.raises(SessionLimit, match="the visitor left"):
        console(stdin, io.BytesIO()).pause(30)


def test_a_stop_ends_the_altair_thinking_at_its_period_pace() -> None:
    """Version 3 thinks for minutes with --period-timing; a stop ends it at once."""
    program = catalog.get("altair-3d")
    stdin = LineQueue(time.monotonic() + 600)
    stdin.put(b"1,1\n")  # board 1 position 1: the computer then thinks
    written = bytearray()
    outcome = {}
    session = threading.Thread(target=lambda: outcome.update(r=run(
        program, {**program.defaults(), "period_timing": True}, stdin, Outlet(written.extend, 1 << 20, stdin))))
    session.start()
    time.sleep(1.0)
    assert session.is_alive() and stdin.waiting_since() is None  # thinking, not reading
    stopped = time.monotonic()
    stdin.stop("the server has stopped")
    session.join(10)
    assert not session.is_alive() and time.monotonic() - stopped < 5
    assert outcome["r"] == (None, "the server has stopped") and b"YOUR BOARD, POSITION?" in written

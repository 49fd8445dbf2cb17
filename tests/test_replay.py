"""retro replay: the session as it happened, optionally at a period's speed."""
import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest


from retro.recording import Event
from retro.replay import AFTER_THE_GAME, AFTER_THE_GAME_PAUSE, show, show_whole
from retro.transcript import Transcript


def session() -> Transcript:
    return Transcript("fortran-rcd", [], 2, {}, [
        Event("out", " Pick\n"), Event("in", "3,3\n"), Event("err", "oops\n"), Event("in", None)])


def test_replay_writes_output_input_and_errors_in_order() -> None:
    out, err = io.StringIO(), io.StringIO()
    show(session(), out=out, err=err)
    assert out.getvalue() == " Pick\n3,3\n^D\n"
    assert err.getvalue() == "oops\n"


class SlowTerminal(io.StringIO):
    """A clock that runs as a real one does around a replay: each write to
    the terminal takes time, and each sleep lasts a little longer than asked
    (a kernel's timer slack, a loaded machine)."""

    def __init__(self, write_cost: float, oversleep: float) -> None:
        super().__init__()
        self.now, self.write_cost, self.oversleep = 0.0, write_cost, oversleep

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += max(seconds, 0.0) + self.oversleep

    def write(self, text: str) -> int:
        self.now += self.write_cost
        return super().write(text)


def long_session(characters: int) -> Transcript:
    line = "x" * 71 + "\n"
    return Transcript("fortran-rcd", [], 0, {}, [Event("out", (line * (characters // len(line) + 1))[:characters])])


@pytest.mark.parametrize("baud", [300, 2400, 19200])
def test_the_pace_keeps_its_rate_when_writes_and_sleeps_take_longer(baud: int) -> None:
    """The issue's measure: 19200 baud took 7.7 s for what should take 4.1 s.
    Paced by deadlines, the replay takes its characters' time within 2 %,
    whatever each write and each sleep costs (0.1 ms and 0.2 ms here)."""
    characters = baud  # ten seconds of the line
    terminal = SlowTerminal(write_cost=0.0001, oversleep=0.0002)
    show(long_session(characters), baud=baud, out=terminal, err=terminal, clock=terminal.clock,
         sleep=terminal.sleep)
    assert terminal.getvalue() == long_session(characters).events[0].text
    assert terminal.now == pytest.approx(characters * 10 / baud, rel=0.02)


def test_the_pace_holds_in_real_time_at_19200_baud(tmp_path: Path) -> None:
    """`retro replay --baud 19200` in a pipe: from its first byte to its last,
    the characters' time on the line (within 2 %; a loaded machine may only
    make it later, and the deadlines catch up)."""
    characters = 6000  # 3.1 s at 19200
    path = tmp_path / "long.txt"
    long_session(characters).save(path)
    child = subprocess.Popen([sys.executable, "-m", "retro", "replay", str(path), "--baud", "19200"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert child.stdout is not None
    received, first, last = 0, 0.0, 0.0
    while chunk := os.read(child.stdout.fileno(), 65536):
        last = time.monotonic()
        first = first or last
        received += len(chunk)
    assert child.wait(timeout=60) == 0 and received == characters
    assert last - first == pytest.approx((characters - 1) * 10 / 19200, rel=0.02)

def test_retro_replay_shows_what_followed_the_game_after_a_marker_and_a_pause() -> None:
    """Fig. 5's YOU WON, then the marker, a pause, and the new board the
    recording kept after the game; in a pipe, no pause (a reader is no watcher)."""
    recorded = session()  # its game: the prompt, 3,3 and the error; after it, the end of input
    out, pauses = io.StringIO(), []
    show_whole(recorded, out=out, err=out, sleep=pauses.append)
    assert out.getvalue() == " Pick\n3,3\noops\n" + AFTER_THE_GAME + "\n^D\n"
    assert pauses == [AFTER_THE_GAME_PAUSE]
    result = subprocess.run([sys.executable, "-m", "retro", "replay", "altair-3d/fig5-v2-player-wins"],
                            capture_output=True, text=True, timeout=60)
    game, after = result.stdout.split(AFTER_THE_GAME + "\n")
    assert "YOU WON" in game and "YOU WON" not in after and "YOUR MOVES ARE UU" in after  # a new game's opening

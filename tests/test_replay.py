"""retro replay: the session as it happened, optionally at a period's speed."""
import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest


from retro import resources, transcript
from retro.menu.entries import entries, replay_order
from retro.recording import Event
from retro.replay import AFTER_THE_GAME, AFTER_THE_GAME_PAUSE, show, show_whole, the_game
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
    _, arrived = arrivals([sys.executable, "-m", "retro", "replay", str(path), "--baud", "19200"])
    assert len(arrived) == characters
    assert arrived[-1] - arrived[0] == pytest.approx((characters - 1) * 10 / 19200, rel=0.02)


def arrivals(command: list[str], stdin: bytes = b"") -> tuple[bytes, list[float]]:
    """What the command writes to its standard output (a pipe), and when each byte arrives."""
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(stdin)
    child.stdin.close()
    received, arrived = bytearray(), []
    while chunk := os.read(child.stdout.fileno(), 65536):
        arrived += [time.monotonic()] * len(chunk)
        received += chunk
    assert child.wait(timeout=60) == 0
    return bytes(received), arrived


def test_the_menus_replay_keeps_its_pace_in_real_time_at_19200_baud() -> None:
    """The menu's replay (here the pipe menu's: the terminal's shows the same
    game through the same replay) of Fig. 5's player's win at 19200 baud:
    from the game's first byte to its last, the characters' time on the line
    within 2 %."""
    session = next(s for s in resources.sessions() if s.name == "altair-3d/fig5-v2-player-wins")
    entry = next(e for e in entries() if e.program.id == session.program)
    chosen = replay_order(entry).index(session) + 1
    game = "".join(e.text or "" for e in the_game(transcript.load(session.path).events)[0] if e.kind == "out")
    first_line, last_line = game.splitlines()[0], game.rstrip("\n").splitlines()[-1]
    stdin = f"{entry.number}s\n{chosen} --baud 19200\nq\nq\n".encode()
    received, arrived = arrivals([sys.executable, "-m", "retro"], stdin)
    shown = received.decode("latin-1")  # a byte a character (the game is ASCII)
    start = shown.index(first_line)  # the replay's first byte
    end = shown.index(last_line, start) + len(last_line) - 1  # the game's last line, the last thing it wrote
    assert end - start > 5000  # a replay of seconds: 2 % is more than a frame of the clock's
    assert arrived[end] - arrived[start] == pytest.approx((end - start) * 10 / 19200, rel=0.02)

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


@pytest.mark.parametrize("how", ["a pipe", "a pipe, paced", "a terminal"])
def test_retro_replay_pauses_after_the_game_for_a_watcher_only(how: str, tmp_path: Path) -> None:
    """The pause between the marker and what the recording kept after the
    game is for someone watching: on a terminal, or at a pace; a pipe's
    reader gets it all at once."""
    path = tmp_path / "session.txt"
    session().save(path)
    command = [sys.executable, "-m", "retro", "replay", str(path), *(["--baud", "19200"] if "paced" in how else [])]
    if how == "a terminal":
        child = pexpect.spawn(command[0], command[1:], timeout=30)
        child.expect_exact(AFTER_THE_GAME)
        marked = time.monotonic()
        child.expect_exact("^D")
        gap = time.monotonic() - marked
        child.expect(pexpect.EOF)
    else:
        received, arrived = arrivals(command)
        marked = received.index(AFTER_THE_GAME.encode()) + len(AFTER_THE_GAME)
        gap = arrived[received.index(b"^D")] - arrived[marked]
    if how == "a pipe":
        assert gap < AFTER_THE_GAME_PAUSE / 2
    else:
        assert gap >= AFTER_THE_GAME_PAUSE

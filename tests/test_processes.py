"""retro/processes.py: each question answered for a real process, and a
process that is gone answers None (or nothing), never an exception."""
import os
import pty
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Callable, Optional, TypeVar

import pytest

from retro import processes

MIB = 1 << 20
WAIT = 20.0  # seconds a child has to do what it was told, on a loaded machine
Seen = TypeVar("Seen")

# A child that runs each line it reads as Python, then says "done"
OBEDIENT = "import sys\nfor line in sys.stdin:\n    exec(line)\n    print('done', flush=True)\n"


class Child:
    """A Python child that runs the lines it is given."""

    def __init__(self, cwd: Optional[Path] = None) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", OBEDIENT], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, cwd=cwd)
        self.pid = self.process.pid

    def run(self, line: str) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        assert self.process.stdout.readline() == "done\n"

    def end(self) -> None:
        self.process.kill()
        self.process.wait()


@pytest.fixture
def child() -> Iterator[Child]:
    started = Child()
    yield started
    started.end()


def until(seen: Callable[[], Seen], wanted: Callable[[Seen], bool]) -> Seen:
    """``seen()`` once it is ``wanted``, asked again until WAIT has passed."""
    end = time.monotonic() + WAIT
    answer = seen()
    while not wanted(answer) and time.monotonic() < end:
        time.sleep(0.02)
        answer = seen()
    return answer


def test_a_grandchild_is_among_the_descendants_and_not_the_children(child: Child) -> None:
    child.run("import subprocess; below = subprocess.Popen(['sleep', '60'])")
    [grandchild] = processes.children(child.pid)
    assert processes.parent(grandchild) == child.pid and processes.parent(child.pid) == os.getpid()
    assert processes.descendants(os.getpid())[-2:] == [child.pid, grandchild]
    assert child.pid in processes.children() and grandchild not in processes.children()
    assert processes.command_line(grandchild) == ["sleep", "60"]
    assert {os.getpid(), child.pid, grandchild} <= set(processes.every())
    child.run("below.kill(); below.wait()")
    assert processes.children(child.pid) == []


def test_memory_grows_as_a_process_fills_pages_and_its_peak_stays(child: Child) -> None:
    before = processes.memory(child.pid)
    assert before is not None and 0 < before.unique <= before.proportional <= before.resident
    child.run("held = b'x' * (64 << 20)")
    filled = processes.memory(child.pid)
    assert filled is not None and filled.unique - before.unique >= 60 * MIB
    assert (processes.resident(child.pid) or 0) - before.resident >= 60 * MIB
    child.run("del held")
    after = processes.memory(child.pid)
    peak = processes.peak_resident(child.pid)
    assert after is not None and peak is not None
    assert after.unique < filled.unique - 60 * MIB and peak - after.resident >= 60 * MIB  # the peak stays


def test_this_process_answers_too() -> None:
    mine = processes.memory()
    assert mine is not None and 0 < mine.unique <= mine.resident
    assert processes.peak_resident() >= mine.resident // 2  # sampled apart: not quite the same moment
    assert (processes.available_memory() or 0) > 0


def test_a_gone_process_answers_none(child: Child) -> None:
    child.end()
    gone = child.pid
    assert processes.memory(gone) is None and processes.resident(gone) is None
    assert processes.peak_resident(gone) is None
    assert processes.parent(gone) is None and processes.status(gone) is None
    assert processes.working_folder(gone) is None and processes.terminal(gone) is None
    assert processes.children(gone) == processes.descendants(gone) == processes.command_line(gone) == []
    assert processes.open_descriptors(gone) == {} and processes.signal_masks(gone) == {}
    assert processes.waiting_to_read(gone) is None
    assert gone not in processes.every()


def test_the_descriptors_name_what_they_hold(tmp_path: Path) -> None:
    read, write = os.pipe()
    try:
        with open(tmp_path / "kept", "w") as kept:
            mine = processes.open_descriptors()
            assert mine[read].startswith("pipe:[") and mine[read] == mine[write]
            number = kept.fileno()
            assert mine[number] == str(tmp_path / "kept")
        assert processes.open_descriptors().get(number) != str(tmp_path / "kept")
    finally:
        os.close(read)
        os.close(write)
    assert processes.open_descriptors().get(read) != mine[read]


def test_a_process_blocked_reading_is_seen_waiting_on_that_descriptor(child: Child) -> None:
    assert until(lambda: processes.waiting_to_read(child.pid), lambda fd: fd == 0) == 0
    assert processes.status(child.pid) == "sleeping"
    child.run("import os; os.dup2(os.pipe()[0], 7)")
    assert child.process.stdin is not None
    child.process.stdin.write("os.read(7, 1)\n")  # nothing is ever written to 7: it waits there
    child.process.stdin.flush()
    assert until(lambda: processes.waiting_to_read(child.pid), lambda fd: fd == 7) == 7
    child.process.kill()
    child.process.wait()
    assert processes.waiting_to_read(child.pid) is None


def test_a_blocked_signal_is_in_the_blocked_mask(child: Child) -> None:
    bit = 1 << (signal.SIGUSR1 - 1)
    assert not int(processes.signal_masks(child.pid)["blocked"], 16) & bit
    child.run("import signal; signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR1])")
    masks = processes.signal_masks(child.pid)
    assert int(masks["blocked"], 16) & bit and not int(masks["ignored"], 16) & bit
    child.run("signal.signal(signal.SIGUSR2, signal.SIG_IGN)")
    assert int(processes.signal_masks(child.pid)["ignored"], 16) & (1 << (signal.SIGUSR2 - 1))


def test_the_working_folder_and_the_terminal(tmp_path: Path) -> None:
    main, secondary = pty.openpty()
    # a session of its own, which takes the pty it opens as its controlling terminal
    holder = subprocess.Popen([sys.executable, "-c", "import os, sys; os.close(os.open(os.ttyname(0), os.O_RDWR)); "
                               "print('ready', flush=True); sys.stdin.readline()"],
                              stdin=secondary, stdout=subprocess.PIPE, text=True, cwd=tmp_path,
                              start_new_session=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "ready\n"
        assert processes.working_folder(holder.pid) == str(tmp_path)
        assert processes.terminal(holder.pid) == os.ttyname(secondary)
    finally:
        holder.kill()
        holder.wait()
        os.close(main)
        os.close(secondary)
    no_terminal = Child(cwd=tmp_path)
    try:
        no_terminal.run("import os; os.setsid()")
        assert processes.terminal(no_terminal.pid) is None
    finally:
        no_terminal.end()

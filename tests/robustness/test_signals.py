"""The terminal is always given back (retro/signals.py), on a real pty.

SIGTERM, SIGHUP and SIGQUIT to the fullscreen menu or to the learner drawing
its board in place: the status is 128 + the signal, the terminal's modes
(``stty -g``) are as before, the normal screen is back and the cursor shows.
Ctrl-Z in the menu gives the terminal back while retro is stopped, and
``fg`` redraws the menu, which takes keys again.  A burst of Ctrl-C or
Ctrl-\\ shows no traceback.  And no program asks the terminal anything when
it starts: a late answer would be read as input.
"""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pyte
import pytest

from retro import catalog

import signal_bursts
from pty_terminal import FIRST_PROMPTS, ROOT, Terminal
from retro.menu.entries import TITLE

QUERIES = (b"\x1b[>q", b"\x1b[6n", b"\x1bP+q", b"\x1b[c", b"\x1b]10;?", b"\x1b]11;?")

SCREENS = {
    "menu": ([], TITLE),
    "learner": (["run", "pascal-learner", "--fresh"], "Do you want to move first?"),
}


@pytest.mark.parametrize("where", list(SCREENS))
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT], ids=lambda s: s.name)
def test_an_ending_signal_gives_the_terminal_back(where: str, signum: int, tmp_path: Path) -> None:
    args, ready = SCREENS[where]
    term = Terminal(args, record_modes=tmp_path, cwd=tmp_path)
    term.wait_for(ready)
    os.kill(term.retro_pid(), signum)
    term.ended_cleanly(status=str(128 + signum))
    assert b"Traceback" not in term.raw


def test_a_burst_of_ctrl_c_or_ctrl_backslash_on_a_terminal_never_shows_a_traceback() -> None:
    """`retro run` on a terminal (the pty its controlling terminal, as a
    shell's window gives it), 150 times across the five programs, each sent a
    burst of 1 to 50 Ctrl-C, Ctrl-\\ or both at a random moment of the
    quarter second after its first output: as in a web session
    (test_web_hostile.py, 16), it ends with 128 + the first signal and shows
    no error.  (Before its first output a burst lands mostly in Python's own
    start-up, test_hostile_conditions.py's window; a web session's start,
    forked from a loaded retro, is retro's alone, and test 16 bursts there.)"""
    def retro_run(program_id: str) -> list[str]:  # the shell opens the pty by name: it becomes its terminal
        fresh = ["--fresh"] if program_id == "pascal-learner" else []
        return ["/bin/sh", "-c", 'exec "$0" -m retro run "$@" <>"$(tty)" >&0 2>&0', sys.executable, program_id, *fresh]

    ended = signal_bursts.typed(retro_run, signal_bursts.bursts(150, seed=17), at_once=12, shown=True)
    assert not any(e.wrong() for e in ended), signal_bursts.summary(ended)
    assert all(e.status is not None for e in ended), signal_bursts.summary(ended)


# The signal comes where Python would not let its exception go up: in a class
# attribute's __set_name__, Python 3.11 turns it into "RuntimeError: Error
# calling __set_name__" (a dataclass's field() in a module a web session imports
# as it starts showed the visitor its traceback); in a weakref's callback it only
# prints it, "Exception ignored in", and goes on (importlib's module locks have
# one): the session ran on, deaf to the rest of the burst.
WHERE_IT_CANNOT_GO_UP = {
    "set_name": """
class Field:
    def __set_name__(self, owner, name):
        signal.raise_signal(int(sys.argv[1]))
        self.name = name

class Store:
    extra = Field()
""",
    "weakref_callback": """
class Thing:
    pass

def gone(ref):
    signal.raise_signal(int(sys.argv[1]))
    gone.called = True

thing = Thing()
ref = weakref.ref(thing, gone)
del thing
""",
}


@pytest.mark.parametrize("where", list(WHERE_IT_CANNOT_GO_UP))
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGQUIT], ids=lambda s: s.name)
def test_a_signal_where_python_keeps_its_exception_stops_retro_as_anywhere(where: str, signum: int) -> None:
    """It is raised again as soon as it can go up: the program stops."""
    script = ("import signal, sys, time, weakref\nfrom retro import signals\nsignals.install()\ntry:\n"
              + "".join(f"    {line}\n" for line in WHERE_IT_CANNOT_GO_UP[where].strip().splitlines())
              + "    end = time.monotonic() + 10\n    while time.monotonic() < end:\n        pass  # stopped here\n"
              + "    print('never stopped')\n"
              + "except (KeyboardInterrupt, signals.Terminated) as stopped:\n    print(type(stopped).__name__)\n")
    done = subprocess.run([sys.executable, "-c", script, str(int(signum))], capture_output=True, timeout=60)
    stopped = "KeyboardInterrupt" if signum == signal.SIGINT else "Terminated"
    assert (done.stdout, done.stderr) == (f"{stopped}\n".encode(), b"")


def test_ctrl_z_and_fg_in_the_menu(tmp_path: Path) -> None:
    """With job control (an interactive bash): suspended, the terminal is as it
    was found; resumed, the menu is redrawn and answers keys; at the end all is
    as before."""
    env = {**os.environ, "TERM": "xterm-256color", "PS1": "$ "}
    child = pexpect.spawn("/bin/bash", ["--norc", "--noprofile", "-i"], env=env, cwd=str(tmp_path),
                          dimensions=(24, 80))
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    raw = bytearray()

    def settle(needle: str, timeout: float = 15) -> None:
        end = time.time() + timeout
        while time.time() < end:
            try:
                data = child.read_nonblocking(65536, timeout=0.2)
            except pexpect.TIMEOUT:
                data = b""
            raw.extend(data)
            stream.feed(data)
            if needle in raw.decode("utf-8", "replace"):
                return
        raise AssertionError(f"{needle!r} never came; the screen:\n" + "\n".join(screen.display))

    child.sendline("stty -g > before; echo ready-$((1+1))")  # the echo of the line is not the answer
    settle("ready-2")
    child.sendline(f"cd {ROOT} && {sys.executable} -m retro")
    settle(TITLE)
    started = len(raw)
    child.send("\x1a")
    settle("Stopped")
    stopped = bytes(raw[started:])
    assert b"\x1b[?1049l" in stopped and b"\x1b[?25h" in stopped  # the normal screen, the cursor shown
    child.sendline(f"stty -g > {tmp_path}/while-stopped; echo saved-$((1+1))")
    settle("saved-2")
    assert (tmp_path / "while-stopped").read_text() == (tmp_path / "before").read_text()
    resumed = len(raw)
    child.sendline("fg")
    end = time.time() + 15
    while TITLE.encode() not in bytes(raw[resumed:]) and time.time() < end:  # the redraw
        settle("")
    after_fg = bytes(raw[resumed:])
    assert b"\x1b[?1049h" in after_fg and after_fg.count(TITLE.encode()) >= 1
    child.send("\x1b[B")  # keys reach the menu again (cbreak, no echo)
    child.send("q")
    child.sendline(f"status=$?; stty -g > {tmp_path}/after; echo status=$status")  # echoed once the modes are saved
    settle("status=0")
    assert (tmp_path / "after").read_text() == (tmp_path / "before").read_text()
    tail = bytes(raw[resumed:])
    assert tail.rfind(b"\x1b[?1049l") > tail.rfind(b"\x1b[?1049h")
    child.sendline("exit")
    child.expect(pexpect.EOF, timeout=10)


@pytest.mark.parametrize("program_id", list(catalog.programs()))
def test_no_program_asks_the_terminal_anything(program_id: str, tmp_path: Path) -> None:
    args = ["run", program_id] + (["--fresh"] if program_id == "pascal-learner" else [])
    term = Terminal(args, cwd=tmp_path)
    term.wait_for(FIRST_PROMPTS[program_id])
    term.quiet()
    assert term.raw, "the program wrote nothing"
    assert not [q for q in QUERIES if q in term.raw], term.raw[:300]
    term.send("\x03")
    term.finish()


def test_the_menu_asks_the_terminal_nothing(tmp_path: Path) -> None:
    term = Terminal([], cwd=tmp_path)
    term.wait_for(TITLE)
    assert not [q for q in QUERIES if q in term.raw], term.raw[:300]
    term.send("q")
    term.finish()


@pytest.mark.parametrize("where", list(SCREENS))
def test_a_key_that_is_not_utf8_is_no_error(where: str, tmp_path: Path) -> None:
    """0xff, or a Latin-1 terminal's é (0xe9), once crashed blessed's key decoding."""
    args, ready = SCREENS[where]
    term = Terminal(args, record_modes=tmp_path, cwd=tmp_path)
    term.wait_for(ready)
    term.send(b"\xff\xe9")
    term.quiet()
    term.send("q")
    if where == "learner":
        term.send("\x04")
    term.ended_cleanly()


@pytest.mark.parametrize("where", list(SCREENS))
def test_a_terminal_that_hangs_up_ends_retro_with_129_and_no_error_report(where: str, tmp_path: Path) -> None:
    """The terminal closed under the menu or the learner's board (a window
    shut, a line dropped): SIGHUP, and the terminal's modes can no longer be
    put back; that is no internal error (it was one: blessed's cbreak raised
    termios.error on the way out, and retro wrote an error report)."""
    args, ready = SCREENS[where]
    env = {**os.environ, "TERM": "xterm", "XDG_STATE_HOME": str(tmp_path / "state"),
           "XDG_DATA_HOME": str(tmp_path / "data")}
    child = pexpect.spawn(sys.executable, ["-m", "retro", *args], cwd=str(tmp_path), env=env,
                          dimensions=(24, 80), timeout=30)
    screen = pyte.Screen(80, 24)
    stream = pyte.ByteStream(screen)
    deadline = time.time() + 30
    while ready not in "\n".join(screen.display) and time.time() < deadline:
        try:
            stream.feed(child.read_nonblocking(4096, timeout=0.5))
        except pexpect.TIMEOUT:
            pass
    assert ready in "\n".join(screen.display)
    child.ptyproc.fileobj.close()  # the master closed: the terminal hangs up
    end = time.monotonic() + 30  # pexpect's close would send SIGINT after 0.1 s: a loaded machine is slower
    while child.isalive() and time.monotonic() < end:
        time.sleep(0.05)
    child.close()
    assert child.exitstatus == 128 + signal.SIGHUP
    assert not list((tmp_path / "state").rglob("*.txt")), "an internal-error report was written"

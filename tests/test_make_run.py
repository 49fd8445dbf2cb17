"""`make run` as a person types it in a shell (a pty): Ctrl-C inside a
program goes back to the menu and no further (make is not killed by it), q
quits with retro's own status, Ctrl-Z stops and `fg` continues the whole
job, and the shell's prompt comes back on a fresh line of the screen as it
was."""
import os
import re
import shutil
import termios
import time
from pathlib import Path

import pexpect
import pytest

from pty_terminal import FIRST_PROMPTS
from retro.menu.entries import TITLE, number_of

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None or not (ROOT / ".venv" / ".installed").exists(),
                                reason="needs make and the checkout's .venv (made by `make venv`)")


@pytest.fixture
def shell():
    # a person's shell: not a make's child (under `make test`, make's variables would make this a sub-make)
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES")}
    child = pexpect.spawn("/bin/bash", ["--norc", "--noprofile", "-i"], cwd=str(ROOT), encoding="utf-8",
                          env={**env, "TERM": "xterm-256color", "PS1": "PROMPT$ "}, dimensions=(24, 80))
    child.expect_exact("PROMPT$ ")
    yield child
    child.close(force=True)


def process_group(pid: int) -> int:
    return os.getpgid(pid)


def terminal_owner(child: pexpect.spawn) -> int:
    """The foreground process group of ``child``'s terminal (asked of the pty's other side)."""
    return os.tcgetpgrp(child.child_fd)


def reading_keys(child) -> None:
    """Until the terminal is in cbreak mode, keys read one at a time (a key loop, a
    notice), within 20 s; a key sent earlier would be echoed, or wait for a line's end."""
    end = time.monotonic() + 20
    while termios.tcgetattr(child.child_fd)[3] & termios.ICANON:  # the pty's modes, seen from its master
        assert time.monotonic() < end, "the terminal never left canonical mode"
        time.sleep(0.05)


def menu_up(child) -> None:
    child.expect_exact(TITLE, timeout=60)
    reading_keys(child)


def test_ctrl_c_in_a_program_then_q_leaves_make_with_retros_status(shell) -> None:
    shell.sendline("make run")
    menu_up(shell)
    shell.send(f"{number_of('fortran-rcd')}\r")
    shell.expect_exact("variants")
    reading_keys(shell)
    shell.send("\x1b[B\x1b[B\r")
    prompts = list(FIRST_PROMPTS.items())
    opened = prompts[shell.expect_exact([prompt for _, prompt in prompts])][0]  # Ctrl-C is a signal: no reading
    assert opened == "fortran-rcd", f"fortran-rcd was chosen, {opened} opened"
    shell.send("\x03")
    shell.expect_exact("press a key to return to the menu")
    reading_keys(shell)
    shell.send(" ")
    menu_up(shell)
    shell.send("q")
    shell.expect_exact("PROMPT$ ", timeout=20)
    left = shell.before
    # after the menu's screen is left, nothing is written but the prompt: it starts a fresh line
    after = left[left.rfind("\x1b[?1049l"):]
    assert not re.sub(r"\x1b\[[0-9;?]*[a-zA-Z]|[\r\n]", "", after), repr(after)
    assert "make: ***" not in left
    shell.sendline("echo status=$?")
    shell.expect(r"status=(\d+)")
    assert shell.match.group(1) == "0"


def stop_make_run(shell) -> None:
    """make run, its menu up, then Ctrl-Z: both stopped, the shell's prompt back."""
    shell.sendline("make run")
    menu_up(shell)
    shell.send("\x1a")
    shell.expect_exact("Stopped")
    shell.expect_exact("PROMPT$ ")


def back_and_quit(shell) -> None:
    """fg: the menu again; q: make run ends with retro's status, 0."""
    shell.sendline("fg")
    menu_up(shell)
    shell.send("q")
    shell.expect_exact("PROMPT$ ", timeout=20)
    assert "make: ***" not in shell.before
    shell.sendline("echo status=$?")
    shell.expect(r"status=(\d+)")
    assert shell.match.group(1) == "0"


def test_ctrl_z_stops_make_run_and_fg_brings_the_menu_back(shell) -> None:
    stop_make_run(shell)
    back_and_quit(shell)


def test_after_ctrl_z_the_users_shell_keeps_the_terminal(shell) -> None:
    """The shell answers commands while make run is stopped, as long as it is
    stopped: the recipe's wait loop once ran each of its `sleep`s as a
    foreground job (dash with `set -m`), which took the terminal from the
    shell every 0.2 s, and the shell died of the next key typed."""
    stop_make_run(shell)
    owners = set()
    end = time.time() + 1.5  # several turns of the recipe's wait loop
    while time.time() < end:
        owners.add(terminal_owner(shell))
        time.sleep(0.02)
    assert owners == {process_group(shell.pid)}, "the terminal left the shell while make run was stopped"
    for attempt in range(3):
        time.sleep(1.0)  # several turns of the recipe's wait loop
        shell.sendline(f"echo alive{attempt}")
        shell.expect_exact(f"alive{attempt}", timeout=10)
        shell.expect_exact("PROMPT$ ", timeout=10)
    shell.sendline("jobs")
    shell.expect_exact("make run")
    shell.expect_exact("PROMPT$ ")
    back_and_quit(shell)
    assert shell.isalive()

"""`make run` as a person types it in a shell (a pty): Ctrl-C inside a
program goes back to the menu and no further (make is not killed by it), q
quits with retro's own status, Ctrl-Z stops and `fg` continues the whole
job, and the shell's prompt comes back on a fresh line of the screen as it
was."""
import os
import re
import shutil
import time
from pathlib import Path

import pexpect
import pytest

ROOT = Path(__file__).resolve().parent.parent
TITLE = "retro -- five historical tic-tac-toe programs"

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


def menu_up(child) -> None:
    child.expect_exact(TITLE, timeout=60)
    time.sleep(0.5)


def test_ctrl_c_in_a_program_then_q_leaves_make_with_retros_status(shell) -> None:
    shell.sendline("make run")
    menu_up(shell)
    shell.send("4\r")
    shell.expect_exact("variants")
    time.sleep(0.3)
    shell.send("\x1b[B\x1b[B\r")
    shell.expect_exact("Quieres empezar tu?")
    time.sleep(0.3)
    shell.send("\x03")
    shell.expect_exact("press a key to return to the menu")
    time.sleep(0.3)
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


def test_ctrl_z_stops_make_run_and_fg_brings_the_menu_back(shell) -> None:
    shell.sendline("make run")
    menu_up(shell)
    shell.send("\x1a")
    shell.expect_exact("Stopped")
    shell.expect_exact("PROMPT$ ")
    shell.sendline("fg")
    menu_up(shell)
    shell.send("q")
    shell.expect_exact("PROMPT$ ", timeout=20)
    assert "make: ***" not in shell.before
    shell.sendline("echo status=$?")
    shell.expect(r"status=(\d+)")
    assert shell.match.group(1) == "0"

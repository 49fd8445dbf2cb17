"""cpm-c at a real terminal (a pty): what a person sees, Ctrl-D and Ctrl-C."""
import os
import sys
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parents[2]


def spawn(*options: str) -> pexpect.spawn:
    # the pty answers no terminal query: keep blessed from waiting 5 s for each
    env = dict(os.environ, TERM="xterm", LINES="24", COLUMNS="80", BLESSED_QUERY_TIMEOUT_SECONDS="0.05")
    return pexpect.spawn(sys.executable, ["-m", "retro", "run", "cpm-c", *options], cwd=str(ROOT), env=env,
                         dimensions=(24, 80), timeout=20)


def test_a_person_types_on_the_prompts_line_and_sees_the_board_scroll() -> None:
    child = spawn()
    child.expect_exact("Select your symbol (X/O): ")
    child.sendline("O")
    child.expect_exact("Your move: ")
    child.sendline("B2")
    child.expect_exact("Your move: ")
    seen = child.before.decode()
    # the terminal echoes the answer on the prompt's line; the computer's move follows on its own
    assert seen.startswith("B2\r\nComputer move: A1\r\n")
    assert "1 | X |   |   |" in seen and "2 |   | O |   |" in seen
    assert "\x1b" not in seen  # scroll-down text: no cursor or clearing codes
    child.sendeof()  # Ctrl-D: end of input
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_ends_the_session_with_130() -> None:
    child = spawn("--cpm")
    child.expect_exact("Select your symbol (X/O): ")
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130

"""Each workaround of retro/terminal.py against blessed is still needed, and
still works: every test here fails when a blessed upgrade makes one of them
unnecessary (plain blessed no longer does what it avoids) or wrong (retro's
terminal does it again).  Each runs Python on a pty (pexpect), where blessed
talks to a terminal as it would with a person."""
from __future__ import annotations

import os
import sys

import pexpect

XTGETTCAP = b"\x1bP+q"  # blessed's first question: the terminal's capabilities
XTVERSION = b"\x1b[>q"  # its second: the terminal's name and version

PLAIN = "import blessed, sys; t = blessed.Terminal(stream=sys.stdout)"
RETRO = "import retro.terminal, sys; t = retro.terminal.terminal()"


def on_a_pty(code: str, keys: bytes = b"", env: dict[str, str] | None = None) -> bytes:
    """What `code` writes on a pty (a terminal that never answers a question),
    with `keys` typed once it writes READY; it ends by writing END."""
    full_env = {**os.environ, "TERM": "xterm", "BLESSED_QUERY_TIMEOUT_SECONDS": "0.3", **(env or {})}
    full_env.pop("TERM_PROGRAM", None)  # blessed asks no XTVERSION when this names the terminal
    child = pexpect.spawn(sys.executable, ["-c", code + "\nprint('END')"], env=full_env, timeout=20)
    written = b""
    if keys:
        child.expect(b"READY")
        written += child.before or b""
        child.send(keys)
    child.expect(b"END")
    written += child.before or b""
    child.close()
    return written


def test_plain_blessed_asks_the_terminal_who_it_is_and_retro_asks_nothing() -> None:
    plain = on_a_pty(PLAIN)
    assert XTGETTCAP in plain and XTVERSION in plain  # what retro's terminal avoids
    assert on_a_pty(RETRO + "; t.move_yx(1, 1)") == b""  # not a byte of a question


def test_plain_blessed_draws_nothing_under_no_color_and_retro_draws() -> None:
    shown = "; import os; print(bool(t.move_yx(1, 1)), bool(t.enter_fullscreen), os.environ['NO_COLOR'])"
    assert b"False False 1" in on_a_pty(PLAIN + shown, env={"NO_COLOR": "1"})
    assert b"True True 1" in on_a_pty(RETRO + shown, env={"NO_COLOR": "1"})  # and NO_COLOR is put back


def test_plain_blessed_fails_on_an_invalid_key_and_retro_reads_the_replacement_character() -> None:
    key = "\ntry:\n    with t.cbreak():\n        print('READY', flush=True)\n        k = t.inkey(timeout=5)\n    print(ascii(str(k)))\n" \
          "except UnicodeDecodeError:\n    print('UnicodeDecodeError')\n"
    assert b"UnicodeDecodeError" in on_a_pty(PLAIN + key, keys=b"\xff")
    assert b"'\\ufffd'" in on_a_pty(RETRO + key, keys=b"\xff")

"""retro/web/template.py's preload: a session forked from the template finds
loaded all it runs up to its first prompt, so that each session shares those
pages rather than loading its own (a module retro loads only where it is
used, so that `retro run` in a pipe stays quick, is loaded here all the same)."""
import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

WAIT = 60.0  # seconds for a session to show its first prompt on a loaded machine

# The template's preload, then a session's run (retro.web.child) on this pty; on
# SIGUSR1, the modules loaded since the preload are written to $LOADED.
SESSION = """
import json, os, signal, sys
from retro.web import template
template.preload()
before = set(sys.modules)
def said(*_):
    with open(os.environ["LOADED"] + ".part", "w") as f:
        json.dump(sorted(set(sys.modules) - before), f)
    os.replace(os.environ["LOADED"] + ".part", os.environ["LOADED"])  # whole when it is there
signal.signal(signal.SIGUSR1, said)
from retro.web import child
child.run(sys.argv[1:])
"""


def loaded_after_preload(program_id: str, prompt: bytes, tmp_path: Path, env: dict[str, str] = {}) -> list[str]:
    main, secondary = pty.openpty()
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # a page's terminal
    result = tmp_path / "loaded.json"
    session = subprocess.Popen([sys.executable, "-c", SESSION, program_id], stdin=secondary, stdout=secondary,
                               stderr=secondary, start_new_session=True,
                               env={**os.environ, "TERM": "xterm-256color", "LOADED": str(result), **env})
    os.close(secondary)
    try:
        shown, end = b"", time.monotonic() + WAIT
        while prompt not in shown and time.monotonic() < end:
            if select.select([main], [], [], 0.5)[0]:
                shown += os.read(main, 65536)
        assert prompt in shown, shown[-2000:]
        session.send_signal(signal.SIGUSR1)
        while not result.exists() and session.poll() is None and time.monotonic() < end:
            if select.select([main], [], [], 0.05)[0]:  # a bounded wait for the file the handler writes
                shown += os.read(main, 65536)
        assert result.exists(), (session.poll(), shown[-2000:])
        return json.loads(result.read_text())
    finally:
        session.kill()
        session.wait()
        os.close(main)


@pytest.mark.parametrize("program_id, prompt", [
    ("cpm-c", b"Select your symbol"),  # the screen console
    ("fortran-rcd", b"Quieres empezar tu?"),  # a teletype that follows the terminal's column
])
def test_a_session_loads_nothing_the_template_did_not(program_id: str, prompt: bytes, tmp_path: Path) -> None:
    loaded = loaded_after_preload(program_id, prompt, tmp_path)
    assert [name for name in loaded if name.startswith("retro")] == []  # (a codec of Python's may come later)


def test_a_session_recorded_for_its_visitor_loads_nothing_the_template_did_not(tmp_path: Path) -> None:
    """A teletype's session recorded for its visitor (retro.web.take_home) shares the recorder's pages too."""
    from retro.web.config import TRANSCRIPT_ENV

    loaded = loaded_after_preload("fortran-rcd", b"Quieres empezar tu?", tmp_path,
                                  {TRANSCRIPT_ENV: str(tmp_path / "game.txt")})
    assert [name for name in loaded if name.startswith("retro")] == []

"""Ports that draw on the screen, on terminals too small for them; Ctrl-C
during training; all on a real pty."""
import time
from pathlib import Path

import pytest

from retro.ports.pascal_learner.store.datafile import load
from pty_terminal import Terminal


@pytest.mark.parametrize("args,needs,prompt", [
    (["run", "altair-3d"], "80x24", "YOUR BOARD, POSITION? "),
    (["run", "pascal-learner", "--five", "--fresh"], "60x24", "Do you want to move first? (Y/N) "),
])
def test_a_terminal_too_small_for_the_screen_gets_a_notice_and_the_teletype(args, needs, prompt, tmp_path: Path) -> None:
    term = Terminal(args, rows=20, cols=60, cwd=tmp_path, record_modes=tmp_path)
    term.wait_for_output("press a key to go on")
    notice = " ".join(term.text().split())  # wrapped at word boundaries to the 60 columns
    assert f"draws on {needs}; this terminal is 60x20" in notice
    term.quiet()
    assert prompt not in term.raw.decode()  # the notice waits for a key: it cannot scroll away unread
    term.send(" ")
    term.wait_for_output(prompt)
    assert b"\x1b[2J" not in term.raw  # nothing cleared or drawn in place
    term.send("\x03")
    term.ended_cleanly(status="130")


def test_five_in_a_row_is_drawn_in_place_on_80x24(tmp_path: Path) -> None:
    term = Terminal(["run", "pascal-learner", "--five", "--fresh"], rows=24, cols=80, cwd=tmp_path)
    screen = term.wait_for("Do you want to move first?")
    assert "FIVE-IN-A-ROW" in screen.splitlines()[0]
    term.send("\x03")
    term.finish()


def test_ctrl_c_during_training_keeps_what_was_learnt(tmp_path: Path) -> None:
    data = tmp_path / "store"
    term = Terminal(["train", "pascal-learner", "--games", "100000", "--seed", "3", "--data", str(data)],
                    cwd=tmp_path, record_modes=tmp_path)
    deadline = time.time() + 30
    while time.time() < deadline and not data.exists():
        term.pump(0.2, limit=0.5)
    time.sleep(1.0)
    term.send("\x03")
    term.ended_cleanly(status="130")
    store = load(data, 3, "flawed")
    assert store is not None and store.games > 0


@pytest.mark.parametrize("rows,cols,grid", [(20, 60, ["--five"]), (24, 80, ["--rows", "19", "--cols", "19"])])
def test_the_learner_as_a_teletype_on_a_small_terminal_wraps_its_words(rows: int, cols: int, grid: list[str],
                                                                     tmp_path: Path) -> None:
    """On a terminal too small for its screen the learner runs as on a
    teletype; its long messages were cut by the terminal inside a word
    ("... no sche" / "mes ...").  On a terminal they wrap at word boundaries
    to its width; in a pipe the bytes are the original's (retro check)."""
    import subprocess
    import sys

    options = [*grid, "--random-state", "1"]
    typed = ["n", "2,2", "q"]
    piped = subprocess.run([sys.executable, "-m", "retro", "run", "pascal-learner", *options],
                           input="".join(f"{line}\n" for line in typed).encode(), capture_output=True, cwd=tmp_path,
                           timeout=60)
    assert max(len(line) for line in piped.stdout.decode().splitlines()) > cols  # there is something to wrap
    words = set(piped.stdout.decode().split()) | set(typed)
    term = Terminal(["run", "pascal-learner", *options], rows=rows, cols=cols, cwd=tmp_path, record_modes=tmp_path)
    term.wait_for_output("press a key to go on")
    term.quiet()
    words |= set(term.raw.decode().split())  # the notice's (wrapped by the layout)
    sent = len(term.raw)
    term.send(" ")
    for line, asked in zip(typed, ["(Y/N)", "(row,col)?", "(row,col)?"]):
        term.wait_for_output(asked, since=sent)
        term.quiet()
        shown = [row.rstrip() for row in term.screen.display]
        cut = [word for row in shown for word in row.split() if word not in words]
        assert not cut, f"{cut} are cut words; the screen:\n" + "\n".join(shown)
        sent = len(term.raw)
        term.send(line + "\r")
    term.ended_cleanly()
    # the whole session, every row of it: each word whole
    text = term.raw.decode("utf-8", "replace").partition("press a key to go on")[2]
    rows_written = [row for row in text.replace("\r", "").split("\n")]
    assert all(len(row) <= cols for row in rows_written), [row for row in rows_written if len(row) > cols]
    assert [word for row in rows_written for word in row.split() if word not in words] == []


def test_the_training_summary_wraps_its_words_on_a_terminal(tmp_path: Path) -> None:
    """`retro train` on an 80-column terminal: the summary's long lines (the
    verdict's sentence, which the terminal cut as "t" / "he player") wrap at
    word boundaries; in a pipe, and with --json, they are written whole."""
    import json
    import re
    import subprocess
    import sys

    args = ["train", "pascal-learner", "--games", "300", "--random-state", "2", "--data", "store"]
    piped = subprocess.run([sys.executable, "-m", "retro", *args], capture_output=True, cwd=tmp_path, timeout=120)
    lines = piped.stdout.decode().splitlines()
    assert max(len(line) for line in lines) > 80  # there is something to wrap
    words = set(piped.stdout.decode().split())
    (tmp_path / "store").unlink()
    term = Terminal(args, rows=24, cols=80, cwd=tmp_path, record_modes=tmp_path)
    term.ended_cleanly(timeout=120)
    shown = [row.rstrip() for row in term.screen.display]
    summary = shown[next(i for i, row in enumerate(shown) if row.startswith("Played")):]
    seconds = re.compile(r"\d+\.\d$")  # the time taken, which differs from run to run
    assert [word for row in summary for word in row.split() if word not in words and not seconds.match(word)] == [], \
        "\n".join(shown)
    assert not [row for row in summary if row.startswith(" ")]
    (tmp_path / "store").unlink()
    as_json = subprocess.run([sys.executable, "-m", "retro", *args, "--json"], capture_output=True, cwd=tmp_path,
                             timeout=120)
    assert json.loads(as_json.stdout)["games"] == 300


@pytest.mark.parametrize("cols", [60, 80])
def test_the_learner_s_refusal_of_a_file_in_use_wraps_at_words(cols: int, tmp_path: Path) -> None:
    """Another learner holds the schemes file: the learner's screen says so
    and ends with 1.  The message names a long path; the terminal cut it
    mid-word ("Tic-Tac" / "-Toe-Data-3") until it was folded at words."""
    import os
    import shutil
    import tempfile

    from retro.ports.pascal_learner.store.datafile import Lock

    folder = Path(tempfile.mkdtemp(prefix="retro-"))  # a path shorter than a row (pytest's are not)
    data = folder / "Tic-Tac-Toe-Data-3"
    held = Lock(data)
    held.acquire()
    try:
        term = Terminal(["run", "pascal-learner", "--data", str(data)], rows=24, cols=cols, cwd=tmp_path,
                        record_modes=tmp_path)
        term.ended_cleanly(status="1")
    finally:
        held.release()
        shutil.rmtree(folder)
    shown = [row.rstrip() for row in term.screen.display if row.strip()]
    said = (f"another learner (process {os.getpid()}) is using {data}: "
            "wait for it to finish, or use --data for another file")
    assert " ".join(shown).split() == said.split(), shown  # every word whole on its row, the path too

"""The Tic-Tac-Toe-Data files: names, format, atomic saves, refusals, locking."""
from __future__ import annotations

import functools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pascal_helpers import FIXTURES, ROOT

from retro.ports.pascal_learner.store.datafile import (DataFileError, Lock, Store, load, parse, render, save,
                                           schemesfilename)
from retro.ports.pascal_learner.model.schemes import Scheme, SchemeList


def store_with(n: int) -> Store:
    schemes = SchemeList(3)
    for i in range(n):
        schemes.add(Scheme(1 + i % 4, [(i + 1, 0)], [(0, i + 1), (0, -i - 1)]))
    return Store(schemes, games=n, lost=n // 2, lastloss=n)


@functools.lru_cache(maxsize=1)
def large_store_file(folder: Path) -> tuple[Path, dict[int, int]]:
    """A store of 2,500 schemes saved once a worker (its making is the slow
    part), and how many schemes of each level it holds."""
    store = store_with(2500)
    path = folder / "data"
    save(store, path)
    return path, store.schemes.counts()


def test_file_names_depend_on_winalign():
    assert schemesfilename(3) == "Tic-Tac-Toe-Data-3"
    assert schemesfilename(5) == "Tic-Tac-Toe-Data-5"
    assert schemesfilename(3, "fixed") == "Tic-Tac-Toe-Data-3-fixed"
    assert schemesfilename(3, "literal") == "Tic-Tac-Toe-Data-3-literal"


def test_render_and_parse_round_trip(tmp_path):
    store = store_with(7)
    path = tmp_path / "data"
    save(store, path)
    back = load(path, 3, "flawed")
    assert [s.key() for s in back.schemes] == [s.key() for s in store.schemes]
    assert [s.level for s in back.schemes] == [s.level for s in store.schemes]
    assert (back.games, back.lost, back.lastloss) == (7, 3, 7)
    assert render(back) == render(store)
    assert path.read_text().startswith("Tic-Tac-Toe.p schemes, format 1\n")


def test_a_missing_file_is_an_empty_start(tmp_path):
    assert load(tmp_path / "none", 3, "flawed") is None


@pytest.mark.parametrize("content, words", [
    (b"hello world\n", "not a schemes file"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not a schemes file"),
    (b"Tic-Tac-Toe.p schemes, format 2\nwinalign 3\nend 0\n", "newer"),
    (b"Tic-Tac-Toe.p schemes, format 1\nwinalign 5\nend 0\n", "5 in a row"),
    (b"Tic-Tac-Toe.p schemes, format 1\nwinalign 3\nrules fixed\nend 0\n", "--fixed"),
    (b"Tic-Tac-Toe.p schemes, format 1\nwinalign 3\nscheme 1 free 0,0 held 0,1 0,2\n", "damaged"),
    (b"Tic-Tac-Toe.p schemes, format 1\nwinalign 3\nscheme x free 0,0 held 0,1\nend 1\n", "line 3"),
    (b"Tic-Tac-Toe.p schemes, format 1\nwinalign 3\nend 4\n", "damaged"),
])
def test_unusable_files_are_refused_with_a_message_and_left_alone(tmp_path, content, words):
    path = tmp_path / "Tic-Tac-Toe-Data-3"
    path.write_bytes(content)
    with pytest.raises(DataFileError) as err:
        load(path, 3, "flawed")
    assert words in str(err.value)
    assert path.read_bytes() == content


def test_the_committed_fixtures_load():
    assert len(load(FIXTURES / "trained-3.data", 3, "flawed").schemes) > 10
    assert len(load(FIXTURES / "trained-3-fixed.data", 3, "fixed").schemes) > 10
    assert len(load(FIXTURES / "five.data", 5, "flawed").schemes) > 50


def test_a_second_learner_on_the_same_file_is_refused(tmp_path):
    path = tmp_path / "data"
    with Lock(path):
        with pytest.raises(DataFileError) as err:
            Lock(path).acquire()
        assert "another learner" in str(err.value) and str(os.getpid()) in str(err.value)
    assert not (tmp_path / "data.lock").exists()  # removed when released
    with Lock(path):  # free again
        pass


def test_a_lock_held_by_another_process_is_refused(tmp_path):
    path = tmp_path / "data"
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time; from pathlib import Path; from retro.ports.pascal_learner.store.datafile import Lock; "
         f"Lock(Path({str(path)!r})).acquire(); print('locked', flush=True); time.sleep(30)"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(DataFileError) as err:
            Lock(path).acquire()
        assert f"process {holder.pid}" in str(err.value)
    finally:
        holder.kill()
        holder.wait()
    with Lock(path):  # a killed learner leaves no stale lock
        pass


SAVER = """
import sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from test_pascal_datafile import store_with
from retro.ports.pascal_learner.store.datafile import save
small, big = store_with(3), store_with(150)
path = Path({path!r})
print('ready', flush=True)
while True:
    save(big, path)
    save(small, path)
"""


def test_a_data_file_survives_a_kill_during_save(tmp_path):
    """Kill a process that saves over and over, at many moments: the file is
    always a whole store, the old one or the new one."""
    path = tmp_path / "Tic-Tac-Toe-Data-3"
    save(store_with(3), path)
    expected = {render(store_with(3)), render(store_with(150))}
    code = SAVER.format(tests=str(Path(__file__).parent), path=str(path))
    for attempt in range(6):
        saver = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        assert saver.stdout.readline().strip() == "ready"
        time.sleep(0.01 + 0.017 * attempt)
        saver.send_signal(signal.SIGKILL)
        saver.wait()
        text = path.read_text()
        assert text in expected
        assert len(parse(text, str(path), 3, "flawed").schemes) in (3, 150)
    save(store_with(3), path)  # the next save clears the temporary files of killed savers
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


@pytest.mark.parametrize("kind", ["tty", "pipe"])
def test_the_load_of_a_large_store_shows_how_far_it_is_on_a_terminal_only(tmp_path_factory, kind):
    """On a terminal, one row says how far the load is, written over, then
    blanked; in a pipe nothing is written (its bytes are the original's)."""
    from retro.console import LineConsole
    from retro.ports.pascal_learner.play.variants import make_grid
    from retro.ports.pascal_learner.store.session import open_session

    path, counts = large_store_file(tmp_path_factory.getbasetemp())
    console = LineConsole.from_bytes(b"", output_kind=kind)
    session = open_session(console, make_grid(None, None, None, False), False, str(path), 1, save=False)
    assert session is not None and session.learner.schemes.counts() == counts
    if kind == "pipe":
        assert console.output() == ""
        return
    shown = "\rReading the schemes: 1,000 of 2,500\rReading the schemes: 2,000 of 2,500"
    assert console.output() == shown + "\r" + " " * len("Reading the schemes: 2,000 of 2,500") + "\r"


def test_a_visitors_learner_tells_the_operator_why_once_until_it_mends(tmp_path, monkeypatch):
    """A shared learner (retro serve's) whose games cannot be kept tells the
    operator's log why once for each cause, not once a game, and again once
    a save has mended it; the visitor is told each time, in words."""
    from retro.console import LineConsole
    from retro.ports.pascal_learner.play.variants import make_grid
    from retro.ports.pascal_learner.store import session as store_session

    told: list[str] = []
    monkeypatch.setattr(store_session, "tell_operator", told.append)
    session = store_session.open_session(LineConsole.from_bytes(b""), make_grid(None, None, None, False), False,
                                         None, 1, folder=tmp_path, shared=True)
    assert session is not None
    said = [session.not_kept(DataFileError(cause)) for cause in ("a folder in the way", "a folder in the way",
                                                                 "no room left", "no room left")]
    session.saved()
    said.append(session.not_kept(DataFileError("no room left")))
    assert said == ["the schemes file cannot be written just now"] * 5
    data = tmp_path / "Tic-Tac-Toe-Data-3"
    assert told == ["a visitor's learner cannot keep what it learns: a folder in the way",
                    "a visitor's learner cannot keep what it learns: no room left",
                    f"a visitor's learner keeps what it learns again in {data}",
                    "a visitor's learner cannot keep what it learns: no room left"]

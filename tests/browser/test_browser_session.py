"""retro/browser: a session's program on the page's terminal, run here under
CPython with a page of the test's own (the worker's, static/worker.js, is
Pyodide's: tests/web/test_site.py plays the same in Chromium).  What the page
is sent is what a pseudo-terminal sends for `retro serve`: the program's bytes
with each LF as CR LF, a teletype's keys echoed as canonical mode echoes them."""
from __future__ import annotations

import io
import json
import signal
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Optional

import pytest

from retro import resources, transcript
from retro.browser import session, worker
from retro.browser.keys import CanonicalInput, PageKeys
from retro.browser.xterm import SEQUENCES, XtermTerminal
from retro.static_site import package_archive, retro_archive
from retro.web.screen_text import WithoutRows

ROOT = Path(__file__).resolve().parents[2]


class Page:
    """The page: the keys to type, a piece at a time, as a typist types them: each piece once the
    program waits for a key (a look without waiting finds none typed ahead); what the terminal was sent."""

    def __init__(self, *typed: bytes, size: tuple[int, int] = (24, 80)):
        self.typed = list(typed)
        self.sent = bytearray()
        self.rows_cols = size
        self.waits = 0

    def write(self, data: bytes) -> None:
        self.sent += data

    def keys(self, timeout: Optional[float]) -> bytes:
        if timeout == 0:
            return b""
        if self.typed:
            return self.typed.pop(0)
        self.waits += 1
        if timeout is None or self.waits > 100:
            raise AssertionError(f"the program waits for a key none will type; it showed: {self.shown()[-300:]!r}")
        return b""

    def size(self) -> tuple[int, int]:
        return self.rows_cols

    def sleep(self, seconds: float) -> None:
        pass

    def shown(self) -> str:
        return self.sent.decode("utf-8", "replace")


def played(program_id: str, *typed: bytes, words: tuple[str, ...] = (), folder: Optional[Path] = None,
           keep: bool = True, token: Optional[str] = None) -> tuple[Page, dict]:
    page = Page(*typed)
    return page, session.run(page, program_id, list(words), str(folder or Path("/nonexistent")), keep, token)


def rendering(golden: transcript.Transcript) -> str:
    """What a terminal shows of a teletype session: its output, each line typed echoed with its Enter."""
    return "".join((event.text or "").rstrip("\n") + "\n" if event.kind == "in" and event.text
                   else "" if event.kind == "in" else event.text or "" for event in golden.events)


@pytest.mark.parametrize("name", ["fortran-rcd/mj-weakness", "perl-midterm/spec-sample", "cpm-c/bad-input"])
def test_a_teletype_game_typed_key_by_key_shows_what_the_pipe_wrote(name: str) -> None:
    """Each key its own piece, Enter as xterm.js sends it (CR): the terminal shows the pipe's bytes
    and each line echoed, CR LF for LF; the status and the words are the pipe's session's."""
    golden = transcript.load(resources.find(name))
    lines = [b"\x04" if e.text is None else e.text.replace("\n", "\r").encode() for e in golden.events if e.kind == "in"]
    keys = [bytes([byte]) for line in lines for byte in line]
    page, frame = played(golden.program, *keys, words=tuple(golden.options))
    assert page.shown() == rendering(golden).replace("\n", "\r\n")
    assert frame["status"] == golden.exit_status
    told, _ = played(golden.program, *keys, words=tuple(golden.options), token="k3y")
    assert WithoutRows().feed(told.shown()) == page.shown()  # the reader's words beside, the bytes the same
    if name == "fortran-rcd/mj-weakness":
        assert '"said": "Game 1 is over: you won."' in told.shown()


def test_a_line_is_edited_as_canonical_mode_edits_it() -> None:
    """Backspace rubs out a character, Ctrl-U the line, Ctrl-W a word; a control key shows as ^X."""
    shown: list[str] = []
    line = CanonicalInput(Page(b"3,9\x7f3\r", b"x y\x17\x15N\x01\r"), shown.append)
    assert line.readline() == b"3,3\n"
    assert "".join(shown) == "3,9\b \b3\r\n"
    shown.clear()
    assert line.readline() == b"N\x01\n"
    assert "".join(shown) == "x y\b \b\b \b\b \bN^A\r\n"


def test_a_reader_that_asks_for_less_gets_the_line_in_pieces() -> None:
    line = CanonicalInput(Page(b"12345\r"), lambda text: None)
    assert [line.readline(2), line.readline(2), line.readline(9)] == [b"12", b"34", b"5\n"]


def test_ctrl_d_ends_the_input_and_the_signal_keys_raise_their_signals() -> None:
    assert CanonicalInput(Page(b"\x04"), lambda text: None).readline() == b""
    assert CanonicalInput(Page(b"ab\x04"), lambda text: None).readline() == b"ab"  # a partial line handed over
    shown: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        CanonicalInput(Page(b"12\x03"), shown.append).readline()
    assert "".join(shown) == "12^C"
    from retro.signals import Terminated
    with pytest.raises(Terminated) as quit_key:
        PageKeys(Page(b"\x1c")).char()
    assert quit_key.value.signum == signal.SIGQUIT
    assert PageKeys(Page(b"\x1ay")).char() == b"y"  # Ctrl-Z: the program's SIGTSTP is ignored on the pty too


def test_ctrl_c_and_ctrl_backslash_end_a_session_as_on_the_pty() -> None:
    page, frame = played("perl-midterm", b"\x03")
    assert frame["status"] == 130 and page.shown().endswith("^C")
    page, frame = played("cpm-c", b"\x1c")
    assert frame["status"] == 131 and frame["meaning"] == "ended by signal 3 (SIGQUIT)"


def test_the_screen_speaks_xterm_as_blessed_writes_it() -> None:
    """The few strings and keys of xterm-256color the screen console uses, as blessed 1.52 has them."""
    blessed = pytest.importorskip("blessed")
    term = blessed.Terminal(kind="xterm-256color", stream=io.StringIO(), force_styling=True)
    page = Page()
    mine = XtermTerminal(io.StringIO(), page, PageKeys(page))  # type: ignore[arg-type]  # the test's page
    assert (mine.home, mine.clear, mine.clear_eol) == (term.home, term.clear, term.clear_eol)
    assert all(mine.move_yx(y, x) == term.move_yx(y, x) for y in (0, 5, 23) for x in (0, 7, 79))
    known = term._keymap  # blessed's own table of sequences
    assert {sequence: name for sequence, name in SEQUENCES.items() if sequence in known} == \
           {sequence: term._keycodes[known[sequence]] for sequence in SEQUENCES if sequence in known}
    assert sum(sequence in known for sequence in SEQUENCES) >= 15


def test_keys_by_name_and_esc_alone() -> None:
    page = Page(b"\x1b[A", b"\x1bOD", b"\x1b", b"q", b"\r")
    term = XtermTerminal(io.StringIO(), page, PageKeys(page))  # type: ignore[arg-type]  # the test's page
    keys = [term.inkey(0.1) for _ in range(5)]
    assert [(str(k), k.name) for k in keys] == [("\x1b[A", "KEY_UP"), ("\x1bOD", "KEY_LEFT"), ("\x1b", "KEY_ESCAPE"),
                                                ("q", None), ("\n", None)]
    assert term.inkey(0.1) == ""  # nothing typed: no key within the time


def test_the_altair_draws_its_screen_and_tells_the_reader_its_rows() -> None:
    page, frame = played("altair-3d", b"1,1\r", b"\x03", words=("--version", "2"), token="k3y")
    assert b"\x1b[H\x1b[H\x1b[2J\x1b[1;1HYOUR MOVES ARE UU AND I'M CC" in page.sent
    assert b'\x1b]7077;k3y;{"rows": ["YOUR MOVES ARE UU' in page.sent  # for the page's reader (retro.web.screen_text)
    assert b'"said": "You played board 1, position 1.' in page.sent  # each move said (retro.web.reader_words)
    assert b"\x1b]7077;" not in played("altair-3d", b"\x03", words=("--version", "2"))[0].sent  # no token: no reader
    assert frame["status"] == 130 and "cast" in frame["take_home"] and "transcript" not in frame["take_home"]
    heading = json.loads(frame["take_home"]["cast"].split("\n", 1)[0])  # the page that showed it: this one
    assert heading["title"] == "Your game of 3-D Tic-Tac-Toe (retro site's page, as it showed it)"


def test_the_learner_keeps_its_schemes_in_the_folder_it_is_given(tmp_path: Path) -> None:
    """The visitor's store: the learner loses to 3,2 3,1 3,3 at --seed 2 (transcripts/pascal-learner/
    fresh-learns.txt), learns, saves into the browser's folder, and its next session knows it."""
    moves = [b"\x1b[B", b"\n", b"\x1b[D", b"\n", b"\x1b[C", b"\x1b[C", b"\n"]  # from 2,2: 3,2; then 3,1; then 3,3
    page, frame = played("pascal-learner", b"y\r", *moves, b"n\r", words=("--seed", "2"), folder=tmp_path)
    assert "I have learnt 1 new scheme" in page.shown() and frame["status"] == 0
    assert [path.name for path in tmp_path.iterdir()] == ["Tic-Tac-Toe-Data-3"]
    again, _ = played("pascal-learner", b"\x03", folder=tmp_path)
    assert "I know 1 scheme (level 1: 1), from Tic-Tac-Toe-Data-3" in again.shown()
    assert "transcript" not in frame["take_home"] and "kept in this browser" in frame["take_home"]["words"]


def test_a_variant_the_program_lacks_is_refused_in_words() -> None:
    answer = worker.start(None, "fortran-rcd", "ai=chess", "/nowhere", True)
    assert '"type": "refused"' in answer and "Move routine" in answer


def test_a_bug_of_ours_outside_the_program_is_said_in_words(capsys) -> None:
    class Broken:
        def size(self):
            raise RuntimeError("a page that breaks")
    answer = worker.start(Broken(), "fortran-rcd", "", "/nowhere", True)
    assert '"status": 70' in answer and "browser's console has the report" in answer
    assert "Traceback" in capsys.readouterr().err  # for the browser's console, never the page


# For a session run in a Python of its own: a page that answers every read with Ctrl-C, taken as
# it is (no Pyodide there), after ``from retro.browser import worker``.
PAGE_STUB = ("class Page:\n"
             "    def write(self, data): pass\n"
             "    def keys(self, timeout): return b'' if timeout == 0 else b'\\x03'\n"
             "    def size(self): return (24, 80)\n"
             "    def sleep(self, seconds): pass\n"
             "worker.WorkerPage = lambda page: page\n")


def test_the_sites_python_alone_checks_every_transcript(tmp_path: Path) -> None:
    """retro's archive and its dependencies', as the site ships them, unpacked into a folder and
    run by a Python that sees nothing else (-I, no site-packages: no blessed, aiohttp, psutil or
    NumPy, as in Pyodide): every shipped transcript matches, Five-in-a-Row's on the walking path."""
    for name, body in [("retro", retro_archive()), ("click", package_archive("click")),
                       ("platformdirs", package_archive("platformdirs"))]:
        zipfile.ZipFile(io.BytesIO(body)).extractall(tmp_path)
    assert not (tmp_path / "retro" / "web" / "server.py").exists() and not (tmp_path / "retro" / "menu").exists()
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from retro.browser.checking import check_shipped; "
            "r = check_shipped(); print(r['matched'], r['total'], [x['name'] for x in r['results'] if not x['ok']]); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('blessed', 'aiohttp', 'psutil', 'numpy', 'curses')))\n"
            "from retro import catalog; from retro.browser import worker\n"
            + PAGE_STUB +
            "print(sorted({worker.start(Page(), p, '', sys.argv[1], True, 'k3y')[:40] for p in catalog.programs()}))")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code, str(tmp_path)], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    total = len(resources.shipped_sessions())
    assert done.stdout.split("\n")[:2] == [f"{total} {total} []", "[]"]
    assert done.stdout.split("\n")[2] == str(['{"type": "exit", "status": 130, "reason"']), done.stdout  # each ran


def test_a_damaged_store_is_set_aside_said_and_not_loaded(tmp_path: Path) -> None:
    """A store in the browser that cannot be read (a tab closed mid-write cannot make one: IndexedDB
    keeps a write whole; a damaged one all the same): renamed .damaged, said, and a new store begun."""
    (tmp_path / "Tic-Tac-Toe-Data-3").write_bytes(b"garbage\x00\x01")
    page, frame = played("pascal-learner", b"\x03", folder=tmp_path)
    said = page.shown().replace("\r\n", " ")
    assert "the schemes file kept in this browser could not be used" in said
    assert "set aside as Tic-Tac-Toe-Data-3.damaged, and I start again with no schemes" in said
    assert "There is no Tic-Tac-Toe-Data-3 yet: I know no schemes" in said
    assert (tmp_path / "Tic-Tac-Toe-Data-3.damaged").read_bytes() == b"garbage\x00\x01"
    assert frame["status"] == 130


def test_after_the_preload_a_session_imports_nothing(tmp_path: Path) -> None:
    """The snapshot a later visit starts from (static/worker.js) is taken after
    ``worker.preload``: every program's session, run then, imports no module of
    retro's or of the standard library that the snapshot would not hold."""
    code = ("import sys\n"
            "from retro import catalog; from retro.browser import worker\n"
            "worker.preload(); before = set(sys.modules)\n"
            + PAGE_STUB +
            "ends = {worker.start(Page(), p, '', sys.argv[1], True, 'k3y')[:30] for p in catalog.programs()}\n"
            "print(ends, sorted(m for m in set(sys.modules) - before if m.split('.')[0] not in ('numpy', 'blessed')))")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == str({'{"type": "exit", "status": 130'}) + " []"

"""retro cast: a recorded session as an asciinema cast, read back by asciinema
2.4.0's own reader (v2) and by the v3 format's rules, its last screen equal to
what `retro replay` leaves on a terminal of the cast's size."""
import fcntl
import io
import json
import os
import re
import struct
import subprocess
import sys
import termios
import threading
from pathlib import Path
from typing import Optional

import pexpect
import pyte
import pytest
from asciinema.asciicast import v2 as asciicast_v2

from retro import catalog, transcript
from port_facts import facts
from retro.cast import AFTER_THE_GAME_MARKER, FRAME, LOOKS, MOST_ROWS, cast_of
from retro.check import input_of, replay_options
from retro.outcome import Outcome
from retro.recording import Event, Recorder
from retro.runner import run_session
from retro.replay import AFTER_THE_GAME, AFTER_THE_GAME_PAUSE, PAGE_PACE, kept_after, show, the_game
from retro.transcript import Transcript

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "transcripts").rglob("*.txt"))
WAIT = 60  # seconds a replay on a pty may take before the test fails (a passing one never waits it out)


def load_v2(text: str) -> tuple[dict, list[list]]:
    """The header and events asciinema 2.4.0 reads from a cast."""
    first, _, rest = text.partition("\n")
    with asciicast_v2.open_from_file(first, io.StringIO(rest)) as cast:
        return cast.v2_header, list(cast.events())


def load_v3(text: str) -> tuple[dict, list[str], list[list]]:
    """Header, comments and events of an asciicast v3 file, by the format's
    rules: a JSON header first, then events and ``#`` comments a line each."""
    first, *lines = text.splitlines()
    assert not first.startswith("#")
    comments = [line for line in lines if line.startswith("#")]
    return json.loads(first), comments, [json.loads(line) for line in lines if not line.startswith("#")]


def screen_of(data: str, cols: int, rows: int) -> list[str]:
    screen = pyte.Screen(cols, rows)
    pyte.Stream(screen).feed(data)
    return screen.display


def replay_on_a_terminal(session: Transcript, cols: int, rows: int) -> list[str]:
    """The last screen a replay of the session's game (as the menu replays it)
    leaves on a terminal cols x rows: its output through a pseudo-terminal's
    line discipline, drawn by pyte."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    received = bytearray()

    def read_all() -> None:
        while True:
            try:
                piece = os.read(master, 65536)
            except OSError:  # EIO: the terminal's other side is closed and all is read
                return
            if not piece:
                return
            received.extend(piece)

    reader = threading.Thread(target=read_all, daemon=True)
    reader.start()
    with open(slave, "w", encoding="utf-8", errors="surrogateescape", closefd=True) as terminal:
        show(session, events=the_game(session.events)[0], out=terminal, err=terminal)
    reader.join(WAIT)
    os.close(master)
    assert not reader.is_alive(), "the replay's output was not all read"
    screen = pyte.Screen(cols, rows)
    pyte.ByteStream(screen).feed(bytes(received))
    return screen.display


@pytest.mark.parametrize("path", SHIPPED, ids=[f"{p.parent.name}/{p.stem}" for p in SHIPPED])
def test_every_shipped_session_s_cast_loads_and_ends_on_replay_s_screen(path: Path, monkeypatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")  # the screens' text is compared, not its style
    session = transcript.load(path)
    header, events = load_v2(cast_of(session).v2())
    cols, rows = header["width"], header["height"]
    output = "".join(data for _, code, data in events if code == "o")
    assert screen_of(output, cols, rows) == replay_on_a_terminal(session, cols, rows)


@pytest.mark.parametrize("name", ["altair-3d/fig5-v2-player-wins", "perl-midterm/spec-sample", "pascal-learner/fresh-learns"])
def test_the_cast_ends_on_the_screen_the_retro_replay_command_leaves(name: str) -> None:
    session = transcript.load(ROOT / "transcripts" / f"{name}.txt")
    header, events = load_v2(cast_of(session, whole=True).v2())  # the whole recording, as `retro replay` shows it
    cols, rows = header["width"], header["height"]
    child = pexpect.spawn(sys.executable, ["-m", "retro", "replay", name], dimensions=(rows, cols),
                          env={**os.environ, "TERM": "xterm-256color"}, cwd=str(ROOT))
    child.expect(pexpect.EOF, timeout=WAIT)
    child.close()
    terminal = pyte.Screen(cols, rows)
    pyte.ByteStream(terminal).feed(child.before)
    output = "".join(data for _, code, data in events if code == "o")
    assert child.exitstatus == 0 and screen_of(output, cols, rows) == terminal.display


def a_session(exit_status: int = 0) -> Transcript:
    return Transcript("fortran-rcd", [], exit_status, {"title": "A short game", "source": "a test"}, [
        Event("out", " Quieres empezar tu? [S/N]\n"), Event("in", "S\n"),
        Event("out", " Tu jugada\n"), Event("in", "2 2\n"),
        Event("out", " Tu jugada\n"), Event("in", "1 3\n"), Event("err", "oops\n"), Event("in", None)])


def test_a_marker_at_each_move_typed_labelled_with_the_move() -> None:
    _, events = load_v2(cast_of(a_session()).v2())
    assert [data for _, code, data in events if code == "m"] == ["2 2", "1 3"]
    assert [data for _, code, data in events if code == "i"] == ["S\r", "2 2\r", "1 3\r"]  # the game's
    for k, (time, code, data) in enumerate(events):
        if code == "m":  # where the move was typed, before its echo
            assert events[k - 1][1:] == ["i", data + "\r"] and events[k - 1][0] == time
            assert events[k + 1][1] == "o" and events[k + 1][2].startswith(data + "\r\n")


def test_what_was_typed_is_drawn_as_the_terminal_echoed_it() -> None:
    _, events = load_v2(cast_of(a_session()).v2())
    output = "".join(data for _, code, data in events if code == "o")
    assert output == " Quieres empezar tu? [S/N]\r\nS\r\n Tu jugada\r\n2 2\r\n Tu jugada\r\n1 3\r\noops\r\n"


def test_a_whole_cast_goes_on_after_the_game_after_a_marker_and_a_pause() -> None:
    _, events = load_v2(cast_of(a_session(), whole=True).v2())
    output = "".join(data for _, code, data in events if code == "o")
    assert output.endswith("oops\r\n" + AFTER_THE_GAME + "\r\n^D\r\n")
    marker = next(k for k, (_, code, data) in enumerate(events) if code == "m" and data == AFTER_THE_GAME_MARKER)
    said, typed = events[marker + 1], events[marker + 2]
    assert said[1:] == ["o", AFTER_THE_GAME + "\r\n"] and typed[1:] == ["i", "\x04"]
    assert typed[0] - said[0] >= AFTER_THE_GAME_PAUSE  # the game's end stays a moment before what follows


@pytest.mark.parametrize("baud", [110, 300, 9600])
def test_the_output_is_paced_as_a_line_at_the_rate_delivers_it(baud: int) -> None:
    cast = cast_of(a_session(), baud)
    _, events = load_v2(cast.v2())
    sent = 0  # characters the line has delivered: each takes ten bits
    for time, code, data in events:
        assert time == pytest.approx(sent * 10 / baud, abs=1e-5)
        if code == "o":
            delivered = len(data.replace("\r\n", "\n"))  # the line sends LF; the terminal adds CR
            assert (delivered - 1) * 10 / baud < FRAME  # shown as they come, a frame at a time
            sent += delivered
    assert events[-1][0] > 0 and sent == len(" Quieres empezar tu? [S/N]\nS\n Tu jugada\n2 2\n Tu jugada\n1 3\n"
                                              "oops\n")
    _, _, v3_events = load_v3(cast.v3())
    assert sum(interval for interval, _, _ in v3_events) == pytest.approx(sent * 10 / baud, abs=1e-5)


def test_without_a_rate_the_pace_is_the_web_page_s() -> None:
    page = (ROOT / "retro" / "web" / "static" / "retro.js").read_text()
    assert re.search(r'const REPLAY_PACE = "(\d+)";', page).group(1) == str(PAGE_PACE)
    assert cast_of(a_session()).v2() == cast_of(a_session(), PAGE_PACE).v2()


def test_the_theme_is_the_program_s_look_as_the_page_draws_it() -> None:
    page = (ROOT / "retro" / "web" / "static" / "retro.js").read_text()
    for look, (ink, paper) in LOOKS.items():
        drawn = re.search(look + r': \{background: "(#\w+)", foreground: "(#\w+)"', page)
        assert drawn.groups() == (paper, ink)
    for name in ("pascal-learner/fresh-learns", "fortran-rcd/mj-weakness"):
        session = transcript.load(ROOT / "transcripts" / f"{name}.txt")
        header, _ = load_v2(cast_of(session).v2())
        ink, paper = LOOKS[catalog.find(session.program).look]
        assert (header["theme"]["fg"], header["theme"]["bg"]) == (ink, paper)
        assert header["theme"]["palette"].count("#") == 16


@pytest.mark.parametrize("name", ["altair-3d/fig5-v2-player-wins", "pascal-learner/fresh-learns"])
def test_a_program_that_draws_on_a_screen_gets_its_80x24(name: str) -> None:
    header, _ = load_v2(cast_of(transcript.load(ROOT / "transcripts" / f"{name}.txt")).v2())
    assert (header["width"], header["height"]) == (80, 24)


def test_a_teletype_gets_the_rows_its_longest_screenful_needs() -> None:
    short = a_session()
    header, _ = load_v2(cast_of(short).v2())
    assert (header["width"], header["height"]) == (80, 24)
    board = [f" row {k}\n" for k in range(30)] + ["x" * 100 + "\n"]  # 30 rows, then one of two
    long = Transcript("fortran-rcd", [], 0, {}, [Event("out", " Quieres empezar tu? [S/N]\n"), Event("in", "S\n"),
                                                 Event("out", "".join(board) + " Tu jugada\n"), Event("in", "2 2\n"),
                                                 Event("out", " Tu jugada\n")])
    header, _ = load_v2(cast_of(long).v2())
    assert (header["width"], header["height"]) == (80, 30 + 2 + 2)  # the board, its prompt and the move's row
    endless = Transcript("fortran-rcd", [], 0, {}, [Event("out", " row\n" * 5000)])
    header, _ = load_v2(cast_of(endless).v2())
    assert header["height"] == MOST_ROWS  # a longer stretch scrolls


def test_the_title_and_source_are_in_the_header() -> None:
    header, _ = load_v2(cast_of(a_session()).v2())
    assert header["title"] == "A short game (a test)"
    v3_header, comments, _ = load_v3(cast_of(a_session()).v3())
    assert v3_header["title"] == "A short game"
    assert "# source: a test" in comments


def test_v3_keeps_the_same_events_as_intervals_and_ends_with_the_exit_status() -> None:
    cast = cast_of(a_session(exit_status=3), 300)
    _, v2_events = load_v2(cast.v2())
    header, _, events = load_v3(cast.v3())
    assert header["version"] == 3 and header["term"]["cols"] == 80 and header["term"]["rows"] == 24
    assert header["term"]["theme"] == cast.theme()
    assert events[-1][1:] == ["x", "3"]
    at, times = 0.0, []
    for interval, _, _ in events[:-1]:
        assert interval >= 0
        at += interval
        times.append(at)
    assert times == pytest.approx([t for t, _, _ in v2_events], abs=1e-5)
    assert [e[1:] for e in events[:-1]] == [e[1:] for e in v2_events]


def test_a_session_s_control_characters_reach_the_cast_only_as_text() -> None:
    hostile = Transcript("fortran-rcd", [], 0, {"title": "\x1b]0;owned\x07"}, [Event("out", "\x1b[2J\x1b]52;c;eA==\x07")])
    header, events = load_v2(cast_of(hostile).v2())
    assert "\x1b" not in header["title"]
    assert all("\x1b" not in data and "\x07" not in data for _, code, data in events if code == "o")


def retro(*args: str, cwd: Path, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "retro", *args], input=stdin, capture_output=True, cwd=cwd,
                          timeout=WAIT)


def test_retro_cast_writes_nothing_but_its_file_or_standard_output(tmp_path: Path) -> None:
    made = retro("cast", "fortran-rcd/mj-weakness", "-o", "game.cast", "--baud", "300", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["game.cast"]
    shown = retro("cast", "fortran-rcd/mj-weakness", "--baud", "300", cwd=tmp_path)
    assert shown.stdout.decode() == (tmp_path / "game.cast").read_text()
    header, _ = load_v2(shown.stdout.decode())
    assert header["version"] == 2
    assert [p.name for p in tmp_path.iterdir()] == ["game.cast"]


@pytest.mark.parametrize("args, status", [(["nobody/nothing"], 2), (["fortran-rcd/mj-weakness", "--baud", "123"], 2),
                                          (["fortran-rcd/mj-weakness", "-o", "no/such/folder.cast"], 1)])
def test_retro_cast_refuses_what_it_cannot_cast_in_a_sentence(tmp_path: Path, args: list[str], status: int) -> None:
    refused = retro("cast", *args, cwd=tmp_path)
    assert refused.returncode == status
    assert b"Traceback" not in refused.stderr and b"Error:" in refused.stderr
    assert list(tmp_path.iterdir()) == []


def test_retro_record_writes_the_cast_of_a_live_session_beside_its_transcript(tmp_path: Path) -> None:
    recorded = retro("record", "fortran-rcd", "-o", "game.txt", "--cast", "game.cast", cwd=tmp_path,
                     stdin=b"S\n2 2\n")
    assert b"Traceback" not in recorded.stderr
    header, events = load_v2((tmp_path / "game.cast").read_text())
    assert [data for _, code, data in events if code == "m"] == ["2 2"]
    assert load_v2(cast_of(transcript.load(tmp_path / "game.txt")).v2()) == (header, events)


def last_lines(text: str, count: int) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()][-count:]


@pytest.mark.parametrize("path", SHIPPED, ids=[f"{p.parent.name}/{p.stem}" for p in SHIPPED])
def test_every_shipped_cast_ends_on_its_games_result(path: Path) -> None:
    """Whoever plays a shared cast sees how its game ended: the game's last
    lines (Fig. 5's YOU WON, "Gana el humano"), not a new board or the
    interpreter's BREAK IN 90 the recording kept after it; and, whatever
    replay.the_game takes for the game, the words that say the result the
    port declares when it is run on the recording again (its facts')."""
    session = transcript.load(path)
    header, events = load_v2(cast_of(session).v2())
    last_screen = "\n".join(screen_of("".join(d for _, code, d in events if code == "o"),
                                      header["width"], header["height"]))
    game, _ = the_game(session.events)
    ended = last_lines(kept_after(game), 2)  # as the terminal shows them: each line typed, echoed
    shown = [line.strip() for line in last_screen.splitlines()]
    assert [line for line in ended if line not in shown] == [], last_screen
    result = last_result(session, path.parent)
    if result is not None:
        said = facts(session.program).results[result]
        assert any(words in last_screen for words in said), f"{said} not on the last screen:\n{last_screen}"


class Declaring(Recorder):
    """A session recorded again, with where (in its events) its port last declared a game's end."""
    declared_at = 0

    def game_over(self, outcome: Outcome) -> None:
        super().game_over(outcome)
        self.declared_at = len(self.events)


def last_result(session: Transcript, folder: Path) -> Optional[str]:
    """Who won the recording's last game ("human", "program", "draw"), as its
    port declares it when run on the recording's input again; None when no
    game ended, or when one began after the last that ended (more than an
    answer to "again?" typed after its result: the Altair's NF error in a
    second game's first move)."""
    recorder = Declaring(input_of(session))
    run_session(catalog.get(session.program), recorder, replay_options(session, folder))
    typed_after = [event for event in recorder.events[recorder.declared_at:] if event.kind == "in" and event.text]
    if recorder.last_outcome is None or len(typed_after) > 1:
        return None
    return recorder.last_outcome.value

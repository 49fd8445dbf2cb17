"""WebSocket sessions: each a program in a process of its own, on a pty of
its own.  A teletype program shows on the terminal exactly what `retro run`
prints in a pipe, with each typed line echoed by the terminal; the learner
draws its screen and moves by cursor keys; bad messages get a notice and the
session goes on; a failing or killed program is reported to the visitor; a
visitor who leaves takes the program with them."""
import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path

import aiohttp
import pytest
import pyte

from retro import catalog, processes
from retro.outcome import Outcome
from retro.web.config import Limits
from retro.web.exhibit import Exhibit
from retro.web.exit_message import exit_frame, meaning
from retro.web.process import Command
from retro.web.screen_text import WithoutRows

from web_helpers import GOLDEN, LAST_GAME, children_running, end_words, golden, prompts, query, start_server, with_client

# The golden session of each port that writes as on a teletype (no screen of its own)
TELETYPES = {program_id: GOLDEN[program_id] for program_id, program in catalog.programs().items()
             if program.screen_size is None}


class Visitor:
    """One WebSocket session: what it has shown, its messages, keys to type."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse):
        self.ws = ws
        self.output = b""
        self.messages: list[dict] = []
        self.closed = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.output += message.data
            elif message.type == aiohttp.WSMsgType.TEXT:
                self.messages.append(json.loads(message.data))
        self.closed.set()

    def text(self) -> str:
        """What the terminal shows, without retro's words to the page's reader (screen_text)."""
        return WithoutRows().feed(self.output.decode("utf-8", "replace")).replace("\r\n", "\n")

    async def until(self, check, timeout: float = 30.0) -> None:
        end = time.monotonic() + timeout
        while not check(self):
            if time.monotonic() > end:
                raise AssertionError(f"not seen in {timeout} s; output so far: {self.text()[-600:]!r}; "
                                     f"messages: {self.messages}")
            await asyncio.sleep(0.02)

    async def type(self, keys: str) -> None:
        await self.ws.send_bytes(keys.encode("utf-8"))

    async def exit(self, timeout: float = 30.0) -> dict:
        await self.until(lambda v: any(m["type"] == "exit" for m in v.messages), timeout)
        return next(m for m in self.messages if m["type"] == "exit")


async def visit(client, program_id: str, work, params=None):
    async with client.ws_connect(f"/ws/run/{program_id}", params=params or {}) as ws:
        visitor = Visitor(ws)
        return await work(visitor)


@pytest.mark.parametrize("program_id", list(TELETYPES))
def test_a_teletype_session_on_the_pty_is_the_pipe_session_echoed(program_id: str) -> None:
    session = golden(program_id, TELETYPES[program_id])

    async def play(visitor: Visitor):
        for shown, keys in prompts(session):
            await visitor.until(lambda v: v.text() == shown)
            await visitor.type(keys)
        return await visitor.exit()

    exit_message = with_client(lambda c: visit(c, program_id, play, query(program_id, session.options)))
    said = dict(catalog.get(program_id).exit_statuses)[session.exit_status]  # the program's own words for it
    winner = LAST_GAME[program_id, TELETYPES[program_id]]  # who won the last game, as the session's text says
    assert set(exit_message.pop("take_home")) == {"transcript", "cast", "words"}  # the visitor's game (test_web_takehome)
    assert exit_message == {"type": "exit", "status": session.exit_status, "reason": "", "meaning": said,
                            **({"outcome": winner} if winner else {}), "words": end_words(session, TELETYPES[program_id])}


def screen_of(output: bytes, cols: int = 80, rows: int = 24) -> list[str]:
    screen = pyte.Screen(cols, rows)
    pyte.ByteStream(screen).feed(output)
    return screen.display


def test_the_learner_draws_its_screen_and_moves_by_cursor_keys(tmp_path: Path) -> None:
    """The learner's own screen (not its teletype transcript): the board at
    fixed places, the cursor's [ ] moved by a cursor key, a move placed by Enter."""
    async def play(visitor: Visitor):
        await visitor.until(lambda v: "Do you want to move first?" in "".join(screen_of(v.output)))
        await visitor.type("y\r")  # the answer and its Enter (a line, as readln read it)
        await visitor.until(lambda v: "cursor keys and Enter" in "".join(screen_of(v.output)))
        before = screen_of(visitor.output)
        await visitor.type("\x1b[B")  # the cursor down, as xterm.js sends it
        await visitor.until(lambda v: screen_of(v.output) != before)
        moved = screen_of(visitor.output)
        await visitor.type("\r")
        await visitor.until(lambda v: "I play" in "".join(screen_of(v.output)[5:]))
        placed = screen_of(visitor.output)
        await visitor.ws.close()
        return before, moved, placed

    before, moved, placed = with_client(lambda c: visit(c, "pascal-learner", play, {"seed": "1"}),
                                        Exhibit(data_folder=tmp_path))
    board = lambda screen: [line[:9] for line in screen[1:5]]  # a view of the screen
    assert board(before) == ["   1 2 3 ", " 1 . . . ", " 2 .[.]. ", " 3 . . . "]
    assert board(moved) == ["   1 2 3 ", " 1 . . . ", " 2 . . . ", " 3 .[.]. "]
    assert placed[4][:9] in (" 3 . X . ", " 3 .[X]. ")  # placed where the cursor was


def test_a_bad_message_gets_a_notice_and_the_session_goes_on() -> None:
    async def play(visitor: Visitor):
        await visitor.until(lambda v: "Select your symbol" in v.text())
        for bad in ("[" * 1000 + "]" * 1000, "[[[[[[[[[[]]]]]]]]]]", "{", "[]", '{"type": "line", "text": "X"}',
                    '{"type": "resize", "cols": 100000, "rows": 1}', "x" * 2000):
            await visitor.ws.send_str(bad)
        await visitor.ws.send_str(json.dumps({"type": "resize", "cols": 100, "rows": 30}))
        await visitor.type("X\r")
        await visitor.until(lambda v: "Your move:" in v.text())
        await visitor.type("\x04")
        return await visitor.exit(), [m["text"] for m in visitor.messages if m["type"] == "notice"]

    exit_message, notices = with_client(lambda c: visit(c, "cpm-c", play))
    assert notices == [
        "A message has at most 1024 bytes; that one was not read.",
        "A message nested that deep is not read.",
        "Not understood: a message is one JSON object.",
        "Not understood: a message is one JSON object.",
        "Not understood: keys go as binary frames; the only messages are resize and active.",
        "A terminal has 20 to 240 columns and 5 to 100 rows.",
        "A message has at most 1024 bytes; that one was not read.",
    ]
    assert exit_message["type"] == "exit" and exit_message["reason"] == ""


def test_a_failing_program_is_told_to_the_visitor() -> None:
    """The bug behind a noqa (issue of the runtime, item 1) cannot come back: a
    session's program is a process, and however it fails, the visitor is told
    its status; here a program that fails at once, and one that is killed."""
    failing = Command(prefix=(sys.executable, "-c", "import sys; print('about to fail'); sys.exit(3)"))
    killed = Command(prefix=(sys.executable, "-c", "import os; print('about to die', flush=True); os.kill(os.getpid(), 9)"))

    async def watch(visitor: Visitor):
        return await visitor.exit(), visitor.text()

    exit_message, text = with_client(lambda c: visit(c, "cpm-c", watch), Exhibit(command=failing))
    assert exit_message == {"type": "exit", "status": 3, "reason": "", "meaning": "",
                            "words": "The program stopped with an error (see Details)."} and "about to fail" in text
    exit_message, text = with_client(lambda c: visit(c, "cpm-c", watch), Exhibit(command=killed))
    assert exit_message == {"type": "exit", "status": 137, "reason": "the program was ended by signal 9 (SIGKILL)",
                            "meaning": "ended by signal 9 (SIGKILL)",
                            "words": "The program was stopped by the system."} and "about to die" in text


@pytest.mark.parametrize("program_id, status, said", [
    ("perl-midterm", 130, "interrupted by Ctrl-C"),
    ("perl-midterm", 1, "the input ended where the original would ask 'Pick a space: ' for ever;"
                        " this port stops there instead (its notes say why)"),
    ("fortran-rcd", 2, "a gfortran runtime error: bad input or end of file"),
    ("cpm-c", 143, "ended by signal 15 (SIGTERM)"),
    ("cpm-c", 70, "an internal error of retro (the exhibit's operator has the report)"),
    ("cpm-c", 5, ""),  # a status nobody declared: no words
])
def test_an_exit_status_is_said_in_words(program_id: str, status: int, said: str) -> None:
    """What the page says at the end: the program's own meaning of its status,
    else retro's (Ctrl-C, a signal, an internal error)."""
    assert meaning(catalog.get(program_id), status) == said
    assert exit_frame(status, "", catalog.get(program_id))["meaning"] == said


def test_an_internal_error_is_said_without_the_servers_folders(tmp_path: Path) -> None:
    """A port that fails (here made to, by a program that raises inside
    run_session) says so in one line; its report's place goes to the server's
    log, never to the visitor."""
    raising = Command(prefix=(sys.executable, "-c", (  # retro.web.child, with a port that fails
        "from retro import catalog; from retro.web import child;"
        "catalog.Program.run = lambda self, console, options: 1 / 0;"
        "child.main()")))

    async def watch(visitor: Visitor):
        return await visitor.exit(), visitor.text()

    exit_message, text = with_client(lambda c: visit(c, "cpm-c", watch), Exhibit(command=raising))
    assert exit_message["status"] == 70
    assert "retro: internal error in cpm-c: ZeroDivisionError" in text
    assert "the exhibit's operator has the report" in text and "/" not in text.split("ZeroDivisionError")[1]


def test_the_operators_log_is_the_runtimes_own(monkeypatch) -> None:
    """retro.operator_log, which a port calls, loads nothing of the server; a
    session's internal error gives its report's place to it, one line, and
    the visitor reads that the operator has the report."""
    import subprocess

    from retro.operator_log import OPERATOR_ENV, report_told

    loaded = subprocess.run([sys.executable, "-c", "import sys, retro.operator_log; "
                             "print([m for m in sys.modules if m.startswith('retro.web')])"],
                            capture_output=True, text=True, timeout=60)
    assert loaded.stdout == "[]\n", loaded.stderr
    log, writer = os.pipe()
    monkeypatch.setenv(OPERATOR_ENV, str(writer))
    try:
        assert report_told("retro-error-1.txt") == "the exhibit's operator has the report"
    finally:
        os.close(writer)
    with os.fdopen(log, "rb") as said:
        assert said.read() == b"retro serve: a session's internal error; report: retro-error-1.txt\n"


def test_a_visitor_who_leaves_takes_the_program_along() -> None:
    """The WebSocket closed while the program thinks (the Altair at its
    period's pace, minutes without a byte): its process is gone within 5 s."""
    async def work(client):
        async with client.ws_connect("/ws/run/altair-3d", params={"period_timing": "1"}) as ws:
            visitor = Visitor(ws)
            await visitor.until(lambda v: "POSITION?" in v.text())
            await visitor.type("1,1\r")
            await asyncio.sleep(0.5)
            assert len(children_running()) == 1
        left = time.monotonic()
        while children_running() and time.monotonic() - left < 10:
            await asyncio.sleep(0.05)
        return time.monotonic() - left, children_running()

    took, still = with_client(work)
    assert still == [] and took < 5


def test_an_idle_session_ends_plainly() -> None:
    async def watch(visitor: Visitor):
        return await visitor.exit(), [m["text"] for m in visitor.messages if m["type"] == "notice"]

    exit_message, notices = with_client(lambda c: visit(c, "perl-midterm", watch), Exhibit(limits=Limits(idle_seconds=1.0)))
    assert notices == ["No input for 1 seconds: the session ends."]
    assert exit_message == {"type": "exit", "status": None, "reason": "no input for 1 seconds"}


def test_an_idle_session_is_warned_before_it_ends_and_may_go_on() -> None:
    """IDLE_WARNING_SECONDS (25) before an idle session ends the page is told
    the seconds left; the page's "active" (its Go on) withdraws the warning,
    and the idle time starts again: the next warning comes as late."""
    async def watch(visitor: Visitor):
        def idle(v: Visitor) -> list:
            return [m["left"] for m in v.messages if m["type"] == "idle"]

        await visitor.until(lambda v: "Pick a space" in v.text())
        await visitor.until(lambda v: len(idle(v)) == 1, timeout=10)
        went_on = time.monotonic()
        await visitor.ws.send_json({"type": "active"})
        await visitor.until(lambda v: len(idle(v)) == 3, timeout=10)
        return idle(visitor), time.monotonic() - went_on, [m for m in visitor.messages if m["type"] == "notice"]

    warnings, again, notices = with_client(lambda c: visit(c, "perl-midterm", watch),
                                           Exhibit(limits=Limits(idle_seconds=27.0)))
    assert warnings[1] is None and all(20 <= left <= 25 for left in (warnings[0], warnings[2])), warnings
    assert again >= 1.5 and notices == []  # 27 - 25 s after the Go on; no notice for a message understood


def test_keys_the_program_has_not_read_are_capped() -> None:
    """Keys typed while the program does not read (the Altair thinking at its
    period's pace) wait in the pty, then in the server up to a cap; past it
    they are not sent, and the visitor is told once in the session, though the
    pty (which drops what overflows a line) may take keys again meanwhile."""
    async def play(visitor: Visitor):
        await visitor.until(lambda v: "POSITION?" in v.text())
        await visitor.type("1,1\r")
        for _ in range(400):
            await visitor.type("x" * 1000)
        await visitor.until(lambda v: any(m["type"] == "notice" for m in v.messages), timeout=60)
        await visitor.ws.close()
        return [m["text"] for m in visitor.messages if m["type"] == "notice"]

    notices = with_client(lambda c: visit(c, "altair-3d", play, {"period_timing": "1"}),
                          Exhibit(limits=Limits(queued_bytes=8000)))
    assert notices == ["The program has not read the 8,000 bytes already typed: keys are not sent until it reads them."]


WS_HANDSHAKE = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}


def test_a_full_exhibit_asks_the_next_visitor_to_wait() -> None:
    """A script's run is refused in HTTP (503); a browser's WebSocket is
    accepted, told why in a 'refused' frame and closed with 1013."""
    async def work(client):
        async with client.ws_connect("/ws/run/cpm-c") as first:
            await first.receive()  # the first session has started and prints
            answer = await client.post("/api/run/cpm-c", data=b"")
            async with client.ws_connect("/ws/run/cpm-c") as second:
                frames = [message async for message in second]
                code = second.close_code
            return answer.status, await answer.text(), frames, code

    status, text, frames, code = with_client(work, Exhibit(max_sessions=1))
    assert status == 503 and "The exhibit is full: 1 session is running." in text
    assert [json.loads(f.data) for f in frames if f.type == aiohttp.WSMsgType.TEXT] == [
        {"type": "refused", "text": "The exhibit is full: 1 session is running. Please try again in a moment."}]
    assert code == 1013


@pytest.mark.parametrize("most, said", [(1, "1 session is running."), (2, "2 sessions are running."),
                                        (20, "20 sessions are running.")])
def test_a_full_exhibit_says_how_many_sessions_in_good_english(most: int, said: str) -> None:
    exhibit = Exhibit(max_sessions=most)
    for visitor in range(most):
        exhibit.sessions.reserve(f"192.0.2.{visitor}")
    assert exhibit.sessions.full() == f"The exhibit is full: {said} Please try again in a moment."


def test_a_sessions_place_is_taken_at_its_admission() -> None:
    """Before anything is awaited (a WebSocket's handshake, a POST's run): the
    next visitor of a full exhibit is refused there, and the place is given back."""
    from aiohttp import web
    from aiohttp.test_utils import make_mocked_request

    from retro.web.exhibit import EXHIBIT
    from retro.web.visitors import admit

    exhibit = Exhibit(max_sessions=1)
    app = web.Application()
    app[EXHIBIT] = exhibit

    def asking() -> web.Request:
        return make_mocked_request("GET", "/ws/run/cpm-c", app=app, match_info={"id": "cpm-c"})

    async def two_visitors() -> tuple[int, int]:
        *_, slot = await admit(asking())
        taken = len(exhibit.sessions)
        with pytest.raises(web.HTTPServiceUnavailable):
            await admit(asking())
        exhibit.sessions.release(slot)
        await admit(asking())
        return taken, len(exhibit.sessions)

    assert asyncio.run(two_visitors()) == (1, 1)


def test_a_wrong_variant_is_refused_in_the_socket_too() -> None:
    async def work(client):
        async with client.ws_connect("/ws/run/altair-3d", params={"version": "9"}) as ws:
            frames = [json.loads(m.data) async for m in ws if m.type == aiohttp.WSMsgType.TEXT]
            return frames, ws.close_code

    frames, code = with_client(work)
    assert len(frames) == 1 and frames[0]["type"] == "refused" and "version" in frames[0]["text"].lower()
    assert code == 1008


def test_a_page_of_another_site_cannot_open_a_session() -> None:
    async def work(client):
        answer = await client.get("/ws/run/cpm-c", headers={"Origin": "http://evil.example", **WS_HANDSHAKE})
        return answer.status

    assert with_client(work) == 403


def test_a_browser_session_writes_no_file() -> None:
    """Without a data folder the learner reads its default file and writes nothing."""
    data_home = Path(os.environ["XDG_DATA_HOME"])
    before = sorted(data_home.rglob("*")) if data_home.exists() else []

    async def play(visitor: Visitor):
        await visitor.until(lambda v: "Do you want to move first?" in "".join(screen_of(v.output)))
        await visitor.type("\x03")
        return await visitor.exit(), "".join(screen_of(visitor.output))

    exit_message, screen = with_client(lambda c: visit(c, "pascal-learner", play, {"seed": "1"}))
    assert exit_message["status"] == 130 and exit_message["meaning"] == "interrupted by Ctrl-C"
    assert (sorted(data_home.rglob("*")) if data_home.exists() else []) == before
    assert str(data_home) not in screen and "My schemes are in" not in screen


OPERATORS_LEARNER = """Tic-Tac-Toe.p schemes, format 1
winalign 3
rules flawed
games 1
lost 1
lastloss 1
scheme 1 free 0,0 held -2,-2 -1,-1
"""


def learners_greeting(params: dict[str, str]) -> str:
    """The words on a visitor's learner screen when it first asks, its rows joined; then Ctrl-C."""
    async def play(visitor: Visitor):
        await visitor.until(lambda v: "Do you want to move first?" in "".join(screen_of(v.output)))
        words = " ".join(row.strip() for row in screen_of(visitor.output))
        await visitor.type("\x03")
        await visitor.exit()
        return words

    return with_client(lambda c: visit(c, "pascal-learner", play, params))


def test_a_visitor_never_meets_the_operators_own_learner() -> None:
    """Without a data folder a visitor's learner starts from the trained store
    retro ships, never from the operator's own file (a game the operator played
    on their terminal), and says before the first game that it keeps nothing."""
    operators = Path(os.environ["XDG_DATA_HOME"]) / "retro" / "Tic-Tac-Toe-Data-3"  # tests/conftest.py: this test's
    operators.parent.mkdir(parents=True, exist_ok=True)
    operators.write_text(OPERATORS_LEARNER)
    words = learners_greeting({"seed": "1"})
    assert "I know 1 scheme" not in words and "Tic-Tac-Toe-Data" not in words
    assert "I know 21 schemes" in words  # transcripts/pascal-learner/trained-3.data's
    assert "what I learn from your games is kept for this session only" in words
    assert operators.read_text() == OPERATORS_LEARNER


def test_a_fresh_visitors_learner_says_it_keeps_nothing() -> None:
    words = learners_greeting({"seed": "1", "fresh": "1"})
    assert "I know no schemes yet" in words
    assert "What I learn from your games is kept for this session only" in words


def test_ctrl_c_stops_the_server_and_its_sessions(tmp_path: Path) -> None:
    """Ctrl-C on the server while a session thinks (the Altair at its
    period's pace): the visitor is told, the program ended, the server exits 130."""
    server, url = start_server(tmp_path)
    try:
        async def visit_server():
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(url.replace("http", "ws") + "ws/run/altair-3d?period_timing=1") as ws:
                    visitor = Visitor(ws)
                    await visitor.until(lambda v: "POSITION?" in v.text())
                    await visitor.type("1,1\r")
                    await asyncio.sleep(1.0)
                    server.send_signal(signal.SIGINT)
                    await asyncio.wait_for(visitor.closed.wait(), 30)
                    return visitor.messages, ws.close_code

        started = time.monotonic()
        frames, close_code = asyncio.run(visit_server())
        assert {"type": "notice", "text": "The server is stopping: the session ends."} in frames
        assert frames[-1] == {"type": "exit", "status": None, "reason": "the server has stopped"}
        assert close_code == 1001
        assert server.wait(timeout=30) == 130 and time.monotonic() - started < 30
        assert server.stderr.read().decode().strip().endswith("retro serve: stopped")
    finally:
        server.kill()


def test_a_program_that_ignores_the_hang_up_is_killed_when_the_server_stops() -> None:
    """SIGHUP, then SIGKILL after the grace: the server's stop waits for no
    program, and counts the ones it had to kill."""
    deaf = Command(prefix=(sys.executable, "-c", (
        "import signal, time; signal.signal(signal.SIGHUP, signal.SIG_IGN); print('deaf', flush=True); "
        "time.sleep(600)")))
    exhibit = Exhibit(command=deaf, grace=0.5)

    async def work(client):
        ws = await client.ws_connect("/ws/run/cpm-c")
        visitor = Visitor(ws)
        await visitor.until(lambda v: "deaf" in v.text())
        return visitor, children_running("SIG_IGN")

    started = time.monotonic()
    visitor, running = with_client(work, exhibit)  # the client and the server close at the end
    assert len(running) == 1
    assert exhibit.given_up == 1 and children_running("SIG_IGN") == [] and time.monotonic() - started < 15


def test_the_manager_kills_every_program_it_started_at_once() -> None:
    """``kill_all`` (a second Ctrl-C to the server): a POST run's program that
    ignores the hang-up, with 30 s of grace, is killed now and counted."""
    deaf = Command(prefix=(sys.executable, "-c", (
        "import signal, time; signal.signal(signal.SIGHUP, signal.SIG_IGN); time.sleep(300)")))
    exhibit = Exhibit(command=deaf, grace=30.0)

    async def work():
        slot = exhibit.sessions.reserve("192.0.2.1")
        run = asyncio.create_task(exhibit.sessions.run_piped(slot, "cpm-c", [], b"", lambda: False))
        end = time.monotonic() + 30
        while slot.process is None and time.monotonic() < end:
            await asyncio.sleep(0.01)
        killed = exhibit.sessions.kill_all()
        _, status, _ = await asyncio.wait_for(run, 10)
        return len(killed), status

    assert asyncio.run(work()) == (1, -signal.SIGKILL)


def test_the_exit_message_carries_the_last_games_outcome() -> None:
    """Who won the last game, when the server knows it; absent otherwise; the
    end bar's words say it first, then how the session stopped."""
    program = catalog.get("cpm-c")
    assert exit_frame(0, "", program, Outcome.HUMAN)["outcome"] == "human"
    assert exit_frame(0, "", program, Outcome.DRAW) == {**exit_frame(0, "", program), "outcome": "draw",
                                                        "words": "A draw: nobody won. The game is over."}
    assert exit_frame(0, "", program, Outcome.DRAW, True)["words"] == "A draw: nobody won. Then you ended the input (Ctrl-D)."
    assert exit_frame(-2, "", program)["words"] == "You pressed Ctrl-C: the program stopped."  # 130, as a shell says it
    assert "words" not in exit_frame(None, "the session's time is up", program)  # the page says the reason
    assert "outcome" not in exit_frame(0, "", program)
    with pytest.raises(ValueError):
        exit_frame(0, "", program, "nobody")  # type: ignore[arg-type]  # a wrong outcome, on purpose


# -- a session's process forked from the template (retro.web.template) ------------------------
PROBE = ("import sys; sys.path.insert(0, {tests!r}); from retro.web import child; import session_probe; "
         "child.run = session_probe.seen; ").format(tests=str(Path(__file__).parent))


async def probed(template, words: list[str]) -> dict:
    """What a session sees (session_probe), forked from ``template`` or, without one, spawned."""
    from retro.web.process import CHILD, Terminal

    argv = list(CHILD) if template is not None else [sys.executable, "-c", PROBE + "child.main()"]
    term = await Terminal.start([*argv, *words], 80, 24, template=template)
    output = b""
    try:
        while b"}\r\n" not in output:  # the whole line: a pty may hand it over in parts
            data = await asyncio.wait_for(term.read(), 30)
            assert data, output
            output += data
        assert await asyncio.wait_for(term.process.wait(), 30) == 0
    finally:
        await term.end(1.0)
    return json.loads(output[output.index(b"{"):output.rindex(b"}") + 1])


def probe_template():
    from retro.web.forking import Template

    return Template(command=(sys.executable, "-c", PROBE + "from retro.web import template; template.main()"))


def test_a_forked_session_sees_what_a_spawned_one_sees() -> None:
    """Its environment, limits, session and controlling terminal, signal
    handlers and masks, descriptors (the pty's and the server's log only),
    standard streams, folder and umask: the same as a session's own Python."""
    async def both():
        template = probe_template()
        try:
            return await probed(None, ["cpm-c", "--x"]), await probed(template, ["cpm-c", "--x"])
        finally:
            template.close()

    spawned, forked = asyncio.run(both())
    assert spawned.pop("random") != forked.pop("random")
    assert forked == spawned
    assert forked["session leader"] and forked["the pty controls it"]
    operator = forked["environment"]["RETRO_SERVE_LOG_FD"]
    assert set(forked["descriptors"]) == {"0", "1", "2", operator}
    assert [forked["descriptors"][fd] for fd in "012"] == ["the pty"] * 3


def test_each_forked_session_has_numbers_of_its_own() -> None:
    """A game's or a learner's random choices never repeat across sessions."""
    async def several():
        template = probe_template()
        try:
            return [(await probed(template, ["cpm-c"]))["random"] for _ in range(4)]
        finally:
            template.close()

    numbers = [number for pair in asyncio.run(several()) for number in pair]
    assert len(set(numbers)) == len(numbers)


def test_a_real_session_is_forked_and_holds_no_descriptor_of_the_server() -> None:
    """With the server's own sockets open: the session's process, the
    server's child, has the pty's descriptors and the log's, nothing else;
    the template holds none of the server's."""
    async def work(client):
        async with client.ws_connect("/ws/run/cpm-c") as ws:
            visitor = Visitor(ws)
            await visitor.until(lambda v: "Select your symbol" in v.text())
            [pid] = children_running()
            cmdline = processes.command_line(pid)
            fds = processes.open_descriptors(pid)
            held = processes.open_descriptors(TEMPLATE.process.pid)
            return cmdline, fds, held

    from retro.web.forking import TEMPLATE

    cmdline, fds, held = with_client(work)
    # the template: its own pty, its socket to the server, the server's log; no socket of the server's
    assert len(held) == 5 and sum("socket" in target for target in held.values()) == 1
    assert "retro.web.template" in " ".join(cmdline)
    pts = {target for fd, target in fds.items() if fd in (0, 1, 2)}
    assert len(pts) == 1 and pts.pop().startswith("/dev/pts/")
    assert len(fds) == 4 and not any("socket" in target for target in fds.values())


def test_a_template_that_dies_is_replaced_then_given_up_each_death_said() -> None:
    from retro.web.config import TEMPLATE_STARTS
    from retro.web.forking import Template
    from retro.web.process import CHILD, Terminal

    said: list[str] = []
    template = Template(said=said.append)

    async def session() -> tuple[str, bytes]:
        term = await Terminal.start([*CHILD, "cpm-c"], 80, 24, template=template)
        output = b""
        while b"Select your symbol" not in output:
            output += await asyncio.wait_for(term.read(), 30)
        await term.end(1.0)
        return type(term.process).__name__, output

    async def deaths():
        kinds = []
        for _ in range(TEMPLATE_STARTS + 1):
            kinds.append((await session())[0])
            if template.process is not None and template.process.poll() is None:
                template.process.kill()
        return kinds

    kinds = asyncio.run(deaths())
    assert kinds == ["Forked"] * TEMPLATE_STARTS + ["Process"]
    assert len(said) == TEMPLATE_STARTS and all("another is started" in line for line in said[:-1])
    assert "a Python of its own" in said[-1]


SLOW_TEMPLATE = """
import json, os, socket, sys, time
sock = socket.socket(fileno=int(sys.argv[1]))
while True:
    data, fds, _, _ = socket.recv_fds(sock, 65536, 3)
    if not data:
        break
    for fd in fds:
        os.close(fd)
    time.sleep(0.2)  # busy: each request answered 0.2 s after the one before
    sock.send(json.dumps({"id": json.loads(data)["id"], "pid": None}).encode())
"""


def test_a_busy_template_that_answers_in_turn_is_not_taken_for_dead(monkeypatch) -> None:
    """Twenty requests at once to a template that answers one each 0.2 s (a
    crowd queued behind each other): the last waits 4 s, past the 1 s it may
    take from its request, but the template answered meanwhile, so it lives
    on; no death is said (before: it was killed as dead, its children left)."""
    from retro.web import forking
    from retro.web.forking import Template

    monkeypatch.setattr(forking, "TEMPLATE_SECONDS", 1.0)
    said: list[str] = []
    template = Template(command=(sys.executable, "-c", SLOW_TEMPLATE), said=said.append)

    async def crowd() -> list[object]:
        streams = []
        for _ in range(20):
            read, write = os.pipe()
            streams.append((read, write, write))
        try:
            return await asyncio.gather(*(template.fork(["cpm-c"], stream, dict(os.environ), 2)
                                          for stream in streams))
        finally:
            for read, write, _ in streams:
                os.close(read)
                os.close(write)

    try:
        answers = asyncio.run(crowd())
        assert said == [] and template.process is not None and template.process.poll() is None, said
        assert answers == [None] * 20  # the template forked none: each spawned instead
    finally:
        template.close()


def test_a_reader_learns_the_end_when_the_session_is_closed_before_its_output_ends() -> None:
    """The program ended, but something it left behind still holds the pty (here
    a sleep in a session of its own), so no end of output comes: closing the
    session tells a reader still waiting that there is no more (it waited for
    ever, and test 22's harness once timed out on it)."""
    from retro.web.process import Terminal

    async def main() -> tuple[bytes, bytes]:
        term = await Terminal.start(["sh", "-c", "setsid sleep 30 & echo $!; exit 0"], 80, 24, template=None)
        first = await asyncio.wait_for(term.read(), 10)
        await asyncio.wait_for(term.process.wait(), 10)
        await term.end(0.1)
        try:
            rest = b""
            while data := await asyncio.wait_for(term.read(), 5):
                rest += data
            return first + rest, data
        finally:
            os.kill(int(first.split()[0]), signal.SIGKILL)

    output, last = asyncio.run(main())
    assert last == b"" and output.split()[0].isdigit()

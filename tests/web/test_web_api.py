"""retro serve, in process: the API answers with `retro run`'s own bytes, a
WebSocket session is the pipe session, and the limits of an exhibit hold
against a hostile visitor."""
import asyncio
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from retro import catalog
from retro.web.app import Exhibit
from retro.web.bridge import Limits, SessionLimit

from web_helpers import GOLDEN, golden, query, retro_run, with_client

MJ_LINE = b"N\n3,3\n3,1\n1,3\n2,3\nN\n"


async def post(client, program_id: str, body: bytes, params=None):
    answer = await client.post(f"/api/run/{program_id}", data=body, params=params or {})
    return answer.status, await answer.read(), answer.headers


@pytest.mark.parametrize("program_id", list(GOLDEN))
def test_the_api_answers_with_the_bytes_of_retro_run(program_id: str) -> None:
    session = golden(program_id)
    expected, status = retro_run(program_id, session.options, session.input_bytes())
    code, body, headers = with_client(lambda c: post(c, program_id, session.input_bytes(),
                                                     query(program_id, session.options)))
    assert code == 200
    assert body == expected and body == session.output().encode("utf-8", "surrogateescape")
    assert headers["X-Retro-Exit"] == str(status) == str(session.exit_status)


def test_the_issues_example_the_mj_weakness() -> None:
    expected, status = retro_run("fortran-rcd", ["--ai", "mj"], MJ_LINE)
    code, body, headers = with_client(lambda c: post(c, "fortran-rcd", MJ_LINE, {"ai": "mj"}))
    assert (code, body, headers["X-Retro-Exit"]) == (200, expected, str(status))
    assert b" Gana el humano\n" in body


@pytest.mark.parametrize("body", [b"", b"\x00" * 5000, bytes(range(256)) * 8, b"\xff\xfe\r\n" * 100,
                                  b"1" * 60000 + b"\n", "١,٢\n".encode() * 10], ids=lambda b: f"{len(b)}-bytes")
@pytest.mark.parametrize("program_id", list(GOLDEN))
def test_a_hostile_body_is_input_like_any_other(program_id: str, body: bytes) -> None:
    words = ["--fresh"] if program_id == "pascal-learner" else []
    expected, status = retro_run(program_id, words, body)
    code, answer, headers = with_client(lambda c: post(c, program_id, body, query(program_id, words)))
    assert (code, answer, headers["X-Retro-Exit"]) == (200, expected, str(status))


def test_the_catalog_as_json() -> None:
    async def work(client):
        answer = await client.get("/api/programs")
        return answer.status, await answer.json()

    code, listed = with_client(work)
    assert code == 200 and [p["id"] for p in listed] == list(catalog.programs())
    learner = next(p for p in listed if p["id"] == "pascal-learner")
    assert "data" not in {v["name"] for v in learner["variants"]}  # a visitor names no file
    altair = next(p for p in listed if p["id"] == "altair-3d")
    assert {"name": "version", "choices": ["1", "2", "3"], "default": "3"}.items() <= next(
        v for v in altair["variants"] if v["name"] == "version").items()


@pytest.mark.parametrize("params,words", [
    ({"data": "/etc/passwd"}, b"names a file"),
    ({"help": "1"}, b"has no variant 'help'"),
    ({"version": "4"}, b"'4' is not one of"),
    ({"ultimate": "maybe"}, b"is on (1) or off (0)"),
])
def test_options_a_visitor_may_not_give(params, words) -> None:
    program_id = "pascal-learner" if "data" in params else "altair-3d"
    code, body, _ = with_client(lambda c: post(c, program_id, b"", params))
    assert code == 400 and words in body, body


def test_nothing_a_visitor_sends_names_a_path() -> None:
    async def work(client):
        answers = []
        for path in ("/api/sessions/../setup.cfg", "/api/sessions/altair-3d/..%2F..%2Fsetup.cfg",
                     "/static/..%2F..%2Fcli.py", "/static/app.py", "/api/run/..%2Fcli"):
            answer = await client.get(path) if "run" not in path else await client.post(path, data=b"")
            answers.append((path, answer.status, (await answer.read())[:60]))
        return answers

    for path, code, body in with_client(work):
        assert code == 404, (path, code, body)


def test_a_body_past_its_limit_is_refused_plainly() -> None:
    code, body, _ = with_client(lambda c: post(c, "cpm-c", b"x" * 70000), Exhibit(body_bytes=65536))
    assert code == 413 and b"larger than the 65,536 bytes" in body


def test_output_past_its_limit_ends_the_session_plainly() -> None:
    exhibit = Exhibit(limits=Limits(output_bytes=500))
    code, body, headers = with_client(lambda c: post(c, "fortran-rcd", MJ_LINE, {"ai": "mj"}), exhibit)
    assert code == 200 and len(body) == 500 and headers["X-Retro-Exit"] == "limit"
    assert headers["X-Retro-Limit"] == "the session wrote its 500 bytes"


async def ws_session(client, program_id: str, lines: list[str], params=None, eof: bool = False):
    """A WebSocket session: send each line, then collect output and messages to the end."""
    out, messages = b"", []
    async with client.ws_connect(f"/ws/run/{program_id}", params=params or {}) as ws:
        for line in lines:
            await ws.send_str(json.dumps({"type": "line", "text": line}))
        if eof:
            await ws.send_str(json.dumps({"type": "eof"}))
        async for message in ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                out += message.data
            elif message.type == aiohttp.WSMsgType.TEXT:
                messages.append(json.loads(message.data))
                if messages[-1]["type"] == "exit":
                    break
    return out, messages


@pytest.mark.parametrize("program_id", list(GOLDEN))
def test_a_websocket_session_is_the_pipe_session(program_id: str) -> None:
    session = golden(program_id)
    lines = session.input_lines()
    eof = any(e.kind == "in" and e.text is None for e in session.events)
    out, messages = with_client(lambda c: ws_session(c, program_id, lines, query(program_id, session.options), eof))
    assert out == session.output().encode("utf-8", "surrogateescape")
    assert "".join(m["text"] for m in messages if m["type"] == "err") == session.errors()
    assert messages[-1] == {"type": "exit", "status": session.exit_status, "reason": ""}


def test_a_line_past_its_limit_is_not_sent() -> None:
    out, messages = with_client(lambda c: ws_session(c, "cpm-c", ["x" * 300, "X"], eof=True))
    assert {"type": "notice", "text": "A line has at most 256 characters; that one was not sent."} in messages
    assert b"Select your symbol" in out and messages[-1]["type"] == "exit"


def test_an_idle_session_ends_plainly() -> None:
    exhibit = Exhibit(limits=Limits(idle_seconds=1.0))
    started = time.monotonic()
    out, messages = with_client(lambda c: ws_session(c, "perl-midterm", []), exhibit)
    assert {"type": "notice", "text": "No input for 1 seconds: the session ends."} in messages
    assert messages[-1]["type"] == "exit" and time.monotonic() - started < 30


WS_HANDSHAKE = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}


def test_a_full_exhibit_asks_the_next_visitor_to_wait() -> None:
    """A script's run is refused in HTTP (503); a browser's WebSocket is
    accepted, told why in a 'refused' frame and closed with 1013 (try again
    later): a page cannot read the HTTP answer to a WebSocket."""
    async def work(client):
        async with client.ws_connect("/ws/run/cpm-c") as first:
            await first.receive()  # the first session has started and prints
            answer = await client.post("/api/run/cpm-c", data=b"")
            async with client.ws_connect("/ws/run/cpm-c") as second:
                frames = [message async for message in second]
                code = second.close_code
            return answer.status, await answer.text(), frames, code

    status, text, frames, code = with_client(work, Exhibit(max_sessions=1))
    assert status == 503 and "The exhibit is full: 1 sessions are running." in text
    assert [json.loads(f.data) for f in frames if f.type == aiohttp.WSMsgType.TEXT] == [
        {"type": "refused", "text": "The exhibit is full: 1 sessions are running. Please try again in a moment."}]
    assert code == 1013


def test_a_wrong_variant_is_refused_in_the_socket_too() -> None:
    async def work(client):
        async with client.ws_connect("/ws/run/altair-3d", params={"version": "9"}) as ws:
            frames = [json.loads(m.data) async for m in ws if m.type == aiohttp.WSMsgType.TEXT]
            return frames, ws.close_code

    frames, code = with_client(work)
    assert len(frames) == 1 and frames[0]["type"] == "refused" and "version" in frames[0]["text"].lower()
    assert code == 1008


def test_a_plain_get_of_a_session_is_answered_in_http() -> None:
    """Not a WebSocket handshake: the refusal is an ordinary HTTP answer."""
    async def work(client):
        answer = await client.get("/ws/run/altair-3d", params={"version": "9"})
        return answer.status

    assert with_client(work) == 400


@pytest.mark.parametrize("host, answered", [
    ("127.0.0.1:8000", True), ("[::1]:8000", True), ("localhost:8000", True), ("retro.localhost", True),
    ("10.1.2.3", True), ("evil.example", False), ("evil.example:8000", False), ("127.0.0.1.evil.example", False),
])
def test_the_server_answers_to_its_own_names_only(host: str, answered: bool) -> None:
    """A page on a name rebound by DNS to this machine (DNS rebinding) gets nothing."""
    async def work(client):
        answer = await client.get("/api/programs", headers={"Host": host})
        return answer.status, await answer.text()

    status, text = with_client(work)
    assert (status == 200) == answered
    if not answered:
        assert status == 421 and "own names only" in text


def test_the_name_given_to_host_is_one_of_its_own() -> None:
    exhibit = Exhibit(host="exhibit.museum.example")
    assert exhibit.own_name("exhibit.museum.example:8000") and exhibit.own_name("EXHIBIT.museum.example.")
    assert not exhibit.own_name("other.museum.example") and exhibit.own_name(None)


def test_another_sites_page_cannot_post_a_run() -> None:
    async def work(client):
        answer = await client.post("/api/run/cpm-c", data=b"", headers={"Origin": "http://evil.example"})
        return answer.status

    assert with_client(work) == 403


def test_input_the_program_has_not_read_is_capped() -> None:
    """Lines sent faster than the program reads wait up to a cap; past it a
    line is not sent, and the visitor is told once."""
    exhibit = Exhibit(limits=Limits(queued_bytes=8))
    out, messages = with_client(lambda c: ws_session(c, "cpm-c", ["a line too long for the queue", "X"], eof=True),
                                exhibit)
    notices = [m["text"] for m in messages if m["type"] == "notice"]
    assert notices == ["The program has not read the 8 bytes already sent: lines are not sent until it reads them."]
    assert b"Select your symbol" in out and messages[-1]["type"] == "exit"


def test_a_page_of_another_site_cannot_open_a_session() -> None:
    async def work(client):
        answer = await client.get("/ws/run/cpm-c", headers={"Origin": "http://evil.example", **WS_HANDSHAKE})
        return answer.status

    assert with_client(work) == 403


def test_a_browser_session_writes_no_file(tmp_path: Path) -> None:
    """The learner plays with --no-save: nothing appears in its data folder."""
    data_home = Path(os.environ["XDG_DATA_HOME"])
    before = sorted(data_home.rglob("*")) if data_home.exists() else []
    out, messages = with_client(lambda c: ws_session(c, "pascal-learner", ["y", "2,2", "1,1", "3,3", "n"],
                                                     {"seed": "1"}, eof=True))
    assert b"Do you want to move first?" in out and messages[-1]["status"] == 0
    assert (sorted(data_home.rglob("*")) if data_home.exists() else []) == before


def test_with_a_data_folder_the_learner_learns_there(tmp_path: Path) -> None:
    exhibit = Exhibit(data_folder=tmp_path)
    lines = ["y", "2,2", "1,1", "3,3", "1,3", "3,1", "1,2", "2,1", "2,3", "3,2", "n"]
    out, messages = with_client(lambda c: ws_session(c, "pascal-learner", lines, {"seed": "1"}, eof=True), exhibit)
    assert messages[-1]["status"] == 0
    assert (tmp_path / "Tic-Tac-Toe-Data-3").read_bytes().startswith(b"Tic-Tac-Toe.p schemes")


def test_ctrl_c_stops_the_server_cleanly(tmp_path: Path) -> None:
    server = subprocess.Popen([sys.executable, "-m", "retro", "serve", "--port", "0"], cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        url = server.stderr.readline().decode().split()[2]
        assert url.startswith("http://127.0.0.1:")

        async def visit():
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(url.replace("http", "ws") + "ws/run/cpm-c") as ws:
                    first = await ws.receive()
                    server.send_signal(signal.SIGINT)
                    seen = [first.type]
                    async for message in ws:
                        seen.append(json.loads(message.data) if message.type == aiohttp.WSMsgType.TEXT
                                    else message.type)
                    return seen, ws.close_code


        seen, close_code = asyncio.run(visit())
        assert {"type": "notice", "text": "The server is stopping: the session ends."} in seen
        assert close_code == 1001
        assert server.wait(timeout=30) == 130
        assert b"retro serve: stopped" in server.stderr.read()
    finally:
        server.kill()


def test_ctrl_c_ends_a_session_that_is_thinking(tmp_path: Path) -> None:
    """The Altair at its period's pace thinks for minutes without reading or
    writing; Ctrl-C on the server ends that pause too, and the server exits."""
    server = subprocess.Popen([sys.executable, "-m", "retro", "serve", "--port", "0"], cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        url = server.stderr.readline().decode().split()[2]

        async def visit():
            async with aiohttp.ClientSession() as session:
                ws_url = url.replace("http", "ws") + "ws/run/altair-3d?period_timing=1"
                async with session.ws_connect(ws_url) as ws:
                    seen = b""
                    while b"POSITION? " not in seen:
                        seen += (await ws.receive()).data
                    await ws.send_str(json.dumps({"type": "line", "text": "1,1"}))
                    await asyncio.sleep(1.0)  # version 3 thinks for about three minutes
                    server.send_signal(signal.SIGINT)
                    frames = [json.loads(m.data) async for m in ws if m.type == aiohttp.WSMsgType.TEXT]
                    return frames, ws.close_code

        started = time.monotonic()
        frames, close_code = asyncio.run(visit())
        assert {"type": "notice", "text": "The server is stopping: the session ends."} in frames
        assert frames[-1] == {"type": "exit", "status": None, "reason": "the server has stopped"}
        assert close_code == 1001
        assert server.wait(timeout=30) == 130 and time.monotonic() - started < 30
        assert server.stderr.read().decode().strip().endswith("retro serve: stopped")
    finally:
        server.kill()


def test_a_session_busy_past_the_grace_is_given_up() -> None:
    """A program that neither reads, writes nor pauses cannot be stopped: the
    server waits its grace, then gives it up (its answer: the server stopped)."""
    from retro.web.app import Running, _stop_sessions, application

    async def main():
        exhibit = Exhibit(grace=0.1)
        app = application(exhibit)
        busy = Running(exhibit)
        exhibit.sessions.add(busy)  # never discarded: its program does not end
        await _stop_sessions(app)
        return busy.given_up.result(), exhibit.given_up, busy.stdin

    outcome, given_up, stdin = asyncio.run(main())
    assert outcome == (None, "the server has stopped") and given_up == 1
    with pytest.raises(SessionLimit):
        stdin.check()  # and stopped, should it ever read, write or pause again

"""retro serve, in process: the API answers with `retro run`'s own bytes, a
WebSocket session is the pipe session, and the limits of an exhibit hold
against a hostile visitor."""
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
from retro.web.bridge import Limits

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


def test_a_full_exhibit_asks_the_next_visitor_to_wait() -> None:
    async def work(client):
        async with client.ws_connect("/ws/run/cpm-c") as first:
            await first.receive()  # the first session has started and prints
            answer = await client.post("/api/run/cpm-c", data=b"")
            refused = await client.get("/ws/run/cpm-c", headers={"Connection": "Upgrade", "Upgrade": "websocket",
                                                                 "Sec-WebSocket-Version": "13",
                                                                 "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
            return answer.status, await answer.text(), refused.status

    status, text, ws_status = with_client(work, Exhibit(max_sessions=1))
    assert status == 503 and ws_status == 503 and "The exhibit is full: 1 sessions are running." in text


def test_a_page_of_another_site_cannot_open_a_session() -> None:
    async def work(client):
        answer = await client.get("/ws/run/cpm-c", headers={"Origin": "http://evil.example",
                                                            "Connection": "Upgrade", "Upgrade": "websocket",
                                                            "Sec-WebSocket-Version": "13",
                                                            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
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

        import asyncio

        seen, close_code = asyncio.run(visit())
        assert {"type": "notice", "text": "The server is stopping: the session ends."} in seen
        assert close_code == 1001
        assert server.wait(timeout=30) == 130
        assert b"retro serve: stopped" in server.stderr.read()
    finally:
        server.kill()

"""retro serve's HTTP API, in process: a POST run answers with `retro run`'s
own bytes in a pipe (the program in a process of its own, on pipes), the
catalog and the recorded sessions, the names and origins it answers to."""
import dataclasses
import re
from pathlib import Path

import pytest

from retro import catalog
from retro.web.api import describe
from retro.web.config import Limits
from retro.web.exhibit import Exhibit

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


def test_a_post_run_is_forked_and_answers_as_retro_run() -> None:
    """A POST run's program is forked from the template, as a visitor's session
    is, and its bytes and status are still those of `retro run` in a pipe."""
    from retro.web.forking import TEMPLATE

    forked = []

    class Watched:  # the server's template, each fork seen
        async def fork(self, *args):
            forked.append(await TEMPLATE.fork(*args))
            return forked[-1]

    session = golden("perl-midterm")
    expected, status = retro_run("perl-midterm", [], session.input_bytes())
    code, body, headers = with_client(lambda c: post(c, "perl-midterm", session.input_bytes()),
                                      Exhibit(template=Watched()))
    assert (code, body, headers["X-Retro-Exit"]) == (200, expected, str(status))
    assert [type(process).__name__ for process in forked] == ["Forked"]


def test_the_issues_example_the_mj_weakness() -> None:
    expected, status = retro_run("fortran-rcd", ["--ai", "mj"], MJ_LINE)
    code, body, headers = with_client(lambda c: post(c, "fortran-rcd", MJ_LINE, {"ai": "mj"}))
    assert (code, body, headers["X-Retro-Exit"]) == (200, expected, str(status))
    assert b" Gana el humano\n" in body


@pytest.mark.parametrize("body", [b"", bytes(range(256)) * 8, b"1" * 60000 + b"\n"], ids=lambda b: f"{len(b)}-bytes")
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


def test_each_terminal_is_in_the_look_its_program_declares() -> None:
    """The page's theme is the ``look`` in the port's Program (the runtime
    names no port): the Altair's glass, the learner's amber, paper else."""
    async def work(client):
        return await (await client.get("/api/programs")).json()

    looks = {p["id"]: p["terminal"] for p in with_client(work)}
    assert looks["altair-3d"] == {"cols": 80, "rows": 24, "theme": "glass", "draws": True}
    assert looks["pascal-learner"]["theme"] == "amber"
    assert {looks[i]["theme"] for i in ("cpm-c", "fortran-rcd", "perl-midterm")} == {"paper"}
    assert {p.look for p in catalog.programs().values()} <= set(catalog.LOOKS)
    with pytest.raises(ValueError, match="neon"):
        dataclasses.replace(catalog.get("cpm-c"), look="neon")


@pytest.mark.parametrize("params,words", [
    ({"data": "/etc/passwd"}, b"names a file"),
    ({"help": "1"}, b"has no variant 'help'"),
    ({"version": "4"}, b"Version: one of 1, 2, 3, please; not '4'."),
    ({"rows": "abc"}, b"Rows: a whole number from 1 to 19, please; not 'abc'."),
    ({"ultimate": "maybe"}, b"Play more defensively (Program F): on (1) or off (0), not 'maybe'."),
])
def test_options_a_visitor_may_not_give(params, words) -> None:
    program_id = "pascal-learner" if "data" in params or "rows" in params else "altair-3d"
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
    code, body, _ = with_client(lambda c: post(c, "cpm-c", b"x" * 70000), Exhibit(limits=Limits(body_bytes=65536)))
    assert code == 413 and b"larger than the 65,536 bytes" in body


def test_output_past_its_limit_ends_the_session_plainly() -> None:
    exhibit = Exhibit(limits=Limits(output_bytes=500))
    code, body, headers = with_client(lambda c: post(c, "fortran-rcd", MJ_LINE, {"ai": "mj"}), exhibit)
    assert code == 200 and len(body) == 500 and headers["X-Retro-Exit"] == "limit"
    assert headers["X-Retro-Limit"] == "the session wrote its 500 bytes"


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




def test_the_learner_learns_in_the_data_folder(tmp_path: Path) -> None:
    exhibit = Exhibit(data_folder=tmp_path)
    body = b"y\n2,2\n1,1\n3,3\n1,3\n3,1\n1,2\n2,1\n2,3\n3,2\nn\n"
    code, answer, headers = with_client(lambda c: post(c, "pascal-learner", body, {"seed": "1"}), exhibit)
    assert code == 200 and headers["X-Retro-Exit"] == "0", answer
    assert (tmp_path / "Tic-Tac-Toe-Data-3").read_bytes().startswith(b"Tic-Tac-Toe.p schemes")
    assert not list(tmp_path.glob("*.lock"))  # the lock was held for the learning only


def test_the_allowed_hosts_are_its_own_names_too() -> None:
    exhibit = Exhibit(allowed_hosts=("tictactoe.museum.example",))
    assert exhibit.own_name("tictactoe.museum.example") and exhibit.own_name("TicTacToe.Museum.Example:443")
    assert not exhibit.own_name("museum.example") and not exhibit.own_name("evil.example")


def test_the_favicon_is_there() -> None:
    async def work(client):
        answer = await client.get("/favicon.ico")
        return answer.status, answer.headers.get("Content-Type"), await answer.read()

    status, kind, body = with_client(work)
    assert status == 200 and kind.startswith("image/svg+xml") and body.startswith(b"<svg")


def test_the_page_and_its_terminal_are_served_by_the_package() -> None:
    async def work(client):
        found = {}
        for path in ("/", "/static/retro.js", "/static/vendor/xterm.js", "/static/vendor/xterm.css"):
            answer = await client.get(path)
            found[path] = (answer.status, len(await answer.read()))
        return found

    found = with_client(work)
    assert all(status == 200 for status, _ in found.values()), found
    assert found["/static/vendor/xterm.js"][1] > 100_000  # xterm.js itself, not a stub


def test_a_replay_ends_where_its_game_ends() -> None:
    """Fig. 5's second game ends with YOU WON and its board: the new game the
    program then began, the end of input and BASIC's BREAK are the
    recording's, served apart ("after"); a recording whose input never ends
    (a game played to its own end) is served whole."""
    def session(name):
        async def work(client):
            answer = await client.get(f"/api/sessions/{name}")
            return await answer.json()
        return with_client(work)

    fig5 = session("altair-3d/fig5-v2-player-wins")
    played = "".join(e["text"] or "" for e in fig5["events"] if e["kind"] == "out")
    assert played.rstrip().endswith("UU / CC /    /    /    / CC /    /    /    /    /    /    /    /    /    /    /")
    assert "YOU WON" in played.split("\n")[-24:]  # on the last screen (80x24)
    assert fig5["after"].startswith("YOUR MOVES ARE UU AND I'M CC\n") and fig5["after"].endswith("^D\n\n\nBREAK IN 90\nOK\n")
    assert all(e["text"] for e in fig5["events"] if e["kind"] == "in")
    assert fig5["ending"] == "the last game: the player won; then stopped at the end of input (Ctrl-D)"
    spec = session("perl-midterm/spec-sample")
    assert spec["after"] == "Pick a space: ^D\n"
    whole = session("cpm-c/play-again")
    assert whole["after"] == "" and whole["events"][-1] == {"kind": "in", "text": "N\n"}
    assert whole["ending"].startswith("the last game: ")  # said as a live game's end is (outcome.py)


def test_every_variant_has_a_label_in_words() -> None:
    """Each port names its variants in words (Program.labels): every label
    names one of its options, every option a visitor may set has one, and
    none is a flag."""
    for program in catalog.programs().values():
        names = {opt.name for opt in program.options}
        assert set(program.labels) <= names, (program.id, set(program.labels) - names)
        for variant in describe(program)["variants"]:
            assert variant["name"] in program.labels, (program.id, variant["name"])
            assert not variant["label"].startswith("-") and "_" not in variant["label"], variant["label"]


def test_a_visitor_reads_choices_help_and_details_in_words() -> None:
    """Every choice a visitor sees has its words (es: Spanish), the command
    line's value staying what is sent; no help opens with the source's name
    for a thing ("boardrows:"); no detail sends a visitor to a file of the
    port's, and the author is named in words."""
    for program in catalog.programs().values():
        described = describe(program)
        for variant in described["variants"]:
            if variant["kind"] == "choice":
                assert set(variant["said"]) == set(variant["choices"]), (program.id, variant["name"])
            assert not re.match(r"[a-z]+: ", variant["help"]), (program.id, variant["help"])
        for _, meaning in described["exit_statuses"]:
            assert "NOTES.md" not in meaning and "end of input taken for" not in meaning, meaning
        assert "(a personal page)" not in described["author"]
    fortran = next(v for v in describe(catalog.get("fortran-rcd"))["variants"] if v["name"] == "lang")
    assert fortran["said"] == {"es": "Spanish", "en": "English"} and fortran["choices"] == ["es", "en"]


def test_the_shipped_sessions_are_read_once_for_every_page(monkeypatch) -> None:
    """Every page of the menu asks for the list of recorded sessions (and a
    kiosk's for its loop); they are package data, so the server reads each
    file once however many pages it serves: a read each time cost 0.4 s of
    CPU a page."""
    from retro import resources, transcript
    files = list(transcript.find_transcripts([resources.shipped_folder()]))
    loads: list[Path] = []
    load = transcript.load
    monkeypatch.setattr(transcript, "load", lambda path, *a, **k: loads.append(path) or load(path, *a, **k))
    resources.shipped_sessions.cache_clear()

    async def work(client):
        return [(await client.get(path)).status for path in ("/api/sessions", "/api/exhibit", "/api/sessions")
                for _ in range(2)]

    assert with_client(work, Exhibit(kiosk=True)) == [200] * 6
    assert sorted(loads) == sorted(files) and len(files) > 100

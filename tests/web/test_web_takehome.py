"""A visitor's own game goes home: at a session's end the exit message names
its transcript and its cast, under a name of 128 random bits, which only the
client that played it may fetch; each game kept for a bounded time and number
of downloads, the games kept at once bounded in number and size (the oldest
deleted first), every one deleted when the server stops."""
import asyncio
import base64
import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from retro import catalog, check, transcript
from retro.cast import Cast
from retro.web.exhibit import Exhibit
from retro.web.pty_cast import PtyTape
from retro.web.take_home import Bounds, TakeHomes

from test_web_sessions import TELETYPES, Visitor, visit
from web_helpers import TRANSCRIPTS, golden, prompts, query, start_server, with_client

GAME = ("perl-midterm", "corner-opening-computer-wins")  # three moves, and the program ends by itself
SAMPLE = TRANSCRIPTS / "perl-midterm" / "spec-sample.txt"
ELSEWHERE = "192.0.2.7"  # another visitor's address (TEST-NET-1)
ANOTHER_VISITOR = "127.0.0.2"


def player(program_id: str, name: str):
    """A visitor who plays a golden session's lines, each once the terminal shows what came before it."""
    async def play(visitor: Visitor) -> dict:
        for shown, keys in prompts(golden(program_id, name)):
            await visitor.until(lambda v: v.text() == shown)
            await visitor.type(keys)
        return await visitor.exit()
    return play


play = player(*GAME)


@pytest.mark.parametrize("program_id", list(TELETYPES))
def test_a_visitors_game_is_offered_at_its_end_and_passes_retro_check(tmp_path: Path, program_id: str) -> None:
    name = TELETYPES[program_id]

    async def work(client):
        ended = await visit(client, program_id, player(program_id, name), query(program_id, golden(program_id, name).options))
        got = {}
        for form in ("transcript", "cast"):
            answer = await client.get(ended["take_home"][form])
            assert answer.status == 200, await answer.text()
            ending = "txt" if form == "transcript" else "cast"
            assert answer.headers["Content-Disposition"] == f'attachment; filename="{program_id}-your-game.{ending}"'
            got[form] = await answer.read()
        return ended, got

    ended, got = with_client(work)
    assert set(ended["take_home"]) == {"transcript", "cast", "words"}
    assert "10 minutes" in ended["take_home"]["words"]
    saved = tmp_path / "mine.txt"
    saved.write_bytes(got["transcript"])
    assert check.check_file(saved).ok, check.check_file(saved)
    assert transcript.load(saved).input_lines() == golden(program_id, name).input_lines()
    assert json.loads(got["cast"].decode().splitlines()[0])["version"] == 2
    shown = subprocess.run([sys.executable, "-m", "retro", "replay", str(saved)], capture_output=True, timeout=60)
    assert shown.returncode == 0 and golden(program_id, name).output().splitlines()[-1].encode() in shown.stdout, \
        shown.stderr


def test_a_games_name_is_128_random_bits_and_each_game_its_own() -> None:
    async def work(client):
        links = [(await visit(client, GAME[0], play))["take_home"]["transcript"] for _ in range(2)]
        return [link.removeprefix("/api/take-home/").removesuffix(".transcript") for link in links]

    names = with_client(work)
    assert names[0] != names[1]
    for name in names:
        assert len(base64.urlsafe_b64decode(name + "==")) == 16


async def fetched(client, program_id: str, game, form: str, params=None) -> tuple[dict, bytes]:
    """A session's exit message, and its game in ``form`` as the visitor downloads it."""
    ended = await visit(client, program_id, game, params)
    return ended, await (await client.get(ended["take_home"][form])).read()


def cast_lines(body: bytes) -> list:
    """An asciicast v2: its header, then its events."""
    return [json.loads(line) for line in body.decode("utf-8").splitlines()]


def test_a_session_ended_by_ctrl_c_offers_its_recording_alone_and_says_why() -> None:
    async def interrupted(visitor: Visitor) -> dict:
        await visitor.until(lambda v: "Pick a space:" in v.text())
        await visitor.type("\x03")
        return await visitor.exit()

    ended, cast = with_client(lambda client: fetched(client, GAME[0], interrupted, "cast"))
    assert ended["status"] == 130 and set(ended["take_home"]) == {"cast", "words"}
    assert "Ctrl-C" in ended["take_home"]["words"] and "transcript" in ended["take_home"]["words"]
    header, *events = cast_lines(cast)
    assert header["version"] == 2 and (header["width"], header["height"]) == (80, 24)
    assert [event[2] for event in events if event[1] == "i"] == ["\x03"]
    assert "Pick a space:" in "".join(event[2] for event in events if event[1] == "o")


def test_a_game_without_a_transcript_has_its_cast_made_by_a_worker_never_by_the_server(monkeypatch) -> None:
    """A game stopped by Ctrl-C goes home as its tape's cast, made as a transcript's is,
    by a worker process (cast_worker), and nothing of it in the server's: no cast is
    made or written here (the version before made it in the server, a thread of its
    own, building an event object for each of up to 65,536 events in its loop); the
    tape, saved raw for the worker, is deleted once the cast is made."""
    made_here: list[str] = []
    for owner, name in ((Cast, "v2"), (Cast, "v3"), (PtyTape, "cast")):
        real = getattr(owner, name)
        monkeypatch.setattr(owner, name, lambda *args, real=real, name=name, **kw: made_here.append(name)
                            or real(*args, **kw))

    async def interrupted(visitor: Visitor) -> dict:
        await visitor.until(lambda v: "Pick a space:" in v.text())
        await visitor.type("\x03")
        return await visitor.exit()

    exhibit = Exhibit()

    async def work(client):
        ended, body = await fetched(client, GAME[0], interrupted, "cast")
        return ended, body, [path.suffix for path in exhibit.take_homes.written()]

    ended, body, files = with_client(work, exhibit)
    assert set(ended["take_home"]) == {"cast", "words"}
    header, *events = cast_lines(body)
    assert header["version"] == 2 and [event[2] for event in events if event[1] == "i"] == ["\x03"]
    assert made_here == [], made_here
    assert files == [".cast"], files  # the tape went once its cast was made


async def kept(client, exhibit: Exhibit, who: str = ELSEWHERE, source: Path = SAMPLE, visitor: str = ""):
    """A game kept for ``who`` (and its page ``visitor``) as a session's program leaves it (the sample session)."""
    pending = exhibit.take_homes.pending()
    shutil.copyfile(source, pending)
    game = exhibit.take_homes.keep(pending, "perl-midterm", who, visitor=visitor)
    assert game is not None and game.cast_made is not None
    await asyncio.wait({game.cast_made})  # its cast made by a worker process (or the game dropped meanwhile)
    return game


def test_another_visitor_is_refused_in_words_and_told_nothing_of_the_game() -> None:
    async def work(client):
        link = (await visit(client, GAME[0], play))["take_home"]["transcript"]
        another = aiohttp.TCPConnector(local_addr=(ANOTHER_VISITOR, 0))  # another address of the loopback
        async with aiohttp.ClientSession(connector=another) as elsewhere:
            async with elsewhere.get(client.make_url(link)) as answer:
                refused = answer.status, await answer.text()
        mine = await client.get(link)
        return refused, mine.status

    (status, text), mine = with_client(work)
    assert status == 404 and "No such game here" in text and "perl-midterm" not in text
    assert mine == 200


@pytest.mark.parametrize("path", ["/api/take-home/..%2F..%2Fetc%2Fpasswd.transcript",
                                  "/api/take-home/pending-0.transcript", "/api/take-home/NAME.txt",
                                  "/api/take-home/NAME.transcript/..", "/api/take-home/%2e%2e.cast"])
def test_no_name_leads_out_of_the_games(path: str) -> None:
    exhibit = Exhibit()

    async def work(client):
        game = await kept(client, exhibit, "127.0.0.1")
        answer = await client.get(path.replace("NAME", game.name))
        return answer.status

    assert with_client(work, exhibit) == 404


def test_a_game_is_deleted_after_its_downloads() -> None:
    exhibit = Exhibit(take_homes=TakeHomes(Bounds(downloads=2)))

    async def work(client):
        game = await kept(client, exhibit, "127.0.0.1")
        looked = (await client.head(game.links()["cast"])).status  # a look, not a download
        statuses = [looked] + [(await client.get(game.links()[form])).status for form in ("transcript", "cast", "cast")]
        return statuses, game

    statuses, game = with_client(work, exhibit)
    assert statuses == [405, 200, 200, 404]
    assert not any(path.exists() for path in game.files.values())


def test_a_game_is_deleted_when_its_time_is_up() -> None:
    exhibit = Exhibit(take_homes=TakeHomes(Bounds(seconds=0.2)))

    async def work(client):
        game = await kept(client, exhibit, "127.0.0.1")
        end = time.monotonic() + 10
        while any(path.exists() for path in game.files.values()):
            assert time.monotonic() < end, "the game outlived its time"
            await asyncio.sleep(0.05)
        return (await client.get(game.links()["transcript"])).status

    assert with_client(work, exhibit) == 404


def test_the_games_kept_at_once_are_bounded_in_number_the_oldest_going_first() -> None:
    exhibit = Exhibit(take_homes=TakeHomes(Bounds(kept=2)))

    async def work(client):
        games = [await kept(client, exhibit) for _ in range(3)]
        return [[path.exists() for path in game.files.values()] for game in games], len(exhibit.take_homes)

    files_kept, count = with_client(work, exhibit)
    assert count == 2 and files_kept == [[False, False], [True, True], [True, True]]


def test_one_client_keeps_so_many_games_its_oldest_going_first() -> None:
    exhibit = Exhibit(take_homes=TakeHomes(Bounds(per_client=2)))

    async def work(client):
        others = await kept(client, exhibit, "192.0.2.8")
        games = [await kept(client, exhibit) for _ in range(3)]
        return [[path.exists() for path in game.files.values()] for game in [others, *games]]

    assert with_client(work, exhibit) == [[True, True], [False, False], [True, True], [True, True]]


def test_the_games_kept_at_once_are_bounded_in_size_the_oldest_going_first() -> None:
    async def work(client):
        first = Exhibit()
        one = await kept(client, first)
        first.take_homes.remove_all()
        exhibit = Exhibit(take_homes=TakeHomes(Bounds(total_bytes=2 * one.size + one.size // 2)))
        games = [await kept(client, exhibit) for _ in range(3)]
        left = [game.name for game in games if await exhibit.take_homes.fetch(game.name, "cast", ELSEWHERE)]
        sizes = exhibit.take_homes.total_bytes(), exhibit.take_homes.bounds.total_bytes
        exhibit.take_homes.remove_all()
        return [game.name for game in games], left, sizes

    names, left, (total, bound) = with_client(work)
    assert left == names[1:] and total <= bound


def test_a_transcript_that_cannot_be_read_offers_nothing_and_leaves_nothing() -> None:
    """Its cast cannot be made (the worker fails): the game is dropped, its files gone."""
    exhibit = Exhibit()

    async def work(client):
        pending = exhibit.take_homes.pending()
        pending.write_bytes(b"not a transcript\n")
        game = exhibit.take_homes.keep(pending, "perl-midterm", "127.0.0.1")
        made = await game.cast_made
        return made, len(exhibit.take_homes), list(exhibit.take_homes.folder.iterdir())

    assert with_client(work, exhibit) == (False, 0, [])


def test_a_transcript_larger_than_one_is_read_is_not_kept() -> None:
    exhibit = Exhibit()

    async def work(client):
        pending = exhibit.take_homes.pending()
        pending.write_bytes(b"x" * (transcript.MAX_BYTES + 1))
        game = exhibit.take_homes.keep(pending, "perl-midterm", "127.0.0.1")
        return game, list(exhibit.take_homes.folder.iterdir())

    assert with_client(work, exhibit) == (None, [])


def test_every_game_is_deleted_when_the_server_stops() -> None:
    exhibit = Exhibit()

    async def work(client):
        game = await kept(client, exhibit)
        assert all(path.exists() for path in game.files.values())
        return exhibit.take_homes.folder

    folder = with_client(work, exhibit)
    assert not folder.exists()


def test_a_served_games_are_deleted_when_the_server_stops(tmp_path: Path, monkeypatch) -> None:
    """`retro serve` itself, its temporary folder in ``tmp_path``: a game kept, then Ctrl-C."""
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    server, url = start_server(tmp_path)
    try:
        async def visit_server():
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(url.replace("http", "ws") + f"ws/run/{GAME[0]}") as ws:
                    return await play(Visitor(ws))

        ended = asyncio.run(visit_server())
        folders = list(tmp_path.glob("retro-take-home-*"))
        assert "take_home" in ended and len(folders) == 1 and any(folders[0].iterdir())
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=30) == 130
        assert not folders[0].exists()
    finally:
        server.kill()
        server.wait()


ALTAIR_MOVES = ("1,4", "1,13")  # two moves of Fig. 5's second game, then Ctrl-D (BREAK IN, as the end of the input)


async def altair_game(visitor: Visitor) -> dict:
    """Two moves on the Altair's drawn screen, each typed once the screen asks for it, then Ctrl-D."""
    for asked, keys in enumerate([*(move + "\r" for move in ALTAIR_MOVES), "\x04"], start=1):
        await visitor.until(lambda v: v.output.count(b'POSITION?"]') >= asked)  # the rows told at each prompt
        await visitor.type(keys)
    return await visitor.exit()


def test_the_altairs_drawn_game_is_offered_as_a_transcript_that_passes_retro_check(tmp_path: Path) -> None:
    ended, got = with_client(lambda client: fetched(client, "altair-3d", altair_game, "transcript",
                                                    query("altair-3d", ["--version", "2"])))
    assert ended["status"] == 0, ended
    saved = tmp_path / "altair.txt"
    saved.write_bytes(got)
    assert check.check_file(saved).ok, check.check_file(saved)
    assert transcript.load(saved).input_lines() == list(ALTAIR_MOVES)
    shown = subprocess.run([sys.executable, "-m", "retro", "replay", str(saved)], capture_output=True, timeout=60)
    assert shown.returncode == 0 and b"I WANT BOARD 2 POSITION 10" in shown.stdout and b"BREAK IN 90" in shown.stdout, \
        shown.stderr


def test_the_learners_game_goes_home_as_its_recording_alone_saying_why() -> None:
    """The learner learns from the server's store: no transcript of it replays elsewhere."""
    async def game(visitor: Visitor) -> dict:
        await visitor.until(lambda v: b"Do you want to move first?" in v.output)
        await visitor.type("\x04")  # the end of the input: the learner ends by itself
        return await visitor.exit()

    ended, cast = with_client(lambda client: fetched(client, "pascal-learner", game, "cast"))
    assert set(ended["take_home"]) == {"cast", "words"} and "learns" in ended["take_home"]["words"]
    header, *events = cast_lines(cast)
    assert header["title"].startswith("Your game of " + catalog.get("pascal-learner").title)
    assert "Do you want to move first?" in "".join(event[2] for event in events if event[1] == "o")


def test_with_games_not_kept_nothing_is_offered_or_written() -> None:
    """A kiosk's server (`retro serve --kiosk`: Bounds.keeps_games off): no
    transcript, no recording, no file."""
    exhibit = Exhibit(kiosk=True)
    assert not exhibit.take_homes.bounds.keeps_games

    async def work(client):
        return await visit(client, GAME[0], play), exhibit.take_homes.written()

    ended, written = with_client(work, exhibit)
    assert ended["status"] == 0 and "take_home" not in ended and written == []

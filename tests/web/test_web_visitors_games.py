"""Kept games per visitor, not per address alone: a visitor is their page (a cookie of
128 random bits, retro.web.visitor_cookie), so visitors behind one address (a reverse
proxy, a NAT) each keep their game; and past a bound of the whole, the client holding
the most loses its own oldest first, so one address's games never push out another's
(the first version dropped the oldest game, whoever made it: six big games from one
address in two minutes deleted another visitor's)."""
import asyncio
from pathlib import Path

import aiohttp

from retro.web.config import Limits
from retro.web.exhibit import Exhibit
from retro.web.take_home import Bounds, TakeHomes
from retro.web.visitor_cookie import NAME

from test_web_big_games import big_game
from test_web_hostile import games_kept_within, server_with, stopped_log
from test_web_takehome import kept, play
from test_web_sessions import Visitor
from web_helpers import with_client

VISITORS = 17  # one more than the 16 games one client kept at once


async def visitor_plays(client) -> tuple[str, dict]:
    """A new page (its cookie) and its game: the cookie, the exit message."""
    client.session.cookie_jar.clear()
    page = await client.get("/")
    assert page.status == 200
    cookie = page.cookies[NAME].value
    async with client.ws_connect("/ws/run/perl-midterm", headers={"Cookie": f"{NAME}={cookie}"}) as ws:
        ended = await play(Visitor(ws))
    return cookie, ended


def test_seventeen_visitors_behind_one_address_each_keep_their_game() -> None:
    async def work(client):
        games = [await visitor_plays(client) for _ in range(VISITORS)]
        client.session.cookie_jar.clear()
        statuses = []
        for cookie, ended in games:
            answer = await client.get(ended["take_home"]["transcript"], headers={"Cookie": f"{NAME}={cookie}"})
            statuses.append(answer.status)
        stranger = await client.get(games[0][1]["take_home"]["cast"], headers={"Cookie": f"{NAME}={games[1][0]}"})
        return statuses, stranger.status

    statuses, stranger = with_client(work, Exhibit(limits=Limits(client_starts=1000)))
    assert statuses == [200] * VISITORS
    assert stranger == 404  # another page behind the same address is told nothing of it


def test_a_visitor_keeps_so_many_games_their_oldest_going_first() -> None:
    exhibit = Exhibit(take_homes=TakeHomes(Bounds(per_visitor=2)))

    async def work(client):
        games = [await kept(client, exhibit, visitor="page-one") for _ in range(3)]
        other = await kept(client, exhibit, visitor="page-two")
        return [[path.exists() for path in game.files.values()] for game in [*games, other]]

    assert with_client(work, exhibit) == [[False, False], [True, True], [True, True], [True, True]]


def test_past_the_total_the_client_holding_the_most_loses_first() -> None:
    """Room for three games: another client's one, then four of one client's;
    the other client's game stays, the one client's oldest go."""
    async def work(client):
        first = Exhibit()
        one = await kept(client, first)
        first.take_homes.remove_all()
        exhibit = Exhibit(take_homes=TakeHomes(Bounds(total_bytes=3 * one.size + one.size // 2)))
        others = await kept(client, exhibit, "192.0.2.8")
        games = [await kept(client, exhibit) for _ in range(4)]
        left = [[path.exists() for path in game.files.values()] for game in [others, *games]]
        exhibit.take_homes.remove_all()
        return left

    assert with_client(work) == [[True, True], [False, False], [False, False], [True, True], [True, True]]


GAME_LINE, GAME_LINES = "Q" * 100 + "\r", 300  # a game of 0.32 MB (its transcript 47 KB, its cast 275 KB)
GAMES_KEPT_BYTES = 1 << 20  # room for three such games


async def six_games_and_another(port: int) -> tuple[int, list[int]]:
    """Another address's small game, then six of GAME_LINES refused lines from one
    address (five at once, its share of sessions, then one): the other's download,
    and theirs."""
    connector = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))
    async with aiohttp.ClientSession(connector=connector) as elsewhere:
        async with elsewhere.ws_connect(f"http://127.0.0.1:{port}/ws/run/perl-midterm") as ws:
            ended = await play(Visitor(ws))
        big = list(await asyncio.gather(*(big_game(port, GAME_LINE, GAME_LINES) for _ in range(5))))
        big.append(await big_game(port, GAME_LINE, GAME_LINES))
        async with aiohttp.ClientSession() as one_address:
            for _, message in big:  # each waits for its cast (two made at once, in turn)
                async with one_address.get(f"http://127.0.0.1:{port}{message['take_home']['cast']}"):
                    pass
            theirs = []
            for _, message in big:  # every cast made: past the total, their oldest have gone
                async with one_address.get(f"http://127.0.0.1:{port}{message['take_home']['transcript']}") as answer:
                    theirs.append(answer.status)
        async with elsewhere.get(f"http://127.0.0.1:{port}{ended['take_home']['cast']}") as answer:
            return answer.status, theirs


def test_six_games_from_one_address_leave_another_visitors_game(tmp_path: Path) -> None:
    """Six games of 0.32 MB each (transcript and cast) from one address pass the
    1 MiB kept at once: that address's oldest go, another visitor's stays.  (Lines
    of 100 characters give games of one size; lines of thousands, as the big games'
    test types, are cut as the pty's line and the machine's pace have it.)"""
    server, port = server_with(tmp_path, games_kept_within(GAMES_KEPT_BYTES), client_starts=1000, frames_per_second=100_000,
                               frame_bytes_per_second=1 << 30)
    try:
        other, theirs = asyncio.run(six_games_and_another(port))
    finally:
        log = stopped_log(server)
    assert other == 200, theirs
    assert 404 in theirs and theirs[-1] == 200, theirs
    assert not any("Traceback" in line for line in log), log

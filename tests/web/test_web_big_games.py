"""Big games kept for their visitors, five at once from one address: each game's
cast is made by a worker process (retro.web.cast_worker), never in the server,
and its end is said at once (the first version made every cast in the server:
651 MiB, and ends said 28-76 s late)."""
import asyncio
import json
import threading
import time
from pathlib import Path

import aiohttp

from test_web_hostile import games_kept_within, memory_and_descriptors, server_with, stopped_log

GAMES = 5
LINE = "Q" * 4000 + "\r"  # not a symbol: asked again, and the line kept in the transcript
LINES = 380  # a transcript of 2.0 MB, near the 2 MiB a transcript may have; its cast 12 MB
PROMPT = "Select your symbol"


async def big_game(port: int, line: str = LINE, lines: int = LINES) -> tuple[float, dict]:
    """A game of cpm-c refusing ``lines`` copies of ``line``, then ended by Ctrl-D: how
    long its end message took after the program's end was typed, and that message."""
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(f"http://127.0.0.1:{port}/ws/run/cpm-c", max_msg_size=0) as ws:
            shown, messages = "", []

            async def until(check) -> None:
                nonlocal shown
                while not check():
                    message = await asyncio.wait_for(ws.receive(), 60)
                    if message.type == aiohttp.WSMsgType.BINARY:
                        shown = shown[-200_000:] + message.data.decode("utf-8", "replace")
                    elif message.type == aiohttp.WSMsgType.TEXT:
                        messages.append(json.loads(message.data))
                    else:
                        raise AssertionError(f"closed: {messages}")

            await until(lambda: PROMPT in shown)
            for _ in range(lines):
                shown = ""
                await ws.send_bytes(line.encode())
                await until(lambda: PROMPT in shown)
            await ws.send_bytes(b"\x04")
            typed = time.monotonic()
            await until(lambda: any(m["type"] == "exit" for m in messages))
            return time.monotonic() - typed, next(m for m in messages if m["type"] == "exit")


async def games_and_casts(port: int) -> tuple[list[tuple[float, dict]], list[bytes]]:
    ended = await asyncio.gather(*(big_game(port) for _ in range(GAMES)))
    async with aiohttp.ClientSession() as session:
        async def fetched(link: str) -> bytes:
            async with session.get(f"http://127.0.0.1:{port}{link}") as answer:
                assert answer.status == 200, await answer.text()
                return await answer.read()
        casts = await asyncio.gather(*(fetched(message["take_home"]["cast"]) for _, message in ended))
    return ended, casts


def test_five_big_games_at_once_are_kept_and_their_ends_said_at_once(tmp_path: Path) -> None:
    """Five games of 2 MB transcripts from one address at once (their keys let
    through at any pace): each end message within 2 s of the program's end,
    the server's memory within 150 MiB of its rest, and each game's cast there
    for its visitor once made (12 MB each on a quiet machine)."""
    server, port = server_with(tmp_path, games_kept_within(1 << 30),  # all five kept
                               client_starts=1000, frames_per_second=100_000,
                               frame_bytes_per_second=1 << 30)
    most: list[int] = []
    watching = threading.Event()

    def watch() -> None:
        while not watching.is_set():
            most.append(memory_and_descriptors(server.pid)[0])
            time.sleep(0.05)

    try:
        time.sleep(0.5)
        rest, _ = memory_and_descriptors(server.pid)
        watcher = threading.Thread(target=watch)
        watcher.start()
        try:
            ended, casts = asyncio.run(games_and_casts(port))
        finally:
            watching.set()
            watcher.join(10)
    finally:
        log = stopped_log(server)
    waits = [wait for wait, _ in ended]
    assert all(message["reason"] == "" and set(message["take_home"]) == {"transcript", "cast", "words"}
               for _, message in ended), ended
    assert max(waits) < 2.0, waits
    assert max(most) - rest < 150, (rest, max(most))
    assert all(json.loads(cast.split(b"\n", 1)[0])["version"] == 2 for cast in casts), [len(c) for c in casts]
    assert not any("Traceback" in line for line in log), log

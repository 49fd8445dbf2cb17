"""A visitor's WebSocket session: the program on a pty of its own, the pty's bytes and the
page's messages between it and the visitor, the limits said as they are reached."""
from __future__ import annotations

import asyncio
import secrets
import time
from pathlib import Path
from typing import Any, Optional

from aiohttp import WSCloseCode, WSMsgType, web

from .. import catalog
from ..outcome import read_report
from . import config, messages, process, security
from .exhibit import EXHIBIT, Exhibit
from .c1_shown import C1Shown
from .connection import Connection
from .exit_message import exit_frame
from .frame_budget import FrameBudget
from .manager import Slot
from .pty_cast import PtyTape
from .take_home import Game, no_transcript_of
from .visitor_cookie import visitor_of
from .visitors import admit, terminal_of


class VisitorSession:
    """One visitor's WebSocket session in its ``slot``: the program on its pty,
    and the bytes and messages between the pty and the visitor."""

    def __init__(self, exhibit: Exhibit, ws: web.WebSocketResponse, slot: Slot,
                 connection: Optional[Connection] = None, visitor: str = ""):
        self.exhibit = exhibit
        self.ws = ws
        self.visitor = visitor  # the page (visitor_cookie): its game is kept for it
        self.connection = connection  # the visitor's connection: its reading stops at a flood
        self.slot = slot
        slot.told = self.notice
        self.last_activity = time.monotonic()
        self.written = 0
        self.tape: Optional[PtyTape] = None  # the session as a cast, for a game with no transcript

    def stop(self, reason: str) -> None:
        self.slot.stop(reason)

    async def run(self, program: catalog.Program, words: list[str], cols: int, rows: int) -> None:
        limits = self.exhibit.limits
        sessions = self.exhibit.sessions
        report = sessions.report_file()
        transcript = self.exhibit.take_homes.pending()
        if transcript is not None:
            self.tape = PtyTape(cols, rows, config.TAKE_HOME_TAPE_CHARACTERS)
        reader_token = secrets.token_urlsafe(16)  # the page's reader reads only what carries it (screen_text)
        await self._send_json({"type": "reader", "token": reader_token})
        try:
            term = await sessions.terminal(self.slot, program.id, words, cols, rows, report, transcript,
                                           reader_token)
        except OSError as error:  # out of processes or descriptors: said, not raised
            self.exhibit.take_homes.discard(transcript)
            await self.notice("The program could not be started; please try again in a moment.")
            await self._send_json(exit_frame(None, f"not started ({type(error).__name__})"))
            return
        waits = {
            asyncio.create_task(self._give_output(term)): "output",
            asyncio.create_task(self._take_input(term)): "input",
            asyncio.create_task(self._watch(limits)): "limit",
            asyncio.create_task(self.slot.stopped.wait()): "stopped",
        }
        try:
            done, _ = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            ended = waits[done.pop()]
            if ended == "output":  # the program closed its terminal: it is ending
                try:
                    await asyncio.wait_for(term.process.wait(), self.exhibit.grace)
                except asyncio.TimeoutError:
                    pass
            elif ended == "input":
                self.stop("the visitor left")
        finally:
            for task in waits:
                task.cancel()
            await asyncio.gather(*waits, return_exceptions=True)
            await sessions.end(term)
        outcome, input_ended = read_report(report)
        report.unlink(missing_ok=True)
        reason = self.slot.reason
        frame = exit_frame(None if reason else term.process.returncode, reason, program, outcome, input_ended)
        game = self._take_home(transcript, program, term.process.returncode)
        if game is not None:
            frame["take_home"] = game.offer(self.exhibit.take_homes.bounds)
        await self._send_json(frame)

    def _take_home(self, transcript: Optional[Path], program: catalog.Program,
                   status: Optional[int]) -> Optional[Game]:
        """The visitor's game kept for them (retro.web.take_home), if the program
        ended by itself and the visitor is there to take it: its transcript, or
        without one its recording from the pty alone, where we can say why."""
        take_homes = self.exhibit.take_homes
        if self.slot.reason or self.ws.closed or status is None or status < 0:
            take_homes.discard(transcript)
            return None
        why = no_transcript_of(program, status)
        tape = self.tape.saved(program, status) if self.tape is not None and why is not None else None
        return take_homes.keep(transcript, program.id, self.slot.client, tape, why, self.visitor)

    async def _send_json(self, data: dict[str, Any]) -> None:
        """Send a message, unless the visitor has gone."""
        if self.ws.closed:
            return
        try:
            await self.ws.send_json(data)
        except ConnectionError:
            self.stop("the visitor left")

    async def notice(self, text: str) -> None:
        await self._send_json({"type": "notice", "text": text})

    async def _give_output(self, term: process.Terminal) -> None:
        cap = self.exhibit.limits.output_bytes
        shown = C1Shown()  # a visitor's C1 controls, echoed, are shown and never obeyed
        while True:
            data = await term.read()
            if not data:
                return
            data = shown.feed(data)
            self.last_activity = time.monotonic()
            room = cap - self.written
            self.written += len(data)
            if self.ws.closed:
                continue
            if self.tape is not None:
                self.tape.output(data[:max(room, 0)])
            try:
                await self.ws.send_bytes(data[:max(room, 0)])
            except ConnectionError:
                self.stop("the visitor left")
                return
            if self.written > cap:
                await self.notice(f"The session has written its {cap:,} bytes: it ends.")
                self.stop(f"the session wrote its {cap:,} bytes")
                return

    async def _take_input(self, term: process.Terminal) -> None:
        cap = self.exhibit.limits.queued_bytes
        # Keys past the cap are dropped, and the visitor is told the first time only: a
        # terminal in canonical mode discards what overflows its line, so the queue can
        # drain and fill again while the program reads nothing, and one paste would
        # otherwise bring a notice each time.
        told = False
        limits = self.exhibit.limits
        frame_bytes = limits.frame_bytes
        budget = FrameBudget(limits.frames_per_second, limits.frame_bytes_per_second)
        async for message in self.ws:
            if not budget.pays(len(message.data) if message.type in (WSMsgType.BINARY, WSMsgType.TEXT) else 0):
                await self._flooded(limits)
                return
            if message.type == WSMsgType.BINARY:
                if len(message.data) > frame_bytes:
                    await self.notice(f"A paste of {len(message.data):,} bytes is more than the {frame_bytes:,} "
                                      f"a message may hold: it was not sent.")
                    continue
                if term.waiting_keys() + len(message.data) > cap:
                    if not told:
                        told = True
                        await self.notice(f"The program has not read the {cap:,} bytes already typed: "
                                          f"keys are not sent until it reads them.")
                    continue
                self.last_activity = time.monotonic()
                term.write(message.data)
                if self.tape is not None:
                    self.tape.keys(message.data)
            elif message.type == WSMsgType.TEXT:
                parsed = messages.parse(message.data)
                if isinstance(parsed, messages.Resize):
                    term.resize(parsed.cols, parsed.rows)
                elif isinstance(parsed, messages.Active):
                    self.last_activity = time.monotonic()
                else:
                    await self.notice(parsed.why)
        # the page was closed: run() ends the program

    async def _flooded(self, limits: config.Limits) -> None:
        """Frames past the session's budget (frame_budget): the connection read no
        more, even by the close (the client's frames wait in its own socket, not in
        the server's loop), the visitor told, the session ended."""
        if self.connection is not None:
            self.connection.read_no_more()
        await self.notice(f"Keys are coming faster than anyone types (at most {limits.frames_per_second} "
                          f"a second, {limits.frame_bytes_per_second:,} bytes): the session ends.")
        self.stop("keys came faster than anyone types")

    async def _watch(self, limits: config.Limits) -> None:
        """A session with nothing typed and nothing written for the idle time
        ends, the page warned ``IDLE_WARNING_SECONDS`` before; so does one
        past its time."""
        started = time.monotonic()
        warned = False
        while True:
            await asyncio.sleep(min(limits.idle_seconds, 1.0))
            now = time.monotonic()
            if now - started > limits.seconds:
                await self.notice(f"The session has had its {limits.seconds:g} seconds: it ends.")
                self.stop("the session's time is up")
                return
            left = limits.idle_seconds - (now - self.last_activity)
            if left < 0:
                await self.notice(f"No input for {limits.idle_seconds:g} seconds: the session ends.")
                self.stop(f"no input for {limits.idle_seconds:g} seconds")
                return
            if warned != (left <= config.IDLE_WARNING_SECONDS):  # warned, or the warning withdrawn
                warned = not warned
                await self._send_json(idle_frame(left if warned else None))


def idle_frame(left: Optional[float]) -> dict[str, Any]:
    """The idle warning: the whole seconds ``left`` before the session ends
    for want of input, or None once a key or an output has come."""
    return {"type": "idle", "left": None if left is None else int(left)}


def close_reason(text: str) -> bytes:
    """``text`` as a close frame's reason: at most ``CLOSE_REASON_BYTES`` of
    UTF-8, cut at a character's end (RFC 6455 5.5.1: the reason is valid UTF-8)."""
    return text.encode("utf-8")[:config.CLOSE_REASON_BYTES].decode("utf-8", "ignore").encode("utf-8")


async def _refuse(ws: web.WebSocketResponse, refusal: web.HTTPException) -> web.WebSocketResponse:
    """A session that will not start, said in the socket (a browser cannot read an HTTP answer)."""
    text = (refusal.text or refusal.reason).strip()
    try:
        await ws.send_json({"type": "refused", "text": text})
        later = refusal.status in (429, 503)  # the exhibit, or the client's share of it, is full
        await ws.close(code=WSCloseCode.TRY_AGAIN_LATER if later else WSCloseCode.POLICY_VIOLATION,
                       message=close_reason(text))
    except ConnectionError:
        pass
    return ws


async def ws_run(request: web.Request) -> web.StreamResponse:
    exhibit = request.app[EXHIBIT]
    if not security.same_origin(request):
        return security.plain(403, "Sessions are opened from this server's own page.")
    ws = web.WebSocketResponse(heartbeat=exhibit.limits.heartbeat_seconds, max_msg_size=config.FRAME_READ_BYTES,
                               timeout=config.CLOSE_SECONDS)
    try:
        program, words, slot = await admit(request)  # its place is taken here, before any wait
    except web.HTTPException as refused:
        if not ws.can_prepare(request).ok:
            raise  # not a WebSocket: the HTTP answer is read
        # A visitor who leaves during the handshake is a ConnectionError here, raised
        # (app.no_traceback answers nobody): the half-prepared socket, returned, would
        # be closed by aiohttp and log "RuntimeError: Call .prepare() first".
        await ws.prepare(request)
        return await _refuse(ws, refused)
    try:
        await ws.prepare(request)
        connection = request.protocol if isinstance(request.protocol, Connection) else None
        session = VisitorSession(exhibit, ws, slot, connection, visitor_of(request))
        screen = terminal_of(program)
        await session.run(program, words, screen.cols, screen.rows)
    finally:
        exhibit.sessions.release(slot)
    if connection is not None:
        connection.hang_up()  # a flooded session's: the close below then waits for nothing
    stopping = exhibit.sessions.stopping
    try:
        await ws.close(code=WSCloseCode.GOING_AWAY if stopping else WSCloseCode.OK,
                       message=b"server stopping" if stopping else b"")
    except ConnectionError:
        pass
    return ws

"""The web application of `retro serve` (aiohttp).

====================================  ===============================================
``GET /``                             the page (static/index.html, its script, its
                                      style, and xterm.js in static/vendor/)
``GET /api/programs``                 the catalog as JSON (variants a visitor may
                                      set, the terminal each program had)
``GET /api/sessions``                 the recorded sessions, grouped as in the menu
``GET /api/sessions/ID/NAME``         one session's events, to replay in the page
``POST /api/run/ID?variant=value``    the body is standard input; the answer is
                                      exactly the bytes ``retro run ID --variant
                                      value`` writes to standard output in a pipe,
                                      its exit status in ``X-Retro-Exit``
``GET /ws/run/ID?variant=value``      a WebSocket session: the program on a
                                      pseudo-terminal of its own, as ``retro run
                                      ID`` in a terminal window.  Binary frames
                                      are the terminal's bytes, both ways; text
                                      frames are small JSON messages: the page
                                      sends ``{"type": "resize", "cols": C,
                                      "rows": R}``; the server sends ``{"type":
                                      "notice", "text": ...}`` (a limit, the
                                      server speaking) and ends with ``{"type":
                                      "exit", "status": n, "reason": ...,
                                      "meaning": ...}`` (what the status means:
                                      the program's own, Ctrl-C, a signal).  A
                                      session refused (the exhibit is full, a
                                      variant is wrong) is accepted, told why in
                                      ``{"type": "refused", "text": ...}`` and
                                      closed (code 1013, try again later, or
                                      1008): a browser cannot read an HTTP
                                      refusal of a WebSocket.
====================================  ===============================================

A session is a process (``process``, the model of ttyd and terminado): its
program runs in ``python -m retro.web.child``, which is ``retro run`` with a
visitor's options, on a pty of its own (a POST run: on pipes).  The server
only moves bytes, holds the limits and ends programs: when a visitor leaves
(the WebSocket closes, a POST's client disconnects) the program is sent
SIGHUP, then SIGKILL, and reaped, within ``grace`` seconds twice over.

A visitor is a stranger: the variants are parsed against the program's
declared options and none may name a file (the learner writes only into
the data folder the server was started with, and otherwise nothing); the
names in a session's URL are looked up, never used as paths.  The limits of
a public exhibit (``Limits``, ``Exhibit``): concurrent sessions, keys typed
and not read, a body's size and the time it may take to arrive, a request's
headers' time (``header_seconds``), output and time per session, idle time,
a message's size and depth (``messages``), open connections (``listener``);
each is said plainly when reached.

Other sites' pages: the server answers only to its own names (``Host``: an
address, ``localhost``, the name given to ``--host``, the machine's name,
the public names given to ``--allowed-host``), so a name rebound by DNS to
this machine gets nothing; a WebSocket is opened and a run is posted only
from this server's own page (``Origin``), or by a script (no ``Origin``).

Stopping (Ctrl-C, SIGTERM): every session is told and its program ended as
above; the server exits with 130 (143).  A second Ctrl-C exits at once.
"""
from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import signal
import socket
import sys
import time
from dataclasses import dataclass, field, replace
from http import HTTPStatus
from importlib import resources as package
from pathlib import Path
from typing import Any, Awaitable, Callable, Mapping, Optional
from urllib.parse import urlsplit

import click
from aiohttp import WSCloseCode, WSMsgType, web

from .. import catalog, resources, transcript
from ..crash_reports import report_internal_error
from ..exits import INTERNAL_ERROR, INTERRUPTED, PIPE_CLOSED
from ..visible import visible
from . import listener, messages, process

STATIC = {  # what the page is made of: the only files this server sends
    "index.html": "text/html",
    "retro.js": "text/javascript",
    "retro.css": "text/css",
    "favicon.svg": "image/svg+xml",
    "vendor/xterm.js": "text/javascript",
    "vendor/xterm.css": "text/css",
}
FLAG_ON = ("", "1", "true", "yes", "on")
FLAG_OFF = ("0", "false", "no", "off")
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
                               "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
STOPPING = "the server has stopped"
HEARTBEAT_SECONDS = 3.0  # a ping each 3 s, a pong within 1.5 s: a vanished visitor is seen within 5 s


SESSION_MIB = 25  # a session's process, measured (tests/web/measure_sessions.py: PSS 13 to 23 MiB)
MOST_SESSIONS = 200


def default_max_sessions() -> int:
    """Sessions that half of the memory available now holds, at ``SESSION_MIB``
    each (at least 4, at most ``MOST_SESSIONS``)."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                available_mib = int(line.split()[1]) // 1024
                return max(4, min(MOST_SESSIONS, available_mib // 2 // SESSION_MIB))
    except (OSError, ValueError):
        pass
    return 8


@dataclass(frozen=True)
class Limits:
    """What one session may use."""

    output_bytes: int = 4 << 20
    seconds: float = 3600.0  # from the start, whatever happens
    idle_seconds: float = 600.0  # nothing typed and nothing written
    queued_bytes: int = 16 << 10  # keys typed that the program has not read yet
    frame_bytes: int = 16 << 10  # one WebSocket frame from the page
    body_seconds: float = 30.0  # a POST's body arrives within this


@dataclass(frozen=True)
class Screen:
    """The terminal a program had: its size, and the page's theme for it."""

    cols: int
    rows: int
    theme: str  # "glass" (green phosphor), "amber" (an ASCII video terminal), "paper"


def terminal_of(program: catalog.Program) -> Screen:
    """The Altair's 80x24 video terminal in green phosphor; the learner's
    ASCII terminal (a screen it draws on with the cursor) in amber; the
    others on paper, 80 columns: none of their originals ran on a 72-column
    teletype (a C128's 80-column screen, a PC's console, a modern terminal)."""
    if program.id == "altair-3d":
        return Screen(80, 24, "glass")
    if program.screen_size is not None:
        return Screen(80, 24, "amber")
    return Screen(80, 24, "paper")


@dataclass
class Exhibit:
    """The server's settings and its running sessions."""

    limits: Limits = field(default_factory=Limits)
    max_sessions: int = 8
    body_bytes: int = 64 << 10
    data_folder: Optional[Path] = None
    host: str = "127.0.0.1"  # what --host said: a name given there is one of the server's own
    allowed_hosts: tuple[str, ...] = ()  # public names a reverse proxy forwards (--allowed-host)
    grace: float = 1.0  # seconds a program has after SIGHUP before SIGKILL
    header_seconds: float = 10.0  # a request's headers arrive within this, or the connection is closed
    sessions: set[Any] = field(default_factory=set)
    stopping: bool = False
    given_up: int = 0  # sessions killed when the server stopped
    fewer_sessions: str = ""  # why max_sessions was lowered at start, if it was
    command: process.Command = field(default_factory=process.Command)  # how a program starts (a test may change it)

    def __post_init__(self) -> None:
        if self.data_folder is not None and self.command.data_folder is None:
            self.command = replace(self.command, data_folder=self.data_folder)

    def full(self) -> Optional[str]:
        if self.stopping:
            return "The server is stopping."
        if len(self.sessions) >= self.max_sessions:
            running = "1 session is" if self.max_sessions == 1 else f"{self.max_sessions} sessions are"
            return f"The exhibit is full: {running} running. Please try again in a moment."
        return None

    def own_name(self, host_header: Optional[str]) -> bool:
        """Whether a request's Host names this server: an address (no DNS name
        can be rebound to it), ``localhost`` (and ``*.localhost``), the name
        given to --host, a name given to --allowed-host, or the machine's own
        name (and ``NAME.local``)."""
        if host_header is None:
            return True  # HTTP/1.0, a script: a browser always says Host
        name = _host_name(host_header)
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            pass
        if name == "localhost" or name.endswith(".localhost"):
            return True
        if name in {allowed.lower().rstrip(".") for allowed in self.allowed_hosts}:
            return True
        machine = socket.gethostname().lower().rstrip(".")
        return name in {self.host.lower().rstrip("."), machine, machine.split(".")[0] + ".local"}


def _host_name(header: str) -> str:
    """The name in a Host header, without its port: ``[::1]:8000`` is ``::1``."""
    name = header.strip().lower()
    if name.startswith("["):
        name = name[1:name.find("]")] if "]" in name else name[1:]
    elif name.count(":") == 1:
        name = name.split(":")[0]
    return name.rstrip(".")


EXHIBIT = web.AppKey("exhibit", Exhibit)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


# -- the visitor's variants ------------------------------------------------------------


def option_words(program: catalog.Program, query: Mapping[str, str]) -> list[str]:
    """Command-line words from query parameters (``version=2``, ``ultimate=1``)."""
    by_key: dict[str, click.Option] = {}
    for opt in program.options:
        if opt.name is not None:
            by_key[opt.name] = opt
        for flag in opt.opts:
            by_key[flag.lstrip("-")] = opt
    words: list[str] = []
    for key, value in query.items():
        if key not in by_key:
            raise click.UsageError(f"{program.id} has no variant {visible(key)!r}")
        opt = by_key[key]
        if opt.is_flag:
            if value.lower() in FLAG_ON:
                words.append(opt.opts[0])
            elif value.lower() not in FLAG_OFF:
                raise click.UsageError(f"{opt.opts[0]} is on (1) or off (0), not {visible(value)!r}")
        else:
            words.extend([opt.opts[0], value])
    return words


def describe(program: catalog.Program) -> dict[str, Any]:
    variants = []
    defaults = program.defaults()
    for opt in program.options:
        if isinstance(opt.type, (click.Path, click.File)):
            continue  # a visitor names no file
        kind = "flag" if opt.is_flag else "choice" if isinstance(opt.type, click.Choice) else opt.type.name
        variants.append({"name": opt.name, "flag": opt.opts[0], "kind": kind, "help": opt.help or "",
                         "choices": list(opt.type.choices) if isinstance(opt.type, click.Choice) else None,
                         "default": defaults.get(opt.name)})
    return {"id": program.id, "title": program.title, "year": program.year, "language": program.language,
            "machine": program.machine, "author": program.author, "description": program.description,
            "variants": variants, "exit_statuses": [list(s) for s in program.exit_statuses],
            "terminal": vars(terminal_of(program))}


# -- recorded sessions -----------------------------------------------------------------


def recorded() -> dict[str, Path]:
    """The shipped sessions by "ID/NAME"."""
    return {session.name: session.path for session in resources.sessions()}


def session_list() -> list[dict[str, Any]]:
    """Every shipped session, by program and group as the terminal menu lists them."""
    listed: list[dict[str, Any]] = []
    for program in catalog.programs():
        mine = [s for s in resources.sessions() if s.program == program]
        for heading, group in resources.by_group(mine):
            listed.extend({"id": s.name, "program": s.program, "title": s.title, "group": heading}
                          for s in group)
    return listed


# -- handlers --------------------------------------------------------------------------


def _text(status: int, message: str) -> web.Response:
    return web.Response(status=status, text=message + "\n", headers=SECURITY_HEADERS)


def _program(request: web.Request) -> catalog.Program:
    program = catalog.programs().get(request.match_info["id"])
    if program is None:
        raise web.HTTPNotFound(text=f"No program {visible(request.match_info['id'])!r}.\n", headers=SECURITY_HEADERS)
    return program


async def page(request: web.Request) -> web.StreamResponse:
    name = request.match_info.get("name", "index.html")
    if name not in STATIC:  # looked up, never used as a path
        raise web.HTTPNotFound(headers=SECURITY_HEADERS)
    try:
        body = package.files("retro.web").joinpath("static", *name.split("/")).read_bytes()
    except FileNotFoundError:  # vendor/ not made: a checkout without `make venv`
        return _text(500, "This retro was installed without its terminal (xterm.js): "
                          "see README, In a web browser.")
    return web.Response(body=body, content_type=STATIC[name], charset="utf-8",
                        headers={**SECURITY_HEADERS, "Cache-Control": "max-age=3600"})


async def favicon(request: web.Request) -> web.StreamResponse:
    raise web.HTTPMovedPermanently("/static/favicon.svg", headers=SECURITY_HEADERS)


async def programs(request: web.Request) -> web.Response:
    return web.json_response([describe(p) for p in catalog.programs().values()], headers=SECURITY_HEADERS)


async def sessions(request: web.Request) -> web.Response:
    return web.json_response(session_list(), headers=SECURITY_HEADERS)


async def one_session(request: web.Request) -> web.Response:
    key = f"{request.match_info['program']}/{request.match_info['name']}"
    path = recorded().get(key)  # looked up, never used as a path
    if path is None:
        raise web.HTTPNotFound(text="No such recorded session.\n", headers=SECURITY_HEADERS)
    try:
        session = transcript.load(path)
    except transcript.TranscriptError as err:
        return _text(500, visible(str(err)))
    events = [{"kind": e.kind, "text": None if e.text is None else visible(e.text)} for e in session.events]
    return web.json_response({"id": key, "program": session.program, "options": session.options,
                              "title": visible(session.title), "exit": session.exit_status, "events": events},
                             headers=SECURITY_HEADERS)


def _admit(request: web.Request) -> tuple[catalog.Program, list[str]]:
    """The program and the visitor's words of a new session, or the answer
    that refuses it (raised).  The words are parsed here as the program will
    parse them, so that a wrong variant is refused before a process starts."""
    exhibit: Exhibit = request.app[EXHIBIT]
    program = _program(request)
    try:
        words = option_words(program, request.query)
        program.visitor_options(words, exhibit.data_folder)
    except click.ClickException as err:
        raise web.HTTPBadRequest(text=err.format_message() + "\n", headers=SECURITY_HEADERS) from None
    full = exhibit.full()
    if full:
        raise web.HTTPServiceUnavailable(text=full + "\n", headers=SECURITY_HEADERS)
    return program, words


def _same_origin(request: web.Request) -> bool:
    """Whether a browser's request comes from this server's own page (the
    Host itself is checked for every request: ``own_names``)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True  # not a browser (a script): nothing of a visitor's to protect
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == request.headers.get("Host", "").lower()


class BodyTooLarge(Exception):
    pass


async def read_body(request: web.Request, limit: int) -> bytes:
    """The whole body (to its end), or BodyTooLarge as soon as it passes ``limit``."""
    if request.content_length is not None and request.content_length > limit:
        raise BodyTooLarge()
    body = bytearray()
    while True:
        chunk = await request.content.read(1 << 16)  # what has arrived; b"" only at the end
        if not chunk:
            return bytes(body)
        body += chunk
        if len(body) > limit:
            raise BodyTooLarge()


def _gone(request: web.Request) -> bool:
    """Whether the client of a request has closed its connection."""
    transport = request.transport
    return transport is None or transport.is_closing()


class Slot:
    """A place among the exhibit's running sessions: how the server stops it."""

    def __init__(self) -> None:
        self.stopped: asyncio.Event = asyncio.Event()
        self.reason = ""

    def stop(self, reason: str) -> None:
        if not self.stopped.is_set():
            self.reason = reason
            self.stopped.set()

    async def notice(self, text: str) -> None:
        """Tell the visitor (a request has nobody to tell: its answer's headers say it)."""


async def run_api(request: web.Request) -> web.Response:
    exhibit: Exhibit = request.app[EXHIBIT]
    _program(request)
    if not _same_origin(request):
        return _text(403, "A run is asked for by a script or by this server's own page, not by another site's.")
    try:
        body = await asyncio.wait_for(read_body(request, exhibit.body_bytes), exhibit.limits.body_seconds)
    except BodyTooLarge:
        return _text(413, f"The input is larger than the {exhibit.body_bytes:,} bytes a run may take.")
    except asyncio.TimeoutError:
        return _text(408, f"The input did not arrive within {exhibit.limits.body_seconds:g} seconds.")
    program, words = _admit(request)
    slot = Slot()
    exhibit.sessions.add(slot)
    try:
        output, status, reason = await process.run_piped(
            exhibit.command.argv(program.id, words), body, exhibit.limits.output_bytes,
            lambda: _gone(request) or slot.stopped.is_set(), exhibit.limits.seconds, exhibit.grace)
    finally:
        exhibit.sessions.discard(slot)
    if slot.stopped.is_set():
        reason = slot.reason
    headers = {**SECURITY_HEADERS, "X-Retro-Exit": "limit" if status is None else str(status)}
    if reason:
        headers["X-Retro-Limit"] = reason
    return web.Response(body=output, content_type="application/octet-stream", headers=headers)


def exit_frame(returncode: Optional[int], reason: str, program: Optional[catalog.Program] = None
               ) -> dict[str, Any]:
    """The session's last message: the program's exit status (a signal N as
    128 + N, as a shell says it) and what it means, or why it was ended."""
    if returncode is None:
        return {"type": "exit", "status": None, "reason": reason}
    if returncode < 0:
        signum = -returncode
        return {"type": "exit", "status": 128 + signum,
                "reason": reason or f"the program was ended by signal {signum} ({_signal_name(signum)})",
                "meaning": f"ended by signal {signum} ({_signal_name(signum)})"}
    return {"type": "exit", "status": returncode, "reason": reason, "meaning": meaning(program, returncode)}


def meaning(program: Optional[catalog.Program], status: int) -> str:
    """What an exit status says, in words for a visitor: the program's own
    (its declared statuses), else retro's (retro/exits.py): Ctrl-C, a signal,
    an internal error; "" for a status nobody declared."""
    declared = dict(program.exit_statuses) if program is not None else {}
    if status in declared:
        return declared[status]
    if status == INTERRUPTED:
        return "interrupted by Ctrl-C"
    if status == INTERNAL_ERROR:
        return "an internal error of retro (the exhibit's operator has the report)"
    if status == PIPE_CLOSED:
        return "its output was closed"
    if 128 < status < 128 + 65:
        return f"ended by signal {status - 128} ({_signal_name(status - 128)})"
    return ""


def _signal_name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return str(signum)


class Session(Slot):
    """One WebSocket session: the program on its pty, and the bytes and
    messages between the pty and the visitor."""

    def __init__(self, exhibit: Exhibit, ws: web.WebSocketResponse):
        super().__init__()
        self.exhibit = exhibit
        self.ws = ws
        self.last_activity = time.monotonic()
        self.written = 0

    async def run(self, program: catalog.Program, words: list[str], cols: int, rows: int) -> None:
        limits = self.exhibit.limits
        try:
            term = await process.Terminal.start(self.exhibit.command.argv(program.id, words), cols, rows)
        except OSError as error:  # out of processes or descriptors: said, not raised
            await self.notice("The program could not be started; please try again in a moment.")
            await self._send_json(exit_frame(None, f"not started ({type(error).__name__})"))
            return
        waits = {
            asyncio.create_task(self._give_output(term)): "output",
            asyncio.create_task(self._take_input(term)): "input",
            asyncio.create_task(self._watch(limits)): "limit",
            asyncio.create_task(self.stopped.wait()): "stopped",
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
            killed = await term.end(self.exhibit.grace)
            if killed and self.exhibit.stopping:
                self.exhibit.given_up += 1
        await self._send_json(exit_frame(None if self.reason else term.process.returncode, self.reason, program))

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
        while True:
            data = await term.read()
            if not data:
                return
            self.last_activity = time.monotonic()
            room = cap - self.written
            self.written += len(data)
            if self.ws.closed:
                continue
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
        async for message in self.ws:
            if message.type == WSMsgType.BINARY:
                if term.waiting_keys() + len(message.data) > cap:
                    if not told:
                        told = True
                        await self.notice(f"The program has not read the {cap:,} bytes already typed: "
                                          f"keys are not sent until it reads them.")
                    continue
                self.last_activity = time.monotonic()
                term.write(message.data)
            elif message.type == WSMsgType.TEXT:
                parsed = messages.parse(message.data)
                if isinstance(parsed, messages.Resize):
                    term.resize(parsed.cols, parsed.rows)
                else:
                    await self.notice(parsed.why)
        # the page was closed: run() ends the program

    async def _watch(self, limits: Limits) -> None:
        """A session with nothing typed and nothing written for the idle time
        ends; so does one past its time."""
        started = time.monotonic()
        while True:
            await asyncio.sleep(min(limits.idle_seconds, 1.0))
            now = time.monotonic()
            if now - started > limits.seconds:
                await self.notice(f"The session has had its {limits.seconds:g} seconds: it ends.")
                self.stop("the session's time is up")
                return
            if now - self.last_activity > limits.idle_seconds:
                await self.notice(f"No input for {limits.idle_seconds:g} seconds: the session ends.")
                self.stop(f"no input for {limits.idle_seconds:g} seconds")
                return


async def _refuse(ws: web.WebSocketResponse, refusal: web.HTTPException) -> web.WebSocketResponse:
    """A session that will not start, said in the socket (a browser cannot read an HTTP answer)."""
    text = (refusal.text or refusal.reason).strip()
    try:
        await ws.send_json({"type": "refused", "text": text})
        await ws.close(code=WSCloseCode.TRY_AGAIN_LATER if refusal.status == 503 else WSCloseCode.POLICY_VIOLATION,
                       message=text.encode("utf-8")[:120])
    except ConnectionError:
        pass
    return ws


async def ws_run(request: web.Request) -> web.StreamResponse:
    exhibit: Exhibit = request.app[EXHIBIT]
    if not _same_origin(request):
        return _text(403, "Sessions are opened from this server's own page.")
    ws = web.WebSocketResponse(heartbeat=HEARTBEAT_SECONDS, max_msg_size=exhibit.limits.frame_bytes, timeout=2.0)
    refusal: Optional[web.HTTPException] = None
    try:
        program, words = _admit(request)
    except web.HTTPException as refused:
        if not ws.can_prepare(request).ok:
            raise  # not a WebSocket: the HTTP answer is read
        refusal = refused
    try:
        await ws.prepare(request)
    except ConnectionError:
        return ws  # the visitor left during the handshake: nothing to do
    if refusal is not None:
        return await _refuse(ws, refusal)
    session = Session(exhibit, ws)
    exhibit.sessions.add(session)
    try:
        screen = terminal_of(program)
        await session.run(program, words, screen.cols, screen.rows)
    finally:
        exhibit.sessions.discard(session)
        try:
            await ws.close(code=WSCloseCode.GOING_AWAY if exhibit.stopping else WSCloseCode.OK,
                           message=b"server stopping" if exhibit.stopping else b"")
        except ConnectionError:
            pass
    return ws


async def _stop_sessions(app: web.Application) -> None:
    """Tell each session and stop it: its program is sent SIGHUP, and SIGKILL
    after the grace period (those are counted as given up)."""
    exhibit = app[EXHIBIT]
    exhibit.stopping = True
    running = list(exhibit.sessions)
    await asyncio.gather(*(session.notice("The server is stopping: the session ends.") for session in running))
    for session in running:
        session.stop(STOPPING)
    loop = asyncio.get_running_loop()
    end = loop.time() + exhibit.grace + 2.0
    while exhibit.sessions and loop.time() < end:
        await asyncio.sleep(0.02)


@web.middleware
async def own_names(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Only requests for this server's own names (see ``Exhibit.own_name``)."""
    if not request.app[EXHIBIT].own_name(request.headers.get("Host")):
        return web.Response(status=421, text="This server answers to its own names only (an address, localhost, "
                            "the name given to --host or to --allowed-host).\n", headers=SECURITY_HEADERS)
    return await handler(request)


@web.middleware
async def no_traceback(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A bug of ours is a short message to the visitor and a report for the
    operator (retro.crash_reports.report_internal_error), never a traceback; a
    visitor who left is no error at all."""
    try:
        return await handler(request)
    except web.HTTPException:
        raise
    except asyncio.CancelledError:
        raise
    except ConnectionError:
        return web.Response(status=499)  # not sent: nobody is there to read it
    except Exception as error:  # noqa: BLE001  # the last line of defence
        report_internal_error("retro serve", error)
        return _text(500, "Something went wrong in retro; the operator has the report.")


def application(exhibit: Optional[Exhibit] = None) -> web.Application:
    exhibit = exhibit or Exhibit()
    app = web.Application(client_max_size=exhibit.body_bytes + 1, middlewares=[own_names, no_traceback])
    app[EXHIBIT] = exhibit
    app.add_routes([
        web.get("/", page),
        web.get("/favicon.ico", favicon),
        web.get("/static/{name:[A-Za-z0-9._/-]+}", page),
        web.get("/api/programs", programs),
        web.get("/api/sessions", sessions),
        web.get("/api/sessions/{program}/{name}", one_session),
        web.post("/api/run/{id}", run_api),
        web.get("/ws/run/{id}", ws_run),
    ])
    app.on_shutdown.append(_stop_sessions)
    return app


# -- the server -------------------------------------------------------------------------


class OneLine(logging.Filter):
    """A failed request (malformed, cut off) is one line in the log: what
    happened and why, never a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            record.msg = f"{record.getMessage()}: {why(record.exc_info[1])}"
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


def why(error: BaseException) -> str:
    """An error in one line of at most a few hundred characters.  A malformed
    request's (aiohttp's HttpProcessingError: a status ``code`` and a
    ``message`` of several lines, its first line ``400, message:``) is its
    status and its reason, the request's line quoted without the caret that
    points into it: ``400 Bad Request (BadHttpMessage): Invalid character in
    Content-Length: b'Content-Length: abc'``."""
    code, message = getattr(error, "code", None), getattr(error, "message", None)
    if isinstance(code, int) and isinstance(message, str):
        try:
            status = f"{code} {HTTPStatus(code).phrase}"
        except ValueError:
            status = str(code)
        head, text = f"{status} ({type(error).__name__})", message
    else:
        head, text = type(error).__name__, str(error)
    words = [line.strip() for line in text.splitlines()]
    said = " ".join(line for line in words if line.strip("^ "))  # a caret line only points
    said = visible(said)
    return f"{head}: {said[:200]}{'...' if len(said) > 200 else ''}" if said else head


def http_logger() -> logging.Logger:
    logger = logging.getLogger("retro.serve.http")
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("retro serve: %(message)s"))
        handler.addFilter(OneLine())
        logger.addHandler(handler)
        logger.propagate = False
        logger.setLevel(logging.INFO)  # a bad method (a stranger's TLS, a port scan) is debug: not shown
    return logger


async def start(exhibit: Exhibit, host: str, port: int, said: Callable[[str], None]
                ) -> tuple[web.AppRunner, "asyncio.Task[None]", tuple[str, int]]:
    """The application, listening: its runner, the accepting task, the address."""
    exhibit.host = host
    runner = web.AppRunner(application(exhibit), access_log=None, handle_signals=False,
                           shutdown_timeout=exhibit.grace * 2 + 2.0, keepalive_timeout=exhibit.header_seconds,
                           logger=http_logger())
    await runner.setup()
    sock = listener.bind(host, port)
    limit = listener.descriptor_limit()
    most = listener.sessions_allowed(limit)
    if exhibit.max_sessions > most:
        exhibit.fewer_sessions = f"{limit} open files (ulimit -n) allow {most} sessions, not {exhibit.max_sessions}"
        exhibit.max_sessions = most
    cap = listener.connection_cap(exhibit.max_sessions, limit)
    server = runner.server
    assert server is not None
    accepting = asyncio.create_task(listener.accept(sock, server, lambda: len(server.connections), cap, said))
    accepting.add_done_callback(lambda _: sock.close())
    bound = sock.getsockname()
    return runner, accepting, (bound[0], bound[1])


async def _serve(exhibit: Exhibit, host: str, port: int, said: Callable[[str], None]) -> int:
    runner, accepting, bound = await start(exhibit, host, port, said)
    shown = f"[{bound[0]}]" if ":" in str(bound[0]) else bound[0]
    said(f"retro serve: http://{shown}:{bound[1]}/  (Ctrl-C stops it)")
    said(f"retro serve: at most {exhibit.max_sessions} sessions at once"
         + (f" ({exhibit.fewer_sessions})" if exhibit.fewer_sessions else ""))
    if host not in ("127.0.0.1", "localhost", "::1"):
        said(f"retro serve: listening on {host}: other machines can reach it, as --host asked")
    stop = asyncio.Event()
    ended = {"signal": int(signal.SIGINT)}
    loop = asyncio.get_running_loop()

    def at_once(signum: int) -> None:
        said("retro serve: stopped at once")
        os._exit(128 + signum)

    def first(signum: int) -> None:
        ended["signal"] = signum
        stop.set()
        for again in (signal.SIGINT, signal.SIGTERM):  # a second Ctrl-C does not wait
            loop.add_signal_handler(again, at_once, again)

    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, first, signum)
    try:
        await stop.wait()
    finally:
        accepting.cancel()
        await runner.cleanup()  # sessions told and ended, sockets closed
    left = exhibit.given_up
    said(f"retro serve: stopped ({left} busy sessions killed)" if left else "retro serve: stopped")
    return 128 + ended["signal"]


def serve(host: str, port: int, exhibit: Exhibit) -> int:
    """Run the server until Ctrl-C (status 130) or SIGTERM (143)."""
    def said(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    return asyncio.run(_serve(exhibit, host, port, said))

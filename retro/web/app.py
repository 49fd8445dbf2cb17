"""The web application of `retro serve` (aiohttp).

====================================  ===============================================
``GET /``                             the page (static/index.html, its script, style)
``GET /api/programs``                 the catalog as JSON (variants a visitor may set)
``GET /api/sessions``                 the recorded sessions, grouped as in the menu
``GET /api/sessions/ID/NAME``         one session's events, to replay in the page
``POST /api/run/ID?variant=value``    the body is standard input; the answer is
                                      exactly the bytes ``retro run ID --variant
                                      value`` writes to standard output, its exit
                                      status in ``X-Retro-Exit``
``GET /ws/run/ID?variant=value``      a WebSocket session: binary frames are the
                                      program's output, ``{"type": "err", "text":
                                      ...}`` its error output, ``{"type": "notice",
                                      "text": ...}`` a limit or the server speaking;
                                      the page sends ``{"type": "line", "text": ...}``
                                      and ``{"type": "eof"}``; the server ends with
                                      ``{"type": "exit", "status": n, "reason": ...}``.
                                      A session refused (the exhibit is full, a
                                      variant is wrong) is accepted, told why in
                                      ``{"type": "refused", "text": ...}`` and closed
                                      (code 1013, try again later, or 1008): a
                                      browser cannot read an HTTP refusal of a
                                      WebSocket.
====================================  ===============================================

A visitor is a stranger: the variants are parsed against the program's
declared options and none may name a file (the learner writes only into
the data folder the server was started with, and otherwise nothing); the
names in a session's URL are looked up, never used as paths.  The limits of
a public exhibit (``Exhibit``): concurrent sessions, input line length, the
input waiting to be read, a body's size, output and time per session, idle
time; each is said plainly when reached.

Other sites' pages: the server answers only to its own names (``Host``: an
address, ``localhost``, the name given to ``--host``, the machine's name),
so a name rebound by DNS to this machine gets nothing; a WebSocket is opened
and a run is posted only from this server's own page (``Origin``), or by a
script (no ``Origin``).

Stopping (Ctrl-C, SIGTERM): every session is told, stopped at its next
read, write or pause (``bridge.LineQueue.stop``), given a moment to end, and
otherwise given up; its socket is closed and the server exits with 130
(143).  A second Ctrl-C exits at once.
"""
from __future__ import annotations

import asyncio
import ipaddress
import json
import os
import signal
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from importlib import resources as package
from pathlib import Path
from typing import Any, Callable, Optional
from urllib.parse import urlsplit

import click
from aiohttp import WSCloseCode, WSMsgType, web

from .. import catalog, resources, transcript
from ..console import decode
from ..runner import report_internal_error
from ..visible import visible
from . import bridge

STATIC = {  # what the page is made of: the only files this server sends
    "index.html": "text/html",
    "retro.js": "text/javascript",
    "retro.css": "text/css",
}
FLAG_ON = ("", "1", "true", "yes", "on")
FLAG_OFF = ("0", "false", "no", "off")
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
STOPPING = "the server has stopped"


@dataclass
class Exhibit:
    """The server's settings and its running sessions."""

    limits: bridge.Limits = field(default_factory=bridge.Limits)
    max_sessions: int = 8
    body_bytes: int = 64 << 10
    data_folder: Optional[Path] = None
    host: str = "127.0.0.1"  # what --host said: a name given there is one of the server's own
    grace: float = 1.0  # seconds a stopped session has to end before it is given up
    sessions: set = field(default_factory=set)
    stopping: bool = False
    given_up: int = 0  # sessions still busy when the server stopped

    def full(self) -> Optional[str]:
        if self.stopping:
            return "The server is stopping."
        if len(self.sessions) >= self.max_sessions:
            return (f"The exhibit is full: {self.max_sessions} sessions are running. "
                    f"Please try again in a moment.")
        return None

    def own_name(self, host_header: Optional[str]) -> bool:
        """Whether a request's Host names this server: an address (no DNS name
        can be rebound to it), ``localhost`` (and ``*.localhost``), the name
        given to --host, or the machine's own name (and ``NAME.local``)."""
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


# -- the visitor's variants ------------------------------------------------------------


def option_words(program: catalog.Program, query) -> list[str]:
    """Command-line words from query parameters (``version=2``, ``ultimate=1``)."""
    by_key: dict[str, click.Option] = {}
    for opt in program.options:
        by_key[opt.name] = opt  # type: ignore[index]
        for flag in opt.opts:
            by_key[flag.lstrip("-")] = opt
    words: list[str] = []
    for key, value in query.items():
        opt = by_key.get(key)
        if opt is None:
            raise click.UsageError(f"{program.id} has no variant {visible(key)!r}")
        if opt.is_flag:
            if value.lower() in FLAG_ON:
                words.append(opt.opts[0])
            elif value.lower() not in FLAG_OFF:
                raise click.UsageError(f"{opt.opts[0]} is on (1) or off (0), not {visible(value)!r}")
        else:
            words.extend([opt.opts[0], value])
    return words


def session_options(exhibit: Exhibit, program: catalog.Program, query) -> dict[str, Any]:
    return program.visitor_options(option_words(program, query), exhibit.data_folder)


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
            "variants": variants, "exit_statuses": [list(s) for s in program.exit_statuses]}


# -- recorded sessions -----------------------------------------------------------------


def recorded() -> dict[str, Path]:
    """The shipped sessions by "ID/NAME"."""
    return {session.name: session.path for session in resources.sessions()}


def session_list() -> list[dict[str, Any]]:
    """Every shipped session, by program and group as the terminal menu lists them."""
    listed = []
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
    if name not in STATIC:
        raise web.HTTPNotFound(headers=SECURITY_HEADERS)
    body = package.files("retro.web").joinpath("static", name).read_bytes()
    return web.Response(body=body, content_type=STATIC[name], charset="utf-8", headers=SECURITY_HEADERS)


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


def _to_loop(loop: asyncio.AbstractEventLoop, call: Callable[[], Any]) -> None:
    """Call in the server's loop, from a session's thread; a loop that has
    closed (the server stopped) ends the session."""
    try:
        loop.call_soon_threadsafe(call)
    except RuntimeError:
        raise bridge.SessionLimit(STOPPING) from None


def _in_thread(loop: asyncio.AbstractEventLoop, work: Callable[[], Any]) -> "asyncio.Future[Any]":
    """``work()`` in a daemon thread of its own (a session may wait for input
    for a long time; the server's thread pool is not for that)."""
    future: asyncio.Future = loop.create_future()

    def body() -> None:
        try:
            result = work()
        except BaseException as error:  # noqa: BLE001 - handed to the loop
            outcome = lambda: future.done() or future.set_exception(error)  # noqa: E731
        else:
            outcome = lambda: future.done() or future.set_result(result)  # noqa: E731
        try:
            _to_loop(loop, outcome)
        except bridge.SessionLimit:
            pass  # nobody is waiting any more

    threading.Thread(target=body, daemon=True, name="retro-session").start()
    return future


def _admit(request: web.Request) -> tuple[catalog.Program, dict[str, Any]]:
    """The program and the options of a new session, or the answer that refuses it (raised)."""
    exhibit: Exhibit = request.app[EXHIBIT]
    program = _program(request)
    try:
        options = session_options(exhibit, program, request.query)
    except click.ClickException as err:
        raise web.HTTPBadRequest(text=err.format_message() + "\n", headers=SECURITY_HEADERS) from None
    full = exhibit.full()
    if full:
        raise web.HTTPServiceUnavailable(text=full + "\n", headers=SECURITY_HEADERS)
    return program, options


def _same_origin(request: web.Request) -> bool:
    """Whether a browser's request comes from this server's own page (the
    Host itself is checked for every request: ``own_names``)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True  # not a browser (a script): nothing of a visitor's to protect
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == request.headers.get("Host", "").lower()


class Running:
    """A port running for a visitor or a request: its standard input (which
    can stop it), and how the server gives it up when it does not end."""

    def __init__(self, exhibit: Exhibit, cap: Optional[int] = None):
        self.exhibit = exhibit
        self.stdin = bridge.LineQueue(time.monotonic() + exhibit.limits.seconds, cap)
        self.given_up: asyncio.Future = asyncio.get_running_loop().create_future()

    def stop(self, reason: str) -> None:
        """End the program at its next read, write or pause."""
        self.stdin.stop(reason)

    def give_up(self, reason: str) -> None:
        """Stop waiting for the program (busy without reading or writing): its
        thread is left to end by itself, unseen."""
        self.stop(reason)
        if not self.given_up.done():
            self.given_up.set_result((None, reason))

    async def notice(self, text: str) -> None:
        """Tell the visitor (a request has nobody to tell: its answer's headers say it)."""

    async def outcome(self, finished: "asyncio.Future[Any]") -> tuple[Optional[int], str]:
        await asyncio.wait({finished, self.given_up}, return_when=asyncio.FIRST_COMPLETED)
        return finished.result() if finished.done() else self.given_up.result()


async def run_api(request: web.Request) -> web.Response:
    exhibit: Exhibit = request.app[EXHIBIT]
    _program(request)
    if not _same_origin(request):
        return _text(403, "A run is asked for by a script or by this server's own page, not by another site's.")
    body = await request.content.read(exhibit.body_bytes + 1)
    if len(body) > exhibit.body_bytes:
        return _text(413, f"The input is larger than the {exhibit.body_bytes:,} bytes a run may take.")
    program, options = _admit(request)
    output = bytearray()
    running = Running(exhibit)
    running.stdin.put(body)
    running.stdin.close()
    exhibit.sessions.add(running)
    try:
        finished = _in_thread(asyncio.get_running_loop(), lambda: bridge.run(
            program, options, running.stdin, bridge.Outlet(output.extend, exhibit.limits.output_bytes, running.stdin)))
        status, reason = await running.outcome(finished)
    finally:
        running.stop("the request ended")  # nothing, if the program has ended
        exhibit.sessions.discard(running)
    headers = {**SECURITY_HEADERS, "X-Retro-Exit": "limit" if status is None else str(status)}
    if reason:
        headers["X-Retro-Limit"] = reason
    return web.Response(body=bytes(output), content_type="application/octet-stream", headers=headers)


class Session(Running):
    """One WebSocket session: the port's thread, its input, its output."""

    def __init__(self, exhibit: Exhibit, ws: web.WebSocketResponse):
        super().__init__(exhibit, cap=exhibit.limits.queued_bytes)
        self.ws = ws
        self.outbox: asyncio.Queue = asyncio.Queue()
        self.last_input = time.monotonic()

    async def run(self, program: catalog.Program, options: dict[str, Any]) -> None:
        loop = asyncio.get_running_loop()

        def send(kind: str) -> Callable[[bytes], None]:
            return lambda data: _to_loop(loop, lambda: self.outbox.put_nowait((kind, data)))

        cap = self.exhibit.limits.output_bytes
        outlet = bridge.Outlet(send("out"), cap, self.stdin)
        errors = bridge.Outlet(send("err"), cap, self.stdin)
        finished = _in_thread(loop, lambda: bridge.run(program, options, self.stdin, outlet, errors))
        finished.add_done_callback(lambda f: self.outbox.put_nowait(("exit", f)))
        self.given_up.add_done_callback(lambda f: self.outbox.put_nowait(("exit", f)))
        tasks = [asyncio.create_task(self._take_input()), asyncio.create_task(self._watch_idle())]
        try:
            await self._give_output()
        finally:
            self.stop("the visitor left")  # nothing, if the program has ended
            for task in tasks:
                task.cancel()

    async def _send(self, kind: str, data: Any) -> None:
        """Send a frame, unless the visitor has gone (then the program is stopped)."""
        if self.ws.closed:
            return
        try:
            if kind == "bytes":
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_json(data)
        except ConnectionError:
            self.stop("the visitor left")

    async def notice(self, text: str) -> None:
        await self._send("json", {"type": "notice", "text": text})

    async def _give_output(self) -> None:
        while True:
            kind, item = await self.outbox.get()
            if kind == "out":
                await self._send("bytes", item)
                continue
            if kind == "err":
                await self._send("json", {"type": "err", "text": decode(item)})
                continue
            try:
                status, reason = item.result()
            except BaseException as error:  # noqa: BLE001 - a bug of ours, said plainly
                status, reason = None, f"internal error: {type(error).__name__}"
            await self._send("json", {"type": "exit", "status": status, "reason": reason})
            return

    async def _take_input(self) -> None:
        limit = self.exhibit.limits.line_chars
        refusing = False  # said once, until the program reads again
        async for message in self.ws:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                data = json.loads(message.data)
                kind = data.get("type")
            except (ValueError, AttributeError):
                await self.notice("Not understood.")
                continue
            if kind == "eof":
                self.stdin.close()
            elif kind == "line" and isinstance(data.get("text"), str):
                text = data["text"]
                if len(text) > limit:
                    await self.notice(f"A line has at most {limit} characters; that one was not sent.")
                elif "\n" in text or "\r" in text:
                    await self.notice("One line at a time, please.")
                elif self.stdin.put(text.encode("utf-8", "replace") + b"\n"):
                    self.last_input = time.monotonic()
                    refusing = False
                elif not refusing:
                    refusing = True
                    await self.notice(f"The program has not read the {self.exhibit.limits.queued_bytes:,} bytes "
                                      f"already sent: lines are not sent until it reads them.")
            else:
                await self.notice("Not understood.")
        self.stop("the visitor left")  # the page was closed

    async def _watch_idle(self) -> None:
        """A program waiting for a line that does not come ends (a program busy
        thinking, as the Altair's with --period-timing, is not idle)."""
        idle = self.exhibit.limits.idle_seconds
        while True:
            await asyncio.sleep(min(idle, 1.0))
            since = self.stdin.waiting_since()
            if since is not None and time.monotonic() - max(since, self.last_input) > idle:
                await self.notice(f"No input for {idle:g} seconds: the session ends.")
                self.stdin.close()
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
    ws = web.WebSocketResponse(heartbeat=30, max_msg_size=16 << 10, timeout=2.0)
    refusal: Optional[web.HTTPException] = None
    try:
        program, options = _admit(request)
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
        await session.run(program, options)
    finally:
        exhibit.sessions.discard(session)
        try:
            await ws.close(code=WSCloseCode.GOING_AWAY if exhibit.stopping else WSCloseCode.OK,
                           message=b"server stopping" if exhibit.stopping else b"")
        except ConnectionError:
            pass
    return ws


async def _stop_sessions(app: web.Application) -> None:
    """Tell each session, stop it, give it a moment, then give it up."""
    exhibit = app[EXHIBIT]
    exhibit.stopping = True
    running = list(exhibit.sessions)
    await asyncio.gather(*(session.notice("The server is stopping: the session ends.") for session in running))
    for session in running:
        session.stop(STOPPING)
    loop = asyncio.get_running_loop()
    end = loop.time() + exhibit.grace
    while exhibit.sessions and loop.time() < end:
        await asyncio.sleep(0.02)
    for session in list(exhibit.sessions):
        session.give_up(STOPPING)
        exhibit.given_up += 1


@web.middleware
async def own_names(request: web.Request, handler) -> web.StreamResponse:
    """Only requests for this server's own names (see ``Exhibit.own_name``)."""
    if not request.app[EXHIBIT].own_name(request.headers.get("Host")):
        return web.Response(status=421, text="This server answers to its own names only (an address, localhost, "
                            "or the name given to --host).\n", headers=SECURITY_HEADERS)
    return await handler(request)


@web.middleware
async def no_traceback(request: web.Request, handler) -> web.StreamResponse:
    """A bug of ours is a short message to the visitor and a report for the
    operator (retro.runner.report_internal_error), never a traceback; a
    visitor who left is no error at all."""
    try:
        return await handler(request)
    except web.HTTPException:
        raise
    except asyncio.CancelledError:
        raise
    except ConnectionError:
        return web.Response(status=499)  # not sent: nobody is there to read it
    except Exception as error:  # noqa: BLE001 - the last line of defence
        report_internal_error("retro serve", error)
        return _text(500, "Something went wrong in retro; the operator has the report.")


def application(exhibit: Optional[Exhibit] = None) -> web.Application:
    exhibit = exhibit or Exhibit()
    app = web.Application(client_max_size=exhibit.body_bytes + 1, middlewares=[own_names, no_traceback])
    app[EXHIBIT] = exhibit
    app.add_routes([
        web.get("/", page),
        web.get("/static/{name}", page),
        web.get("/api/programs", programs),
        web.get("/api/sessions", sessions),
        web.get("/api/sessions/{program}/{name}", one_session),
        web.post("/api/run/{id}", run_api),
        web.get("/ws/run/{id}", ws_run),
    ])
    app.on_shutdown.append(_stop_sessions)
    return app


# -- the server -------------------------------------------------------------------------


async def _serve(exhibit: Exhibit, host: str, port: int, said: Callable[[str], None]) -> int:
    exhibit.host = host
    runner = web.AppRunner(application(exhibit), access_log=None, shutdown_timeout=exhibit.grace + 2.0)
    await runner.setup()
    site = web.TCPSite(runner, host, port)
    await site.start()
    bound = runner.addresses[0] if runner.addresses else (host, port)
    shown = f"[{bound[0]}]" if ":" in str(bound[0]) else bound[0]
    said(f"retro serve: http://{shown}:{bound[1]}/  (Ctrl-C stops it)")
    if host not in ("127.0.0.1", "localhost", "::1"):
        said(f"retro serve: listening on {host}: other machines can reach it, as --host asked")
    stop = asyncio.Event()
    ended = {"signal": signal.SIGINT}
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
        await runner.cleanup()  # sessions told and ended, sockets closed
    left = exhibit.given_up
    said(f"retro serve: stopped ({left} busy sessions given up)" if left else "retro serve: stopped")
    return 128 + ended["signal"]


def serve(host: str, port: int, exhibit: Exhibit) -> int:
    """Run the server until Ctrl-C (status 130) or SIGTERM (143)."""
    def said(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    return asyncio.run(_serve(exhibit, host, port, said))

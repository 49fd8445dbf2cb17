"""The web application of `retro serve` (aiohttp): its routes, documented here, and the
middleware every request passes (the headers naming sites well formed, the server's own names;
no traceback ever reaches a visitor).

====================================  ===============================================
``GET /``                             the page (static/index.html, its script, its
                                      style, and xterm.js in static/vendor/)
``GET /api/programs``                 the catalog as JSON (variants a visitor may
                                      set, the terminal each program had)
``GET /api/sessions``                 the recorded sessions, grouped as in the menu
``GET /api/sessions/ID/NAME``         one session's events, to replay in the page
``GET /api/sessions/ID/NAME/cast``    the session as ``retro cast ID/NAME`` writes
                                      it (asciicast v2), to download
``GET /api/exhibit``                  whether the exhibit is a kiosk, its idle time
                                      and warning, the published games its attract
                                      loop replays (web/kiosk.py)
``GET /api/programs.json`` ...         the same four at the paths the page reads,
                                      which ``retro site`` writes as files
                                      (``/api/sessions.json``, ``/api/exhibit.json``,
                                      ``/api/sessions/ID/NAME.json`` and ``.cast``),
                                      and ``/api/sessions/ID/NAME.txt``, the
                                      shipped transcript, to download
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
                                      session refused (the exhibit is full, or
                                      the visitor's share of it, a variant is
                                      wrong) is accepted, told why in
                                      ``{"type": "refused", "text": ...}`` and
                                      closed (code 1013, try again later, or
                                      1008): a browser cannot read an HTTP
                                      refusal of a WebSocket.
====================================  ===============================================
"""
from __future__ import annotations

import asyncio
from typing import Awaitable, Callable, Optional

from aiohttp import web

from ..crash_reports import report_internal_error
from ..visible import visible
from . import api, kiosk, security, websocket
from .config import LOGGED_TEXT
from .exhibit import EXHIBIT, Exhibit
from .http_log import http_logger
from .visitors import client_of

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@web.middleware
async def well_formed(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A request whose Host, Origin or Referer is malformed is refused (400)
    and said in the log, in its client's share of the log's lines, its text
    shown escaped (``visible``) and short."""
    found = security.malformed(request.headers)
    if found is None:
        return await handler(request)
    name, text = found
    if may_log(request):
        http_logger().warning("%s sent a malformed %s header: %r", client_of(request), name,
                              visible(text)[:LOGGED_TEXT])
    return security.plain(400, f"The request's {name} header is malformed.")


def may_log(request: web.Request) -> bool:
    """Whether a line of the log for this request is written (``Clients.may_log``)."""
    exhibit = request.app[EXHIBIT]
    return exhibit.clients.may_log(client_of(request), exhibit.limits)


@web.middleware
async def own_names(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Only requests for this server's own names (see ``Exhibit.own_name``)."""
    if not request.app[EXHIBIT].own_name(request.headers.get("Host")):
        return web.Response(status=421, text="This server answers to its own names only (an address, localhost, "
                            "the name given to --host or to --allowed-host).\n", headers=security.HEADERS)
    return await handler(request)


@web.middleware
async def no_traceback(request: web.Request, handler: Handler) -> web.StreamResponse:
    """A bug of ours is a short message to the visitor and a report for the
    operator (retro.crash_reports.report_internal_error: one a bug's place), never a
    traceback, its line in the client's share of the log; a visitor who left is no error at all."""
    try:
        return await handler(request)
    except web.HTTPException:
        raise
    except asyncio.CancelledError:
        raise
    except ConnectionError:
        return web.Response(status=499)  # not sent: nobody is there to read it
    except Exception as error:  # noqa: BLE001  # the last line of defence
        report_internal_error("retro serve", error, tell=may_log(request))
        return security.plain(500, "Something went wrong in retro; the operator has the report.")


def application(exhibit: Optional[Exhibit] = None) -> web.Application:
    exhibit = exhibit or Exhibit()
    app = web.Application(client_max_size=exhibit.limits.body_bytes + 1,
                          middlewares=[well_formed, own_names, no_traceback])
    app[EXHIBIT] = exhibit
    app.add_routes([
        web.get("/", api.page),
        web.get("/favicon.ico", api.favicon),
        web.get("/static/{name:[A-Za-z0-9._/-]+}", api.page),
        web.get("/api/programs", api.programs),
        web.get("/api/sessions", api.sessions),
        web.get("/api/exhibit", kiosk.exhibit_settings),
        # the page's paths, which `retro site` writes as files (retro/static_site.py)
        web.get("/api/programs.json", api.programs),
        web.get("/api/sessions.json", api.sessions),
        web.get("/api/exhibit.json", kiosk.exhibit_settings),
        web.get("/api/sessions/{program}/{name:[A-Za-z0-9_-]+}.json", api.one_session),
        web.get("/api/sessions/{program}/{name:[A-Za-z0-9_-]+}.cast", api.session_cast),
        web.get("/api/sessions/{program}/{name:[A-Za-z0-9_-]+}.txt", api.session_transcript),
        web.get("/api/sessions/{program}/{name}", api.one_session),
        web.get("/api/sessions/{program}/{name}/cast", api.session_cast),
        web.post("/api/run/{id}", api.run_api),
        web.get("/ws/run/{id}", websocket.ws_run),
        web.get("/api/take-home/{name:[A-Za-z0-9_-]+}.{form:[a-z]+}", api.take_home, allow_head=False),  # a HEAD is no download
    ])
    app.on_shutdown.append(_stop_sessions)
    app.on_cleanup.append(_forget_games)
    return app


async def _forget_games(app: web.Application) -> None:
    """At the end: the visitors' games deleted (``Exhibit.forget_games``)."""
    app[EXHIBIT].forget_games()


async def _stop_sessions(app: web.Application) -> None:
    """At shutdown: every session told and ended (``Exhibit.stop_sessions``)."""
    await app[EXHIBIT].stop_sessions()

"""The HTTP API: the page's own files, the catalog as JSON (each variant labelled in words),
the recorded sessions (each served to where its game ends, what the recording added apart, its
moves marked; and as an asciinema cast to download), and the POST pipe API (a run's standard input in, exactly `retro run`'s standard output back)."""
from __future__ import annotations

import asyncio
import functools
import io
from importlib import resources as package
from pathlib import Path
from typing import IO, Any, Optional, Union

import click
from aiohttp import web

from .. import catalog, resources, transcript
from ..options import choices_in_words
from ..cast import cast_of, move_typed
from ..replay import ending, kept_after, the_game
from ..visible import visible
from . import config, security
from .connection import Connection
from .exhibit import EXHIBIT
from .variant_words import label_of
from .visitor_cookie import new_visitor, visitor_of
from .visitors import admit, client_of, program_of, terminal_of

STATIC = {  # what the page is made of: the only files this server sends
    "index.html": "text/html",
    "retro.js": "text/javascript",
    "player.js": "text/javascript",
    "reader.js": "text/javascript",
    "address.js": "text/javascript",
    "takehome.js": "text/javascript",
    "kiosk.js": "text/javascript",
    "transport.js": "text/javascript",
    "sitepage.js": "text/javascript",
    "retro.css": "text/css",
    "favicon.svg": "image/svg+xml",
    "vendor/xterm.js": "text/javascript",
    "vendor/xterm.css": "text/css",
}


# -- the page ----------------------------------------------------------------------------


async def answer(request: web.Request, body: Union[bytes, IO[bytes]], content_type: str, headers: dict[str, str],
                 charset: Optional[str] = None) -> web.StreamResponse:
    """``body`` (bytes, or a file read from where it stands to its end) written a
    piece at a time (``config.WRITE_CHUNK``), each read once the last is taken:
    aiohttp's write waits, once 64 KiB are written, until the client has taken
    them, so a connection holds at most a piece or two of it, and one whose client
    reads nothing is closed (``connection.Connection``): a client that never
    reads pins no memory."""
    pieces = io.BytesIO(body) if isinstance(body, bytes) else body
    start = pieces.tell()
    size = pieces.seek(0, io.SEEK_END) - start
    pieces.seek(start)
    response = web.StreamResponse(headers=headers)
    response.content_type = content_type
    if charset:
        response.charset = charset
    response.content_length = size
    if isinstance(request.protocol, Connection) and request.protocol.half_closed:
        response.force_close()  # the client has sent its end: nothing more comes after the answer
    await response.prepare(request)
    while piece := pieces.read(config.WRITE_CHUNK):
        await response.write(piece)  # waits once 64 KiB wait (aiohttp)
    await response.write_eof()
    return response


@functools.lru_cache(maxsize=None)
def static_file(name: str) -> bytes:
    """A file of the page, read once (every answer shares it)."""
    return package.files("retro.web").joinpath("static", *name.split("/")).read_bytes()


async def page(request: web.Request) -> web.StreamResponse:
    name = request.match_info.get("name", "index.html")
    if name not in STATIC:  # looked up, never used as a path
        raise web.HTTPNotFound(headers=security.HEADERS)
    try:
        body = static_file(name)
    except FileNotFoundError:  # vendor/ not made: a checkout without `make venv`
        return security.plain(500, "This retro was installed without its terminal (xterm.js): "
                                   "see README, In a web browser.")
    headers = {**security.HEADERS, "Cache-Control": "max-age=3600"}
    if name == "index.html" and not visitor_of(request):  # the page is its visitor (visitor_cookie)
        headers.update({"Set-Cookie": new_visitor(), "Cache-Control": "private, no-store"})
    return await answer(request, body, STATIC[name], headers, "utf-8")


async def attachment(request: web.Request, body: Union[bytes, IO[bytes]], content_type: str, filename: str,
                     cache: str) -> web.StreamResponse:
    """A file to download (``filename``: letters, digits, hyphens and a dot, ours)."""
    return await answer(request, body, content_type,
                        {**security.HEADERS, "Cache-Control": cache,
                         "Content-Disposition": f'attachment; filename="{filename}"'}, "utf-8")


async def favicon(request: web.Request) -> web.StreamResponse:
    raise web.HTTPMovedPermanently("/static/favicon.svg", headers=security.HEADERS)


# -- the catalog -------------------------------------------------------------------------


def describe(program: catalog.Program) -> dict[str, Any]:
    """A program as the page shows it: the variants a visitor may set, the terminal it had."""
    variants = []
    defaults = program.defaults()
    for opt in program.visitor_choices():  # a visitor names no file
        kind = "flag" if opt.is_flag else "choice" if isinstance(opt.type, click.Choice) else opt.type.name
        variants.append({"name": opt.name, "label": label_of(program, opt), "flag": opt.opts[0], "kind": kind,
                         "help": opt.help or "",
                         "choices": list(opt.type.choices) if isinstance(opt.type, click.Choice) else None,
                         "said": choices_in_words(program.options_type).get(opt.name or "", {}),
                         "min": getattr(opt.type, "min", None), "max": getattr(opt.type, "max", None),
                         "default": getattr(defaults, opt.name or "")})
    return {"id": program.id, "title": program.title, "year": program.year, "language": program.language,
            "machine": program.machine, "author": program.author, "description": program.description,
            "variants": variants, "exit_statuses": [list(s) for s in program.exit_statuses],
            "stores": program.for_browser is not None,  # keeps files in a visitor's browser (retro site)
            "terminal": vars(terminal_of(program))}


async def programs(request: web.Request) -> web.Response:
    return web.json_response([describe(p) for p in catalog.programs().values()], headers=security.HEADERS)


# -- recorded sessions -------------------------------------------------------------------


def recorded() -> dict[str, Path]:
    """The shipped sessions by "ID/NAME"."""
    return {session.name: session.path for session in resources.shipped_sessions()}


def session_list() -> list[dict[str, Any]]:
    """Every shipped session, by program and group as the terminal menu lists them."""
    listed: list[dict[str, Any]] = []
    for program in catalog.programs():
        mine = [s for s in resources.shipped_sessions() if s.program == program]
        for heading, group in resources.by_group(mine):
            listed.extend({"id": s.name, "program": s.program, "title": s.title, "group": heading}
                          for s in group)
    return listed


async def sessions(request: web.Request) -> web.Response:
    return web.json_response(session_list(), headers=security.HEADERS)


def shipped(request: web.Request) -> tuple[str, Path]:
    """The shipped session a request names ("ID/NAME" and its file), or 404."""
    key = f"{request.match_info['program']}/{request.match_info['name']}"
    path = recorded().get(key)  # looked up, never used as a path
    if path is None:
        raise web.HTTPNotFound(text="No such recorded session.\n", headers=security.HEADERS)
    return key, path


async def one_session(request: web.Request) -> web.Response:
    key, path = shipped(request)
    try:
        view = await asyncio.get_running_loop().run_in_executor(None, session_view, key, path)
    except transcript.TranscriptError as err:
        return security.plain(500, visible(str(err)))
    return web.json_response(view, headers=security.HEADERS)


def session_view(key: str, path: Path) -> dict[str, Any]:
    """A shipped session as the page replays it (TranscriptError if it cannot be read)."""
    session = transcript.load(path)
    game, after = the_game(session.events)
    events = [{"kind": e.kind, "text": None if e.text is None else visible(e.text)} for e in game]
    moves = [k for k, e in enumerate(game) if e.kind == "in" and move_typed(e) is not None]  # the cast's markers
    program = catalog.get(session.program)
    lang = program.text_language(program.parse_options(session.options))  # its text's, for the page's reader
    return {"id": key, "program": session.program, "options": session.options, "lang": lang,
            "title": visible(session.title), "exit": session.exit_status, "events": events, "moves": moves,
            "ending": ending_of(path), "after": kept_after(after)}


@functools.lru_cache(maxsize=None)  # the shipped sessions are few and never change while the server runs
def ending_of(path: Path) -> str:
    """How a shipped session ends, in words (replay.ending: its port run again on its input)."""
    return ending(transcript.load(path), path.parent)


async def session_cast(request: web.Request) -> web.StreamResponse:
    """A shipped session as `retro cast ID/NAME` writes it, to download."""
    key, path = shipped(request)
    try:
        body = await asyncio.get_running_loop().run_in_executor(None, cast_text, path)
    except transcript.TranscriptError as err:
        return security.plain(500, visible(str(err)))
    filename = key.replace("/", "-") + ".cast"  # ID and NAME are a shipped session's: letters, digits, hyphens
    return await attachment(request, body, "application/x-asciicast", filename, "max-age=3600")


async def session_transcript(request: web.Request) -> web.StreamResponse:
    """A shipped session's transcript as it ships, to download (`retro check` replays it)."""
    key, path = shipped(request)
    return await attachment(request, transcript_text(path), "text/plain", key.replace("/", "-") + ".txt",
                            "max-age=3600")


@functools.lru_cache(maxsize=None)
def transcript_text(path: Path) -> bytes:
    return path.read_bytes()


@functools.lru_cache(maxsize=None)  # as ending_of: few, and never changing while the server runs
def cast_text(path: Path) -> bytes:
    return cast_of(transcript.load(path)).v2().encode("utf-8")


# -- a visitor's own game ---------------------------------------------------------------


async def take_home(request: web.Request) -> web.StreamResponse:
    """A visitor's game (retro.web.take_home), to the client that played it alone."""
    exhibit = request.app[EXHIBIT]
    name, form = request.match_info["name"], request.match_info["form"]
    found = await exhibit.take_homes.fetch(name, form, client_of(request), visitor_of(request))  # looked up, never used as a path
    if found is None:
        return security.plain(404, "No such game here: a game is kept for its own visitor only, "
                                   f"{exhibit.take_homes.bounds.seconds / 60:g} minutes at most.")
    with found.body:  # the file as it was at the fetch, written as the client reads it
        return await attachment(request, found.body, found.content_type, found.filename, "no-store")


# -- a run on pipes ----------------------------------------------------------------------


class BodyTooLarge(Exception):
    pass


async def read_body(request: web.Request, limit: int) -> bytes:
    """The whole body (to its end), or BodyTooLarge as soon as it passes ``limit``."""
    if request.content_length is not None and request.content_length > limit:
        raise BodyTooLarge()
    body = bytearray()
    while True:
        chunk = await request.content.read(config.READ_CHUNK)  # what has arrived; b"" only at the end
        if not chunk:
            return bytes(body)
        body += chunk
        if len(body) > limit:
            raise BodyTooLarge()


def _gone(request: web.Request) -> bool:
    """Whether the client of a request has closed its connection (asked, if it
    half-closed: ``connection.Connection.gone``)."""
    if isinstance(request.protocol, Connection):
        return request.protocol.gone(request.version)
    transport = request.transport
    return transport is None or transport.is_closing()


async def run_api(request: web.Request) -> web.StreamResponse:
    exhibit = request.app[EXHIBIT]
    limits = exhibit.limits
    program_of(request)
    if not security.same_origin(request):
        return security.plain(403, "A run is asked for by a script or by this server's own page, not by another site's.")
    try:
        body = await asyncio.wait_for(read_body(request, limits.body_bytes), limits.body_seconds)
    except BodyTooLarge:
        return security.plain(413, f"The input is larger than the {limits.body_bytes:,} bytes a run may take.")
    except asyncio.TimeoutError:
        return security.plain(408, f"The input did not arrive within {limits.body_seconds:g} seconds.")
    program, words, slot = await admit(request)
    try:  # the run's place is held until its answer is written, or its client gone
        output, status, reason = await exhibit.sessions.run_piped(slot, program.id, words, body,
                                                                  lambda: _gone(request))
        with output:
            headers = {**security.HEADERS, "X-Retro-Exit": "limit" if status is None else str(status)}
            if reason:
                headers["X-Retro-Limit"] = reason
            return await answer(request, output, "application/octet-stream", headers)
    finally:
        exhibit.sessions.release(slot)

"""What a visitor may ask for: a program by its id, its variants as query parameters (parsed
against its declared options, none naming a file), a place among the sessions (the exhibit's and
the client's), and its terminal."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass

import click
from aiohttp import web

from .. import catalog
from ..visible import visible
from . import security
from .clients import client_address
from .config import CLIENT_REFUSAL_PAUSE
from .exhibit import EXHIBIT
from .manager import Full, OverShare, Slot
from .variant_words import option_words


@dataclass(frozen=True)
class Screen:
    """The terminal a program had: its size, the page's theme for it (its
    ``look``), and whether the program draws on that screen (``draws``: it
    declares a ``screen_size``, and keeps its size on a narrow screen; a
    teletype's lines are wrapped by a narrower terminal as any terminal
    wraps them, so the page gives it the columns it can show legibly)."""

    cols: int
    rows: int
    theme: catalog.Look
    draws: bool


def terminal_of(program: catalog.Program) -> Screen:
    """Every program's terminal is 80x24, in the look its catalog entry
    declares: none of their originals ran on a 72-column teletype (an
    Altair's video terminal, a C128's 80-column screen, a PC's console, a
    modern terminal)."""
    return Screen(80, 24, program.look, program.screen_size is not None)




def program_of(request: web.Request) -> catalog.Program:
    """The program a request's URL names (looked up, never used as a path), or 404."""
    program = catalog.programs().get(request.match_info["id"])
    if program is None:
        raise web.HTTPNotFound(text=f"No program {visible(request.match_info['id'])!r}.\n", headers=security.HEADERS)
    return program


async def admit(request: web.Request) -> tuple[catalog.Program, list[str], Slot]:
    """The program, the visitor's words and the place of a new session
    (reserved: the caller releases it), or the answer that refuses it
    (raised).  The words are parsed here as the program will parse them, so
    that a wrong variant is refused before a process starts."""
    exhibit = request.app[EXHIBIT]
    program = program_of(request)
    try:
        words = option_words(program, request.query)
        program.visitor_options(words, exhibit.data_folder)
    except click.ClickException as err:
        raise web.HTTPBadRequest(text=err.format_message() + "\n", headers=security.HEADERS) from None
    try:
        return program, words, exhibit.sessions.reserve(client_of(request))
    except Full as full:
        raise web.HTTPServiceUnavailable(text=f"{full}\n", headers=security.HEADERS) from None
    except OverShare as refused:
        # said after a pause: a client that starts and drops sessions as fast as it
        # can would otherwise take the server's time with its refusals instead
        await asyncio.sleep(CLIENT_REFUSAL_PAUSE)
        raise web.HTTPTooManyRequests(text=f"{refused}\n", headers=security.HEADERS) from None


def client_of(request: web.Request) -> str:
    """The client of a request: its peer's address or network (``clients``: no proxy's header is trusted)."""
    return client_address(request.protocol.peername, request.app[EXHIBIT].limits.client_ipv6_prefix)

"""A visitor is their page, not their address: the page is given a cookie of 128 random bits
(``retro-visitor``: HttpOnly, SameSite=Strict, gone when the browser closes), and the session
it opens and the games it downloads carry it back, so that visitors behind one address (a
reverse proxy, a NAT, a museum's Wi-Fi) each keep their own game (retro.web.take_home)."""
from __future__ import annotations

import re
import secrets

from aiohttp import web

from .config import TAKE_HOME_NAME_BYTES

NAME = "retro-visitor"
TOKEN = re.compile(r"[A-Za-z0-9_-]{22}")  # 16 bytes in URL-safe base64, unpadded


def visitor_of(request: web.Request) -> str:
    """The request's visitor, from its cookie; "" if it has none (or not one of ours)."""
    token = request.cookies.get(NAME, "")
    return token if TOKEN.fullmatch(token) else ""


def new_visitor() -> str:
    """A ``Set-Cookie`` value naming a new visitor."""
    return f"{NAME}={secrets.token_urlsafe(TAKE_HOME_NAME_BYTES)}; Path=/; HttpOnly; SameSite=Strict"

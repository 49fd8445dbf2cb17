"""What the page learns of the exhibit from the server (GET /api/exhibit): whether it is a kiosk
(`retro serve --kiosk`, for an unattended screen), the idle time and the warning before it that
its countdown shows (the same as a live session's, ``websocket``), and the published games its
attract loop replays: the recorded sessions each program ships as published with it."""
from __future__ import annotations

from typing import Any

from aiohttp import web

from .. import resources
from . import config, security
from .exhibit import EXHIBIT, Exhibit

PUBLISHED = "article"  # the group of the sessions published with their program (resources.GROUPS)


def published() -> list[str]:
    """The published games ("ID/NAME"), in the menu's order: the attract loop's."""
    return [s.name for s in resources.shipped_sessions() if s.group == PUBLISHED]


def settings(exhibit: Exhibit) -> dict[str, Any]:
    """The exhibit as the page needs it."""
    return {"kiosk": exhibit.kiosk, "idle_seconds": exhibit.limits.idle_seconds,
            "warning_seconds": config.IDLE_WARNING_SECONDS, "loop": published() if exhibit.kiosk else [],
            "transport": "pty"}  # a session is a program on a pty of the server's (retro site's: "browser")


async def exhibit_settings(request: web.Request) -> web.Response:
    return web.json_response(settings(request.app[EXHIBIT]), headers=security.HEADERS)

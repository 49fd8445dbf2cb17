"""Other sites' pages kept out: the names the server answers to (``Host``), the pages that may
open a session or post a run (``Origin``), and the headers every answer carries."""
from __future__ import annotations

import ipaddress
import socket
from typing import Optional
from urllib.parse import urlsplit

from aiohttp import web

HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
                               "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def plain(status: int, message: str) -> web.Response:
    """A short text answer, with the headers every answer carries."""
    return web.Response(status=status, text=message + "\n", headers=HEADERS)


def own_name(host_header: Optional[str], host: str, allowed_hosts: tuple[str, ...]) -> bool:
    """Whether a request's Host names this server, so that a name rebound by
    DNS to this machine gets nothing: an address (no DNS name can be rebound
    to it), ``localhost`` (and ``*.localhost``), the name given to --host
    (``host``), a name given to --allowed-host, or the machine's own name
    (and ``NAME.local``)."""
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
    if name in {allowed.lower().rstrip(".") for allowed in allowed_hosts}:
        return True
    machine = socket.gethostname().lower().rstrip(".")
    return name in {host.lower().rstrip("."), machine, machine.split(".")[0] + ".local"}


def _host_name(header: str) -> str:
    """The name in a Host header, without its port: ``[::1]:8000`` is ``::1``."""
    name = header.strip().lower()
    if name.startswith("["):
        name = name[1:name.find("]")] if "]" in name else name[1:]
    elif name.count(":") == 1:
        name = name.split(":")[0]
    return name.rstrip(".")


def same_origin(request: web.Request) -> bool:
    """Whether a browser's request comes from this server's own page: a
    WebSocket is opened and a run is posted only from there, or by a script
    (no ``Origin``).  The Host itself is checked for every request
    (``app.own_names``)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True  # not a browser (a script): nothing of a visitor's to protect
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == request.headers.get("Host", "").lower()

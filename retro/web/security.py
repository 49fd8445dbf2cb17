"""Other sites' pages kept out: the names the server answers to (``Host``), the pages that may
open a session or post a run (``Origin``), the headers naming them well formed (``malformed``),
and the headers every answer carries."""
from __future__ import annotations

import ipaddress
import re
import socket
from typing import Callable, Optional
from urllib.parse import SplitResult, urlsplit

from aiohttp import web
from multidict import CIMultiDictProxy

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
    parts = _url(origin)
    return (parts is not None and parts.scheme in ("http", "https")
            and parts.netloc.lower() == request.headers.get("Host", "").lower())


# A Host header (RFC 9110 7.2): a name (RFC 3986's reg-name) or an address, [IPv6] in brackets, and a port.
HOST = re.compile(r"(?:\[(?P<ipv6>[0-9A-Fa-f:.]+)\]|[A-Za-z0-9._~!$&'()*+,;=%-]*)(?::(?P<port>\d{0,5}))?")


def _url(text: str) -> Optional[SplitResult]:
    """``text`` split as a URL (its port checked), or None: it is no URL (an
    unclosed ``[``, a port that is no number...), or holds a blank or a control."""
    if not text.isprintable() or " " in text:
        return None
    try:
        parts = urlsplit(text)
        parts.port  # a ValueError if it is no port
    except ValueError:
        return None
    return parts


def _host(text: str) -> bool:
    """Whether ``text`` is a host and a port as a Host header gives them (``HOST``)."""
    found = HOST.fullmatch(text)
    if found is None or int(found["port"] or 0) > 65535:
        return False
    try:
        return found["ipv6"] is None or ipaddress.ip_address(found["ipv6"]).version == 6
    except ValueError:
        return False


def _origin(text: str) -> bool:
    """An origin (RFC 6454 7.1): "null" (a page of no site), or a scheme, a host and a port, nothing more."""
    parts = _url(text)
    return text == "null" or (parts is not None and bool(parts.scheme and parts.netloc)
                              and not (parts.path or parts.query or parts.fragment) and _host(parts.netloc))


WELL_FORMED: dict[str, Callable[[str], bool]] = {"Host": _host, "Origin": _origin,
                                                 "Referer": lambda text: _url(text) is not None}


def malformed(headers: "CIMultiDictProxy[str]") -> Optional[tuple[str, str]]:
    """The first of the headers that name a site (Host, Origin, Referer) that
    is malformed, or given twice, and its text; None when all are well formed
    (so that none reaches ``urlsplit`` to raise there)."""
    for name, well_formed in WELL_FORMED.items():
        given = headers.getall(name, [])
        if len(given) > 1 or (given and not well_formed(given[0])):
            return name, ", ".join(given)
    return None

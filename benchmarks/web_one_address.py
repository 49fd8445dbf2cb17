"""`retro serve` while one address holds idle connections: how long another address waits for a page.

A server allowed DESCRIPTORS open files (`ulimit -n`) and 89 sessions takes 269 connections at
once (listener.connection_cap); one address opens HELD connections and sends nothing.  Another
address then asks for /api/programs, five times.  Side by side in one run: with the per-client
count of connections (`--client-connections`, its default) and without it in effect (the most
the option takes), as before it was counted.
"""
from __future__ import annotations

import resource
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

DESCRIPTORS = 600
HELD = 500
ASKED = 5
PAGE = b"GET /api/programs HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"


def waits(client_connections: str) -> list[float]:
    """The other address's waits for its page, in seconds, while one address holds HELD connections."""
    from web_helpers import connections_opened

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (DESCRIPTORS, DESCRIPTORS))

    server = subprocess.Popen([sys.executable, "-m", "retro", "serve", "--port", "0", "--max-sessions", "89",
                               "--client-connections", client_connections],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=limit)
    assert server.stderr is not None
    port = int(server.stderr.readline().decode().split()[2].rsplit(":", 1)[1].strip("/"))
    held: list[socket.socket] = []
    try:
        connections_opened(port, HELD, held)
        time.sleep(0.5)  # their handshakes done, the server's accepting at its cap
        found = []
        for _ in range(ASKED):
            started = time.monotonic()
            with socket.create_connection(("127.0.0.1", port), timeout=60, source_address=("127.0.0.2", 0)) as other:
                other.sendall(PAGE)
                if not other.recv(12).startswith(b"HTTP/1.1 200"):
                    raise RuntimeError("the other address got no page")
            found.append(time.monotonic() - started)
        return found
    finally:
        for sock in held:
            sock.close()
        server.send_signal(2)
        server.wait(timeout=30)


def run() -> Iterator[tuple[str, str]]:
    sys.path[:0] = [str(Path(__file__).resolve().parents[1] / "tests" / folder) for folder in ("web", "")]
    for name, value in (("counted (--client-connections 32)", "32"), ("not counted (100000)", "100000")):
        found = waits(value)
        yield f"{name}: the other address's page, first / worst", f"{found[0]:.2f} s / {max(found):.2f} s"

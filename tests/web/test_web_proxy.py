"""retro serve behind a real reverse proxy: nginx (Debian's package; `make
test` installs it as root, as it does Chromium) on loopback in front of two
`retro serve` processes that share one data folder, under a public name that
is not localhost.  Through the proxy: a terminal session over the proxied
WebSocket, a POST run, and a learner game through each backend, both learnt
into the one store; a name the servers were not given is still refused.
"""
import asyncio
import json
import shutil
import socket
import subprocess
import time
from pathlib import Path

import aiohttp
import pytest

from web_helpers import retro_run, start_server

NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
pytestmark = pytest.mark.skipif(NGINX is None, reason="no nginx: install it (Debian: apt-get install nginx; "
                                                      "`make test` does so as root)")
PUBLIC = "tictactoe.exhibit.example"
MJ_LINE = b"N\n3,3\n3,1\n1,3\n2,3\nN\n"
LEARNER_GAME = b"y\n2,2\n1,1\n3,3\n1,3\n3,1\n1,2\n2,1\n2,3\n3,2\nn\n"

CONFIG = """
daemon off;
master_process off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream retro {{ server 127.0.0.1:{first}; server 127.0.0.1:{second}; }}
    server {{
        listen 127.0.0.1:{port};
        server_name {public};
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $connection_upgrade;
        proxy_read_timeout 3600s;
        location / {{ proxy_pass http://retro; }}
        location /first/ {{ proxy_pass http://127.0.0.1:{first}/; }}
        location /second/ {{ proxy_pass http://127.0.0.1:{second}/; }}
    }}
}}
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def port_of(url: str) -> int:
    return int(url.rstrip("/").rsplit(":", 1)[1])


@pytest.fixture(scope="module")
def proxy(tmp_path_factory):
    """nginx's address, and the shared data folder."""
    folder = tmp_path_factory.mktemp("proxy")
    data = folder / "data"
    data.mkdir()
    servers = [start_server(folder, "--data-folder", str(data), "--allowed-host", PUBLIC) for _ in range(2)]
    port = free_port()
    (folder / "nginx.conf").write_text(CONFIG.format(folder=folder, port=port, public=PUBLIC,
                                                     first=port_of(servers[0][1]), second=port_of(servers[1][1])))
    nginx = subprocess.Popen([NGINX, "-c", str(folder / "nginx.conf"), "-p", str(folder)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if nginx.poll() is not None:
                    raise AssertionError(f"nginx did not start: {nginx.stderr.read().decode()}")
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", data
    finally:
        nginx.terminate()
        nginx.wait(timeout=30)
        for server, _ in servers:
            server.send_signal(2)
            assert server.wait(timeout=30) == 130


HEADERS = {"Host": PUBLIC}


def test_a_terminal_session_over_the_proxied_websocket(proxy) -> None:
    url, _ = proxy

    async def play():
        async with aiohttp.ClientSession() as client:
            async with client.ws_connect(url + "/ws/run/cpm-c",
                                         headers={**HEADERS, "Origin": f"http://{PUBLIC}"}) as ws:
                output, messages = b"", []

                async def until(text: bytes) -> None:
                    nonlocal output
                    while text not in output:
                        message = await asyncio.wait_for(ws.receive(), 30)
                        if message.type == aiohttp.WSMsgType.BINARY:
                            output += message.data
                        elif message.type == aiohttp.WSMsgType.TEXT:
                            messages.append(json.loads(message.data))
                        else:
                            raise AssertionError(f"closed before {text!r}: {output!r}")

                await until(b"Select your symbol (X/O): ")
                await ws.send_bytes(b"X\r")
                await until(b"Your move: ")
                await ws.send_bytes(b"\x04")
                async for message in ws:
                    if message.type == aiohttp.WSMsgType.TEXT:
                        messages.append(json.loads(message.data))
                return output, messages

    output, messages = asyncio.run(play())
    assert b"X\r\n" in output  # echoed by the terminal, through the proxy
    assert messages[-1]["type"] == "exit" and messages[-1]["reason"] == ""


def test_a_post_run_through_the_proxy(proxy) -> None:
    url, _ = proxy
    expected, status = retro_run("fortran-rcd", ["--ai", "mj"], MJ_LINE)

    async def post():
        async with aiohttp.ClientSession() as client:
            async with client.post(url + "/api/run/fortran-rcd?ai=mj", data=MJ_LINE, headers=HEADERS) as answer:
                return answer.status, await answer.read(), answer.headers["X-Retro-Exit"]

    assert asyncio.run(post()) == (200, expected, str(status))


def test_a_name_the_servers_were_not_given_is_refused_through_the_proxy(proxy) -> None:
    url, _ = proxy

    async def get():
        async with aiohttp.ClientSession() as client:
            async with client.get(url + "/api/programs", headers={"Host": "rebound.evil.example"}) as answer:
                return answer.status

    assert asyncio.run(get()) == 421


def test_a_learner_game_through_each_backend_learns_into_one_store(proxy) -> None:
    url, data = proxy
    store = data / "Tic-Tac-Toe-Data-3"

    def games() -> int:
        if not store.exists():
            return 0
        header = dict(line.split(" ", 1) for line in store.read_text().splitlines()[1:6] if " " in line)
        return int(header["games"])

    async def play(backend: str, seed: int):
        async with aiohttp.ClientSession() as client:
            async with client.post(f"{url}/{backend}/api/run/pascal-learner", params={"seed": str(seed)},
                                   data=LEARNER_GAME, headers=HEADERS) as answer:
                return answer.status, answer.headers.get("X-Retro-Exit"), await answer.read()

    before = games()
    for seed, backend in enumerate(("first", "second")):
        status, exit_status, output = asyncio.run(play(backend, seed))
        assert (status, exit_status) == (200, "0"), output
    assert games() == before + 2
    assert not list(data.glob("*.lock"))

"""The snippet docs/recordings.md gives for showing a cast elsewhere works
with the asciinema-player package.json pins: played in Chromium (the
player's files from node_modules where the snippet names the CDN's), it
loads the docs' cast with no error, shows each move's marker and ends on
the game's last screen."""
import json
import re
from pathlib import Path

import pytest

from test_web_browser import CHROMIUM

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "recordings.md").read_text(encoding="utf-8")
SNIPPET = re.search(r"```html\n(.*?)```", PAGE, re.S).group(1)
PINNED = json.loads((ROOT / "package.json").read_text())["devDependencies"]["asciinema-player"]
PLAYER = ROOT / "node_modules" / "asciinema-player" / "dist" / "bundle"
SITE = "http://docs.test/"

pytestmark = pytest.mark.skipif(CHROMIUM is None or not PLAYER.is_dir(),
                                reason="no Chromium, or no node_modules (npm ci: make venv)")


def test_the_snippet_names_the_pinned_player() -> None:
    named = set(re.findall(r"asciinema-player@([\w.-]+)/", SNIPPET))
    assert named == {PINNED}, f"the snippet names {named}; package.json pins {PINNED}"


def test_the_snippet_plays_the_docs_cast_with_the_pinned_player(browser) -> None:
    cdn = f"https://cdn.jsdelivr.net/npm/asciinema-player@{PINNED}/dist/bundle/"
    cast = ROOT / "docs" / "corner-opening-computer-wins.cast"
    events = [json.loads(line) for line in cast.read_text(encoding="utf-8").splitlines()[1:]]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)

    def served(route) -> None:
        url = route.request.url
        if url.startswith(cdn):
            name = url[len(cdn):]
            kind = "text/css" if name.endswith(".css") else "text/javascript"
            route.fulfill(body=(PLAYER / name).read_bytes(), content_type=kind)
        elif url == SITE:
            route.fulfill(body=f"<!doctype html><html><head><title>cast</title></head><body>{SNIPPET}</body></html>",
                          content_type="text/html")
        elif url.startswith(SITE + "docs/"):
            route.fulfill(body=(ROOT / "docs" / url[len(SITE + "docs/"):]).read_bytes(), content_type="text/plain")
        else:
            route.abort()

    page.route("**/*", served)
    try:
        page.goto(SITE)
        for _ in range(150):  # the player, or the error that keeps it from starting, said at once
            if errors or page.locator(".ap-player").count():
                break
            page.wait_for_timeout(200)
        assert errors == [] and page.locator(".ap-player").count(), errors
        page.locator(".ap-player").click()  # play (the idle time between moves cut to 2 s)
        last = [line.strip() for line in "".join(e[2] for e in events if e[1] == "o").split("\r\n") if line.strip()][-1]
        page.wait_for_function("text => document.querySelector('.ap-term-text').innerText.includes(text)", arg=last,
                               timeout=60000)
        moves = [event for event in events if event[1] == "m"]
        assert page.locator(".ap-marker-container").count() == len(moves) > 0  # each move's, on the progress bar
        assert errors == []
    finally:
        context.close()

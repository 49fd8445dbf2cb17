"""A visitor's own game goes home, in Chromium: a short game played to its end,
its transcript downloaded by keyboard through the page's link, passed by
`retro check` and shown by `retro replay`, and refused to another visitor
(another address).  The end with its links passes axe at a phone's width and a
desktop's.  Chromium, its fixtures and helpers: tests/web/test_web_browser.py."""
import http.client
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from test_web_a11y import AXE, failures
from test_web_browser import (CHROMIUM, open_page, server, shot, shown_lines, start,  # noqa: F401  # fixtures, used by name
                              type_keys, wait_screen)
from web_helpers import golden, prompts

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium: see tests/web/test_web_browser.py")
GAME = ("perl-midterm", "corner-opening-computer-wins")  # three moves, and the program ends by itself
ANOTHER_VISITOR = "127.0.0.2"  # another address of this machine's loopback


def fetched_from(address: str, url: str, cookie: str = "") -> int:
    """The status of a GET of ``url`` from a connection made from ``address`` (with the page's ``cookie``)."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30, source_address=(address, 0))
    try:
        connection.request("GET", parts.path, headers={"Cookie": cookie} if cookie else {})
        return connection.getresponse().status
    finally:
        connection.close()


@pytest.mark.parametrize("width", (390, 1280))
def test_a_visitors_game_downloads_passes_retro_check_and_is_refused_to_another(
        browser, server, tmp_path: Path, width: int) -> None:  # noqa: F811  # the fixtures, by name
    page = open_page(browser, server, width=width, height=844, scripts=(AXE,) if AXE.exists() else (),
                     accept_downloads=True)
    try:
        start(page, GAME[0], {})
        for shown, keys in prompts(golden(*GAME)):
            wait_screen(page, "s === arg", shown_lines(shown))
            type_keys(page, keys)
        page.wait_for_selector("#take-home:not([hidden])", timeout=30000)
        shot(page, tmp_path, f"take-home-{width}.png")
        found = failures(page, "the end with the visitor's game") if AXE.exists() else []
        assert page.get_attribute("#take-home-transcript", "download") is not None
        assert page.locator("#take-home a.download:visible").count() == 2
        assert "You can download your game below, as a transcript and as an asciicast." in page.inner_text("#status")
        page.focus("#again")  # the keyboard's way: back from the menu's button to the links before it
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("() => document.activeElement.id") == "take-home-transcript"
        with page.expect_download() as download:
            page.keyboard.press("Enter")
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        link = page.evaluate("() => document.getElementById('take-home-transcript').href")
        cookie = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())  # the page: its visitor
        assert page.errors == []
    finally:
        page.context.close()
    assert found == [], "\n".join(found)
    assert saved.name == "perl-midterm-your-game.txt"
    checked = subprocess.run([sys.executable, "-m", "retro", "check", str(saved)], capture_output=True, timeout=60)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    shown = subprocess.run([sys.executable, "-m", "retro", "replay", str(saved)], capture_output=True, timeout=60)
    assert shown.returncode == 0 and b"O wins." in shown.stdout, shown.stderr
    assert fetched_from(ANOTHER_VISITOR, link) == 404
    assert fetched_from(ANOTHER_VISITOR, link, cookie) == 404  # the page's cookie from elsewhere
    assert fetched_from("127.0.0.1", link) == 404  # another page behind the same address
    assert fetched_from("127.0.0.1", link, cookie) == 200  # the visitor's own, still kept


def test_the_learners_game_offers_its_recording_alone_and_says_so(browser, server, tmp_path: Path) -> None:  # noqa: F811  # the fixtures browser and server, by name
    """No transcript for the learner (it learns from the server's store): one link, said in words."""
    page = open_page(browser, server, width=390, height=844, scripts=(AXE,) if AXE.exists() else ())
    try:
        start(page, "pascal-learner", {})
        wait_screen(page, "s.includes(arg)", "Do you want to move first?")
        type_keys(page, "\x04")  # the end of the input: the learner ends by itself
        page.wait_for_selector("#take-home:not([hidden])", timeout=30000)
        shot(page, tmp_path, "take-home-recording-390.png")
        found = failures(page, "the end with the learner's recording") if AXE.exists() else []
        links = page.locator("#take-home a.download:visible")
        offered = links.count(), links.first.get_attribute("id"), page.inner_text("#take-home"), page.inner_text("#status")
        assert page.errors == []
    finally:
        page.context.close()
    assert found == [], "\n".join(found)
    count, shown, words, status = offered
    assert (count, shown) == (1, "take-home-cast") and "learns from a store of games kept on this server" in words
    assert status.endswith("You can download your game below, as an asciicast.")

"""`retro site`: the page as a static folder, served by a plain static server
(``python -m http.server``, which sets no header of ours), every program running
in the visitor's own browser (Pyodide in a Web Worker, retro/browser/).

The games of test_web_browser.py run here again against the site, the same
tests on the same page with the other transport: each of the programs is played
to a game's end by keys (the Fortran MJ weakness, the Perl sample, Fig. 5's
second game, a C game, a learner's game by cursor keys), each key typed in
xterm.js, the terminal's whole buffer equal to what the pipe writes, the end said
in words.  Besides: no request leaves the site's origin; every shipped
transcript matches byte for byte inside the browser; the learner's store
survives a reload and "Forget what it learnt" empties it; a recorded game and a
visitor's own game download and pass `retro check`; axe-core finds nothing."""
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import test_web_a11y
import test_web_browser
from retro import resources
from web_helpers import end_words, golden, query
from test_web_a11y import AXE, axe_page, ended, failures, open_every_details
from test_web_browser import (CHROMIUM, learner_board, play_as_in_the_pipe, screen, start, status_words, type_keys,
                              wait_screen)
from test_web_browser import (test_a_teletype_port_plays_in_the_terminal_as_in_the_pipe,  # noqa: F401  # run here too
                              test_an_altair_game_on_its_glass_teletype, test_the_end_says_what_happened_in_this_session,
                              test_the_learner_draws_its_screen_and_moves_by_a_cursor_key,
                              test_the_learner_plays_a_game_by_cursor_keys)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium: see tests/web/test_web_browser.py")


@pytest.fixture(scope="module")
def site_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site") / "exhibit"
    made = subprocess.run([sys.executable, "-m", "retro", "site", str(folder)], capture_output=True, text=True,
                          timeout=120)
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith(f"retro site: wrote {folder} ")
    return folder


# A static server that makes the page cross-origin isolated (what a host sets with two headers):
# where the browser has no JSPI, the programs' reads then block in the worker on shared memory.
ISOLATING = """
import http.server
class Isolating(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()
http.server.test(HandlerClass=Isolating, port=0, bind="127.0.0.1")
"""


def static_server(folder: Path, isolating: bool = False):
    """``python -m http.server`` on a free port of the loopback, serving ``folder`` as it is
    (``isolating``: with the two headers that make the page cross-origin isolated)."""
    command = ["-c", ISOLATING] if isolating else ["-m", "http.server", "--bind", "127.0.0.1", "0"]
    process = subprocess.Popen([sys.executable, "-u", *command], cwd=folder, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    said = process.stdout.readline()  # "Serving HTTP on 127.0.0.1 port N (http://127.0.0.1:N/) ..."
    port = re.search(r"port (\d+)", said).group(1)
    return process, f"http://127.0.0.1:{port}/"


@pytest.fixture(scope="module")
def server(site_folder):
    """The site's address (named as test_web_browser's fixture is, whose tests run here too)."""
    process, url = static_server(site_folder)
    yield url
    process.terminate()
    process.wait(timeout=10)


def same_origin(page, url: str) -> None:
    """Every request the page makes, kept; any to another origin refused."""
    page.context.requested = []

    def route(handled) -> None:
        page.context.requested.append(handled.request.url)
        if handled.request.url.startswith(url) or handled.request.url.startswith(("blob:", "data:")):
            handled.continue_()
        else:
            handled.abort()
    page.context.route("**/*", route)


LOADED = 180_000  # ms a new page may take to load Pyodide and retro in its spare worker (a loaded machine)


def loaded(page) -> None:
    """Until the page's spare worker has loaded Pyodide and retro (a new browser context has no
    cache: each test's page loads them once), so that a test's waits time the session, not the load."""
    page.wait_for_function("() => window.retroSpareLoaded()", timeout=LOADED)


@pytest.fixture(autouse=True)
def spare_loaded(monkeypatch):
    """test_web_browser's pages, opened here on the site, wait for their spare worker too."""
    opened = test_web_browser.open_page

    def open_loaded(*args, **kwargs):
        page = opened(*args, **kwargs)
        loaded(page)
        return page
    monkeypatch.setattr(test_web_browser, "open_page", open_loaded)
    monkeypatch.setattr(test_web_a11y, "open_page", open_loaded)


@pytest.fixture
def page(browser, server):
    page = test_web_browser.open_page(browser, server)
    yield page
    assert page.errors == []
    elsewhere = [url for url in getattr(page.context, "requested", []) if not url.startswith(server)]
    page.context.close()
    assert elsewhere == []


def open_site(browser, url: str, **options):
    """The site's menu in a new browser context, every request it makes watched (``context.requested``)."""
    context = browser.new_context(viewport={"width": options.pop("width", 1280), "height": options.pop("height", 900)},
                                  **options)
    requested: list[str] = []
    context.on("request", lambda request: requested.append(request.url))
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.requested = requested
    page.goto(url)
    page.wait_for_selector("li[data-program='fortran-rcd'] button")
    loaded(page)
    return page


def test_the_site_asks_nothing_of_another_origin(browser, server) -> None:
    """A game played, a replay and the check: every request goes to the site's own origin."""
    page = open_site(browser, server)
    try:
        start(page, "fortran-rcd", {"ai": "mj"})
        wait_screen(page, "s.includes(arg)", "Quieres empezar tu?")
        page.keyboard.press("Control+c")
        page.wait_for_selector("#status[data-exit='130']")
        assert status_words(page) == "You pressed Ctrl-C: the program stopped."
        assert all(url.startswith(server) or url.startswith("blob:") for url in page.requested), page.requested
        assert any(url.endswith(".wasm.gz") for url in page.requested)  # Pyodide came from the site itself
        assert page.errors == []
    finally:
        page.context.close()


def test_every_recorded_session_matches_byte_for_byte_in_the_browser(browser, server) -> None:
    """#/check: every shipped transcript replayed in the visitor's Pyodide, as `retro check` replays them."""
    page = open_site(browser, server)
    try:
        page.goto(server + "#/check")
        page.wait_for_function("() => window.retroChecked", timeout=120000)
        checked = page.evaluate("() => window.retroChecked")
        assert [r["name"] for r in checked["results"] if not r["ok"]] == []
        assert checked["total"] == len(resources.shipped_sessions()) > 100
        said = page.inner_text("#check-said")
        assert said.startswith(f"All {checked['total']} recorded sessions match byte for byte in this browser")
        page.click("#check-back")
        page.wait_for_selector("#menu:not([hidden])")
    finally:
        page.context.close()


def learner_to(page, row: int, col: int, marks: int) -> None:
    """Once the board shows ``marks`` marks and the cursor, the cursor moved to (row, col) by the
    cursor keys, and Enter."""
    end = time.monotonic() + 60
    while True:
        cells, cursor = learner_board(page)
        if cursor is not None and sum(mark != "." for mark in cells.values()) == marks and \
                "cursor keys and Enter" in screen(page):
            break
        assert time.monotonic() < end, screen(page)
        time.sleep(0.1)
    for _ in range(abs(row - cursor[0])):
        page.keyboard.press("ArrowDown" if row > cursor[0] else "ArrowUp")
    for _ in range(abs(col - cursor[1])):
        page.keyboard.press("ArrowRight" if col > cursor[1] else "ArrowLeft")
    page.keyboard.press("Enter")


def learner_greeting(page) -> str:
    start(page, "pascal-learner", {"seed": "2"})
    wait_screen(page, "s.includes(arg)", "Do you want to move first?", everything=False)
    return screen(page)


def test_the_learners_store_survives_a_reload_and_is_forgotten_when_asked(browser, server) -> None:
    """With --seed 2 the learner loses its first game to 3,2 3,1 3,3 (transcripts/pascal-learner/
    fresh-learns.txt), learns a scheme and keeps it in this browser (IndexedDB): after a reload it
    knows it; "Forget what it learnt" empties the store, and it knows nothing again."""
    page = open_site(browser, server)
    try:
        assert "no schemes" in learner_greeting(page)
        type_keys(page, "y\r")
        for turn, square in enumerate(((3, 2), (3, 1), (3, 3))):
            learner_to(page, *square, marks=2 * turn)
        wait_screen(page, "s.includes(arg)", "Another game? (Y/N)", everything=False)
        assert "I have learnt 1 new scheme" in screen(page)
        type_keys(page, "n\r")
        page.wait_for_selector("#status[data-exit='0']")
        page.click("#again")  # the menu's address: the reload shows the menu
        page.reload()
        page.wait_for_selector("li[data-program='pascal-learner'] .forget button")
        loaded(page)
        assert "I know 1 scheme (level 1: 1), from Tic-Tac-Toe-Data-3." in learner_greeting(page)
        page.keyboard.press("Control+c")
        page.wait_for_selector("#status[data-exit='130']")
        page.click("#again")
        page.click("li[data-program='pascal-learner'] .forget button")
        page.wait_for_function("() => /has forgotten/.test(document.querySelector("
                               "\"li[data-program='pascal-learner'] .forget [role=status]\").textContent)")
        assert "no schemes" in learner_greeting(page)
        assert page.errors == []
    finally:
        page.context.close()


def spare_marks(page) -> dict:
    """The page's spare worker's marks once it has loaded (static/worker.js)."""
    loaded(page)
    return page.evaluate("() => window.retroLoadMarks")


def test_a_second_visit_starts_from_the_snapshot_the_first_kept(browser, server) -> None:
    """The first visit's spare worker, loaded before any session, takes the snapshot; the
    next visit's workers start from it and play; a damaged snapshot is deleted, and the
    worker loads afresh (and keeps a new one)."""
    first = open_site(browser, server)
    try:
        marks = spare_marks(first)
        assert marks["from"] == "afresh" and marks["snapshot"] > marks["imported"], marks
        second = first.context.new_page()
        second.goto(server)
        assert spare_marks(second)["from"] == "snapshot"
        second.errors = []
        start(second, "cpm-c", {})
        wait_screen(second, "s.includes(arg)", "Select your symbol", everything=False)
        type_keys(second, "\x04")
        ended(second)
        keys = second.evaluate("async () => (await (await caches.open('retro-snapshot')).keys()).map((r) => r.url)")
        assert len(keys) == 1, keys
        second.evaluate("async (key) => (await caches.open('retro-snapshot')).put(key, new Response('damaged'))",
                        keys[0])
        third = first.context.new_page()
        third.on("console", lambda message: third.said.append(message.text))
        third.said = []
        third.goto(server)
        marks = spare_marks(third)
        assert marks["from"] == "afresh" and "snapshot" in marks, marks
        assert any("snapshot could not be loaded" in said for said in third.said), third.said
    finally:
        first.context.close()


def test_a_recorded_game_and_a_visitors_own_game_pass_retro_check(browser, server, tmp_path: Path) -> None:
    """The transcript of a recorded session, and of the visitor's own game made in the browser,
    downloaded and checked outside it (`retro check`); the visitor's cast is asciicast v2, and its
    file made in the page is let go when the next session begins."""
    page = open_site(browser, server, accept_downloads=True)
    try:
        open_every_details(page)
        page.select_option("#replay-baud", "0")
        page.click("button[data-session='fortran-rcd/mj-weakness']")
        page.wait_for_selector("#status[data-exit]", timeout=60000)
        with page.expect_download() as recorded:
            page.click("#download-transcript")
        recorded.value.save_as(tmp_path / "recorded.txt")
        page.click("#again")
        start(page, "fortran-rcd", {"ai": "mj"})
        for line in ("N", "3,3", "3,1", "1,3", "2,3"):
            wait_screen(page, "s.endsWith(arg)", "]" if line != "N" else "[S/N]")
            type_keys(page, line + "\r")
        wait_screen(page, "s.includes(arg)", "Gana el humano")
        type_keys(page, "N\r")
        wait_screen(page, "s.includes(arg)", "Other input will terminate the job.")
        type_keys(page, "\x04")  # as the author's session ends (transcripts/fortran-rcd/mj-weakness.txt)
        page.wait_for_selector("#status[data-exit]")
        with page.expect_download() as own:
            page.click("#take-home-transcript")
        assert own.value.suggested_filename == "retro-fortran-rcd.txt"
        own.value.save_as(tmp_path / "own.txt")
        with page.expect_download() as cast:
            page.click("#take-home-cast")
        header = json.loads(Path(cast.value.path()).read_text().split("\n")[0])
        assert header["version"] == 2 and header["width"] == 80
        assert "kept in this page until you start another or leave it" in page.inner_text("#take-home-words")
        made = page.get_attribute("#take-home-cast", "href")
        page.click("#again")
        page.click("button[data-session='fortran-rcd/mj-weakness']")  # the next session lets the game's files go
        page.wait_for_selector("#session:not([hidden])")
        assert page.evaluate("url => fetch(url).then(() => 'kept', () => 'let go')", made) == "let go"
    finally:
        page.context.close()
    checked = subprocess.run([sys.executable, "-m", "retro", "check", str(tmp_path / "recorded.txt"),
                              str(tmp_path / "own.txt")], capture_output=True, text=True, timeout=60)
    assert checked.stdout.endswith("retro check: 2 transcripts checked, all match\n"), checked.stdout
    assert "Gana el humano" in (tmp_path / "own.txt").read_text()


def test_a_browser_that_cannot_pause_a_program_is_told_which_can(browser, server) -> None:
    """Without JSPI (WebAssembly.Suspending) a session says, in words, which browsers play here."""
    page = open_site(browser, server)
    try:
        page.evaluate("() => { delete WebAssembly.Suspending; }")
        start_said = page.locator("li[data-program='cpm-c'] button[type=submit]")
        start_said.click()
        page.wait_for_selector("#status[data-exit='refused']")
        assert "Chrome and Edge from version 137" in status_words(page)
    finally:
        page.context.close()


def test_without_jspi_an_isolated_page_plays_by_shared_memory(browser, site_folder) -> None:
    """A browser without JSPI, on a page its server made cross-origin isolated: the program's
    reads block in the worker (Atomics.wait) on the keys the page writes to shared memory.
    (Chromium 156 cannot be started without JSPI: the page's WebAssembly.Suspending is taken
    away, so that the page chooses the shared memory, and without it refuses the session.)"""
    process, url = static_server(site_folder, isolating=True)
    page = open_site(browser, url)
    try:
        assert page.evaluate("() => crossOriginIsolated")
        page.evaluate("() => { delete WebAssembly.Suspending; }")
        session = golden("perl-midterm", "spec-sample")
        start(page, "perl-midterm", query("perl-midterm", session.options))
        play_as_in_the_pipe(page, session, type_keys)
        assert status_words(page) == end_words(session, "spec-sample")
        page.click("#again")
        start(page, "pascal-learner", {"seed": "1"})  # a drawn screen, its cursor keys read with timeouts
        wait_screen(page, "s.includes(arg)", "Do you want to move first?", everything=False)
        type_keys(page, "y\r")
        wait_screen(page, "s.includes(arg)", "cursor keys and Enter", everything=False)
        page.keyboard.press("ArrowDown")
        wait_screen(page, "s.split('\\n')[4] === arg", " 3 .[.].", everything=False)
        page.keyboard.press("Control+c")
        ended(page)
        assert page.errors == []
    finally:
        page.context.close()
        process.terminate()
        process.wait(timeout=10)


def test_a_worker_that_dies_is_said_in_words(browser, server) -> None:
    page = open_site(browser, server)
    try:
        start(page, "perl-midterm", {})
        page.evaluate("() => window.retroWorker.onerror(new ErrorEvent('error', {message: 'out of memory'}))")
        page.wait_for_selector("#status[data-exit='limit']")
        assert status_words(page) == "The session was ended: the program's worker stopped (out of memory)."
    finally:
        page.context.close()


@pytest.mark.skipif(not AXE.exists(), reason="no axe-core: run `npm ci` (make venv does) to install it")
@pytest.mark.parametrize("view", ["phone", "desktop"])
def test_every_state_of_the_site_passes_axe(browser, server, view: str) -> None:
    """The menu with its Forget and Check, each program running and ended, the check's result."""
    page = axe_page(browser, server, view)
    found: list[str] = []
    try:
        open_every_details(page)
        page.wait_for_selector("li[data-program='pascal-learner'] .forget button")
        found += failures(page, "the menu")
        for program_id in ("altair-3d", "pascal-learner", "cpm-c", "fortran-rcd", "perl-midterm"):
            start(page, program_id, {})
            found += failures(page, f"{program_id} running")
            page.keyboard.press("Control+c")
            ended(page)
            found += failures(page, f"{program_id} ended")
            page.click("#again")
            page.wait_for_selector("#menu:not([hidden])")
        page.goto(server + "#/check")
        page.wait_for_function("() => window.retroChecked", timeout=120000)
        found += failures(page, "the check")
        assert page.errors == []
    finally:
        page.context.close()
    assert found == [], "\n".join(found)

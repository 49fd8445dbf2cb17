"""retro serve in a real browser: headless Chromium from the system's package
manager, driven by Playwright (which downloads nothing: it is pointed at the
system's Chromium).  Every port is played in the page to the end of a golden
session, and the page shows what the pipe mode printed, with each typed line
echoed where it was read; the Fortran MJ weakness is played with the computer
starting; a Fig. 5 game is replayed; screenshots are taken and the terminal's
text compared with the expected rendering.

`make test` installs Chromium where it can (root on Debian); elsewhere these
tests are skipped with a message saying how to run them.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from retro import transcript

from web_helpers import GOLDEN, golden, query

CHROMIUM = os.environ.get("RETRO_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium: install it (Debian: apt-get install chromium; `make test` does so as root) "
           "or name it in RETRO_CHROMIUM, then run pytest tests/web")
SHOTS = Path(os.environ.get("RETRO_SCREENSHOTS", "")) if os.environ.get("RETRO_SCREENSHOTS") else None


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve")
    process = subprocess.Popen([sys.executable, "-m", "retro", "serve", "--port", "0"], cwd=folder,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = process.stderr.readline().decode().split()[2]
    yield url
    process.send_signal(2)
    assert process.wait(timeout=30) == 130


@pytest.fixture(scope="module")
def browser():
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(server)
    page.wait_for_selector("li[data-program='fortran-rcd'] button")
    page.wait_for_selector("details.group summary")  # the recorded sessions are listed
    yield page
    context.close()


def screen_text(page) -> str:
    return page.inner_text("#screen")


def rendering(session: transcript.Transcript, upto: int | None = None) -> list[str]:
    """What the page should show before each read (and at the end): the output,
    the error output, and each line typed, echoed with its line break."""
    shown, text, reads = [], "", 0
    for event in session.events:
        if event.kind == "in":
            shown.append(text)
            text += ("^D" if event.text is None else event.text.rstrip("\n")) + "\n"
            reads += 1
        else:
            text += event.text or ""
    shown.append(text)
    return shown


def start(page, program_id: str, params: dict[str, str]) -> None:
    form = page.locator(f"li[data-program='{program_id}'] form")
    for name, value in params.items():
        field = form.locator(f"[data-name='{name}']")
        if field.get_attribute("type") == "checkbox":
            field.check()
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    form.locator("button[type=submit]").click()
    page.wait_for_selector("#session:not([hidden])")


def play(page, session: transcript.Transcript) -> None:
    """Type the session's lines, each once the page shows what came before it."""
    expected = rendering(session)
    inputs = [e for e in session.events if e.kind == "in"]
    for k, event in enumerate(inputs):
        page.wait_for_function("t => document.getElementById('screen').innerText === t", arg=expected[k],
                               timeout=20000)
        if event.text is None:
            page.click("#eof")
        else:
            page.fill("#line", event.text.rstrip("\n"))
            page.press("#line", "Enter")
    page.wait_for_selector("#status[data-exit]", timeout=20000)
    page.wait_for_function("t => document.getElementById('screen').innerText === t", arg=expected[-1],
                           timeout=20000)


@pytest.mark.parametrize("program_id", list(GOLDEN))
def test_every_port_plays_in_the_browser_as_in_the_pipe(page, program_id: str) -> None:
    session = golden(program_id)
    start(page, program_id, query(program_id, session.options))
    play(page, session)
    assert page.get_attribute("#status", "data-exit") == str(session.exit_status)
    assert screen_text(page) == rendering(session)[-1]


def test_the_mj_weakness_to_gana_el_humano(page, tmp_path: Path) -> None:
    """N, then 3,3 3,1 1,3 2,3: the computer starts and the human wins (the author's own account)."""
    session = golden("fortran-rcd", "mj-weakness")
    assert session.input_lines()[:5] == ["N", "3,3", "3,1", "1,3", "2,3"]
    start(page, "fortran-rcd", {"ai": "mj"})
    play(page, session)
    assert " Gana el humano\n" in screen_text(page)
    shot = page.screenshot(path=str((SHOTS or tmp_path) / "retro-serve-game.png"), full_page=True)
    assert shot[:8] == b"\x89PNG\r\n\x1a\n" and len(shot) > 10_000
    assert page.locator("#terminal").get_attribute("class") == "paper"


def test_a_fig5_game_replays_on_the_altair_glass_teletype(page, tmp_path: Path) -> None:
    session = golden("altair-3d", "fig5-v2-player-wins")
    details = page.locator("details.group", has_text="3-D Tic-Tac-Toe")
    assert details.get_attribute("open") is not None  # Fig. 5's program shows its sessions
    page.click("button[data-session='altair-3d/fig5-v2-player-wins']")
    page.wait_for_function("() => document.getElementById('baud').value === '300'")  # the period's pace
    page.select_option("#baud", "9600")
    page.wait_for_selector("#status[data-exit]", timeout=60000)
    assert screen_text(page) == rendering(session)[-1]
    assert page.locator("#terminal").get_attribute("class") == "glass"
    box = page.locator("#terminal").bounding_box()
    assert box and box["width"] > 600  # 80 columns
    shot = page.screenshot(path=str((SHOTS or tmp_path) / "retro-serve-fig5.png"))
    assert shot[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_menu_lists_programs_and_grouped_sessions(page, tmp_path: Path) -> None:
    titles = page.locator("li[data-program] .title").all_inner_texts()
    assert len(titles) == 5 and "Juego de 3 en linea (TicTacToe.f90)" in titles
    groups = page.locator("details.group summary").all_inner_texts()
    assert any(g.startswith("3-D Tic-Tac-Toe (") for g in groups), groups
    assert "Published with the program" in page.locator("#recorded").inner_text()
    page.screenshot(path=str((SHOTS or tmp_path) / "retro-serve-menu.png"), full_page=True)


def test_a_full_exhibit_is_said_in_the_page(browser, tmp_path: Path) -> None:
    """A session that cannot start is told why in the page (a browser cannot
    read the HTTP answer to a WebSocket): here the second of one."""
    process = subprocess.Popen([sys.executable, "-m", "retro", "serve", "--port", "0", "--max-sessions", "1"],
                               cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    context = browser.new_context()
    try:
        url = process.stderr.readline().decode().split()[2]
        first, second = context.new_page(), context.new_page()
        for page in (first, second):
            page.goto(url)
            page.wait_for_selector("li[data-program='cpm-c'] button")
        start(first, "cpm-c", {})
        first.wait_for_function("() => document.getElementById('screen').innerText.includes('Select your symbol')")
        start(second, "cpm-c", {})
        second.wait_for_selector("#status[data-exit='refused']", timeout=20000)
        assert second.inner_text("#status").startswith("The exhibit is full: 1 sessions are running.")
        assert second.locator("#input-line").is_hidden()
    finally:
        context.close()
        process.send_signal(2)
        assert process.wait(timeout=30) == 130

"""retro serve in a real browser: headless Chromium from the system's package
manager, driven by Playwright (which downloads nothing: it is pointed at the
system's Chromium).  Keys are typed into the page's terminal (xterm.js) as a
visitor types them: the teletype ports play golden games and show what the
pipe printed with each line echoed; the learner draws its own screen and
moves by a cursor key; the Altair plays Fig. 5's game on its green glass
terminal; Fig. 5's replay ends with its result on the screen; at 390 px the
page does not scroll sideways.  Screenshots are taken at 390, 768 and 1280
px, and docs/retro-serve-menu.png and docs/retro-serve-game.png are made
here, so the README's pictures are the page as it is.

`make test` installs Chromium where it can (root on Debian); elsewhere these
tests are skipped with a message saying how to run them.
"""
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from retro import catalog
from retro.web.app import describe
from web_helpers import ROOT, golden, prompts, query, rendering

CHROMIUM = os.environ.get("RETRO_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium: install it (Debian: apt-get install chromium; `make test` does so as root) "
           "or name it in RETRO_CHROMIUM, then run pytest tests/web")
SHOTS = Path(os.environ["RETRO_SCREENSHOTS"]) if os.environ.get("RETRO_SCREENSHOTS") else None
DOCS = ROOT / "docs"  # the README's pictures, made by these tests
WIDTHS = (390, 768, 1280)


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
            "--disable-component-update", "--disable-sync", "--font-render-hinting=none"])
        yield chromium
        chromium.close()


def open_page(browser, server: str, width: int = 1280, height: int = 900):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server)
    page.wait_for_selector("li[data-program='fortran-rcd'] button")
    page.wait_for_selector("details.group summary")  # the recorded sessions are listed
    page.errors = errors
    return page


@pytest.fixture
def page(browser, server):
    page = open_page(browser, server)
    yield page
    assert page.errors == []
    page.context.close()


def shot(page, tmp_path: Path, name: str, full_page: bool = False) -> bytes:
    path = (SHOTS or tmp_path) / name
    path.parent.mkdir(parents=True, exist_ok=True)
    data = page.screenshot(path=str(path), full_page=full_page)
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
    return data


def to_docs(data: bytes, name: str) -> None:
    """A README picture, made by the test that shows the page it pictures."""
    if DOCS.is_dir() and os.access(DOCS, os.W_OK):
        (DOCS / name).write_bytes(data)


def screen(page, everything: bool = False) -> str:
    """The terminal's text: the screen, or the whole buffer with its scrollback."""
    return page.evaluate("all => window.retroScreen(all)", everything)


def wait_screen(page, check: str, arg, everything: bool = True, timeout: float = 30000) -> None:
    page.wait_for_function(f"([arg, all]) => {{ const s = window.retroScreen(all); return {check}; }}",
                           arg=[arg, everything], timeout=timeout)


def quiet(page, seconds: float = 0.6, timeout: float = 60.0) -> None:
    """Until the terminal has written nothing for ``seconds`` (the program waits for a key)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.evaluate("() => window.retroLastOutput > 0 && performance.now() - window.retroLastOutput") > seconds * 1000:
            return
        time.sleep(0.1)
    raise AssertionError("the terminal never went quiet: " + screen(page)[-400:])


def shown_lines(text: str) -> str:
    """Text as a terminal's buffer gives it back: each line without its trailing blanks."""
    return "\n".join(line.rstrip() for line in text.split("\n")).rstrip("\n")


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
    page.wait_for_function("() => window.retroTerminal && window.retroLastOutput > 0")


def type_keys(page, keys: str) -> None:
    """Keys as a visitor types them into the terminal (it has the focus)."""
    for key in keys:
        if key == "\r":
            page.keyboard.press("Enter")
        elif key == "\x04":
            page.keyboard.press("Control+d")
        else:
            page.keyboard.type(key)


def at_the_end(page) -> bool:
    """Whether the terminal shows its last screenful (not scrolled back)."""
    return page.evaluate("() => { const b = window.retroTerminal.buffer.active; return b.viewportY === b.baseY; }")


def no_sideways_scroll(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("program_id, name", [("cpm-c", "bad-input"), ("perl-midterm", "spec-sample"),
                                              ("fortran-rcd", "mj-weakness")])
def test_a_teletype_port_plays_in_the_terminal_as_in_the_pipe(page, tmp_path: Path, program_id: str,
                                                              name: str) -> None:
    """Each line typed once the terminal shows what the pipe printed before
    it; at the end the whole session is in the terminal (its scrollback), the
    status is said, and the way back to the menu is offered."""
    session = golden(program_id, name)
    start(page, program_id, query(program_id, session.options))
    for shown, keys in prompts(session):
        wait_screen(page, "s === arg", shown_lines(shown))
        type_keys(page, keys)
    page.wait_for_selector("#status[data-exit]", timeout=30000)
    assert page.get_attribute("#status", "data-exit") == str(session.exit_status)
    assert screen(page, everything=True) == shown_lines(rendering(session))
    assert page.locator("#terminal").get_attribute("class") == "paper"
    program = catalog.get(program_id)
    said = page.inner_text("#status")  # the program by its title, its status and what the status means
    assert page.locator("#ended").is_visible() and said.startswith(f"{program.title} ended with status "
                                                                   f"{session.exit_status}"), said
    assert dict(program.exit_statuses)[session.exit_status] in said and program_id not in said, said
    if name == "mj-weakness":  # N, 3,3 3,1 1,3 2,3: the computer starts and the human wins (the author's account)
        assert session.input_lines()[:5] == ["N", "3,3", "3,1", "1,3", "2,3"]
        assert " Gana el humano" in screen(page, everything=True)
        to_docs(shot(page, tmp_path, "retro-serve-game.png"), "retro-serve-game.png")
    page.click("#again")
    page.wait_for_selector("#menu:not([hidden])")


def test_the_end_shows_the_last_output_though_keys_were_typed_ahead(page) -> None:
    """The MJ game's lines all typed before the program answers the first:
    when it ends, the view is its last output (the last screenful), not the
    line the cursor was on when Enter was last pressed (then still near
    the top: the first version scrolled back to it)."""
    session = golden("fortran-rcd", "mj-weakness")
    start(page, "fortran-rcd", query("fortran-rcd", session.options))
    wait_screen(page, "s.includes(arg)", "[S/N]", everything=False)
    # the keys all at once, as the terminal's input (what a fast typist's keys become if the program is slow)
    page.evaluate("keys => window.retroTerminal.input(keys)", "".join(keys for _, keys in prompts(session)))
    page.wait_for_selector("#status[data-exit]", timeout=30000)
    everything = screen(page, everything=True)
    assert " Gana el humano" in everything and everything.count("\n") > 2 * 24
    assert at_the_end(page), page.evaluate("() => window.retroTerminal.buffer.active.viewportY")
    assert everything.endswith(screen(page))


def test_the_end_says_the_programs_title_and_what_its_status_means(page) -> None:
    """Ctrl-C, the end of input (Ctrl-D), each said as such, the program named by its title."""
    start(page, "perl-midterm", {})
    wait_screen(page, "s.includes(arg)", "Pick a space", everything=False)
    page.keyboard.press("Control+c")
    page.wait_for_selector("#status[data-exit]", timeout=30000)
    assert page.inner_text("#status") == ("Midterm: Tic Tac Toe (Perl 5) ended with status 130: interrupted by "
                                          "Ctrl-C. Scroll the terminal to read the session back.")
    page.click("#again")
    start(page, "cpm-c", {})
    wait_screen(page, "s.includes(arg)", "Select your symbol", everything=False)
    page.keyboard.press("Control+d")
    page.wait_for_selector("#status[data-exit]", timeout=30000)
    assert page.inner_text("#status").startswith("Game of Tic-Tac-Toe (C for CP/M) ended with status 0 after the "
                                                 "end of input (Ctrl-D): the program ended: ")


def test_the_learner_draws_its_screen_and_moves_by_a_cursor_key(page, tmp_path: Path) -> None:
    start(page, "pascal-learner", {"seed": "1"})
    wait_screen(page, "s.includes(arg)", "Do you want to move first?", everything=False)
    type_keys(page, "y\r")  # the answer and its Enter (a line, as readln read it)
    wait_screen(page, "s.includes(arg)", "cursor keys and Enter", everything=False)
    assert screen(page).split("\n")[1:5] == ["   1 2 3", " 1 . . .", " 2 .[.].", " 3 . . ."]
    page.keyboard.press("ArrowDown")
    wait_screen(page, "s.split('\\n')[4] === arg", " 3 .[.].", everything=False)
    page.keyboard.press("Enter")
    wait_screen(page, "s.includes(arg)", "I play", everything=False)
    row = screen(page).split("\n")[4]
    assert row in (" 3 . X .", " 3 .[X].")
    assert page.locator("#terminal").get_attribute("class") == "amber"
    shot(page, tmp_path, "retro-serve-learner-1280.png")


def test_an_altair_game_on_its_glass_teletype(page, tmp_path: Path) -> None:
    """Fig. 5's game typed move by move into version 2 on the Altair's 80x24
    green screen, to its end.  The port draws its screen in place, as that
    terminal showed it; the rows that scroll off its top go into the page
    terminal's scrollback, in order, so the game can be read back: its YOU
    WON, scrolled away by the next game's boards before the next read, is
    there, and the buffer is the whole session as a roll of paper holds it."""
    session = golden("altair-3d", "fig5-v2-player-wins")
    start(page, "altair-3d", query("altair-3d", session.options))
    assert page.evaluate("() => [window.retroTerminal.cols, window.retroTerminal.rows]") == [80, 24]
    assert page.locator("#terminal").get_attribute("class") == "glass"
    for _, keys in prompts(session):
        wait_screen(page, "s.includes(arg)", "POSITION?", everything=False)
        quiet(page)
        type_keys(page, keys)
    page.wait_for_selector("#status[data-exit]", timeout=60000)
    assert page.get_attribute("#status", "data-exit") == str(session.exit_status)
    everything = screen(page, everything=True)
    assert "YOU WON" in everything.split("\n")  # in the scrollback: the next game's boards followed it
    assert everything.lstrip("\n") == shown_lines(rendering(session))
    assert at_the_end(page) and "YOU WON" not in screen(page)  # the end shows the last screen, the game above it
    assert everything.endswith("BREAK IN 90\nOK")
    shot(page, tmp_path, "retro-serve-altair-won-1280.png")


def test_fig5_replays_at_its_pace_and_ends_on_its_last_screen(page, tmp_path: Path) -> None:
    session = golden("altair-3d", "fig5-v2-player-wins")
    details = page.locator("details.group", has_text="3-D Tic-Tac-Toe")
    assert details.get_attribute("open") is not None  # Fig. 5's program shows its sessions
    page.click("button[data-session='altair-3d/fig5-v2-player-wins']")
    page.wait_for_function("() => document.getElementById('baud').value === '300'")  # the period's pace
    wait_screen(page, "s.length > 0", None)  # the replay has begun (on a loaded machine, a while after)
    time.sleep(1.0)
    written = len(screen(page, everything=True))
    assert 0 < written < 60  # 300 baud: 30 characters a second
    page.select_option("#baud", "9600")
    page.wait_for_selector("#status[data-exit]", timeout=120000)
    assert page.get_attribute("#status", "data-exit") == str(session.exit_status)
    assert at_the_end(page)  # the end shows the last output: the last screenful, the game above it
    assert screen(page).endswith("BREAK IN 90\nOK")
    everything = screen(page, everything=True)
    assert "YOU WON" in everything.split("\n") and "YOU WON" not in screen(page)  # a few rows up, in the scrollback
    assert everything.count("POSITION?") >= len(session.input_lines())  # the scrollback holds it all
    shot(page, tmp_path, "retro-serve-fig5-1280.png")


def test_a_live_game_starts_at_its_own_pace_not_the_last_replays(page) -> None:
    """Fig. 5's replay at its period's 300 baud, then a live game: it starts
    as it comes (the live pace), unless its card says otherwise; each pace
    is chosen on the menu, where it applies."""
    page.click("button[data-session='altair-3d/fig5-v2-player-wins']")
    page.wait_for_function("() => document.getElementById('baud').value === '300'")
    time.sleep(0.5)
    page.click("#back")
    page.wait_for_selector("#menu:not([hidden])")
    start(page, "perl-midterm", {})
    assert page.input_value("#baud") == "0"
    wait_screen(page, "s.includes(arg)", "Pick a space", everything=False, timeout=5000)  # 300 baud: 5 s and more
    page.click("#back")
    page.wait_for_selector("#menu:not([hidden])")
    assert page.locator("#replay-baud").is_visible() and page.input_value("#replay-baud") == "300"
    card = page.locator("li[data-program='perl-midterm'] form")
    assert card.locator("label.pace select").is_visible() and card.locator("label.pace select").input_value() == "0"
    page.locator("li[data-program='cpm-c'] label.pace select").select_option("1200")
    start(page, "cpm-c", {})
    assert page.input_value("#baud") == "1200"
    page.click("#back")
    page.wait_for_selector("#menu:not([hidden])")
    page.select_option("#replay-baud", "9600")
    page.click("button[data-session='altair-3d/fig5-v2-player-wins']")
    page.wait_for_selector("#session:not([hidden])")
    assert page.input_value("#baud") == "9600"


@pytest.mark.parametrize("width", WIDTHS)
def test_the_menu_and_a_session_at_any_width(browser, server, tmp_path: Path, width: int) -> None:
    """No sideways scroll of the page at 390, 768 or 1280 px: the cards reflow
    and the terminal keeps its 80 columns by scaling its font (or scrolls in
    its own frame); screenshots of both."""
    page = open_page(browser, server, width=width, height=844 if width == 390 else 900)
    try:
        titles = page.locator("li[data-program] .title").all_inner_texts()
        assert len(titles) == 5 and "Juego de 3 en linea (TicTacToe.f90)" in titles
        assert "Published with the program" in page.locator("#recorded").inner_text()
        assert no_sideways_scroll(page)
        menu = shot(page, tmp_path, f"retro-serve-menu-{width}.png", full_page=True)
        if width == 1280:
            to_docs(menu, "retro-serve-menu.png")
        start(page, "altair-3d", {})
        wait_screen(page, "s.includes(arg)", "POSITION?", everything=False)
        assert page.evaluate("() => window.retroTerminal.cols") == 80
        assert no_sideways_scroll(page)
        frame = page.locator("#frame").bounding_box()
        assert frame and frame["x"] >= 0 and frame["x"] + frame["width"] <= width
        shot(page, tmp_path, f"retro-serve-altair-{width}.png")
        assert page.errors == []
    finally:
        page.context.close()


# Words with a hyphen or a slash inside (perl-midterm, altair-3d/fig5-v2-player-wins, --fix-for-stack,
# Ctrl-C) that the page shows on more than one line.
BROKEN_IDENTIFIERS = r"""() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node; (node = walker.nextNode());) {
    const element = node.parentElement;
    if (!element || element.closest(".xterm") || element.closest("[hidden]") || element.closest("select")) continue;
    for (const word of node.textContent.matchAll(/\S+/g)) {
      if (!/\S[-/]\S|^-\S/.test(word[0])) continue;
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) broken.push(word[0]);
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("width", (390, 768))
def test_identifiers_stay_whole(browser, server, tmp_path: Path, width: int) -> None:
    """At a phone's and a tablet's width: no program or session identifier,
    no flag, is broken at its hyphens (the menu with every group open, a
    replay's title, an end's status)."""
    page = open_page(browser, server, width=width, height=844 if width == 390 else 900)
    try:
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        assert page.evaluate(BROKEN_IDENTIFIERS) == []
        shot(page, tmp_path, f"retro-serve-menu-open-{width}.png", full_page=True)
        page.click("button[data-session='altair-3d/fig5-v2-player-wins']")
        page.wait_for_selector("#session:not([hidden])")
        assert "altair-3d/fig5-v2-player-wins" in page.inner_text("#session-title")
        assert page.evaluate(BROKEN_IDENTIFIERS) == []
        page.click("#back")
        start(page, "perl-midterm", {"nesting": "rotation"})
        wait_screen(page, "s.includes(arg)", "Pick a space", everything=False)
        page.keyboard.press("Control+c")
        page.wait_for_selector("#status[data-exit]", timeout=30000)
        assert page.evaluate(BROKEN_IDENTIFIERS) == []
        assert no_sideways_scroll(page)
        shot(page, tmp_path, f"retro-serve-perl-end-{width}.png")
        assert page.errors == []
    finally:
        page.context.close()


@pytest.mark.parametrize("width", (390, 1280))
def test_every_variant_says_what_it_does_in_text(browser, server, tmp_path: Path, width: int) -> None:
    """Each variant's explanation is text beside its control (below it on a
    phone), not a hover tooltip, which a touch screen cannot show; no word
    of the project's own making reaches the page."""
    from test_user_words import our_words

    page = open_page(browser, server, width=width, height=844 if width == 390 else 900)
    try:
        for program in catalog.programs().values():
            for variant in describe(program)["variants"]:  # what a visitor may set
                said = page.locator(f"#help-{program.id}-{variant['name']}")
                assert said.is_visible() and said.inner_text() == variant["help"], (program.id, variant["name"])
                control = page.locator(f"li[data-program='{program.id}'] [data-name='{variant['name']}']")
                assert control.get_attribute("aria-describedby") == f"help-{program.id}-{variant['name']}"
        assert page.locator("li[data-program] [title]").count() == 0  # no tooltips
        assert "A modern fix, not in the original" in page.inner_text("li[data-program='altair-3d']")
        assert our_words(page.inner_text("body")) == [] and no_sideways_scroll(page)
        shot(page, tmp_path, f"retro-serve-variants-{width}.png", full_page=True)
    finally:
        page.context.close()


def test_a_full_exhibit_is_said_in_the_page(browser, tmp_path: Path) -> None:
    """A session that cannot start is told why in the page (a browser cannot
    read the HTTP answer to a WebSocket): here the second of one."""
    process = subprocess.Popen([sys.executable, "-m", "retro", "serve", "--port", "0", "--max-sessions", "1"],
                               cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        url = process.stderr.readline().decode().split()[2]
        first, second = open_page(browser, url), open_page(browser, url)
        start(first, "cpm-c", {})
        wait_screen(first, "s.includes(arg)", "Select your symbol")
        second.locator("li[data-program='cpm-c'] form button[type=submit]").click()
        second.wait_for_selector("#status[data-exit='refused']", timeout=20000)
        assert second.inner_text("#status").startswith("The exhibit is full: 1 session is running.")
        assert second.locator("#again").is_visible()
        first.context.close()
        second.context.close()
    finally:
        process.send_signal(2)
        assert process.wait(timeout=30) == 130

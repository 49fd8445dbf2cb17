"""retro serve in a real browser: headless Chromium from the system's package
manager, driven by Playwright (which downloads nothing: it is pointed at the
system's Chromium).  Keys are typed into the page's terminal (xterm.js) as a
visitor types them: the teletype ports play golden games and show what the
pipe printed with each line echoed; the learner draws its own screen and
moves by a cursor key; the Altair plays Fig. 5's game on its green glass
terminal; Fig. 5's replay ends with its result on the screen.  On a phone
(390x844 upright, 844x390 sideways, a touch screen) every program plays a
short game to its end by the key bar and typed characters alone, at a
legible size.  The page speaks in words: no flag as a label, no exit status
outside the end bar's details.  Screenshots are taken at phone, tablet and
desktop widths into a temporary folder (or RETRO_SCREENSHOTS); with
RETRO_DOCS=1 (`make docs`) the README's pictures, docs/retro-serve-menu.png,
docs/retro-serve-game.png and docs/retro-serve-phone.png, are made from them.

`make test` installs Chromium where it can (root on Debian); elsewhere these
tests are skipped with a message saying how to run them.
"""
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from retro import catalog
from retro.web.api import describe
from web_helpers import CHROMIUM, ROOT, end_words, golden, prompts, query, rendering

playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium: install it (Debian: apt-get install chromium; `make test` does so as root) "
           "or name it in RETRO_CHROMIUM, then run pytest tests/web")
SHOTS = Path(os.environ["RETRO_SCREENSHOTS"]) if os.environ.get("RETRO_SCREENSHOTS") else None
DOCS = ROOT / "docs" if os.environ.get("RETRO_DOCS") == "1" else None  # the README's pictures, on request
WIDTHS = (390, 768, 1280)
PHONE = {"width": 390, "height": 844}  # held upright
SIDEWAYS = {"width": 844, "height": 390}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve")
    process = subprocess.Popen([sys.executable, "-m", "retro", "serve", "--port", "0"], cwd=folder,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = process.stderr.readline().decode().split()[2]
    yield url
    process.send_signal(2)
    assert process.wait(timeout=30) == 130


# The page's JSON messages to the server (a resize), kept for the tests in window.retroSent, and
# the socket that sent them last (window.retroSocket).
RECORD_MESSAGES = """
window.retroSent = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  window.retroSocket = this;
  if (typeof data === "string") window.retroSent.push(JSON.parse(data));
  return send.call(this, data);
};
"""


def open_page(browser, server: str, width: int = 1280, height: int = 900, touch: bool = False,
              scripts: tuple[Path, ...] = (), **options):
    """The menu in a new browser context of this size (``options``: the
    context's others, a media feature emulated), ``scripts`` run in it first."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, **options)
    context.add_init_script(RECORD_MESSAGES)
    for script in scripts:
        context.add_init_script(path=script)
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
    """A README picture, made by the test that shows the page it pictures,
    when asked for (RETRO_DOCS=1, `make docs`); else nothing is written outside
    the test's temporary folder."""
    if DOCS is not None:
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


def set_variants(page, program_id: str, params: dict[str, str]):
    """The program's card with its variants set as ``params`` say: its form."""
    form = page.locator(f"li[data-program='{program_id}'] form")
    if params:  # the variants open on demand
        form.locator("details.more").evaluate("d => { d.open = true; }")
    for name, value in params.items():
        field = form.locator(f"[data-name='{name}']")
        if field.get_attribute("type") == "checkbox":
            field.check()
        elif field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    return form


def start(page, program_id: str, params: dict[str, str]) -> None:
    set_variants(page, program_id, params).locator("button[type=submit]").click()
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


def play_as_in_the_pipe(page, session, typist, before_last=lambda: None) -> None:
    """A teletype's golden session, each line typed (by ``typist``) once the
    terminal shows what the pipe printed before it (``before_last`` is called
    before the last); at the end the whole session is in the terminal (its
    scrollback) and its status is the pipe's."""
    steps = prompts(session)
    for k, (shown, keys) in enumerate(steps):
        wait_screen(page, "s === arg", shown_lines(shown))
        if k == len(steps) - 1:
            before_last()
        typist(page, keys)
    page.wait_for_selector("#status[data-exit]", timeout=30000)
    assert page.get_attribute("#status", "data-exit") == str(session.exit_status)
    assert screen(page, everything=True) == shown_lines(rendering(session))


def details(page) -> str:
    """The end bar's details: the exit status and what it means (opened to be read)."""
    page.evaluate("() => { document.getElementById('details').open = true; }")
    said = page.inner_text("#status-details")
    page.evaluate("() => { document.getElementById('details').open = false; }")
    return said


def said_in_words(page) -> None:
    """The end bar as a visitor sees it (its details closed) speaks in words:
    no exit status, no flag."""
    page.evaluate("() => { document.getElementById('details').open = false; }")
    visible = page.inner_text("#ended")
    assert "status" not in visible.lower() and "--" not in visible, visible


def status_words(page) -> str:
    """What the end bar's status says of the session (without the sentence that
    offers the visitor's game to take home: test_web_browser_takehome.py)."""
    return page.evaluate("""() => { const status = document.getElementById('status').cloneNode(true);
                                    status.querySelectorAll('.take-home-said').forEach(said => said.remove());
                                    return status.textContent; }""")


def ends_with(page, status: int, words: str) -> None:
    """The session ends with this exit status, said in these words (and in words only)."""
    page.wait_for_selector("#status[data-exit]", timeout=60000)
    assert page.get_attribute("#status", "data-exit") == str(status)
    assert status_words(page) == words
    said_in_words(page)


def cursor_shown(page) -> bool:
    return page.evaluate("() => document.querySelectorAll('#terminal .xterm-cursor').length > 0")


def cursor_gone(page) -> bool:
    """Until the terminal shows no cursor (xterm.js draws the write that hides
    it at its next frame, later on a loaded machine): True, or a timeout."""
    page.wait_for_function("() => document.querySelectorAll('#terminal .xterm-cursor').length === 0", timeout=10000)
    return True


@pytest.mark.parametrize("program_id, name", [("cpm-c", "bad-input"), ("perl-midterm", "spec-sample"),
                                              ("fortran-rcd", "mj-weakness")])
def test_a_teletype_port_plays_in_the_terminal_as_in_the_pipe(page, tmp_path: Path, program_id: str,
                                                              name: str) -> None:
    """Each line typed once the terminal shows what the pipe printed before
    it; at the end the whole session is in the terminal (its scrollback), the
    status is said, and the way back to the menu is offered."""
    session = golden(program_id, name)
    start(page, program_id, query(program_id, session.options))
    play_as_in_the_pipe(page, session, type_keys)
    assert page.locator("#terminal").get_attribute("class") == "paper"
    program = catalog.get(program_id)
    assert page.locator("#ended").is_visible()
    said_in_words(page)  # what happened in words; the status and what it means under Details
    assert status_words(page) == end_words(session, name)  # who won, as the session's text says
    assert details(page) == f"Exit status {session.exit_status}: {dict(program.exit_statuses)[session.exit_status]}."
    assert cursor_gone(page)  # nobody types any more
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


def test_the_end_says_what_happened_in_this_session(page) -> None:
    """Ctrl-C, the end of input (Ctrl-D), each said as what the visitor did;
    the status and its meaning under Details: the words the server sends
    (retro.outcome.end_bar), shown as they are."""
    start(page, "perl-midterm", {})
    wait_screen(page, "s.includes(arg)", "Pick a space", everything=False)
    page.keyboard.press("Control+c")
    page.wait_for_selector("#status[data-exit]", timeout=30000)
    assert status_words(page) == "You pressed Ctrl-C: the program stopped."
    assert details(page) == "Exit status 130: interrupted by Ctrl-C."
    said_in_words(page)
    page.click("#again")
    start(page, "cpm-c", {})
    wait_screen(page, "s.includes(arg)", "Select your symbol", everything=False)
    page.keyboard.press("Control+d")
    page.wait_for_selector("#status[data-exit]", timeout=30000)
    assert status_words(page) == "You ended the input (Ctrl-D): the program stopped."
    assert details(page).startswith("Exit status 0: the program ended: ")
    # every other case of the end bar's words: tests/test_outcome.py (they come from the server)


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


def test_fig5_replays_within_a_minute_and_ends_with_its_result_on_screen(page, tmp_path: Path) -> None:
    """Fig. 5's second game at the replays' pace (2400 baud: the game's 6,900
    characters in 29 s; the period's 300 baud is a choice), to where the
    article's game ends: YOU WON and its board on the last screen; the new
    game, the end of input and BASIC's BREAK IN 90 that the recording added
    are shown apart, under Details."""
    session = golden("altair-3d", "fig5-v2-player-wins")
    group = page.locator("details.group", has_text="3-D Tic-Tac-Toe")
    assert group.get_attribute("open") is not None  # Fig. 5's program shows its sessions
    assert page.input_value("#replay-baud") == "2400" and "300 baud" in page.locator("#replay-baud option").all_inner_texts()
    page.click("button[data-session='altair-3d/fig5-v2-player-wins']")
    page.wait_for_function("() => document.getElementById('baud').value === '2400'")
    wait_screen(page, "s.length > 0", None)  # the replay has begun (on a loaded machine, a while after)
    began = time.monotonic()  # before the count: what shows later was written after it
    written = len(screen(page, everything=True))
    wait_screen(page, "s.length >= arg", written + 240)
    assert time.monotonic() - began > 0.9  # 2400 baud: 240 characters a second, never faster (a load only slows it)
    assert len(rendering(session)) / 240 < 60
    page.select_option("#baud", "9600")
    page.wait_for_selector("#status[data-exit]", timeout=120000)
    assert page.get_attribute("#status", "data-exit") == str(session.exit_status)
    assert at_the_end(page)  # the end shows the last output: the last screenful, the game above it
    assert "YOU WON" in screen(page).split("\n")  # the result on the last screen
    everything = screen(page, everything=True)
    assert "BREAK IN 90" not in everything and not everything.endswith("YOUR BOARD, POSITION?")
    assert everything.count("POSITION?") >= len(session.input_lines()) - 1  # the scrollback holds the game
    said_in_words(page)
    assert page.inner_text("#status").startswith("The recording is over. The last game: the player won;")
    page.click("#details summary")
    assert page.inner_text("#after-text").rstrip().endswith("BREAK IN 90\nOK")
    assert cursor_gone(page)
    shot(page, tmp_path, "retro-serve-fig5-1280.png")


def test_a_live_game_starts_at_its_own_pace_not_the_last_replays(page) -> None:
    """Fig. 5's replay at its period's 300 baud, then a live game: it starts
    as it comes (the live pace), unless its card says otherwise; each pace
    is chosen on the menu, where it applies."""
    page.select_option("#replay-baud", "300")
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
    card.locator("details.more").evaluate("d => { d.open = true; }")
    page.locator("li[data-program='cpm-c'] details.more").evaluate("d => { d.open = true; }")
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
    (at 390 px the menu is at most three screens tall), and the Altair's
    terminal keeps its 80 columns by scaling its font, saying upright on a
    phone to turn it sideways; screenshots of both."""
    page = open_page(browser, server, width=width, height=844 if width == 390 else 900)
    try:
        titles = page.locator("li[data-program] .title").all_inner_texts()
        assert len(titles) == 5 and "Juego de 3 en linea (TicTacToe.f90)" in titles
        assert "Published with the program" in page.locator("#recorded").text_content()  # (closed on a phone)
        assert no_sideways_scroll(page)
        if width == 390:
            assert page.evaluate("() => document.documentElement.scrollHeight") <= 3 * 844
        menu = shot(page, tmp_path, f"retro-serve-menu-{width}.png", full_page=True)
        if width == 1280:
            to_docs(menu, "retro-serve-menu.png")
        start(page, "altair-3d", {})
        wait_screen(page, "s.includes(arg)", "POSITION?", everything=False)
        assert page.evaluate("() => window.retroTerminal.cols") == 80
        assert page.locator("#turn").is_visible() == (width == 390)
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
        assert page.inner_text("#session-title") == (f"{golden('altair-3d', 'fig5-v2-player-wins').title} "
                                                     "(a recorded session)")
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
        page.evaluate("() => document.querySelectorAll('details.more').forEach((d) => { d.open = true; })")
        for program in catalog.programs().values():
            for variant in describe(program)["variants"]:  # what a visitor may set
                said = page.locator(f"#help-{program.id}-{variant['name']}")
                assert said.is_visible() and said.inner_text() == variant["help"], (program.id, variant["name"])
                control = page.locator(f"li[data-program='{program.id}'] [data-name='{variant['name']}']")
                assert control.get_attribute("aria-describedby") == f"help-{program.id}-{variant['name']}"
                label = control.locator("xpath=ancestor::label").locator(".name").inner_text()
                assert label == variant["label"] and "-" not in label[:1] and "_" not in label, label
        labels = page.locator("li[data-program] label .name").all_inner_texts()
        assert labels and not [text for text in labels if "--" in text]  # no flag as a label
        assert page.locator("li[data-program] .flag", has_text="--fix-for-stack").is_visible()  # shown small
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


# -- a phone: every program played to its end by touch ------------------------------------
# A short golden game of each teletype port: the computer wins, or the visitor stops at the end.
PHONE_GAMES = [("cpm-c", "x-computer-begins-computer-wins"), ("fortran-rcd", "ia-computer-first-computer-wins"),
               ("perl-midterm", "corner-opening-computer-wins")]
VIEWPORTS = {"upright": PHONE, "sideways": SIDEWAYS}


def tap_key(page, name: str) -> None:
    page.tap(f"#keybar [data-key='{name}']")


def touch_type(page, keys: str) -> None:
    """Keys as a phone's visitor gives them: characters from the system
    keyboard (into the terminal, which keeps the focus), Enter and Ctrl-D
    from the key bar."""
    for key in keys:
        if key == "\r":
            tap_key(page, "enter")
        elif key == "\x04":
            tap_key(page, "ctrl-d")
        else:
            page.keyboard.type(key)


def legible(page, viewport: dict[str, int]) -> tuple[int, int]:
    """The terminal's columns and font: a character at least 11 px high, the
    terminal within the window's width."""
    cols, font = page.evaluate("() => [window.retroTerminal.cols, window.retroTerminal.options.fontSize]")
    right = page.locator("#terminal").bounding_box()
    assert font >= 11 and right and right["x"] + right["width"] <= viewport["width"], (cols, font, right)
    return cols, font


@pytest.mark.parametrize("held", VIEWPORTS)
@pytest.mark.parametrize("program_id, name", PHONE_GAMES)
def test_a_phone_plays_a_teletype_game_by_touch(browser, server, tmp_path: Path, held: str, program_id: str,
                                                name: str) -> None:
    """A teletype's game to its end on a phone: the terminal takes the
    columns the phone shows legibly (fewer than 80 upright), the key bar
    gives Enter and Ctrl-D, the system keyboard the rest; the terminal holds
    what the pipe printed, wrapped as a narrow terminal wraps it."""
    viewport = VIEWPORTS[held]
    page = open_page(browser, server, touch=True, **viewport)
    try:
        session = golden(program_id, name)
        start(page, program_id, query(program_id, session.options))
        assert page.locator("#keybar").is_visible() and not page.locator("#turn").is_visible()
        cols, _ = legible(page, viewport)
        assert cols < 80 if held == "upright" else cols == 80
        rows = page.evaluate("() => window.retroTerminal.rows")  # the pty has the terminal's size
        page.wait_for_function("() => window.retroSent.length > 0")
        assert page.evaluate("() => window.retroSent") == [{"type": "resize", "cols": cols, "rows": rows}]
        playing = []  # the game before its last key: the key bar and the terminal as the visitor plays
        play_as_in_the_pipe(page, session, touch_type,
                            lambda: playing.append(shot(page, tmp_path, f"retro-serve-phone-{program_id}-{held}-playing.png")))
        said_in_words(page)
        assert not page.locator("#keybar").is_visible() and cursor_gone(page) and no_sideways_scroll(page)
        shot(page, tmp_path, f"retro-serve-phone-{program_id}-{held}.png")
        if (program_id, held) == ("fortran-rcd", "upright"):
            to_docs(playing[0], "retro-serve-phone.png")
        assert page.errors == []
    finally:
        page.context.close()


@pytest.mark.parametrize("held", VIEWPORTS)
def test_a_phone_plays_the_altair_by_the_key_bar(browser, server, tmp_path: Path, held: str) -> None:
    """Version 1's game (the computer wins) on the Altair's 80x24 screen,
    the moves typed and Enter and the last Ctrl-D from the key bar: held
    sideways the screen is drawn across the phone at a legible size; upright
    the page says to turn it."""
    viewport = VIEWPORTS[held]
    session = golden("altair-3d", "v1-game-computer-wins")
    page = open_page(browser, server, touch=True, **viewport)
    try:
        start(page, "altair-3d", query("altair-3d", session.options))
        assert page.evaluate("() => [window.retroTerminal.cols, window.retroTerminal.rows]") == [80, 24]
        assert page.locator("#turn").is_visible() == (held == "upright")
        if held == "sideways":
            legible(page, viewport)
            assert page.locator("#keybar").bounding_box()["y"] < viewport["height"]  # beside the terminal
        for _, keys in prompts(session):
            quiet(page)
            touch_type(page, keys)
        ends_with(page, session.exit_status, end_words(session, "v1-game-computer-wins"))
        assert screen(page, everything=True).lstrip("\n") == shown_lines(rendering(session))
        shot(page, tmp_path, f"retro-serve-phone-altair-{held}.png")
        assert page.errors == []
    finally:
        page.context.close()


LEARNER_ROW = re.compile(r"^ ?(\d+)((?:[ \[\]][.XO])+)[\]]?$")


def learner_board(page) -> tuple[dict[tuple[int, int], str], tuple[int, int] | None]:
    """The learner's board on the screen: each square's mark, and the cursor's square."""
    cells, cursor = {}, None
    for line in screen(page).split("\n"):
        found = LEARNER_ROW.match(line)
        if not found:
            continue
        row, marks = int(found.group(1)), found.group(2)
        for col in range(len(marks) // 2):
            cells[row, col + 1] = marks[2 * col + 1]
            if marks[2 * col] == "[":
                cursor = (row, col + 1)
    return cells, cursor


def learner_move(page) -> list[str]:
    """The arrows from the learner's cursor to the first empty square."""
    cells, cursor = learner_board(page)
    assert cursor and cells, screen(page)
    target = next(square for square, mark in sorted(cells.items()) if mark == ".")
    rows, cols = target[0] - cursor[0], target[1] - cursor[1]
    return ["down" if rows > 0 else "up"] * abs(rows) + ["right" if cols > 0 else "left"] * abs(cols)


@pytest.mark.parametrize("held", [*VIEWPORTS, "desktop"])
def test_the_learner_plays_a_game_by_cursor_keys(browser, server, tmp_path: Path, held: str) -> None:
    """A whole game against the learner, moved by the cursor keys and Enter
    alone (the key bar's on a phone, the keyboard's on a desktop) to the
    first empty square each turn, then N to another game."""
    viewport = VIEWPORTS.get(held, {"width": 1280, "height": 900})
    page = open_page(browser, server, touch=held != "desktop", **viewport)

    def press(key: str) -> None:
        if held == "desktop":
            page.keyboard.press({"enter": "Enter"}.get(key, "Arrow" + key.capitalize()))
        else:
            tap_key(page, key)

    try:
        start(page, "pascal-learner", {"seed": "1", "fresh": "1"})
        wait_screen(page, "s.includes(arg)", "Do you want to move first?", everything=False)
        page.keyboard.type("y")
        press("enter")
        for _ in range(6):
            page.wait_for_function("() => /cursor keys and Enter|Another game/.test(window.retroScreen(false))")
            if "Another game" in screen(page):
                break
            empty = list(learner_board(page)[0].values()).count(".")
            for step in learner_move(page):
                press(step)
            press("enter")
            end = time.monotonic() + 30  # until the move is on the board and the learner has answered it
            while "Another game" not in screen(page) and not (
                    "cursor keys and Enter" in screen(page) and list(learner_board(page)[0].values()).count(".") <= empty - 2):
                assert time.monotonic() < end, screen(page)
                time.sleep(0.1)
        wait_screen(page, "s.includes(arg)", "Another game? (Y/N)", everything=False)
        result = next(said for text, said in (("You win.", "You won."), ("I win.", "The computer won."),
                                               ("A draw.", "A draw: nobody won.")) if text in screen(page))
        page.keyboard.type("n")
        press("enter")
        ends_with(page, 0, f"{result} The game is over.")  # as the learner's own words said it
        shot(page, tmp_path, f"retro-serve-learner-{held}.png")
        assert page.errors == []
    finally:
        page.context.close()


def test_a_session_says_it_is_starting_until_its_first_output(page) -> None:
    """Before the program's first output the session says it is starting,
    with the seconds; the first output takes it away.  The cursor shows while
    the visitor may type, and goes when the session ends."""
    page.evaluate("""() => {
      window.startingSaid = [];
      new MutationObserver(() => {
        const said = document.getElementById('starting');
        if (!said.hidden) window.startingSaid.push(said.textContent);
      }).observe(document.getElementById('starting'), {attributes: true, childList: true, subtree: true});
    }""")
    start(page, "cpm-c", {})
    said = page.evaluate("() => window.startingSaid")
    assert said and re.fullmatch(r"Starting Game of Tic-Tac-Toe \(C for CP/M\)\u2026 \d+ s", said[0]), said
    page.wait_for_selector("#starting", state="hidden")
    page.wait_for_function("() => document.querySelectorAll('#terminal .xterm-cursor').length > 0")  # typing
    assert cursor_shown(page)
    page.keyboard.press("Control+c")
    ends_with(page, 130, "You pressed Ctrl-C: the program stopped.")
    assert cursor_gone(page)  # nobody types any more


def test_the_paper_has_its_margin(page) -> None:
    """The paper terminal's text keeps off its left edge."""
    start(page, "perl-midterm", {})
    edge = page.locator("#terminal").bounding_box()
    text = page.locator("#terminal .xterm-screen").bounding_box()
    assert edge and text and text["x"] - edge["x"] >= 8, (edge, text)


def test_a_wrong_value_is_told_in_words(page) -> None:
    """A number out of its range is refused by the page before anything
    starts; one that reaches the server (an address typed by hand) is
    refused in words too."""
    form = page.locator("li[data-program='pascal-learner'] form")
    form.locator("details.more").evaluate("d => { d.open = true; }")
    form.locator("[data-name='rows']").fill("99")
    form.locator("button[type=submit]").click()
    assert page.locator("#menu").is_visible()  # nothing started
    assert not form.locator("[data-name='rows']").evaluate("e => e.checkValidity()")
    answer = page.request.post(page.url.rstrip("/") + "/api/run/pascal-learner?rows=abc", data=b"",
                               headers={"Origin": page.url.rstrip("/")})
    assert answer.status == 400 and answer.text() == "Rows: a whole number from 1 to 19, please; not 'abc'.\n"


# Each animation frame the page asks for, counted (window.retroFrames).
COUNT_FRAMES = """
window.retroFrames = 0;
const askFrame = window.requestAnimationFrame.bind(window);
window.requestAnimationFrame = (step) => { window.retroFrames += 1; return askFrame(step); };
"""


def frames_in_a_second(page) -> int:
    """The animation frames the page asks for over one second of its life."""
    before = page.evaluate("() => window.retroFrames")
    time.sleep(1.0)  # the window of the count, not a wait for anything
    return page.evaluate("() => window.retroFrames") - before


def test_an_idle_page_asks_for_no_frames(browser, server) -> None:
    """The paced output's loop runs only while something waits to be written:
    the menu, a program waiting for a key and a game's end ask the browser
    for no frame of theirs (a kiosk left on, a phone's battery).  The loop
    that ran for ever asked for 60 a second.  A waiting program's cursor
    blinks, a frame each 0.6 s (xterm.js)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        context.add_init_script(COUNT_FRAMES)
        page = context.new_page()
        page.goto(server)
        page.wait_for_selector("details.group summary")
        assert frames_in_a_second(page) == 0
        start(page, "perl-midterm", {})
        wait_screen(page, "s.includes(arg)", "Pick a space", everything=False)
        quiet(page)
        assert frames_in_a_second(page) <= 4
        page.keyboard.press("Control+d")
        page.wait_for_selector("#status[data-exit]", timeout=30000)
        quiet(page)
        assert frames_in_a_second(page) <= 2
    finally:
        context.close()

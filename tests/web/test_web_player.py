"""The player of a recorded session and the page's addresses.  The server
gives a shipped session's cast (exactly `retro cast`'s) to download and
marks its moves; in Chromium a replay keeps its pace (within 2 %), pauses
(nothing more is written) and plays on, seeks from move to move (the screen exactly what it showed when
that move was typed), and takes a new pace at once; an address opened in a
fresh page shows the same program with the same variant, or the recording at
that move; back and forward go between the menu and a session; a wrong
address is said in words over the menu; a Start pressed before the recordings
are listed keeps its session.  The README's embedded cast is what
`retro cast` makes now."""
from pathlib import Path

import pytest

from retro import transcript
from retro.cast import cast_of, move_typed
from retro.replay import the_game
from retro.web.api import recorded
from test_web_a11y import AXE, failures
from test_web_browser import (CHROMIUM, screen, server, shot,  # noqa: F401  # fixtures, used by name
                              shown_lines, wait_screen)
from web_helpers import ROOT, with_client

SHORT = "perl-midterm/corner-opening-computer-wins"  # three moves, 304 characters
DOCS_CAST = ROOT / "docs" / "corner-opening-computer-wins.cast"  # the README's embedded cast


def shipped(name: str) -> transcript.Transcript:
    return transcript.load(recorded()[name])


# -- the server ----------------------------------------------------------------------------

def test_a_shipped_sessions_cast_is_retro_casts_to_download() -> None:
    async def work(client):
        answer = await client.get(f"/api/sessions/{SHORT}/cast")
        missing = await client.get("/api/sessions/perl-midterm/no-such-session/cast")
        return answer.status, dict(answer.headers), await answer.text(), missing.status

    status, headers, body, missing = with_client(work)
    assert status == 200 and body == cast_of(shipped(SHORT)).v2()
    assert headers["Content-Type"].startswith("application/x-asciicast")
    assert headers["Content-Disposition"] == 'attachment; filename="perl-midterm-corner-opening-computer-wins.cast"'
    assert headers["Cache-Control"] == "max-age=3600"
    assert missing == 404


def test_a_sessions_moves_are_the_casts_markers() -> None:
    async def work(client):
        return await (await client.get("/api/sessions/altair-3d/fig5-v2-player-wins")).json()

    served = with_client(work)
    game, _ = the_game(shipped("altair-3d/fig5-v2-player-wins").events)
    assert served["moves"] == [k for k, e in enumerate(game) if e.kind == "in" and move_typed(e) is not None]
    markers = [line for line in cast_of(shipped("altair-3d/fig5-v2-player-wins")).v2().splitlines()
               if '"m"' in line]
    assert len(served["moves"]) == len(markers) > 3


def test_the_readmes_embedded_cast_is_what_retro_cast_makes_now() -> None:
    assert DOCS_CAST.read_text(encoding="utf-8") == cast_of(shipped(SHORT)).v2()
    assert f"/{DOCS_CAST.name}" in (ROOT / "docs" / "recordings.md").read_text(encoding="utf-8")


# -- in Chromium ---------------------------------------------------------------------------

browser_only = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium: see tests/web/test_web_browser.py")


@pytest.fixture
def page(browser, server):  # noqa: F811  # the fixtures browser and server, by name
    page = open_at(browser, server, "")
    yield page
    assert page.errors == []
    page.context.close()


def open_at(browser, server: str, address: str, width: int = 1280, axe: bool = False):  # noqa: F811  # the fixture browser, by name
    """A fresh page opened at ``address`` (the menu is listed, shown or not), axe-core in it if asked."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    if axe and AXE.exists():
        context.add_init_script(path=AXE)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.goto(server + address)
    page.wait_for_selector("details.group summary", state="attached")
    return page


def screen_at(name: str, move: int) -> str:
    """What a teletype's terminal shows of a recording once its move ``move`` is
    typed: its output and each line typed (echoed), to that move's line."""
    game, _ = the_game(shipped(name).events)
    moves = [k for k, e in enumerate(game) if e.kind == "in" and move_typed(e) is not None]
    text = ""
    for event in game[:moves[move - 1] + 1]:
        text += (event.text or "").rstrip("\n") + "\n" if event.kind == "in" else event.text or ""
    return shown_lines(text)


def frames(page, count: int) -> None:
    """Until the page has drawn ``count`` more frames (the pacing loop has run as often)."""
    page.evaluate("n => new Promise((done) => { const next = () => (n-- ? requestAnimationFrame(next) : done()); next(); })",
                  count)


def replay(page, name: str) -> None:
    """A recorded session opened from the menu, its group opened first."""
    button = page.locator(f"button[data-session='{name}']")
    button.evaluate("b => { b.closest('details').open = true; }")
    button.click()
    page.wait_for_selector("#session:not([hidden])")


def said_move(page, words: str) -> None:
    page.wait_for_function("w => document.getElementById('move-said').textContent === w", arg=words, timeout=30000)


@browser_only
def test_a_replay_pauses_and_plays_on(page) -> None:
    page.select_option("#replay-baud", "110")  # 11 characters a second: the whole session takes 28 s
    replay(page, SHORT)
    wait_screen(page, "s.length > 20", None)
    page.click("#play-pause")
    assert page.inner_text("#play-pause").endswith("Play")
    held = screen(page, everything=True)
    frames(page, 60)  # a second of the pacing loop, at 110 baud 11 more characters were it playing
    assert screen(page, everything=True) == held
    page.click("#play-pause")
    assert page.inner_text("#play-pause").endswith("Pause")
    wait_screen(page, "s.length > arg", len(held), timeout=10000)


@pytest.fixture
def axe_page(browser, server):  # noqa: F811  # the fixtures browser and server, by name
    page = open_at(browser, server, "", axe=True)
    yield page
    assert page.errors == []
    page.context.close()


@browser_only
def test_a_replay_seeks_from_move_to_move(axe_page) -> None:
    page = axe_page
    page.select_option("#replay-baud", "110")
    replay(page, SHORT)
    said_move(page, "Before the first move (3 moves)")
    page.click("#play-pause")  # paused: a seek keeps it so
    page.click("#next-move")
    said_move(page, "Move 1 of 3: you played 0")  # what was typed (the program names no move of its own)
    page.click("#next-move")
    said_move(page, "Move 2 of 3: you played 8")
    assert screen(page, everything=True) == screen_at(SHORT, 2)
    page.click("#previous-move")
    said_move(page, "Move 1 of 3: you played 0")
    assert screen(page, everything=True) == screen_at(SHORT, 1)
    assert page.evaluate("() => location.hash") == f"#/replay/{SHORT}?pace=110&move=1"
    download = page.locator("#download")
    assert download.get_attribute("href") == f"api/sessions/{SHORT}.cast" and "download" in download.get_attribute("class")
    if AXE.exists():
        assert failures(page, "a replay paused at a move") == []


@browser_only
def test_a_new_pace_takes_effect_at_once(page) -> None:
    """Fig. 5's game at 110 baud would take ten minutes; at "as it comes" it ends at once."""
    page.select_option("#replay-baud", "110")
    page.click("button[data-session='altair-3d/fig5-v2-player-wins']")
    wait_screen(page, "s.length > 0", None)
    page.select_option("#baud", "0")
    page.wait_for_selector("#status[data-exit]", timeout=15000)
    assert "pace=0" in page.evaluate("() => location.hash")


# Each string retro.js hands the terminal, and when: the pacing loop's output (the cursor
# hidden at a replay's start is none of it).
COUNT_WRITES = """() => {
  window.retroWrites = [];
  const write = Terminal.prototype.write;
  Terminal.prototype.write = function (data, callback) {
    if (typeof data === "string" && data && data !== "\\x1b[?25l") window.retroWrites.push([performance.now(), data.length]);
    return write.call(this, data, callback);
  };
}"""


@browser_only
@pytest.mark.parametrize("baud", [300, 2400, 9600])
def test_a_replay_keeps_its_pace_on_the_page(page, baud: int) -> None:
    """Fig. 5's game replayed at the period's 300 baud, the replays' 2400 and
    the page's fastest, 9600 (the page offers no 19200): over eight seconds
    (or the whole game, 7 s at 9600), the characters written, counted from
    the first write, are the line's within 2 %."""
    page.evaluate(COUNT_WRITES)
    page.select_option("#replay-baud", str(baud))
    replay(page, "altair-3d/fig5-v2-player-wins")
    page.wait_for_function("() => window.retroWrites.length > 0", timeout=15000)
    page.wait_for_function("() => performance.now() - window.retroWrites[0][0] > 8000"
                           " || document.querySelector('#status[data-exit]')", timeout=30000, polling=100)
    writes = page.evaluate("() => window.retroWrites")
    (first, _), (last, _) = writes[0], writes[-1]
    written = sum(count for _, count in writes[1:])  # after the first write's frame
    assert last - first > 6000  # seconds of writing: the frames' rounding is far below 2 %
    assert written == pytest.approx((last - first) / 1000 * baud / 10, rel=0.02)


@browser_only
def test_an_address_opens_the_same_program_and_variant(browser, server, tmp_path: Path) -> None:  # noqa: F811  # the fixtures browser and server, by name
    """The Fortran program in English (in Spanish by default): its title says the
    variant, and it prints its English banner."""
    page = open_at(browser, server, "#/play/fortran-rcd?lang=en")
    try:
        page.wait_for_selector("#session:not([hidden])")
        assert page.inner_text("#session-title").endswith("— Language: English")
        wait_screen(page, "s.includes(arg)", "#    Three in a row   #")
        assert page.evaluate("() => location.hash") == "#/play/fortran-rcd?lang=en"
        assert page.errors == []
    finally:
        page.context.close()


@browser_only
def test_back_and_forward_go_between_the_menu_and_a_session(page) -> None:
    page.select_option("#replay-baud", "9600")
    replay(page, SHORT)
    page.wait_for_selector("#session:not([hidden])")
    page.go_back()
    page.wait_for_selector("#menu:not([hidden])")
    assert page.is_hidden("#session") and page.evaluate("() => location.hash") == ""
    page.go_forward()
    page.wait_for_selector("#session:not([hidden])")
    assert page.inner_text("#session-title").startswith("A corner opening")
    page.click("#back")
    page.wait_for_selector("#menu:not([hidden])")
    page.go_back()
    page.wait_for_selector("#session:not([hidden])")


WRONG = {  # addresses that name nothing here, and what the page says of each
    "#/play/no-such-program": "There is no program called \u201cno-such-program\u201d",
    "#/play/altair-3d?version=9": "\u201c9\u201d is not a choice of 3-D Tic-Tac-Toe's Version",
    f"#/replay/{SHORT}?move=7": "has 3 moves, not 7",
    f"#/replay/{SHORT}?pace=57": "a pace of \u201c57\u201d",
    "#/replay/cpm-c/nothing": "There is no recorded session called \u201ccpm-c/nothing\u201d",
    "#/elsewhere": "This page's address names nothing on it",
}


@browser_only
def test_a_wrong_address_is_said_in_words_over_the_menu(browser, server) -> None:  # noqa: F811  # the fixtures browser and server, by name
    """Each wrong address opened in the page (the first in a fresh one) is said
    in words above the menu, and the address goes back to the menu's."""
    page = open_at(browser, server, next(iter(WRONG)), axe=True)
    try:
        for address, words in WRONG.items():
            page.evaluate("a => { if (location.hash !== a) location.hash = a; }", address)
            page.wait_for_function("w => document.getElementById('address-said').textContent.includes(w)", arg=words)
            assert page.inner_text("#address-said").endswith("here is the menu instead.")
            assert page.is_visible("#menu") and page.is_hidden("#session")
            assert page.evaluate("() => location.hash") == ""
        if AXE.exists():
            assert failures(page, "a wrong address") == []
        assert page.errors == []
    finally:
        page.context.close()


@browser_only
@pytest.mark.parametrize("width", (390, 1280))
def test_a_replay_address_with_a_move_shows_that_moves_screen(browser, server, tmp_path: Path, width: int) -> None:  # noqa: F811  # the fixtures browser and server, by name
    page = open_at(browser, server, f"#/replay/{SHORT}?pace=300&move=2", width)
    try:
        said_move(page, "Move 2 of 3: you played 8")
        assert page.input_value("#baud") == "300" and page.inner_text("#play-pause").endswith("Play")
        wait_screen(page, "s === arg", screen_at(SHORT, 2), timeout=10000)
        shot(page, tmp_path, f"player-{width}.png")
        assert page.errors == []
    finally:
        page.context.close()


@browser_only
def test_an_address_given_while_a_session_is_shown_opens_it(page) -> None:
    """A visitor who types another address into the shown session's page gets
    what it names: the session shown closes and the new one opens."""
    replay(page, SHORT)
    page.evaluate("() => { location.hash = '#/play/fortran-rcd?lang=en'; }")
    page.wait_for_function("() => document.getElementById('session-title').textContent.endsWith('English')")
    wait_screen(page, "s.includes(arg)", "#    Three in a row   #")
    assert page.evaluate("() => location.hash") == "#/play/fortran-rcd?lang=en"


@browser_only
def test_a_start_pressed_while_the_recordings_are_listed_keeps_its_session(browser, server) -> None:  # noqa: F811  # the fixtures browser and server, by name
    """A server slow to list its recordings (its first request imports every
    port) shows the programs first; a visitor who presses Start then keeps the
    session started, and the address names it, once the list comes."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    held = []
    context.route("**/api/sessions*", lambda route: held.append(route))
    page = context.new_page()
    try:
        page.goto(server)
        page.click("li[data-program='fortran-rcd'] button[type=submit]")
        wait_screen(page, "s.includes(arg)", "Quieres empezar tu?")
        assert len(held) == 1
        held[0].continue_()
        page.wait_for_function("() => addressesKept")  # address.js: its address opened, once the list is shown
        assert page.is_visible("#session") and page.is_hidden("#menu")
        assert page.evaluate("() => location.hash") == "#/play/fortran-rcd"
        assert page.get_attribute("#status", "data-exit") is None  # the session goes on
    finally:
        context.close()

"""`retro serve --kiosk` in Chromium, for an unattended screen: the page opens
on the attract loop (the published games replayed one after another, each
with its title); a key or a touch shows the programs and reaches no program;
after the idle time the idle warning counts down "Still playing?", a key goes
on, and at zero the loop comes back; a live session's countdown is the
server's; nothing leads out (no link elsewhere, no download, no context
menu, Back stays in the page).  The page's clock is Playwright's (page.clock),
so that its idle time passes at once; the server's least --idle-timeout (30 s)
is the live session's.  Without --kiosk the page is as before
(tests/web/test_web_browser.py; /api/exhibit: tests/web/test_web_kiosk_api.py).  With
RETRO_DOCS=1 (`make docs`) the loop's picture is the README's
docs/retro-serve-kiosk.png.
"""
import re
from pathlib import Path

import pytest

from test_web_a11y import AXE, failures
from test_web_browser import (CHROMIUM, RECORD_MESSAGES, shot, start, to_docs,
                              wait_screen)
from web_helpers import start_server

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium: see tests/web/test_web_browser.py")
IDLE = 30  # the least --idle-timeout
WARNING = 25  # the countdown's length, a live session's warning (config.IDLE_WARNING_SECONDS)
LOOP_HOLD = 8000  # ms a game's end stays on the loop's screen (kiosk.js)
COUNTDOWN = re.compile(r"(\d+) s left\. Press any key or touch the screen to go on playing\.")


@pytest.fixture(scope="module")
def kiosk(tmp_path_factory):
    process, url = start_server(tmp_path_factory.mktemp("kiosk"), "--kiosk", "--idle-timeout", str(IDLE))
    yield url
    process.send_signal(2)
    assert process.wait(timeout=30) == 130
    log = process.stderr.read().decode()
    assert re.search(r"retro serve: a kiosk: the page opens on \d+ published games in turn; after 30 s with", log)
    assert "Traceback" not in log  # the server's log: no visitor's session broke it


def kiosk_page(browser, url: str, width: int = 1280, height: int = 900, touch: bool = False, clock: bool = True,
               **options):
    """The kiosk's page at this size, on its loop (``clock``: the page's time Playwright's;
    ``options``: the context's others, a media feature emulated)."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch, **options)
    context.add_init_script(RECORD_MESSAGES)
    if AXE.exists():
        context.add_init_script(path=AXE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    if clock:
        page.clock.install()
    page.goto(url)
    page.errors = errors
    on_the_loop(page)
    return page


def on_the_loop(page) -> str:
    """Until the loop plays a published game, its title shown: that title."""
    page.wait_for_selector("body.looping #attract:not([hidden])")
    page.wait_for_function("() => /\\(a recorded session\\)$/.test(document.getElementById('session-title').textContent)")
    assert page.is_hidden("#menu")
    assert page.is_hidden("#player")  # its controls would wait for a key that leaves the loop
    return page.inner_text("#session-title")


def on_the_menu(page) -> None:
    page.wait_for_selector("#menu:not([hidden])")
    assert page.is_hidden("#session") and page.is_hidden("#attract")
    assert page.evaluate("() => !document.body.classList.contains('looping')")


def counting(page) -> int:
    """Until the countdown is shown, its words said: the seconds it says are left."""
    page.wait_for_selector("#idle[open]")
    assert page.inner_text("#idle-title") == "Still playing?"
    said = COUNTDOWN.fullmatch(page.inner_text("#idle-left"))
    assert said, page.inner_text("#idle-left")
    return int(said.group(1))


def stand_still(page) -> None:
    """From here only the test moves the page's time (page.clock.fast_forward):
    the real seconds a loaded machine takes between two steps do not count."""
    page.clock.pause_at(page.evaluate("() => Date.now()") / 1000 + 1)  # in seconds, and ahead of now


def close(page) -> None:
    assert page.errors == []
    page.context.close()


def test_the_kiosk_opens_on_the_loop_and_a_key_shows_the_programs(browser, kiosk, tmp_path: Path) -> None:
    """The loop replays the first published game with its title; a key shows
    the menu, no program started and no socket opened; the loop goes on to
    the next game when one ends."""
    page = kiosk_page(browser, kiosk)
    try:
        assert on_the_loop(page).startswith("Fig. 5, first game")
        wait_screen(page, "s.includes(arg)", "BOARD 4")  # the README's picture: the boards drawn
        if AXE.exists():
            assert failures(page, "the kiosk's loop") == []
        data = shot(page, tmp_path, "kiosk-loop-1280.png")
        to_docs(data, "retro-serve-kiosk.png")
        page.clock.fast_forward(600_000)  # the first game's text, all of it
        page.wait_for_selector("#status[data-exit]")  # its end, said
        page.clock.fast_forward(LOOP_HOLD + 1000)  # and the pause after it
        page.wait_for_function("() => /second game/.test(document.getElementById('session-title').textContent)")
        page.keyboard.press("Enter")
        on_the_menu(page)
        assert page.evaluate("() => window.retroSent.length") == 0  # no program was sent the key
        shot(page, tmp_path, "kiosk-menu-1280.png")
    finally:
        close(page)


def test_a_touch_on_the_loop_shows_the_programs_and_presses_nothing(browser, kiosk, tmp_path: Path) -> None:
    """A touch where the menu then shows a Start shows the menu, and starts nothing."""
    where = kiosk_page(browser, kiosk, 390, 844, touch=True)
    where.keyboard.press("Enter")
    on_the_menu(where)
    box = where.locator("li[data-program='altair-3d'] button.start").bounding_box()
    close(where)
    page = kiosk_page(browser, kiosk, 390, 844, touch=True, reduced_motion="reduce")
    try:
        wait_screen(page, "s.length > 0", None)  # less motion: the text still arrives
        shot(page, tmp_path, "kiosk-loop-390.png")
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        on_the_menu(page)
        assert page.is_hidden("#session") and page.evaluate("() => window.retroSent.length") == 0
        shot(page, tmp_path, "kiosk-menu-390.png")
    finally:
        close(page)


@pytest.mark.parametrize("width", [390, 1280])
def test_the_countdown_counts_a_key_goes_on_and_at_zero_the_loop_comes_back(browser, kiosk, tmp_path: Path,
                                                                              width: int) -> None:
    """On the menu, nothing typed for the idle time less the warning: "Still
    playing?" counts down from 25 s; a key goes on (the menu stays, the
    dialog closes); left alone again, at zero the loop starts again."""
    page = kiosk_page(browser, kiosk, width, 844 if width == 390 else 900, touch=width == 390)
    try:
        stand_still(page)
        page.keyboard.press("x")
        on_the_menu(page)
        page.locator("li[data-program='cpm-c'] button.start").evaluate("b => { b.id = 'start-focus'; b.focus(); }")
        page.clock.fast_forward((IDLE - WARNING - 1) * 1000)  # the page's clock looks, as each second
        assert page.is_hidden("#idle")  # not before its time
        page.clock.fast_forward(2000)
        first = counting(page)
        assert first == WARNING
        page.clock.resume()  # axe-core and the screenshot wait on timers of their own
        if AXE.exists():
            assert failures(page, "the kiosk's countdown") == []
        shot(page, tmp_path, f"kiosk-countdown-{width}.png")
        stand_still(page)
        page.clock.fast_forward(3000)
        page.wait_for_function("(first) => !document.getElementById('idle-left').textContent.startsWith(first + ' s')",
                               arg=first)
        assert counting(page) < first  # it counts down
        page.keyboard.press("y")
        page.wait_for_selector("#idle", state="hidden")
        on_the_menu(page)
        assert page.evaluate("() => document.activeElement.id") == "start-focus"
        page.clock.fast_forward((IDLE - WARNING + 1) * 1000)
        counting(page)
        page.clock.fast_forward((WARNING + 1) * 1000)
        on_the_loop(page)
        assert page.is_hidden("#idle")
    finally:
        page.clock.resume()  # a page whose time stands still does not close
        close(page)


def test_a_live_session_is_counted_down_by_the_server_a_key_goes_on_and_zero_ends_it(browser, kiosk) -> None:
    """A live session's countdown starts with the server's idle warning (25 s
    before its --idle-timeout), in the kiosk's words; a key goes on (the server
    is told); left alone, at zero the session closes and the loop comes back."""
    page = kiosk_page(browser, kiosk)
    try:
        page.keyboard.press("Enter")
        on_the_menu(page)
        start(page, "perl-midterm", {})
        wait_screen(page, "s.includes(arg)", "Pick a space", everything=False)
        assert WARNING - 2 <= counting(page) <= WARNING  # the server's seconds
        page.keyboard.press("x")
        page.wait_for_selector("#idle", state="hidden")
        assert {"type": "active"} in page.evaluate("() => window.retroSent")
        assert page.is_visible("#session") and not page.evaluate("() => document.body.classList.contains('looping')")
        counting(page)  # the server's warning again
        socket = page.evaluate_handle("() => window.retroSocket")
        page.clock.fast_forward((WARNING + 1) * 1000)
        on_the_loop(page)
        page.wait_for_function("(ws) => ws.readyState === WebSocket.CLOSED", arg=socket)
    finally:
        close(page)


def test_nothing_leads_out_of_the_kiosk(browser, kiosk) -> None:
    """No link to another address, a download hidden (the class every
    download has), no context menu, no text to select, and the browser's
    Back goes to the menu, not away."""
    page = kiosk_page(browser, kiosk)
    try:
        page.keyboard.press("Enter")
        on_the_menu(page)
        page.evaluate("""() => {
          const link = document.createElement("a");
          link.className = "download"; link.href = "/api/sessions/x"; link.download = "x.cast"; link.textContent = "Cast";
          document.getElementById("menu").append(link);
        }""")
        assert page.is_hidden("a.download")
        assert page.evaluate("() => [...document.querySelectorAll('a[href]')].filter((a) => a.origin !== location.origin)"
                             ".length") == 0
        assert page.evaluate("() => !document.body.dispatchEvent(new MouseEvent('contextmenu', "
                             "{bubbles: true, cancelable: true}))")  # the menu prevented
        assert page.evaluate("() => getComputedStyle(document.body).userSelect") == "none"
        address = page.url
        page.evaluate("() => document.querySelectorAll('#menu details').forEach((d) => { d.open = true; })")
        page.click("button[data-session='perl-midterm/spec-sample']")
        page.wait_for_selector("#session:not([hidden])")
        page.go_back()
        on_the_menu(page)
        page.go_back()  # and again: still here
        on_the_menu(page)
        assert page.url == address and page.evaluate("() => document.getElementById('programs').children.length") == 5
    finally:
        close(page)


BROWSER_KEYS = ["Control+s", "Control+p", "Control+o", "Control+u", "Control+l", "F12", "Control+Shift+I",
                "Control+Shift+J", "Control+Shift+C", "F5", "F6", "F11", "Control+f", "Control+h", "Control+j",
                "Control+r", "Control+=", "Alt+ArrowLeft", "Alt+d"]


def test_the_kiosk_swallows_the_browsers_own_keys(browser, kiosk) -> None:
    """On the menu, each shortcut of the browser that leads out of a kiosk (save,
    print, open, source, address bar, developer tools, and their kin) reaches the
    page's keydown already prevented; a letter is not."""
    page = kiosk_page(browser, kiosk)
    try:
        page.keyboard.press("Enter")
        on_the_menu(page)
        page.evaluate("""() => {
          window.seenKeys = [];
          window.addEventListener("keydown", (event) => window.seenKeys.push([event.key, event.defaultPrevented]));
        }""")
        for key in [*BROWSER_KEYS, "x"]:
            page.keyboard.press(key)
        seen = page.evaluate("() => window.seenKeys")
        on_the_menu(page)
    finally:
        close(page)
    pressed = [(key, prevented) for key, prevented in seen if key not in ("Control", "Shift", "Alt")]
    assert len(pressed) == len(BROWSER_KEYS) + 1, seen
    assert [prevented for _, prevented in pressed] == [True] * len(BROWSER_KEYS) + [False], pressed

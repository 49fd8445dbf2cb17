"""retro serve's page for every visitor (WCAG 2.2 AA), checked as a new visitor
meets it: axe-core 4 (package.json's devDependencies, installed by `npm ci`)
run in Chromium over every state of the page (the menu with every card's
"About it" open, each program running, its end, a replay, a notice, the
idle warning) at a phone's 390x844 (touch) and a desktop's 1280x900, with
its WCAG 2.0, 2.1 and 2.2 A and AA rules; the visitor's preferences (less
motion, more contrast, a narrow window, large text) honoured; an idle
session warned before it ends; a phone held sideways shows the Altair's
page whole.  Chromium and its fixtures: tests/web/test_web_browser.py.
"""
import re
from pathlib import Path

import pytest

from test_web_browser import (CHROMIUM, SIDEWAYS, no_sideways_scroll, open_page, server,  # noqa: F401  # fixtures, used by name
                              shot, start, wait_screen)
from web_helpers import ROOT, start_server

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no Chromium: see tests/web/test_web_browser.py"),
    pytest.mark.skipif(not AXE.exists(), reason="no axe-core: run `npm ci` (make venv does) to install it"),
]
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
BESIDES = {"page-has-heading-one": {"enabled": True}}  # a rule of axe's best practices, the visitor's way in
VIEWS = {"phone": {"width": 390, "height": 844, "touch": True}, "desktop": {"width": 1280, "height": 900}}
PROGRAMS = ("altair-3d", "pascal-learner", "cpm-c", "fortran-rcd", "perl-midterm")  # glass, amber, paper

# axe's findings, one line each: the rule, the element, what fails; ``apart``: [rule, selector] pairs
# whose rule is run on the page without that selector's elements (a false positive of axe's, named)
AXE_RUN = """async ([tags, besides, rules, apart]) => {
  const options = rules ? {runOnly: {type: "rule", values: rules}} : {runOnly: {type: "tag", values: tags}, rules: besides};
  const found = [];
  const off = Object.fromEntries(apart.map(([rule]) => [rule, {enabled: false}]));
  const passes = [[document, {...options, rules: {...(options.rules || {}), ...off}}],
                  ...apart.map(([rule, selector]) => [{include: [document], exclude: [[selector]]},
                                                      {runOnly: {type: "rule", values: [rule]}}])];
  for (const [context, run] of passes) {
    const result = await axe.run(context, run);
    found.push(...result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}: ${n.failureSummary}`)));
  }
  return found;
}"""

# Under forced colours axe takes the terminal's text to be in its theme's colours (#8dff8d, the
# glass's green, on the forced white), but the browser draws it in the system's CanvasText on
# Canvas like all the page's text (rows_forced checks that): its color-contrast there is no finding.
FORCED_APART = [["color-contrast", "#terminal .xterm-rows"]]
ROWS_FORCED = """() => {
  const text = getComputedStyle(document.body).color;
  return [...document.querySelectorAll('#terminal .xterm-rows span:not(.xterm-cursor)')]
    .every((span) => getComputedStyle(span).color === text);
}"""


def failures(page, state: str, rules: list[str] | None = None, apart: list[list[str]] | None = None) -> list[str]:
    """What axe finds wrong with the page as it is now (``rules``: those alone; ``apart``: FORCED_APART)."""
    if apart:
        assert page.evaluate(ROWS_FORCED), f"{state}: the terminal's text is not in the forced colours"
    return [f"{state}: {line}" for line in page.evaluate(AXE_RUN, [TAGS, BESIDES, rules, apart or []])]


def terminal_contrast(page) -> float:
    """WCAG's contrast ratio of the terminal's text against its background, as its look sets them."""
    theme = page.evaluate("() => window.retroTerminal.options.theme")

    def luminance(colour: str) -> float:
        channels = [int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5)]
        r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(theme["foreground"]), luminance(theme["background"])), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def axe_page(browser, server: str, view: str, **options):  # noqa: F811  # the fixtures browser and server, by name
    return open_page(browser, server, scripts=(AXE,), **VIEWS[view], **options)


def open_every_details(page) -> None:
    page.evaluate("() => document.querySelectorAll('#menu details').forEach((d) => { d.open = true; })")


def ended(page) -> None:
    page.wait_for_selector("#status[data-exit]", timeout=60000)
    page.evaluate("() => { document.getElementById('details').open = true; }")


COLOURS = {"its colours": {}, "forced colours": {"forced_colors": "active"}}


@pytest.mark.parametrize("colours", COLOURS)
@pytest.mark.parametrize("view", VIEWS)
def test_every_state_of_the_page_passes_axe(browser, server, tmp_path: Path, view: str, colours: str) -> None:  # noqa: F811  # the fixtures browser and server, by name
    """The menu (every card's About it and every group open), each program
    running in its look and its end with Details open, a notice, a session
    refused, a replay and its end, in the page's colours and in forced
    colours (Windows' high contrast): no violation of WCAG 2.0-2.2 A and AA
    that axe finds."""
    page = axe_page(browser, server, view, **COLOURS[colours])
    apart = FORCED_APART if colours == "forced colours" else None
    found: list[str] = []
    try:
        open_every_details(page)
        found += failures(page, "the menu", apart=apart)
        shot(page, tmp_path, f"a11y-menu-{view}.png", full_page=True)
        for program_id in PROGRAMS:
            start(page, program_id, {})
            assert terminal_contrast(page) >= 4.5, program_id  # its look: glass, amber or paper
            found += failures(page, f"{program_id} running", apart=apart)
            if program_id == "perl-midterm":  # a notice: a message the server does not understand
                page.evaluate("() => window.retroSocket.send('{}')")
                page.wait_for_function("() => document.getElementById('notice').textContent !== ''")
                found += failures(page, "a notice", apart=apart)
            shot(page, tmp_path, f"a11y-{program_id}-{view}-{colours.split()[0]}.png")
            page.keyboard.press("Control+c")
            ended(page)
            found += failures(page, f"{program_id} ended", apart=apart)
            page.click("#again")
            page.wait_for_selector("#menu:not([hidden])")
        # a session refused: a value the page would not send, its limit taken away
        rows = page.locator("li[data-program='pascal-learner'] [data-name='rows']")
        rows.evaluate("e => { e.closest('details').open = true; e.removeAttribute('max'); e.value = '99'; }")
        page.locator("li[data-program='pascal-learner'] button[type=submit]").click()
        page.wait_for_selector("#status[data-exit='refused']")
        found += failures(page, "a session refused", apart=apart)
        page.click("#again")
        page.wait_for_selector("#menu:not([hidden])")
        page.select_option("#replay-baud", "9600")
        open_every_details(page)
        page.click("button[data-session='altair-3d/fig5-v2-player-wins']")
        wait_screen(page, "s.length > 0", None)
        found += failures(page, "a replay", apart=apart)
        ended(page)
        found += failures(page, "a replay's end", apart=apart)
        shot(page, tmp_path, f"a11y-replay-end-{view}.png")
        assert page.errors == []
    finally:
        page.context.close()
    assert found == [], "\n".join(found)


IDLE_TIMEOUT = 30  # the least --idle-timeout: the warning 25 s before the end, 5 s after the last input


@pytest.fixture(scope="module")
def idle_server(tmp_path_factory):
    process, url = start_server(tmp_path_factory.mktemp("idle"), "--idle-timeout", str(IDLE_TIMEOUT))
    yield url
    process.send_signal(2)
    assert process.wait(timeout=30) == 130


def warned(page) -> int:
    """Until the idle warning is shown, the focus on its Go on: the seconds it says are left."""
    page.wait_for_selector("#idle[open]", timeout=15000)
    assert page.evaluate("() => document.activeElement.id") == "go-on"
    said = re.fullmatch(r"Nothing has been typed for a while: the session ends in (\d+) s\. "
                        r"Type on \(the key goes to the program\) or press Go on to keep it\.",
                        page.inner_text("#idle-left"))
    assert said, page.inner_text("#idle-left")
    return int(said.group(1))


def typing_in_the_terminal(page) -> bool:
    return page.evaluate("() => Boolean(document.activeElement.closest('#terminal'))")


@pytest.mark.parametrize("view", VIEWS)
def test_an_idle_session_is_warned_and_may_go_on(browser, idle_server, tmp_path: Path, view: str) -> None:
    """With nothing typed or written, a dialog says the session ends in 20 s
    or more (WCAG 2.2.1), the focus on its Go on; Go on (tapped on a phone, a
    key in the dialog on a desktop) goes on, and so does a key typed in the
    terminal; left alone the session ends, saying it was for want of input
    (waited for on a desktop only: the end is the server's, not the view's).
    The warning passes axe in the page's colours and in forced colours."""
    page = axe_page(browser, idle_server, view)
    try:
        start(page, "perl-midterm", {})
        wait_screen(page, "s.includes(arg)", "Pick a space", everything=False)
        assert warned(page) >= 20
        found = failures(page, "the idle warning")
        shot(page, tmp_path, f"a11y-idle-{view}.png")
        page.emulate_media(forced_colors="active")  # the same warning under forced colours
        found += failures(page, "the idle warning in forced colours", apart=FORCED_APART)
        shot(page, tmp_path, f"a11y-idle-{view}-forced.png")
        page.emulate_media(forced_colors="none")
        if view == "phone":
            page.tap("#go-on")
        else:
            page.keyboard.press("9")  # the key that answers the warning is the program's too
            wait_screen(page, "s.endsWith(arg)", "Pick a space: 9", everything=False)
            page.keyboard.press("Backspace")
        page.wait_for_selector("#idle", state="hidden")
        assert typing_in_the_terminal(page) and {"type": "active"} in page.evaluate("() => window.retroSent")
        assert warned(page) >= 20  # again, from the Go on
        (page.tap if view == "phone" else page.click)("#terminal .xterm-screen", position={"x": 20, "y": 20})
        page.keyboard.type("1")  # a key in the terminal: the program's
        page.wait_for_selector("#idle", state="hidden")
        wait_screen(page, "s.endsWith(arg)", "Pick a space: 1", everything=False)
        assert warned(page) >= 20  # left alone now
        if view == "desktop":
            page.wait_for_selector("#status[data-exit]", timeout=(IDLE_TIMEOUT + 10) * 1000)
            assert page.inner_text("#status") == f"The session was ended: no input for {IDLE_TIMEOUT} seconds."
            statuses = [row for row in page.locator("#session").aria_snapshot().split("\n") if "- status" in row]
            assert len([row for row in statuses if "no input" in row.lower()]) == 1, statuses  # said once
            assert page.evaluate("() => document.activeElement.id") == "again"
        assert page.errors == []
    finally:
        page.context.close()
    assert found == [], "\n".join(found)


MOTION = """() => ({
  blink: window.retroTerminal.options.cursorBlink,
  glow: getComputedStyle(document.querySelector("#terminal .xterm-rows")).textShadow,
  scrolling: getComputedStyle(document.documentElement).scrollBehavior,
  running: document.getAnimations().filter((a) => a.playState === "running").length,
})"""


def test_less_motion_and_more_contrast_when_asked(browser, server, tmp_path: Path) -> None:  # noqa: F811  # the fixtures browser and server, by name
    """A visitor who asks for less motion gets no blink, no glow, no
    animation and no smooth scrolling; one who asks for more contrast gets
    a look whose text passes axe's enhanced contrast (7:1), on the menu
    and in each look of the terminals (glass, amber, paper)."""
    page = axe_page(browser, server, "desktop", reduced_motion="reduce", contrast="more")
    found: list[str] = []
    try:
        open_every_details(page)
        found += failures(page, "the menu, more contrast", rules=["color-contrast-enhanced"])
        for program_id in ("altair-3d", "pascal-learner", "perl-midterm"):
            start(page, program_id, {})
            page.wait_for_timeout(600)  # a blink would have begun (a wait for nothing to happen: bounded)
            assert page.evaluate(MOTION) == {"blink": False, "glow": "none", "scrolling": "auto", "running": 0}
            assert terminal_contrast(page) >= 7, program_id
            found += failures(page, f"{program_id}, more contrast", rules=["color-contrast-enhanced"])
            shot(page, tmp_path, f"a11y-contrast-{program_id}.png")
            page.click("#back")
            page.wait_for_selector("#menu:not([hidden])")
        assert page.errors == []
    finally:
        page.context.close()
    assert found == [], "\n".join(found)


REFLOW = {"320 px": ({"width": 320, "height": 640, "touch": True}, "100%"),
          "200 % text": ({"width": 1280, "height": 900}, "200%")}


# Each element shown whose right edge passes the window's, or whose text its box clips (an
# ellipsis, a clip): the terminal's rows aside (a screen's 80 columns scale, a teletype's wrap),
# and what is hidden from sight on purpose (the reader's text, a phone's pace words: clip-path).
CUT_OFF = """() => {
  const width = document.documentElement.clientWidth;
  const cut = [];
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('#terminal, [hidden], script, dialog:not([open])')) continue;
    if ([...ancestors(e)].some((a) => getComputedStyle(a).clipPath.startsWith('inset(50%'))) continue;
    const style = getComputedStyle(e);
    const box = e.getBoundingClientRect();
    if (style.display === 'none' || style.visibility === 'hidden' || !box.width || !box.height) continue;
    const clips = ['hidden', 'clip'].includes(style.overflowX) && e.scrollWidth > e.clientWidth + 1;
    if (box.right > width + 0.5 || clips || (style.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth)) {
      cut.push(`${e.tagName.toLowerCase()}#${e.id}.${e.className}: ${Math.round(box.right)} > ${width}` +
               ` "${e.textContent.trim().slice(0, 40)}"`);
    }
  }
  return cut;
  function* ancestors(e) { for (let a = e; a && a !== document.body; a = a.parentElement) yield a; }
}"""


@pytest.mark.parametrize("case", REFLOW)
def test_the_page_reflows_narrow_and_with_large_text(browser, server, tmp_path: Path, case: str) -> None:  # noqa: F811  # the fixtures browser and server, by name
    """At 320 CSS px, and with the text at 200 %, the menu (every card open)
    and a session's page around its terminal reflow: nothing is wider than
    the window, and axe finds nothing wrong."""
    viewport, text = REFLOW[case]
    page = open_page(browser, server, scripts=(AXE,), **viewport)
    found: list[str] = []
    try:
        page.evaluate("size => { document.documentElement.style.fontSize = size; }", text)
        open_every_details(page)
        body = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.programs .title')).fontSize)")
        assert body == 16 * int(text.rstrip("%")) / 100  # the page's text follows the visitor's size
        assert no_sideways_scroll(page)
        assert page.evaluate(CUT_OFF) == []  # every text wraps: nothing past the window, clipped or cut short
        found += failures(page, f"the menu at {case}")
        shot(page, tmp_path, f"a11y-reflow-menu-{case.replace(' ', '')}.png", full_page=True)
        start(page, "perl-midterm", {})
        wait_screen(page, "s.includes(arg)", "Pick a space", everything=False)
        assert no_sideways_scroll(page)
        assert page.evaluate(CUT_OFF) == []
        found += failures(page, f"a session at {case}")
        shot(page, tmp_path, f"a11y-reflow-session-{case.replace(' ', '')}.png")
        assert page.errors == []
    finally:
        page.context.close()
    assert found == [], "\n".join(found)


def test_a_phone_held_sideways_shows_the_altairs_page_whole(browser, server, tmp_path: Path) -> None:  # noqa: F811  # the fixtures browser and server, by name
    """844x390: the Altair's 80x24 screen, its bar, its key bar and the hint
    under it fit the screen's height; nothing is cut off."""
    page = open_page(browser, server, touch=True, **SIDEWAYS)
    try:
        start(page, "altair-3d", {})
        wait_screen(page, "s.includes(arg)", "POSITION?", everything=False)
        shot(page, tmp_path, "a11y-sideways-altair.png")
        tall = page.evaluate("() => document.documentElement.scrollHeight")
        hint = page.locator("#keys-hint").bounding_box()
        assert tall <= SIDEWAYS["height"], tall
        assert hint and hint["y"] + hint["height"] <= SIDEWAYS["height"], hint
        assert page.evaluate("() => window.retroTerminal.options.fontSize") >= 11  # legible
        assert page.errors == []
    finally:
        page.context.close()

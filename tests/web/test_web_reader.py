"""retro serve for a screen reader and for the keyboard alone, in a real
browser (Chromium, as tests/web/test_web_browser.py starts it).

Each of the five programs is played to a game's end by a script that reads
nothing but the page's accessibility tree, as Playwright snapshots it
(``aria_snapshot``): what it types is decided from the program's text as a
screen reader has it (a teletype's lines in a log; the learner's and the
Altair's screens as rows, the prompt last), and the end from the status the
page says.  The keyboard alone: Tab and Shift-Tab go through the session's
controls in reading order, each with a visible focus ring, out of the
terminal too; the skip link goes to the terminal; leaving a session gives
the focus back to the card's Start that opened it.
"""
import re
import time
from typing import Callable, Optional

import pytest

import port_facts
import test_web_browser as in_a_browser

# Chromium, the server and the page, as the browser tests start them (their fixtures, shared)
server, page = in_a_browser.server, in_a_browser.page
type_keys = in_a_browser.type_keys
pytestmark = in_a_browser.pytestmark

READER = "region \"The program's text\""


YAML_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "n": "\n", "v": "\v", "f": "\f", "r": "\r",
                "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0",
                "L": "\u2028", "P": "\u2029"}


def snapshot_text(value: str) -> str:
    """A value of the snapshot (YAML: double-quoted, with YAML's escapes,
    when it holds a colon or a control character)."""
    value = value.strip()
    if not value.startswith('"'):
        return value
    return re.sub(r'\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)',
                  lambda m: chr(int(m[1][1:], 16)) if len(m[1]) > 1 else YAML_ESCAPES[m[1]], value[1:-1])


def heard(page) -> tuple[list[str], list[str]]:
    """What a screen reader has of the session: the program's text, line
    by line (the log, or the screen's rows), and what the page's statuses
    say (not the reader's own, retro's words beside the program's text:
    test_web_reader_told)."""
    lines, statuses, inside = [], [], None
    for row in page.locator("#session").aria_snapshot().split("\n"):
        depth = len(row) - len(row.lstrip())
        item = row.strip()
        if inside is not None and depth <= inside:
            inside = None
        if item.startswith(f"- {READER}"):
            inside = depth
        elif inside is not None and item.startswith("- paragraph: "):
            lines.append(snapshot_text(item[len("- paragraph: "):]))
        elif item.startswith("- status: ") and inside is None:
            statuses.append(snapshot_text(item[len("- status: "):]))
    return lines, statuses


def play(page, answer: Callable[[list[str]], Optional[str]], seconds: float = 120) -> str:
    """The game played from what is heard: each new prompt answered (``answer``
    gives the keys, or None while the text is no prompt it knows), until the
    page says how the session ended; what it says."""
    deadline = time.monotonic() + seconds
    answered: Optional[list[str]] = None
    while time.monotonic() < deadline:
        lines, statuses = heard(page)
        ended = [said for said in statuses if said and not said.startswith("Starting")]
        if ended:
            return ended[0]
        keys = answer(lines) if lines and lines != answered else None
        if keys is not None:
            answered = lines
            type_keys(page, keys)
        page.wait_for_timeout(100)  # the tree looked at again, until the end heard or the bound above
    raise AssertionError("no end was heard: " + "\n".join(heard(page)[0][-30:]))


# Each program's player and the words its end is said in (its test facts)
PLAYERS = {program_id: found.reader for program_id, found in port_facts.every().items()}
ENDS = {program_id: found.reader_end for program_id, found in port_facts.every().items()}


@pytest.mark.parametrize("program_id", list(PLAYERS))
def test_a_screen_reader_plays_each_program_to_its_end(page, program_id: str) -> None:
    page.locator(f"li[data-program='{program_id}'] button[type=submit]").click()
    said = play(page, PLAYERS[program_id])
    assert ENDS[program_id] in said, said


def focused(page) -> str:
    """The control that has the focus, as a reader names it (the terminal's input by its frame)."""
    return page.evaluate("""() => {
      const e = document.activeElement;
      if (document.getElementById('terminal').contains(e)) return 'terminal';
      return e.id || e.textContent.trim();
    }""")


def ringed(page) -> bool:
    """The focus shows: a ring around the focused control (the terminal's around its frame)."""
    return page.evaluate("""() => {
      let e = document.activeElement;
      if (document.getElementById('terminal').contains(e)) e = document.getElementById('terminal');
      const style = getComputedStyle(e);
      return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    }""")


def test_the_keyboard_alone_reaches_every_control_and_leaves_the_terminal(page) -> None:
    start = page.locator("li[data-program='cpm-c'] button[type=submit]")
    for _ in range(40):  # Tab through the menu to the card's Start
        page.keyboard.press("Tab")
        if start.evaluate("b => b === document.activeElement"):
            break
    else:
        raise AssertionError(f"Tab never reached the card's Start: {focused(page)}")
    assert ringed(page)
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('reader-log').textContent.includes('Select your symbol')")
    assert focused(page) == "terminal"
    assert page.locator("#leave-hint").is_visible()
    for key, expected in (("Shift+Tab", "baud"), ("Shift+Tab", "back"), ("Shift+Tab", "skip"),
                          ("Tab", "back"), ("Tab", "baud"), ("Tab", "terminal")):
        page.keyboard.press(key)
        assert focused(page) == expected, key
        assert ringed(page), expected
    page.keyboard.press("Tab")  # out of the terminal, forwards too: the program never had the Tab
    assert focused(page) != "terminal"
    for expected in ("terminal", "baud", "back", "skip"):
        page.keyboard.press("Shift+Tab")
        assert focused(page) == expected
    assert page.locator("#skip").is_visible()
    page.keyboard.press("Enter")  # the skip link: to the terminal
    assert focused(page) == "terminal"
    type_keys(page, "X\r\x04")
    page.wait_for_selector("#status[data-exit]")
    assert heard(page)[0][1] == "Select your symbol (X/O): X"  # no Tab went into the line
    assert focused(page) == "again"  # the end: the way back is next
    page.keyboard.press("Enter")
    page.wait_for_selector("#menu:not([hidden])")
    assert start.evaluate("b => b === document.activeElement")  # back on the card that started it
    page.keyboard.press("Enter")  # and again, by the bar's Menu
    page.wait_for_function("() => document.getElementById('reader-log').textContent.includes('Select your symbol')")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "back"
    page.keyboard.press("Enter")
    page.wait_for_selector("#menu:not([hidden])")
    assert start.evaluate("b => b === document.activeElement")

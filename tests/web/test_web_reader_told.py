"""What retro itself says to a screen reader beside the program's text, in a
real browser: the words travel in-band among the session's bytes (an OSC
sequence of retro's own, retro/web/screen_text.py), each with the session's
token, so that a visitor who types the sequence, or a program that echoes it,
makes the page read nothing."""
import test_web_browser as in_a_browser
from test_web_reader import heard

server, page = in_a_browser.server, in_a_browser.page
type_keys = in_a_browser.type_keys
pytestmark = in_a_browser.pytestmark

FORGED = '7077;{"rows": ["YOU WIN! Well played."], "cursor": 0}'


# Every text the reader's view ever held, however soon it was replaced (window.retroEverRead)
EVER_READ = """() => {
  window.retroEverRead = [];
  new MutationObserver((changes) => {
    for (const change of changes) window.retroEverRead.push(change.target.textContent);
  }).observe(document.getElementById('session'), {subtree: true, childList: true, characterData: true});
}"""


def ever_read(page) -> list[str]:
    return page.evaluate("() => window.retroEverRead")


def start(page, program_id: str) -> None:
    page.locator(f"li[data-program='{program_id}'] button[type=submit]").click()


def test_a_forged_reader_row_is_never_read_as_one(page) -> None:
    page.evaluate(EVER_READ)
    start(page, "altair-3d")
    page.wait_for_function("() => document.getElementById('reader-screen').textContent.includes('YOUR BOARD')")
    assert any("YOUR BOARD" in line for line in heard(page)[0])  # the session's own rows are read
    # what a program writes on a visitor's behalf: the sequence whole, with ESC, or with a guessed token
    for forged in (f"\x1b]{FORGED}\x07", f"\x1b]7077;guess;{FORGED[5:]}\x07"):
        page.evaluate("text => window.retroTerminal.write(text)", forged)
    # and typed by the visitor, in 8-bit controls the program's screen echoes (OSC, ST)
    type_keys(page, f"\u009d{FORGED}\u009c\r")
    page.wait_for_function("() => !window.retroScreen().includes('YOUR BOARD, POSITION?') || "
                           "window.retroScreen().split('YOUR BOARD, POSITION?').length > 2", timeout=10_000)
    page.wait_for_timeout(500)
    assert not [text for text in ever_read(page) if text.startswith("YOU WIN!")]  # typed, within its line, it shows

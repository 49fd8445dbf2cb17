"""What retro itself says to a screen reader beside the program's text, in a
real browser: the words travel in-band among the session's bytes (an OSC
sequence of retro's own, retro/web/screen_text.py), each with the session's
token, so that a visitor who types the sequence, or a program that echoes it,
makes the page read nothing."""
import pytest
import test_web_browser as in_a_browser
from test_web_reader import heard, pascal_learner, play, snapshot_text
from web_helpers import golden, prompts, query, rendering

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


def reader_status(page) -> str:
    """What retro last said in the reader's view, as the accessibility snapshot has it."""
    for row in page.locator("#reader").aria_snapshot().split("\n"):
        if row.strip().startswith("- status: "):
            return snapshot_text(row.strip()[len("- status: "):])
    return ""


# Each program's words for a game's end, as its original wrote them, and the runtime's for them
ENDINGS = {"Computer wins!": "the computer won", "It's a tie!": "a draw", "Gana la maquina": "the computer won",
           "No gana nadie": "a draw", "Gana el humano": "you won", "O wins.": "the computer won",
           "The game is a tie.": "a draw", "X wins.": "you won", "YOU WON": "you won", "I WON": "the computer won",
           "I win.": "the computer won", "A draw.": "a draw", "You win.": "you won"}


def endings_written(text: str) -> list[str]:
    """The ends of games a program's text says, in order, in the runtime's words."""
    found = []
    for line in text.split("\n"):
        found += [said for words, said in ENDINGS.items() if line.strip().startswith(words)]
    return found


# A golden session of each outcome each program has (the learner's are played below)
GAMES = [("cpm-c", "x-computer-begins-computer-wins"), ("cpm-c", "x-computer-begins-tie"),
         ("fortran-rcd", "ia-computer-first-computer-wins"), ("fortran-rcd", "ia-computer-first-draw"),
         ("fortran-rcd", "ia-human-first-human-wins"), ("perl-midterm", "corner-opening-computer-wins"),
         ("perl-midterm", "corner-opening-draw"), ("perl-midterm", "rotation-nesting-human-wins"),
         ("altair-3d", "fig5-v2-player-wins"), ("altair-3d", "fig5-v2-computer-wins")]


@pytest.mark.parametrize("program_id, name", GAMES)
def test_every_ending_is_said_at_once_whatever_the_program_does_next(page, program_id: str, name: str) -> None:
    """Each game's end is the reader's status as soon as the output pauses
    after it, even where the program goes straight on (the Altair's YOU WON,
    its next game's boards drawn over it before the next key)."""
    session = golden(program_id, name)
    expected = endings_written(rendering(session))
    assert expected  # the golden session ends a game
    in_a_browser.start(page, program_id, query(program_id, session.options))
    said = []
    for shown, keys in prompts(session):
        if program_id == "altair-3d":
            in_a_browser.wait_screen(page, "s.includes(arg)", "POSITION?", everything=False)
        else:
            in_a_browser.wait_screen(page, "s === arg", in_a_browser.shown_lines(shown))
        in_a_browser.quiet(page)
        now = reader_status(page)
        if now and (not said or said[-1] != now):
            said.append(now)
        type_keys(page, keys)
    page.wait_for_selector("#status[data-exit]", timeout=60000)
    now = reader_status(page)
    if now and (not said or said[-1] != now):
        said.append(now)
    assert said == [f"Game {k} is over: {words}." for k, words in enumerate(expected, 1)]


def test_the_learners_ending_is_said(page) -> None:
    start(page, "pascal-learner")
    play(page, pascal_learner)
    lines = heard(page)[0]
    expected = endings_written("\n".join(lines))
    assert len(expected) == 1 and reader_status(page) == f"Game 1 is over: {expected[0]}."

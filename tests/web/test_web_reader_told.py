"""What retro itself says to a screen reader beside the program's text, in a
real browser: the words travel in-band among the session's bytes (an OSC
sequence of retro's own, retro/web/screen_text.py), each with the session's
token, so that a visitor who types the sequence, or a program that echoes it,
makes the page read nothing."""
import re
import subprocess
import sys
import time
from typing import Optional

import pytest
import test_web_browser as in_a_browser
from test_web_reader import heard, snapshot_text
from retro import catalog
from retro.web import api
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


# -- each program played from the accessibility snapshot alone ----------------------------
MARKS = {"fortran-rcd": {"O": "You", "X": "The computer"}, "perl-midterm": {"X": "You", "O": "The computer"}}


def board_row(line: str) -> Optional[list[str]]:
    """A teletype board's row of three cells' marks (blank if free), or None."""
    cells = line.split("|")
    cells = cells[1:4] if len(cells) == 5 else cells if len(cells) == 3 else None
    return None if cells is None else [c.strip() if c.strip() in ("X", "O") else "" for c in cells]


def told_by_text(program_id: str, text: str, marks: dict[str, str]) -> list[str]:
    """What the reader must have been told once the program wrote ``text``: each move
    its text shows (a teletype's boards, the Altair's own lines) and each game's end,
    in the runtime's words, in order (a turn's moves the player's first)."""
    said: list[str] = []
    games, before = 0, [""] * 9
    lines = text.split("\n")
    rows = [board_row(line) for line in lines]
    for k, line in enumerate(lines):
        if program_id == "altair-3d":
            typed = line.split("?", 1)[1].strip().split(",") if line.startswith("YOUR BOARD, POSITION?") else []
            if len(typed) == 2:
                said.append(f"You played board {int(typed[0])}, position {int(typed[1])}.")
            elif line.startswith(("I WANT BOARD", "I WON WITH BOARD")):
                words = line.split()
                said.append(f"The computer played board {words[-3]}, position {words[-1]}.")
        elif k >= 4 and all(rows[k - j] is not None or j % 2 for j in range(5)) and rows[k - 4] and rows[k - 2] \
                and rows[k] and (k == 4 or rows[k - 6] is None or rows[k - 5] is not None):
            board = (rows[k - 4] or []) + (rows[k - 2] or []) + (rows[k] or [])
            if any(was and not now for was, now in zip(before, board)):
                before = [""] * 9  # a new game
            new = [(marks[now], j) for j, (was, now) in enumerate(zip(before, board)) if now and now != was]
            said += [f"{who} played row {j // 3 + 1}, column {j % 3 + 1}."
                     for who, j in sorted(new, key=lambda m: m[0] != "You")]
            before = board
        for ending in endings_written(line):
            games += 1
            said.append(f"Game {games} is over: {ending}.")
    return said


def words(text: str) -> str:
    return " ".join(text.split())


def reader_heard(page) -> tuple[list[str], str, list[str]]:
    """The reader's view as the accessibility snapshot has it, and nothing else: the
    program's text (the log's lines, or the screen's rows, the prompt last), what the
    status says now, and the list of the game in words (each move and end, kept)."""
    lines, status, game, in_game = [], "", [], None
    for row in page.locator("#reader").aria_snapshot().split("\n"):
        depth, item = len(row) - len(row.lstrip()), row.strip()
        if in_game is not None and depth <= in_game:
            in_game = None
        if item.startswith('- list "The game in words"'):
            in_game = depth
        elif item.startswith("- listitem: ") and in_game is not None:
            game.append(snapshot_text(item[len("- listitem: "):]))
        elif item.startswith("- paragraph: "):
            lines.append(words(snapshot_text(item[len("- paragraph: "):])))
        elif item.startswith("- status: "):
            status = snapshot_text(item[len("- status: "):])
    return [line for line in lines if line], status, game


def heard_until(page, ready, what: str, seconds: float = 60) -> tuple[list[str], str, list[str]]:
    """The snapshot looked at again until ``ready`` (of what it holds) is true."""
    deadline = time.monotonic() + seconds
    while True:
        heard_now = reader_heard(page)
        if ready(*heard_now):
            return heard_now
        if time.monotonic() > deadline:
            raise AssertionError(f"never heard {what}: {heard_now}")
        page.wait_for_timeout(100)


def start_by_keys(page, program_id: str, words_: list[str]) -> None:
    """The program's card, its variants set, and its Start pressed from the keyboard."""
    form = in_a_browser.set_variants(page, program_id, query(program_id, words_))
    form.locator("button[type=submit]").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#session:not([hidden])")


def newly_said(status: str, game: list[str], before: int) -> None:
    """What the list gained since ``before`` items is what the status says (a person heard it)."""
    if len(game) > before:
        assert game[-1] in status, (status, game[before:])


# A golden session of each outcome each program has (the learner's are played below)
GAMES = [("cpm-c", "x-computer-begins-computer-wins"), ("cpm-c", "x-computer-begins-tie"),
         ("fortran-rcd", "ia-computer-first-computer-wins"), ("fortran-rcd", "ia-computer-first-draw"),
         ("fortran-rcd", "ia-human-first-human-wins"), ("perl-midterm", "corner-opening-computer-wins"),
         ("perl-midterm", "corner-opening-draw"), ("perl-midterm", "rotation-nesting-human-wins"),
         ("altair-3d", "fig5-v2-player-wins"), ("altair-3d", "fig5-v2-computer-wins")]


@pytest.mark.parametrize("program_id, name", GAMES)
def test_each_game_is_played_and_heard_through_the_accessibility_snapshot_alone(page, program_id: str,
                                                                                name: str) -> None:
    """A golden session's game (a win, a loss, a draw) played from the
    keyboard, each answer typed when the snapshot's last line is the prompt
    the program wrote; before each answer the snapshot's list "The game in
    words" holds every move so far, by whom and where, and each game's end, as
    the program's own text shows them, the newest in the status; and at the
    end, the whole game."""
    session = golden(program_id, name)
    steps = prompts(session)
    marks = MARKS.get(program_id) or ({"X": "You", "O": "The computer"} if steps[0][1] == "X\r"
                                      else {"O": "You", "X": "The computer"})
    note = [catalog.get(program_id).reader_note] if catalog.get(program_id).reader_note else []
    everything = note + told_by_text(program_id, rendering(session), marks)
    assert len([said for said in everything if " played " in said]) >= 5 and endings_written(rendering(session))
    start_by_keys(page, program_id, session.options)
    for shown, keys in steps:
        prompt = words(shown.rstrip("\n").split("\n")[-1])
        expected = note + told_by_text(program_id, shown, marks)
        teletype = [words(line) for line in shown.split("\n") if line.strip()]
        before = len(reader_heard(page)[2])

        def ready(lines: list[str], status: str, game: list[str]) -> bool:
            return bool(lines) and lines[-1] == prompt and (program_id == "altair-3d" or lines == teletype) \
                and game == expected and (not game or game[-1] in status)
        _, status, game = heard_until(page, ready, f"{prompt!r} after {expected[before:]}")
        newly_said(status, game, before)
        type_keys(page, keys)
    _, status, game = heard_until(page, lambda lines, status, game: game == everything and game[-1] in status,
                                  "the whole game")
    assert [said for said in game if said.startswith("Game ")] == \
        [f"Game {k} is over: {ending}." for k, ending in enumerate(endings_written(rendering(session)), 1)]


# The learner's games, from nothing learnt (--fresh) and a number for its random choices: the
# same moves give the same game (a pipe gives it too: retro run pascal-learner --fresh --random-state 1)
LEARNER_GAMES = [("1", ["1,1", "1,2", "1,3"], "you won"), ("4", ["1,1", "1,2", "3,1", "3,2"], "the computer won"),
                 ("1", ["1,1", "1,2", "2,2", "2,3", "3,1"], "a draw")]
LEARNER_ASKS = "Your move: cursor keys and Enter, or type row,col (q ends the game)."


def learner_answer(lines: list[str]) -> Optional[str]:
    """The learner's last move its screen shows ("I play 2,1."), in the runtime's words."""
    played = [found for line in lines for found in re.findall(r"I play (\d+),(\d+)\.", line)]
    return f"The computer played row {played[-1][0]}, column {played[-1][1]}." if played else None


@pytest.mark.parametrize("seed, moves, ending", LEARNER_GAMES)
def test_the_learners_game_is_played_and_heard_through_the_accessibility_snapshot_alone(
        page, seed: str, moves: list[str], ending: str) -> None:
    """The learner played to a win, a loss and a draw from the keyboard (row,col
    typed at its prompt), decided from the snapshot alone: where the cursor
    starts is said when the first move is asked; each move, the player's and the
    computer's (its "I play 2,1."), is in the list of the game in words before
    the next is asked, the newest in the status; and the end as its text says it."""
    start_by_keys(page, "pascal-learner", ["--fresh", "--random-state", seed])
    heard_until(page, lambda lines, status, game: bool(lines) and lines[-1].startswith("Do you want to move first?"),
                "the first question")
    type_keys(page, "y\r")
    expected: list[str] = []
    for k, move in enumerate(moves):
        before = len(expected)

        def asked(lines: list[str], status: str, game: list[str]) -> bool:
            if not lines or lines[-1] != LEARNER_ASKS or len(game) != len(expected) + (1 if k else 0):
                return False
            return not k or game[-1] == learner_answer(lines) and game[-1] in status
        lines, status, game = heard_until(page, asked, f"move {k + 1} asked after {expected}")
        if k:
            expected.append(learner_answer(lines) or "")
        else:
            assert status == "The cursor is on row 2, column 2, empty.", status  # where it starts, in words
        assert game == expected
        newly_said(status, game, before)
        type_keys(page, f"{move}\r")
        row, column = move.split(",")
        expected.append(f"You played row {row}, column {column}.")
    lines, status, game = heard_until(page, lambda lines, status, game: bool(lines) and
                                      lines[-1].startswith("Another game?") and bool(game) and game[-1] in status,
                                      "the game's end")
    if ending == "the computer won":
        expected.append(learner_answer(lines) or "")
    assert game == [*expected, f"Game 1 is over: {ending}."]
    assert endings_written("\n".join(lines)) == [ending]  # as the program's own text says it
    type_keys(page, "n\r")
    heard_until(page, lambda lines, status, game: bool(heard(page)[1]) and "The game is over." in heard(page)[1][-1],
                "the session's end")


def test_ctrl_b_says_the_board_and_the_program_never_gets_it(page) -> None:
    session = golden("cpm-c", "x-computer-begins-tie")
    in_a_browser.start(page, "cpm-c", {})
    steps = prompts(session)
    in_a_browser.wait_screen(page, "s === arg", in_a_browser.shown_lines(steps[0][0]))
    type_keys(page, steps[0][1])
    in_a_browser.wait_screen(page, "s === arg", in_a_browser.shown_lines(steps[1][0]))
    in_a_browser.quiet(page)
    board = sum([row for row in map(board_row, steps[1][0].split("\n")) if row is not None][-3:], [])
    whose = {"": "empty", "O": "the computer", "X": "you"}
    page.keyboard.press("Control+b")
    page.wait_for_function("() => document.getElementById('reader-said').textContent.startsWith('Row 1')")
    assert reader_status(page) == " ".join(
        f"Row {r + 1}: {', '.join(whose[m] for m in board[3 * r:3 * r + 3])}." for r in range(3))
    for shown, keys in steps[1:]:  # the rest as in the pipe: no Ctrl-B went into a line
        in_a_browser.wait_screen(page, "s === arg", in_a_browser.shown_lines(shown))
        type_keys(page, keys)
    page.wait_for_selector("#status[data-exit]", timeout=30000)
    assert page.get_attribute("#status", "data-exit") == str(session.exit_status)


def test_the_learners_cursor_square_is_said_when_it_moves(page) -> None:
    start(page, "pascal-learner")
    page.wait_for_function("() => document.getElementById('reader-screen').textContent.includes('move first?')")
    type_keys(page, "y\r")
    page.wait_for_function("() => document.getElementById('reader-screen').textContent.includes('cursor keys')")
    page.keyboard.press("ArrowDown")
    page.wait_for_function("() => !['', 'The cursor is on row 2, column 2, empty.']"  # the move's first words
                           ".includes(document.getElementById('reader-said').textContent)")
    assert reader_status(page) == "row 3, column 2, empty"
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.getElementById('reader-said').textContent === 'row 3, column 3, empty'")


# Every change the screen's region receives, as text added or changed (window.retroRegion)
REGION_GETS = """() => {
  window.retroRegion = [];
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === 'characterData') window.retroRegion.push(change.target.textContent);
      for (const node of change.addedNodes) window.retroRegion.push(node.textContent);
    }
  }).observe(document.getElementById('reader-screen'), {subtree: true, childList: true, characterData: true});
}"""


def test_a_cursor_key_says_the_square_and_reads_no_row_again(page) -> None:
    """One cursor key: the status says the square in words, and the screen's
    region, whose rows changed only by the pointer's brackets, receives
    nothing; a mark placed is read."""
    start(page, "pascal-learner")
    page.wait_for_function("() => document.getElementById('reader-screen').textContent.includes('move first?')")
    type_keys(page, "y\r")
    page.wait_for_function("() => document.getElementById('reader-screen').textContent.includes('cursor keys')")
    in_a_browser.quiet(page)
    assert "[" in in_a_browser.screen(page)  # the terminal draws the pointer, as the port does
    page.evaluate(REGION_GETS)
    page.keyboard.press("ArrowDown")
    page.wait_for_function("() => document.getElementById('reader-said').textContent === 'row 3, column 2, empty'")
    in_a_browser.wait_screen(page, "/\\[\\.\\]/.test(s.split('\\n').find((r) => /^ *3 /.test(r)))", None,
                             everything=False)  # the pointer is drawn on row 3
    in_a_browser.quiet(page)
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.retroRegion") == []
    assert not [line for line in heard(page)[0] if "[" in line]  # the pointer is said in words, not drawn
    page.keyboard.press("Enter")  # the square played: its row is read
    page.wait_for_function("() => window.retroRegion.some((text) => text.includes('X'))")


def test_a_message_folded_at_the_screens_width_is_read_whole(page) -> None:
    """The learner's messages fold at words at column 80 on the terminal (kept
    so); the screen's region reads each one whole, never a row that stops
    where the terminal's did."""
    start(page, "pascal-learner")
    page.wait_for_function("() => document.getElementById('reader-screen').textContent.includes('move first?')")
    in_a_browser.quiet(page)
    cols = page.evaluate("() => window.retroTerminal.cols")
    rows = in_a_browser.screen(page).split("\n")
    folds = [(above, below) for above, below in zip(rows, rows[1:]) if above.strip() and below.strip()
             and len(above) + 1 + len(below.split()[0]) > cols]  # the next word did not fit: folded there
    assert len(folds) >= 2, rows  # the terminal keeps the fold
    read = [" ".join(line.split()) for line in heard(page)[0]]
    for above, below in folds:
        whole = " ".join(f"{above} {below}".split())
        assert [line for line in read if whole in line], (whole, read)
        assert " ".join(above.split()) not in read and " ".join(below.split()) not in read


def test_a_line_the_terminal_wrapped_is_read_whole(browser, server) -> None:
    """On a phone the teletype's terminal is narrower than the Fortran's
    lines, and wraps them mid-word (as any terminal would); the log reads each
    line whole, live and in the player."""
    page = in_a_browser.open_page(browser, server, width=320, height=800)
    try:
        start(page, "fortran-rcd")
        page.wait_for_function("() => document.getElementById('reader-log').textContent.includes('Quieres')")
        type_keys(page, "S\r")
        prompt = " Introduce donde vas a colocar. [F,C]"
        cols = page.evaluate("() => window.retroTerminal.cols")
        assert cols < len(prompt)  # the terminal wraps it
        page.wait_for_function("p => window.retroScreen().includes(p)", arg=prompt)
        in_a_browser.quiet(page)
        assert prompt in logged(page)
        page.click("#back")
        open_replay(page, "fortran-rcd/ia-human-first-human-wins")
        page.click("#next-move")
        page.wait_for_function("() => document.getElementById('move-said').textContent.startsWith('Move 2 of')")
        assert prompt in logged(page) and not [line for line in logged(page) if prompt.startswith(line) and line != prompt]
        assert page.errors == []
    finally:
        page.context.close()


# -- the player, for a reader ---------------------------------------------------------------
FIG5 = "altair-3d/fig5-v2-player-wins"

# Every line added to the log, in order (window.retroLogged), and whether any was taken away
LOG_GROWS = """() => {
  window.retroLogged = [];
  new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) window.retroLogged.push(node.textContent);
  }).observe(document.getElementById('reader-log'), {childList: true});
}"""


def player_status(page) -> str:
    for row in page.locator("#player").aria_snapshot().split("\n"):
        if row.strip().startswith("- status: "):
            return snapshot_text(row.strip()[len("- status: "):])
    return ""


def logged(page) -> list[str]:
    return page.evaluate("() => [...document.getElementById('reader-log').children].map((p) => p.textContent)")


def test_the_player_says_each_move_and_the_log_grows_only_by_what_is_new(page) -> None:
    session = golden("altair-3d", "fig5-v2-player-wins")
    moves = [line for line in rendering(session).split("\n") if line.startswith("YOUR BOARD, POSITION?")]
    answers = [line.strip() for line in rendering(session).split("\n") if line.startswith("I WANT BOARD")]
    page.select_option("#replay-baud", "110")  # slow: it plays on while the test looks
    button = page.locator(f"button[data-session='{FIG5}']")
    button.evaluate("b => { b.closest('details').open = true; }")
    button.click()
    page.wait_for_selector("#session:not([hidden])")
    assert page.evaluate("() => document.activeElement.id") == "play-pause"  # the player has the focus
    page.keyboard.press("Enter")  # paused, from the keyboard
    assert page.inner_text("#play-pause") == "Play"
    page.evaluate(LOG_GROWS)
    all_moves = len([m for m in moves if m.split("?")[1].strip()])
    for move in (1, 2, 3):
        before = logged(page)
        page.click("#next-move")
        words = f"Move {move} of {all_moves}: you played {moves[move - 1].split('?')[1].strip()}; {answers[move - 1]}"
        page.wait_for_function("w => document.getElementById('move-said').textContent === w", arg=words)
        assert player_status(page) == words
        page.wait_for_function("n => document.getElementById('reader-log').children.length > n", arg=len(before))
        after = logged(page)
        assert after[:len(before)] == before  # the game so far is not read again
        new = page.evaluate("() => window.retroLogged.splice(0)")
        assert new == after[len(before):] and new[-1] == moves[move - 1]  # to the move's line, typed
    page.click("#play-pause")  # playing again, then a move back: it holds there
    assert page.inner_text("#play-pause") == "Pause"
    page.click("#previous-move")
    page.wait_for_function("() => document.getElementById('move-said').textContent.startsWith('Move 2 of')")
    assert page.inner_text("#play-pause") == "Play"
    page.wait_for_timeout(1500)
    assert player_status(page).startswith("Move 2 of")  # still there: it did not play on
    assert page.evaluate("() => window.retroLogged") == []  # back: nothing new to read


# -- language, names and focus --------------------------------------------------------------
def test_the_fortrans_spanish_is_marked_and_its_bad_integer_said_before_the_first_move(page) -> None:
    start(page, "fortran-rcd")
    page.wait_for_function("() => document.getElementById('reader-log').textContent.includes('Quieres empezar')")
    assert page.get_attribute("#reader-log", "lang") == "es"
    assert page.get_attribute("html", "lang") == "en"  # the page's own words stay English
    page.wait_for_function("() => document.getElementById('reader-said').textContent !== ''")
    assert "Bad integer" in reader_status(page) and "number" in reader_status(page)
    page.click("#back")
    in_a_browser.start(page, "fortran-rcd", {"lang": "en"})
    page.wait_for_function("() => document.getElementById('reader-log').textContent.includes('?')")
    assert page.get_attribute("#reader-log", "lang") is None  # --lang en: English, the page's


def open_replay(page, session_id: str) -> None:
    """A recorded session opened in the player at its first move, paused there, as its address opens it."""
    page.evaluate("id => replay(id, {move: 1})", session_id)
    page.wait_for_selector("#session:not([hidden])")
    page.wait_for_function("() => document.getElementById('reader-log').children.length > 2")


def marked(page, text: str) -> Optional[str]:
    """The language the element holding the log's line ``text`` is marked with (None: the page's)."""
    return page.locator("#reader-log p", has_text=text).first.evaluate(
        "p => { const e = p.closest('[lang]'); return e && e !== document.documentElement ? e.lang : null; }")


def test_a_replay_marks_its_programs_language_as_a_live_session_does(page, tmp_path) -> None:
    """The player's log (and the move its status says) is marked with the
    language the port declares for the recording's options: the Fortran's
    Spanish, never its --lang en nor another program's English."""
    open_replay(page, "fortran-rcd/ia-human-first-human-wins")
    assert marked(page, "Quieres empezar") == "es"
    page.click("#next-move")  # a seek draws the terminal again: still Spanish
    page.wait_for_function("() => document.getElementById('move-said').textContent.startsWith('Move 2 of')")
    assert marked(page, "Quieres empezar") == "es"
    assert page.locator("#move-said [lang=es]").count() == 1  # the program's answer, within the page's words
    assert page.get_attribute("html", "lang") == "en"
    page.click("#back")
    english = tmp_path / "english.txt"  # the Fortran in English, recorded as `retro record` does
    subprocess.run([sys.executable, "-m", "retro", "record", "fortran-rcd", "--lang", "en", "-o", str(english)],
                   input=b"Y\n1,1\n", cwd=tmp_path, capture_output=True, check=False)
    view = api.session_view("fortran-rcd/english", english)
    page.route("**/api/sessions/fortran-rcd/english.json", lambda route: route.fulfill(json=view))
    open_replay(page, "fortran-rcd/english")
    assert marked(page, "Do you want to start?") is None
    page.click("#back")
    open_replay(page, "cpm-c/x-computer-begins-tie")
    assert marked(page, "Select your symbol") is None


def test_each_start_names_its_program_and_each_title_is_a_heading(page) -> None:
    snapshot = page.locator("#programs").aria_snapshot()
    titles = page.evaluate("() => [...document.querySelectorAll('#programs li')].map((li) => li.dataset.program)")
    assert len(titles) >= 5
    for program_id in titles:
        card = page.locator(f"li[data-program='{program_id}']")
        title = card.locator(".title").inner_text()
        assert card.locator(f"role=heading[name='{title}']").count() == 1
        assert card.get_by_role("button", name=f"Start {title}", exact=True).count() == 1
        assert f'heading "{title}"' in snapshot or f"heading '{title}'" in snapshot or title in snapshot


RING = """() => {
  const frame = document.getElementById('frame').getBoundingClientRect();
  const box = document.getElementById('terminal').getBoundingClientRect();
  const style = getComputedStyle(document.getElementById('terminal'));
  const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  return style.outlineStyle !== 'none' && ring >= 3 && box.left - ring >= frame.left - 0.5 &&
         box.top - ring >= frame.top - 0.5 && box.right + ring <= frame.right + 0.5 &&
         box.bottom + ring <= frame.bottom + 0.5;
}"""


@pytest.mark.parametrize("program_id", ["cpm-c", "altair-3d"])
def test_the_terminals_focus_ring_shows_whole(page, program_id: str) -> None:
    in_a_browser.start(page, program_id, {})
    assert page.evaluate("() => Boolean(document.activeElement.closest('#terminal'))")
    assert page.evaluate(RING)  # inside the frame, which would clip it


def test_the_cursor_shows_under_forced_colours(browser, server) -> None:
    page = in_a_browser.open_page(browser, server, forced_colors="active")
    try:
        in_a_browser.start(page, "cpm-c", {})
        in_a_browser.wait_screen(page, "s.includes(arg)", "Select your symbol", everything=False)
        cursor = page.evaluate("""() => {
          const c = document.querySelector('#terminal .xterm-cursor');
          const screen = getComputedStyle(document.querySelector('#terminal .xterm-screen'));
          const style = c && getComputedStyle(c);
          return c && [style.backgroundColor, style.outlineStyle, getComputedStyle(document.getElementById('terminal')).backgroundColor];
        }""")
        assert cursor, "no cursor drawn"
        background, outline, terminal = cursor
        assert background != terminal and outline != "none", cursor
        assert page.errors == []
    finally:
        page.context.close()


def test_a_prompt_said_once_is_not_said_again_on_every_key(page) -> None:
    """The learner's long prompt, completed key by key (3,1): each key is
    what the screen's region adds, never the prompt again."""
    start(page, "pascal-learner")
    page.wait_for_function("() => document.getElementById('reader-screen').textContent.includes('move first?')")
    type_keys(page, "y\r")
    page.wait_for_function("() => document.getElementById('reader-screen').textContent.includes('cursor keys')")
    page.evaluate("""() => {
      window.retroAdded = [];
      new MutationObserver((changes) => {
        for (const change of changes) for (const node of change.addedNodes) window.retroAdded.push(node.textContent);
      }).observe(document.getElementById('reader-screen'), {subtree: true, childList: true});
    }""")
    for key in "3,1":
        type_keys(page, key)
        page.wait_for_timeout(300)
    page.wait_for_function("() => document.getElementById('reader-screen').textContent.includes('game): 3,1')")
    added = page.evaluate("() => window.retroAdded")
    assert added and not [text for text in added if "cursor keys" in text], added

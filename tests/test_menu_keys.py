"""The menu's keys are dispatch tables over the console's key names
(retro.console.key_name): each table names a handler that exists, and the
keys do what the hints say."""
import re

import pytest

from retro import catalog, menu
from retro.console import KEY_NAMES, key_name
from retro.menu import Action
from retro.replay import PACES
from test_screen_layout import SizedTerminal
from retro.menu.entries import TITLE

TABLES = [(menu.ListScreen, "KEYS"), (menu.ScreenMenu, "KEYS"), (menu.SessionsScreen, "KEYS"),
          (menu.SessionsScreen, "PACE_KEYS"), (menu.VariantForm, "KEYS"), (menu.VariantForm, "EDIT_KEYS")]


@pytest.mark.parametrize("screen,table", TABLES)
def test_every_key_names_a_handler_and_every_name_is_the_consoles(screen, table) -> None:
    names = set(KEY_NAMES.values()) | {"enter", "backspace", "escape", "tab", menu.END}
    for key, handler in getattr(screen, table).items():
        assert callable(getattr(screen, handler)), (key, handler)
        assert key in names or len(key) == 1, key  # a console name or a printable character
    assert callable(getattr(screen, "other"))  # the one fallback


def press(screen, table: dict, *keys: str):
    return [menu.dispatch(screen, table, key) for key in keys]


def test_every_handler_answers_with_an_action_of_the_vocabulary_or_none() -> None:
    """The actions are one declared vocabulary (menu.Action), never bare words."""
    program = catalog.get("pascal-learner")
    item = next(entry for entry in menu.entries() if entry.sessions)
    for screen, table in [(menu.ScreenMenu(SizedTerminal(24, 80)), "KEYS"),
                          (menu.SessionsScreen(SizedTerminal(24, 80), item), "KEYS"),
                          (menu.SessionsScreen(SizedTerminal(24, 80), item), "PACE_KEYS"),
                          (menu.VariantForm(SizedTerminal(24, 80), program), "KEYS")]:
        for key in getattr(screen, table):
            answer = menu.dispatch(screen, getattr(screen, table), key)
            assert answer is None or isinstance(answer, Action), (type(screen).__name__, key, answer)


def test_the_variant_form_moves_and_leaves_with_the_lists_own_handlers() -> None:
    for handler in ("previous", "following", "start", "leave"):
        assert getattr(menu.VariantForm, handler) is getattr(menu.ListScreen, handler), handler
    for key in ("up", "down", "enter", "escape", "q", menu.END):
        assert menu.VariantForm.KEYS[key] == menu.ListScreen.KEYS[key], key


def test_the_programs_list_takes_arrows_digits_enter_and_q() -> None:
    screen = menu.ScreenMenu(SizedTerminal(24, 80))
    assert press(screen, screen.KEYS, "down", "down", "up") == [None, None, None] and screen.selected == 1
    assert press(screen, screen.KEYS, "4", "enter") == [None, Action.START] and screen.selected == 3
    beyond = str(len(catalog.programs()) + 1)  # a number no program has
    assert press(screen, screen.KEYS, beyond) == [None] and screen.message == f"No entry {beyond}."
    assert press(screen, screen.KEYS, "right", "s", "tab") == [Action.OPEN] * 3
    assert press(screen, screen.KEYS, "q", "Q", menu.END) == [Action.LEAVE] * 3
    assert press(screen, screen.KEYS, "escape") == [None] and "q quits retro" in screen.message  # the top: Esc stays


def test_the_variant_form_cycles_choices_and_edits_text() -> None:
    program = catalog.get("pascal-learner")
    form = menu.VariantForm(SizedTerminal(24, 80), program)
    assert press(form, form.KEYS, "right") == [None] and form.editing == ""  # --rows: a number, edited
    assert press(form, form.EDIT_KEYS, "1", "q", "backspace", "4", "enter") == [None] * 5  # q is typed here
    assert form.values.rows == 14 and form.editing is None
    press(form, form.KEYS, "down", "down", "down", "right")  # --five, a flag
    assert form.values.five is True
    press(form, form.KEYS, *["down"] * (len(program.options) - 3))
    assert press(form, form.KEYS, "enter") == [Action.START]
    assert press(form, form.KEYS, "q") == [Action.LEAVE]


@pytest.mark.parametrize("program_id", [p.id for p in catalog.programs().values() if p.options])
def test_enter_starts_the_program_from_any_row_of_the_variant_form(program_id: str) -> None:
    """Enter on a choice once cycled its value, and starting took as many
    Downs as there are options, to the Start row."""
    program = catalog.get(program_id)
    for row in range(len(program.options) + 1):
        form = menu.VariantForm(SizedTerminal(24, 80), program)
        form.selected = row
        assert form.press("enter") == Action.START, program.options[row].opts if row < len(program.options) else row
        assert form.values == program.defaults() and form.editing is None
    assert "Enter: start" in menu.VariantForm.hints


def test_a_choice_changes_with_left_right_or_space() -> None:
    form = menu.VariantForm(SizedTerminal(24, 80), catalog.get("fortran-rcd"))  # --ai ia|mj, --lang es|en
    changes = []
    for key in (" ", " ", "right", "left", "left"):
        assert form.press(key) is None
        changes.append(form.values.ai)
    assert changes == ["mj", "ia", "mj", "ia", "mj"]
    form.press("down")
    form.press(" ")
    assert form.values.as_dict() == {"ai": "mj", "lang": "en"}
    assert "Left/Right or Space: change" in form.hints


def test_typing_on_a_text_option_starts_its_new_value() -> None:
    form = menu.VariantForm(SizedTerminal(24, 80), catalog.get("pascal-learner"))  # --rows: a number
    form.press("right")  # opened as it is: a value to amend
    assert form.editing == ""
    for key in "12":
        form.press(key)
    form.press("enter")  # kept, not started
    assert form.values.rows == 12 and form.editing is None
    for key in "7":
        form.press(key)  # a new value, not "127"
    assert form.editing == "7"
    assert form.press("enter") is None and form.values.rows == 7
    assert form.press("enter") == Action.START


def test_the_variant_form_opens_with_the_values_it_is_given() -> None:
    program = catalog.get("fortran-rcd")
    form = menu.VariantForm(SizedTerminal(24, 80), program, program.typed({"ai": "mj"}))
    assert form.values.as_dict() == {"ai": "mj", "lang": "es"}
    assert menu.VariantForm(SizedTerminal(24, 80), program).values == program.defaults()


def test_the_menu_keeps_the_last_variants_chosen_while_it_runs(tmp_path) -> None:
    """On a real terminal: --ai changed with Space, the program started with
    Enter on that row; back in the menu, the form opens with --ai mj again
    (it once opened with the defaults every time)."""
    from pty_terminal import Terminal

    number = list(catalog.programs()).index("fortran-rcd") + 1
    term = Terminal([], rows=24, cols=80, cwd=tmp_path, record_modes=tmp_path)
    term.wait_for(TITLE)
    term.send(f"{number}\r")
    term.wait_for("Language: Spanish")
    term.send(" ")  # --ai: ia -> mj
    term.wait_for("Move routine: the older one (MJ)")
    term.send("\r")  # started from the --ai row
    term.wait_for("Quieres empezar tu? [S/N]")
    term.quiet()
    term.send("\x03")
    term.wait_for_words("stopped with Ctrl-C] -- press a key to return to the menu")
    term.send(" ")
    term.wait_for(TITLE)
    term.send("\r")  # the same program, chosen still
    form = term.wait_for("Language: Spanish")
    assert "Move routine: the older one (MJ)" in form, form
    term.send("\x1b")
    term.wait_for("Right or s: the program's recorded sessions")
    term.send("q")
    term.ended_cleanly()


def test_the_pace_is_chosen_with_left_and_right() -> None:
    item = next(entry for entry in menu.entries() if entry.sessions)
    screen = menu.SessionsScreen(SizedTerminal(24, 80), item)
    press(screen, screen.PACE_KEYS, "right", "right")
    assert PACES[screen.pace] == 300
    press(screen, screen.PACE_KEYS, "left")
    assert PACES[screen.pace] == 110
    assert press(screen, screen.PACE_KEYS, "enter", "escape") == [Action.START, Action.LEAVE]


class Key(str):
    """A blessed keystroke as the menu reads it."""

    def __new__(cls, text: str, name: str = ""):
        key = super().__new__(cls, text)
        key.name, key.is_sequence = name or None, bool(name)
        return key


@pytest.mark.parametrize("key,name", [(Key("\r"), "enter"), (Key("\n"), "enter"), (Key("\x04"), None),
                                      (Key("\x1b[A", "KEY_UP"), "up"), (Key("\t"), "tab"), (Key("q"), "q"),
                                      (Key("\x7f"), "backspace")])
def test_the_console_names_the_keys_the_menu_reads(key, name) -> None:
    assert key_name(key) == name


@pytest.mark.parametrize("gap", [0.1, 0.0], ids=["Down 0.1 s after Esc", "Esc and Down in one read"])
def test_esc_then_a_key_within_the_escape_delay_loses_neither(gap: float, tmp_path) -> None:
    """blessed reads Esc and a key typed within its escape delay (0.35 s) as one
    Alt key (Esc then Down: KEY_ALT_ESCAPE, "[", "B"), and the menu lost both."""
    import time

    from pty_terminal import Terminal

    term = Terminal([], rows=24, cols=80, cwd=tmp_path, record_modes=tmp_path)
    term.wait_for("Right or s: the program's recorded sessions")
    term.send("s")
    term.wait_for("3-D Tic-Tac-Toe -- recorded sessions")
    term.quiet()
    if gap:
        term.send("\x1b")
        time.sleep(gap)
        term.send("\x1b[B")
    else:
        term.send("\x1b\x1b[B")
    term.wait_for("Right or s: the program's recorded sessions")  # Esc: back to the programs
    term.quiet()
    term.send("\r")  # Down chose the second program: its variants
    term.wait_for(f"{catalog.get('pascal-learner').title} -- variants")
    term.send("\x1b")
    term.wait_for("Right or s: the program's recorded sessions")
    term.send("q")
    term.ended_cleanly()


@pytest.mark.parametrize("typed", ["abc", "0", "99"])
def test_a_value_the_option_cannot_take_is_said_and_kept_for_correction(typed: str) -> None:
    """The variant form once put the previous value back without a word."""
    from test_screen_layout import SIZES, assert_whole_words, vocabulary

    program = catalog.get("pascal-learner")
    form = menu.VariantForm(SizedTerminal(24, 80), program)
    press(form, form.KEYS, "right")  # --rows: edited
    press(form, form.EDIT_KEYS, *typed, "enter")
    assert form.editing == typed and form.values.rows is None  # still edited, the value as it was
    from retro.ports.pascal_learner.model.board import MAXSIZE

    assert form.message == f"Rows takes a whole number from 1 to {MAXSIZE}, not {typed!r}."
    for rows, cols in SIZES:  # said in the form, whole, at every size
        form.term = term = SizedTerminal(rows, cols)
        form.draw()
        shown = term.shown()
        assert shown[1] == form.message, shown
        assert f"Rows: {typed}_" in "\n".join(shown)
        assert_whole_words(shown[1:2], vocabulary(form.message))
    press(form, form.EDIT_KEYS, *["backspace"] * len(typed), "4", "enter")  # corrected
    assert form.values.rows == 4 and form.editing is None and form.message == ""
    press(form, form.KEYS, "right")
    press(form, form.EDIT_KEYS, "x", "enter", "escape")  # Esc: the value it had
    assert form.values.rows == 4 and form.editing is None and form.message == ""


@pytest.mark.parametrize("ai, keys, said", [
    # the Fortran author's MJ weakness (his blog post): the human wins
    ("mj", ["N", "3,3", "3,1", "1,3", "2,3", "N", ""], "the last game: you won]"),
    # IA starts in the centre and the human does not block (transcripts/fortran-rcd/ia-computer-first-computer-wins)
    ("ia", ["N", "1,1", "1,2", "N", ""], "the last game: the computer won]"),
])
def test_the_menu_says_how_the_last_game_ended(ai: str, keys: list[str], said: str, tmp_path) -> None:
    """The note after a program started from the menu says the last game's
    result, as the port declared it (retro.outcome), not its exit status."""
    from pty_terminal import Terminal

    number = list(catalog.programs()).index("fortran-rcd") + 1
    term = Terminal([], rows=24, cols=80, cwd=tmp_path, record_modes=tmp_path)
    term.wait_for(TITLE)
    term.send(f"{number}\r")
    term.wait_for("Language: Spanish")
    if ai == "mj":
        term.send(" ")  # --ai: ia -> mj
        term.wait_for("Move routine: the older one (MJ)")
    term.send("\r")
    term.wait_for("Quieres empezar tu? [S/N]")
    for key in keys:
        term.send(key + "\r")
    note = f"[{catalog.get('fortran-rcd').title}: {said} -- press a key to return to the menu"
    term.wait_for_words(note)  # after PAUSE's Enter; the note wraps at words
    term.send(" ")
    term.wait_for(TITLE)
    term.send("q")
    term.ended_cleanly()


def test_esc_twice_from_a_form_goes_back_and_stays_at_the_top(tmp_path) -> None:
    """Esc goes back a level: a second Esc after the variant form's once quit retro unasked."""
    from pty_terminal import Terminal

    term = Terminal([], rows=24, cols=80, cwd=tmp_path, record_modes=tmp_path)
    term.wait_for("Right or s: the program's recorded sessions")
    term.send("\r")
    term.wait_for(" -- variants")
    term.send("\x1b")
    term.wait_for("Right or s: the program's recorded sessions")
    term.quiet()  # the second Esc alone, after the escape delay
    term.send("\x1b")
    term.wait_for("This is the menu's first screen: q quits retro.")
    term.send("q")
    term.ended_cleanly()


def test_keys_typed_as_a_program_ends_do_not_reach_the_menu(tmp_path) -> None:
    """Keys typed with a program's last input are dropped when it ends: a
    leftover "B3" and Enter went through its closing note and opened a form."""
    from pty_terminal import Terminal

    number = list(catalog.programs()).index("fortran-rcd") + 1
    term = Terminal([], rows=24, cols=80, cwd=tmp_path, record_modes=tmp_path)
    term.wait_for(TITLE)
    term.send(f"{number}\r")
    term.wait_for(" -- variants")
    term.send("\r")
    term.wait_for("Quieres empezar tu? [S/N]")
    term.quiet()
    term.send("\x04B3\r")  # the end of input, and keys after it
    term.wait_for_words("press a key to return to the menu")
    term.quiet()
    assert "press a key to return to the menu" in " ".join(term.text().split())  # still asked: no key answered it
    term.send(" ")
    term.wait_for("Right or s: the program's recorded sessions")
    term.quiet()
    assert " -- variants" not in term.text()
    term.send("q")
    term.ended_cleanly()


@pytest.mark.parametrize("screen,table,hints", [(menu.ScreenMenu, "KEYS", "hints"),
                                                (menu.SessionsScreen, "KEYS", "hints"),
                                                (menu.SessionsScreen, "PACE_KEYS", "pace_hints"),
                                                (menu.VariantForm, "KEYS", "hints")])
def test_the_footer_says_what_q_does_where_q_leaves(screen, table: str, hints: str) -> None:
    """q leaves every screen (back a level, or out of retro), and each footer says so."""
    assert getattr(screen, table)["q"] == "leave"
    said = "   ".join(getattr(screen, hints))
    assert re.search(r"(^|\s)(Esc or )?q: (back|quit)", said), said


def test_an_option_not_given_shows_what_the_program_takes() -> None:
    """The learner's form once showed Rows and Columns empty, with no default."""
    form = menu.VariantForm(SizedTerminal(24, 80), catalog.get("pascal-learner"))
    shown = "\n".join(row for _, row in form.rows(80))
    assert "Rows: 3 (15 for Five-in-a-Row)" in shown and "Columns: 3 (15 for Five-in-a-Row)" in shown
    for program in catalog.programs().values():
        form = menu.VariantForm(SizedTerminal(24, 80), program)
        empty = [label for _, row in form.rows(200) if (label := row.strip()).endswith(":")]
        assert empty == [], program.id  # every option shows a value, or what not giving one means

"""Every screen reads whole: the menu, the variant form, the sessions list,
the learner's screen and the notice of a terminal too small, drawn on a
blessed terminal of a fixed size and rendered by a terminal emulator (pyte),
at 60x20, 80x24, 100x40 and 132x43.

The rule (retro/screen/wrap.py): a row ends at the end of a word or with "…"; a
word is never cut.  Each screen's words are known from what it was given to
show (the catalog, the sessions' titles, the key hints, the learner's own
messages), so a row's every word must be one of them, or end with "…".  What
a row must show (a session count, a key hint) is on the screen at every size.
"""
from __future__ import annotations

import dataclasses
import io
import re

import blessed
import pyte
import pytest

from retro.ports.pascal_learner.play import display as learner_display
from retro import catalog, menu, resources, stdio
from retro.screen import wrap as layout
from retro.console import ScreenConsole
from retro.replay import PACE_MEANS, PACES, pace_text

SIZES = [(20, 60), (24, 80), (40, 100), (43, 132)]


class SizedTerminal(blessed.Terminal):
    """An xterm of a fixed size writing into memory, with no keyboard."""

    def __init__(self, rows: int, cols: int):
        super().__init__(kind="xterm-256color", stream=io.StringIO(), force_styling=True)
        self.rows, self.cols = rows, cols

    @property
    def height(self) -> int:
        return self.rows

    @property
    def width(self) -> int:
        return self.cols

    def shown(self) -> list[str]:
        """What a terminal emulator of this size shows of everything written."""
        screen = pyte.Screen(self.cols, self.rows)
        pyte.Stream(screen).feed(self.stream.getvalue().replace("\n", "\r\n"))  # a tty's ONLCR
        return [row.rstrip() for row in screen.display]


def vocabulary(*texts: str) -> set[str]:
    return {word for text in texts for word in text.split()}


def assert_whole_words(rows: list[str], words: set[str]) -> None:
    """Every word on every row is one of ``words`` (uncut), or of a list's
    marks of more above or below, or ends with "…"."""
    words = words | vocabulary(menu.MORE_ABOVE, menu.MORE_BELOW)
    for row in rows:
        for word in row.split():
            assert word in words or word.endswith(layout.ELLIPSIS) or word.isdigit(), (
                f"{word!r} is cut or unknown in the row {row!r}; the screen:\n" + "\n".join(rows))


def menu_words() -> set[str]:
    texts = [menu.TITLE, "Programs", menu.ScreenMenu.sessions_hint, *menu.ScreenMenu.hints]
    for item in menu.entries():
        p = item.program
        texts += [p.title, p.language, p.machine, p.year, p.description, item.sessions_note, "--"]
    return vocabulary(*texts)


@pytest.mark.parametrize("rows,cols", SIZES)
def test_the_menu_reads_whole_and_shows_every_session_count_and_key(rows: int, cols: int) -> None:
    items = menu.entries()
    for selected in range(len(items)):
        term = SizedTerminal(rows, cols)
        screen = menu.ScreenMenu(term)
        screen.selected = selected
        screen.draw()
        shown = term.shown()
        assert_whole_words(shown, menu_words())
        text = "\n".join(shown)
        for item in items:  # every program's title row keeps its session count
            row = next(r for r in shown if r.lstrip().startswith(f"{item.number}  "))
            assert row.endswith(item.sessions_note), row
        for hint in (*menu.ScreenMenu.hints, menu.ScreenMenu.sessions_hint):
            assert hint in text
        description = items[selected].program.description.split()
        assert " ".join(" ".join(shown).split()).count(" ".join(description)) == 1  # the selected one's, whole


def test_the_menu_words_would_catch_a_cut_word() -> None:
    """The check itself: the menu as it was drawn before (cut at the width) fails it."""
    p = catalog.programs()["altair-3d"]
    cut = f"       {p.description}"[:79]
    with pytest.raises(AssertionError):
        assert_whole_words([cut], menu_words())


@pytest.mark.parametrize("rows,cols", SIZES)
def test_the_sessions_lists_read_whole(rows: int, cols: int) -> None:
    for item in menu.entries():
        if not item.sessions:
            continue
        words = vocabulary(item.program.title, "-- recorded sessions", "retro replay", "Pace: < > --", PACE_MEANS,
                           *(heading for _, heading in resources.GROUPS), *(pace_text(p) for p in PACES),
                           *menu.SessionsScreen.hints, *menu.SessionsScreen.pace_hints,
                           *(f"{s.title} {s.name}" for s in item.sessions))
        for selected, asking in ((0, False), (len(item.sessions) - 1, False), (0, True)):
            term = SizedTerminal(rows, cols)
            screen = menu.SessionsScreen(term, item)
            screen.selected, screen.asking = selected, asking
            screen.draw()
            shown = term.shown()
            assert_whole_words(shown, words)
            text = "\n".join(shown)
            for hint in (screen.pace_hints if asking else screen.hints):
                assert hint in text
            if not asking:
                assert f"retro replay {screen.order[selected].name}" in " ".join(text.split())


@pytest.mark.parametrize("rows,cols", SIZES)
def test_the_variant_forms_read_whole(rows: int, cols: int) -> None:
    for program in catalog.programs().values():
        if not program.options:
            continue
        form = menu.VariantForm(SizedTerminal(rows, cols), program)
        words = vocabulary(program.title, "-- variants", "Start", "yes no", *form.hints,
                           *(f"{program.label(o.name)}: {form._text(o)} {o.help} ({o.opts[0]})"
                             for o in program.options))
        for row in range(len(program.options) + 1):
            term = SizedTerminal(rows, cols)
            form = menu.VariantForm(term, program)
            form.selected = row
            form.draw()
            shown = term.shown()
            assert_whole_words(shown, words)
            assert all(hint in "\n".join(shown) for hint in form.hints)
            chosen = program.options[row].help if row < len(program.options) else "Start"
            assert " ".join(chosen.split()) in " ".join(" ".join(shown).split())  # the chosen row is on the screen
            # what is off the screen is said: Start is on it, or a mark says more is below
            screen = "\n".join(shown)
            assert "  Start" in shown or menu.MORE_BELOW.strip() in screen
            if form.rows(cols)[0][1].rstrip() not in shown:
                assert menu.MORE_ABOVE.strip() in screen


class KeysConsole(ScreenConsole):
    """The screen console, its keys typed from a list."""

    def __init__(self, term: SizedTerminal, keys: list[str]):
        super().__init__(term, stdin_fd=0, stderr=io.BytesIO())
        self.keys = list(keys)

    def read_key(self):
        self.term.stream.flush()
        return self.keys.pop(0) if self.keys else None


@pytest.mark.parametrize("rows,cols", SIZES)
def test_the_learners_screen_reads_whole(rows: int, cols: int, monkeypatch) -> None:
    said: list[str] = []
    original_say, original_prompt = learner_display.ScreenView.say, learner_display.ScreenView._prompt

    def say(view, text: str = "") -> None:
        said.append(text)
        original_say(view, text)

    def prompt(view, text: str) -> None:
        said.append(text)
        original_prompt(view, text)

    monkeypatch.setattr(learner_display.ScreenView, "say", say)
    monkeypatch.setattr(learner_display.ScreenView, "_prompt", prompt)
    program = catalog.programs()["pascal-learner"]
    for keys in (["escape"], ["y", "enter", "2", ",", "2", "enter"], ["n", "enter", "1", ",", "1", "enter", "x", "enter"]):
        term = SizedTerminal(rows, cols)
        status = program.run(KeysConsole(term, keys), program.parse_options(["--fresh", "--seed", "1", "--no-save"]))
        assert status == 0
        shown = term.shown()
        assert_whole_words(shown[5:], vocabulary(*said))  # below the title and the board
        if keys == ["escape"]:  # the greeting, whole
            assert "I shall play at random and learn from the games I lose." in " ".join(" ".join(shown).split())


@pytest.mark.parametrize("rows,cols", SIZES)
def test_the_size_notice_is_wrapped_and_waits_for_a_key(rows: int, cols: int, monkeypatch) -> None:
    altair = catalog.programs()["altair-3d"]
    if (rows, cols) != (20, 60):  # larger than the Altair's 80x24: a screen larger still
        altair = dataclasses.replace(altair, screen_size=lambda options: (rows + 1, cols + 1))
    keys: list[str] = []
    term = SizedTerminal(rows, cols)
    monkeypatch.setattr(term, "inkey", lambda *a, **k: keys.append("read") or " ")
    assert stdio.fits(term, altair, altair.defaults()) is False
    assert keys == ["read"]
    shown = term.shown()
    notice = " ".join(" ".join(shown).split())
    assert f"this terminal is {cols}x{rows}" in notice and notice.endswith("press a key to go on")
    assert_whole_words(shown, vocabulary(notice))
    assert all(len(row) <= cols for row in shown)
    assert not any(re.search(r"\w-$", row) for row in shown)

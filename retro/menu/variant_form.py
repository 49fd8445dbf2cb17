"""The variant form: a program's variant options chosen before it starts, on a
list whose keys are the list screens' own, a text option edited in place."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import click

from .. import catalog
from ..screen.wrap import hint_rows, wrap
from .keys import END, Action, KeyTable, dispatch
from .list_screen import ListScreen

if TYPE_CHECKING:
    from blessed import Terminal


def why_not(opt: click.Option, label: str, text: str, err: click.BadParameter) -> str:
    """Why ``text`` is no value of ``opt`` (named ``label``), in the form's words.

    >>> why_not(click.Option(["--rows"], type=click.IntRange(1, 15)), "Rows", "99", click.BadParameter(""))
    "Rows takes a whole number from 1 to 15, not '99'."
    """
    kind = opt.type
    if isinstance(kind, click.IntRange) and kind.min is not None and kind.max is not None:
        return f"{label} takes a whole number from {kind.min} to {kind.max}, not {text!r}."
    if kind is click.INT or isinstance(kind, click.IntRange):
        return f"{label} takes a whole number, not {text!r}."
    return f"{label}: {err.message}"


class VariantForm(ListScreen):
    """Choose a program's variant options before it starts: one entry per
    option, then Start.  Enter starts the program from any row; Left/Right
    or Space change a choice, or open a text option's value for editing in
    place, and typing on a text option starts a new value (a text it cannot
    take is said why, above the options, and stays there to be corrected).
    Up, Down, Enter, Esc and q are the list's own keys, handled by the
    list's handlers."""

    KEYS: KeyTable = {**ListScreen.KEYS, "left": "change_back", "right": "change", " ": "change"}
    EDIT_KEYS: KeyTable = {"enter": "keep", "escape": "cancel", "backspace": "erase", END: "cancel"}
    hints = ("Up/Down: option", "Left/Right or Space: change", "Enter: start", "Esc or q: back")
    edit_hints = ("Type the value", "Enter: keep it", "Esc: cancel")

    def __init__(self, term: Terminal, program: catalog.Program, values: Optional[catalog.Options] = None):
        """``values``: the options as they were last chosen (else the defaults)."""
        super().__init__(term, len(program.options) + 1)  # the options and Start
        self.program = program
        self.title = f"{program.title} -- variants"
        self.values: catalog.Options = values if values is not None else program.defaults()
        self.editing: Optional[str] = None  # the text of the option being edited

    def _value(self, opt: click.Option) -> object:
        return getattr(self.values, opt.name or "")

    def _set(self, opt: click.Option, value: object) -> None:
        self.values = self.values.changed(**{opt.name or "": value})

    def _text(self, opt: click.Option) -> str:
        """The option's value as the form shows it: yes or no, a choice's words, a text."""
        value = self._value(opt)
        if opt.is_flag:
            return "yes" if value else "no"
        return self.program.value_words(opt.name or "", value)  # not given: what the program takes then

    def rows(self, width: int) -> list[tuple[int, str]]:
        """Each option: its label and its value in words, then its help, its flag last, wrapped under them."""
        out: list[tuple[int, str]] = []
        options = self.program.options
        for k, opt in enumerate(options):
            value = f"{self.editing}_" if k == self.selected and self.editing is not None else self._text(opt)
            rows = wrap(f"  {self.program.label(opt.name or '')}: {value}", width, indent="      ")
            rows += wrap(f"      {opt.help or ''} ({opt.opts[0]})", width)
            out.extend((k, row) for row in rows)
        out.append((-1, ""))
        out.append((len(options), "  Start"))
        return out

    def footer(self, width: int) -> list[str]:
        return hint_rows(self.edit_hints if self.editing is not None else self.hints, width)

    def table(self) -> KeyTable:
        return self.EDIT_KEYS if self.editing is not None else self.KEYS

    def press(self, key: str) -> Optional[Action]:
        """One key, to the handler the table names; the message (why a text
        was refused) stays until the text is corrected or its editing cancelled."""
        return dispatch(self, self.table(), key)

    def ask(self) -> Optional[catalog.Options]:
        """The options chosen, or None (Esc, q, Ctrl-D or Ctrl-C)."""
        return self.values if self.read_action() is not None else None

    # -- the handlers of KEYS beside the list's ----------------------------------
    def change(self, key: str, step: int = 1) -> None:
        """A choice (a flag too) to its next value (``step`` -1: the one
        before); a text option opened for editing."""
        if self.selected == len(self.program.options):
            return  # Start
        opt = self.program.options[self.selected]
        if self._is_choice(opt):
            self._cycle(opt, step)
        else:
            value = self._value(opt)
            self.editing = "" if value is None else str(value)  # the value typed, not its words

    def change_back(self, key: str) -> None:
        self.change(key, -1)

    def other(self, key: str) -> None:
        """A key the tables do not name: typed into an option being edited,
        or on a text option the first character of a new value; else ignored."""
        if len(key) != 1 or not key.isprintable():
            return
        if self.editing is None and self.selected < len(self.program.options):
            if not self._is_choice(self.program.options[self.selected]):
                self.editing = ""
        if self.editing is not None:
            self.editing += key

    # -- the handlers of EDIT_KEYS -----------------------------------------------
    def keep(self, key: str) -> None:
        """Enter: the text typed becomes the option's value (none: its default);
        a text that is no value of the option is said why, and stays to be
        corrected (Esc keeps the value it had)."""
        opt = self.program.options[self.selected]
        text = self.editing or ""
        try:
            value = opt.type.convert(text, opt, None) if text else None
        except click.BadParameter as err:
            self.message = why_not(opt, self.program.label(opt.name or ""), text, err)
            return
        self._set(opt, value)
        self.editing, self.message = None, ""

    def cancel(self, key: str) -> None:
        self.editing = None
        self.message = ""

    def erase(self, key: str) -> None:
        self.editing = (self.editing or "")[:-1]

    @staticmethod
    def _is_choice(opt: click.Option) -> bool:
        """Whether ``opt`` takes one of a few values (a flag: yes or no), not a text."""
        return bool(opt.is_flag) or isinstance(opt.type, click.Choice)

    def _cycle(self, opt: click.Option, step: int) -> None:
        if opt.is_flag:
            self._set(opt, not self._value(opt))
        elif isinstance(opt.type, click.Choice):
            choices = list(opt.type.choices)
            current = self._value(opt)
            k = choices.index(current) if current in choices else 0
            self._set(opt, choices[(k + step) % len(choices)])

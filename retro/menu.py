"""The menu: the programs, then the recorded sessions to replay.

On a terminal it is fullscreen (blessed): arrow keys or digits choose, Enter
starts, q quits; a program's variants are chosen before it starts; a program
started here comes back here when it ends, when its runtime fails, or on
Ctrl-C, with the terminal restored.  In a pipe it is a numbered list read
from standard input (``3`` or ``3 --ai mj``) that ends cleanly at end of input.
"""
from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

import click

from . import catalog, signals, transcript
from .console import LineConsole
from .visible import visible
from .runner import INTERRUPTED, can_address_cursor, on_terminal, run_session, teletype, terminal, terminal_console

MIN_COLUMNS, MIN_ROWS = 60, 12


@dataclass
class Entry:
    """One line of the menu: a program, or a recorded session."""

    number: int
    program: Optional[catalog.Program] = None
    session: Optional[Path] = None
    label: str = ""
    detail: str = ""


def entries() -> list[Entry]:
    found: list[Entry] = []
    for program in catalog.programs().values():
        found.append(Entry(len(found) + 1, program=program, label=program.title,
                           detail=f"{program.language}, {program.machine}, {program.year} -- {program.description}"))
    folder = transcript.default_directory()
    if folder is not None:
        for path in transcript.find_transcripts([folder]):
            try:
                session = transcript.load(path)
            except transcript.TranscriptError:
                continue  # `retro check` reports broken files; the menu just skips them
            name = visible(f"{path.parent.name}/{path.stem}")  # names and titles may be anyone's
            found.append(Entry(len(found) + 1, session=path, label=name, detail=visible(session.title)))
    return found


def menu() -> int:
    if on_terminal():
        term = terminal()
        if can_address_cursor(term):
            return ScreenMenu(term).loop()
    return pipe_menu(teletype())


# -- in a pipe ---------------------------------------------------------------------


def pipe_menu(console: LineConsole) -> int:
    items = entries()
    while True:
        console.write("retro -- five historical tic-tac-toe programs\n\n")
        for item in items:
            if item.program:
                console.write(f"{item.number:>3}  {item.program.id:<16} {item.label}\n")
        if any(item.session for item in items):
            console.write("\nRecorded sessions (replay):\n")
            for item in items:
                if item.session:
                    console.write(f"{item.number:>3}  {item.label:<40} {item.detail}\n")
        console.write("\nChoose a number, optionally with variant options (q to quit): ")
        line = console.read_line()
        if line is None:
            console.write("\n")
            return 0
        words = line.split()
        if not words:
            continue
        if words[0].lower() in ("q", "quit"):
            return 0
        item = next((i for i in items if words[0] == str(i.number)), None)
        if item is None:
            console.write(f"No entry {words[0]!r}.\n\n")
            continue
        if item.session:
            from .replay import show

            show(transcript.load(item.session))
            console.write("\n")
            continue
        program = item.program
        assert program is not None
        try:
            options = program.parse_options(words[1:])
        except click.ClickException as err:
            variants = "".join(f"  {line}\n" for line in program.option_lines()) or "  (none)\n"
            console.write(f"{err.format_message()}\nThe variants of {program.id}:\n{variants}\n")
            continue
        status = run_session(program, console, options)
        console.write(f"\n[{program.id} ended with status {status}]\n\n")


# -- on a terminal -----------------------------------------------------------------


class ScreenMenu:
    def __init__(self, term):
        self.term = term
        self.items = entries()
        self.selected = 0
        self.typed = ""
        self.message = ""

    # drawing ---------------------------------------------------------------------
    def lines(self) -> list[tuple[int, str]]:
        """(entry index or -1, text) for every line of the list."""
        out: list[tuple[int, str]] = [(-1, "Programs")]
        width = self.term.width
        for index, item in enumerate(self.items):
            if item.session and (index == 0 or not self.items[index - 1].session):
                out.append((-1, ""))
                out.append((-1, "Recorded sessions (replay)"))
            if item.program:
                p = item.program
                out.append((index, f"{item.number:>3}  {p.title}"))
                out.append((index, f"       {p.language} -- {p.machine} -- {p.year}"[: width - 1]))
                out.append((index, f"       {p.description}"[: width - 1]))
            else:
                name = item.label if len(item.label) < 38 else item.label[:36] + "~"
                out.append((index, f"{item.number:>3}  {name:<38} {item.detail}"[: width - 1]))
        return out

    def draw(self) -> None:
        t = self.term
        write = t.stream.write
        write(t.home + t.clear)
        if t.width < MIN_COLUMNS or t.height < MIN_ROWS:
            write(t.move_yx(0, 0) + f"The terminal is {t.width}x{t.height};")
            write(t.move_yx(1, 0) + f"retro needs {MIN_COLUMNS}x{MIN_ROWS}.")
            write(t.move_yx(2, 0) + "Resize it, or press q.")
            t.stream.flush()
            return
        title = " retro -- five historical tic-tac-toe programs "
        write(t.move_yx(0, 0) + t.reverse(title.ljust(t.width)[: t.width]))
        body = self.lines()
        room = t.height - 4
        selected_rows = [k for k, (index, _) in enumerate(body) if index == self.selected]
        top = 0
        if selected_rows and selected_rows[-1] >= room:
            top = selected_rows[-1] - room + 1
        for row, (index, text) in enumerate(body[top : top + room]):
            text = text[: t.width - 1]
            if index == self.selected:
                text = t.reverse(text.ljust(t.width - 1))
            elif index == -1 and text:
                text = t.bold(text)
            write(t.move_yx(row + 2, 0) + text)
        help_line = "Up/Down or digits: choose   Enter: start   q: quit"
        if self.message:
            help_line = self.message
        write(t.move_yx(t.height - 1, 0) + help_line[: t.width - 1])
        t.stream.flush()

    # the loop ----------------------------------------------------------------------
    def loop(self) -> int:
        t = self.term
        while True:
            choice = self._choose()
            if choice is None:
                return 0
            self._start(self.items[choice])

    def _choose(self) -> Optional[int]:
        t = self.term
        with signals.screen(t, redraw=self.draw), t.cbreak():
            size = None
            while True:
                if size != (t.width, t.height):
                    size = (t.width, t.height)
                    self.draw()
                try:
                    key = t.inkey(timeout=0.5)
                except KeyboardInterrupt:
                    return None
                if not key:
                    continue
                self.message = ""
                if key.is_sequence:
                    if key.name == "KEY_UP":
                        self.selected = (self.selected - 1) % len(self.items)
                    elif key.name == "KEY_DOWN":
                        self.selected = (self.selected + 1) % len(self.items)
                    elif key.name == "KEY_ENTER":
                        if self.typed:
                            self._jump()
                        return self.selected
                    elif key.name == "KEY_ESCAPE":
                        return None
                    self.typed = ""
                elif key in ("\n", "\r"):
                    if self.typed:
                        self._jump()
                    return self.selected
                elif key in ("q", "Q", "\x04"):
                    return None
                elif key.isdigit():
                    self.typed += key
                    self._jump()
                    if len(self.typed) >= len(str(len(self.items))):
                        self.typed = ""
                else:
                    self.typed = ""
                self.draw()

    def _jump(self) -> None:
        number = int(self.typed)
        if 1 <= number <= len(self.items):
            self.selected = number - 1
        else:
            self.message = f"No entry {number}."

    def _start(self, item: Entry) -> None:
        t = self.term
        if item.session:
            from .replay import show

            t.stream.write(t.home + t.clear)
            try:
                show(transcript.load(item.session), out=t.stream)
            except KeyboardInterrupt:
                pass
            self._pause("[end of the recorded session]")
            return
        program = item.program
        assert program is not None
        options = VariantForm(t, program).ask() if program.options else {}
        if options is None:
            return
        t.stream.write(t.home + t.clear + t.normal_cursor)
        t.stream.flush()
        status = run_session(program, terminal_console(t, program, options), options)
        if status == INTERRUPTED:
            note = "interrupted"
        else:
            note = f"ended with status {status}"
        self._pause(f"[{program.id} {note}]")

    def _pause(self, note: str) -> None:
        t = self.term
        t.stream.write(f"\n{note} -- press a key to return to the menu")
        t.stream.flush()
        try:
            with t.cbreak():
                t.inkey()
        except KeyboardInterrupt:
            pass


class VariantForm:
    """Choose a program's variant options before it starts."""

    def __init__(self, term, program: catalog.Program):
        self.term = term
        self.program = program
        self.values: dict[str, Any] = program.defaults()
        self.row = 0

    def _text(self, opt: click.Option) -> str:
        value = self.values.get(opt.name)
        if opt.is_flag:
            return "yes" if value else "no"
        return "" if value is None else str(value)

    def draw(self) -> None:
        t = self.term
        w = t.stream.write
        w(t.home + t.clear)
        w(t.move_yx(0, 0) + t.reverse(f" {self.program.title} -- variants ".ljust(t.width)[: t.width]))
        for k, opt in enumerate(self.program.options):
            line = f"  {opt.opts[0]:<20} {self._text(opt):<12} {opt.help or ''}"[: t.width - 1]
            w(t.move_yx(2 + k, 0) + (t.reverse(line) if k == self.row else line))
        start = "  Start"
        w(t.move_yx(3 + len(self.program.options), 0) + (t.reverse(start) if self.row == len(self.program.options) else start))
        w(t.move_yx(t.height - 1, 0) + "Up/Down: option   Left/Right: change   Enter: edit/start   Esc: back"[: t.width - 1])
        t.stream.flush()

    def ask(self) -> Optional[dict[str, Any]]:
        t = self.term
        options = self.program.options
        with signals.screen(t, redraw=self.draw), t.cbreak():
            while True:
                self.draw()
                try:
                    key = t.inkey()
                except KeyboardInterrupt:
                    return None
                name = key.name if key.is_sequence else None
                if name == "KEY_ESCAPE" or key == "q":
                    return None
                if name == "KEY_UP":
                    self.row = (self.row - 1) % (len(options) + 1)
                elif name == "KEY_DOWN":
                    self.row = (self.row + 1) % (len(options) + 1)
                elif name in ("KEY_LEFT", "KEY_RIGHT") and self.row < len(options):
                    self._cycle(options[self.row], 1 if name == "KEY_RIGHT" else -1)
                elif name == "KEY_ENTER" or key in ("\n", "\r"):
                    if self.row == len(options):
                        return dict(self.values)
                    opt = options[self.row]
                    if isinstance(opt.type, click.Choice) or opt.is_flag:
                        self._cycle(opt, 1)
                    else:
                        self._edit(opt)

    def _cycle(self, opt: click.Option, step: int) -> None:
        if opt.is_flag:
            self.values[opt.name] = not self.values.get(opt.name)
        elif isinstance(opt.type, click.Choice):
            choices = list(opt.type.choices)
            current = self.values.get(opt.name)
            k = choices.index(current) if current in choices else 0
            self.values[opt.name] = choices[(k + step) % len(choices)]

    def _edit(self, opt: click.Option) -> None:
        t = self.term
        row = 2 + self.program.options.index(opt)
        text = self._text(opt)
        while True:
            t.stream.write(t.move_yx(row, 0) + t.clear_eol + f"  {opt.opts[0]:<20} {text}_")
            t.stream.flush()
            key = t.inkey()
            if key.name == "KEY_ENTER" or key in ("\n", "\r"):
                break
            if key.name == "KEY_ESCAPE":
                return
            if key.name in ("KEY_BACKSPACE", "KEY_DELETE") or key in ("\x7f", "\x08"):
                text = text[:-1]
            elif not key.is_sequence and key.isprintable():
                text += key
        try:
            self.values[opt.name] = opt.type.convert(text, opt, None) if text else None
        except click.BadParameter:
            pass  # keep the previous value

"""The menu: the programs, and each program's recorded sessions to replay.

On a terminal it is fullscreen (blessed): arrow keys or digits choose, Enter
plays the program (its variants are chosen first), Right (or s) opens the
program's recorded sessions, grouped (resources.GROUPS), where Enter asks
the pace (--baud) and replays one; q or Esc goes back, and quits.  A program
or a replay started here comes back here when it ends, when its runtime
fails, or on Ctrl-C, with the terminal restored.  In a pipe it is a numbered
list read from standard input (``3``, ``3 --ai mj``, ``3s`` for program 3's
sessions, then ``2`` or ``2 --baud 300``) that ends cleanly at end of input.
"""
from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional

import click

from . import catalog, resources, signals, transcript
from .console import LineConsole
from .exits import INTERRUPTED
from .replay import PACES, pace_text, parse_pace, show
from .runner import run_session
from .stdio import teletype, terminal_console
from .terminal import can_address_cursor, on_terminal, terminal

MIN_COLUMNS, MIN_ROWS = 60, 12
TITLE = "retro -- five historical tic-tac-toe programs"


@dataclass
class Entry:
    """One program of the menu, with its recorded sessions (shipped with retro)."""

    number: int
    program: catalog.Program
    sessions: list[resources.Session] = field(default_factory=list)

    @property
    def sessions_note(self) -> str:
        n = len(self.sessions)
        return f"{n} recorded session{'s' if n != 1 else ''}" if n else ""


def entries() -> list[Entry]:
    found = resources.sessions()
    return [Entry(k, program, [s for s in found if s.program == program.id])
            for k, program in enumerate(catalog.programs().values(), start=1)]


def session_rows(entry: Entry, names: bool = True) -> list[tuple[Optional[int], str]]:
    """(session index or None for a heading, text) for a program's sessions, by
    group: number, name (the NAME of `retro replay ID/NAME`) and title."""
    rows: list[tuple[Optional[int], str]] = []
    index = 0
    for heading, group in resources.by_group(entry.sessions):
        rows.append((None, heading))
        for session in group:
            name = f"{session.name.partition('/')[2]:<34} " if names else ""
            rows.append((index, f"{index + 1:>3}  {name}{session.title}"))
            index += 1
    return rows


def replay_order(entry: Entry) -> list[resources.Session]:
    """The program's sessions in the order session_rows numbers them."""
    return [s for _, group in resources.by_group(entry.sessions) for s in group]


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
        console.write(f"{TITLE}\n\n")
        for item in items:
            console.write(f"{item.number:>3}  {item.program.id:<16} {item.program.title:<42} {item.sessions_note}\n".rstrip(" \n") + "\n")
        if any(item.sessions for item in items):
            console.write(f"\nRecorded sessions: a number and s ({items[0].number}s) lists that program's.\n")
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
        wants_sessions = words[0].lower().endswith("s") and len(words) == 1
        number = words[0][:-1] if wants_sessions else words[0]
        item = next((i for i in items if number == str(i.number)), None)
        if item is None:
            console.write(f"No entry {words[0]!r}.\n\n")
            continue
        if wants_sessions:
            if pipe_sessions(console, item) is None:
                console.write("\n")
                return 0
            continue
        program = item.program
        try:
            options = program.parse_options(words[1:])
        except click.ClickException as err:
            variants = "".join(f"  {line}\n" for line in program.option_lines()) or "  (none)\n"
            console.write(f"{err.format_message()}\nThe variants of {program.id}:\n{variants}\n")
            continue
        status = run_session(program, console, options)
        console.write(f"\n[{program.id} ended with status {status}]\n\n")


def pipe_sessions(console: LineConsole, item: Entry) -> Optional[bool]:
    """A program's recorded sessions as a numbered list; True when the user goes
    back to the programs, None at the end of input."""
    order = replay_order(item)
    while True:
        console.write(f"\n{item.program.title} -- recorded sessions\n")
        for index, text in session_rows(item):
            console.write(f"{text}\n" if index is not None else f"\n{text}\n")
        if not order:
            console.write("(none)\n")
        console.write("\nChoose a session, optionally with a pace (1 --baud 300) (Enter or q: back): ")
        line = console.read_line()
        if line is None:
            return None
        words = line.split()
        if not words or words[0].lower() in ("q", "quit"):
            return True
        if not words[0].isdigit() or not 1 <= int(words[0]) <= len(order):
            console.write(f"No session {words[0]!r}.\n")
            continue
        try:
            baud = parse_pace(words[1:])
        except click.ClickException as err:
            console.write(f"{err.format_message()}\n")
            continue
        if not _replay(order[int(words[0]) - 1], baud):
            continue
        console.write("\n[end of the recorded session]\n")


def _replay(session: resources.Session, baud: Optional[int], out=None) -> bool:
    """Replay one session; False (after a message) if its file cannot be read."""
    try:
        golden = transcript.load(session.path)
    except transcript.TranscriptError as err:
        (out or click.get_text_stream("stdout")).write(f"{err}\n")
        return False
    show(golden, baud=baud, out=out)
    return True


# -- on a terminal -----------------------------------------------------------------


def keys(term, draw: Callable[[], None]) -> Iterator[Any]:
    """The keys pressed, fullscreen in cbreak mode, each after ``draw()``; the
    keys end at Ctrl-C.  Use it in ``closing()``: the screen is restored as
    soon as the caller stops reading keys."""
    with signals.screen(term, redraw=draw), term.cbreak():  # given back on Ctrl-Z and signals
        while True:
            draw()
            try:
                key = term.inkey()
            except KeyboardInterrupt:
                return
            yield key


class ListScreen:
    """A fullscreen list: a title, lines (some chosen by number), a help line."""

    def __init__(self, term, count: int):
        self.term = term
        self.count = count
        self.selected = 0
        self.typed = ""
        self.message = ""

    title = ""
    help = ""

    def lines(self) -> list[tuple[int, str]]:
        """(entry index, or -1 for a heading, and its text) for every line of the list."""
        raise NotImplementedError

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
        write(t.move_yx(0, 0) + t.reverse(f" {self.title} ".ljust(t.width)[: t.width]))
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
        write(t.move_yx(t.height - 1, 0) + (self.message or self.help)[: t.width - 1])
        t.stream.flush()

    def choose(self, extra: dict[str, str]) -> Optional[tuple[str, int]]:
        """Wait for a choice: ("enter", index), (extra[key], index), or None
        (q, Esc, Ctrl-D or Ctrl-C).  ``extra`` maps keys or key names to actions."""
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
                name = key.name if key.is_sequence else str(key)
                if name in extra and self.count:
                    return extra[name], self.selected
                if key.is_sequence:
                    if name == "KEY_UP" and self.count:
                        self.selected = (self.selected - 1) % self.count
                    elif name == "KEY_DOWN" and self.count:
                        self.selected = (self.selected + 1) % self.count
                    elif name == "KEY_ENTER" and self.count:
                        if self.typed:
                            self._jump()
                        return "enter", self.selected
                    elif name == "KEY_ESCAPE":
                        return None
                    self.typed = ""
                elif key in ("\n", "\r") and self.count:
                    if self.typed:
                        self._jump()
                    return "enter", self.selected
                elif key in ("q", "Q", "\x04"):
                    return None
                elif key.isdigit():
                    self.typed += key
                    self._jump()
                    if len(self.typed) >= len(str(self.count)):
                        self.typed = ""
                else:
                    self.typed = ""
                self.draw()

    def _jump(self) -> None:
        number = int(self.typed)
        if 1 <= number <= self.count:
            self.selected = number - 1
        else:
            self.message = f"No entry {number}."

    def pause(self, note: str) -> None:
        t = self.term
        t.stream.write(f"\n{note} -- press a key to return to the menu")
        t.stream.flush()
        try:
            with t.cbreak():
                t.inkey()
        except KeyboardInterrupt:
            pass


class ScreenMenu(ListScreen):
    """The programs: Enter plays one, Right (or s) opens its recorded sessions."""

    title = TITLE
    help = "Up/Down or digits: choose   Enter: start   q: quit"
    sessions_help = "Right or s: the program's recorded sessions (replay)"
    OPEN = {"KEY_RIGHT": "open", "s": "open", "S": "open", "\t": "open", "KEY_TAB": "open"}

    def __init__(self, term):
        self.items = entries()
        super().__init__(term, len(self.items))

    def lines(self) -> list[tuple[int, str]]:
        out: list[tuple[int, str]] = [(-1, "Programs")]
        width = self.term.width
        for index, item in enumerate(self.items):
            p = item.program
            title = f"{item.number:>3}  {p.title}"
            note = item.sessions_note
            if note and len(title) + len(note) + 3 < width:
                title = title.ljust(width - 2 - len(note)) + note
            out.append((index, title))
            out.append((index, f"       {p.language} -- {p.machine} -- {p.year}"[: width - 1]))
            out.append((index, f"       {p.description}"[: width - 1]))
        return out

    def draw(self) -> None:
        super().draw()
        t = self.term
        if t.width >= MIN_COLUMNS and t.height >= MIN_ROWS and any(item.sessions for item in self.items):
            t.stream.write(t.move_yx(t.height - 2, 0) + self.sessions_help[: t.width - 1])
            t.stream.flush()

    def loop(self) -> int:
        while True:
            choice = self.choose(self.OPEN)
            if choice is None:
                return 0
            action, index = choice
            item = self.items[index]
            if action == "open":
                if item.sessions:
                    SessionsScreen(self.term, item).loop()
                else:
                    self.message = f"{item.program.title} has no recorded sessions."
            else:
                self._start(item)

    def _start(self, item: Entry) -> None:
        t = self.term
        program = item.program
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
        self.pause(f"[{program.id} {note}]")


class SessionsScreen(ListScreen):
    """A program's recorded sessions, by group: Enter asks the pace and replays one."""

    help = "Up/Down or digits: choose   Enter: replay   Esc: back"
    pace_help = "Left/Right: the pace   Enter: replay   Esc: back"
    BACK = {"KEY_LEFT": "back"}

    def __init__(self, term, item: Entry):
        self.item = item
        self.order = replay_order(item)
        super().__init__(term, len(self.order))
        self.title = f"{item.program.title} -- recorded sessions"
        self.pace = 0  # index into PACES
        self.asking = False  # the pace, for the selected session

    def lines(self) -> list[tuple[int, str]]:
        """The titles (the names are long; the selected one's is shown below)."""
        out: list[tuple[int, str]] = []
        for index, text in session_rows(self.item, names=False):
            if index is None:
                if out:
                    out.append((-1, ""))
                out.append((-1, text))
            else:
                out.append((index, text))
        return out

    def draw(self) -> None:
        if self.asking:
            self.message = self.pace_help
        super().draw()
        t = self.term
        if t.width >= MIN_COLUMNS and t.height >= MIN_ROWS and self.order:
            session = self.order[self.selected]
            below = (f"Pace: < {pace_text(PACES[self.pace])} >" if self.asking
                     else f"retro replay {session.name}")
            t.stream.write(t.move_yx(t.height - 2, 0) + t.bold(below[: t.width - 1]))
            t.stream.flush()

    def loop(self) -> None:
        while True:
            choice = self.choose(self.BACK)
            if choice is None or choice[0] == "back":
                return
            session = self.order[choice[1]]
            baud = self.ask_pace()
            if baud is False:
                continue
            self._replay(session, baud)  # type: ignore[arg-type]

    def ask_pace(self) -> Optional[int] | bool:
        """The pace for this replay (None: at once), or False to go back."""
        self.asking = True
        try:
            with closing(keys(self.term, self.draw)) as pressed:
                for key in pressed:
                    name = key.name if key.is_sequence else str(key)
                    if name in ("KEY_LEFT", "KEY_RIGHT"):
                        self.pace = (self.pace + (1 if name == "KEY_RIGHT" else -1)) % len(PACES)
                    elif name == "KEY_ENTER" or key in ("\n", "\r"):
                        return PACES[self.pace]
                    elif name == "KEY_ESCAPE" or key in ("q", "Q", "\x04"):
                        break
            return False  # Esc, q, or Ctrl-C
        finally:
            self.asking = False
            self.message = ""

    def _replay(self, session: resources.Session, baud: Optional[int]) -> None:
        t = self.term
        t.stream.write(t.home + t.clear)
        t.stream.flush()
        note = "[end of the recorded session]"
        try:
            if not _replay(session, baud, out=t.stream):
                note = "[the session cannot be read]"
        except KeyboardInterrupt:
            note = "[replay interrupted]"
        self.pause(note)


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
        options = self.program.options
        with closing(keys(self.term, self.draw)) as pressed:
            for key in pressed:
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
        return None  # Ctrl-C

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

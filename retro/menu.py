"""The menu: the programs, and each program's recorded sessions to replay.

On a terminal it is fullscreen (blessed): arrow keys or digits choose, Enter
plays the program (its variants are chosen first), Right (or s) opens the
program's recorded sessions, grouped (resources.GROUPS), where Enter asks
the pace (--baud) and replays one; q or Esc goes back, and quits (so does
Ctrl-D; Ctrl-C goes back too, and on the programs' list quits with 130).  A program
or a replay started here comes back here when it ends, when its runtime
fails, or on Ctrl-C, with the terminal restored.  In a pipe it is a numbered
list read from standard input (``3``, ``3 --ai mj``, ``3s`` for program 3's
sessions, then ``2`` or ``2 --baud 300``) that ends cleanly at end of input.
"""
from __future__ import annotations

from contextlib import closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Generator, Optional, Sequence, TextIO, cast

import click

from . import catalog, resources, signals, transcript
from . import layout
from .console import LineConsole, key_name
from .exits import INTERRUPTED
from .replay import PACES, pace_text, parse_pace, show
from .runner import run_session
from .terminal import cbreak
from .stdio import teletype, terminal_console
from .terminal import can_address_cursor, on_terminal, terminal

if TYPE_CHECKING:
    from blessed import Terminal
    from blessed.keyboard import Keystroke

MIN_COLUMNS, MIN_ROWS = 60, 12
PIPE_WIDTH = 80  # the numbered menu's lines, as a teletype of the period printed them
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
        for listed in items:
            row = f"{listed.number:>3}  {listed.program.id:<16} {listed.program.title}"
            console.write(layout.with_note(row, listed.sessions_note, PIPE_WIDTH) + "\n")
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
        item: Optional[Entry] = next((i for i in items if number == str(i.number)), None)
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


def _replay(session: resources.Session, baud: Optional[int], out: Optional[TextIO] = None) -> bool:
    """Replay one session; False (after a message) if its file cannot be read."""
    try:
        golden = transcript.load(session.path)
    except transcript.TranscriptError as err:
        click.echo(f"{err}", file=out)
        return False
    show(golden, baud=baud, out=out)
    return True


# -- on a terminal -----------------------------------------------------------------
#
# Keys are the console's normalised names (retro.console.key_name: "up",
# "enter", "escape", "backspace", a printable character...; END for Ctrl-D).
# Each screen maps them to the name of its handler in a table (KEYS), as
# pyte's streams map control codes to the listener's methods; a key the table
# does not name goes to the screen's one fallback, ``other``.  A handler
# returns what the screen's caller is told (None: keep reading keys).

END = "end of input"  # Ctrl-D (read_key's None)
LEAVE = "leave"  # the action of q, Esc and Ctrl-D: back, or quit


def read_keys(term: Terminal, draw: Callable[[], None]) -> Generator[str, None, None]:
    """The keys pressed, by their console names, fullscreen in cbreak mode; the
    screen is drawn first, after every key and when the terminal's size
    changes.  The keys end at Ctrl-C.  Use it in ``closing()``: the screen
    is restored as soon as the caller stops reading keys."""
    with signals.screen(term, redraw=draw), cbreak():  # given back on Ctrl-Z and signals
        size = None
        while True:
            if size != (term.width, term.height):
                size = (term.width, term.height)
                draw()
            try:
                key = term.inkey(timeout=0.5)
            except KeyboardInterrupt:
                return
            if not key:
                continue
            name = "escape" if escape_then_key(term, key) else key_name(key)
            yield END if name is None else name
            draw()


def escape_then_key(term: Terminal, key: Keystroke) -> bool:
    """Whether ``key`` is Esc and the key typed after it, which blessed reads
    as one Alt key when the second comes within its escape delay (0.35 s):
    Esc then Down is KEY_ALT_ESCAPE ("\\x1b\\x1b"), then "[" and "B", and both
    keys were lost.  The menu has no Alt keys: this is Esc, and what followed
    it is put back to be read again (after whatever blessed holds already).

    The delay itself is kept: a shorter one would narrow the gap, not close
    it, and would split a cursor key whose bytes come apart (a slow link)
    into Esc and letters."""
    if not (key.is_sequence and len(key) == 2 and key[0] == "\x1b"
            and (key.name or "").startswith(("KEY_ALT_", "KEY_CTRL_ALT_"))):
        return False
    rest = key[1:]
    while True:
        held = term.inkey(timeout=0)
        if not held:
            break
        rest += held
    term.ungetch(rest)
    return True


def dispatch(screen: Any, table: dict[str, str], key: str) -> Optional[str]:
    """Call the handler ``table`` names for ``key`` (else ``screen.other``)."""
    handler: Callable[[str], Optional[str]] = getattr(screen, table.get(key, "other"))
    return handler(key)


# The marks of a list longer than the screen (draw_screen).
MORE_ABOVE = "  ↑ more above"
MORE_BELOW = "  ↓ more below"


def draw_screen(term: Terminal, title: str, body: list[tuple[int, str]], selected: int,
                footer: list[str], message: str = "") -> None:
    """One screen of the menu: the title in reverse video, a message row, the
    body (rows of the entry ``selected`` in reverse video, scrolled to show
    them, with a mark above and below where more of it is off the screen)
    and the footer rows at the bottom (key hints: always shown)."""
    t = term
    write = t.stream.write
    width, height = t.width, t.height
    write(t.home + t.clear)
    if width < MIN_COLUMNS or height < MIN_ROWS:
        said = (f"The terminal is {width}x{height};", f"retro needs {MIN_COLUMNS}x{MIN_ROWS}.", "Resize it, or press q.")
        for row, line in enumerate([line for text in said for line in layout.wrap(text, width)][:height]):
            write(t.move_yx(row, 0) + line)
        t.stream.flush()
        return
    write(t.move_yx(0, 0) + t.reverse(layout.one_row(f" {title}", width).ljust(width)))
    if message:
        write(t.move_yx(1, 0) + t.bold(layout.one_row(message, width)))
    room = height - 2 - len(footer)
    first = 2  # the body's first row on the screen
    scrolled = len(body) > room and room >= 3
    if scrolled:  # a row above and one below the body say where more of it is
        room -= 2
        first += 1
    chosen = [k for k, (index, _) in enumerate(body) if index == selected]
    top = 0
    if chosen:
        top = min(chosen[0], max(0, chosen[-1] - room + 1))
    for row, (index, text) in enumerate(body[top: top + room]):
        if index == selected:
            text = t.reverse(text.ljust(width))
        elif index == -1 and text:
            text = t.bold(text)
        write(t.move_yx(row + first, 0) + text)
    if scrolled:
        if top > 0:
            write(t.move_yx(first - 1, 0) + t.dim(layout.one_row(MORE_ABOVE, width)))
        if top + room < len(body):
            write(t.move_yx(first + room, 0) + t.dim(layout.one_row(MORE_BELOW, width)))
    for row, text in enumerate(footer):
        write(t.move_yx(height - len(footer) + row, 0) + text)
    t.stream.flush()


class ListScreen:
    """A fullscreen list: a title, entries (chosen by arrows or by number), key hints."""

    KEYS = {"up": "previous", "down": "following", "enter": "start",
            "escape": "leave", "q": "leave", "Q": "leave", END: "leave"}
    title = ""
    hints: tuple[str, ...] = ()

    def __init__(self, term: Terminal, count: int):
        self.term = term
        self.count = count
        self.selected = 0
        self.typed = ""
        self.message = ""
        self.interrupted = False  # the last choice ended by Ctrl-C

    def rows(self, width: int) -> list[tuple[int, str]]:
        """(entry index, or -1 for a heading, and its text) for every row of the list."""
        raise NotImplementedError

    def footer(self, width: int) -> list[str]:
        return layout.hint_rows(self.hints, width)

    def draw(self) -> None:
        width = self.term.width
        draw_screen(self.term, self.title, self.rows(width), self.selected, self.footer(width), self.message)

    def choose(self) -> Optional[tuple[str, int]]:
        """Wait for a choice: (action, entry index), or None (q, Esc, Ctrl-D or
        Ctrl-C; ``interrupted`` says whether it was Ctrl-C)."""
        self.interrupted = False
        with closing(read_keys(self.term, self.draw)) as pressed:
            for key in pressed:
                self.message = ""
                action = dispatch(self, self.KEYS, key)
                if action == LEAVE:
                    return None
                if action is not None:
                    return action, self.selected
        self.interrupted = True  # the keys end at Ctrl-C
        return None

    # -- the handlers of KEYS ----------------------------------------------------
    def previous(self, key: str) -> None:
        self.typed = ""
        if self.count:
            self.selected = (self.selected - 1) % self.count

    def following(self, key: str) -> None:
        self.typed = ""
        if self.count:
            self.selected = (self.selected + 1) % self.count

    def start(self, key: str) -> Optional[str]:
        if not self.count:
            return None
        if self.typed:
            self._jump()
            self.typed = ""
        return "enter"

    def leave(self, key: str) -> str:
        return LEAVE

    def other(self, key: str) -> None:
        """Digits choose an entry by its number; any other key is ignored."""
        if not key.isdigit():
            self.typed = ""
            return
        self.typed += key
        self._jump()
        if len(self.typed) >= len(str(self.count)):
            self.typed = ""

    def _jump(self) -> None:
        number = int(self.typed)
        if 1 <= number <= self.count:
            self.selected = number - 1
        else:
            self.message = f"No entry {number}."

    def pause(self, note: str) -> None:
        """After a program or a replay: ``note``, wrapped, until a key is pressed."""
        t = self.term
        t.stream.write("\n")
        try:
            layout.notice(t, note, "press a key to return to the menu")
        except KeyboardInterrupt:
            pass

    def elsewhere(self, run: Callable[[], str]) -> None:
        """Clear the screen for ``run`` (a program, a replay), then pause with the
        note it returns; all on the alternate screen, so that the terminal is as
        it was when the menu is quit."""
        t = self.term
        with signals.screen(t, hidden_cursor=False):
            t.stream.write(t.home + t.clear + t.normal_cursor)
            t.stream.flush()
            try:
                note = run()
            except KeyboardInterrupt:
                note = "[interrupted]"
            self.pause(note)


class ScreenMenu(ListScreen):
    """The programs: Enter plays one, Right (or s) opens its recorded sessions."""

    title = TITLE
    KEYS = {**ListScreen.KEYS, "right": "open", "s": "open", "S": "open", "tab": "open"}
    hints = ("Up/Down or digits: choose", "Enter: start", "q: quit")
    sessions_hint = "Right or s: the program's recorded sessions"

    def __init__(self, term: Terminal):
        self.items = entries()
        super().__init__(term, len(self.items))

    def rows(self, width: int) -> list[tuple[int, str]]:
        """Each program: its title with its sessions count, then its language,
        machine and year and its description, wrapped.  If that does not fit
        the terminal's height, the selected program shows them, and as many
        of its neighbours as fit."""
        room = self.term.height - 2 - len(self.footer(width))
        nearest = sorted(range(len(self.items)), key=lambda k: (abs(k - self.selected), k))
        rows = self._rows(width, details=nearest[:1])
        for count in range(2, len(nearest) + 1):
            more = self._rows(width, details=nearest[:count])
            if len(more) > room:
                break
            rows = more
        return rows

    def _rows(self, width: int, details: Sequence[int]) -> list[tuple[int, str]]:
        out: list[tuple[int, str]] = [(-1, "Programs")]
        for index, item in enumerate(self.items):
            p = item.program
            out.append((index, layout.with_note(f"{item.number:>3}  {p.title}", item.sessions_note, width)))
            if index in details:
                for text in (f"{p.language} -- {p.machine} -- {p.year}", p.description):
                    out.extend((index, row) for row in layout.wrap(f"       {text}", width))
        return out

    def footer(self, width: int) -> list[str]:
        hints: tuple[str, ...] = self.hints
        if any(item.sessions for item in self.items):
            hints = hints[:2] + (self.sessions_hint,) + hints[2:]
        return layout.hint_rows(hints, width)

    def open(self, key: str) -> Optional[str]:
        return "open" if self.count else None

    def loop(self) -> int:
        """The menu until it is quit: status 0 (q, Esc, Ctrl-D), or 130 (Ctrl-C,
        which ends retro here as it ends any retro command)."""
        while True:
            choice = self.choose()
            if choice is None:
                return INTERRUPTED if self.interrupted else 0
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

        def run() -> str:
            status = run_session(program, terminal_console(t, program, options), options)
            note = "interrupted" if status == INTERRUPTED else f"ended with status {status}"
            return f"[{program.id} {note}]"

        self.elsewhere(run)


class SessionsScreen(ListScreen):
    """A program's recorded sessions, by group: Enter asks the pace and replays one."""

    KEYS = {**ListScreen.KEYS, "left": "back"}
    PACE_KEYS = {"left": "slower", "right": "faster", "enter": "start",
                 "escape": "leave", "q": "leave", "Q": "leave", END: "leave"}
    hints = ("Up/Down or digits: choose", "Enter: replay", "Esc: back")
    pace_hints = ("Left/Right: the pace", "Enter: replay", "Esc: back")

    def __init__(self, term: Terminal, item: Entry):
        self.item = item
        self.order = replay_order(item)
        super().__init__(term, len(self.order))
        self.title = f"{item.program.title} -- recorded sessions"
        self.pace = 0  # index into PACES
        self.asking = False  # the pace, for the selected session

    def rows(self, width: int) -> list[tuple[int, str]]:
        """The titles, wrapped under their numbers (the selected one's name is shown below)."""
        out: list[tuple[int, str]] = []
        for index, text in session_rows(self.item, names=False):
            if index is None:
                if out:
                    out.append((-1, ""))
                out.extend((-1, row) for row in layout.wrap(text, width))
            else:
                out.extend((index, row) for row in layout.wrap(text, width, indent=" " * 5))
        return out

    def footer(self, width: int) -> list[str]:
        rows = layout.hint_rows(self.pace_hints if self.asking else self.hints, width)
        if not self.order:
            return rows
        session = self.order[self.selected]
        below = (f"Pace: < {pace_text(PACES[self.pace])} >" if self.asking
                 else f"retro replay {session.name}")
        return [self.term.bold(row) for row in layout.wrap(below, width)] + rows

    def back(self, key: str) -> str:
        return LEAVE

    def slower(self, key: str) -> None:
        self.pace = (self.pace - 1) % len(PACES)

    def faster(self, key: str) -> None:
        self.pace = (self.pace + 1) % len(PACES)

    def loop(self) -> None:
        while True:
            choice = self.choose()
            if choice is None:
                return
            session = self.order[choice[1]]
            if self.ask_pace():
                self._replay(session, PACES[self.pace])

    def ask_pace(self) -> bool:
        """Whether to replay (the pace is ``PACES[self.pace]``); False: back."""
        self.asking = True
        try:
            with closing(read_keys(self.term, self.draw)) as pressed:
                for key in pressed:
                    action = dispatch(self, self.PACE_KEYS, key)
                    if action is not None:
                        return action != LEAVE
            return False  # Ctrl-C
        finally:
            self.asking = False
            self.message = ""

    def _replay(self, session: resources.Session, baud: Optional[int]) -> None:
        def run() -> str:
            try:
                if not _replay(session, baud, out=cast(TextIO, self.term.stream)):  # blessed types it IO[str]
                    return "[the session cannot be read]"
            except KeyboardInterrupt:
                return "[replay interrupted]"
            return "[end of the recorded session]"

        self.elsewhere(run)


def why_not(opt: click.Option, text: str, err: click.BadParameter) -> str:
    """Why ``text`` is no value of ``opt``, in the form's words.

    >>> why_not(click.Option(["--rows"], type=click.IntRange(1, 15)), "99", click.BadParameter(""))
    "--rows takes a whole number from 1 to 15, not '99'."
    """
    kind = opt.type
    if isinstance(kind, click.IntRange) and kind.min is not None and kind.max is not None:
        return f"{opt.opts[0]} takes a whole number from {kind.min} to {kind.max}, not {text!r}."
    if kind is click.INT or isinstance(kind, click.IntRange):
        return f"{opt.opts[0]} takes a whole number, not {text!r}."
    return f"{opt.opts[0]}: {err.message}"


class VariantForm:
    """Choose a program's variant options before it starts: one entry per
    option, then Start; a text option is edited in place (a text it cannot
    take is said why, above the options, and stays there to be corrected)."""

    KEYS = {"up": "previous", "down": "following", "left": "change_back", "right": "change",
            "enter": "start", "escape": "leave", "q": "leave", "Q": "leave", END: "leave"}
    EDIT_KEYS = {"enter": "keep", "escape": "cancel", "backspace": "erase", END: "cancel"}
    hints = ("Up/Down: option", "Left/Right: change", "Enter: edit/start", "Esc: back")
    edit_hints = ("Type the value", "Enter: keep it", "Esc: cancel")

    def __init__(self, term: Terminal, program: catalog.Program):
        self.term = term
        self.program = program
        self.values: dict[str, Any] = program.defaults()
        self.row = 0
        self.editing: Optional[str] = None  # the text of the option being edited
        self.message = ""  # why the text typed is not a value of the option

    def _text(self, opt: click.Option) -> str:
        value = self.values.get(opt.name)
        if opt.is_flag:
            return "yes" if value else "no"
        return "" if value is None else str(value)

    def rows(self, width: int) -> list[tuple[int, str]]:
        """Each option: its flag, its value, its help wrapped beside (or under) them."""
        out: list[tuple[int, str]] = []
        options = self.program.options
        for k, opt in enumerate(options):
            value = f"{self.editing}_" if k == self.row and self.editing is not None else self._text(opt)
            head = f"  {opt.opts[0]:<20} {value:<12} "
            indent = len(head) if width - len(head) >= 30 else 6
            text = f"{head}{opt.help or ''}" if indent == len(head) else f"{head}\n{opt.help or ''}"
            first, _, rest = text.partition("\n")
            rows = layout.wrap(first, width, indent=" " * indent)
            if rest:
                rows += layout.wrap(" " * indent + rest, width)
            out.extend((k, row) for row in rows)
        out.append((-1, ""))
        out.append((len(options), "  Start"))
        return out

    def draw(self) -> None:
        width = self.term.width
        hints = self.edit_hints if self.editing is not None else self.hints
        draw_screen(self.term, f"{self.program.title} -- variants", self.rows(width), self.row,
                    layout.hint_rows(hints, width), self.message)

    def ask(self) -> Optional[dict[str, Any]]:
        """The options chosen, or None (Esc, q, Ctrl-D or Ctrl-C)."""
        with closing(read_keys(self.term, self.draw)) as pressed:
            for key in pressed:
                table = self.EDIT_KEYS if self.editing is not None else self.KEYS
                action = dispatch(self, table, key)
                if action == LEAVE:
                    return None
                if action is not None:
                    return dict(self.values)
        return None  # Ctrl-C

    # -- the handlers of KEYS ----------------------------------------------------
    @property
    def _count(self) -> int:
        return len(self.program.options) + 1  # the options and Start

    def previous(self, key: str) -> None:
        self.row = (self.row - 1) % self._count

    def following(self, key: str) -> None:
        self.row = (self.row + 1) % self._count

    def change(self, key: str, step: int = 1) -> None:
        if self.row < len(self.program.options):
            self._cycle(self.program.options[self.row], step)

    def change_back(self, key: str) -> None:
        self.change(key, -1)

    def start(self, key: str) -> Optional[str]:
        """Enter: on Start, the options chosen; on an option, its next value or its editing."""
        if self.row == len(self.program.options):
            return "start"
        opt = self.program.options[self.row]
        if isinstance(opt.type, click.Choice) or opt.is_flag:
            self._cycle(opt, 1)
        else:
            self.editing = self._text(opt)
        return None

    def leave(self, key: str) -> str:
        return LEAVE

    def other(self, key: str) -> None:
        """A key the tables do not name: typed into an option being edited, else ignored."""
        if self.editing is not None and len(key) == 1 and key.isprintable():
            self.editing += key

    # -- the handlers of EDIT_KEYS -----------------------------------------------
    def keep(self, key: str) -> None:
        """Enter: the text typed becomes the option's value (none: its default);
        a text that is no value of the option is said why, and stays to be
        corrected (Esc keeps the value it had)."""
        opt = self.program.options[self.row]
        text = self.editing or ""
        try:
            value = opt.type.convert(text, opt, None) if text else None
        except click.BadParameter as err:
            self.message = why_not(opt, text, err)
            return
        self.values[opt.name], self.editing, self.message = value, None, ""

    def cancel(self, key: str) -> None:
        self.editing = None
        self.message = ""

    def erase(self, key: str) -> None:
        self.editing = (self.editing or "")[:-1]

    def _cycle(self, opt: click.Option, step: int) -> None:
        if opt.is_flag:
            self.values[opt.name] = not self.values.get(opt.name)
        elif isinstance(opt.type, click.Choice):
            choices = list(opt.type.choices)
            current = self.values.get(opt.name)
            k = choices.index(current) if current in choices else 0
            self.values[opt.name] = choices[(k + step) % len(choices)]

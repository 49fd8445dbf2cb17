"""The menu's screens on a terminal: the programs (Enter plays one, Right opens its
recorded sessions) and a program's sessions (Enter asks the pace and replays one)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Optional, Sequence, TextIO, cast

from .. import resources, signals
from ..catalog import Options
from ..screen.notice import notice
from ..screen.wrap import hint_rows, with_note, wrap
from ..exits import INTERRUPTED
from ..replay import PACE_MEANS, PACES, pace_text
from ..outcome import session_end
from ..runner import run_session
from ..stdio import terminal_console
from ..terminal import drop_typed_ahead
from .drawing import Bold
from .entries import TITLE, Entry, entries, replay_order, replay_session, session_rows
from .keys import END, Action, KeyTable
from .list_screen import ListScreen
from .variant_form import VariantForm

if TYPE_CHECKING:
    from blessed import Terminal


def elsewhere(term: Terminal, run: Callable[[], str]) -> None:
    """Run ``run`` (a program, a replay) on the terminal's main screen, as a
    shell runs it, then show the note it returns, wrapped, until a key is
    pressed.  The menu alone draws on the alternate screen (it has left it
    when a choice is made: ``keys.read_keys``); a program's output stays in
    the terminal's scrollback after it ends (ARCHITECTURE.md, principle 8)."""
    with signals.screen(term, fullscreen=False, hidden_cursor=False):
        term.stream.write(term.normal_cursor)
        term.stream.flush()
        try:
            note = run()
        except KeyboardInterrupt:
            note = "[interrupted]"
        signals.go_on()  # the notice below takes a Ctrl-C again
        term.stream.write("\n")
        drop_typed_ahead(term)  # keys typed as it ended go neither through the note nor into the menu
        try:
            notice(term, note, "press a key to return to the menu")
        except KeyboardInterrupt:
            pass


class ScreenMenu(ListScreen):
    """The programs: Enter plays one, Right (or s) opens its recorded sessions."""

    title = TITLE
    # Esc goes back a level, and here at the top stays: a second Esc after a form's quits nothing unasked
    KEYS: KeyTable = {**ListScreen.KEYS, "right": "open", "s": "open", "S": "open", "tab": "open",
                      "escape": "at_the_top"}
    hints = ("Up/Down or digits: choose", "Enter: start", "q: quit")
    sessions_hint = "Right or s: the program's recorded sessions"

    def __init__(self, term: Terminal):
        self.items = entries()
        super().__init__(term, len(self.items))
        self.variants: dict[str, Options] = {}  # each program's options as last started, while the menu runs

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
            out.append((index, with_note(f"{item.number:>3}  {p.title}", item.sessions_note, width)))
            if index in details:
                for text in (f"{p.language} -- {p.machine} -- {p.year}", p.description):
                    out.extend((index, row) for row in wrap(f"       {text}", width))
        return out

    def footer(self, width: int) -> list[str]:
        hints: tuple[str, ...] = self.hints
        if any(item.sessions for item in self.items):
            hints = hints[:2] + (self.sessions_hint,) + hints[2:]
        return hint_rows(hints, width)

    def open(self, key: str) -> Optional[Action]:
        return Action.OPEN if self.count else None

    def at_the_top(self, key: str) -> None:
        self.message = "This is the menu's first screen: q quits retro."

    def loop(self) -> int:
        """The menu until it is quit: status 0 (q, Ctrl-D), or 130 (Ctrl-C,
        which ends retro here as it ends any retro command).  Its screens
        (the programs, a variant form, the sessions) share the alternate
        screen; a program or a replay leaves it while it runs (``elsewhere``)."""
        with signals.screen(self.term, hidden_cursor=False):
            return self._loop()

    def _loop(self) -> int:
        while True:
            choice = self.choose()
            if choice is None:
                return INTERRUPTED if self.interrupted else 0
            action, index = choice
            item = self.items[index]
            if action is Action.OPEN:
                if item.sessions:
                    SessionsScreen(self.term, item).loop()
                else:
                    self.message = f"{item.program.title} has no recorded sessions."
            else:
                self._start(item)

    def _start(self, item: Entry) -> None:
        t = self.term
        program = item.program
        options = VariantForm(t, program, self.variants.get(program.id)).ask() if program.options else program.defaults()
        if options is None:
            return
        self.variants[program.id] = options

        def run() -> str:
            console = terminal_console(t, program, options)
            status = run_session(program, console, options)
            return f"[{program.title}: {session_end(status, console.last_outcome, console.input_ended)}]"

        elsewhere(t, run)


class SessionsScreen(ListScreen):
    """A program's recorded sessions, by group: Enter asks the pace and replays one."""

    KEYS: KeyTable = {**ListScreen.KEYS, "left": "back"}
    PACE_KEYS: KeyTable = {"left": "slower", "right": "faster", "enter": "start",
                           "escape": "leave", "q": "leave", "Q": "leave", END: "leave"}
    hints = ("Up/Down or digits: choose", "Enter: replay", "Esc or q: back")
    pace_hints = ("Left/Right: the pace", "Enter: replay", "Esc or q: back")

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
                out.extend((-1, row) for row in wrap(text, width))
            else:
                out.extend((index, row) for row in wrap(text, width, indent=" " * 5))
        return out

    def footer(self, width: int) -> list[str]:
        rows = hint_rows(self.pace_hints if self.asking else self.hints, width)
        if not self.order:
            return rows
        session = self.order[self.selected]
        below = (f"Pace: < {pace_text(PACES[self.pace])} > -- {PACE_MEANS}" if self.asking
                 else f"retro replay {session.name}")
        return [Bold(row) for row in wrap(below, width)] + rows

    def table(self) -> KeyTable:
        return self.PACE_KEYS if self.asking else self.KEYS

    def back(self, key: str) -> Action:
        return Action.LEAVE

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
            return self.read_action() is not None
        finally:
            self.asking = False
            self.message = ""

    def _replay(self, session: resources.RecordedSession, baud: Optional[int]) -> None:
        def run() -> str:
            try:
                note = replay_session(session, baud, out=cast(TextIO, self.term.stream))  # blessed types it IO[str]
            except KeyboardInterrupt:
                return "[replay interrupted]"
            return note or "[the session cannot be read]"

        elsewhere(self.term, run)

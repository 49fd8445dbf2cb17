"""A session as events, the data model of a transcript: what was written, what
was written to standard error, each line read; and the console that keeps them,
within bounds if it is asked to (a visitor's session: retro.web.child)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Literal, Optional

from .console import Console
from .outcome import Outcome
from .squares import Marks

EventKind = Literal["out", "err", "in"]


@dataclass(frozen=True)
class Event:
    """One step of a session: output, error output, or one line of input.

    For ``in``, ``text`` is the line as read (with its newline if it had one),
    or ``None`` when the program found the end of input.
    """

    kind: EventKind
    text: Optional[str]


class Recorder(Console):
    """Wraps a console and remembers the session as events: output (or error
    output) written in a row is one event, its pieces joined once (a piece
    at a time would copy the whole so far at each).  Past ``most_characters``
    or ``most_events`` (None: no bound) it is ``full``: it keeps nothing more,
    and what it kept is let go."""

    def __init__(self, inner: Console, most_characters: Optional[int] = None, most_events: Optional[int] = None):
        self.inner = inner
        self.interactive, self.screen = inner.interactive, inner.screen
        self.input_kind, self.output_kind = inner.input_kind, inner.output_kind
        self.most_characters, self.most_events = most_characters, most_events
        self.full = False
        self.characters = 0
        self._events: list[Event] = []
        self._run_kind: Optional[EventKind] = None  # the output (or error output) being written in a row
        self._run: list[str] = []  # its pieces

    @property
    def events(self) -> list[Event]:
        """The session's events so far (none once ``full``)."""
        self._end_run()
        return self._events

    def game_over(self, outcome: Outcome) -> None:
        self.last_outcome = outcome
        self.inner.game_over(outcome)

    def board_now(self, marks: Marks) -> None:
        self.inner.board_now(marks)

    def cursor_on(self, line: int, place: int, starts: bool = False) -> None:
        self.inner.cursor_on(line, place, starts)

    def _log(self, event: Event) -> None:
        if event.kind == "in" and event.text is None:
            self.input_ended = True
        if self.full:
            return
        self.characters += len(event.text or "")
        if event.kind != self._run_kind:
            self._end_run()
            if event.kind != "in" and self._events and self._events[-1].kind == event.kind:
                self._run_kind, self._run = event.kind, [self._events.pop().text or ""]  # ``events`` read meanwhile
            elif self.most_events is not None and len(self._events) >= self.most_events:
                self._let_go()
                return
        if self.most_characters is not None and self.characters > self.most_characters:
            self._let_go()
        elif event.kind == "in":
            self._events.append(event)
        else:
            self._run_kind = event.kind
            self._run.append(event.text or "")

    def _end_run(self) -> None:
        if self._run_kind is not None:
            self._events.append(Event(self._run_kind, "".join(self._run)))
            self._run_kind, self._run = None, []

    def _let_go(self) -> None:
        self.full = True
        self._events, self._run_kind, self._run = [], None, []

    def write(self, text: str) -> None:
        if text:
            self._log(Event("out", text))
        self.inner.write(text)

    def printed(self, text: str) -> None:
        if text:
            self._log(Event("out", text))
        self.inner.printed(text)

    def write_err(self, text: str) -> None:
        if text:
            self._log(Event("err", text))
        self.inner.write_err(text)

    def read_line(self) -> Optional[str]:
        line = self.inner.read_line()
        self._log(Event("in", line))
        return line

    def read_chunk(self, size: int) -> Optional[str]:
        piece = self.inner.read_chunk(size)
        self._log(Event("in", piece))
        return piece

    def input_ready(self) -> bool:
        return self.inner.input_ready()

    def pause(self, seconds: float) -> None:
        self.inner.pause(seconds)

    def flush(self) -> None:
        self.inner.flush()

    def size(self) -> tuple[int, int]:
        return self.inner.size()

    def echo_with(self, draw: Optional[Callable[[str], None]]) -> bool:
        return self.inner.echo_with(draw)

    def redraw_with(self, draw: Optional[Callable[[], None]]) -> None:
        self.inner.redraw_with(draw)

    def clear(self) -> None:
        self.inner.clear()

    def scroll(self, rows: int) -> None:
        self.inner.scroll(rows)

    def place(self, row: int, col: int, text: str, folded: bool = False, pointing: bool = False) -> None:
        self.inner.place(row, col, text, folded=folded, pointing=pointing)

    def shown(self) -> list[str]:
        return self.inner.shown()

    def read_key(self) -> Optional[str]:
        return self.inner.read_key()

    def discard_typed_ahead(self) -> None:
        self.inner.discard_typed_ahead()

    def finish_line(self) -> None:
        self.inner.finish_line()

"""A session as events, the data model of a transcript: what was written, what
was written to standard error, each line read; and the console that keeps them."""
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
    """Wraps a console and remembers the session as events."""

    def __init__(self, inner: Console, on_event: Optional[Callable[[Event], None]] = None):
        self.inner = inner
        self.interactive, self.screen = inner.interactive, inner.screen
        self.input_kind, self.output_kind = inner.input_kind, inner.output_kind
        self.events: list[Event] = []
        self._on_event = on_event

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
        if self.events and event.kind in ("out", "err") and self.events[-1].kind == event.kind:
            last = self.events.pop()
            event = Event(event.kind, (last.text or "") + (event.text or ""))
        self.events.append(event)
        if self._on_event:
            self._on_event(event)

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

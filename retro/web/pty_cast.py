"""A visitor's session as a cast made from its pty (retro.cast's writer): what the program
wrote, as the page received it, and the keys the visitor typed, each at its time; for a game
that has no transcript (retro.web.take_home), bounded in characters and in events, and held
compactly (a few arrays and one text, not an object an event) while the session runs."""
from __future__ import annotations

import codecs
import io
import time
from array import array
from typing import Optional

from ..cast import FRAME, Cast, CastEvent
from ..catalog import Program
from .config import TAKE_HOME_TAPE_EVENTS
from .screen_text import WithoutRows

OUTPUT, KEYS = ord("o"), ord("i")


class PtyTape:
    """The session's output and keys as cast events, until they pass ``limit``
    characters or ``most_events`` events."""

    def __init__(self, cols: int, rows: int, limit: int, most_events: int = TAKE_HOME_TAPE_EVENTS) -> None:
        self.cols, self.rows, self.limit, self.most_events = cols, rows, limit, most_events
        self.size = 0
        self._times = array("d")  # each event's time, its code, where its text ends in _text
        self._codes = bytearray()
        self._ends = array("q")
        self._text = io.StringIO()
        self._start = time.monotonic()
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")  # a character may straddle two reads
        self._shown = WithoutRows()  # the page's reader's copy of a drawn screen is not what it showed

    @property
    def full(self) -> bool:
        """Past its limits: the tape keeps no more, and makes no cast."""
        return self.size > self.limit or len(self._codes) > self.most_events

    def output(self, data: bytes) -> None:
        """Bytes the page was sent (joined to the last output if it came less than a frame earlier)."""
        text = self._shown.feed(self._decoder.decode(data))
        if self._room(text):
            clock = self._clock()
            if self._codes and self._codes[-1] == OUTPUT and clock - self._times[-1] < FRAME:
                self._ends[-1] += len(text)
                self._text.write(text)
            else:
                self._add(clock, OUTPUT, text)

    def keys(self, data: bytes) -> None:
        """Keys the visitor typed (sent to the program)."""
        text = data.decode("utf-8", "replace")
        if self._room(text):
            self._add(self._clock(), KEYS, text)

    def cast(self, program: Program, status: int) -> Optional[Cast]:
        """The session as a cast (None: it wrote nothing, or passed its limits)."""
        if self.full or OUTPUT not in self._codes:
            return None
        text, starts = self._text.getvalue(), [0, *self._ends]
        events = [CastEvent(when, chr(code), text[start:end])
                  for when, code, start, end in zip(self._times, self._codes, starts, self._ends)]
        return Cast(self.cols, self.rows, f"Your game of {program.title}", "retro serve's page, as it showed it",
                    program.id, program.look, events, status, events[-1].time)

    def _add(self, clock: float, code: int, text: str) -> None:
        self._times.append(clock)
        self._codes.append(code)
        self._ends.append((self._ends[-1] if self._ends else 0) + len(text))
        self._text.write(text)

    def _room(self, text: str) -> bool:
        self.size += len(text)
        return bool(text) and not self.full

    def _clock(self) -> float:
        return time.monotonic() - self._start

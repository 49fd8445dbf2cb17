"""A visitor's session as a cast made from its pty (retro.cast's writer): what the program
wrote, as the page received it, and the keys the visitor typed, each at its time; for a game
that has no transcript (retro.web.take_home), bounded in size."""
from __future__ import annotations

import codecs
import time
from typing import Optional

from ..cast import Cast, CastEvent, add_output
from ..catalog import Program
from .screen_text import WithoutRows


class PtyTape:
    """The session's output and keys as cast events, until they pass ``limit`` characters."""

    def __init__(self, cols: int, rows: int, limit: int) -> None:
        self.cols, self.rows, self.limit = cols, rows, limit
        self.events: list[CastEvent] = []
        self.size = 0
        self._start = time.monotonic()
        self._text = codecs.getincrementaldecoder("utf-8")("replace")  # a character may straddle two reads
        self._shown = WithoutRows()  # the page's reader's copy of a drawn screen is not what it showed

    @property
    def full(self) -> bool:
        """Past its limit: the tape keeps no more, and makes no cast."""
        return self.size > self.limit

    def output(self, data: bytes) -> None:
        """Bytes the page was sent."""
        text = self._shown.feed(self._text.decode(data))
        if self._room(text):
            add_output(self.events, self._clock(), text)

    def keys(self, data: bytes) -> None:
        """Keys the visitor typed (sent to the program)."""
        text = data.decode("utf-8", "replace")
        if self._room(text):
            self.events.append(CastEvent(self._clock(), "i", text))

    def cast(self, program: Program, status: int) -> Optional[Cast]:
        """The session as a cast (None: it wrote nothing, or passed the limit)."""
        if self.full or not any(event.code == "o" for event in self.events):
            return None
        return Cast(self.cols, self.rows, f"Your game of {program.title}", "retro serve's page, as it showed it",
                    program.id, program.look, self.events, status, self.events[-1].time)

    def _room(self, text: str) -> bool:
        self.size += len(text)
        return bool(text) and not self.full

    def _clock(self) -> float:
        return time.monotonic() - self._start

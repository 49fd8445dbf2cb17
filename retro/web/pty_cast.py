"""A visitor's session as a cast made from its pty (retro.cast's writer): what the program
wrote, as the page received it, and the keys the visitor typed, each at its time; for a game
that has no transcript (retro.web.take_home), bounded in characters and in events, and held
compactly (a few arrays and one text, not an object an event) while the session runs.  At the
session's end the tape is saved raw (``PtyTape.saved``: its arrays and text as they are, and
the cast's heading), and a worker process makes the cast of it (``saved_cast``,
retro.web.cast_worker), never the server."""
from __future__ import annotations

import codecs
import io
import json
import time
from array import array
from typing import Any, Optional

from ..cast import FRAME, Cast, CastEvent
from ..catalog import Program
from .config import TAKE_HOME_TAPE_CHARACTERS, TAKE_HOME_TAPE_EVENTS
from .screen_text import WithoutRows

OUTPUT, KEYS = ord("o"), ord("i")
SAVED_FORM = 1  # the saved tape's form: a line of JSON (its heading), its arrays' bytes, its text in UTF-8
HEADING = ("cols", "rows", "title", "source", "program", "look", "status", "events")


class TapeError(ValueError):
    """A saved tape that is not one (cut short, or past a tape's bounds)."""


class PtyTape:
    """The session's output and keys as cast events, until they pass ``limit``
    characters or ``most_events`` events."""

    def __init__(self, cols: int, rows: int, limit: int, most_events: int = TAKE_HOME_TAPE_EVENTS,
                 source: str = "retro serve's page, as it showed it") -> None:
        self.cols, self.rows, self.limit, self.most_events = cols, rows, limit, most_events
        self.source = source  # the cast's source: the page that showed the session
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
        if not self._makes_cast():
            return None
        return _cast(self._heading(program, status), self._times, self._codes, self._ends, self._text.getvalue())

    def saved(self, program: Program, status: int) -> Optional[bytes]:
        """The session as ``saved_cast`` reads it, its cast not made (None, as ``cast``):
        its arrays' bytes and its text as they are, a moment's work whatever its size."""
        if not self._makes_cast():
            return None
        heading = json.dumps({**self._heading(program, status), "form": SAVED_FORM}).encode()
        return b"".join((heading, b"\n", self._times.tobytes(), bytes(self._codes), self._ends.tobytes(),
                         self._text.getvalue().encode("utf-8", "surrogatepass")))

    def _makes_cast(self) -> bool:
        return not self.full and OUTPUT in self._codes

    def _heading(self, program: Program, status: int) -> dict[str, Any]:
        return {"cols": self.cols, "rows": self.rows, "title": f"Your game of {program.title}",
                "source": self.source, "program": program.id, "look": program.look,
                "status": status, "events": len(self._codes)}

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


def saved_cast(data: bytes) -> Cast:
    """The cast of a tape ``PtyTape.saved`` (in a worker process: retro.web.cast_worker);
    TapeError if ``data`` is not such a tape."""
    line, _, rest = data.partition(b"\n")
    try:
        heading = json.loads(line)
        count = heading["events"]
        if heading.get("form") != SAVED_FORM or not isinstance(count, int) or not 0 < count <= TAKE_HOME_TAPE_EVENTS:
            raise TapeError("not a saved tape")
        times, ends = array("d"), array("q")
        times.frombytes(rest[:8 * count])
        codes = bytearray(rest[8 * count:9 * count])
        ends.frombytes(rest[9 * count:17 * count])
        text = rest[17 * count:].decode("utf-8", "surrogatepass")
        if len(codes) != count or len(ends) != count or len(text) != ends[-1] or len(text) > TAKE_HOME_TAPE_CHARACTERS:
            raise TapeError("a saved tape cut short")
        return _cast({name: heading[name] for name in HEADING}, times, codes, ends, text)
    except (KeyError, TypeError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise TapeError(f"not a saved tape ({type(error).__name__})") from error


def _cast(heading: dict[str, Any], times: array[float], codes: bytearray, ends: array[int], text: str) -> Cast:
    """A tape's events as a cast, under ``heading`` (``PtyTape._heading``)."""
    starts = [0, *ends]
    events = [CastEvent(when, chr(code), text[start:end])
              for when, code, start, end in zip(times, codes, starts, ends)]
    return Cast(heading["cols"], heading["rows"], heading["title"], heading["source"], heading["program"],
                heading["look"], events, heading["status"], events[-1].time)

"""Transcripts: a session as it looked on a teletype, in a text file.

The format (version 1), here a session of the Fortran program (its id in ``program``)::

    # retro transcript 1
    # program: ID
    # options: --ai mj
    # title: The MJ weakness
    # source: original build (gfortran 12.2.0 ...)
    # exit: 0
    --- session ---
     Quieres empezar tu? [S/N]
    «N»
     Turno del ordenador
    ...

Header lines are ``# key: value``; ``program``, ``options`` and ``exit`` are
read back, the others are for people (``title``, ``source``, ``evidence``...).
The body, everything after the ``--- session ---`` line, is the session:

* output bytes exactly as written, trailing blanks included;
* ``«text»`` plus a line break: one line the program read (``text`` without
  its newline; the line break after ``»`` is the terminal's echo of Enter and
  is not output).  ``«text␄»`` is a last line that had no newline, ``«␄»``
  the end of input as the program found it;
* ``⟪text⟫``: text written to standard error.

The four marker characters are doubled (``««``, ``»»``, ``⟪⟪``, ``⟫⟫``) where
the text itself contains them, so nothing the program writes or reads can be
taken for a marker.

A transcript is data only: reading one never runs code, and only a regular
file of at most ``MAX_BYTES`` is read (retro.safefile).  What a check may do
with the header's options is the port's to say (``Program.replay_options``,
retro/check.py); saving writes the whole file or nothing.
"""
from __future__ import annotations

import difflib
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from .console import StreamKind, decode, encode
from .recording import Event, EventKind
from .safefile import FileRefused, read_regular, write_atomically
from .visible import visible

MAGIC = "# retro transcript 1"
BODY_START = "--- session ---"
IN_OPEN, IN_CLOSE = "«", "»"
ERR_OPEN, ERR_CLOSE = "⟪", "⟫"
EOT = "␄"
READ_BACK = ("program", "options", "exit", "stdin", "stdout")
STREAM_KINDS: dict[str, StreamKind] = {"pipe": "pipe", "tty": "tty", "file": "file"}  # as a header names them
MARKERS = (IN_OPEN, IN_CLOSE, ERR_OPEN, ERR_CLOSE)
MAX_BYTES = 2 << 20  # the largest golden session is 43 KB; parsing 2 MiB takes about a second


class TranscriptError(Exception):
    """A transcript file that cannot be read, with where and why."""

    def __init__(self, path: str, line: int, message: str):
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = path, line, message


@dataclass
class Transcript:
    program: str
    options: list[str] = field(default_factory=list)
    exit_status: int = 0
    header: dict[str, str] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    # How standard input and output were connected: "pipe" (the default), "tty"
    # or "file".  Some runtimes read ahead or buffer differently for each.
    stdin: StreamKind = "pipe"
    stdout: StreamKind = "pipe"
    # The line of the file each header key was read from (for messages).
    header_lines: dict[str, int] = field(default_factory=dict, compare=False)

    # -- what the session fed the program --------------------------------------
    def input_bytes(self) -> bytes:
        """Standard input as the session supplied it (for replaying it)."""
        return encode("".join(e.text for e in self.events if e.kind == "in" and e.text))

    def input_lines(self) -> list[str]:
        """The human's lines, without their newlines."""
        return [e.text.rstrip("\n") for e in self.events if e.kind == "in" and e.text is not None]

    def output(self) -> str:
        return "".join(e.text for e in self.events if e.kind == "out" and e.text)

    def errors(self) -> str:
        return "".join(e.text for e in self.events if e.kind == "err" and e.text)

    @property
    def title(self) -> str:
        return self.header.get("title", "")

    # -- the file -----------------------------------------------------------------
    def render(self) -> str:
        head = [MAGIC, f"# program: {self.program}", f"# options: {shlex.join(self.options)}"]
        for key, value in self.header.items():
            if key not in READ_BACK:
                head.append(f"# {key}: {value}")
        if self.stdin != "pipe":
            head.append(f"# stdin: {self.stdin}")
        if self.stdout != "pipe":
            head.append(f"# stdout: {self.stdout}")
        head.append(f"# exit: {self.exit_status}")
        head.append(BODY_START)
        return "\n".join(head) + "\n" + render_body(self.events)

    def save(self, path: Path | str) -> None:
        """Write the file whole, or leave what was there (OSError)."""
        write_atomically(path, encode(self.render()))

    def line_of(self, key: str) -> int:
        """The line of the header that gave ``key`` (that of the program line if none did)."""
        return self.header_lines.get(key, self.header_lines.get("program", 2))


def _escape(text: str) -> str:
    for mark in MARKERS:
        text = text.replace(mark, mark + mark)
    return text


def render_body(events: Iterable[Event]) -> str:
    parts: list[str] = []
    for event in events:
        if event.kind == "out":
            parts.append(_escape(event.text or ""))
        elif event.kind == "err":
            parts.append(ERR_OPEN + _escape(event.text or "") + ERR_CLOSE)
        elif event.text is None:
            parts.append(IN_OPEN + EOT + IN_CLOSE + "\n")
        elif event.text.endswith("\n"):
            parts.append(IN_OPEN + _escape(event.text[:-1]) + IN_CLOSE + "\n")
        else:
            parts.append(IN_OPEN + _escape(event.text) + EOT + IN_CLOSE + "\n")
    return "".join(parts)


def parse_body(body: str, path: str = "<transcript>", first_line: int = 1) -> list[Event]:
    """The inverse of render_body."""
    events: list[Event] = []
    text: list[str] = []
    mode: EventKind = "out"  # or "in", "err"
    line = first_line
    i, n = 0, len(body)

    def flush(kind: EventKind) -> None:
        if text:
            events.append(Event(kind, "".join(text)))
            text.clear()

    while i < n:
        ch = body[i]
        doubled = i + 1 < n and body[i + 1] == ch
        if ch in MARKERS and doubled:
            text.append(ch)
            i += 2
            continue
        if mode == "out" and ch == IN_OPEN:
            flush("out")
            mode, start_line = "in", line
        elif mode == "out" and ch == ERR_OPEN:
            flush("out")
            mode, start_line = "err", line
        elif mode == "err" and ch == ERR_CLOSE:
            events.append(Event("err", "".join(text)))
            text.clear()
            mode = "out"
        elif mode == "in" and ch == IN_CLOSE:
            value = "".join(text)
            text.clear()
            if i + 1 >= n or body[i + 1] != "\n":
                raise TranscriptError(path, line, "an input marker must end its line («...» then a line break)")
            if value == EOT:
                events.append(Event("in", None))
            elif value.endswith(EOT):
                events.append(Event("in", value[:-1]))
            else:
                events.append(Event("in", value + "\n"))
            i += 1  # the echoed line break
            line += 1
            mode = "out"
        elif ch in MARKERS:
            raise TranscriptError(path, line, f"unexpected {ch!r} (write it twice to mean the character itself)")
        elif mode == "in" and ch == "\n":
            raise TranscriptError(path, start_line, "an input marker « is not closed on its line")
        else:
            text.append(ch)
            if ch == "\n":
                line += 1
        i += 1
    if mode == "in":
        raise TranscriptError(path, start_line, "an input marker « is not closed")
    if mode == "err":
        raise TranscriptError(path, start_line, "an error marker ⟪ is not closed")
    flush("out")
    return events


def parse(text: str, path: str = "<transcript>") -> Transcript:
    lines = text.split("\n")
    if not lines or lines[0].rstrip("\r") != MAGIC:
        raise TranscriptError(path, 1, f"not a retro transcript (the first line must be {MAGIC!r})")
    header: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    body_offset = None
    for number, raw in enumerate(lines[1:], start=2):
        if raw == BODY_START:
            body_offset = sum(len(x) + 1 for x in lines[:number])
            break
        if number == len(lines) and raw == "":
            break  # the file ends with the header
        if not raw.startswith("# ") or ":" not in raw:
            raise TranscriptError(path, number, f"a header line must read '# key: value' (or end the header with {BODY_START!r})")
        key, _, value = raw[2:].partition(":")
        header[key.strip()] = value.strip()
        header_lines[key.strip()] = number
    if body_offset is None:
        raise TranscriptError(path, len(lines) - (lines[-1] == ""), f"no {BODY_START!r} line ends the header")
    if "program" not in header:
        raise TranscriptError(path, 2, "the header names no program ('# program: ID')")
    try:
        options = shlex.split(header.get("options", ""))
    except ValueError as err:
        raise TranscriptError(path, header_lines["options"], f"options: {err}") from None
    exit_text = header.get("exit", "0")
    if not (exit_text.isascii() and exit_text.lstrip("-").isdigit() and len(exit_text) < 5):
        raise TranscriptError(path, header_lines.get("exit", 2), "exit: not an integer")
    status = int(exit_text)
    kinds: list[StreamKind] = []
    for stream in ("stdin", "stdout"):
        if header.get(stream, "pipe") not in STREAM_KINDS:
            raise TranscriptError(path, header_lines.get(stream, 2), f"{stream}: must be one of {', '.join(STREAM_KINDS)}")
        kinds.append(STREAM_KINDS[header.get(stream, "pipe")])
    events = parse_body(text[body_offset:], path, first_line=number + 1)
    extra = {k: v for k, v in header.items() if k not in READ_BACK}
    return Transcript(header["program"], options, status, extra, events, kinds[0], kinds[1], header_lines)


def load(path: Path | str) -> Transcript:
    """The transcript in ``path``: a regular file of at most MAX_BYTES, read only."""
    p = Path(path)
    try:
        data = read_regular(p, MAX_BYTES, "transcript")
    except FileNotFoundError:
        raise TranscriptError(str(p), 0, "no such file") from None
    except FileRefused as err:
        raise TranscriptError(str(p), 0, str(err).removeprefix(f"{p}: ")) from None
    return parse(decode(data), str(p))


def diff(expected: Transcript, actual: Transcript, path: str) -> str:
    """A unified diff of two sessions, empty when they match."""
    a = expected.render().splitlines(keepends=True)
    b = actual.render().splitlines(keepends=True)
    lines = difflib.unified_diff(a, b, fromfile=f"{path} (golden)", tofile=f"{path} (port)")
    return "".join(visible(line) for line in lines)  # the golden file may be anyone's


def find_transcripts(paths: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for p in paths:
        if p.is_dir():
            found.extend(sorted(p.rglob("*.txt")))
        else:
            found.append(p)
    return found

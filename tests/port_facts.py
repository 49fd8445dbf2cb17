"""Each program's facts for the tests, in one place: a module beside that
port's own tests, ``tests/<package>/facts.py`` (its package named as the
port's, retro/ports/<package>/), defining ``FACTS = Facts(...)``.  The tests
that go through every program (on a pty, in a pipe, over a WebSocket, in a
browser, through its audit) take them from here, found through the catalog,
so that a new program is played everywhere or fails test_port_facts.py."""
from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Callable, Mapping, Optional

TESTS = Path(__file__).resolve().parent

Winner = Optional[str]  # who won a session's last game: "program", "human", or None (no game ended)


@dataclass(frozen=True)
class Visit:
    """What a visitor of one program waits for and types (tests/web/measure_sessions.py)."""
    prompt: bytes  # the program's first prompt
    keys: bytes  # the first answer typed
    answer: bytes  # what the program writes once it has taken the answer


@dataclass(frozen=True)
class Beating:
    """The audit's beating lines under some options, each replayed through
    `retro run` with the command-line words for those options, wins: ``won``
    is in what it writes (tests/test_audit.py)."""
    options: Mapping[str, Any]
    words: tuple[str, ...]
    won: str


@dataclass(frozen=True)
class Facts:
    first_prompt: str  # what it asks first, with its default options (the learner's --fresh too), on a terminal
    golden: str  # a golden session of pipe input that names no file (transcripts/<id>/<golden>.txt)
    last_games: Mapping[str, Winner]  # who won the last game of the golden sessions the tests play, by name
    # How it says each game's end, by who won ("human", "program", "draw"): the
    # words of any of its languages (a shipped cast's last screen shows them)
    results: Mapping[str, tuple[str, ...]]
    visit: Visit  # a web visitor's first prompt, keys and answer
    # A screen reader's player (tests/web/test_web_reader.py): the keys that
    # answer the lines heard (the prompt last), or None while no prompt is known.
    reader: Callable[[list[str]], Optional[str]]
    reader_end: str  # words of the end bar once the reader's game is over
    beating: tuple[Beating, ...] = field(default=())  # the audit's beating lines, by options (none: the claim holds)


def folder(program_id: str) -> Path:
    """The folder of a program's tests: its package's name (retro/ports/<package>/)."""
    return TESTS / program_id.replace("-", "_")


@cache
def facts(program_id: str) -> Facts:
    """A program's facts; LookupError naming the file when it has none."""
    path = folder(program_id) / "facts.py"
    if not path.is_file():
        raise LookupError(f"{program_id} has no test facts: write {path.relative_to(TESTS.parent)}")
    spec = importlib.util.spec_from_file_location(f"{program_id.replace('-', '_')}_facts", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found = getattr(module, "FACTS", None)
    if not isinstance(found, Facts):
        raise LookupError(f"{path.relative_to(TESTS.parent)} defines no FACTS = Facts(...)")
    return found


def every() -> dict[str, Facts]:
    """Every program's facts, in the catalog's order."""
    from retro import catalog

    return {program_id: facts(program_id) for program_id in catalog.programs()}


# -- what the screen readers' players share: reading a board off the lines heard

def free(cells: list[str], empty: Callable[[str], bool]) -> int:
    return next(k for k, cell in enumerate(cells) if empty(cell))


def last_board(lines: list[str], is_row: Callable[[str], bool], rows: int) -> list[str]:
    return [line for line in lines if is_row(line)][-rows:]

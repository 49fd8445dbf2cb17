"""Recording a session and replaying a transcript against its port: the one
path that `retro record`, `retro check`, `retro audit --save`, the test suite
and every port's golden cases (tests/golden.py) share.

``session`` runs a session on a console and keeps it as a transcript;
``rerun`` gives it a transcript's input, on the options and streams its header
names.  A golden case is recorded by ``rerun`` of its input, exactly as
`retro check` will replay it.

A transcript is data from anyone (ARCHITECTURE.md, principle 7), so its replay
writes nothing and reads nothing but what the transcript names relative to
itself.  Its header's options are parsed against the port's declared options
(an unknown one, ``--help`` included, is refused with the file and line), and
the port then makes them safe for a replay (``Program.replay_options``): a
file named there is looked for in the transcript's own folder and only read;
nothing sleeps.  The replay runs in process, in the current folder, which it
does not change.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

import click

from . import catalog, transcript
from .console import Console, LineConsole
from .outcome import Outcome
from .crash_reports import as_saved
from .runner import record_session


@dataclass
class CheckResult:
    path: Path
    diff: str = ""
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.diff and not self.error


def replay_options(golden: transcript.Transcript, folder: Path, path: str = "<transcript>") -> catalog.Options:
    """The variant options a replay of ``golden`` runs with; TranscriptError
    (naming the header's line) for options the port does not declare or refuses."""
    line = golden.line_of("options")
    try:
        program = catalog.get(golden.program)
    except click.UsageError as err:
        raise transcript.TranscriptError(path, golden.line_of("program"), err.format_message()) from None
    try:
        safe: catalog.Options = program.replay_options(program.parse_options(golden.options), folder)
        return safe
    except click.ClickException as err:
        raise transcript.TranscriptError(path, line, f"options: {err.format_message()}") from None
    except ValueError as err:
        raise transcript.TranscriptError(path, line, f"options: {err}") from None


def rerun(golden: transcript.Transcript, folder: Path, path: str = "<transcript>") -> transcript.Transcript:
    """The session the port gives today for the golden session's input."""
    options = replay_options(golden, folder, path)
    return session(catalog.get(golden.program), input_of(golden), options, golden.options, golden.header)


def rerun_ending(golden: transcript.Transcript, folder: Path) -> tuple[int, Optional[Outcome], bool]:
    """How the port ends the golden session's input today, as a live session is
    told (outcome.py): its status, its last game's outcome, whether its input
    ended.  What a replay says at its end (retro/replay.py); TranscriptError
    for options the port refuses."""
    options = replay_options(golden, folder)
    status, recorder = record_session(catalog.get(golden.program), input_of(golden), options)
    return status, recorder.last_outcome, recorder.input_ended


def input_of(golden: transcript.Transcript) -> LineConsole:
    """A console that gives the golden session's input, on the streams its header names."""
    return LineConsole.from_bytes(golden.input_bytes(), input_kind=golden.stdin, output_kind=golden.stdout)


def session(program: catalog.Program, console: Console, options: catalog.Options, words: list[str],
            header: dict[str, str], report_told: Callable[[str], str] = as_saved) -> transcript.Transcript:
    """Run one session of ``program`` on ``console`` and keep it as a
    transcript: ``words`` are its options as the header gives them, and the
    console's streams are the header's stdin and stdout (``report_told``: as
    ``runner.run_session``'s)."""
    _, kept = bounded_session(program, console, options, words, header, report_told)
    assert kept is not None  # no bounds: always kept
    return kept


def bounded_session(program: catalog.Program, console: Console, options: catalog.Options, words: list[str],
                    header: dict[str, str], report_told: Callable[[str], str] = as_saved,
                    most_characters: Optional[int] = None, most_events: Optional[int] = None
                    ) -> tuple[int, Optional[transcript.Transcript]]:
    """``session`` kept within ``most_characters`` and ``most_events`` (recording.Recorder):
    its status, and its transcript (None if it passed them: nothing was kept)."""
    status, recorder = record_session(program, console, options, report_told, most_characters, most_events)
    if recorder.full:
        return status, None
    return status, transcript.Transcript(program.id, list(words), status, dict(header), recorder.events,
                                         console.input_kind, console.output_kind)


def check_file(path: Path) -> CheckResult:
    """Replay one transcript; files its options name are relative to its own folder."""
    try:
        golden = transcript.load(path)
        actual = rerun(golden, path.parent, str(path))
    except transcript.TranscriptError as err:
        return CheckResult(path, error=str(err))
    return CheckResult(path, diff=transcript.diff(golden, actual, str(path)))

"""Replaying a transcript against its port: the one path that `retro check` and
the test suite share."""
from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import click

from . import catalog, transcript
from .console import LineConsole
from .runner import record_session


@contextmanager
def working_directory(folder: Path) -> Iterator[None]:
    previous = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(previous)


@dataclass
class Outcome:
    path: Path
    diff: str = ""
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.diff and not self.error


def rerun(golden: transcript.Transcript) -> transcript.Transcript:
    """The session the port gives today for the golden session's input."""
    program = catalog.get(golden.program)
    options = program.parse_options(golden.options)
    console = LineConsole.from_bytes(
        golden.input_bytes(), input_kind=golden.stdin, output_kind=golden.stdout  # type: ignore[arg-type]
    )
    status, recorder = record_session(program, console, options)
    return transcript.Transcript(
        golden.program, golden.options, status, dict(golden.header), recorder.events, golden.stdin, golden.stdout
    )


def check_file(path: Path) -> Outcome:
    """Replay one transcript.  File names in its options (a learner's data file)
    are relative to the folder that holds transcripts/, so the replay runs there."""
    try:
        golden = transcript.load(path)
        with working_directory(path.resolve().parent.parent.parent):
            actual = rerun(golden)
    except transcript.TranscriptError as err:
        return Outcome(path, error=str(err))
    except click.ClickException as err:
        return Outcome(path, error=f"{path}: {err.format_message()}")
    return Outcome(path, diff=transcript.diff(golden, actual, str(path)))

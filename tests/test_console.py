"""The console's input stream (retro/console/line.py): any binary stream, or one
that also says whether input is there and pauses in a way its end can cut
short (LiveInput, retro serve's)."""
from __future__ import annotations

import io

from retro.console import LineConsole, LiveInput


class Live(io.BytesIO):
    """A stream that knows: nothing is there yet, and a pause is recorded, not slept."""

    def __init__(self) -> None:
        super().__init__(b"")
        self.slept: list[float] = []

    def ready(self) -> bool:
        return False

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)


def test_a_live_stream_answers_for_itself() -> None:
    stream = Live()
    console = LineConsole(stream, io.BytesIO(), io.BytesIO())
    assert isinstance(stream, LiveInput)
    assert console.input_ready() is False
    console.pause(2.5)
    assert stream.slept == [2.5]


def test_a_plain_stream_has_all_its_input_there_already() -> None:
    assert not isinstance(io.BytesIO(), LiveInput)
    assert LineConsole.from_bytes(b"").input_ready() is True

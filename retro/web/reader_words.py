"""The game told in words to the page's reader (a screen reader's), beside
the program's own text: what the runtime knows from the port (a drawn
screen's rows, each game's end), never scraped from the picture, sent in-band
with the session's token (retro.web.screen_text) through the console's
``tell``."""
from __future__ import annotations

from typing import Callable

from ..outcome import TO_THE_PLAYER, Outcome
from .screen_text import sequence, told


class PageReader:
    """A ``Narrator`` (retro.console.interface) for the page: each game's end
    said at once (``{"said": ...}``), numbered, so that two alike are two
    things said; a drawn screen's rows as they change (``{"rows": ...}``)."""

    def __init__(self, token: str, tell: Callable[[str], None]):
        self._token = token
        self._tell = tell
        self._games = 0

    def rows(self, rows: list[str], cursor: int) -> None:
        self._tell(sequence(rows, cursor, self._token))

    def ended(self, outcome: Outcome) -> None:
        self._games += 1
        self.say(f"Game {self._games} is over: {TO_THE_PLAYER[outcome]}.")

    def say(self, words: str) -> None:
        self._tell(told(self._token, {"said": words}))

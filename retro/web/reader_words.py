"""The game told in words to the page's reader (a screen reader's), beside
the program's own text: what the runtime knows from the port (a drawn
screen's rows, each game's end), never scraped from the picture, sent in-band
with the session's token (retro.web.screen_text) through the console's
``tell``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..outcome import TO_THE_PLAYER, Outcome
from ..squares import Marks, Squares
from .screen_text import sequence, told

if TYPE_CHECKING:
    from .. import catalog
    from ..console import Console


class PageReader:
    """A ``Narrator`` (retro.console.interface) for the page: each move and
    each game's end said at once (``{"said": ...}``, a game's end numbered so
    that two alike are two things said); the whole board in words after each
    move (``{"board": [...]}``, said when the visitor asks); a drawn screen's
    rows as they change (``{"rows": ...}``); the learner's cursor square as it moves
    (``{"cursor": ...}``, said but not kept); the ``squares`` named as the port names them."""

    def __init__(self, token: str, tell: Callable[[str], None], squares: Squares = Squares()):
        self._token = token
        self._tell = tell
        self._squares = squares
        self._games = 0
        self._marks: Marks = []

    def rows(self, rows: list[str], cursor: int) -> None:
        self._tell(sequence(rows, cursor, self._token))

    def ended(self, outcome: Outcome) -> None:
        self._games += 1
        self.say(f"Game {self._games} is over: {TO_THE_PLAYER[outcome]}.")

    def board(self, marks: Marks) -> None:
        for move in self._squares.moves(self._marks, marks):
            self.say(move)
        self._marks = [list(line) for line in marks]
        self._tell(told(self._token, {"board": self._squares.board(self._marks)}))

    def pointing(self, line: int, place: int, starts: bool = False) -> None:
        """The cursor's square said (``{"cursor": ...}``: said, not kept with the
        game's moves); where it ``starts`` as a sentence of its own."""
        if line < len(self._marks) and place < len(self._marks[line]):
            square = self._squares.square(self._marks, line, place)
        else:
            square = self._squares.name(line, place)
        self._tell(told(self._token, {"cursor": f"The cursor is on {square}." if starts else square}))

    def language(self, tag: str) -> None:
        """The program's text is in this language (a BCP 47 tag: "es")."""
        self._tell(told(self._token, {"lang": tag}))

    def say(self, words: str) -> None:
        self._tell(told(self._token, {"said": words}))


def narrate(console: Console, program: catalog.Program, options: catalog.Options, token: str) -> PageReader:
    """The page's reader told the game in words as ``program`` runs on ``console``, each
    sequence with the session's ``token``: first the program's language and what a reader
    must know before the first move (retro serve's session process, and the visitor's
    browser: retro.browser.session)."""
    reader = PageReader(token, console.tell, program.squares)
    console.narrator = reader
    try:
        reader.language(program.text_language(options))
        if program.reader_note:
            reader.say(program.reader_note)
    except OSError:
        pass  # the page is gone: the program finds it so too
    return reader

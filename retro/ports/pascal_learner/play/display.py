"""The screen of Tic-Tac-Toe.p, and its plain-line version for pipes.

Seed: "Some of the procedures in this program also deal with a rather
laughable problem by today's standards, i.e. that of sending characters to
an ASCII terminal to try and make it look like a graphical display."  Those
procedures are lost.  On a terminal (``console.screen``) ``ScreenView``
draws the board in place and moves a cursor over it (cursor keys, or typed
coordinates); in a pipe ``LineView`` writes plain lines a script can drive.

The move notation, in both: ``row,col`` -- the row (1 at the top) and the
column (1 at the left), separated by a comma or blanks, e.g. ``2,3``.
``q`` gives up the session.
"""
from __future__ import annotations

import re
from typing import Optional, Union

from retro.console import Console
from retro.screen.wrap import one_row, wrap
from retro.dialects.pascal import PascalText, integer_value

from ..model.board import EMPTY, MARKS, Board, Grid

QUIT = "quit"
# Two digit-sequences (0-9 only, as Pascal reads an integer), a comma or blanks between.
MOVE = re.compile(r"^\s*([0-9]+)\s*(?:,\s*|\s+)([0-9]+)\s*$", re.ASCII)


def parse_move(text: str, board: Board) -> Union[int, str]:
    """A square from ``row,col``; QUIT; or the message saying what is wrong."""
    grid = board.grid
    if text.strip().lower() in ("q", "quit"):
        return QUIT
    match = MOVE.match(text)
    if not match:
        return "Please give a row and a column, like 2,3 (or q to stop)."
    row, col = integer_value(match.group(1)), integer_value(match.group(2))
    if row is None or col is None or not grid.inside(row, col):  # None: past maxint
        return f"Rows go from 1 to {grid.boardrows} and columns from 1 to {grid.boardcols}."
    square = grid.square(row, col)
    if not board.empty(square):
        return "That square is taken."
    return square


def parse_yes_no(text: str) -> Optional[bool]:
    answer = text.strip().lower()
    if answer in ("y", "yes"):
        return True
    if answer in ("n", "no"):
        return False
    return None


def board_lines(board: Board) -> list[str]:
    """The board as text: column numbers above, row numbers on the left."""
    grid = board.grid
    width = 1 if grid.boardcols < 10 else 2
    head = "   " + " ".join(f"{c:>{width}}" for c in range(1, grid.boardcols + 1))
    lines = [head.rstrip()]
    for r in range(1, grid.boardrows + 1):
        cells = (MARKS[board.squares[grid.square(r, c)]] for c in range(1, grid.boardcols + 1))
        lines.append(f"{r:>2} " + " ".join(f"{m:>{width}}" for m in cells))
    return lines


class LineView:
    """Plain lines: what a pipe, a script and a transcript see."""

    def __init__(self, console: Console, grid: Grid):
        self.out = PascalText(console)
        self.grid = grid

    def set_title(self, text: str) -> None:
        self.out.writeln(text)

    def say(self, text: str = "") -> None:
        self.out.writeln(text)

    def show_board(self, board: Board) -> None:
        for line in board_lines(board):
            self.out.writeln(line)

    def new_game(self) -> None:
        """A game begins: plain lines have nothing to set."""

    def turn_page(self, lines: list[str]) -> None:
        """Another game is asked for: a teletype's paper keeps what it printed."""

    def aside(self, text: str) -> None:
        """What only the screen says (its messages are rewritten in place)."""

    def placed(self, board: Board, square: int) -> None:
        """A mark was placed: plain lines show the board after the computer's move only."""

    def ask_yes_no(self, question: str) -> Optional[bool]:
        while True:
            self.out.write(question, " ")
            line = self.out.readln()
            if line is None:
                return None
            answer = parse_yes_no(line)
            if answer is not None:
                return answer
            self.out.writeln("Please answer Y or N.")

    def ask_move(self, board: Board) -> Optional[int]:
        """The human's move; None at end of input or on ``q``."""
        while True:
            self.out.write("Your move (row,col)? ")
            line = self.out.readln()
            if line is None:
                return None
            move = parse_move(line, board)
            if move == QUIT:
                return None
            if isinstance(move, int):
                return move
            self.out.writeln(move)


class ScreenView:
    """The board drawn in place on a terminal, with a cursor to move."""

    TOP = 1  # the column numbers, right below the title; the board's rows follow
    MESSAGES = 4  # the fewest rows of messages; a taller terminal gives them every row it has
    MEMORY = 100  # the messages kept, to be wrapped again at a new width

    @classmethod
    def size_needed(cls, grid: Grid) -> tuple[int, int]:
        """(rows, columns): title, board, a blank line, the messages, a blank line, the prompt.
        15x15 fits an 80x24 terminal exactly."""
        width = 2 if grid.boardcols < 10 else 3
        return cls.TOP + grid.boardrows + 2 + cls.MESSAGES + 2, max(60, 4 + grid.boardcols * width)

    def __init__(self, console: Console, grid: Grid):
        self.console = console
        self.grid = grid
        self.width = 2 if grid.boardcols < 10 else 3
        self.centre = grid.square((grid.boardrows + 1) // 2, (grid.boardcols + 1) // 2)
        self.cursor = self.centre
        self.first_move = True  # of a game: what was typed before the board is dropped
        self.said: list[str] = []  # the messages as said, wrapped anew at each drawing (the last MEMORY)
        self.title = ""
        self.board: Optional[Board] = None
        self.board_shown = False
        self.marked: Optional[int] = None  # the square drawn as the cursor ([.])
        self.prompt = ""  # the prompt row's text
        self.console.clear()
        self.console.redraw_with(self.redraw)

    def new_game(self) -> None:
        """A game begins: the cursor on the centre square (the original's
        screen is lost; the centre is where a player looks first), and
        nothing typed before its first move is asked for counts."""
        self.cursor = self.centre
        self.first_move = True

    # -- drawing --------------------------------------------------------------------
    def set_title(self, text: str) -> None:
        self.title = text
        self.console.place(0, 0, one_row(text, self.console.size()[1]))

    def redraw(self) -> None:
        """The whole screen again, laid out at the terminal's size now (the
        terminal resized, given back after ``fg``, or Ctrl-L): what a fresh
        drawing of the same moment shows, the messages wrapped anew."""
        self.console.clear()
        if self.title:
            self.set_title(self.title)
        if self.board_shown:
            self._draw_board()
        self._draw_messages()
        self._prompt(self.prompt)

    def _cell(self, square: int) -> tuple[int, int]:
        """A square's row and column on the screen: its mark under the last
        digit of its column's number (_draw_board's header)."""
        r, c = self.grid.rowcol(square)
        return self.TOP + r, 3 + (c - 1) * self.width + self.width - 2

    def show_board(self, board: Board) -> None:
        self.board = board
        self.board_shown = True
        self._draw_board()

    def _draw_board(self) -> None:
        w = self.width
        self.console.place(self.TOP, 0, "   " + "".join(f"{c:>{w - 1}} " for c in range(1, self.grid.boardcols + 1)))
        for r in range(1, self.grid.boardrows + 1):
            self.console.place(self.TOP + r, 0, f"{r:>2} ")
        marked = self.marked
        for s in range(self.grid.size):
            self._draw_cell(s)
        if marked is not None:  # last: a cell's text overlaps its neighbours' by a column
            self._draw_cell(marked, cursor=True)
        self.console.flush()

    def _draw_cell(self, square: int, cursor: bool = False) -> None:
        mark = MARKS[self.board.squares[square]] if self.board else MARKS[EMPTY]
        row, col = self._cell(square)
        text = f"[{mark}]" if cursor else f" {mark} "
        if cursor:
            self.marked = square
        elif square == self.marked:
            self.marked = None
        self.console.place(row, col - 1, text[: self.width + 1], pointing=cursor)  # the pointer, said in words

    def placed(self, board: Board, square: int) -> None:
        """A mark was placed: draw it at once."""
        self.board = board
        self._draw_cell(square)
        self.console.flush()

    def _message_row(self) -> int:
        return self.TOP + self.grid.boardrows + 2

    def _message_rows(self) -> int:
        """The rows of messages: the terminal's rows below the board, less a
        blank row and the prompt's (at least MESSAGES)."""
        return max(self.MESSAGES, self.console.size()[0] - self._message_row() - 2)

    def say(self, text: str = "") -> None:
        """A message, wrapped at word boundaries to the terminal's width; the
        last rows of messages show, as many as the terminal has (_message_rows)."""
        self.said = (self.said + [text])[-self.MEMORY:]
        self._draw_messages()

    @property
    def messages(self) -> list[str]:
        """The rows of messages shown: the last whole messages said that fit,
        wrapped to the terminal's width now, so that the area starts where a
        message starts (the newest alone, longer than the area, shows its end)."""
        return [row for row, _ in self._folded_messages()]

    def _folded_messages(self) -> list[tuple[str, bool]]:
        """``messages``, each row with whether it carries on the message of the row above."""
        width, room = self.console.size()[1], self._message_rows()
        shown: list[tuple[str, bool]] = []
        for text in reversed(self.said):
            rows = [(row, k > 0) for k, row in enumerate(wrap(text, width))]
            if len(shown) + len(rows) > room:
                return shown or rows[-room:]
            shown = rows + shown
        return shown

    def _draw_messages(self) -> None:
        width = self.console.size()[1]
        top = self._message_row()
        messages = self._folded_messages()
        for i in range(self._message_rows()):
            line, folded = messages[i] if i < len(messages) else ("", False)
            self.console.place(top + i, 0, line.ljust(width), folded=folded)  # a reader reads a message whole
        self.console.flush()

    def turn_page(self, lines: list[str]) -> None:
        """Another game is asked for: the last game's messages give way to
        ``lines`` (what the learner knows now), and the board is empty again."""
        self.board = None
        for square in range(self.grid.size):
            self._draw_cell(square)
        self.said = []
        self._draw_messages()
        for line in lines:
            self.say(line)

    def aside(self, text: str) -> None:
        self.say(text)

    def _prompt(self, text: str) -> None:
        """The prompt row: one row, ended with "…" if it must be cut; the cursor after it."""
        self.prompt = text
        width = self.console.size()[1]
        row = self._message_row() + self._message_rows() + 1
        shown = one_row(text, width - 1) if text.strip() else ""
        shown += " " if text.endswith(" ") and shown and len(shown) < width - 1 else ""
        self.console.place(row, 0, shown.ljust(width - 1))
        self.console.place(row, len(shown), "")
        self.console.flush()

    def interrupted(self) -> None:
        """Ctrl-C: the prompt row blanked, the cursor at its start (for the message that follows)."""
        self._prompt("")
        self.console.place(self._message_row() + self._message_rows() + 1, 0, "")
        self.console.flush()

    # -- input ----------------------------------------------------------------------
    def ask_yes_no(self, question: str) -> Optional[bool]:
        """An answer read as a line, as the Pascal program's readln read it: the
        keys typed show after the question and Enter ends them, so the Enter
        that follows Y is the answer's, never a move.  None on Ctrl-D or Esc."""
        typed = ""
        while True:
            self._prompt(f"{question} {typed}")
            key = self.console.read_key()
            if key is None or key == "escape":
                self._prompt("")  # asked no more
                return None
            if key == "enter":
                answer = parse_yes_no(typed)
                if answer is not None:
                    self._prompt("")
                    return answer
                typed = ""
                if self.messages[-1:] != ["Please answer Y or N."]:
                    self.say("Please answer Y or N.")
            elif key == "backspace":
                typed = typed[:-1]
            elif len(key) == 1 and key.isprintable() and len(typed) < 20:
                typed += key

    STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}

    def ask_move(self, board: Board) -> Optional[int]:
        """Cursor keys move, Enter plays the square under the cursor; digits
        and a comma type ``row,col`` (then Enter); q or Escape asks whether
        to end the game, and only Y ends it (a stray key, the phone's key
        bar's Esc among them, loses no game); Ctrl-D ends it.  A blank or any other key places
        nothing."""
        self.board = board
        typed = ""
        hint = "Your move: cursor keys and Enter, or type row,col (q ends the game)"
        if self.first_move:  # an Enter typed twice after a Y/N answer is no move
            self.console.discard_typed_ahead()
            self.first_move = False
            r, c = self.grid.rowcol(self.cursor)
            self.console.cursor_on(r - 1, c - 1, starts=True)  # for a reader: where the cursor starts, in words
        while True:
            self._draw_cell(self.cursor, cursor=True)
            self._prompt(f"{hint}: {typed}" if typed else hint + ".")
            key = self.console.read_key()
            self._draw_cell(self.cursor)
            if key is None or key in ("escape", "q", "Q") and self.ask_yes_no("End this game? (Y/N)") is True:
                self._prompt("")  # asked no more: no stale prompt under the last screen
                return None
            if key in self.STEPS:
                dr, dc = self.STEPS[key]
                r, c = self.grid.rowcol(self.cursor)
                r = min(max(r + dr, 1), self.grid.boardrows)
                c = min(max(c + dc, 1), self.grid.boardcols)
                self.cursor = self.grid.square(r, c)
                self.console.cursor_on(r - 1, c - 1)  # for a reader: the square in words
            elif key == "backspace":
                typed = typed[:-1]
            elif key in tuple("0123456789") or key in (",", " ") and typed:
                typed += key
            elif key == "enter":  # a blank typed before a move is not a move
                if typed:
                    move = parse_move(typed, board)
                    typed = ""
                else:
                    move = self.cursor if board.empty(self.cursor) else "That square is taken."
                if isinstance(move, int):
                    self.cursor = move
                    return move
                if move != QUIT:
                    self.say(move)

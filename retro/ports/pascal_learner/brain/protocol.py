"""The Gomocup protocol the learner speaks as a brain (`retro pbrain pascal-learner`).

Gomocup's managers (piskvork and its successors) talk to a brain on its
standard input and output, one command a line (Petr Lastovicka's "new
protocol", plastovicka.github.io/protocl2en.htm).  The commands answered:

* ``START size`` / ``RECTSTART width,height``: a new empty board -- ``OK``,
  or ``ERROR`` for a size the learner cannot play (5 to 20);
* ``BEGIN``: the brain opens -- its move ``X,Y``;
* ``TURN X,Y``: the opponent's move -- the brain's move;
* ``BOARD`` then lines ``X,Y,field`` (1 the brain's stone, 2 the opponent's,
  3 a stone of a continuous game's finished line, a square neither may use)
  then ``DONE``: a whole position, its stones in any order -- the brain's
  move.  Compared as a set with the game's stones: these and more continue
  the game (the new ones appended in the order given); others begin a new one;
* ``TAKEBACK X,Y``: the stone there is taken away -- ``OK``;
* ``RESTART``: a new game on the same board -- ``OK``;
* ``INFO key value``: no answer; ``timeout_turn`` and ``time_left`` (ms)
  bound every wait of a move; ``folder`` is where the store is kept
  (``<folder>/pbrain-pascal-learner/``); a ``rule`` other than freestyle (0)
  or continuous (2) is answered ``ERROR`` at each command that asks for a
  move (the protocol: an INFO the brain cannot meet is told at the first
  command not of INFO's form); the others are kept and unused;
* ``ABOUT``: ``name="...", version="...", ...``;
* ``END``: the brain ends, without a word;
* anything else: ``UNKNOWN`` and a reason, once (a command of several lines,
  ``SWAP2BOARD`` ... ``DONE``, is read to its ``DONE`` first).

Coordinates: brain/coordinates.py.  The store (brain/placement.py) is
opened at the first move (GomocupJudge sends the INFOs after START), locked
as in play; each game is kept in its journal (brain/keeping.py), except
from a store another brain holds (after a ``MESSAGE``).  The manager does
not send the move that wins against the brain: when a game the brain moved
in ends (RESTART, START, BOARD with another game, END) with the opponent
able to complete a line, the brain takes that line as played (the lowest
such square) and keeps the game as lost.  A move not thought in the time
allowed (brain/budget.py, brain/thinking.py) is a quick move (brain/game.py).
"""
from __future__ import annotations

import time
from typing import Callable, Optional

from retro import __version__

from ..learning.learner import Learner
from ..model.board import Board, Grid
from ..store.session import StoreSession
from . import placement
from .coordinates import Unreadable, coordinates, position_of, square_of
from .budget import END_WAIT, limit_of
from .game import BLOCKED, OWN, SIZES, THEIRS, brain_grid, completing, quick_move, unplayable_rule
from .keeping import journal_game, learn_game
from .thinking import Thinker

BLOCK_COMMANDS = ("BOARD", "SWAP2BOARD")  # commands whose lines end with DONE


class Brain:
    """The protocol's state: the board, the game's moves, the learner."""

    def __init__(self, open_learner: Callable[[Grid, Optional[str]], Optional[StoreSession]],
                 write: Callable[[str], None], clock: Callable[[], float] = time.monotonic):
        self.open_learner = open_learner  # the store for a grid, in the manager's INFO folder if it gave one
        self.write = write
        self.session: Optional[StoreSession] = None
        self.learner: Optional[Learner] = None
        self.grid: Optional[Grid] = None
        self.board: Optional[Board] = None
        self.moves: list[tuple[int, int]] = []  # (square, mark) in the order the brain learnt of them
        self.blocked: set[int] = set()  # field 3: a continuous game's finished lines, occupied by neither
        self.over = False  # the game on the board has ended (a line completed)
        self.played = False  # the brain has made a move in this game: it counts in the record
        self.counted = False  # the game is in the learner's record
        self.infos: dict[str, str] = {}
        self.block: Optional[tuple[str, list[str]]] = None  # inside BOARD (or SWAP2BOARD) ... DONE
        self.thinker = Thinker(clock)
        self.running = True
        self.quick_answers = 0  # moves answered by quick_move for want of time
        self.fitted = False  # the finder fitted to INFO max_memory since START (_fit_memory)

    # -- the commands ------------------------------------------------------------------
    def handle(self, line: str) -> None:
        line = line.strip()
        if not line:
            return
        if self.block is not None:
            if line.upper() == "DONE":
                (word, lines), self.block = self.block, None
                self._block_done(word, lines)
            else:
                self.block[1].append(line)
            return
        word, _, rest = line.partition(" ")
        word = word.upper()
        rest = rest.strip()
        if word in BLOCK_COMMANDS:
            self.block = (word, [])
            return
        handler = {
            "START": self._start, "RECTSTART": self._rectstart, "RESTART": self._restart,
            "BEGIN": self._begin, "TURN": self._turn,
            "TAKEBACK": self._takeback, "INFO": self._info, "ABOUT": self._about, "END": self._end,
        }.get(word)
        if handler is None:
            self.write(f"UNKNOWN {word} is not a command this brain knows")
            return
        handler(rest)

    def _block_done(self, word: str, lines: list[str]) -> None:
        """A command of several lines ended by DONE: BOARD is played; another
        (SWAP2BOARD) is answered once, UNKNOWN, as a one-line command is."""
        if word == "BOARD":
            self._board(lines)
        else:
            self.write(f"UNKNOWN {word} is not a command this brain knows")

    def _start(self, rest: str) -> None:
        try:
            size = int(rest)
        except ValueError:
            self.write("ERROR START needs the board's size, a number")
            return
        self._new_board(size, size)

    def _rectstart(self, rest: str) -> None:
        try:
            width, height = (int(v) for v in rest.split(","))
        except ValueError:
            self.write("ERROR RECTSTART needs width,height")
            return
        self._new_board(width, height)

    def _new_board(self, width: int, height: int) -> None:
        """START and RECTSTART: the board only; the store is opened at the
        first move (``_open_store``), when the manager's INFOs -- sent after
        START by GomocupJudge -- have said where it is."""
        self._finish_game()
        if width not in SIZES or height not in SIZES:
            self.write(f"ERROR this brain plays on boards of {SIZES.start} to {SIZES.stop - 1} squares a side")
            return
        self.grid = brain_grid(height, width)
        self.fitted = False
        self._clear()
        self.write("OK")

    def _restart(self, rest: str) -> None:
        if self.grid is None:
            self.write("ERROR RESTART before START")
            return
        self._finish_game()
        self._clear()
        self.write("OK")

    def _begin(self, rest: str) -> None:
        if self._ready() and self._playable():
            self._finish_game()
            self._clear()
            self._answer()

    def _turn(self, rest: str) -> None:
        square = self._target(rest)
        if square is not None and self._playable() and self._place(square, THEIRS):
            self._answer()

    def _board(self, lines: list[str]) -> None:
        """BOARD: a position whose stones may come in any order (the protocol
        allows it but under renju).  Compared as a set with the game's: the
        same stones and more continue the game (the new ones appended in the
        order given), other stones begin another game."""
        if not self._ready() or not self._playable():
            return
        assert self.grid is not None
        try:
            stones, blocked = position_of(lines, self.grid)
        except Unreadable as err:
            self.write(f"ERROR {err}")
            return
        known = set(stones)
        if not all(move in known or move[0] in blocked for move in self.moves):
            self._finish_game()
            self._clear()
        if blocked != self.blocked:
            self._block_lines(blocked)
        for square, mark in stones:
            if (square, mark) not in self.moves and not self._place(square, mark):
                return
        self._answer()

    def _block_lines(self, blocked: set[int]) -> None:
        """A continuous game's field 3: the squares of its finished lines,
        occupied by neither player; the game's other moves kept."""
        assert self.grid is not None
        kept = [(s, m) for s, m in self.moves if s not in blocked]
        self.board = Board(self.grid)
        self.board.masks[BLOCKED] = 0  # the finders look only at the players' and the empty masks
        for square in sorted(blocked):
            self.board.place(square, BLOCKED)
        self.blocked = set(blocked)
        self.moves = []
        for square, mark in kept:
            self.board.place(square, mark)
            self.moves.append((square, mark))

    def _takeback(self, rest: str) -> None:
        square = self._target(rest)
        if square is None:
            return
        if square not in {s for s, _ in self.moves}:
            self.write(f"ERROR there is no stone on {rest}")
            return
        kept = [(s, m) for s, m in self.moves if s != square]
        self.moves = []
        self._block_lines(self.blocked)
        self.over = False
        for s, m in kept:
            self._place(s, m)
        self.write("OK")

    def _info(self, rest: str) -> None:
        key, _, value = rest.partition(" ")
        self.infos[key.lower()] = value.strip()

    def _about(self, rest: str) -> None:
        self.write(f'name="pascal-learner", version="{__version__}", author="the retro project, after '
                   f'Tic-Tac-Toe.p (a Pascal program that learns from its mistakes)", country="-"')

    def _end(self, rest: str) -> None:
        self._finish_game(END_WAIT)
        self.running = False

    # -- the game ----------------------------------------------------------------------
    def _ready(self) -> bool:
        if self.grid is None or self.board is None:
            self.write("ERROR no board yet: START first")
            return False
        return True

    def _playable(self) -> bool:
        """The rule INFO gave, said at the first command that asks for a move
        (the protocol: a brain tells of an INFO it cannot meet at the first
        command not of INFO's form, TURN, BOARD or BEGIN), and at every one
        while the rule stands; then the store, opened now that the INFOs are in."""
        rule = unplayable_rule(self.infos.get("rule", "0"))
        if rule:
            self.write(f"ERROR {rule}: this brain plays freestyle Five-in-a-Row only (rule 0, or 2: continuous)")
            return False
        return self._open_store()

    def _open_store(self) -> bool:
        """The learner for the board, its store opened at the first move."""
        assert self.grid is not None
        if self.session is None:
            self.session = self.open_learner(self.grid, self.infos.get("folder"))
            if self.session is None:
                self.write("ERROR the learner's schemes file cannot be used (see the error stream)")
                return False
            self.learner = self.session.learner
            if self.session.unsaved:
                self.write(f"MESSAGE {self.session.unsaved}: this brain plays without learning")
            elif self._folder_full():
                self.write(placement.folder_full_message())
        assert self.learner is not None
        if self.grid != self.learner.grid:
            self.learner = self.session.for_grid(self.grid)  # (the old board's finder let go)
            self.learner.finder.victoryplans(Board(self.grid), OWN)  # the schemes compiled for this board
        return True

    def _target(self, text: str) -> Optional[int]:
        """The square of a command's X,Y, if there is a board (else an ERROR said)."""
        return self._square(text) if self._ready() else None

    def _clear(self) -> None:
        assert self.grid is not None
        self.board = Board(self.grid)
        self.moves = []
        self.blocked = set()
        self.over = self.played = self.counted = False

    def _square(self, text: str) -> Optional[int]:
        assert self.grid is not None
        try:
            return square_of(text, self.grid)
        except Unreadable as err:
            self.write(f"ERROR {err}")
            return None

    def _coordinates(self, square: int) -> str:
        assert self.grid is not None
        return coordinates(square, self.grid)

    def _place(self, square: int, mark: int) -> bool:
        assert self.board is not None
        if not self.board.empty(square):
            self.write(f"ERROR {self._coordinates(square)} is taken")
            return False
        self.board.place(square, mark)
        self.moves.append((square, mark))
        if self.board.completes(square):
            self.over = True
            if mark == THEIRS:
                self._learn()
        return True


    def _answer(self) -> None:
        """Play the learner's move (or a quick one, if time runs out)."""
        assert self.board is not None
        if self.board.full():
            self.write("ERROR the board is full")
            return
        board = self.board.copy()
        square = self._thought(board, self._deadline())
        if square is None:
            square = quick_move(board, OWN)
            self.quick_answers += 1
        self._place(square, OWN)
        self.played = True
        self.write(self._coordinates(square))

    def _deadline(self) -> Optional[float]:
        """When the move must be ready (the clock's time), or None: no limit."""
        return self.thinker.until(limit_of(self.infos))

    def _thought(self, board: Board, deadline: Optional[float]) -> Optional[int]:
        """The learner's move by the deadline, or None.  A thought still
        running from a move answered quickly is waited for until the deadline
        only; if it has not finished, this move is answered quickly too."""
        if not self.thinker.finished(deadline):
            return None
        self._fit_memory()
        learner = self.learner
        assert learner is not None
        return self.thinker.think(lambda: learner.choose(board, OWN)[0], deadline)

    def _fit_memory(self) -> None:
        """At the first move after START (a manager says ``INFO max_memory``
        after START): if the schemes do not all fit in the memory allowed,
        play from those of the lowest levels that do, and say so."""
        if self.fitted or self.learner is None:
            return
        self.fitted = True
        try:
            limit = int(self.infos.get("max_memory", "0"))
        except ValueError:
            return
        if limit <= 0:
            return
        from ..store.fitting import fit  # (NumPy: loaded with the store's finder)
        fitted = fit(self.learner.finder, limit)
        if fitted is not None:
            self.learner.finder, said = fitted
            self.write(f"MESSAGE {said}")

    def _finish_game(self, wait: Optional[float] = None) -> None:
        """A game ends: if the opponent could complete a line, take it as
        played and keep the loss; keep the game, once, if the brain made a
        move in it (``_keep``).  ``wait``: how long a thought may still run
        (by default the time of a move)."""
        if self.board is None or not self.played or self.counted:
            return
        if wait is None:
            wait = limit_of(self.infos)
        if not self.over:
            square = completing(self.board, THEIRS)
            if square is not None:
                self._place(square, THEIRS)  # the loss is kept
        if not self.counted and self.learner is not None:
            self._keep(False, wait)

    def _learn(self) -> None:
        """A lost game kept (journalled, or learnt and counted: ``_keep``)."""
        if self.learner is not None:
            self._keep(True, END_WAIT)

    def _keep(self, lost: bool, wait: Optional[float]) -> None:
        """The game into the learner's record, once: in the store's journal,
        or (``--whole``) learnt, counted and saved now, after the thought still
        running if it ends within ``wait`` (brain/keeping.py).  Nothing is
        kept from a store another brain holds, nor once the brain's folder
        is full (``_open_store`` said so)."""
        assert self.learner is not None and self.session is not None
        if self.session.compiled_from is not None:
            self.counted = True
            if not self._folder_full():
                journal_game(self.session, self.moves, lost)
            return
        finished = self.thinker.finished(self.thinker.until(wait))
        self.counted = learn_game(self.learner, self.moves, lost, finished, save=not self._folder_full())

    def _folder_full(self) -> bool:
        return placement.folder_full(self.infos.get("folder"), self.session)

    def close(self) -> None:
        self.thinker.finished(self.thinker.until(END_WAIT))
        if self.session is not None:
            self.session.close()

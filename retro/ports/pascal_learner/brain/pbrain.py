"""``retro pbrain pascal-learner``: the learner as a Gomocup brain.

Gomocup's managers (piskvork and its successors) talk to a brain on its
standard input and output, one command a line (Petr Lastovicka's "new
protocol", plastovicka.github.io/protocl2en.htm).  The commands answered:

* ``START size`` / ``RECTSTART width,height``: a new empty board -- ``OK``,
  or ``ERROR`` for a size the learner cannot play (5 to 20);
* ``BEGIN``: the brain opens -- its move ``X,Y``;
* ``TURN X,Y``: the opponent's move -- the brain's move;
* ``BOARD`` then lines ``X,Y,field`` (1 the brain's stone, 2 the opponent's,
  3 a stone of a winning line in a continuous game) then ``DONE``: a whole
  position, in the order the stones were played -- the brain's move;
* ``TAKEBACK X,Y``: the stone there is taken away -- ``OK``;
* ``RESTART``: a new game on the same board -- ``OK``;
* ``INFO key value``: no answer; ``timeout_turn`` and ``time_left`` (ms)
  bound the time the brain takes for a move, the others are kept and unused;
* ``ABOUT``: ``name="...", version="...", ...``;
* ``END``: the brain ends, without a word;
* anything else: ``UNKNOWN`` and a reason.

Coordinates count from 0; X is the column and Y the row.  The learner plays
Five-in-a-Row (five or more in a row win) from its usual store,
``Tic-Tac-Toe-Data-5`` (locked as in play).  A manager starts a brain for
each game, allows it about a second to start and half a second to end, and
bounds its memory, so the brain plays from the store's compiled cache
(store/compiled.py: the turned schemes as arrays, read in a moment; made
again whenever the store has changed) and keeps every game in the store's
journal (store/journal.py: one small write) rather than learning at once:
the lost games are learnt by ``retro train pascal-learner --learn-pending``.
The moves are those the learner would play from the store itself.  The
manager does not send the move that wins against the brain: when a game
ends (RESTART, START, BOARD with another game, END) with the opponent able
to complete a line, the brain takes that line as played (the lowest such
square) and keeps the game as lost.

The move is worked out in a thread; if it is not ready when the time allowed
is nearly over, the brain answers with a quick move (complete its own line,
else block one, else play beside the last stone) and the learner's thought
is finished before the learner is used again.
"""
from __future__ import annotations

import io
import signal
import sys
import threading
import time
from typing import BinaryIO, Callable, Optional

import click

from retro import __version__
from retro.catalog import RenamedOption
from retro.console import LineConsole

from ..model.board import CIRCLE, CROSS, Board, Grid
from ..learning.learner import Learner
from ..store import journal
from ..store.session import StoreSession, open_session
from ..play.variants import RANDOM_STATE_HELP

OWN, THEIRS = CIRCLE, CROSS  # the brain plays O, as the text's computer does
ALIGN = 5
SIZES = range(ALIGN, 21)  # Gomocup plays on 15x15 and 20x20
MARGIN = 0.25  # the share of the time allowed kept back for the answer to travel
SLACK = 0.05  # and at least this many seconds


def limit_of(infos: dict[str, str]) -> Optional[float]:
    """Seconds the brain may think about a move: ``timeout_turn``, bounded by
    a share of ``time_left``; None when neither limits it (0 means "as fast
    as possible", which the learner is anyway)."""
    limits = []
    for key, share in (("timeout_turn", 1.0), ("time_left", 0.1)):
        try:
            value = int(infos.get(key, "0"))
        except ValueError:
            continue
        if value > 0 and value != 2147483647:  # 2**31 - 1: no limit for the match
            limits.append(value / 1000 * share)
    if not limits:
        return None
    budget = min(limits)
    return max(0.0, budget - max(SLACK, budget * MARGIN))


def completing(board: Board, player: int) -> Optional[int]:
    """The lowest empty square where ``player`` would complete a line."""
    for square in board.empties():
        if board.with_move(square, player).completes(square):
            return square
    return None


def quick_move(board: Board, player: int) -> int:
    """A move found at once: the player's completing square, else the
    opponent's, else the empty square nearest the last stone (or the centre)."""
    for who in (player, OWN + THEIRS - player):
        square = completing(board, who)
        if square is not None:
            return square
    empties = list(board.empties())
    grid = board.grid
    row, col = grid.rowcol(board.moves[-1]) if board.moves else ((grid.boardrows + 1) // 2, (grid.boardcols + 1) // 2)

    def distance(square: int) -> tuple[int, int]:
        r, c = grid.rowcol(square)
        return (max(abs(r - row), abs(c - col)), square)

    return min(empties, key=distance)


class Brain:
    """The protocol's state: the board, the game's moves, the learner."""

    def __init__(self, open_learner: Callable[[Grid], Optional[StoreSession]], write: Callable[[str], None],
                 clock: Callable[[], float] = time.monotonic):
        self.open_learner = open_learner
        self.write = write
        self.clock = clock
        self.session: Optional[StoreSession] = None
        self.learner: Optional[Learner] = None
        self.grid: Optional[Grid] = None
        self.board: Optional[Board] = None
        self.moves: list[tuple[int, int]] = []  # (square, mark) in the order played
        self.over = False  # the game on the board has ended (a line completed)
        self.counted = False  # the game is in the learner's record
        self.infos: dict[str, str] = {}
        self.board_lines: Optional[list[str]] = None  # inside BOARD ... DONE
        self.thinking: Optional[threading.Thread] = None
        self.running = True
        self.quick_answers = 0  # moves answered by quick_move for want of time
        self.fitted = False  # the finder fitted to INFO max_memory since START (_fit_memory)

    # -- the commands ------------------------------------------------------------------
    def handle(self, line: str) -> None:
        line = line.strip()
        if not line:
            return
        if self.board_lines is not None:
            if line.upper() == "DONE":
                lines, self.board_lines = self.board_lines, None
                self._board(lines)
            else:
                self.board_lines.append(line)
            return
        word, _, rest = line.partition(" ")
        word = word.upper()
        rest = rest.strip()
        handler = {
            "START": self._start, "RECTSTART": self._rectstart, "RESTART": self._restart,
            "BEGIN": self._begin, "TURN": self._turn, "BOARD": self._board_begin,
            "TAKEBACK": self._takeback, "INFO": self._info, "ABOUT": self._about, "END": self._end,
        }.get(word)
        if handler is None:
            self.write(f"UNKNOWN {word} is not a command this brain knows")
            return
        handler(rest)

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
        self._finish_game()
        if width not in SIZES or height not in SIZES:
            self.write(f"ERROR this brain plays on boards of {SIZES.start} to {SIZES.stop - 1} squares a side")
            return
        grid = Grid(height, width, ALIGN, maxsize=SIZES.stop - 1)
        if self.session is None:
            self.session = self.open_learner(grid)
            if self.session is None:
                self.write("ERROR the learner's schemes file cannot be used (see the error stream)")
                return
            self.learner = self.session.learner
        assert self.learner is not None
        if grid != self.learner.grid:
            self.learner = self.session.for_grid(grid)  # (the old grid's finder let go)
        self.learner.finder.victoryplans(Board(grid), OWN)  # compile the schemes now, not in the first move
        self.fitted = False
        self.grid = grid
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
        if self._ready():
            self._finish_game()
            self._clear()
            self._answer()

    def _turn(self, rest: str) -> None:
        square = self._target(rest)
        if square is not None and self._place(square, THEIRS):
            self._answer()

    def _board_begin(self, rest: str) -> None:
        self.board_lines = []

    def _board(self, lines: list[str]) -> None:
        if not self._ready():
            return
        stones: list[tuple[int, int]] = []
        for line in lines:
            try:
                x, y, field = (int(v) for v in line.split(","))
            except ValueError:
                self.write(f"ERROR {line!r} is not X,Y,field")
                return
            square = self._square(f"{x},{y}")
            if square is None:
                return
            if field in (1, 2):
                stones.append((square, OWN if field == 1 else THEIRS))
        if stones[:len(self.moves)] != self.moves or self.over:  # not this game continued: another game
            self._finish_game()
            self._clear()
        assert self.board is not None
        for square, mark in stones[len(self.moves):]:
            if not self._place(square, mark):
                return
        self._answer()

    def _takeback(self, rest: str) -> None:
        square = self._target(rest)
        if square is None:
            return
        kept = [(s, m) for s, m in self.moves if s != square]
        if len(kept) == len(self.moves):
            self.write(f"ERROR there is no stone on {rest}")
            return
        assert self.grid is not None
        self.board = Board(self.grid)
        self.moves = []
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
        self._finish_game()
        self.running = False

    # -- the game ----------------------------------------------------------------------
    def _ready(self) -> bool:
        if self.grid is None or self.board is None:
            self.write("ERROR no board yet: START first")
            return False
        return True

    def _target(self, text: str) -> Optional[int]:
        """The square of a command's X,Y, if there is a board (else an ERROR said)."""
        return self._square(text) if self._ready() else None

    def _clear(self) -> None:
        assert self.grid is not None
        self.board = Board(self.grid)
        self.moves = []
        self.over = self.counted = False

    def _square(self, text: str) -> Optional[int]:
        assert self.grid is not None
        try:
            x, y = (int(v) for v in text.split(","))
        except ValueError:
            self.write(f"ERROR {text!r} is not X,Y")
            return None
        if not (0 <= x < self.grid.boardcols and 0 <= y < self.grid.boardrows):
            self.write(f"ERROR {text} is off the board")
            return None
        return y * self.grid.boardcols + x

    def _coordinates(self, square: int) -> str:
        assert self.grid is not None
        return f"{square % self.grid.boardcols},{square // self.grid.boardcols}"

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
        result: list[int] = []
        self._wait()
        self._fit_memory()
        self.thinking = threading.Thread(target=self._think, args=(board, result), daemon=True)
        self.thinking.start()
        self.thinking.join(limit_of(self.infos))
        if result:
            square = result[0]
        else:
            square = quick_move(board, OWN)
            self.quick_answers += 1
        self._place(square, OWN)
        self.write(self._coordinates(square))

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
        from ..planfinder.compact import CompactPlanFinder
        if limit <= 0 or not isinstance(self.learner.finder, CompactPlanFinder):
            return
        from ..store.compiled import fit
        fitted = fit(self.learner.finder, limit)
        if fitted is not None:
            self.learner.finder, said = fitted
            self.write(f"MESSAGE {said}")

    def _think(self, board: Board, result: list[int]) -> None:
        assert self.learner is not None
        square, _ = self.learner.choose(board, OWN)
        result.append(square)

    def _wait(self) -> None:
        """The learner's last thought finished (it is used by one thread at a time)."""
        if self.thinking is not None:
            self.thinking.join()
            self.thinking = None

    def _finish_game(self) -> None:
        """A game ends: if the opponent could complete a line, take it as
        played and learn from the loss; count the game, once."""
        if self.board is None or not self.moves or self.counted:
            return
        if not self.over:
            square = completing(self.board, THEIRS)
            if square is not None:
                self._place(square, THEIRS)  # the loss is learnt and counted
        if not self.counted and self.learner is not None:
            self._wait()
            self._keep(lost=False)
            self.counted = True

    def _learn(self) -> None:
        self._wait()
        self._keep(lost=True)
        self.counted = True

    def _keep(self, lost: bool) -> None:
        """The game into the learner's record: kept in the data file's journal,
        one small write, to be learnt later (store/journal.py), or (``--whole``)
        learnt, counted and saved now."""
        assert self.learner is not None and self.session is not None
        if self.session.journal is not None:
            try:
                journal.append(self.session.journal, journal.Game(tuple(self.moves), lost))
            except OSError as err:  # (a full disk, a folder made read-only since START)
                sys.stderr.write(f"retro: the game could not be kept in {journal.journal_path(self.session.journal)}: "
                                 f"{err.strerror or err}\n")
        elif self.session.compiled_from is None:
            if lost:
                self.learner.learn(self.moves)
            self.learner.record(lost)
            self.learner.save()

    def close(self) -> None:
        self._wait()
        if self.session is not None:
            self.session.close()


class Stop(Exception):
    """The manager asked the process to end (SIGTERM) while the brain waited for a command."""


def serve(stdin: BinaryIO, stdout: BinaryIO, brain_for: Callable[[Callable[[str], None]], Brain]) -> int:
    """Read commands until END or the end of input.  A manager that sends END
    and then SIGTERM at once (some do) lets the brain finish the command it is
    carrying out -- the learning from a lost game, the save -- before it ends."""

    def write(text: str) -> None:
        stdout.write(text.encode("ascii", "replace") + b"\n")
        stdout.flush()

    brain = brain_for(write)
    state = {"busy": False, "stop": False}

    def terminate(signum: int, frame: object) -> None:
        state["stop"] = True
        if not state["busy"]:
            raise Stop

    previous = signal.signal(signal.SIGTERM, terminate) if threading.current_thread() is threading.main_thread() else None
    try:
        try:
            while brain.running and not state["stop"]:
                line = stdin.readline(1 << 16)
                state["busy"] = True
                brain.handle(line.decode("ascii", "replace") if line else "END")
                state["busy"] = False
        except Stop:
            pass
        if brain.running:  # stopped by SIGTERM: as END, the game finished (a loss learnt) and saved
            state["busy"] = True
            brain.handle("END")
    except KeyboardInterrupt:
        return 130
    finally:
        brain.close()
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    return 0


def _pbrain_command(data: Optional[str], seed: Optional[int], whole: bool = False) -> None:
    errors = LineConsole(io.BytesIO(), sys.stderr.buffer, sys.stderr.buffer)

    def open_learner(grid: Grid) -> Optional[StoreSession]:
        return open_session(errors, grid, False, data, seed, compiled=not whole)

    sys.exit(serve(sys.stdin.buffer, sys.stdout.buffer, lambda write: Brain(open_learner, write)))


def command() -> click.Group:
    """``retro pbrain pascal-learner``."""
    group = click.Group("pbrain", help="Play as a Gomocup brain: the piskvork protocol on standard input and output.")
    group.add_command(click.Command(
        "pascal-learner",
        callback=_pbrain_command,
        help="Five-in-a-Row for a Gomocup manager (START, BEGIN, TURN, BOARD, INFO, END, ABOUT, "
             "RESTART, TAKEBACK), learning from every lost game into its schemes file as in play.",
        params=[
            click.Option(["--data"], type=click.Path(dir_okay=False), default=None,
                         help="The schemes file (default: Tic-Tac-Toe-Data-5 where `retro run pascal-learner "
                              "--five` keeps it)."),
            RenamedOption(["seed", "--random-state"], old_names=("--seed",), type=int, default=None,
                          help=RANDOM_STATE_HELP),
            # the earlier path, for the benchmark: the whole store and the walking finder, learning at END
            click.Option(["--whole"], is_flag=True, default=False, hidden=True),
        ],
    ))
    return group

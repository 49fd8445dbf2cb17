"""``retro pbrain pascal-learner``: the learner as a Gomocup brain.

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

Coordinates count from 0; X is the column and Y the row.  The learner plays
Five-in-a-Row (five or more in a row win) from its store: with ``INFO
folder``, the one place a tournament keeps a brain's files,
``Tic-Tac-Toe-Data-5`` in the folder's ``pbrain-pascal-learner`` (the first
time a copy of the usual store, or of ``--data``'s), else the usual store or
``--data``'s.  The store is opened at the first move (GomocupJudge sends the
INFOs after START), locked as in play.  A manager starts a brain for each
game, allows it about a second to start and half a second to end, and
bounds its memory, so the brain plays from the store's compiled cache
(store/compiled.py: the turned schemes as arrays, read in a moment; made
again whenever the store has changed) and keeps every game in the store's
journal (store/journal.py: one small write) rather than learning at once:
the lost games are learnt by ``retro train pascal-learner --learn-pending``.
The moves are those the learner would play from the store itself.  The
journal lies beside the store, and the cache while the brain's folder
keeps it within FOLDER_LIMIT (else it is read from, and made, beside the
store the folder's was copied from); all count in the folder: once it
passes FOLDER_LIMIT no game is kept.  A store another brain
holds is played without keeping the games (the journal has one writer, the
brain that holds the lock), after a ``MESSAGE``.  The manager does not send
the move that wins against the brain: when a game the brain played in ends
(RESTART, START, BOARD with another game, END) with the opponent able to
complete a line, the brain takes that line as played (the lowest such
square) and keeps the game as lost; a game counts in the record only if the
brain moved.

The move is worked out in a thread; if it is not ready when the time allowed
is nearly over, the brain answers with a quick move (complete its own line,
else block one, else play beside the last stone).  A thought still running
at the next move is waited for only until that move's time is nearly over
(then that move is quick too); at END, for END_WAIT (journalling a game
does not wait for it).
"""
from __future__ import annotations

import io
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO, Callable, Optional

import click

from retro import __version__
from retro.catalog import RenamedOption
from retro.console import Console, LineConsole
from retro.userdirs import data_folder

from ..model.board import CIRCLE, CROSS, Board, Grid
from ..learning.learner import Learner, rules_word
from ..model.rules import DEFAULT
from ..store import journal
from ..store.datafile import DataFileError, schemesfilename
from ..store.session import StoreSession, make_folder, open_session
from ..play.variants import RANDOM_STATE_HELP

if TYPE_CHECKING:
    from ..store.compiled import Places

OWN, THEIRS = CIRCLE, CROSS  # the brain plays O, as the text's computer does
ALIGN = 5
SIZES = range(ALIGN, 21)  # Gomocup plays on 15x15 and 20x20
TOURNAMENT_BOARDS = (15, 20)  # the caches `--learn-pending` makes for a brain (training/train.py)
MARGIN = 0.25  # the share of the time allowed kept back for the answer to travel
SLACK = 0.05  # and at least this many seconds
END_WAIT = 0.2  # seconds a thought may still run at END (GomocupJudge kills the brain 0.5 s after END)
BLOCKED = 3  # BOARD's field 3: a continuous game's finished line, a square neither player may use
BLOCK_COMMANDS = ("BOARD", "SWAP2BOARD")  # commands whose lines end with DONE
PLAYABLE_RULES = 2  # INFO rule's bits the brain can play: 2, continuous game (its field 3 occupied)
RULES = {1: "exactly five in a row", 4: "renju", 8: "caro"}
BRAIN_FOLDER = "pbrain-pascal-learner"  # the brain's own folder in the manager's INFO folder
# Bytes the brain's folder may hold before it stops saving: GomocupJudge's limit
# is 70 MB ("FLE"), and a save writes a whole new file beside the old one.
FOLDER_LIMIT = 30 << 20


def unplayable_rule(value: str) -> str:
    """What INFO rule asks that the brain cannot play ("" if nothing): exactly
    five, renju and caro are not the learner's game (five or more win)."""
    try:
        rule = int(value)
    except ValueError:
        return f"rule {value!r} is not a number"
    if rule & ~PLAYABLE_RULES:
        names = [name for bit, name in RULES.items() if rule & bit] or ["an unknown rule"]
        return f"rule {rule} ({', '.join(names)})"
    return ""


def brain_grid(height: int, width: int) -> Grid:
    """The board of a START or RECTSTART."""
    return Grid(height, width, ALIGN, maxsize=SIZES.stop - 1)


def store_location(folder: Optional[str], data: Optional[str], winalign: int,
                   grid: Optional[Grid] = None) -> Optional[str]:
    """The schemes file the brain learns into: with the manager's INFO folder,
    ``<folder>/pbrain-pascal-learner/Tic-Tac-Toe-Data-5`` (the folder made; the
    file, the first time, a copy of the one the brain would use without it,
    ``source_store``, with its compiled cache for ``grid`` (all, if None) if the
    folder keeps it within FOLDER_LIMIT); without it ``--data``'s (None: the
    default place, store/session.py).  The folder's file is the only one a
    tournament keeps from game to game (Gomocup's protocol, INFO folder); its
    journal lies beside it, and its caches while they fit (``caches_of``)."""
    if not folder:
        return data
    place = brain_folder(folder)
    target = place / schemesfilename(winalign)
    try:
        make_folder(place)
        if not target.exists():
            from ..store.compiled import copy_with_caches  # (NumPy: only for the brain's compiled path)
            copy_with_caches(source_store(data, winalign), target, winalign, rules_word(False, DEFAULT), grid,
                             FOLDER_LIMIT)
    except (DataFileError, OSError):
        pass  # the file as it is: open_session says what is wrong with it
    return str(target)


def source_store(data: Optional[str], winalign: int) -> Path:
    """The schemes file the brain uses without a manager's folder: ``--data``'s, else the default one."""
    return Path(data) if data else data_folder() / schemesfilename(winalign)


def caches_of(folder: Optional[str], data: Optional[str], winalign: int) -> Optional["Places"]:
    """Where the caches of the store in a manager's folder are kept: in the
    folder while it keeps them within FOLDER_LIMIT (the store and its journal
    come first: a large store's cache would leave no room to keep a game),
    else beside the store it was copied from; None without a folder."""
    if not folder:
        return None
    from ..store.compiled import Places
    return Places(source_store(data, winalign), FOLDER_LIMIT)


def brain_folder(folder: str) -> Path:
    """The brain's own folder in the manager's INFO folder (the protocol: "the
    brain must create its own subfolder which name must be the same as the
    name of the brain")."""
    return Path(folder, BRAIN_FOLDER)


def limit_of(infos: dict[str, str]) -> Optional[float]:
    """Seconds the brain may think about a move: ``timeout_turn``, bounded by
    a share of ``time_left``; None when neither limits it (a ``timeout_turn``
    of 0 means "as fast as possible", which the learner is anyway; a
    ``time_left`` of 0 or less, the match's time spent, leaves none)."""
    limits = []
    for key, share in (("timeout_turn", 1.0), ("time_left", 0.1)):
        try:
            value = int(infos[key])
        except (KeyError, ValueError):
            continue
        if key == "time_left" and value <= 0:
            limits.append(0.0)
        elif value > 0 and value != 2147483647:  # 2**31 - 1: no limit for the match
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

    def __init__(self, open_learner: Callable[[Grid, Optional[str]], Optional[StoreSession]],
                 write: Callable[[str], None], clock: Callable[[], float] = time.monotonic):
        self.open_learner = open_learner  # the store for a grid, in the manager's INFO folder if it gave one
        self.write = write
        self.clock = clock
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
        self.thinking: Optional[threading.Thread] = None
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
        position = self._position(lines)
        if position is None:
            return
        stones, blocked = position
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

    def _position(self, lines: list[str]) -> Optional[tuple[list[tuple[int, int]], set[int]]]:
        """BOARD's lines: the stones (square, mark) in the order given and the
        squares of field 3; None after an ERROR."""
        stones: list[tuple[int, int]] = []
        blocked: set[int] = set()
        for line in lines:
            try:
                x, y, field = (int(v) for v in line.split(","))
            except ValueError:
                self.write(f"ERROR {line!r} is not X,Y,field")
                return None
            square = self._square(f"{x},{y}")
            if square is None:
                return None
            if field not in (1, 2, 3):
                self.write(f"ERROR {line!r}: the field is 1 (mine), 2 (the opponent's) or 3 (a line's)")
                return None
            if field == 3:
                blocked.add(square)
            else:
                stones.append((square, OWN if field == 1 else THEIRS))
        return stones, blocked

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
                self.write(f"MESSAGE the brain's folder holds more than {FOLDER_LIMIT >> 20} MB: "
                           f"this brain plays without learning")
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
        square = self._thought(board, self._deadline())
        if square is None:
            square = quick_move(board, OWN)
            self.quick_answers += 1
        self._place(square, OWN)
        self.played = True
        self.write(self._coordinates(square))

    def _deadline(self) -> Optional[float]:
        """When the move must be ready (the clock's time), or None: no limit."""
        limit = limit_of(self.infos)
        return None if limit is None else self.clock() + limit

    def _thought(self, board: Board, deadline: Optional[float]) -> Optional[int]:
        """The learner's move by the deadline, or None.  A thought still
        running from a move answered quickly is waited for until the deadline
        only; if it has not finished, this move is answered quickly too."""
        if not self._wait(deadline):
            return None
        self._fit_memory()
        result: list[int] = []
        self.thinking = threading.Thread(target=self._think, args=(board, result), daemon=True)
        self.thinking.start()
        self._wait(deadline)
        return result[0] if result else None

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

    def _wait(self, deadline: Optional[float] = None) -> bool:
        """The learner's last thought finished by the deadline (it is used by
        one thread at a time): True if it has, or there was none."""
        if self.thinking is not None:
            self.thinking.join(None if deadline is None else max(0.0, deadline - self.clock()))
            if self.thinking.is_alive():
                return False
            self.thinking = None
        return True

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

    def _until(self, wait: Optional[float]) -> Optional[float]:
        return None if wait is None else self.clock() + wait

    def _learn(self) -> None:
        """A lost game kept (journalled, or learnt and counted: ``_keep``)."""
        if self.learner is not None:
            self._keep(True, END_WAIT)

    def _keep(self, lost: bool, wait: Optional[float]) -> None:
        """The game into the learner's record, once.  Kept in the store's
        journal, one small write, to be learnt later (store/journal.py); or
        (``--whole``) learnt, counted and saved now -- after the thought still
        running, if it ends within ``wait`` (learning changes the schemes the
        thought reads): a lost game is then counted only, a game not lost not
        at all.  Nothing is kept from a store another brain holds, nor once
        the brain's folder is full (``_open_store`` said so)."""
        assert self.learner is not None and self.session is not None
        if self.session.compiled_from is not None:
            self.counted = True
            if self.session.journal is not None and not self._folder_full():
                try:
                    journal.append(self.session.journal, journal.Game(tuple(self.moves), lost))
                except OSError as err:  # (a full disk, a folder made read-only since START)
                    sys.stderr.write(f"retro: the game could not be kept in "
                                     f"{journal.journal_path(self.session.journal)}: {err.strerror or err}\n")
            return
        finished = self._wait(self._until(wait))
        if not (lost or finished):
            return
        if lost and finished:
            self.learner.learn(self.moves)
        self.learner.record(lost)
        self._save()
        self.counted = True

    def _save(self) -> None:
        """The store saved, unless the brain's folder is full."""
        assert self.learner is not None
        if not self._folder_full():
            self.learner.save()

    def _folder_full(self) -> bool:
        """Whether the store is in the manager's INFO folder and the brain's
        folder there (the store, its compiled caches, its journal) holds more
        than FOLDER_LIMIT."""
        folder = self.infos.get("folder")
        kept_in = self.session.kept_in if self.session is not None else None
        if not folder or kept_in is None:
            return False
        place = brain_folder(folder)
        from ..store.compiled import folder_bytes  # (NumPy: loaded with the store's finder)
        return kept_in.parent == Path(os.path.realpath(place)) and folder_bytes(place) > FOLDER_LIMIT

    def close(self) -> None:
        self._wait(self._until(END_WAIT))
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


def store_opener(errors: Console, data: Optional[str], seed: Optional[int],
                 compiled: bool = True) -> Callable[[Grid, Optional[str]], Optional[StoreSession]]:
    """The brain's ``open_learner``: the store where ``store_location`` puts
    it, played without saving (a MESSAGE says so) if another brain holds it;
    from its compiled cache, the games journalled, unless not ``compiled``
    (``--whole``: the whole store, learning at once)."""

    def open_learner(grid: Grid, folder: Optional[str]) -> Optional[StoreSession]:
        return open_session(errors, grid, False, store_location(folder, data, grid.winalign, grid), seed,
                            unsaved_if_locked=True, compiled=compiled,
                            places=caches_of(folder, data, grid.winalign) if compiled else None)

    return open_learner


def _pbrain_command(data: Optional[str], seed: Optional[int], whole: bool = False) -> None:
    errors = LineConsole(io.BytesIO(), sys.stderr.buffer, sys.stderr.buffer)
    open_learner = store_opener(errors, data, seed, compiled=not whole)
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
                              "--five` keeps it). A manager's INFO folder is used instead: the brain's file "
                              "there begins as a copy of this one."),
            RenamedOption(["seed", "--random-state"], old_names=("--seed",), type=int, default=None,
                          help=RANDOM_STATE_HELP),
            # the earlier path, for the benchmark: the whole store and the walking finder, learning at END
            click.Option(["--whole"], is_flag=True, default=False, hidden=True),
        ],
    ))
    return group

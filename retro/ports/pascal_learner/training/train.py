"""Training, the WarGames mode: ``retro train pascal-learner --games N``.

Seed: the program was "inspired by the movie WarGames (1983), where a
computer ... is made to play tic-tac-toe against itself so that it may learn
that there are some games which cannot be won", and it "starts by playing
tic-tac-toe at random and whenever it loses a game it analyses and learns
from it".  Training plays N games against a sparring partner (opponents.py),
learning from each lost one and saving after each game, as the interactive
program does.  A modern addition: the original was trained by hand.

The default partner (``mix``) alternates the learner's side every game and
plays, in turn, perfect, perfect, random: the perfect player sets the traps
the learner can still fall into (opponents.trap_moves), the random one
shows it lines no sensible player would choose.  On grids too large to
solve, self-play stands in for the perfect player.
"""
from __future__ import annotations

import json as jsonlib
import sys
import time
from collections import deque
from dataclasses import dataclass
from typing import Callable, Optional

import click

from retro.console import Console
from retro.exits import INTERRUPTED
from retro.stdio import stdio_console

from ..learning.learner import Learner
from ..model.board import CIRCLE, CROSS, Board, opponent
from ..model.schemes import Scheme
from ..play.tictactoe import gamename, levels_text, verdict_text
from ..play.variants import GRID_OPTIONS, make_grid
from ..store.datafile import DataFileError
from ..store.compiled import cached_or_compiled, recompile_caches
from ..store.placing import caches_beside
from ..store.journal import learn_pending
from ..store.session import StoreSession, open_session
from .chart import chart_lines
from .opponents import PERFECT_LIMIT, TrapMemo, random_move, trap_moves

OPPONENTS = ("mix", "self", "random", "perfect")
WINDOW = 100  # the progress display counts the losses in the last 100 games


class Trainer:
    """Plays the games of a training run: the learner against a partner."""

    def __init__(self, learner: Learner, partner: str, clock: Callable[[], float] = time.perf_counter):
        self.learner = learner
        self.clock = clock  # what the moves and the learning are timed by (the benchmark: CPU time)
        self.grid = learner.grid
        self.solvable = self.grid.size <= PERFECT_LIMIT
        if partner == "perfect" and not self.solvable:
            raise ValueError(f"--opponent perfect plays only on grids of at most {PERFECT_LIMIT} squares; "
                             f"use self or random")
        self.partner = partner
        self._choices: dict[tuple[tuple[int, ...], int], frozenset[int]] = {}  # (squares, player): moves
        self._traps: dict[int, TrapMemo] = {}  # trap_moves' memory, by the perfect player's side
        self.move_times: list[float] = []  # seconds of each of the learner's moves (its choice)
        self.learn_times: list[float] = []  # seconds of learning from each lost game (improveschemes)
        self.played = 0  # games played so far: the next one's number
        self._version = -1

    def schedule(self, game: int) -> tuple[int, str]:
        """The learner's side and the partner of game number ``game`` (from 0)."""
        side = CROSS if game % 2 == 0 else CIRCLE
        partner = self.partner
        if partner == "mix":
            partner = ("perfect", "perfect", "random")[game % 3]
            if partner == "perfect" and not self.solvable:
                partner = "self"
        return side, partner

    def learner_moves(self, board: Board, player: int) -> frozenset[int]:
        """The learner's candidate moves, cached while the list is unchanged
        (the perfect partner looks at many positions)."""
        if self._version != self.learner.schemes.version:
            self._choices.clear()
            self._traps.clear()
            self._version = self.learner.schemes.version
        key = (tuple(board.squares), player)
        if key not in self._choices:
            self._choices[key] = self.learner.candidatemoves(board, player).moves
        return self._choices[key]

    def play(self, game: int) -> tuple[bool, list[tuple[int, int]]]:
        """One game; (whether the learner lost, the moves)."""
        side, partner = self.schedule(game)
        rng = self.learner.rng
        board = Board(self.grid)
        moves: list[tuple[int, int]] = []
        player = CROSS
        while True:
            if partner == "self" or player == side:
                begun = self.clock()
                square, _ = self.learner.choose(board, player)
                self.move_times.append(self.clock() - begun)
            elif partner == "perfect":
                self.learner_moves(board, opponent(player))  # (clears the memos if the list changed)
                memo = self._traps.setdefault(player, {})
                square = rng.choice(sorted(trap_moves(board, player, self.learner_moves, memo)))
            else:
                square = random_move(board, rng)
            board.place(square, player)
            moves.append((square, player))
            if board.completes(square):
                return (partner == "self" or player != side), moves
            if board.full():
                return False, moves
            player = opponent(player)

    def train(self, games: int, after_each: Optional[Callable[[GamePlayed], None]] = None) -> None:
        """Play ``games`` more games: the loop of every training (``retro
        train``, the tests, the benchmark, tools/pascal_measure.py).  After a
        lost game the learner learns from it (improveschemes) and saves (if it
        has a file), after every game it records the game; then
        ``after_each`` is told what the game did.  Ctrl-C stops it between two
        steps: what was learnt is whole, a game interrupted is not recorded."""
        for _ in range(games):
            number = self.played
            moves_before = len(self.move_times)
            lost, moves = self.play(number)
            added: list[Scheme] = []
            if lost:
                begun = self.clock()
                added = self.learner.learn(moves)
                self.learn_times.append(self.clock() - begun)
            self.learner.record(lost)
            if lost:
                self.learner.save()  # after each learning step
            self.played += 1
            if after_each is not None:
                after_each(GamePlayed(number, lost, moves, added, self.learn_times[-1] if lost else 0.0,
                                      self.move_times[moves_before:]))


@dataclass(frozen=True)
class GamePlayed:
    """What one game of a training did (``Trainer.train``)."""

    number: int  # from 0
    lost: bool  # whether the learner lost (and so learnt)
    moves: list[tuple[int, int]]  # (square, player), in order
    added: list[Scheme]  # the schemes it learnt
    learn_seconds: float  # how long the learning took (0 after a game not lost)
    move_seconds: list[float]  # how long each of the learner's choices took


class Progress:
    """The live chart on a terminal (chart.py), redrawn in place; nothing in a pipe."""

    def __init__(self, console: Console, total: int, live: bool, to_errors: bool):
        self.console = console
        self.total = total
        self.live = live  # a terminal: draw the chart (in a pipe: silent)
        self.to_errors = to_errors
        self._last = 0.0
        self._drawn = 0  # lines of the chart now on the screen
        self._started = time.monotonic()

    def _write(self, text: str) -> None:
        (self.console.write_err if self.to_errors else self.console.write)(text)

    def update(self, losses: list[bool], counts: dict[int, int], force: bool = False) -> None:
        if not self.live:
            return
        now = time.monotonic()
        if not force and now - self._last < 0.2:
            return
        self._last = now
        lines = chart_lines(losses, self.total, counts, now - self._started)
        up = f"\x1b[{self._drawn}A" if self._drawn else ""
        self._write(up + "".join(f"\r{line}\x1b[K\n" for line in lines) + "\x1b[J")
        self._drawn = len(lines)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def timing(move_times: list[float], learn_times: list[float]) -> dict[str, float]:
    """The figures ``--json`` adds, in milliseconds: the learner's moves (its
    choice) and its learning from each lost game (improveschemes)."""
    ms = 1000.0
    return {
        "slowest_move_ms": round(max(move_times, default=0.0) * ms, 1),
        "p95_move_ms": round(percentile(move_times, 0.95) * ms, 1),
        "slowest_lost_game_ms": round(max(learn_times, default=0.0) * ms, 1),
        "p95_lost_game_ms": round(percentile(learn_times, 0.95) * ms, 1),
    }


def train(console: Console, games: int, partner: str = "mix", seed: Optional[int] = None,
          data: Optional[str] = None, rows: Optional[int] = None, cols: Optional[int] = None,
          align: Optional[int] = None, five: bool = False, fixed: bool = False, json: bool = False,
          live: bool = False, progress_to_errors: bool = False, literal: bool = False,
          learn_pending: bool = False) -> int:
    """Train and report; the exit status (0, 1 for a data-file problem, 2 for
    bad options, 130 after Ctrl-C -- with all that was learnt saved)."""
    try:
        grid = make_grid(rows, cols, align, five)
    except ValueError as err:
        console.write_err(f"{err}\n")
        return 2
    session = open_session(console, grid, fixed, data, seed, unsaved_if_read_only=False, literal=literal)
    if session is None:
        return 1
    learner = session.learner
    if learn_pending and not _learnt_pending(console, session, json):
        return 1
    try:
        trainer = Trainer(learner, partner)
    except ValueError as err:
        console.write_err(f"{err}\n")
        session.close()
        return 2
    progress = Progress(console, games, live and (not json or progress_to_errors),
                        to_errors=json or progress_to_errors)
    recent: deque[bool] = deque(maxlen=WINDOW)
    losses: list[bool] = []
    status = 0
    started = time.monotonic()

    def shown(game: GamePlayed) -> None:
        recent.append(game.lost)
        losses.append(game.lost)
        progress.update(losses, learner.schemes.counts())

    try:
        try:
            trainer.train(games, shown)
        except KeyboardInterrupt:
            status = INTERRUPTED  # what improveschemes had added is kept: each scheme is whole
        learner.save()
        progress.update(losses, learner.schemes.counts(), force=True)
    except DataFileError as err:
        console.write_err(f"{err}\n")
        session.close()
        return 1
    finally:
        session.close()
    played, lost = trainer.played, sum(losses)
    counts = learner.schemes.counts()
    verdict = learner.verdict()
    if json:
        console.write(jsonlib.dumps({
            "games": played,
            "lost": lost,
            "schemes": {str(level): n for level, n in sorted(counts.items())},
            "verdict": verdict,
            "timing": timing(trainer.move_times, trainer.learn_times),
        }) + "\n")
        return status
    elapsed = time.monotonic() - started
    game = gamename(grid.winalign)
    stopped = " (stopped by Ctrl-C)" if status == INTERRUPTED else ""
    console.write(f"Played {played} games of {game} in {elapsed:.1f} s{stopped}: lost {lost}, "
                  f"{sum(recent)} of them in the last {len(recent)}.\n")
    console.write(f"Schemes: {len(learner.schemes)}"
                  + (f" ({levels_text(counts)})" if counts else "")
                  + f", in {session.filename if learner.path else 'memory'}.\n")
    said = verdict_text(verdict, game)
    console.write(f"Verdict: {verdict}." + (f"  {said}" if said else "") + "\n")
    return status


def _learnt_pending(console: Console, session: StoreSession, json: bool) -> bool:
    """``--learn-pending``: the games a brain kept in the journal, learnt and
    saved, and the compiled caches beside the store made again; and, for a
    Five-in-a-Row store with no cache beside it (no brain has played from
    it), those of Gomocup's boards (15x15 and 20x20) made, so that a brain
    finds one.  A store with caches keeps those of the boards it is played
    on, no more (a brain's folder holds what fits: brain/placement.py).  False
    (after a message, the session closed) if the file could not be saved."""
    from ..brain.game import ALIGN, TOURNAMENT_BOARDS, brain_grid  # (the brain's: for this option only)

    learner = session.learner
    if learner.path is None:
        return True
    try:
        learnt, skipped = learn_pending(learner, learner.path)
        if learnt:
            recompile_caches(learner.path, learner.grid.winalign, learner.store.rules)
        if learner.grid.winalign == ALIGN and not any(caches_beside(learner.path, ALIGN)):
            for size in TOURNAMENT_BOARDS:
                cached_or_compiled(learner.path, brain_grid(size, size), learner.store.rules, write=True)
    except DataFileError as err:
        console.write_err(f"{err}\n")
        session.close()
        return False
    said = f"Learnt the {learnt} games kept in the journal of {session.filename}" + (
        f"; {skipped} lines cut short or damaged were skipped" if skipped else "") + ".\n"
    console.write_err(said) if json else console.write(said)
    return True


def _train_command(games: Optional[int], opponent: str, seed: Optional[int], data: Optional[str], rows: Optional[int],
                   cols: Optional[int], align: Optional[int], five: bool, fixed: bool, json: bool,
                   literal: bool = False, learn_pending: bool = False) -> None:
    from .. import PROGRAM

    if games is None:
        games = 0 if learn_pending else 1000

    # On a terminal the summary is wrapped at words as the program's prose is; JSON never is
    console = stdio_console(line_mode=True, program=None if json else PROGRAM)
    live = console.output_kind == "tty" if not json else sys.stderr.isatty()
    status = train(console, games, opponent, seed, data, rows, cols, align, five, fixed, json,
                   live=live, progress_to_errors=json and sys.stderr.isatty(), literal=literal,
                   learn_pending=learn_pending)
    sys.exit(status)


def command() -> click.Group:
    """``retro train pascal-learner ...``: a group ``train`` with this port's
    subcommand (other ports could add theirs to the same group)."""
    group = click.Group("train", help="Let a learning program play and learn (the WarGames mode).")
    group.add_command(click.Command(
        "pascal-learner",
        callback=_train_command,
        help="Play N games against a sparring partner, learning from each lost one.",
        params=[
            click.Option(["--games"], type=click.IntRange(0), default=None,
                         help="How many games to play (default: 1000; 0 with --learn-pending)."),
            click.Option(["--learn-pending"], is_flag=True, default=False,
                         help="First learn the games `retro pbrain pascal-learner` kept in the store's journal "
                              "(the brain plays from a compiled copy of the store and leaves its games to be "
                              "learnt later); then play --games games."),
            click.Option(["--opponent"], type=click.Choice(OPPONENTS), default="mix", show_default=True,
                         help="Who the learner plays against. mix (default): in turn the perfect player "
                              "twice (it searches the whole game tree and, among its best moves, sets traps) "
                              "and a random player; on grids too large to solve, self-play instead of perfect. "
                              "self: the learner against itself (the WarGames framing). random: uniformly "
                              "random moves. perfect: the perfect player only (small grids). The text's "
                              "learner learnt from people; which partner stands in for them changes the "
                              "outcome (NOTES.md, the partner table)."),
            *[o for o in GRID_OPTIONS],
            click.Option(["--json"], is_flag=True, default=False,
                         help='Print only {"games", "lost", "schemes", "verdict", "timing"} as JSON; timing: the '
                              'slowest and the 95th-percentile move of the learner and learning from a lost game, '
                              'in ms.'),
        ],
    ))
    return group

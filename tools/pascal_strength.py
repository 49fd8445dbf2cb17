"""pascal-learner on 15x15 Five-in-a-Row against other players: how strong is it?

    python tools/pascal_strength.py [--games N] [--seed S] [--opponents LIST] LABEL=STORE ...

Each LABEL=STORE is a learner: STORE a Tic-Tac-Toe-Data-5 file (as
`retro train pascal-learner --five --games G --seed 1 --data STORE` makes it,
or ``PASCAL_LEARNER_KEEP=DIR python -m benchmarks pascal_learner``), or
``empty`` for the learner before any training.  Each learner plays N games
(default 100) with each colour against each opponent, its store frozen (it
learns nothing during the measurement), and the script prints a table row
per pairing: the learner's wins, draws and losses with 95% Wilson intervals,
and the mean and slowest time per move of each side (CPU time of the process,
so that other work on the machine does not count).

The opponents (``--opponents``, default all four):

* ``random``: a uniformly random empty square;
* ``one-ply``: completes its own five if it can, else blocks the opponent's,
  else a random empty square beside a stone (the centre on an empty board);
* ``threats``: a threat-space forward search written here (``ThreatPlayer``):
  its five, else the block of the opponent's five, else a victory by
  continuous fours searched to ``VCF_DEPTH`` of its own moves (each four
  forces the single reply; a double four or an open four wins), else the
  stop of every open three of the opponent's that would become an open four
  (the stop chosen by the score below), else the square of best score
  (windows of five free of the other colour, weighted by their stones);
* ``gomoku-terminal``: the "medium" player of the PyPI package
  gomoku-terminal (``pip install gomoku-terminal``; its scoring of lines,
  win and block first) -- a program nobody here wrote; skipped if absent.

X moves first; "learner as X" rows are the learner opening.  A game with
the board full is a draw.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path
from typing import Callable, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from retro.ports.pascal_learner.model.board import CIRCLE, CROSS, EMPTY, Board, Grid, opponent  # noqa: E402  # after sys.path is set above
from retro.ports.pascal_learner.store.datafile import Store, load  # noqa: E402  # after sys.path is set above
from retro.ports.pascal_learner.learning.learner import Learner  # noqa: E402  # after sys.path is set above
from retro.ports.pascal_learner.model.schemes import SchemeList  # noqa: E402  # after sys.path is set above

SIZE, ALIGN = 15, 5
VCF_DEPTH = 4  # own moves in the search of continuous fours
VCF_NODES = 3000  # positions the search may visit per move
Player = Callable[[Board, int], int]


# -- windows of five -------------------------------------------------------------------------
class Windows:
    """Every run of five squares of the grid, and the runs through each square."""

    def __init__(self, grid: Grid):
        self.grid = grid
        self.runs: list[tuple[int, ...]] = []
        for row in range(1, grid.boardrows + 1):
            for col in range(1, grid.boardcols + 1):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    cells = [(row + dr * k, col + dc * k) for k in range(ALIGN)]
                    if all(grid.inside(r, c) for r, c in cells):
                        self.runs.append(tuple(grid.square(r, c) for r, c in cells))
        self.through: list[list[int]] = [[] for _ in range(grid.size)]
        for i, run in enumerate(self.runs):
            for s in run:
                self.through[s].append(i)


class Counts:
    """Stones of each colour in each window, kept up to date move by move."""

    def __init__(self, windows: Windows, board: Board):
        self.windows = windows
        self.squares = list(board.squares)
        self.of = {CROSS: [0] * len(windows.runs), CIRCLE: [0] * len(windows.runs)}
        for s, v in enumerate(self.squares):
            if v != EMPTY:
                self.place(s, v)
                self.squares[s] = v

    def place(self, square: int, player: int) -> None:
        self.squares[square] = player
        counts = self.of[player]
        for w in self.windows.through[square]:
            counts[w] += 1

    def take(self, square: int, player: int) -> None:
        self.squares[square] = EMPTY
        counts = self.of[player]
        for w in self.windows.through[square]:
            counts[w] -= 1

    def completions(self, player: int, near: Optional[int] = None) -> set[int]:
        """The empty squares where ``player`` would make five (through ``near`` only, if given)."""
        mine, theirs = self.of[player], self.of[opponent(player)]
        found = set()
        ws = self.windows.through[near] if near is not None else range(len(mine))
        for w in ws:
            if mine[w] == ALIGN - 1 and theirs[w] == 0:
                for s in self.windows.runs[w]:
                    if self.squares[s] == EMPTY:
                        found.add(s)
        return found

    def four_moves(self, player: int) -> set[int]:
        """The empty squares where ``player`` would make a four (a window of four and an empty square)."""
        mine, theirs = self.of[player], self.of[opponent(player)]
        found = set()
        for w in range(len(mine)):
            if mine[w] == ALIGN - 2 and theirs[w] == 0:
                for s in self.windows.runs[w]:
                    if self.squares[s] == EMPTY:
                        found.add(s)
        return found

    def score(self, square: int, player: int) -> int:
        """Attack and defence: the windows through ``square`` free of one colour, by their stones."""
        mine, theirs = self.of[player], self.of[opponent(player)]
        total = 0
        for w in self.windows.through[square]:
            if theirs[w] == 0:
                total += WEIGHT[mine[w]]
            if mine[w] == 0:
                total += WEIGHT[theirs[w]] * 9 // 10
        return total


WEIGHT = (1, 10, 100, 1000, 100000, 0)


# -- the players -------------------------------------------------------------------------------
def random_player(rng: random.Random) -> Player:
    return lambda board, player: rng.choice(list(board.empties()))


def beside(board: Board, rng: random.Random) -> int:
    """A random empty square next to a stone (the centre on an empty board)."""
    grid = board.grid
    if not board.moves:
        return grid.square((grid.boardrows + 1) // 2, (grid.boardcols + 1) // 2)
    near = set()
    for s in board.moves:
        r, c = grid.rowcol(s)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if grid.inside(r + dr, c + dc) and board.empty(grid.square(r + dr, c + dc)):
                    near.add(grid.square(r + dr, c + dc))
    return rng.choice(sorted(near)) if near else rng.choice(list(board.empties()))


def one_ply_player(rng: random.Random, windows: Windows) -> Player:
    def move(board: Board, player: int) -> int:
        counts = Counts(windows, board)
        for who in (player, opponent(player)):
            done = counts.completions(who)
            if done:
                return min(done)
        return beside(board, rng)
    return move


class ThreatPlayer:
    """The threat-space forward search of the module's text."""

    def __init__(self, rng: random.Random, windows: Windows):
        self.rng = rng
        self.windows = windows
        self.nodes = 0

    def __call__(self, board: Board, player: int) -> int:
        if not board.moves:
            return board.grid.square((board.grid.boardrows + 1) // 2, (board.grid.boardcols + 1) // 2)
        counts = Counts(self.windows, board)
        you = opponent(player)
        for who in (player, you):  # five, then the block of five
            done = counts.completions(who)
            if done:
                return min(done)
        self.nodes = 0
        win = self.vcf(counts, player, VCF_DEPTH)
        if win is not None:
            return win
        candidates = self.candidates(board)
        threats = self.open_four_moves(counts, you)
        if threats:
            best: Optional[tuple[int, int]] = None
            chosen: list[int] = []
            for s in candidates:
                counts.place(s, player)
                left = len(self.open_four_moves(counts, you))
                counts.take(s, player)
                rank = (left, -counts.score(s, player))
                if best is None or rank < best:
                    best, chosen = rank, [s]
                elif rank == best:
                    chosen.append(s)
            return self.rng.choice(chosen)
        scores = {s: counts.score(s, player) for s in candidates}
        top = max(scores.values())
        return self.rng.choice(sorted(s for s, v in scores.items() if v == top))

    def candidates(self, board: Board) -> list[int]:
        grid = board.grid
        near = set()
        for s in board.moves:
            r, c = grid.rowcol(s)
            for dr in range(-2, 3):
                for dc in range(-2, 3):
                    if grid.inside(r + dr, c + dc) and board.empty(grid.square(r + dr, c + dc)):
                        near.add(grid.square(r + dr, c + dc))
        return sorted(near)

    def open_four_moves(self, counts: Counts, player: int) -> set[int]:
        """The squares where ``player`` would make two fives at once next (an open four or a double four)."""
        found = set()
        for s in counts.four_moves(player):
            counts.place(s, player)
            if len(counts.completions(player, near=s)) >= 2:
                found.add(s)
            counts.take(s, player)
        return found

    def vcf(self, counts: Counts, player: int, depth: int) -> Optional[int]:
        """A move that starts a victory by continuous fours, if one is found."""
        if depth == 0:
            return None
        you = opponent(player)
        for s in sorted(counts.four_moves(player)):
            self.nodes += 1
            if self.nodes > VCF_NODES:
                return None
            counts.place(s, player)
            replies = counts.completions(player, near=s)
            won = len(replies) >= 2
            if len(replies) == 1:
                reply = next(iter(replies))
                counts.place(reply, you)
                if not counts.completions(you, near=reply):  # the forced reply makes no four of his
                    won = self.vcf(counts, player, depth - 1) is not None
                counts.take(reply, you)
            counts.take(s, player)
            if won:
                return s
        return None


def gomoku_terminal_player(rng: random.Random) -> Optional[Player]:
    try:
        from gomoku.ai import GomokuAI
        from gomoku.board import Board as TheirBoard
    except ImportError:
        return None

    class Board15(TheirBoard):  # type: ignore[misc,valid-type]  # their board, 15x15 (theirs is 20x20)
        SIZE = SIZE

    ai = GomokuAI("medium")

    def move(board: Board, player: int) -> int:
        theirs = Board15()
        for s in board.moves:
            r, c = board.grid.rowcol(s)
            theirs.place_stone(r - 1, c - 1, theirs.BLACK if board.squares[s] == CROSS else theirs.WHITE)
        random.seed(rng.random())  # their player draws from the random module
        row, col = ai.get_move(theirs, theirs.BLACK if player == CROSS else theirs.WHITE)
        return board.grid.square(row + 1, col + 1)
    return move


def learner_player(store: Store, grid: Grid, seed: int) -> Player:
    learner = Learner(grid, store, rng=random.Random(seed))
    learner.finder.victoryplans(Board(grid), CROSS)  # the schemes compiled before the clock starts
    return lambda board, player: learner.choose(board, player)[0]


# -- games and figures -------------------------------------------------------------------------
def play(x: Player, o: Player, grid: Grid, times: dict[int, list[float]]) -> int:
    """One game; the winner (CROSS, CIRCLE) or EMPTY for a draw."""
    board = Board(grid)
    player = CROSS
    while True:
        start = time.process_time()  # CPU time: the other work of a shared machine does not count
        square = (x if player == CROSS else o)(board, player)
        times[player].append(time.process_time() - start)
        board.place(square, player)
        if board.completes(square):
            return player
        if board.full():
            return EMPTY
        player = opponent(player)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def share(k: int, n: int) -> str:
    low, high = wilson(k, n)
    return f"{k} ({100 * low:.0f}-{100 * high:.0f}%)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("learners", nargs="+", help="LABEL=STORE (a Tic-Tac-Toe-Data-5 file, or 'empty')")
    parser.add_argument("--games", type=int, default=100, help="games per colour and pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opponents", default="random,one-ply,threats,gomoku-terminal")
    args = parser.parse_args()
    grid = Grid(SIZE, SIZE, ALIGN)
    windows = Windows(grid)
    print("| learner | opponent | learner as | games | learner wins (95% CI) | draws | learner losses (95% CI) "
          "| learner ms/move mean, max | opponent ms/move mean, max |")
    print("|---|---|---|---|---|---|---|---|---|")
    for spec in args.learners:
        label, _, path = spec.partition("=")
        if path == "empty":
            store = Store(SchemeList(ALIGN))
        else:
            loaded = load(Path(path), ALIGN, "flawed")
            if loaded is None:
                print(f"{path}: no such file", file=sys.stderr)
                return 1
            store = loaded
        for name in args.opponents.split(","):
            for side in (CROSS, CIRCLE):
                rng = random.Random(args.seed)
                makers: dict[str, Callable[[], Optional[Player]]] = {
                    "random": lambda: random_player(rng),
                    "one-ply": lambda: one_ply_player(rng, windows),
                    "threats": lambda: ThreatPlayer(rng, windows),
                    "gomoku-terminal": lambda: gomoku_terminal_player(rng),
                }
                other = makers[name]()
                if other is None:
                    print(f"| {label} | {name} | - | skipped: not installed |||||", flush=True)
                    break
                me = learner_player(store, grid, args.seed)
                results = {CROSS: 0, CIRCLE: 0, EMPTY: 0}
                times: dict[int, list[float]] = {CROSS: [], CIRCLE: []}
                for _ in range(args.games):
                    results[play(me, other, grid, times) if side == CROSS else play(other, me, grid, times)] += 1
                mine, theirs = times[side], times[opponent(side)]
                n = args.games
                print(f"| {label} | {name} | {'X (first)' if side == CROSS else 'O'} | {n} | "
                      f"{share(results[side], n)} | {results[EMPTY]} | {share(results[opponent(side)], n)} | "
                      f"{1000 * sum(mine) / len(mine):.1f}, {1000 * max(mine):.0f} | "
                      f"{1000 * sum(theirs) / len(theirs):.1f}, {1000 * max(theirs):.0f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

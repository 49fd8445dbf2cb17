"""Tic-Tac-Toe.p -- a Pascal program that plays Tic-Tac-Toe or Five-in-a-Row and
learns from its mistakes.  Author unnamed in the seed (a personal page),
written "in the times of yore", after WarGames (1983), on "a 'jurassic' unix
mainframe"; Pascal.  Seed: ``000_3ed860745bea39e2.txt``.

No code survives: this is a reconstruction of the described program, with
the text's names -- ``boardrows``, ``boardcols``, ``winalign``, the record
``schemes`` and the list ``list`` (model/schemes.py), victory plans and
``fits`` (planfinder/plans.py), ``playthegame`` (here and choice.py),
``improveschemes`` (learning/improveschemes.py), ``schemesfilename`` and the
Tic-Tac-Toe-Data files (store/datafile.py).  The prompts and messages are the
port's own (the text quotes none); NOTES.md lists every behaviour with its
evidence.

X is the user and O the computer ("where X = user and O = computer").
"""
from __future__ import annotations

from typing import Optional, Union

from retro.console import Console
from retro.outcome import Outcome
from retro.squares import Side
from retro.exits import INTERRUPTED

from ..model.board import CIRCLE, CROSS, EMPTY, Board, opponent
from ..store.datafile import DataFileError
from .display import LineView, ScreenView
from ..learning.learner import DRAW, FIRST_PLAYER_WINS, Learner
from ..store.session import StoreSession, open_session
from .variants import LearnerOptions, make_grid

View = Union[LineView, ScreenView]

# From this many in a row on, the learner plays and learns from the compact form (store/compiled.py):
# a Five-in-a-Row store grows to tens of thousands of schemes, which the walking finder holds in
# gigabytes; Tic-Tac-Toe's stay small, and keep it.
COMPACT_FROM = 5

NUMBERS = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight", 9: "Nine"}


def gamename(winalign: int) -> str:
    """The game's name: Tic-Tac-Toe for three in a row, else N-in-a-Row."""
    if winalign == 3:
        return "Tic-Tac-Toe"
    return f"{NUMBERS.get(winalign, str(winalign))}-in-a-Row"


def levels_text(counts: dict[int, int]) -> str:
    return ", ".join(f"level {level}: {n}" for level, n in sorted(counts.items()))


def verdict_text(verdict: str, game: str) -> Optional[str]:
    """What the learner says it has concluded, in its own words."""
    if verdict == FIRST_PLAYER_WINS:
        return f"I have learnt that {game} can always be won: the player who moves first wins."
    if verdict == DRAW:
        return f"I have learnt that {game} cannot be won against a player who makes no mistakes."
    return None


class TicTacToe:
    """The main program: the session loop and ``playthegame``."""

    def __init__(self, console: Console, session: StoreSession, view: View, fresh: bool, visiting: bool = False):
        self.console = console
        self.session = session
        self.learner: Learner = session.learner
        self.view = view
        self.grid = self.learner.grid
        self.game = gamename(self.grid.winalign)
        self.fresh = fresh
        self.visiting = visiting  # a visitor's session of retro serve: nothing it learns is kept (for_visitor)

    def main(self) -> int:
        view, grid = self.view, self.grid
        view.set_title(f"{self.game.upper()}  ({grid.boardrows} x {grid.boardcols}, "
                       f"{grid.winalign} in a row)")
        view.say()
        self.introduce()
        view.say("You are X, I am O.  Moves are row,col: the row from the top, the column from the left.")
        while True:
            first = view.ask_yes_no("Do you want to move first? (Y/N)")
            if first is None:
                return 0
            if self.playthegame(first) is None:
                return 0
            again = view.ask_yes_no("Another game? (Y/N)")
            if not again:
                if again is not None:
                    view.say("Goodbye.")
                return 0
            view.turn_page(self.knowledge())  # on the screen: the last game's messages give way

    def introduce(self) -> None:
        for line in self.session.where:  # on the screen only (store/session.py)
            self.view.say(line)
        for line in self.knowledge():
            self.view.say(line)
        if self.visiting:
            kept = "I learn from your games is kept for this session only, and forgotten when it ends."
            self.view.say(f"I was trained before you came; what {kept}" if self.learner.schemes else f"What {kept}")

    def knowledge(self) -> list[str]:
        """What the learner knows now, and from which file; its verdict, if it has one."""
        schemes = self.learner.schemes
        if len(schemes):
            source = "" if self.visiting else f", from {self.session.filename}"  # (a visitor's is retro's own)
            said = [f"I know {len(schemes)} scheme{'s' if len(schemes) > 1 else ''} ({levels_text(schemes.counts())})"
                    f"{source}."]
        elif self.fresh or self.session.found:
            said = ["I know no schemes yet: I shall play at random and learn from the games I lose."]
        else:
            said = [f"There is no {self.session.filename} yet: I know no schemes, I shall play at random "
                    f"and learn from the games I lose."]
        verdict = verdict_text(self.learner.verdict(), self.game)
        return said + ([verdict] if verdict else [])

    def playthegame(self, humanfirst: bool) -> Optional[int]:
        """One game; the winner (EMPTY for a draw), or None if the human stopped."""
        view, grid, learner = self.view, self.grid, self.learner
        board = Board(grid)
        moves: list[tuple[int, int]] = []
        player = CROSS if humanfirst else CIRCLE
        warned = False
        view.new_game()
        self.board_now(board)
        view.say()
        if humanfirst:
            view.show_board(board)
        while True:
            if player == CROSS:
                square = view.ask_move(board)
                if square is None:
                    view.say()
                    view.say("Goodbye.")
                    return None
            else:
                square, choice = learner.choose(board, CIRCLE)
                if choice.lost and not warned:
                    view.say("You can win this game now, if you play well.")
                    warned = True
                row, col = grid.rowcol(square)
                view.say(f"I play {row},{col}.")
            board.place(square, player)
            self.board_now(board)
            view.placed(board, square)
            moves.append((square, player))
            over = board.completes(square) or board.full()
            if player == CIRCLE or over:
                view.show_board(board)
            if over:
                break
            player = opponent(player)
        winner = player if board.completes(square) else EMPTY
        self.gameover(winner, moves)
        return winner

    def board_now(self, board: Board) -> None:
        """The board as a reader is told it (retro.squares), row by row: crosses the human's."""
        side = {CROSS: Side.HUMAN, CIRCLE: Side.PROGRAM}
        grid = board.grid
        self.console.board_now([[side.get(board.squares[grid.square(r, c)]) for c in range(1, grid.boardcols + 1)]
                                for r in range(1, grid.boardrows + 1)])

    def gameover(self, winner: int, moves: list[tuple[int, int]]) -> None:
        view = self.view
        if winner == CIRCLE:
            view.say("I win.")
        elif winner == EMPTY:
            view.say("A draw.")
        else:
            view.say("You win.  Let me think about this game...")
        self.console.game_over(Outcome.PROGRAM if winner == CIRCLE else Outcome.DRAW if winner == EMPTY
                               else Outcome.HUMAN)
        try:
            with self.session.learning():  # a shared learner (retro serve) locks for this only
                self.learn(winner, moves)
        except DataFileError as err:
            view.say(f"({self.session.not_kept(err)}: what I have learnt stays in memory.)")

    def learn(self, winner: int, moves: list[tuple[int, int]]) -> None:
        view, learner = self.view, self.learner
        if winner not in (CIRCLE, EMPTY):
            before = learner.verdict()
            added = learner.learn(moves)
            if added:
                counts: dict[int, int] = {}
                for scheme in added:
                    counts[scheme.level] = counts.get(scheme.level, 0) + 1
                view.say(f"I have learnt {len(added)} new scheme{'s' if len(added) > 1 else ''} "
                         f"({levels_text(counts)}); I now know {len(learner.schemes)}"
                         f"{', for this session only' if self.visiting else ''}.")
            else:
                view.say("I have learnt nothing new from it.")
            learner.record(lost=True)
            after = learner.verdict()
            if after != before and after == FIRST_PLAYER_WINS:
                view.say(verdict_text(after, self.game) or "")
            self.save()
            return
        learner.record(lost=False)
        self.save()

    def save(self) -> None:
        try:
            self.learner.save()
            self.session.saved()
        except DataFileError as err:
            self.view.say(f"({self.session.not_kept(err)}: what I have learnt stays in memory.)")
            return
        if self.learner.path is not None and not self.session.found:  # the file is made
            self.session.found = True
            self.view.aside(f"My schemes are kept in {self.session.filename} from now on.")


def run(console: Console, options: LearnerOptions = LearnerOptions()) -> int:
    """``options.data_folder``: the folder a relative ``data`` is found in (a
    replayed transcript's own folder, see for_replay); by default the current
    one.  ``options.shared``: other learners use the file at the same time
    (retro serve's visitors, see for_visitor): each game is learnt under the lock."""
    try:
        grid = make_grid(options.rows, options.cols, options.align, options.five)
    except ValueError as err:
        console.write_err(f"{err}\n")
        return 2
    session = open_session(console, grid, options.fixed, options.data, options.seed, save=not options.no_save,
                           fresh=options.fresh, folder=options.data_folder, literal=options.literal,
                           shared=options.shared, compact=grid.winalign >= COMPACT_FROM,
                           set_aside=options.set_aside)
    if session is None:
        return 1
    view: Optional[View] = None
    try:
        view = ScreenView(console, grid) if console.screen else LineView(console, grid)
        # a visitor at a terminal is told that nothing is kept; a pipe's bytes stay the original's (POST /api/run)
        visiting = options.visiting and console.interactive
        return TicTacToe(console, session, view, options.fresh, visiting).main()
    except KeyboardInterrupt:
        if isinstance(view, ScreenView):
            view.interrupted()  # the message where the prompt was
        else:
            console.write("\n")
        saved = not (options.no_save or options.fresh)
        console.write_err("Interrupted: the schemes learnt so far are saved.\n" if saved
                          else "Interrupted.\n")
        return INTERRUPTED
    finally:
        session.close()

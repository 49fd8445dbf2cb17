"""The golden transcripts of pascal-learner: replayed against the port, and
their evidence checked independently of it (game rules replayed on a board,
the game-theoretic facts from the solver, retro/audit/perfect.py, the seed's claims)."""
from __future__ import annotations

import re

import pytest
from pascal_helpers import FIXTURES

from retro.ports.pascal_learner import PROGRAM
from retro.ports.pascal_learner.audit import beating_lines
from retro.ports.pascal_learner.model.board import CIRCLE, CROSS, Board, Grid
from retro.ports.pascal_learner.learning.learner import Learner
from retro.ports.pascal_learner.training.opponents import perfect_moves
from retro.ports.pascal_learner.model.rules import DEFAULT, LITERAL
from retro.console import LineConsole
from retro.transcript import load

CASES = sorted(FIXTURES.glob("*.txt"))
REFUSALS = ("Please give", "Rows go", "That square is taken.")


def test_every_case_is_there():
    assert {p.name for p in CASES} >= {"fresh-learns.txt", "trained-corner.txt", "fixed-corner.txt",
                                       "five-pipe.txt", "bad-input.txt", "declares.txt", "literal-learns.txt"}


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.name)
def test_replay(path):
    golden = load(path)  # its options name the data files beside it
    console = LineConsole.from_bytes(golden.input_bytes())
    status = PROGRAM.run(console, PROGRAM.replay_options(PROGRAM.parse_options(golden.options), path.parent))
    assert console.output() == golden.output()
    assert console.errors() == golden.errors()
    assert status == golden.exit_status


# -- the evidence, independently ----------------------------------------------------------

def games(path, grid: Grid):
    """The games of a transcript as (moves, result text, messages), replayed on a
    board from the accepted input lines and the "I play r,c." lines."""
    events = load(path).events
    found, moves, said = [], [], []
    for i, event in enumerate(events):
        if event.kind == "in" and event.text is not None:
            text = event.text.strip()
            following = next((e.text for e in events[i + 1:] if e.kind == "out"), "")
            if re.fullmatch(r"\d+,\d+", text) and not following.startswith(REFUSALS):
                r, c = map(int, text.split(","))
                moves.append((grid.square(r, c), CROSS))
        elif event.kind == "out":
            for line in event.text.splitlines():
                said.append(line)
                m = re.fullmatch(r"I play (\d+),(\d+)\.", line)
                if m:
                    moves.append((grid.square(int(m.group(1)), int(m.group(2))), CIRCLE))
                for result in ("I win.", "A draw.", "You win."):
                    if line.startswith(result):
                        found.append((moves, result, said))
                        moves, said = [], []
    return found


def replay(grid: Grid, moves) -> Board:
    board = Board(grid)
    for square, player in moves:
        assert board.empty(square), "an illegal move in the transcript"
        board.place(square, player)
    return board


def check_results(grid, played):
    for moves, result, _ in played:
        board = replay(grid, moves)
        last, player = moves[-1]
        if result == "A draw.":
            assert board.full() and not board.winner()
        else:
            assert board.completes(last)
            assert player == (CROSS if result == "You win." else CIRCLE)
        assert all(moves[k][1] != moves[k + 1][1] for k in range(len(moves) - 1))  # turns alternate


def test_fresh_learner_plays_at_random_loses_and_its_store_grows():
    grid = Grid(3, 3, 3)
    played = games(FIXTURES / "fresh-learns.txt", grid)
    check_results(grid, played)
    text = (FIXTURES / "fresh-learns.txt").read_text()
    assert "I know no schemes yet: I shall play at random" in text
    known = [int(n) for n in re.findall(r"I now know (\d+)\.", text)]
    assert len(known) == sum(1 for _, r, _ in played if r == "You win.") >= 2
    assert known == sorted(known) and known[0] < known[-1]  # it grows with each lost game
    # The first game, with nothing learnt, is lost: the learner let a threat stand (it knew no scheme).
    moves, result, _ = played[0]
    assert result == "You win."
    missed = False
    for k, (square, player) in enumerate(moves):
        if player == CIRCLE:
            board = replay(grid, moves[:k])
            threats = {s for s in board.empties() if board.with_move(s, CROSS).completes(s)}
            missed = missed or bool(threats and square not in threats)
    assert missed


def corner_games(name: str):
    grid = Grid(3, 3, 3)
    played = games(FIXTURES / name, grid)
    check_results(grid, played)
    return grid, played


def test_trained_learner_declares_tic_tac_toe_won_rates_a_corner_lost_and_still_draws():
    grid, played = corner_games("trained-corner.txt")
    text = (FIXTURES / "trained-corner.txt").read_text()
    assert "I have learnt that Tic-Tac-Toe can always be won: the player who moves first wins." in text
    corners = {grid.square(r, c) for r in (1, 3) for c in (1, 3)}
    for moves, result, said in played:
        assert result == "A draw."  # "the program will still end up making the correct move"
        assert moves[0][0] in corners and moves[0][1] == CROSS
        # the corner opening is rated lost: said before its first move ...
        assert said.index("You can win this game now, if you play well.") < said.index(
            next(line for line in said if line.startswith("I play")))
        # ... and the reply is the only one that holds the draw, by the solver
        board = replay(grid, moves[:1])
        assert [moves[1][0]] == perfect_moves(board, CIRCLE)
    # the seed's position: corners to X, the centre to O -- O must take a side, and does
    seed_line = [m for m, _, _ in played if {m[0][0], m[2][0]} == {grid.square(1, 1), grid.square(3, 3)}]
    assert seed_line
    moves = seed_line[0]
    board = replay(grid, moves[:3])
    assert moves[3][0] in set(perfect_moves(board, CIRCLE))
    assert moves[3][0] in {grid.square(1, 2), grid.square(2, 1), grid.square(2, 3), grid.square(3, 2)}


def test_fixed_learner_concludes_draw_and_does_not_rate_the_corner_lost():
    grid, played = corner_games("fixed-corner.txt")
    text = (FIXTURES / "fixed-corner.txt").read_text()
    assert "I have learnt that Tic-Tac-Toe cannot be won against a player who makes no mistakes." in text
    assert "can always be won" not in text and "You can win this game" not in text
    for moves, result, _ in played:
        assert result == "A draw."
        assert moves[1][0] in perfect_moves(replay(grid, moves[:1]), CIRCLE)


def test_five_in_a_row_game_in_a_pipe():
    grid = Grid(15, 15, 5)
    played = games(FIXTURES / "five-pipe.txt", grid)
    assert len(played) == 1
    check_results(grid, played)
    text = (FIXTURES / "five-pipe.txt").read_text()
    assert "FIVE-IN-A-ROW  (15 x 15, 5 in a row)" in text
    assert "    1  2  3  4  5  6  7  8  9 10 11 12 13 14 15\n" in text
    # every board printed after a move of the learner shows exactly the moves so far
    moves = played[0][0]
    boards = re.findall(r"(?:^(?:\d| )\d(?:  [.XO]){15}\n){15}", text, flags=re.M)
    computer = [k for k, (_, p) in enumerate(moves) if p == CIRCLE]
    assert boards[0].count(".") == 225  # the empty board, the human moving first
    assert len(boards) - 1 >= len(computer) > 10
    for board_text, k in zip(boards[1:], computer):
        marks = "".join(line[3:].replace(" ", "") for line in board_text.splitlines())
        assert marks == "".join(".XO"[v] for v in replay(grid, moves[:k + 1]).squares)


DECLARATION = "I have learnt that Tic-Tac-Toe can always be won: the player who moves first wins."


def against_the_trapper(name: str):
    """The games of declares.txt or literal-learns.txt, checked: legal, the
    human's every move a perfect one (by the solver), the human first in the
    odd games; and the learner as it stands at the end, rebuilt from the
    session's lost games (the port's own learn, as the session runs it)."""
    grid = Grid(3, 3, 3)
    played = games(FIXTURES / name, grid)
    check_results(grid, played)
    for n, (moves, _, _) in enumerate(played):
        assert moves[0][1] == (CROSS if n % 2 == 0 else CIRCLE)
        for k, (square, player) in enumerate(moves):
            if player == CROSS:
                assert square in perfect_moves(replay(grid, moves[:k]), CROSS)
    golden = load(FIXTURES / name)
    learner = Learner.empty(grid, rules=LITERAL if "--literal" in golden.options else DEFAULT)
    for moves, result, _ in played:
        if result == "You win.":
            learner.learn(moves)
        learner.record(result == "You win.")
    return played, golden, learner


def test_default_learner_declares_after_its_last_lost_game_while_still_beatable():
    played, golden, learner = against_the_trapper("declares.txt")
    text = (FIXTURES / "declares.txt").read_text()
    assert text.count(DECLARATION) == 1 and played[-1][1] == "You win."
    # the last lost game makes the declaration, said after what it learnt, and the session ends
    learnt = f"I now know {len(learner.schemes)}.\n{DECLARATION}\nAnother game? (Y/N) «n»\nGoodbye.\n"
    assert text.endswith(learnt) and text.rindex("You win.") < text.index(DECLARATION)
    assert learner.verdict() == "first player wins"
    # the seam (NOTES.md, the timeline): it declares while a perfect player can still beat it
    lines = beating_lines(learner)
    assert lines > 0 and f"then {lines} losing lines" in golden.header["measured"]
    assert f"declared after game {len(played)}," in golden.header["measured"]
    assert "partner" in golden.header and golden.header["seed"] == "1"


def test_literal_learner_loses_learns_and_declares_nothing():
    played, golden, learner = against_the_trapper("literal-learns.txt")
    text = (FIXTURES / "literal-learns.txt").read_text()
    assert "can always be won" not in text and "cannot be won" not in text
    lost = sum(result == "You win." for _, result, _ in played)
    assert lost >= 5 and text.count("You win.  Let me think about this game...\nI have learnt ") == lost
    known = [int(n) for n in re.findall(r"I now know (\d+)\.", text)]
    assert known == sorted(known) and known[-1] == len(learner.schemes)
    assert learner.verdict() == "undecided" and learner.rules == LITERAL
    lines = beating_lines(learner)
    assert lines > 0 and f"{lines} losing lines" in golden.header["measured"]
    assert "partner" in golden.header and golden.header["seed"] == "1"


def test_bad_input_messages():
    text = (FIXTURES / "bad-input.txt").read_text()
    assert "«maybe»\nPlease answer Y or N." in text
    assert "«2;2»\nPlease give a row and a column, like 2,3 (or q to stop)." in text
    assert "«0,1»\nRows go from 1 to 3 and columns from 1 to 3." in text
    assert "«4,4»\nRows go from 1 to 3 and columns from 1 to 3." in text
    assert "That square is taken." in text
    assert text.endswith("«␄»\n\nGoodbye.\n")

"""A toy port in a package of its own (tests/test_plugin_port.py installs it
into a fresh environment): Corner, a 3x3 tic-tac-toe on a teletype, the
human X moving first by square number (1-9), the computer O taking the
first free square.  It is registered in retro's entry-point group
``retro.ports`` by its own pyproject.toml, and touches no file of retro's."""
from typing import Optional

from retro.catalog import Program
from retro.console import Console
from retro.options import NoOptions
from retro.outcome import Outcome

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def winner(board: list[str]) -> Optional[str]:
    return next((board[a] for a, b, c in LINES if board[a] != "." and board[a] == board[b] == board[c]), None)


def drawn(board: list[str]) -> str:
    return "".join("".join(board[k:k + 3]) + "\n" for k in (0, 3, 6))


def run(console: Console, options: NoOptions) -> int:
    board = ["."] * 9
    while True:
        console.write(drawn(board))
        console.write("Your square (1-9)? ")
        line = console.read_line()
        if line is None:
            console.write("\nBye.\n")
            return 0
        if not (line.strip().isdigit() and 1 <= int(line) <= 9 and board[int(line) - 1] == "."):
            console.write("A free square, 1 to 9.\n")
            continue
        board[int(line) - 1] = "X"
        if "." in board and not winner(board):
            board[board.index(".")] = "O"
        won = winner(board)
        if won or "." not in board:
            console.write(drawn(board))
            console.write({"X": "You win.\n", "O": "I win.\n", None: "A draw.\n"}[won])
            console.game_over({"X": Outcome.HUMAN, "O": Outcome.PROGRAM, None: Outcome.DRAW}[won])
            return 0


PROGRAM = Program(
    id="corner",
    title="Corner (a toy port)",
    year="2026",
    language="Python",
    machine="a teletype",
    author="the tests of retro",
    description="You are X and move first; the computer takes the first free square.",
    main=run,
    options_type=NoOptions,
)

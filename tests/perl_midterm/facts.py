"""perl-midterm's facts for the tests that go through every program (tests/port_facts.py)."""
from typing import Optional

from port_facts import Beating, Facts, Visit, last_board


def reader(lines: list[str]) -> Optional[str]:
    """Rows "X | 1 | 2": a free square shows its number."""
    if lines[-1] == "Pick a space:":
        board = last_board(lines, lambda line: line.count("|") == 2, 3)
        return next(cell.strip() for row in board for cell in row.split("|") if cell.strip().isdigit()) + "\r"
    return None


FACTS = Facts(
    first_prompt="Pick a space:",
    golden="spec-sample",
    last_games={"spec-sample": None},  # the assignment's sample stops before its game ends
    results={"human": ("X wins.",), "program": ("O wins.",), "draw": ("The game is a tie.",)},  # the human is X
    visit=Visit(b"Pick a space:", b"4\r", b"Pick a space:"),
    reader=reader,
    reader_end="The game is over.",
    beating=(Beating({"nesting": "rotation"}, ("--nesting", "rotation"), "X wins."),),
)

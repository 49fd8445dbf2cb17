"""cpm-c's facts for the tests that go through every program (tests/port_facts.py)."""
import re
from typing import Optional

from port_facts import Facts, Visit, free, last_board


def reader(lines: list[str]) -> Optional[str]:
    """Rows "1 | X | | O |" under "A B C"; a move is its column and row (B2)."""
    prompt = lines[-1]
    if prompt == "Select your symbol (X/O):":
        return "X\r"
    if prompt.endswith("Play again (Y/N)?"):
        return "N\r"
    if prompt == "Your move:":
        board = last_board(lines, lambda line: bool(re.match(r"\d \|", line)), 3)
        cells = [cell.strip() for row in board for cell in row.split("|")[1:4]]
        k = free(cells, lambda cell: cell == "")
        return f"{'ABC'[k % 3]}{k // 3 + 1}\r"
    return None


FACTS = Facts(
    first_prompt="Select your symbol (X/O):",
    golden="bad-input",
    last_games={"bad-input": "program"},  # "Computer wins!"
    results={"human": ("You win!",), "program": ("Computer wins!",), "draw": ("It's a tie!",)},
    visit=Visit(b"Select your symbol", b"X\r", b"Your move:"),
    reader=reader,
    reader_end="The game is over.",
)

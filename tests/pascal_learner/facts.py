"""pascal-learner's facts for the tests that go through every program (tests/port_facts.py)."""
import re
from typing import Optional

from port_facts import Facts, Visit, free, last_board


def reader(lines: list[str]) -> Optional[str]:
    """Rows "2 . X ." under "1 2 3" (the cursor's brackets are not read); a move is row,col."""
    prompt = lines[-1]
    if prompt.endswith("(Y/N)"):
        return "y\r" if prompt.startswith("Do you want to move first?") else "n\r"
    if prompt.startswith("Your move:") and prompt.endswith("(q ends the game)."):
        board = last_board(lines, lambda line: bool(re.fullmatch(r"\d[.XO\[\] ]+", line)), 3)
        cells = "".join(re.sub(r"[\[\] ]", "", row[1:]) for row in board)
        k = free(list(cells), lambda cell: cell == ".")
        return f"{k // 3 + 1},{k % 3 + 1}\r"
    return None


FACTS = Facts(
    first_prompt="Do you want to move first?",
    golden="bad-input",
    last_games={"bad-input": None},  # bad moves refused, then the end of input: no game ends
    results={"human": ("You win.",), "program": ("I win.",), "draw": ("A draw.",)},
    visit=Visit(b"(Y/N)", b"y\r", b"Your move:"),
    reader=reader,
    reader_end="The game is over.",
)

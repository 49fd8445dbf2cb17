"""altair-3d's facts for the tests that go through every program (tests/port_facts.py)."""
from typing import Optional

from port_facts import Beating, Facts, Visit, last_board


def reader(lines: list[str]) -> Optional[str]:
    """Four boards side by side, rows "UU / / CC / ..." (16 squares, 4 a
    board); a move is the board and the position (1 5 9 13 along the top)."""
    prompt = lines[-1]
    if any(line.startswith(("YOU WON", "I WON")) for line in lines) and prompt.startswith("READY?"):
        return "\x04"  # a game's end: the program asks for the next; the input ends
    if prompt == "YOUR BOARD, POSITION?":
        rows = last_board(lines, lambda line: "/" in line and " " in line, 4)
        for row, text in enumerate(rows):
            cells = [cell.strip() for cell in text.split("/")[:16]]
            for k, cell in enumerate(cells):
                if not cell:
                    return f"{k // 4 + 1},{row + 1 + 4 * (k % 4)}\r"
    return None


FACTS = Facts(
    first_prompt="YOUR BOARD, POSITION?",
    golden="fig5-v2-player-wins",  # Fig. 5's second game
    # "YOU WON"; the computer's "I WON WITH BOARD" in version 1's long game
    last_games={"fig5-v2-player-wins": "human", "v1-game-computer-wins": "program"},
    results={"human": ("YOU WON",), "program": ("I WON WITH BOARD",)},  # lines 410 and 380; no draw is said
    visit=Visit(b"YOUR BOARD, POSITION?", b"1,1\r", b"YOUR BOARD, POSITION?"),
    reader=reader,
    reader_end="(Ctrl-D)",
    beating=(Beating({"version": "2"}, ("--version", "2"), "YOU WON"),
             Beating({"version": "3"}, ("--version", "3"), "YOU WON")),
)

"""fortran-rcd's facts for the tests that go through every program (tests/port_facts.py)."""
from typing import Optional

from port_facts import Beating, Facts, Visit, free, last_board


def reader(lines: list[str]) -> Optional[str]:
    """Rows "| O | | X |"; a move is its row and column (F,C)."""
    prompt = lines[-1]
    if prompt in ("Quieres empezar tu? [S/N]", "Deseas empezar otra partida?"):
        return "N\r"
    if prompt.startswith("To resume execution"):
        return "\r"
    if prompt == "Introduce donde vas a colocar. [F,C]":
        board = last_board(lines, lambda line: line.startswith("|"), 3)
        cells = [cell.strip() for row in board for cell in row.split("|")[1:4]]
        k = free(cells, lambda cell: cell == "")
        return f"{k // 3 + 1},{k % 3 + 1}\r"
    return None


FACTS = Facts(
    first_prompt="Quieres empezar tu? [S/N]",
    golden="mj-weakness",
    last_games={"mj-weakness": "human"},  # "Gana el humano": the MJ weakness
    results={"human": ("Gana el humano", "The human wins"), "program": ("Gana la maquina", "The computer wins"),
             "draw": ("No gana nadie", "Nobody wins")},
    visit=Visit(b"[S/N]", b"S\r", b"[F,C]"),
    reader=reader,
    reader_end="The game is over.",
    beating=(Beating({"ai": "ia", "lang": "es"}, (), "Gana el humano"),
             Beating({"ai": "mj", "lang": "es"}, ("--ai", "mj"), "Gana el humano")),
)

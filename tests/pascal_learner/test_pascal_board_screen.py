"""The learner's board on a terminal, read off a pyte screen: each square's
mark stands under its column's number, at 3x3 and at 15x15, and the message
area starts where a message starts."""
from __future__ import annotations

import re

import pytest

from pty_terminal import Terminal


def header_columns(line: str) -> dict[int, int]:
    """The screen column of each column number's last digit, in the header row."""
    return {int(match.group()): match.end() - 1 for match in re.finditer(r"\d+", line)}


@pytest.mark.parametrize("variant, size", [([], 3), (["--five"], 15)])
def test_each_square_stands_under_its_column_number(variant: list[str], size: int) -> None:
    terminal = Terminal(["run", "pascal-learner", *variant, "--fresh", "--seed", "1"])
    try:
        terminal.wait_for("Do you want to move first?")
        terminal.send("y\r")
        terminal.wait_for("Your move")
        terminal.send(f"{size},{size}\r")  # the bottom right square: the last column and row
        screen = terminal.wait_until(lambda: "X" in "\n".join(terminal.screen.display[size:size + 2]),
                                     "the X on the last row")
        rows = screen.split("\n")
        header = next(row for row in rows if row.split() == [str(c) for c in range(1, size + 1)])
        columns = header_columns(header)
        board = rows[rows.index(header) + 1: rows.index(header) + 1 + size]
        for number, row in enumerate(board, 1):
            assert row[:2].strip() == str(number)
            marks = [i for i, ch in enumerate(row) if ch in ".XO" and i > 2]
            assert marks == [columns[c] for c in range(1, size + 1)], f"row {number}: {row!r} under {header!r}"
        assert board[-1][columns[size]] == "X"
    finally:
        terminal.child.terminate(force=True)


def test_the_message_area_starts_where_a_message_starts() -> None:
    """15x15 on 60x24 leaves four rows of messages: the greeting and the rules
    (two rows each) and a refusal ("Please answer Y or N.") make five; the
    greeting gives way whole, not its first row alone."""
    terminal = Terminal(["run", "pascal-learner", "--five", "--fresh", "--seed", "1"], rows=24, cols=60)
    try:
        terminal.wait_for("Do you want to move first?")
        terminal.send("maybe\r")
        screen = terminal.wait_for("Please answer Y or N.")
        rows = screen.split("\n")
        first = next(row for row in rows[17:] if row.strip())
        assert first.startswith("You are X, I am O."), rows[17:]
    finally:
        terminal.child.terminate(force=True)

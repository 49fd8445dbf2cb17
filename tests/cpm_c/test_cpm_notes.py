"""NOTES.md's tables hold: every line of the scanned comp_move() (seed lines
76-148) and of main's fragment (37-45) maps to a line of the port that says
so (`scan N`), and every test NOTES.md names exists."""
import re
from pathlib import Path

import pytest

from source_texts import needs, source_text

ROOT = Path(__file__).resolve().parents[2]
PORT = ROOT / "retro" / "ports" / "cpm_c"
NOTES = (PORT / "NOTES.md").read_text()
SEED = source_text("004_97c3467a7464b75b.txt")

# The blank lines of the seed inside the two scanned pieces (checked against
# the seed itself below, where the seed is at hand).
COMP_MOVE = (76, 148, {79, 82})
MAIN_FRAGMENT = (37, 45, {38, 39})

ROW = re.compile(r"^\| (\d+) \| .* \| (game|tictactoe)\.py:(\d+) \|$", re.M)


def table() -> dict[int, tuple[str, int]]:
    rows = {}
    for scan, module, line in ROW.findall(NOTES):
        assert int(scan) not in rows, f"scan {scan} twice in NOTES.md"
        rows[int(scan)] = (module, int(line))
    return rows


def code_lines(first: int, last: int, blank: set[int]) -> set[int]:
    return set(range(first, last + 1)) - blank


def test_every_scanned_line_of_comp_move_and_main_is_in_the_table() -> None:
    assert set(table()) == code_lines(*COMP_MOVE) | code_lines(*MAIN_FRAGMENT)


@pytest.mark.parametrize("scan", sorted(code_lines(*COMP_MOVE) | code_lines(*MAIN_FRAGMENT)))
def test_the_port_line_in_the_table_points_back_at_the_scan(scan: int) -> None:
    module, line = table()[scan]
    source = (PORT / f"{module}.py").read_text().splitlines()
    assert re.search(rf"\bscan {scan}\b", source[line - 1]), f"{module}.py:{line}: {source[line - 1]!r}"


def test_comp_move_lines_are_in_comp_move() -> None:
    source = (PORT / "game.py").read_text().splitlines()
    start = next(n for n, text in enumerate(source, 1) if text.startswith("def comp_move("))
    end = next(n for n, text in enumerate(source, 1) if n > start and text.startswith("def "))
    for scan in code_lines(*COMP_MOVE):
        module, line = table()[scan]
        assert module == "game" and start < line < end, scan


@needs("004_97c3467a7464b75b.txt")
def test_the_blank_lines_are_the_seeds() -> None:
    seed = SEED.read_text().splitlines()
    for first, last, blank in (COMP_MOVE, MAIN_FRAGMENT):
        assert {n for n in range(first, last + 1) if not seed[n - 1].strip()} == blank


def test_every_test_named_in_notes_exists() -> None:
    named = set(re.findall(r"`(test_\w+)`", NOTES))
    assert named
    defined = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(), re.M))
    assert named <= defined, named - defined


def test_every_transcript_named_in_notes_exists() -> None:
    for name in re.findall(r"transcript `([\w-]+)`", NOTES):
        assert (ROOT / "transcripts" / "cpm-c" / f"{name}.txt").exists(), name

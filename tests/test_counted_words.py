"""No counted words: the menu, `retro --help`, the page, the package's
description and the README say "the programs" (or take the count from the
catalog), never a number a new program would make wrong."""
import re
import subprocess
import sys
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "retro" / "web" / "static"
# A count of the programs in words or digits ("five historical ...", "the 5 programs"); not the
# learner's game, Five-in-a-Row.
COUNTED = re.compile(r"\b(?:five|5)\b(?!-in-a-row)(?=(?:\s+\w+){0,3}\s+(?:programs|ports))|\bfive\b(?!-in-a-row)",
                     re.I)


def retro(*args: str, stdin: bytes = b"") -> str:
    result = subprocess.run([sys.executable, "-m", "retro", *args], input=stdin, capture_output=True, cwd=ROOT,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.decode()


def test_the_check_finds_a_count() -> None:
    found = [COUNTED.findall(text) for text in ("retro -- five historical tic-tac-toe programs",
                                                "The 5 programs", "Five-in-a-Row on 15x15", "5 recorded sessions")]
    assert found == [["five"], ["5"], [], []]


@pytest.mark.parametrize("shown", ["the menu", "--help", "the page", "the description", "the README"])
def test_no_count_of_the_programs_is_written(shown: str) -> None:
    text = {
        "the menu": lambda: retro(stdin=b"q\n"),
        "--help": lambda: retro("--help"),
        "the page": lambda: "\n".join(path.read_text(encoding="utf-8")  # its text, and what its scripts write
                                      for path in [*STATIC.glob("*.html"), *STATIC.glob("*.js")]),
        "the description": lambda: re.search(r'^description = "(.*)"$', (ROOT / "pyproject.toml").read_text(),
                                             re.M).group(1),
        "the README": lambda: (ROOT / "README.md").read_text(encoding="utf-8"),
    }[shown]()
    assert COUNTED.findall(text) == []

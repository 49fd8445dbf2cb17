"""Every table fits 80 columns: `retro list`, `retro replay`'s list of
sessions, `retro tournament` and an audit's report; a description wraps
under its name, whole."""
import subprocess
import sys
from pathlib import Path

import pytest

from retro import catalog, resources

ROOT = Path(__file__).resolve().parent.parent


def retro(*args: str) -> str:
    result = subprocess.run([sys.executable, "-m", "retro", *args], capture_output=True, cwd=ROOT, timeout=300)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode()


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("args", [["list"], ["replay"], ["tournament"], ["audit", "fortran-rcd"],
                                  ["audit", "cpm-c"]])
def test_the_table_fits_80_columns(args: list[str]) -> None:
    shown = retro(*args)
    too_wide = [line for line in shown.splitlines() if len(line) > 80]
    assert too_wide == []


def test_the_sessions_names_stand_alone_and_their_titles_wrap_whole_under_them() -> None:
    shown = retro("replay")
    lines = shown.splitlines()
    for session in resources.sessions():
        assert f"    {session.name}" in lines  # a name on a line of its own: what `retro replay` takes
    assert all(flat(session.title) in flat(shown) for session in resources.sessions())


def test_the_programs_descriptions_wrap_whole() -> None:
    shown = flat(retro("list"))
    for program in catalog.programs().values():
        assert flat(program.description) in shown


def test_the_tournament_numbers_its_columns_as_its_rows() -> None:
    lines = retro("tournament").splitlines()
    head = next(line for line in lines if line.split() and line.split()[0] == "1" and "pascal-learner" not in line)
    numbers = head.split()
    rows = [line for line in lines if line[:2].strip().isdigit() and len(line.split()) > len(numbers)]
    assert numbers == [str(k) for k in range(1, len(rows) + 1)]
    assert [row.split()[0] for row in rows] == numbers

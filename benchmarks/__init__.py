"""Benchmarks: speed and memory goals live here, not in the unit tests.

`python -m benchmarks` (or `make bench`) runs every module of this package
that defines ``run() -> list[tuple[str, str]]`` (name, figure) and prints the
figures with the machine and the date; BENCHMARKS.md keeps the recorded ones.
A benchmark whose measure does not hold (a session lost) raises ``Failed``:
its line is printed and `make bench` exits 1.
"""


class Failed(Exception):
    """A benchmark's measure did not hold: what went wrong, in one line."""

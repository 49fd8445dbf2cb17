"""Benchmarks: speed and memory goals live here, not in the unit tests.

`python -m benchmarks` (or `make bench`) runs every module of this package
that defines ``run() -> list[tuple[str, str]]`` (name, figure) and prints the
figures with the machine and the date; BENCHMARKS.md keeps the recorded ones.
"""

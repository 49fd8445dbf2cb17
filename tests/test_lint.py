"""`make lint`'s checks, run by `make test` among the other tests so that
they overlap the tests that wait on terminals: mypy --strict over retro/
(the runtime and its five ports; the settings are pyproject.toml's
[tool.mypy]) and ruff's rules everywhere ([tool.ruff]).  Their caches go to
the test's temporary folder: a test writes nothing into the checkout."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def lint(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=900)


def test_mypy_finds_nothing_in_retro(tmp_path: Path) -> None:
    checked = lint(["mypy", "--cache-dir", str(tmp_path / "mypy")])
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_ruff_finds_nothing(tmp_path: Path) -> None:
    checked = lint(["ruff", "check", "--no-cache", "."])
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_checks_catch_what_they_are_for(tmp_path: Path) -> None:
    """The same commands, on a file with a type error and an unused import."""
    sample = tmp_path / "sample.py"
    sample.write_text("import os\n\n\ndef half(n: int) -> int:\n    return n / 2\n", encoding="utf-8")
    typed = lint(["mypy", "--strict", "--cache-dir", str(tmp_path / "mypy"), str(sample)])
    assert typed.returncode == 1 and "Incompatible return value type" in typed.stdout, typed.stdout
    ruffed = lint(["ruff", "check", "--no-cache", str(sample)])
    assert ruffed.returncode == 1 and "F401" in ruffed.stdout, ruffed.stdout

"""Every `noqa` and `type: ignore` in the repository says why, on its line.

A suppression names its codes and then its reason as a second comment --
``# noqa: E402  # after sys.path is set above``,
``# type: ignore[attr-defined]  # blessed has no stubs for this`` (mypy's
syntax: a reason written any other way is not a comment mypy accepts).
Which codes may be named is ruff's to say: RUF100 (pyproject.toml) refuses a
`noqa` that suppresses nothing or names a rule the project does not select.
"""
import io
import re
import subprocess
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

DIRECTIVE = re.compile(r"#\s*(noqa\b|type:\s*ignore\b)", re.IGNORECASE)
EXPLAINED = re.compile(r"# (noqa: [A-Z]+[0-9]+(, [A-Z]+[0-9]+)*|type: ignore\[[a-z-]+(, ?[a-z-]+)*\])  # \S")


def unexplained(source: str) -> list[tuple[int, str]]:
    """The comments of ``source`` holding a suppression without its codes or
    its reason: (line number, the comment)."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.COMMENT:
            continue
        directive = DIRECTIVE.search(token.string)
        if directive and not EXPLAINED.match(token.string, directive.start()):
            found.append((token.start[0], token.string))
    return found


@pytest.mark.parametrize("line", [
    "import os  # noqa",
    "import os  # noqa: E402",
    "import os  # noqa: E402 - a reason, but not as a second comment",
    "import os  # NOQA:E402  # a reason",
    "x = f()  # type: ignore",
    "x = f()  # type: ignore[attr-defined]",
    "x = f()  # type: ignore[attr-defined] - a reason mypy does not parse",
    "x = f()  # a comment first  # noqa: F401",
])
def test_a_suppression_without_its_reason_is_found(line: str) -> None:
    assert unexplained(line + "\n") == [(1, line[line.index("#"):])]


@pytest.mark.parametrize("line", [
    "import os  # noqa: E402  # after sys.path is set above",
    "import os, sys  # noqa: E402, F401  # both after the hold above",
    "x = f()  # type: ignore[attr-defined]  # blessed has no stubs for this",
    "x = f()  # type: ignore[misc, valid-type]  # their board",
    "x = '# noqa'  # a string is not a comment",
    "# the noqa below names its reason",
])
def test_a_suppression_with_its_reason_passes(line: str) -> None:
    assert unexplained(line + "\n") == []


def tracked_python_files() -> list[Path]:
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "*.py"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        listed = b""
    files = [ROOT / name for name in listed.decode().split("\0") if name and (ROOT / name).is_file()]
    if not files:  # an unpacked sdist, say
        pytest.skip("needs retro's git checkout (git ls-files)")
    return files


def test_every_suppression_in_the_repository_names_its_reason() -> None:
    files = tracked_python_files()
    assert any(path.name == "launch.py" for path in files)  # the listing is of the repository's own files
    found = [f"{path.relative_to(ROOT)}:{number}: {comment}"
             for path in files for number, comment in unexplained(path.read_text(encoding="utf-8"))]
    assert not found, "a noqa or type: ignore without its reason:\n" + "\n".join(found)

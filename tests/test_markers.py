"""The `slow` list in tests/conftest.py names tests by their ids: a renamed
or removed test would drop off it without a word, and `make test-quick`
would quietly grow.  Each entry must name a file that exists and, if it
names a test, a test function (or method) defined in that file."""
import ast
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _slow_list() -> set[str]:
    """tests/conftest.py's SLOW (by its path: each folder has its own conftest)."""
    spec = importlib.util.spec_from_file_location("tests_conftest", ROOT / "tests" / "conftest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return set(module.SLOW)


SLOW = _slow_list()


def _test_names(path) -> set[str]:
    """The test functions of a file, and of its classes as Class::name."""
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.update(f"{node.name}::{inner.name}" for inner in node.body
                         if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)))
    return names


@pytest.mark.parametrize("entry", sorted(SLOW))
def test_every_slow_entry_names_a_test_that_exists(entry: str) -> None:
    path, _, test = entry.partition("::")
    assert (ROOT / path).is_file(), f"{path} is not a file of the repository"
    if test:
        name = test.partition("[")[0]
        assert name in _test_names(ROOT / path), f"{path} defines no test {name}"


def test_a_renamed_test_is_caught(tmp_path) -> None:
    """The check itself can fail: a file whose test has another name."""
    sample = tmp_path / "test_sample.py"
    sample.write_text("def test_new_name():\n    pass\n", encoding="utf-8")
    assert "test_new_name" in _test_names(sample)
    assert "test_old_name" not in _test_names(sample)

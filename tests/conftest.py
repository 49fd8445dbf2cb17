"""Shared test set-up: the repository root on sys.path is provided by the
editable install; here common paths, and the user's folders kept out of reach."""
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTS = ROOT / "transcripts"
DATA = Path(__file__).resolve().parent / "data"

# The golden cases' tables (tests/golden.py) hold no doctests, and two of them
# share a name (make_transcripts.py, which the shipped transcripts cite): the
# doctest collection (setup.cfg's --doctest-modules) passes them by.
collect_ignore = ["cpm_c/make_transcripts.py", "pascal_learner/make_transcripts.py"]


@pytest.fixture(autouse=True)
def _own_user_folders(tmp_path_factory, monkeypatch) -> Path:
    """Each test has its own data, state and cache folders (retro/userdirs.py),
    for itself and every retro it starts: a learner's default data file or an
    error report never lands in the home folder of whoever runs the tests."""
    home = tmp_path_factory.mktemp("xdg")
    for name in ("DATA", "STATE", "CACHE", "CONFIG"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(home / name.lower()))
    return home

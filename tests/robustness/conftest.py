"""The robustness suite runs every test in a scratch folder."""
import pytest


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path, monkeypatch):
    """Ports that keep data (the learner) write it here, not in the tree."""
    monkeypatch.chdir(tmp_path)

"""The learner's data file through the command a person types: a file it must
not use is named in a clear message, refused with status 1 and kept byte for
byte; a second learner on a file in use is refused.  (The data-file module's
own tests, tests/pascal_learner/test_pascal_datafile.py, kill a saver mid-write
and check every refusal's wording.)"""
import subprocess
import sys
from pathlib import Path

import pytest

from robust_helpers import retro_run

GOOD_HEAD = b"Tic-Tac-Toe.p schemes, format 1\nwinalign 3\n"
BAD_FILES = {
    "foreign": b"#!/bin/sh\necho hello\n",
    "binary": bytes(range(256)),
    "truncated": GOOD_HEAD + b"rules flawed\ngames 9\nlost 2\nlastloss 7\nscheme 1 free 0,0 held 1,",
    "corrupted": GOOD_HEAD + b"rules flawed\nscheme 1 free 0,0 held \xff\xfe\nend 1\n",
    "newer-format": b"Tic-Tac-Toe.p schemes, format 9\nwinalign 3\nend 0\n",
    "other-winalign": b"Tic-Tac-Toe.p schemes, format 1\nwinalign 5\nend 0\n",
}


@pytest.mark.parametrize("command", ["run", "train"])
@pytest.mark.parametrize("name", list(BAD_FILES))
def test_a_file_it_must_not_use_is_refused_and_kept(command: str, name: str, tmp_path: Path) -> None:
    path = tmp_path / "Tic-Tac-Toe-Data-3"
    path.write_bytes(BAD_FILES[name])
    if command == "run":
        result = retro_run("pascal-learner", b"Y\n2,2\n", cwd=tmp_path)
    else:
        result = subprocess.run([sys.executable, "-m", "retro", "train", "pascal-learner", "--games", "5"],
                                capture_output=True, cwd=tmp_path, timeout=60)
    assert result.returncode == 1, result.stderr
    assert b"Tic-Tac-Toe-Data-3" in result.stderr and b"Traceback" not in result.stderr
    assert path.read_bytes() == BAD_FILES[name]
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]  # no lock, no temporary file left


def test_a_second_learner_on_a_file_in_use_is_refused(tmp_path: Path) -> None:
    first = subprocess.Popen([sys.executable, "-m", "retro", "run", "pascal-learner"], cwd=tmp_path,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert first.stdout.readline()  # it has opened (and locked) its file and asks
        second = retro_run("pascal-learner", b"Y\n", cwd=tmp_path)
        assert second.returncode == 1
        assert b"another learner" in second.stderr and b"Traceback" not in second.stderr
    finally:
        first.communicate(b"", timeout=30)
    assert first.returncode == 0
    third = retro_run("pascal-learner", b"", cwd=tmp_path)  # free again once the first has ended
    assert third.returncode == 0, third.stderr

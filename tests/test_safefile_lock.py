"""retro/safefile.py's FileLock, the lock any user of a file can take (the
learner's data file takes it with its own mark and words: tests/pascal_learner)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from retro.safefile import FileLock, LockBusy, LockNotMade, NotALock, write_atomically

MARK = b"retro test lock\n"


def test_a_second_holder_is_refused_with_the_first_ones_process(tmp_path: Path) -> None:
    with FileLock(tmp_path / "f", MARK) as lock:
        assert lock.path.read_bytes() == MARK + f"pid {os.getpid()}\n".encode()
        with pytest.raises(LockBusy) as refused:
            FileLock(tmp_path / "f", MARK).acquire()
        assert refused.value.holder == str(os.getpid())
    assert list(tmp_path.iterdir()) == []  # released: no lock, no temporary file


def test_a_lock_of_another_mark_or_a_symbolic_link_is_left_as_it_is(tmp_path: Path) -> None:
    (tmp_path / "f.lock").write_bytes(b"retro other lock\npid 1\n")
    with pytest.raises(NotALock) as refused:
        FileLock(tmp_path / "f", MARK).acquire()
    assert not refused.value.symbolic_link
    assert (tmp_path / "f.lock").read_bytes() == b"retro other lock\npid 1\n"
    (tmp_path / "g.lock").symlink_to(tmp_path / "precious")
    with pytest.raises(NotALock) as refused:
        FileLock(tmp_path / "g", MARK).acquire()
    assert refused.value.symbolic_link and not (tmp_path / "precious").exists()


def test_a_stale_lock_is_taken(tmp_path: Path) -> None:
    (tmp_path / "f.lock").write_bytes(MARK + b"pid 4194303\n")  # held by nobody
    with FileLock(tmp_path / "f", MARK) as lock:
        assert lock.path.read_bytes().endswith(f"pid {os.getpid()}\n".encode())


def test_a_folder_that_takes_no_file_is_said_so(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes in any folder")
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(LockNotMade) as refused:
            FileLock(tmp_path / "f", MARK).acquire()
        assert refused.value.not_writable
    finally:
        tmp_path.chmod(0o700)


def test_a_file_written_atomically_leaves_no_temporary_file(tmp_path: Path) -> None:
    write_atomically(tmp_path / "f", b"old")
    write_atomically(tmp_path / "f", b"new")
    assert [p.name for p in tmp_path.iterdir()] == ["f"] and (tmp_path / "f").read_bytes() == b"new"

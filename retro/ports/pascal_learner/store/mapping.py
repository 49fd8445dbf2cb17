"""A file mapped read-only, so that arrays are used where they lie: the pages
of a mapped file count in memory only once they are read, and can be given
back (``forget``)."""
from __future__ import annotations

import mmap
import os
import stat
from pathlib import Path
from typing import Optional


def mapped(path: Path, limit: int) -> Optional[mmap.mmap]:
    """A regular file of at most ``limit`` bytes, mapped read-only (None if there is none)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode) or not 0 < status.st_size <= limit:
            return None
        return mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    finally:
        os.close(fd)


def forget(raw: mmap.mmap) -> None:
    """Let the system take back the mapped pages read so far (they are read again if used)."""
    if hasattr(mmap, "MADV_DONTNEED"):
        try:
            raw.madvise(mmap.MADV_DONTNEED)
        except OSError:
            pass

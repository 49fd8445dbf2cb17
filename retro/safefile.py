"""Files from elsewhere, and files we write: the one place that opens them.

Reading: a transcript or a learner's data file may come from anyone, so it is
refused by its type before it is opened (a FIFO would hang, a device such as
``/dev/zero`` would never end) and by its size (a limit each kind of file
declares), and it is read whole, read-only.

Writing: a file is written whole to a temporary file beside it, flushed to
the disk and renamed over the old one, so that Ctrl-C, a kill or a full disk
leaves the old file or the new one, never half of one.  The temporary file's
name carries the writer's process id, so that a later writer can remove the
ones whose writer is gone; names are compared as text, never used as patterns.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Union

PathLike = Union[str, "os.PathLike[str]"]


class FileRefused(Exception):
    """A file we will not read (or write): the message names it and says why."""


def _size_text(size: int) -> str:
    for unit, scale in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}".replace(".0 ", " ")
    return f"{size} bytes"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_regular(path: PathLike, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes.

    FileNotFoundError when there is none; FileRefused (with the reason) for
    anything else that is not a readable regular file within the limit.
    """
    name = os.fspath(path)
    try:
        before = os.stat(name)  # follows a symbolic link: its target's type counts
    except FileNotFoundError:
        raise
    except OSError as err:
        raise FileRefused(f"{name}: {err.strerror or err}") from None
    if not stat.S_ISREG(before.st_mode):
        raise FileRefused(f"{name}: {_kind(before.st_mode)}, not a {what}; it is not opened")
    if before.st_size > limit:
        raise FileRefused(f"{name}: {_size_text(before.st_size)}, more than the {_size_text(limit)} "
                          f"a {what} may have; it is not read")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise
    except OSError as err:
        raise FileRefused(f"{name}: {err.strerror or err}") from None
    try:
        now = os.fstat(fd)  # the file opened may not be the one looked at
        if not stat.S_ISREG(now.st_mode):
            raise FileRefused(f"{name}: {_kind(now.st_mode)}, not a {what}; it is not read")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 16, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileRefused(f"{name}: more than the {_size_text(limit)} a {what} may have; it is not read")
        return b"".join(chunks)
    except OSError as err:
        raise FileRefused(f"{name}: {err.strerror or err}") from None
    finally:
        os.close(fd)


# -- writing ----------------------------------------------------------------------------


def temporary_name(path: Path) -> Path:
    """Where a writer of ``path`` puts the new text before the rename."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def write_atomically(path: PathLike, data: bytes, mode: int = 0o644) -> None:
    """Replace ``path`` by ``data`` whole, or leave it as it was (OSError)."""
    target = Path(path)
    temp = temporary_name(target)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        os.unlink(temp)  # our own leftover (a pid is reused only after its process is gone)
    except FileNotFoundError:
        pass
    fd = os.open(temp, flags, mode)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, target)
    except BaseException:  # Ctrl-C or a signal as much as a full disk
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    _sync_folder(target.parent)
    remove_stale_temporaries(target)


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (where the system allows a folder to be synced)."""
    try:
        fd = os.open(folder if str(folder) else ".", os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temporaries(path: Path) -> None:
    """Temporary files of ``path`` left by writers that were killed.

    Only names of the exact form ``.<name>.<pid>.tmp`` whose process is gone;
    the file name is compared as text (a ``*`` in it is just a star)."""
    folder = path.parent if str(path.parent) else Path(".")
    prefix, suffix = f".{path.name}.", ".tmp"
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if not (name.startswith(prefix) and name.endswith(suffix)):
            continue
        pid_text = name[len(prefix):-len(suffix)]
        if not pid_text.isascii() or not pid_text.isdigit():
            continue
        pid = int(pid_text)
        if pid == os.getpid():
            continue
        try:
            os.kill(pid, 0)
            continue  # its writer is alive
        except ProcessLookupError:
            pass
        except OSError:
            continue  # alive, another user's
        try:
            os.unlink(folder / name)
        except OSError:
            pass


def inside(folder: PathLike, name: str) -> Path:
    """The file ``name`` names relative to ``folder``, which it may not leave.

    For names read from a file from elsewhere (a transcript's options): an
    absolute name, a ``..`` or a symbolic link out of ``folder`` is refused
    (ValueError), so the file can name nothing but its own neighbours."""
    if not name or os.path.isabs(name) or name.startswith("~"):
        raise ValueError(f"{name!r}: a file named in a transcript must be relative to the transcript's folder")
    if ".." in Path(name).parts:
        raise ValueError(f"{name!r}: a file named in a transcript may not leave the transcript's folder")
    base = Path(os.path.realpath(folder))
    target = Path(os.path.realpath(base / name))
    if target != base and base not in target.parents:
        raise ValueError(f"{name!r} leads out of the transcript's folder")
    return target

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

Locking: one user of a file at a time (``FileLock``, ``<file>.lock``), the
lock file made whole at a temporary name as a written file is, then linked
into place.
"""
from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path
from types import TracebackType
from typing import Iterable, Optional, Union

if sys.platform != "win32":
    import fcntl

PathLike = Union[str, "os.PathLike[str]"]
# Where nothing is locked: in the visitor's browser (Pyodide's emscripten) a file
# of the browser's storage has one user, the tab's one session, and there is no os.link.
UNLOCKED = ("emscripten",)


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


Data = Union[bytes, Iterable[Union[bytes, memoryview]]]  # the bytes, or their parts in order (none joined)


def _write_temporary(path: Path, data: Data, mode: int) -> tuple[Path, int]:
    """A new file holding ``data`` at ``path``'s temporary name, made
    exclusively and never through a symbolic link: its name and its open
    descriptor.  OSError (with no file left) if it cannot be made whole."""
    temp = temporary_name(path)
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        os.unlink(temp)  # our own leftover (a pid is reused only after its process is gone)
    except FileNotFoundError:
        pass
    fd = os.open(temp, flags, mode)
    try:
        for part in (data,) if isinstance(data, bytes) else data:
            view = memoryview(part)
            while view:
                view = view[os.write(fd, view):]
    except BaseException:  # Ctrl-C or a signal as much as a full disk
        os.close(fd)
        _remove(temp)
        raise
    return temp, fd


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def write_atomically(path: PathLike, data: Data, mode: int = 0o644) -> None:
    """Replace ``path`` by ``data`` whole, or leave it as it was (OSError)."""
    target = Path(path)
    temp, fd = _write_temporary(target, data, mode)
    try:
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, target)
    except BaseException:  # Ctrl-C or a signal as much as a full disk
        _remove(temp)
        raise
    _sync_folder(target.parent)
    remove_stale_temporaries(target)


def replace_durably(source: PathLike, target: PathLike) -> None:
    """Rename ``source`` over ``target`` and make the rename durable."""
    os.replace(source, target)
    _sync_folder(Path(target).parent)


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


# -- locking ------------------------------------------------------------------------------

NOT_WRITABLE = (errno.EACCES, errno.EPERM, errno.EROFS)


class LockRefused(FileRefused):
    """The lock was not taken: a subclass says why, with what its user needs
    to word it (each user of ``FileLock`` says it in its own words)."""


class LockBusy(LockRefused):
    """Another process holds the lock: ``holder``, its process id as the lock says it."""

    def __init__(self, lock: "FileLock", holder: str):
        super().__init__(f"process {holder} holds {lock.path}")
        self.holder = holder


class NotALock(LockRefused):
    """The lock's name holds another file (left as it is); ``symbolic_link``: a symbolic link."""

    def __init__(self, lock: "FileLock", symbolic_link: bool):
        super().__init__(f"{lock.path} is {'a symbolic link' if symbolic_link else 'another file'}, not a lock")
        self.symbolic_link = symbolic_link


class LockUnreadable(LockRefused):
    """An existing lock could not be read: ``reason``, the system's words."""

    def __init__(self, lock: "FileLock", reason: str):
        super().__init__(f"cannot read the lock {lock.path}: {reason}")
        self.reason = reason


class LockNotMade(LockRefused):
    """The lock could not be made: ``reason``, the lock's name and the system's
    words; ``not_writable``: the folder takes no new file (read-only, no permission)."""

    def __init__(self, lock: "FileLock", reason: str, not_writable: bool):
        super().__init__(f"cannot lock {lock.target} ({reason})")
        self.reason = reason
        self.not_writable = not_writable


class LockKeepsChanging(LockRefused):
    """The lock's name was made and removed again by others, time after time."""

    def __init__(self, lock: "FileLock"):
        super().__init__(f"cannot lock {lock.target}: {lock.path} keeps changing")


class FileLock:
    """One user of a file at a time: ``<file>.lock``, beside the file the name leads to.

    The lock file is made whole (``mark`` and the process id) in a temporary
    file, as ``write_atomically`` makes one, locked there (flock) and then
    linked to its name, which fails if the name exists: so a lock never exists
    half-written or unlocked, and no existing file is ever emptied or followed
    through a symbolic link.  The flock goes with the process: a holder that is
    killed leaves a stale lock, which the next one recognises (its mark, and
    nobody holds it) and removes.  Any other file of that name is not ours and
    is left as it is (``NotALock``).  A holder that ends removes its lock only
    if the name still leads to it.  A file named through a symbolic link and
    the file itself take the same lock.  Without flock (not on Unix) nothing
    is locked, nor in the visitor's browser (Pyodide, ``UNLOCKED``).
    """

    def __init__(self, path: PathLike, mark: bytes):
        real = Path(os.path.realpath(path))
        self.path = real.with_name(real.name + ".lock")
        self.target = os.fspath(path)
        self.mark = mark
        self._fd: Optional[int] = None

    def acquire(self) -> None:
        """Take the lock, or LockRefused (a subclass saying why)."""
        if sys.platform == "win32" or sys.platform in UNLOCKED:
            return
        for _ in range(10):  # a stale lock removed, or one removed meanwhile: try again
            try:
                self._fd = self._create()
                return
            except FileExistsError:
                self._examine()
        raise LockKeepsChanging(self)

    def _create(self) -> int:
        if sys.platform == "win32":
            raise NotImplementedError
        temp = temporary_name(self.path)
        try:
            _, fd = _write_temporary(self.path, self.mark + f"pid {os.getpid()}\n".encode("ascii"), 0o644)
        except OSError as err:
            raise self._not_made(err) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            os.link(temp, self.path)  # FileExistsError if there is one
            return fd
        except FileExistsError:
            os.close(fd)
            raise
        except OSError as err:
            os.close(fd)
            raise self._not_made(err) from None
        finally:
            _remove(temp)

    def _not_made(self, err: OSError) -> LockNotMade:
        return LockNotMade(self, f"{self.path}: {err.strerror or err}", err.errno in NOT_WRITABLE)

    def _examine(self) -> None:
        """An existing lock: LockRefused unless it is a stale lock of ours, which goes."""
        if sys.platform == "win32":
            return
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(self.path, flags)
        except FileNotFoundError:
            return  # gone meanwhile
        except OSError as err:
            if err.errno == errno.ELOOP:
                raise NotALock(self, symbolic_link=True) from None
            raise LockUnreadable(self, str(err.strerror or err)) from None
        try:
            found = os.fstat(fd)
            head = os.read(fd, 100) if stat.S_ISREG(found.st_mode) else b""
            if not head.startswith(self.mark):
                raise NotALock(self, symbolic_link=False)
            holder = head[len(self.mark):].decode("ascii", "replace").split()[-1:] or ["unknown"]
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise LockBusy(self, holder[0]) from None
            if _same_file(self.path, found):  # stale: its holder was killed
                os.unlink(self.path)
        finally:
            os.close(fd)

    def release(self) -> None:
        if self._fd is None:
            return
        try:
            if _same_file(self.path, os.fstat(self._fd)):
                os.unlink(self.path)
        except OSError:
            pass
        os.close(self._fd)  # closing drops the flock
        self._fd = None

    def __enter__(self) -> "FileLock":
        self.acquire()
        return self

    def __exit__(self, kind: Optional[type[BaseException]], error: Optional[BaseException],
                 trace: Optional[TracebackType]) -> None:
        self.release()


def _same_file(path: Path, known: os.stat_result) -> bool:
    try:
        now = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (now.st_dev, now.st_ino) == (known.st_dev, known.st_ino)


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

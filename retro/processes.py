"""Every question retro asks about processes and memory, answered by psutil.

The runtime, the tests, the benchmarks and the tools ask here rather than
reading the operating system's files themselves: which processes there are
and which are below one, how much memory one holds (resident, unique,
proportional, its peak), how much processor time one has used, how much the machine has free, which descriptors
one has open, what it waits for.  A process that is gone, or that the
operating system will not describe, answers ``None`` (or an empty list),
never an exception: the callers ask about processes that may end at any
moment.  The few answers psutil does not give (a descriptor's target, a
peak, signal masks, a blocked read) are read here from psutil's own process
folder, the one place that does.

Importing psutil takes some 14 ms: a command that asks nothing of processes
(``retro run`` in a pipe) does not import this module.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable, Optional, TypeVar, overload

import psutil

Answer = TypeVar("Answer")


def _ask(pid: Optional[int], question: Callable[[psutil.Process], Answer], gone: Answer) -> Answer:
    """``question`` put to ``pid`` (this process when None), or ``gone`` when
    the process is gone or will not be described."""
    try:
        return question(psutil.Process(pid))
    except (psutil.Error, ValueError):
        return gone


def _folder(pid: Optional[int]) -> str:
    """``pid``'s folder in psutil's view of the kernel's processes."""
    return os.path.join(psutil.PROCFS_PATH, str(os.getpid() if pid is None else pid))


def _status_line(pid: Optional[int], key: str) -> Optional[str]:
    """The value of ``key`` in ``pid``'s status, or None when gone or absent."""
    try:
        with open(os.path.join(_folder(pid), "status")) as status:
            for line in status:
                name, _, value = line.partition(":")
                if name == key:
                    return value.strip()
    except OSError:
        pass
    return None


@dataclass(frozen=True)
class Memory:
    """One process's memory, in bytes: ``resident`` (RSS), ``unique`` (USS:
    the pages no other process shares, what ending it frees) and
    ``proportional`` (PSS: its pages, the shared ones divided among their
    sharers)."""
    resident: int
    unique: int
    proportional: int


def _memory(process: psutil.Process) -> Memory:
    full = process.memory_full_info()
    return Memory(resident=full.rss, unique=full.uss, proportional=getattr(full, "pss", full.uss))


def memory(pid: Optional[int] = None) -> Optional[Memory]:
    """The memory of ``pid`` (this process by default), or None when it is gone."""
    return _ask(pid, _memory, None)


def resident(pid: Optional[int] = None) -> Optional[int]:
    """The resident memory (RSS) of ``pid`` (this process by default), in bytes:
    cheaper than ``memory``, which reads every mapping."""
    return _ask(pid, lambda process: int(process.memory_info().rss), None)


@overload
def peak_resident() -> int: ...
@overload
def peak_resident(pid: int) -> Optional[int]: ...
def peak_resident(pid: Optional[int] = None) -> Optional[int]:
    """The largest resident memory ``pid`` has had, in bytes (the kernel's
    high-water mark), or None when it is gone; this process's by default
    (``getrusage``, which psutil leaves to the standard library)."""
    if pid is None:
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    value = _status_line(pid, "VmHWM")  # "123 kB"
    return int(value.split()[0]) * 1024 if value else None


def available_memory() -> Optional[int]:
    """The memory the machine can give new processes now, in bytes."""
    try:
        return int(psutil.virtual_memory().available)
    except (OSError, RuntimeError):
        return None


def cpu_seconds(pid: Optional[int] = None) -> Optional[float]:
    """The processor time ``pid`` (this process by default) has used, user and system, in seconds."""
    return _ask(pid, lambda process: float(sum(process.cpu_times()[:2])), None)


def every() -> list[int]:
    """Every process on the machine, by id."""
    return list(psutil.pids())


def children(pid: Optional[int] = None) -> list[int]:
    """The processes whose parent is ``pid`` (this process by default)."""
    return _ask(pid, lambda process: [child.pid for child in process.children()], [])


def descendants(pid: Optional[int] = None) -> list[int]:
    """Every process below ``pid`` (this process by default), each parent
    before its own."""
    return _ask(pid, lambda process: [child.pid for child in process.children(recursive=True)], [])


def parent(pid: int) -> Optional[int]:
    """The parent of ``pid``, or None when it is gone."""
    return _ask(pid, lambda process: int(process.ppid()), None)


def status(pid: int) -> Optional[str]:
    """``pid``'s state as psutil names it ("running", "sleeping", "stopped",
    "zombie" ...), or None when it is gone."""
    return _ask(pid, lambda process: str(process.status()), None)


def command_line(pid: int) -> list[str]:
    """The arguments ``pid`` was started with (empty when it is gone)."""
    return _ask(pid, lambda process: list(process.cmdline()), [])


def name(pid: int) -> str:
    """The name ``pid`` goes by (its program's, or the one it gave itself; empty when it is gone)."""
    return _ask(pid, lambda process: process.name(), "")


def working_folder(pid: int) -> Optional[str]:
    """The folder ``pid`` works in, or None when it is gone."""
    return _ask(pid, lambda process: str(process.cwd()), None)


def terminal(pid: int) -> Optional[str]:
    """The controlling terminal of ``pid`` (``/dev/pts/3``), or None when it
    has none or is gone."""
    return _ask(pid, lambda process: process.terminal(), None)


def open_descriptors(pid: Optional[int] = None) -> dict[int, str]:
    """``pid``'s open descriptors (this process by default) and what each
    names (a file's path, ``pipe:[N]``, ``socket:[N]``, a pty ...).  psutil
    names only the regular files (``open_files``), so the rest are read from
    the descriptors' links."""
    folder = os.path.join(_folder(pid), "fd")
    found: dict[int, str] = {}
    try:
        names = os.listdir(folder)
    except OSError:
        return found  # gone, or not ours to read
    for name in names:
        try:
            found[int(name)] = os.readlink(f"{folder}/{name}")
        except (OSError, ValueError):
            pass  # closed meanwhile
    return found


def signal_masks(pid: Optional[int] = None) -> dict[str, str]:
    """The kernel's signal masks of ``pid`` (this process by default), in hex:
    ``blocked``, ``ignored`` and ``caught`` (empty when it is gone)."""
    masks = {name: _status_line(pid, key) for name, key in
             (("blocked", "SigBlk"), ("ignored", "SigIgn"), ("caught", "SigCgt"))}
    return {name: mask for name, mask in masks.items() if mask is not None}


def waiting_to_read(pid: int) -> Optional[int]:
    """The descriptor ``pid`` is blocked reading (its system call is ``read``),
    or None when it waits for something else, runs, or is gone.  (psutil
    does not say what a process waits in; the call's number is x86-64's.)"""
    try:
        with open(os.path.join(_folder(pid), "syscall")) as call:
            fields = call.read().split()
    except OSError:
        return None
    return int(fields[1], 16) if len(fields) > 1 and fields[0] == "0" else None

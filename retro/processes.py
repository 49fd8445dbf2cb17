"""Every question retro asks about processes and memory, answered by psutil.

The runtime, the tests, the benchmarks and the tools ask here rather than
reading the operating system's files themselves: which processes are below
one, how much memory one holds (resident, unique, proportional), how much
the machine has free, which descriptors one has open.  A process that is
gone, or that the operating system will not describe, answers ``None`` (or
an empty list), never an exception: the callers ask about processes that
may end at any moment.

Importing psutil takes some 14 ms: a command that asks nothing of processes
(``retro run`` in a pipe) does not import this module.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Optional

import psutil


def _process(pid: Optional[int]) -> Optional[psutil.Process]:
    try:
        return psutil.Process(pid)
    except (psutil.Error, ValueError):
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


def memory(pid: Optional[int] = None) -> Optional[Memory]:
    """The memory of ``pid`` (this process by default), or None when it is gone."""
    process = _process(pid)
    if process is None:
        return None
    try:
        full = process.memory_full_info()
    except psutil.Error:
        return None
    return Memory(resident=full.rss, unique=full.uss, proportional=getattr(full, "pss", full.uss))


def resident(pid: Optional[int] = None) -> Optional[int]:
    """The resident memory (RSS) of ``pid`` (this process by default), in bytes:
    cheaper than ``memory``, which reads every mapping."""
    process = _process(pid)
    if process is None:
        return None
    try:
        return int(process.memory_info().rss)
    except psutil.Error:
        return None


def peak_resident() -> int:
    """The largest resident memory this process has had, in bytes (the
    kernel's high-water mark: ``getrusage``, which psutil leaves to the
    standard library)."""
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def available_memory() -> Optional[int]:
    """The memory the machine can give new processes now, in bytes."""
    try:
        return int(psutil.virtual_memory().available)
    except (OSError, RuntimeError):
        return None


def children(pid: Optional[int] = None) -> list[int]:
    """The processes whose parent is ``pid`` (this process by default)."""
    process = _process(pid)
    if process is None:
        return []
    try:
        return [child.pid for child in process.children()]
    except psutil.Error:
        return []


def descendants(pid: Optional[int] = None) -> list[int]:
    """Every process below ``pid`` (this process by default), each parent
    before its own."""
    process = _process(pid)
    if process is None:
        return []
    try:
        return [child.pid for child in process.children(recursive=True)]
    except psutil.Error:
        return []


def parent(pid: int) -> Optional[int]:
    """The parent of ``pid``, or None when it is gone."""
    process = _process(pid)
    if process is None:
        return None
    try:
        return int(process.ppid())
    except psutil.Error:
        return None


def status(pid: int) -> Optional[str]:
    """``pid``'s state as psutil names it ("running", "sleeping", "stopped",
    "zombie" ...), or None when it is gone."""
    process = _process(pid)
    if process is None:
        return None
    try:
        return str(process.status())
    except psutil.Error:
        return None


def command_line(pid: int) -> list[str]:
    """The arguments ``pid`` was started with (empty when it is gone)."""
    process = _process(pid)
    if process is None:
        return []
    try:
        return list(process.cmdline())
    except psutil.Error:
        return []


def open_descriptors(pid: Optional[int] = None) -> dict[int, str]:
    """``pid``'s open descriptors (this process by default) and what each
    names (a file's path, ``pipe:[N]``, ``socket:[N]``, a pty ...).  psutil
    names only the regular files (``open_files``), so the rest are read here,
    from psutil's own process folder: the one place that reads the
    descriptors' links."""
    folder = os.path.join(psutil.PROCFS_PATH, str(os.getpid() if pid is None else pid), "fd")
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

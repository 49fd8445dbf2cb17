"""Where a data file's compiled caches are placed: beside it, in a folder
that may be bounded (a manager's: brain/placement.py), else beside the data
file it was copied from; the folder's bytes; a data file copied with its
caches."""
from __future__ import annotations

import glob
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Optional

from retro.safefile import write_atomically

from ..model.board import Grid
from ..model.schemes import SchemeList
from .cachefile import Compiled, cache_path, read_cache
from .datafile import DataFileError, decode, read_bytes


@dataclass(frozen=True)
class Places:
    """Where the caches of a data file in a folder of bounded size (a manager's:
    brain/placement.py) are kept: beside the data file while its folder holds at
    most ``limit`` bytes with them; else beside ``source``, the data file it
    was copied from (where ``retro run`` and ``--learn-pending`` make them),
    whose caches serve while its bytes are the copy's (a cache is keyed by
    the bytes, not the place)."""

    source: Optional[Path]
    limit: int


def home(path: Path, data: bytes, compiled: Compiled, places: Optional[Places]) -> Optional[Path]:
    """The data file beside which a cache just compiled from ``path``'s bytes
    ``data`` is written: ``path`` if its folder keeps it within the limit
    (or has none), else the source if its bytes are the same, else none."""
    if places is None or folder_bytes(path.parent) + cache_bytes(compiled) <= places.limit:
        return path
    if places.source is not None and read_source(places.source) == data:
        return places.source
    return None


def read_source(source: Path) -> Optional[bytes]:
    """The source data file's bytes, None if it cannot be read."""
    try:
        return read_bytes(source)
    except DataFileError:
        return None


def folder_bytes(folder: Path) -> int:
    """Bytes in the files of a folder (a manager's counts them all)."""
    try:
        return sum(entry.stat().st_size for entry in folder.iterdir() if entry.is_file())
    except OSError:
        return 0


def cache_bytes(compiled: Compiled) -> int:
    """About the bytes of the cache of these arrays (the header's few hundred at most)."""
    return sum(-(-array.nbytes // 8) * 8 for array in compiled.arrays.values()) + 4096


def caches_beside(path: Path, winalign: int) -> Iterator[Grid]:
    """The grids of the caches beside the data file ``path`` (a file named
    for a grid this learner does not play on is left out)."""
    for cache in sorted(path.parent.glob(glob.escape(path.name) + ".compiled-*")):
        size = re.fullmatch(r"([0-9]{1,2})x([0-9]{1,2})", cache.name[len(path.name) + len(".compiled-"):])
        if size is None:
            continue
        try:
            yield Grid(int(size[1]), int(size[2]), winalign, maxsize=max(int(size[1]), int(size[2])))
        except ValueError:
            continue


def copy_with_caches(source: Path, target: Path, winalign: int, rules: str, grid: Optional[Grid] = None,
                     limit: Optional[int] = None) -> None:
    """The data file ``source`` copied to ``target`` byte for byte, with the
    caches beside it that match it (keyed by its bytes, they match the copy):
    a brain's first store in a manager's folder starts as fast as the
    original.  ``grid``: only the cache for that board; ``limit``: only while
    the target's folder holds at most so many bytes with it (the others
    serve from beside the source: ``Places``).  Nothing is written if there
    is no source; DataFileError if it is no data file of this program;
    OSError if the target refuses it."""
    data = read_bytes(source)
    if data is None:
        return
    decode(data, source, winalign, rules, kept=SchemeList(winalign))  # (a store of this program, whole)
    write_atomically(target, data)
    for cache_grid in caches_beside(source, winalign):
        cache = cache_path(source, cache_grid)
        if grid is not None and cache_grid != grid or limit is not None and \
                folder_bytes(target.parent) + cache.stat().st_size > limit:
            continue
        if read_cache(source, cache_grid, data, rules) is not None:
            write_atomically(cache_path(target, cache_grid), cache.read_bytes())

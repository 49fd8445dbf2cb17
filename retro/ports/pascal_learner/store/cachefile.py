"""The compiled cache's file format: a data file's turned schemes as arrays.

The compact plan finder's arrays (planfinder/compact.py) are kept in
``<file>.compiled-<rows>x<cols>``, beside the data file, keyed by the data
file's SHA-256, the rule set, the board's size and the compiled form's
version (``FORMAT``, with retro's version).  A cache whose key does not
match, whose payload does not match its length and CRC-32 (a damaged file),
or whose arrays do not have the types, shapes and ranges this code makes,
is never used (``read_cache`` answers None).  The file is mapped
(store/mapping.py), and the arrays used where they lie.
"""
from __future__ import annotations

import hashlib
import json
import mmap
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

import numpy as np
import numpy.typing as npt

from retro import __version__
from retro.safefile import write_atomically

from ..model.board import Grid
from ..planfinder.vectorised import PADS
from .mapping import forget, mapped

MAGIC = b"retro pascal-learner compiled schemes\n"
FORMAT = 1
CACHE_LIMIT = 1 << 30  # bytes: a store of 25,000 schemes compiles to about 45 MiB
LINE = re.compile(rb"scheme [0-9]{1,9} free( -?[0-9]{1,4},-?[0-9]{1,4})+ held( -?[0-9]{1,4},-?[0-9]{1,4})*")
ARRAYS = ("anchors", "free", "held", "level", "scheme", "orientation", "rank", "lines", "starts")


def cache_path(path: Path, grid: Grid) -> Path:
    return path.with_name(f"{path.name}.compiled-{grid.boardrows}x{grid.boardcols}")


def key_of(data: bytes, grid: Grid, rules: str) -> dict[str, object]:
    """What a cache must have been compiled from: this data file's bytes, read under these rules, on this
    grid, by this code."""
    return {"store": hashlib.sha256(data).hexdigest(), "rules": rules, "rows": grid.boardrows,
            "cols": grid.boardcols, "align": grid.winalign, "format": FORMAT, "retro": __version__}


@dataclass
class Compiled:
    """A compact finder's arrays and its schemes' lines (``CompactPlanFinder.compiled``),
    and the mapped cache they lie in, if they were read."""

    arrays: dict[str, npt.NDArray[np.generic]]
    mapped: Optional[mmap.mmap] = None

    @property
    def rows(self) -> int:
        return len(self.arrays["level"])


def write_cache(path: Path, grid: Grid, data: bytes, rules: str, compiled: Compiled) -> bool:
    """Write the cache of the data file whose bytes are ``data``; False if the folder refuses it.

    The arrays' bytes follow a line of JSON (the key, and each array's type,
    shape and place), each at a multiple of 8 bytes from the file's start,
    so that reading takes them where they lie (``np.frombuffer``), with no copy."""
    layout: list[list[object]] = []
    parts: list[memoryview] = []
    offset = crc = 0
    for name in ARRAYS:
        array = np.ascontiguousarray(compiled.arrays[name])
        layout.append([name, array.dtype.str, list(array.shape), offset])
        parts += [array.reshape(-1).view(np.uint8).data, memoryview(bytes(-array.nbytes % 8))]
        offset += -(-array.nbytes // 8) * 8
    for part in parts:  # (the payload is written in its parts, never joined: a copy of it all)
        crc = zlib.crc32(part, crc)
    header = json.dumps(dict(key_of(data, grid, rules), payload=f"{offset}:{crc:08x}", layout=layout),
                        sort_keys=True)
    head = MAGIC + header.encode()
    head += b" " * (-(len(head) + 1) % 8) + b"\n"
    try:
        write_atomically(cache_path(path, grid), [head, *parts])
    except OSError:
        return False
    return True


def _check(payload: memoryview) -> str:
    """The payload's length and CRC-32 (as ``write_cache`` writes them): a damaged
    cache is caught (the key has the store's SHA-256)."""
    return f"{len(payload)}:{zlib.crc32(payload):08x}"


def read_cache(path: Path, grid: Grid, data: bytes, rules: str) -> Optional[Compiled]:
    """The cache of the data file whose bytes are ``data``, if there is one that
    matches it and is whole; None otherwise (it is then to be compiled again).

    The file is mapped, not read: the arrays are taken where they lie, and
    the pages of rows never matched (``within``) never count in memory."""
    raw = mapped(cache_path(path, grid), CACHE_LIMIT)
    if raw is None or not raw[:len(MAGIC)] == MAGIC:
        return None
    end = raw.find(b"\n", len(MAGIC), 1 << 16)
    if end < 0 or (end + 1) % 8:
        return None
    try:
        header = json.loads(raw[len(MAGIC):end])
    except ValueError:
        return None
    if not isinstance(header, dict):
        return None
    payload = memoryview(raw)[end + 1:]
    layout = header.pop("layout", None)
    if header != dict(key_of(data, grid, rules), payload=_check(payload)):  # (the payload's CRC only if the key is)
        return None
    arrays = {}
    try:
        for (name, kind, shape, offset), expected in zip(layout, ARRAYS, strict=True):
            dtype = np.dtype(kind)
            count = int(np.prod(shape, dtype=np.int64))
            if name != expected or offset % 8 or dtype.hasobject:
                return None
            arrays[name] = np.frombuffer(payload, dtype=dtype, count=count, offset=offset).reshape(shape)
    except (TypeError, ValueError):
        return None
    if not _well_formed(arrays, grid):
        return None
    forget(raw)  # (read for the checks; read again as the rows are matched)
    return Compiled(arrays, raw)


def _well_formed(a: dict[str, npt.NDArray[np.generic]], grid: Grid) -> bool:
    """The shapes, types and ranges the compact finder relies on."""
    kinds = {"anchors": np.uint64, "free": np.int16, "held": np.int16, "level": np.uint8, "scheme": np.int32,
             "orientation": np.uint8, "rank": np.int32, "lines": np.uint8, "starts": np.int64}
    if any(a[name].dtype != np.dtype(kind).newbyteorder("<") for name, kind in kinds.items()):
        return False
    rows = len(a["level"])
    schemes = len(a["starts"]) - 1
    if (a["anchors"].shape != (rows, (grid.size + 63) // 64)
            or any(a[n].ndim != 2 or a[n].shape[1] != rows for n in ("free", "held"))
            or any(a[n].shape != (rows,) for n in ("scheme", "orientation", "rank")) or schemes < 0):
        return False
    if rows and not (a["free"].min(initial=0) >= 0 and a["free"].max(initial=0) <= PADS[1]
                     and a["held"].min(initial=0) >= 0 and a["held"].max(initial=0) <= PADS[1]
                     and a["level"].min() >= 1 and a["scheme"].min() >= 0 and a["scheme"].max() < schemes
                     and a["orientation"].max() < 8 and a["rank"].min() >= 0 and a["rank"].max() < rows
                     and np.all(np.diff(a["level"].astype(np.int16)) >= 0)):
        return False
    starts, lines = a["starts"], a["lines"].tobytes()
    if schemes and (starts[0] != 0 or starts[-1] != len(lines) or np.any(np.diff(starts) < 1)):
        return False
    return all(LINE.fullmatch(lines[starts[k]:starts[k + 1] - 1]) for k in range(schemes))

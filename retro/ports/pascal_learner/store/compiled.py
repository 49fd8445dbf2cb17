"""The compiled cache of a data file: its turned schemes as arrays, beside it.

Reading a large store and compiling it takes seconds (a 2,000-game
Five-in-a-Row store: 3.3 s to read, each scheme checked against the others
for subsumption, and 6.6 s to compile); a Gomocup brain has a second.  So
the compact plan finder's arrays (planfinder/compact.py) are kept in
``<file>.compiled-<rows>x<cols>``, beside the data file, keyed by the data
file's SHA-256, the rule set, the board's size and the compiled form's
version (``FORMAT``, with retro's version).  A cache whose key does not
match, whose payload does not match its length and CRC-32 (a damaged file),
or whose arrays do not have the types, shapes and ranges this code makes,
is never used: it is compiled again from the data file, which stays the
master copy, and written again, atomically (retro/safefile.py).  A folder
that takes no new file only costs the time.  The file is mapped, and the
arrays used where they lie; where memory is short (``fit``), only the rows
of the lowest levels are.
"""
from __future__ import annotations

import glob
import hashlib
import json
import mmap
import os
import re
import stat
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Optional

import numpy as np
import numpy.typing as npt

from retro import __version__
from retro.safefile import write_atomically

from ..model.board import Grid
from ..planfinder.compact import CompactPlanFinder, compile_rows, line_at
from ..planfinder.vectorised import PADS
from ..model.schemes import Scheme, SchemeList
from .datafile import DataFileError, Progress, Store, decode, read_bytes, scheme_line, scheme_of_line

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


@dataclass(frozen=True)
class Places:
    """Where the caches of a data file in a folder of bounded size (a manager's:
    brain/pbrain.py) are kept: beside the data file while its folder holds at
    most ``limit`` bytes with them; else beside ``source``, the data file it
    was copied from (where ``retro run`` and ``--learn-pending`` make them),
    whose caches serve while its bytes are the copy's (a cache is keyed by
    the bytes, not the place)."""

    source: Optional[Path]
    limit: int


def play_finder(path: Path, grid: Grid, rules: str, places: Optional[Places] = None) -> Optional[CompactPlanFinder]:
    """The compact finder of the data file ``path`` on ``grid``, from its cache
    (or, with ``places``, the source's), compiled (and the cache written where
    ``places`` allows) if none matches; None if there is no data file.
    DataFileError as ``load``."""
    opened = cached_or_compiled(path, grid, rules, write=True, places=places)
    if opened is None:
        return None
    found = opened[1]
    return CompactPlanFinder.from_compiled(grid, found.arrays, mapped=found.mapped)  # (mapped: kept for fit)


def cached_or_compiled(path: Path, grid: Grid, rules: str, write: bool, places: Optional[Places] = None,
                       progress: Optional[Progress] = None) -> Optional[tuple[bytes, "Compiled"]]:
    """The bytes of the data file ``path`` and their compiled arrays on ``grid``:
    from the cache (beside ``path``, else beside ``places.source``), or
    compiled if none matches (and the cache written, if ``write``, where
    ``places`` allows: ``home``); None if there is no data file.  DataFileError
    as ``load``; ``progress`` told how far the reading is, as ``load`` tells it."""
    data = read_bytes(path)
    if data is None:
        return None
    found = read_cache(path, grid, data, rules)
    if found is None and places is not None and places.source is not None:
        found = read_cache(places.source, grid, data, rules)
    if found is None:
        found = compile_lines(kept_lines(data, path, grid.winalign, rules, progress), grid)
        target = home(path, data, found, places) if write else None
        if target is not None and write_cache(target, grid, data, rules, found):
            # Mapped from the file as a cache read is: the arrays compiled are let go first (never both
            # in memory), and a brain's ``fit`` counts only the pages it matches, not every row.
            lines = found.arrays["lines"].tobytes()
            found.arrays.clear()
            found = read_cache(target, grid, data, rules) or compile_lines(lines.splitlines(), grid)
    return data, found


def home(path: Path, data: bytes, compiled: "Compiled", places: Optional[Places]) -> Optional[Path]:
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


def cache_bytes(compiled: "Compiled") -> int:
    """About the bytes of the cache of these arrays (the header's few hundred at most)."""
    return sum(-(-array.nbytes // 8) * 8 for array in compiled.arrays.values()) + 4096


def learning_store(path: Path, grid: Grid, rules: str, write: bool,
                   progress: Optional[Progress] = None) -> Optional[tuple[Store, CompactPlanFinder]]:
    """The data file ``path`` opened to play and learn in bounded memory
    (``retro run`` on Five-in-a-Row): its store, the schemes made from its
    compiled cache's lines (compiled, and the cache written if ``write``, if
    the cache is missing or does not match), and a compact finder over them
    that learns with the list (``CompactPlanFinder.learning_from``); None if
    there is no data file.  DataFileError and ``progress`` as ``load``."""
    opened = cached_or_compiled(path, grid, rules, write, progress=progress)
    if opened is None:
        return None
    data, found = opened
    a = found.arrays
    schemes = SchemeList(grid.winalign)
    text, starts = a["lines"].tobytes(), a["starts"].tolist()
    turned = np.bincount(a["scheme"], minlength=len(starts) - 1).tolist()  # (the rows: its orientations)
    flipped = np.zeros(len(starts) - 1, dtype=bool)
    flipped[a["scheme"][np.asarray(a["orientation"]) >= 4]] = True
    for k, flips in enumerate(flipped.tolist()):  # (each checked against the others when the cache was made)
        useful = (turned[k] // (1 + flips), 1 + flips)
        schemes.add(scheme_of_line(line_at(text, starts, k), useful), kept=True)
    store = decode(data, path, grid.winalign, rules, kept=schemes)
    return store, CompactPlanFinder.learning_from(schemes, grid, found.arrays)


def as_read(schemes: SchemeList, learnt: int) -> list[Scheme]:
    """The schemes of the list as its saved file reads them again
    (``datafile.parse``: in the file's order, by level, each merged if one
    read before it covers it), where the list read so (or from a cache made
    so) has since learnt its schemes from the number ``learnt`` on.  Of the
    schemes read before, none covered another: only a pair with a new
    scheme is checked (subsumption covers transitively, so a scheme merged
    earlier could only have covered one its own coverer covers)."""
    new = {id(scheme) for scheme in schemes.added[learnt:]}
    kept: list[Scheme] = []
    kept_new: list[Scheme] = []
    for scheme in schemes:
        if id(scheme) in new:
            if not any(other.subsumes(scheme) for other in kept):
                kept.append(scheme)
                kept_new.append(scheme)
        elif not any(other.subsumes(scheme) for other in kept_new):
            kept.append(scheme)
    return kept


def rewrite_cache(path: Path, grid: Grid, rules: str, finder: CompactPlanFinder, learnt: int) -> bool:
    """After a save of the data file ``path``, its cache written again from the
    rows of ``finder`` (``learning_store``'s, which has learnt the list's
    schemes from the number ``learnt`` on), as compiling the file would make
    it, so that the next start is quick; False if it could not be written."""
    try:
        data = read_bytes(path)
    except DataFileError:
        return False
    if data is None:
        return False
    compiled = Compiled(finder.compiled_as_read(as_read(finder.schemes, learnt)))
    return write_cache(path, grid, data, rules, compiled)


@dataclass
class Compiled:
    """A compact finder's arrays and its schemes' lines (``CompactPlanFinder.compiled``),
    and the mapped cache they lie in, if they were read."""

    arrays: dict[str, npt.NDArray[np.generic]]
    mapped: Optional[mmap.mmap] = None

    @property
    def rows(self) -> int:
        return len(self.arrays["level"])


def kept_lines(data: bytes, path: Path, winalign: int, rules: str, progress: Optional[Progress] = None) -> list[bytes]:
    """The lines of the schemes a data file's bytes keep as ``load`` reads
    them (each checked against those read before: a scheme that one read
    earlier covers is merged), in the list's order; the list itself is let
    go before compiling, which makes the schemes again from their lines, a
    block at a time.  DataFileError and ``progress`` as ``load``."""
    store = decode(data, path, winalign, rules, progress)
    # (scheme_line's own cache would keep the schemes: its function is called as it is)
    return [scheme_line.__wrapped__(scheme).encode("ascii") for scheme in store.schemes.added]


def compile_lines(lines: list[bytes], grid: Grid) -> Compiled:
    """The schemes of these lines (``kept_lines``) compiled for ``grid``, as arrays, in bounded memory."""
    return Compiled(compile_rows(lines, grid))


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
    raw = _mapped(cache_path(path, grid))
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
    _forget(raw)  # (read for the checks; read again as the rows are matched)
    return Compiled(arrays, raw)


def _mapped(path: Path) -> Optional[mmap.mmap]:
    """A regular file of at most CACHE_LIMIT bytes, mapped read-only (None if there is none)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode) or not 0 < status.st_size <= CACHE_LIMIT:
            return None
        return mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    finally:
        os.close(fd)


def _forget(raw: mmap.mmap) -> None:
    """Let the system take back the mapped pages read so far (they are read again if used)."""
    if hasattr(mmap, "MADV_DONTNEED"):
        try:
            raw.madvise(mmap.MADV_DONTNEED)
        except OSError:
            pass


ROW_ARRAYS = ("anchors", "free", "held", "level", "scheme", "orientation", "rank")


def within(compiled: Compiled, budget: int) -> int:
    """How many rows, of the lowest levels and whole levels only, a finder
    can match in ``budget`` bytes (the rows, and the matching's working
    copies of their anchors)."""
    a = compiled.arrays
    rows = len(a["level"])
    if not rows:
        return 0
    per_row = (sum(a[n].nbytes for n in ROW_ARRAYS) + 3 * a["anchors"].nbytes) / rows
    k = int(budget // per_row)
    if k >= rows:
        return rows
    return int(np.searchsorted(a["level"], a["level"][max(k, 0)], side="left"))


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


def recompile_caches(path: Path, winalign: int, rules: str) -> None:
    """Compile again the caches beside the data file ``path``, so that the
    next brain starts at once.  From the file as it reads (not the list in
    memory: reading merges a scheme that a simpler one learnt later covers)."""
    data = read_bytes(path)
    if data is None:
        return
    lines = None
    for grid in caches_beside(path, winalign):
        lines = lines if lines is not None else kept_lines(data, path, winalign, rules)
        write_cache(path, grid, data, rules, compile_lines(lines, grid))


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


def fit(finder: CompactPlanFinder, limit: int) -> Optional[tuple[CompactPlanFinder, str]]:
    """Where the process may hold ``limit`` bytes (``INFO max_memory``) and the
    finder's rows do not fit beside what it holds already: a finder over the
    rows of the lowest levels that do, and what to tell the manager; None if
    all fit (or the finder was not read from a cache)."""
    if finder.arrays is None:
        return None
    whole = Compiled(finder.arrays)
    if isinstance(finder.mapped, mmap.mmap):
        _forget(finder.mapped)  # (the pages of the rows left out never come back)
    held = resident()
    if held is None:
        return None
    rows = within(whole, int(limit * 0.85) - held)
    if rows >= whole.rows:
        return None
    smaller = CompactPlanFinder.from_compiled(finder.grid, finder.arrays, rows, finder.mapped)
    levels = whole.arrays["level"]
    schemes = len(np.unique(whole.arrays["scheme"][:rows]))
    total = len(whole.arrays["starts"]) - 1
    if not rows:
        return smaller, f"the memory allowed holds none of my {total:,} schemes: I play without them"
    return smaller, (f"the memory allowed holds {schemes:,} of my {total:,} schemes "
                     f"(levels 1 to {int(levels[rows - 1])}): I play from those")


def resident() -> Optional[int]:
    """The process's resident memory, in bytes (None where /proc does not say it)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None

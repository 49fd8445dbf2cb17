"""The compiled cache of a data file: its turned schemes as arrays, beside it.

Reading a large store and compiling it takes seconds (a 2,000-game
Five-in-a-Row store: 3.3 s to read, each scheme checked against the others
for subsumption, and 6.6 s to compile); a Gomocup brain has a second.  So
the compact plan finder's arrays are kept in a cache beside the data file
(its format: store/cachefile.py; its place: store/placing.py).  This module
opens a finder from the cache, or compiles the data file again where no
cache matches (the data file stays the master copy) and writes the cache
again, atomically; a folder that takes no new file only costs the time.
"""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import numpy as np

from ..model.board import Grid
from ..model.schemes import Scheme, SchemeList
from ..planfinder.compact import CompactPlanFinder, compile_rows, line_at
from .cachefile import Compiled, read_cache, write_cache
from .datafile import DataFileError, Progress, Store, decode, read_bytes, scheme_line, scheme_of_line
from .placing import Places, caches_beside, home

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
                       progress: Optional[Progress] = None) -> Optional[tuple[bytes, Compiled]]:
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

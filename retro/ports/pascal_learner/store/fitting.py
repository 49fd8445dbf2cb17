"""Memory fitting: where a brain may hold only so many bytes (``INFO
max_memory``), the compact finder over the rows of its lowest levels that
fit beside what the process holds already (retro/processes.py)."""
from __future__ import annotations

import mmap
from typing import Optional

import numpy as np

from retro import processes

from ..planfinder.compact import CompactPlanFinder
from ..planfinder.plans import PlanFinderBase
from .cachefile import Compiled
from .mapping import forget

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


def fit(finder: PlanFinderBase, limit: int) -> Optional[tuple[CompactPlanFinder, str]]:
    """Where the process may hold ``limit`` bytes (``INFO max_memory``) and the
    finder's rows do not fit beside what it holds already: a finder over the
    rows of the lowest levels that do, and what to tell the manager; None if
    all fit (or the finder is not a compact one read from a cache)."""
    if not isinstance(finder, CompactPlanFinder) or finder.arrays is None:
        return None
    whole = Compiled(finder.arrays)
    if isinstance(finder.mapped, mmap.mmap):
        forget(finder.mapped)  # (the pages of the rows left out never come back)
    held = processes.resident()
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

"""Whether NumPy can be had here.  The look-ahead (lookahead.py, vectorised.py)
and the compact store (compact.py, store/compiled.py) need it; the visitor's
browser (Pyodide's core, as retro site ships it) has none, and the learner then
walks its pivot tree and keeps its schemes as a list, which give the same
screen, moves and store (NOTES.md: the look-ahead and the compact form, each tested against
the walking finder byte for byte)."""
from __future__ import annotations

import functools


@functools.lru_cache(maxsize=None)
def has_numpy() -> bool:
    try:
        import numpy  # noqa: F401  # only whether it imports
    except ImportError:
        return False
    return True

"""A kept game's cast made from its transcript, or from its tape for a game without one
(retro.web.pty_cast, saved raw: a file ending in ``.tape``), in a process of its own
(``python -m retro.web.cast_worker TRANSCRIPT-OR-TAPE CAST``), started by the server
(retro.web.take_home) at a lower priority and within a memory limit: a long game's cast
takes seconds of work and a hundred MiB or more, none of them the server's.  Its status:
0 with the cast written, 1 without."""
from __future__ import annotations

import os
import resource
import sys
from pathlib import Path

from .config import CAST_WORKER_BYTES, CAST_WORKER_CPU_SECONDS, CAST_WORKER_NICENESS


def limited() -> None:
    """This process's memory and processor time capped, and its priority below the server's."""
    try:
        resource.setrlimit(resource.RLIMIT_AS, (CAST_WORKER_BYTES, CAST_WORKER_BYTES))
        resource.setrlimit(resource.RLIMIT_CPU, (CAST_WORKER_CPU_SECONDS, CAST_WORKER_CPU_SECONDS))
        os.nice(CAST_WORKER_NICENESS)
    except (OSError, ValueError):
        pass  # a limit lower already, or none allowed: the cast is made all the same


def made(source: Path, cast: Path) -> bool:
    """The cast of ``source`` (a transcript, or a tape) written whole to ``cast``; False if it could not be."""
    from retro.cast import cast_of
    from retro.safefile import write_atomically
    from retro.transcript import TranscriptError, load
    from retro.web.pty_cast import TapeError, saved_cast
    from retro.web.take_home import TAPE_ENDING

    try:
        made_cast = saved_cast(source.read_bytes()) if source.suffix == f".{TAPE_ENDING}" else cast_of(load(source))
        write_atomically(cast, made_cast.v2().encode("utf-8"))
    except (TranscriptError, TapeError, OSError, MemoryError):
        return False
    return True


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        return 1
    limited()
    return 0 if made(Path(argv[0]), Path(argv[1])) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

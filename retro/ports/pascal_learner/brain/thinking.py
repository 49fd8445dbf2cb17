"""The brain's thinking thread: a move is worked out in a thread, one at a
time, and waited for only until its deadline.  A thought still running when
the next move is asked for is waited for until that move's deadline only
(the learner is used by one thread at a time)."""
from __future__ import annotations

import threading
from typing import Callable, Optional


class Thinker:
    """The thought under way, if any, and the clock the deadlines are on."""

    def __init__(self, clock: Callable[[], float]):
        self.clock = clock
        self.thread: Optional[threading.Thread] = None

    def until(self, wait: Optional[float]) -> Optional[float]:
        """The deadline ``wait`` seconds from now (None: no deadline)."""
        return None if wait is None else self.clock() + wait

    def finished(self, deadline: Optional[float] = None) -> bool:
        """The last thought finished by the deadline: True if it has, or there was none."""
        if self.thread is not None:
            self.thread.join(None if deadline is None else max(0.0, deadline - self.clock()))
            if self.thread.is_alive():
                return False
            self.thread = None
        return True

    def think(self, choose: Callable[[], int], deadline: Optional[float]) -> Optional[int]:
        """``choose()``'s move, worked out in a thread, if it is ready by the
        deadline; else None (the thought goes on: ``finished`` waits for it).
        The caller has seen the last thought ``finished``."""
        result: list[int] = []
        self.thread = threading.Thread(target=lambda: result.append(choose()), daemon=True)
        self.thread.start()
        self.finished(deadline)
        return result[0] if result else None

"""A session's frames from the page, paid for as they come: each frame and each byte takes
from a budget that a second refills (a token bucket), so that no visitor's keys make the
server's loop wait for everybody else.  A session past its budget is told and closed
(``websocket.py``): a person's keys, key repeat and pastes never come near it."""
from __future__ import annotations

import time
from typing import Callable

from .config import FRAME_BUDGET_SECONDS, FRAME_READ_BYTES


class Bucket:
    """What ``rate`` a second refills, holding at most ``most``."""

    def __init__(self, rate: float, most: float, now: float) -> None:
        self.rate, self.most = rate, most
        self.left, self.when = most, now

    def take(self, amount: float, now: float) -> bool:
        """``amount`` paid for, if the bucket holds it (nothing is taken otherwise)."""
        self.left = min(self.most, self.left + (now - self.when) * self.rate)
        self.when = now
        if amount > self.left:
            return False
        self.left -= amount
        return True


class FrameBudget:
    """``frames_per_second`` frames and ``bytes_per_second`` of their payload, a
    burst of ``FRAME_BUDGET_SECONDS`` of each at once (and of bytes, at least
    the largest frame read, which is refused in words and costs its size)."""

    def __init__(self, frames_per_second: int, bytes_per_second: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        now = clock()
        self._frames = Bucket(frames_per_second, frames_per_second * FRAME_BUDGET_SECONDS, now)
        self._bytes = Bucket(bytes_per_second, max(bytes_per_second * FRAME_BUDGET_SECONDS, FRAME_READ_BYTES), now)

    def pays(self, size: int) -> bool:
        """Whether one more frame of ``size`` bytes is within the budget."""
        now = self._clock()
        return self._frames.take(1, now) and self._bytes.take(size, now)

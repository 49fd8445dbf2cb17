"""A session's frames paid for as they come (retro.web.frame_budget): what a person
sends fits, a flood does not, and a second refills the budget."""
from retro.web.config import Limits
from retro.web.frame_budget import FrameBudget


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def budget(clock: Clock) -> FrameBudget:
    limits = Limits()
    return FrameBudget(limits.frames_per_second, limits.frame_bytes_per_second, clock)


def test_key_repeat_for_a_minute_and_pastes_fit() -> None:
    clock = Clock()
    frames = budget(clock)
    for _ in range(60 * 50):  # a key held down, 50 a second, for a minute
        clock.now += 1 / 50
        assert frames.pays(1)
    for _ in range(40):  # a paste of 16 KiB each half second
        clock.now += 0.5
        assert frames.pays(16 << 10)


def test_a_flood_of_one_byte_frames_is_past_the_budget() -> None:
    clock = Clock()
    frames = budget(clock)
    paid = 0
    while frames.pays(1) and paid < 10_000:
        paid += 1
    assert paid == 500  # two seconds' worth at once
    clock.now += 1.0
    assert sum(frames.pays(1) for _ in range(1000)) == 250  # a second refills a second's worth


def test_bytes_are_paid_for_too() -> None:
    clock = Clock()
    frames = budget(clock)
    assert frames.pays(1 << 20)  # the largest frame read (refused in words, the session going on)
    assert not frames.pays(16 << 10)
    clock.now += 1.0
    assert frames.pays(16 << 10)

"""retro/web/config.py: the sessions that run at once follow the memory
the machine has available (retro/processes.py), within their bounds."""
import pytest

from retro import processes
from retro.web import config


@pytest.mark.parametrize("available_mib, sessions", [
    (1024, 1024 // 2 // config.SESSION_MIB),  # half of it, at SESSION_MIB each
    (16, config.FEWEST_SESSIONS),
    (1 << 20, config.MOST_SESSIONS),
])
def test_the_default_sessions_are_half_the_memory_available(monkeypatch, available_mib: int, sessions: int) -> None:
    monkeypatch.setattr(processes, "available_memory", lambda: available_mib << 20)
    assert config.default_max_sessions() == sessions


def test_memory_that_cannot_be_read_gives_the_unmeasured_default(monkeypatch) -> None:
    monkeypatch.setattr(processes, "available_memory", lambda: None)
    assert config.default_max_sessions() == config.SESSIONS_UNMEASURED


def test_this_machine_gives_a_default_within_the_bounds() -> None:
    assert config.FEWEST_SESSIONS <= config.default_max_sessions() <= config.MOST_SESSIONS

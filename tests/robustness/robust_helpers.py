"""Shared helpers for the robustness suite (imported by its test modules)."""
import os
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path


from retro import catalog

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = list(catalog.programs())


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: int):
    """Fail instead of hanging: SIGALRM interrupts the port."""
    def alarm(signum, frame):
        raise Hang(f"no end within {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def documented_statuses(program_id: str) -> set[int]:
    return {status for status, _ in catalog.get(program_id).exit_statuses}


def retro_run(program_id: str, data: bytes, *args: str, cwd: Path, timeout: int = 30,
              env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "retro", "run", program_id, *args], input=data,
                          capture_output=True, cwd=cwd, timeout=timeout, env=env or dict(os.environ))

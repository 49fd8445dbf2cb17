"""fortran-rcd: how long a whole session takes the port (the original answers at once)."""
import statistics
import time

from retro.console import LineConsole
from retro.ports.fortran_rcd import FortranOptions
from retro.ports.fortran_rcd.tictactoe import run as run_port

GAME = b"S\n1,1\n1,2\n3,1\n2,3\n3,3\nN\n"


def run() -> list[tuple[str, str]]:
    times = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(200):
            run_port(LineConsole.from_bytes(GAME), FortranOptions(ai="ia"))
        times.append((time.perf_counter() - start) / 200)
    return [("one complete game, IA, in a pipe (median of 7x200)", f"{statistics.median(times) * 1e3:.2f} ms")]

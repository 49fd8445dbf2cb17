"""retro audit: each 3x3 audit under a second, the Qubic search for versions 2
and 3 under ten seconds (issue 7)."""
import statistics
import time

from retro.audit.run import audit_program
from retro.audit.subjects import SUBJECTS

CASES = [
    ("fortran-rcd", {"ai": "ia"}),
    ("fortran-rcd", {"ai": "mj"}),
    ("cpm-c", {}),
    ("perl-midterm", {}),
    ("pascal-learner", {"data": "transcripts/pascal-learner/trained-3.data"}),
    ("altair-3d", {"version": "2"}),
    ("altair-3d", {"version": "3"}),
]


def run() -> list[tuple[str, str]]:
    rows = []
    for program_id, options in CASES:
        if program_id not in SUBJECTS:
            continue
        times = []
        for _ in range(3):
            start = time.perf_counter()
            report = audit_program(program_id, options)
            times.append(time.perf_counter() - start)
        extra = f", {report.search['nodes']:,} replies" if report.search is not None else ""
        name = f"audit {program_id} {' '.join(f'{k}={v}' for k, v in options.items())}".rstrip()
        rows.append((name + " (median of 3)", f"{statistics.median(times):.3f} s{extra}"))
    return rows

"""`retro audit`: each author's claim, put to the test and reported.

Exhaustive play (explore.py) for the 3x3 programs, a win search (qubic.py)
for the 3-D one.  The beating lines found can be saved as golden transcripts,
made by running the real program (`retro run`'s code path) on their input.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Optional, Sequence, TextIO

from .. import catalog
from ..console import LineConsole
from ..check import session
from ..outcome import Outcome
from . import explore
from .qubic import QubicSearch
from .subjects import SUBJECTS

SEARCH_BUDGET_NODES, SEARCH_BUDGET_SECONDS = 400_000, 30.0


def audit_program(program_id: str, options: dict[str, Any],
                  progress: Optional[Callable[[dict[Outcome, int]], None]] = None) -> explore.Report:
    """The report on the claim; ``progress`` is told the counts as games end."""
    if program_id not in SUBJECTS:
        raise KeyError(program_id)
    subject = SUBJECTS[program_id](**options)
    if subject.searched:
        return _search(subject, options)
    started = time.perf_counter()
    counts, lost = explore.explore(subject, progress=progress)
    seconds = time.perf_counter() - started
    beating = explore.shortest(lost)
    report = explore.Report(subject.program_id, options, subject.claim, subject.claim_holds(lost), True, counts,
                            beating, seconds)
    report.analysis = [explore.analyse(subject, line) for line in beating]
    report.notes.extend(subject.notes())
    return report


def _search(subject: explore.Subject, options: dict[str, Any]) -> explore.Report:
    search = QubicSearch(subject, SEARCH_BUDGET_NODES, SEARCH_BUDGET_SECONDS)
    found = search.run()
    lines = []
    if found.line:
        moves = [(explore.HUMAN, m, m) for m in found.line]
        lines = [explore.Line(True, moves, explore.HUMAN)]
    report = explore.Report(subject.program_id, options, subject.claim, subject.claim_holds(lines), False,
                            {explore.PROGRAM: 0, explore.DRAW: 0, explore.HUMAN: len(lines)}, lines, found.seconds)
    report.notes.append(
        f"searched {found.nodes:,} program replies in {found.seconds:.2f} s "
        f"(budget {found.budget_nodes:,} replies or {found.budget_seconds:g} s)"
        + ("; the budget ran out" if found.exhausted else "")
        + ("" if found.line else "; no winning line found: this settles nothing beyond the budget"))
    report.search = {"nodes": found.nodes, "budget_nodes": found.budget_nodes,
                     "budget_seconds": found.budget_seconds, "budget_exhausted": found.exhausted,
                     "program_replies": found.replies}
    return report


def beating_title(variants: list[str], human_first: bool, moves: Sequence[str]) -> str:
    """A beating line's title in words, for whoever chooses it from a list of the program's sessions.

    >>> beating_title(["Move routine: the older one (MJ)"], False, ["2,3", "3,1"])
    'A quickest win for the player (Move routine: the older one (MJ)), the computer moving first: 2,3 3,1'
    """
    against = f" ({'; '.join(variants)})" if variants else ""
    return f"A quickest win for the player{against}, {'the player' if human_first else 'the computer'} " \
           f"moving first: {' '.join(moves)}"


def save_beating_transcripts(report: explore.Report, folder: Path, slug: str) -> list[Path]:
    """Each beating line, played through the real program, as a golden transcript."""
    program = catalog.get(report.program)
    subject = SUBJECTS[report.program](**report.options)
    words = program.option_words(program.typed(report.options))
    folder.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    numbers: dict[bool, int] = {}
    for line in report.beating_lines:
        numbers[line.human_first] = number = numbers.get(line.human_first, 0) + 1
        start = next(s for s in subject.starts() if s.human_first == line.human_first)
        inputs = subject.session_input(start, line.human_moves)
        console = LineConsole.from_lines(inputs)
        who = "human-first" if line.human_first else "program-first"
        path = folder / f"audit-{slug}{who}-{number}.txt"
        header = {
            "title": beating_title(program.variant_words(program.typed(report.options)), line.human_first,
                                   line.human_moves),
            "source": "retro audit (exhaustive play against the port)" if report.exhaustive
                      else "retro audit (win search against the port)",
            "evidence": "the port's own play; tests/test_audit.py checks that the line wins",
            "group": "audit",
        }
        session(program, console, program.parse_options(words), words, header).save(path)
        saved.append(path)
    return saved


def render(report: explore.Report, width: int = 80) -> str:
    """The report for a person, wrapped to ``width`` columns under each line's indent."""
    program = catalog.get(report.program)
    words = program.option_words(program.typed(report.options))
    out = [f"{report.program} {' '.join(words)}".rstrip(),
           f"  claim:   {report.claim}"]
    verdict = {True: "holds", False: "does not hold", None: "is not settled"}[report.claim_holds]
    out.append(f"  verdict: the claim {verdict}")
    r = report.results
    if report.exhaustive:
        total = sum(r.values())
        out.append(f"  complete games: {total:,} (every human line, every start): program won {r[explore.PROGRAM]:,}, "
                   f"drawn {r[explore.DRAW]:,}, program lost {r[explore.HUMAN]:,}")
    for note in report.notes:
        out.append(f"  {note}")
    if report.beating_lines:
        out.append("  shortest lines that beat the program (the human's moves):")
        out.extend(_beating_rows(report))
    out.append(f"  time: {report.seconds:.2f} s")
    from ..screen.wrap import wrap

    return "\n".join(row for line in out for row in wrap(line, width, hang=2))


def _beating_rows(report: explore.Report) -> list[str]:
    """Each beating line once: the games whose human moves are the same (the
    program chose differently at random) are one line, their analyses merged."""
    games: dict[tuple[bool, tuple[str, ...]], list[dict[str, Any]]] = {}
    for k, line in enumerate(report.beating_lines):
        games.setdefault((line.human_first, tuple(line.human_moves)), []).append(
            report.analysis[k] if k < len(report.analysis) else {})
    rows: list[str] = []
    for (human_first, moves), analyses in games.items():
        who = "human first" if human_first else "program first"
        many = f" ({len(analyses)} games: the program's random choices differ)" if len(analyses) > 1 else ""
        rows.append(f"    {who}: {' '.join(moves)}{many}")
        details: list[str] = []
        for a in analyses:
            free, winning = a.get("first_unforced_human_move"), a.get("first_winning_human_move")
            if free:
                details.append(f"      first human move not forced: move {free['move_number']} ({free['move']})")
            if winning:
                details.append(f"      first winning human move: move {winning['move_number']} ({winning['move']})")
        mistakes: dict[tuple[int, tuple[str, ...]], list[str]] = {}
        for a in analyses:
            mistake = a.get("program_first_mistake")
            if mistake:
                played = mistakes.setdefault((mistake["move_number"], tuple(mistake["better"])), [])
                if mistake["move"] not in played:
                    played.append(mistake["move"])
        for (number, better), played in mistakes.items():
            details.append(f"      the program's first mistake: move {number} ({' or '.join(played)}); "
                           f"perfect play: {' or '.join(better)}")
        rows.extend(dict.fromkeys(details))  # each once, in order
    return rows



class GamesCounter:
    """The games played so far, on one line of a terminal redrawn in place
    (at most ten times a second); nothing in a pipe."""

    def __init__(self, stream: TextIO):
        self.stream = stream
        self._last = 0.0
        self._shown = False

    def __call__(self, counts: dict[Outcome, int]) -> None:
        now = time.monotonic()
        if now - self._last < 0.1:
            return
        self._last = now
        self._shown = True
        played = sum(counts.values())
        self.stream.write(f"\rretro audit: {played:,} games played (the program won {counts[explore.PROGRAM]:,}, "
                          f"drew {counts[explore.DRAW]:,}, lost {counts[explore.HUMAN]:,})\x1b[K")
        self.stream.flush()

    def close(self) -> None:
        if self._shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()

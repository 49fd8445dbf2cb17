"""retro audit against independent evidence: a brute-force enumeration that
drives each whole program through its console (no adapter involved), the
beating lines replayed through `retro run`, and the JSON contract."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from retro.audit.run import audit_program
from retro.audit.subjects import SUBJECTS
from retro.console import LineConsole
from ports.cpm_c.tictactoe import run as run_cpm
from ports.fortran_rcd.tictactoe import run as run_fortran

ROOT = Path(__file__).resolve().parent.parent


def fortran_state(out: str):
    """(outcome or None, free squares as 'i,j') from what the program printed."""
    if "Gana la maquina" in out:
        return "program", []
    if "Gana el humano" in out:
        return "human", []
    if "No gana nadie" in out:
        return "draw", []
    rows = [l for l in out.splitlines() if l.startswith(" |")][-3:]
    cells = [(r[3], r[7], r[11]) for r in rows] if rows else [(" ",) * 3] * 3
    return None, [f"{i},{j}" for i in (1, 2, 3) for j in (1, 2, 3) if cells[i - 1][j - 1] == " "]


def cpm_state(out: str):
    if "You win!" in out:
        return "human", []
    if "Computer wins!" in out:
        return "program", []
    if "It's a tie!" in out:
        return "draw", []
    rows = [l for l in out.splitlines() if re.match(r"^[123] \|", l)][-3:]
    cells = [(r[4], r[8], r[12]) for r in rows] if rows else [(" ",) * 3] * 3
    return None, [f"{'ABC'[c]}{r + 1}" for c in range(3) for r in range(3) if cells[r][c] == " "]


def brute_force(run, state, starts, **options):
    counts = {"program": 0, "draw": 0, "human": 0}

    def walk(prefix):
        console = LineConsole.from_lines(prefix)
        run(console, **options)
        outcome, free = state(console.output())
        if outcome:
            counts[outcome] += 1
            return
        for move in free:
            walk(prefix + [move])

    for start in starts:
        walk([start])
    return counts


@pytest.mark.parametrize("ai", ["ia", "mj"])
def test_fortran_audit_counts_equal_a_brute_force_enumeration(ai) -> None:
    report = audit_program("fortran-rcd", {"ai": ai, "lang": "es"})
    assert report.results == brute_force(run_fortran, fortran_state, ["S", "N"], ai=ai)


def test_cpm_audit_counts_equal_a_brute_force_enumeration() -> None:
    report = audit_program("cpm-c", {"cpm": False})
    assert report.results == brute_force(run_cpm, cpm_state, ["O", "X"])


def retro_run(program_id, words, lines):
    return subprocess.run([sys.executable, "-m", "retro", "run", program_id, *words],
                          input="".join(l + "\n" for l in lines).encode(), capture_output=True, timeout=60)


@pytest.mark.parametrize("program_id,options,words,won", [
    ("fortran-rcd", {"ai": "ia", "lang": "es"}, [], "Gana el humano"),
    ("fortran-rcd", {"ai": "mj", "lang": "es"}, ["--ai", "mj"], "Gana el humano"),
    ("altair-3d", {"version": "2"}, ["--version", "2"], "YOU WON"),
    ("altair-3d", {"version": "3"}, ["--version", "3"], "YOU WON"),
])
def test_every_beating_line_wins_through_retro_run(program_id, options, words, won) -> None:
    report = audit_program(program_id, options)
    subject = SUBJECTS[program_id](**options)
    assert report.beating_lines
    for line in report.beating_lines:
        start = next(s for s in subject.starts() if s.human_first == line.human_first)
        result = retro_run(program_id, words, subject.session_input(start, line.human_moves))
        assert won in result.stdout.decode(), line.human_moves


def test_json_report_has_the_contracted_shape() -> None:
    result = subprocess.run([sys.executable, "-m", "retro", "audit", "fortran-rcd", "--json"],
                            capture_output=True, timeout=60)
    data = json.loads(result.stdout)
    assert {"program", "options", "claim", "claim_holds", "exhaustive", "results", "beating_lines",
            "seconds"} <= set(data)
    assert set(data["results"]) == {"program_won", "drawn", "program_lost"}
    assert data["claim_holds"] is False and data["exhaustive"] is True
    assert all(set(l) == {"human_first", "moves"} for l in data["beating_lines"])
    assert data["beating_lines"][0]["moves"] == ["1,1", "2,3", "1,3", "1,2"]

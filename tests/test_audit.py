"""retro audit against independent evidence: a brute-force enumeration that
drives each whole program through its console (no adapter involved), the
beating lines replayed through `retro run`, and the JSON contract."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import port_facts
from retro.audit.run import audit_program
from retro.audit.subjects import SUBJECTS
from retro.console import LineConsole
from retro.ports.cpm_c import CpmOptions
from retro.ports.cpm_c.tictactoe import run as run_cpm
from retro.ports.fortran_rcd import FortranOptions
from retro.ports.fortran_rcd.tictactoe import run as run_fortran
from retro.ports.perl_midterm.midterm import PerlOptions, run as run_perl

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


def perl_state(out: str, moves: int):
    # What followed the user's last answer (the program reads on past the end
    # of input: an answer missing counts as square 0).
    parts = out.split("Pick a space: ")
    out = parts[moves] if len(parts) > moves else ""
    if "O wins." in out:
        return "program", []
    if "X wins." in out:
        return "human", []
    if "The game is a tie." in out:
        return "draw", []
    rows = [l for l in out.splitlines() if l.count("|") == 2][-3:]
    cells = [c.strip() for row in rows for c in row.split("|")]
    return None, [c for c in cells if c.isdigit()]


def brute_force(run, state, starts, options, first=False):
    counts = {"program": 0, "draw": 0, "human": 0}

    def walk(prefix):
        console = LineConsole.from_lines(prefix)
        run(console, options)
        outcome, free = state(console.output(), len(prefix)) if first else state(console.output())
        if outcome:
            counts[outcome] += 1
            return
        for move in free:
            walk(prefix + [move])

    for start in starts:
        walk([start])
    if not starts:  # a program where the user always begins
        walk([])
    return counts


@pytest.mark.parametrize("ai", ["ia", "mj"])
def test_fortran_audit_counts_equal_a_brute_force_enumeration(ai) -> None:
    report = audit_program("fortran-rcd", {"ai": ai, "lang": "es"})
    assert report.results == brute_force(run_fortran, fortran_state, ["S", "N"], FortranOptions(ai=ai))


def test_cpm_audit_counts_equal_a_brute_force_enumeration() -> None:
    report = audit_program("cpm-c", {"cpm": False})
    assert report.results == brute_force(run_cpm, cpm_state, ["O", "X"], CpmOptions())


@pytest.mark.parametrize("nesting", ["pattern", "rotation"])
def test_perl_audit_counts_equal_a_brute_force_enumeration(nesting) -> None:
    report = audit_program("perl-midterm", {"nesting": nesting})
    assert report.results == brute_force(run_perl, perl_state, [], PerlOptions(nesting=nesting), first=True)


def retro_run(program_id, words, lines):
    return subprocess.run([sys.executable, "-m", "retro", "run", program_id, *words],
                          input="".join(l + "\n" for l in lines).encode(), capture_output=True, timeout=60)


@pytest.mark.parametrize("program_id,options,words,won", [
    (program_id, dict(beating.options), list(beating.words), beating.won)
    for program_id, found in port_facts.every().items() for beating in found.beating])
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


@pytest.mark.parametrize("fixed,data", [(False, "trained-3.data"), (True, "trained-3-fixed.data")])
def test_pascal_audit_counts_equal_a_direct_enumeration_of_the_learners_choices(fixed, data) -> None:
    from retro.ports.pascal_learner.model.board import CIRCLE, CROSS, Board, opponent
    from retro.ports.pascal_learner.play.variants import make_grid
    from retro.ports.pascal_learner.store.session import open_session

    path = str(ROOT / "transcripts" / "pascal-learner" / data)
    learner = open_session(LineConsole.from_bytes(b""), make_grid(None, None, None, False), fixed, path, None,
                           save=False).learner
    counts = {"program": 0, "draw": 0, "human": 0}

    def walk(board: Board, player: int) -> None:
        options = board.empties() if player == CROSS else learner.candidatemoves(board, CIRCLE).moves
        for square in list(options):
            after = board.with_move(square, player)
            if after.completes(square):
                counts["human" if player == CROSS else "program"] += 1
            elif after.full():
                counts["draw"] += 1
            else:
                walk(after, opponent(player))

    grid = learner.grid
    walk(Board(grid), CROSS)
    walk(Board(grid), CIRCLE)
    report = audit_program("pascal-learner", {"fixed": fixed, "data": path})
    assert report.results == counts
    assert report.claim_holds is True and counts["human"] == 0


def test_pascal_audit_by_default_is_of_the_shipped_trained_store_as_readme_says() -> None:
    """A new user's `retro audit pascal-learner` once audited their own, nearly
    empty data file and said "does not hold", where docs/evidence.md says "holds"."""
    result = subprocess.run([sys.executable, "-m", "retro", "audit", "pascal-learner"],
                            capture_output=True, text=True, timeout=120, cwd=ROOT / "tests")
    out = " ".join(result.stdout.split())
    assert result.returncode == 0, result.stderr
    assert "the trained store that ships with retro" in out and "trained-3.data, 21 schemes" in out
    assert "verdict: the claim holds" in out
    readme = " ".join((ROOT / "docs" / "evidence.md").read_text().split())
    row = next(line for line in readme.split("| `") if line.startswith("pascal-learner` | it learns"))
    assert "| holds," in row and "trained-3.data" in row and "lost 0" in row
    assert "program lost 0" in out


def _empty_store(path: Path) -> Path:
    from retro.ports.pascal_learner.model.schemes import SchemeList
    from retro.ports.pascal_learner.store.datafile import Store, save

    save(Store(SchemeList(3)), path)
    return path


def test_pascal_audit_of_a_store_named_with_data_names_it_and_is_not_the_readmes_verdict(tmp_path) -> None:
    from retro.audit.explore import HUMAN, Line
    from retro.ports.pascal_learner.audit import PascalSubject

    path = _empty_store(tmp_path / "mine.data")
    subject = PascalSubject(data=str(path))
    assert subject.notes()[0].startswith(f"data: {path}, 0 schemes")
    assert "ships" not in subject.notes()[0]
    # an empty store plays at random, whatever the games: "the claim is not settled"
    assert subject.claim_holds([]) is None and subject.claim_holds([Line(True, [], HUMAN)]) is None


@pytest.mark.parametrize("name,said", [("missing.data", "there is no schemes file of that name"),
                                       ("garbage.data", "is not a schemes file of this program")])
def test_pascal_audit_says_in_words_why_a_data_file_cannot_be_audited(tmp_path, name, said) -> None:
    (tmp_path / "garbage.data").write_text("not a store\n")
    result = subprocess.run([sys.executable, "-m", "retro", "audit", "pascal-learner", "--data",
                             str(tmp_path / name)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert said in " ".join(result.stderr.split()) and name in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def test_a_fresh_learner_is_not_what_the_claim_is_about() -> None:
    from retro.ports.pascal_learner.audit import PascalSubject

    assert PascalSubject(fresh=True).claim_holds([]) is None


def test_the_report_says_each_beating_line_once_in_whole_sentences() -> None:
    """`retro audit pascal-learner --fresh` once listed one line three times
    (the learner's random replies differ, the human's moves do not) and said
    "the claim not settled"."""
    from retro.audit import explore
    from retro.audit.run import render

    H, P = explore.HUMAN, explore.PROGRAM

    def line(human_first: bool, replies: list[str]) -> explore.Line:
        human = [(H, m, m) for m in ("1,1", "1,2", "1,3")]
        program = [(P, r, r) for r in replies]
        moves = [m for pair in zip(human, program) for m in pair] + human[len(program):] if human_first \
            else [m for pair in zip(program, human) for m in pair]
        return explore.Line(human_first, moves, H)

    def analysis(first: bool, mistake: str, number: int) -> dict:
        return {"first_unforced_human_move": {"move_number": 1 if first else 2, "move": "1,1"},
                "first_winning_human_move": {"move_number": 3, "move": "1,2"} if first else None,
                "program_first_mistake": {"move_number": number, "move": mistake, "better": ["2,2"] if first else ["1,3", "2,3"]}}

    lines = [line(True, ["2,1", "3,3"])] * 3 + [line(False, [a, "2,1", b]) for a, b in (("2,2", "3,1"), ("2,2", "3,2"), ("2,2", "3,3"))]
    report = explore.Report("pascal-learner", {"fresh": True}, "a claim", None, True,
                            {P: 2, explore.DRAW: 0, H: 6}, lines, 1.0)
    report.analysis = [analysis(True, "2,1", 2)] * 3 + [analysis(False, m, 5) for m in ("3,1", "3,2", "3,3")]
    shown = render(report).splitlines()
    assert "  verdict: the claim is not settled" in shown
    assert len(shown) == len(set(shown)), "\n".join(shown)
    assert [row.strip() for row in shown if row.startswith(("    human first", "    program first"))] == [
        "human first: 1,1 1,2 1,3 (3 games: the program's random choices differ)",
        "program first: 1,1 1,2 1,3 (3 games: the program's random choices differ)"]
    text = " ".join(" ".join(shown).split())
    assert text.count("the program's first mistake: ") == 2
    assert "the program's first mistake: move 5 (3,1 or 3,2 or 3,3); perfect play: 1,3 or 2,3" in text
    assert "the program's first mistake: move 2 (2,1); perfect play: 2,2" in text


@pytest.mark.parametrize("holds,said", [(True, "holds"), (False, "does not hold"), (None, "is not settled")])
def test_every_verdict_is_a_sentence(holds, said) -> None:
    from retro.audit import explore
    from retro.audit.run import render

    report = explore.Report("fortran-rcd", {}, "a claim", holds, True, {explore.PROGRAM: 1, explore.DRAW: 0,
                            explore.HUMAN: 0}, [], 0.1)
    assert f"  verdict: the claim {said}" in render(report).splitlines()

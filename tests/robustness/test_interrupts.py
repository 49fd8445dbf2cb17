"""Ctrl-C at every prompt of a session of each port, on a real pty: `retro run`
exits with 130, prints no traceback, and leaves the terminal's modes as they were."""
from pathlib import Path

import pytest

from retro import transcript

from pty_helpers import ROOT, Terminal
from robust_helpers import PROGRAMS


def representative(program_id: str) -> transcript.Transcript | None:
    """The golden session with the most input lines, for the prompts it passes."""
    best = None
    for path in sorted((ROOT / "transcripts" / program_id).glob("*.txt")):
        session = transcript.load(path)
        if session.stdin == "pipe" and (best is None or len(session.input_lines()) > len(best.input_lines())):
            best = session
    return best


CASES = []
for program_id in PROGRAMS:
    session = representative(program_id)
    if session is None:
        continue
    count = len(session.input_lines())
    steps = sorted({0, *range(0, count + 1, max(1, count // 6)), count})
    CASES += [(program_id, session.options, session.input_lines(), k) for k in steps]


@pytest.mark.parametrize("program_id,options,lines,k", CASES,
                         ids=[f"{c[0]}-after-{c[3]}-lines" for c in CASES])
def test_ctrl_c_at_a_prompt(program_id, options, lines, k, tmp_path: Path) -> None:
    term = Terminal(["run", program_id, *options], record_modes=tmp_path, cwd=tmp_path)
    term.quiet()
    for line in lines[:k]:
        term.send(line + "\r")
        term.quiet()
    term.send("\x03")
    term.finish()
    status = (tmp_path / "status").read_text().strip()
    # 130: interrupted.  A session that already ended by itself (its last lines
    # were read before the Ctrl-C) has its own status; that is fine too.
    assert status == "130" or k == len(lines), (status, term.raw[-500:])
    assert b"Traceback" not in term.raw
    assert (tmp_path / "before").read_text() == (tmp_path / "after").read_text()

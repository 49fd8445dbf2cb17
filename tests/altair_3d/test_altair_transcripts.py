"""transcripts/altair-3d/: the Fig. 5 ones carry exactly Fig. 5's moves
(checked here against the seed's figure, not against the port).  Each file
replays identically (tests/test_transcripts.py) and its table records it
again (tests/test_golden.py)."""
import re
from pathlib import Path

import pytest

import golden
from retro.transcript import load

DIRECTORY = Path(__file__).resolve().parents[2] / "transcripts" / "altair-3d"
FILES = sorted(DIRECTORY.glob("*.txt"))

# Fig. 5 (the article): computer's moves and endings.
FIG5 = {
    "first": ([(2, 8), (2, 10), (1, 14), (3, 6), (4, 2)], "Computer Wins"),
    "second": ([(2, 8), (2, 10), (1, 14), (3, 6), (1, 8), (1, 10)], "Player Wins"),
    "third": ([(1, 1), (1, 7), (4, 4), (4, 13), (1, 16), (2, 7), (4, 1), (2, 1), (3, 3), (2, 2)], "Computer Wins"),
}
FIG5_PLAYER = {
    "first": ["1,4", "1,13", "1,11", "1,3", "1,7"],
    "second": ["1,4", "1,13", "1,11", "1,3", "4,2", "1,7", "1,15"],
    "third": ["1,4", "1,13", "2,4", "2,13", "2,11", "2,3", "3,4", "3,13", "3,1", "3,14"],
}
MOVE = re.compile(r"I (?:WANT|WON WITH) BOARD (\d+) POSITION (\d+) \n")
CASES = golden.cases("altair-3d")


def test_every_case_has_its_file_and_no_file_is_stale():
    # audit-*.txt are written by `retro audit --save` (tests/test_audit.py covers them),
    # basic-*.txt and two more (their source says so) by tools/basic_reference/record.py
    # (test_altair_interpreter_transcripts.py).
    own = [p.stem for p in FILES if not p.stem.startswith(("audit-", "basic-"))
           and not load(p).header["source"].startswith("Microsoft's Altair 8K BASIC")]
    assert sorted(own) == sorted(c.name for c in CASES)


def fig5_files():
    for path in FILES:
        t = load(path)
        if t.header.get("source", "").startswith("Fig. 5"):
            yield path, t


def test_fig5_transcripts_are_marked_with_their_evidence():
    found = list(fig5_files())
    assert len(found) >= 3
    for path, t in found:
        assert t.header["evidence"].startswith("b:"), path


@pytest.mark.parametrize("path,transcript", list(fig5_files()), ids=lambda x: getattr(x, "stem", ""))
def test_fig5_transcripts_hold_fig5_moves(path, transcript):
    which = re.search(r"Fig\. 5, (first|second|third)", transcript.header["source"]).group(1)
    answers, ending = FIG5[which]
    moves = [tuple(map(int, m)) for m in MOVE.findall(transcript.output())]
    typed = [line for line in transcript.input_lines() if "," in line]
    if "--resume" in transcript.options:  # rejoined after five moves each
        assert moves == answers[5:] and typed == FIG5_PLAYER[which][5:]
    else:
        assert moves == answers and typed == FIG5_PLAYER[which]
    out = transcript.output()
    if ending == "Computer Wins":
        assert "THE OLD" in out and "I WON WITH BOARD" in out and "YOU WON" not in out
    else:
        assert "\nYOU WON\n" in out and "I WON" not in out
    expected_version = "2" if which != "third" else "3"
    assert transcript.options[transcript.options.index("--version") + 1] == expected_version

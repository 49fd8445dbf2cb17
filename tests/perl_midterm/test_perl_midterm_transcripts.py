"""The golden sessions of perl-midterm, checked without the port's own code.

* The spec's sample: its text is copied below from the seed (lines 17-40)
  and compared with the session as a terminal shows it (output and the
  echoed answers).
* Every session: a referee written here replays the answers -- each read as
  perl 5.36 reads it (tests/data/perl_numeric.tsv) -- draws every board in
  the sample's layout, takes the computer's squares from the boards the
  session shows, checks that each is a free square and that the computer
  won when it could and blocked when it had to (line 58 of the spec), and
  writes the result line for the final board.  The session's output must be
  exactly what the referee wrote.

The replay of every transcript against the port is tests/test_transcripts.py.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from retro.console import LineConsole
from retro.transcript import load

import perl_midterm_cases as table  # tests/perl_midterm/perl_midterm_cases.py, beside this file
from retro.ports.perl_midterm.midterm import run
from source_texts import needs, source_text

HERE = Path(__file__).resolve().parent
TRANSCRIPTS = HERE.parents[1] / "transcripts" / "perl-midterm"
PERL_TABLE = HERE.parent / "data" / "perl_numeric.tsv"
# The course's assignment, where it is on this machine (tests/source_texts.py).
SEED = source_text("002_ceb5a6c167f4c3b4.txt")

# The seed, lines 17-40: the sample session as the spec prints it, answers
# included ("Pick a space: 4").  Line 16 is the blank line that ends the
# paragraph before it; lines 41-43 (a blank line and two lone blanks) follow
# the last prompt, where the spec stops showing the session (NOTES.md).
SPEC_SAMPLE = (
    "\n"
    " 0 | 1 | 2 \n"
    "---+---+---\n"
    " 3 | 4 | 5 \n"
    "---+---+---\n"
    " 6 | 7 | 8 \n"
    "\n"
    "Pick a space: 4\n"
    "\n"
    " O | 1 | 2 \n"
    "---+---+---\n"
    " 3 | X | 5 \n"
    "---+---+---\n"
    " 6 | 7 | 8 \n"
    "\n"
    "Pick a space: 1\n"
    "\n"
    " O | X | 2 \n"
    "---+---+---\n"
    " 3 | X | 5 \n"
    "---+---+---\n"
    " 6 | O | 8 \n"
    "\n"
    "Pick a space: "
)

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


def terminal_view(events) -> str:
    """What a terminal shows: the output with each answer echoed."""
    return "".join(e.text if e.kind == "out" else (e.text or "") for e in events if e.kind in ("out", "in"))


# -- the spec's sample ------------------------------------------------------------


@needs("002_ceb5a6c167f4c3b4.txt")
def test_the_sample_above_is_the_spec_s_text():
    lines = SEED.read_text().split("\n")
    assert "\n".join(lines[16:40]) == SPEC_SAMPLE  # lines 17-40
    assert lines[15] == "" and lines[14].startswith("We are writing this just in perl")


def test_the_sample_transcript_shows_the_spec_s_sample():
    session = load(TRANSCRIPTS / "spec-sample.txt")
    view = terminal_view(session.events)
    assert view == SPEC_SAMPLE  # the answers 4 and 1, then the input ends
    assert [e.text for e in session.events if e.kind == "in"] == ["4\n", "1\n", None]


def test_the_port_plays_the_spec_s_sample():
    console = LineConsole.from_lines(["4", "1"])
    run(console)
    expected_output = SPEC_SAMPLE.replace("Pick a space: 4\n", "Pick a space: ").replace("Pick a space: 1\n", "Pick a space: ")
    assert console.output() == expected_output


# -- the referee ------------------------------------------------------------------


def perl_reading():
    """chomped answer -> (refused by the range check, the square its subscript names)."""
    table = {}
    for line in PERL_TABLE.read_text().splitlines():
        if line and not line.startswith("#"):
            case, _, lt0, gt8, element = line.split("\t")
            text = re.sub(rb"\\x([0-9a-f]{2})|\\(.)", lambda m: bytes([int(m[1], 16)]) if m[1] else m[2],
                          case.encode("ascii")).decode("utf-8", "surrogateescape")
            table[text] = (lt0 == "1" or gt8 == "1", "abcdefghi".index(element) if element != "undef" else None)
    return table


PERL = perl_reading()


def render(board) -> str:
    """A board as the sample draws it: between blank lines, free squares numbered."""
    cells = [mark or str(i) for i, mark in enumerate(board)]
    rows = [" %s | %s | %s \n" % tuple(cells[r:r + 3]) for r in (0, 3, 6)]
    return "\n" + "---+---+---\n".join(rows) + "\n"


def has_line(board, mark) -> bool:
    return any(all(board[i] == mark for i in line) for line in LINES)


def winning_squares(board, mark):
    return {i for i in range(9) if board[i] is None and has_line(board[:i] + [mark] + board[i + 1:], mark)}


def boards_shown(output: str):
    """Every board in the output, as nine squares (None for a free one)."""
    found = []
    lines = output.split("\n")
    for i in range(len(lines) - 4):
        if lines[i + 1] == lines[i + 3] == "---+---+---" and lines[i].startswith(" "):
            marks = []
            for row in (lines[i], lines[i + 2], lines[i + 4]):
                marks.extend(row[1::4][:3])
            found.append([m if m in "XO" else None for m in marks])
    return found


class NoBlock(AssertionError):
    """The computer let X win on the next move although it could block."""


def referee(session, tactics=True):
    """The output the session must have, and the exit status, from its answers.

    With ``tactics`` each move of the computer must win if it can and else
    block a square where X would win (the spec's order, line 58)."""
    answers = [e.text for e in session.events if e.kind == "in"]
    shown = boards_shown(session.output())
    board = [None] * 9
    out = [render(board)]
    assert shown[0] == board
    shown = shown[1:]
    n = -1
    while True:
        n += 1
        if n < len(answers):
            answer = answers[n]
        elif answers and answers[-1] is None:  # <STDIN> stays undef, without reading
            answer = None
        else:
            raise AssertionError("the session ends with neither a result nor the end of input")
        out.append("Pick a space: ")
        if answer is None:  # perl -e '$x=undef; chomp $x; print $x+0'  ->  0
            refused, square = False, 0
        else:
            refused, square = PERL[answer[:-1] if answer.endswith("\n") else answer]
        if refused or board[square] is not None:
            if answer is None:  # <STDIN> stays undef: the original asks for ever
                assert n >= len(answers) - 1
                return "".join(out), 1
            continue
        board[square] = "X"
        if not has_line(board, "X") and None in board:
            after = shown.pop(0)
            new = [i for i in range(9) if after[i] != board[i]]
            assert len(new) == 1 and board[new[0]] is None and after[new[0]] == "O", (board, after)
            threats = winning_squares(board, "X")
            if tactics and winning_squares(board, "O"):
                assert new[0] in winning_squares(board, "O"), "the computer did not win when it could"
            elif tactics and threats and new[0] not in threats:
                raise NoBlock(f"X threatens {threats}, O took {new[0]}")
            board = after
        out.append(render(board))
        if has_line(board, "X") or has_line(board, "O") or None not in board:
            out.append("X wins.\n" if has_line(board, "X") else "O wins.\n" if has_line(board, "O") else "The game is a tie.\n")
            assert n >= len(answers) - 1, "an answer was read after the end"
            return "".join(out), 0
    raise AssertionError("the session ends with neither a result nor the end of input")


FILES = sorted(TRANSCRIPTS.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_the_session_is_what_the_referee_expects(path):
    session = load(path)
    output, status = referee(session, tactics="rotation" not in session.options)
    assert session.output() == output
    assert session.exit_status == status
    assert session.errors() == ""


def test_every_case_has_its_transcript_and_no_other():
    # audit-*.txt are written by `retro audit --save` (tests/test_audit.py covers them).
    own = [p.name for p in FILES if not p.name.startswith("audit-")]
    assert sorted(f"{c.name}.txt" for c in table.CASES) == own


@pytest.mark.parametrize("case", table.CASES, ids=[c.name for c in table.CASES])
def test_the_transcript_holds_the_case_s_input_and_options(case):
    session = load(TRANSCRIPTS / f"{case.name}.txt")
    assert case.input.startswith(session.input_bytes())
    assert session.options == list(case.options)


def test_the_kinds_of_session_the_issue_asks_for_are_there():
    results = {}
    for path in FILES:
        session = load(path)
        results[path.stem] = session.output().rsplit("\n", 2)[-2] if session.exit_status == 0 else "eof"
    assert sum(r == "O wins." for r in results.values()) >= 3
    assert sum(r == "The game is a tie." for r in results.values()) >= 3
    assert results["rotation-nesting-human-wins"] == "X wins."
    assert sum(name.startswith("bad-input") for name in results) >= 3


def test_the_referee_sees_the_other_reading_fail_to_block():
    # --nesting rotation answers 1 with 2 (pattern #20 on the board rotated
    # once) while X threatens 7: the reading the spec's sample rules out.
    with pytest.raises(NoBlock, match=r"X threatens \{7\}, O took 2"):
        referee(load(TRANSCRIPTS / "rotation-nesting-human-wins.txt"))

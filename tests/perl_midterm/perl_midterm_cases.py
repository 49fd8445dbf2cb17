"""The golden sessions of perl-midterm: their input, options and header, a
table recorded by tests/golden.py (``python tests/golden.py perl-midterm``
(re)writes transcripts/perl-midterm/ from the port).  What each session must show is
checked independently of the port by test_perl_midterm_transcripts.py
(the spec's sample against the spec's text, every board against the moves
typed, every refused or accepted answer against perl's own reading of it).
"""
from __future__ import annotations

from golden import Case, typed

SOURCE = "the port, checked against the course's assignment (its specification) by tests/perl_midterm"

# The menu's group of each session (retro/resources.py); the others are "case".
GROUPS = {"spec-sample": "article",
          **dict.fromkeys(("sample-continued-computer-wins", "sample-continued-draw", "corner-opening-computer-wins",
                           "corner-opening-draw", "edge-opening-draw", "opposite-corners",
                           "rotation-nesting-human-wins"), "game")}


def case(name: str, title: str, evidence: str, lines: tuple[str, ...] = (), raw: bytes | None = None,
         options: tuple[str, ...] = ()) -> Case:
    """``raw``: the input as bytes, when it does not end with a newline."""
    header = {"title": title, "source": SOURCE, "evidence": evidence, "group": GROUPS.get(name, "case")}
    return Case(name, typed(*lines) if raw is None else raw, header, options)


CASES = (
    case("spec-sample",
         "The spec's sample session: 4 answered with 0, 1 with 7, to the third prompt, where the input ends",
         "b: the spec's sample (lines 17-40), reproduced to its last line; d: what the end of input does (NOTES.md)",
         ("4", "1")),
    case("sample-continued-computer-wins",
         "The sample played on: X takes 2, O blocks at 6 and then wins",
         "b: the sample's first two answers; c: the patterns (block, then win); d: the result message",
         ("4", "1", "2", "3")),
    case("sample-continued-draw",
         "The sample played on to a draw; the user's fifth move fills the board",
         "b: the sample's first two answers; c: the patterns and the fallback; d: the result message",
         ("4", "1", "3", "2", "8")),
    case("corner-opening-computer-wins",
         "A corner opening: the computer takes the centre, blocks, and wins",
         "c: the fallback to the centre (lines 56, 58), the patterns; d: the result message",
         ("0", "8", "1", "6")),
    case("corner-opening-draw",
         "A corner opening played to a draw",
         "c: the fallback and the patterns; d: the result message",
         ("0", "1", "6", "5", "8")),
    case("edge-opening-draw",
         "An edge opening played to a draw",
         "c: the fallback and the patterns; d: the result message",
         ("1", "0", "6", "5", "8")),
    case("opposite-corners",
         "X on opposite corners around O's centre: pattern #15 sends O to an edge, not a corner",
         "c: pattern #15 (lines 187-193, read with its shift undone); d: the result message",
         ("2", "6", "3")),
    case("rotation-nesting-human-wins",
         "The other reading (--nesting rotation): 1 is answered with 2, not the sample's 7, and X wins",
         "b: the sample's second answer (7) contradicts this reading; c: the spec's 'never lose' (line 246)",
         ("4", "1", "7"), options=("--nesting", "rotation")),
    case("bad-input-refused",
         "Out-of-range and taken squares: the prompt again, without a word",
         "d: the refusal (NOTES.md, 'The user's answer'); perl 5.36: '9', '-1', '10', 'inf' compare out of 0..8",
         ("9", "-1", "10", "inf", "8.5", "4", "0", "4", "1", "2", "3")),
    case("bad-input-non-numbers",
         "Non-numbers as perl reads them: 'abc' and an empty line are 0, '3abc' is 3, ' 5 ' is 5",
         "d: the reconstruction; perl 5.36 (tests/data/perl_numeric.tsv): abc -> 0, 3abc -> 3",
         ("abc", "", "3abc", "nan", " 5 ")),
    case("bad-input-fractions",
         "Fractions: '4.7' takes square 4, and so does '4.99999999999999999' (5 as a number)",
         "d: the reconstruction; perl 5.36: $board['4.99999999999999999'] is $board[4]",
         ("4.99999999999999999", "1.5", "7.2", "2e0", "8.0")),
    case("eof-first-prompt",
         "No input at all: <STDIN> is undef, which is square 0; then the prompt would come for ever",
         "d: NOTES.md, 'End of input' (perl 5.36: undef + 0 is 0, <STDIN> stays undef)",
         ()),
    case("last-line-without-newline",
         "The last answer without its newline is read as it is",
         "d: perl's <STDIN> returns the last line without a newline",
         raw=b"4\n1\n2\n3"),
)


"""The golden transcripts of the cpm-c port (transcripts/cpm-c/): a table of
cases, recorded by tests/golden.py (``python tests/golden.py cpm-c``).

Each case is a session of the port run on the given input.  The sessions are
regression recordings: no run of the original survives.  What in them rests
on evidence is checked independently by test_cpm_transcripts.py (the
"Computer move: %c%d" format of scan 148, and each computer move the tactics
of seed lines 51-73 dictate, worked out by hand there).
"""
from __future__ import annotations

from golden import Case, typed as lines

SOURCE = "a recording of the port (tests/cpm_c/make_transcripts.py); no run of the original survives"
EVIDENCE = ("b: the 'Computer move: %c%d' line (the blog post's line 148); c: the tactics and their order (the blog post's lines 51-73, "
            "its scan 85-148); d: prompts, board, messages, eval_game (reconstructions, retro/ports/cpm_c/NOTES.md)")

# Whole games, in the menu's "game" group (retro/resources.py); the others are "case".
GAMES = {"x-computer-begins-computer-wins", "x-computer-begins-tie", "o-player-begins-centre-tie", "play-again",
         "cpm-streams"}


def case(name: str, title: str, data: bytes, options: tuple[str, ...] = ()) -> Case:
    header = {"title": title, "source": SOURCE, "evidence": EVIDENCE, "group": "game" if name in GAMES else "case"}
    return Case(name, data, header, options)


CASES = (
    case("o-player-begins-centre-tie", "O: the player begins in the centre; eval_game answers with a corner; a tie",
         lines("O", "B2", "C3", "A2", "B1", "C1", "N")),
    case("x-computer-begins-computer-wins", "X: the computer begins in the centre, takes a corner after the "
         "player's corner (12), then its win", lines("X", "A1", "A2", "N")),
    case("x-computer-begins-tie", "X: the computer begins; the player answers in a corner; a tie",
         lines("X", "C3", "B1", "A3", "A2", "N")),
    case("block", "The top directive: the player threatens A3 and the computer blocks it (100); a tie",
         lines("O", "A1", "A2", "C1", "B3", "C3", "N")),
    case("win-before-block", "The computer takes its own win (C2) rather than block the player's (C1)",
         lines("O", "A1", "A3", "B1", "N")),
    case("tactic-edge-against-opposite-corners", "Opposite corners A1 and C3: the computer takes an edge (25); a tie",
         lines("O", "A1", "C3", "C2", "A3", "B1", "N")),
    case("tactic-corner-by-edge-column", "Corner A1 and edge C2: the corner C1 next to the edge (20, first branch)",
         lines("O", "A1", "C2", "A3", "B1", "C3", "N")),
    case("tactic-corner-by-edge-row", "Corner A1 and edge B3: the corner A3 next to the edge (20, second branch)",
         lines("O", "A1", "B3", "C1", "A2", "C3", "N")),
    case("tactic-corner-after-corner", "The player's corner A1 is answered with the corner A3 (12); a tie",
         lines("X", "A1", "C1", "B3", "C2", "N")),
    case("tactic-corner-between-edges", "Edges A2 and B1: the corner A1 between them (6); a tie",
         lines("O", "A2", "B1", "C3", "C1", "B3", "N")),
    case("tactic-edge-after-edge", "The player's edge B3 is answered with the edge B1 (3); a tie",
         lines("O", "A2", "C1", "B3", "A1", "C2", "N")),
    case("computer-makes-no-move", "No tactic and no positive score: comp_move assigns no move (k stays -1), "
         "the player moves again", lines("O", "B2", "A2", "C1", "C3", "B1", "N")),
    case("play-again", "Two games: Y starts a new one with a new choice of symbol; N ends the program",
         lines("O", "B2", "C3", "A2", "B1", "C1", "Y", "X", "A1", "A2", "N")),
    case("bad-input", "Not a symbol, not a move, an occupied spot, lower case, then an empty answer to Play again",
         lines("", "Q", "x", "Z9", "", "B", " A1", "4A", "B2", "a1", "A2", "")),
    case("long-line", "A line longer than the 80-byte buffer: fgets takes 79 bytes as one move, the rest as the next",
         lines("O", "A1" + "x" * 100, "A2", "C1", "B3", "C3", "N")),
    case("eof-at-symbol", "End of input at the first prompt: the program ends, status 0", b""),
    case("eof-at-move", "End of input at 'Your move': the program ends, status 0", lines("O", "B2")),
    case("eof-at-play-again", "End of input at 'Play again': the program ends, status 0", lines("X", "A1", "A2")),
    case("last-line-without-newline", "A last line without its newline still counts as a move", b"O\nB2"),
    case("cpm-streams", "As on CP/M, with Aztec C: CR LF line ends; a CR ends a line as Return does (CP/M's line "
         "input), so CR LF is a line and an empty one",
         b"X\r\nA1\r\nA2\nN\n", ("--cpm",)),
    case("cpm-ctrl-z", "As on CP/M: Ctrl-Z ends the input (the Aztec C library's agetc): the program ends, status 0",
         b"O\nB2\n\x1aA1\n", ("--cpm",)),
)


"""The golden sessions of transcripts/altair-3d/: a table of cases, recorded
by tests/golden.py (``python tests/golden.py altair-3d``).  The Fig. 5 cases
carry the evidence of Fig. 5 (the player's moves in, the computer's moves and
the ending out); test_altair_transcripts.py checks those moves against Fig. 5
independently of these files.
"""
from __future__ import annotations

from golden import Case, typed

SEED = "the article"
FIG5_EVIDENCE = (
    "b: the player's moves, the computer's moves and the ending are Fig. 5's; "
    "the text around them is the listing's (lines 85-1130) as the port prints it"
)

# The menu's group of each case (retro/resources.py); the others are "case".
GROUPS = {
    **dict.fromkeys(("fig5-v2-computer-wins", "fig5-v2-player-wins", "fig5-v3-computer-wins", "no-boards-fig5-v2",
                     "resume-fig5-v3"), "article"),
    **dict.fromkeys(("v1-game-computer-wins", "ultimate-v3"), "game"),
}


def case(name: str, options: tuple[str, ...], inputs: tuple[str, ...], title: str, source: str,
         evidence: str) -> Case:
    header = {"title": title, "source": source, "evidence": evidence, "group": GROUPS.get(name, "case")}
    return Case(name, typed(*inputs), header, options)


CASES = (
    case("fig5-v2-computer-wins", ("--version", "2"),
         ("1,4", "1,13", "1,11", "1,3", "1,7"),
         "Fig. 5, first game: version 2 beats the player", f"Fig. 5, first sample game ({SEED})", FIG5_EVIDENCE),
    case("fig5-v2-player-wins", ("--version", "2"),
         ("1,4", "1,13", "1,11", "1,3", "4,2", "1,7", "1,15"),
         "Fig. 5, second game: the player beats version 2 with Fig. 4's two threats",
         f"Fig. 5, second sample game ({SEED})", FIG5_EVIDENCE),
    case("fig5-v3-computer-wins", ("--version", "3"),
         ("1,4", "1,13", "2,4", "2,13", "2,11", "2,3", "3,4", "3,13", "3,1", "3,14"),
         "Fig. 5, third game: the winning moves pitted against version 3",
         f"Fig. 5, third sample game ({SEED})", FIG5_EVIDENCE),
    case("v1-game-computer-wins", ("--version", "1"),
         ("1,8", "1,7", "1,3", "1,13", "1,2", "1,1", "1,14", "1,15"),
         "Version 1: a long game on board 1, won by the computer", "regression recording of the port",
         "c: Program C's lines 190, 205, 220; d: the moves are the port's"),
    case("illegal-and-occupied-moves", ("--version", "3"),
         ("0,5", "5,1", "", "X,Y", "1", "4", "1,4", "1,1", "1,13,5", "1,7_6", "9,9@1,17"),
         "Illegal, occupied and malformed moves; line 105 accepts 1,17 as board 2 position 1",
         "regression recording of the port",
         "c: 'If you move to an occupied space or type in an invalid move ... the computer will again ask'; "
         "d: the dialect's INPUT (?REDO FROM START, ??, ?EXTRA IGNORED, @ and _ editing)"),
    case("resume-fig5-v3", ("--version", "3", "--resume"),
         ("4", "13", "20", "29", "27", "0", "1", "7", "52", "61", "16", "0", "2,3", "3,4", "3,13", "3,1", "3,14"),
         "Fig. 5, third game rejoined after five moves each (Program E, --resume)",
         "Fig. 5, third sample game, rejoined with Program E", FIG5_EVIDENCE),
    case("check-combinations", ("--check-combinations",),
         ("1,10", "2", "41,76", "0"),
         "Program D: the combinations printed for checking against Fig. 3",
         "regression recording of the port", "b: the numbers are Fig. 3's (53 and 54 swapped, see NOTES)"),
    case("ultimate-v3", ("--version", "3", "--ultimate"),
         ("1,4", "1,13", "2,4", "2,13"),
         "Program F: line 290 plays more defensively", "regression recording of the port",
         "c: Program F; d: the moves are the port's"),
    case("no-boards-fig5-v2", ("--version", "2", "--no-boards"),
         ("1,4", "1,13", "1,11", "1,3", "1,7"),
         "Fig. 5, first game without board printing (the article's 1000 RETURN)",
         f"Fig. 5, first sample game, with the article's 1000 RETURN ({SEED})", FIG5_EVIDENCE),
    case("overflow-error", ("--version", "3"),
         ("1E38,1",),
         "A move too big for single precision: ?OV ERROR IN 100",
         "regression recording of the port", "d: the dialect's single precision and error message"),
)


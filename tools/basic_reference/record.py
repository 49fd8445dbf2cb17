"""Golden transcripts recorded from Altair 8K BASIC 4.0, not from the port.

    python tools/basic_reference/record.py

Each case is typed into the interpreter (reference.py) and saved in the
project's transcript format: BASIC's output as the port writes it in a pipe,
the lines typed as ``«line»``, the end of input (Ctrl-C) as ``«␄»``.  Cases the
port already prints go to transcripts/altair-3d/ (``retro check`` replays
them); cases that show the port's faults pending on branch issue-12-port go
to tests/data/altair_8k_pending/, to be moved into transcripts/altair-3d/ when
that branch is merged (two of them replace goldens of the same name that
record a second game the original could not play).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))
import altair  # noqa: E402  # after sys.path is set above
import reference  # noqa: E402  # after sys.path is set above
from compare import VARIANTS  # noqa: E402  # after sys.path is set above

from retro.console import decode  # noqa: E402  # after sys.path is set above
from retro.recording import Event  # noqa: E402  # after sys.path is set above
from retro.transcript import Transcript  # noqa: E402  # after sys.path is set above

GOLDEN = ROOT / "transcripts" / "altair-3d"
PENDING = ROOT / "tests" / "data" / "altair_8k_pending"
SOURCE = ("Microsoft's Altair 8K BASIC 4.0 (8kbas.bin, SHA-256 dfe4b157...) on an emulated 8080 with an 88-SIO, "
          "the article's listing with retro/ports/altair_3d/errata.py (tools/basic_reference/record.py)")


@dataclass(frozen=True)
class Case:
    name: str
    variant: str
    lines: tuple[str, ...]
    title: str
    evidence: str
    pending: str = ""  # why the port does not print this yet


FIG5 = "a: the original listing run; b: the player's moves are Fig. 5's"
CASES = (
    Case("basic-fig5-v2-computer-wins", "v2", ("1,4", "1,13", "1,11", "1,3", "1,7"),
         "Fig. 5, first game, on the interpreter: version 2 wins, THE OLD 50, READY?", FIG5),
    Case("basic-fig5-v2-player-wins", "v2", ("1,4", "1,13", "1,11", "1,3", "4,2", "1,7", "1,15"),
         "Fig. 5, second game, on the interpreter: the player wins with Fig. 4's two threats", FIG5),
    Case("basic-fig5-v3-computer-wins", "v3", ("1,4", "1,13", "2,4", "2,13", "2,11", "2,3", "3,4", "3,13", "3,1",
                                               "3,14"),
         "Fig. 5, third game, on the interpreter: version 3 wins", FIG5),
    Case("basic-v1-board-0-position-16", "v1", ("2,1", "1,1", "2,2", "2,3", "2,4", "2,5"),
         "Version 1 on the interpreter: a first move off board 1 gets I WANT BOARD 0 POSITION 16 (stale M4)",
         "a: the original listing run (Program C)"),
    Case("basic-bad-input-v3", "v3",
         ("0,5", "5,1", "", "X,Y", "1", "4", "1,4", "1,1", "1,13,5", "1,7_6", "9,9@1,17", "1E38,1"),
         "Bad input on the interpreter: ILLEGAL MOVE, ?REDO FROM START, ??, ?EXTRA IGNORED, _ and @, 1,17 taken, "
         "?OV ERROR",
         "a: the original listing run"),
    Case("basic-player-wins-twice", "no-boards",
         tuple("1,4 1,13 1,11 1,3 4,2 1,7 1,15 1,4 1,13 1,11 1,3 4,2 1,7 1,15 1,1 1,2".split()),
         "After the player's win line 410 goes back to line 80 and the next game plays on (FOR A at line 80 "
         "replaces the FOR A that line 196 left)",
         "a: the original listing run; b: the player's moves are Fig. 5's second game, twice"),
    Case("basic-nf-error-second-game", "v2", ("1,4", "1,13", "1,11", "1,3", "1,7", "1", "1,4"),
         "A second game after a computer win: line 365's FOR A1, left by GOTO 368, ends it with ?NF ERROR IN 350",
         "a: the original listing run", pending="for-stack"),
    Case("basic-colon-extra-ignored", "v2", ("1,4:5", "1:4", "13", "1,11:", "1,3"),
         "':' in an INPUT answer ends the item: 1,4:5 gives ?EXTRA IGNORED, 1:4 asks ??",
         "a: the original listing run", pending="colon"),
    # The interpreter's versions of two port-recorded goldens (same names, same input).
    Case("computer-wins-the-old-ready", "v2", ("1,4", "1,13", "1,11", "1,3", "1,7", "YES", "1", "1,4"),
         "THE OLD prints the box; READY wants a number; the next game stops with ?NF ERROR IN 350",
         "a: the original listing run; b: moves of Fig. 5", pending="for-stack"),
    Case("v1-lost-moves-computer-wins-ready", "v1", ("2,1", "1,1", "2,2", "2,3", "2,4", "2,5", "1", "1,6"),
         "Version 1: moves to board 2 are lost; the computer wins, THE OLD, READY; the next game stops with "
         "?NF ERROR IN 350",
         "a: the original listing run (Program C)", pending="for-stack"),
)


def events_of(machine: altair.Altair, lines: list[bytes]) -> list[Event]:
    """The session after RUN as transcript events: output, one ``in`` per line typed."""
    chunks = machine.chunks
    first = next(i for i, c in enumerate(chunks) if c.echo)  # RUN's echo
    events: list[Event] = []
    typed = iter(lines)
    for chunk in chunks[first + 1:]:
        if chunk.echo:
            line = next(typed, None)
            events.append(Event("in", None if not chunk.data or line is None else decode(line) + "\n"))
        elif chunk.data:
            events.append(Event("out", decode(reference.to_pipe(bytes(chunk.data)))))
    return events


def record(case: Case) -> Transcript:
    options, cli = VARIANTS[case.variant]
    extra = {k: v for k, v in options.items() if k != "version"}
    basic = reference.Interpreter(options["version"], **extra)
    lines = [line.encode("latin-1") for line in case.lines]
    result = basic.session(lines)
    events = events_of(basic.machine, lines)
    assert "".join(e.text for e in events if e.kind == "out").encode("utf-8", "surrogateescape") == result.stdout
    header = {"title": case.title, "source": SOURCE, "evidence": case.evidence, "group": "case"}
    if case.pending:
        header["pending"] = f"the port differs until branch issue-12-port is merged ({case.pending})"
    return Transcript(program="altair-3d", options=cli.split(), exit_status=result.status, header=header,
                      events=events)


def main(argv: list[str]) -> int:
    PENDING.mkdir(parents=True, exist_ok=True)
    for case in CASES:
        path = (PENDING if case.pending else GOLDEN) / f"{case.name}.txt"
        record(case).save(path)
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

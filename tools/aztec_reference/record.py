"""Golden transcripts of cpm-c --cpm recorded from the game on CP/M.

    python tools/aztec_reference/record.py

Each case's input is typed on the emulated CP/M (compare.keys_for) into the
game built by Aztec C 1.06D; the transcript keeps what the program wrote
(the echo of CP/M's line input left out, as the port in a pipe never echoes)
and each line where the program read it: one BDOS line read per line of the
input, so the cases have no CR inside a line and no line of 255 keys.  The
session is then replayed against the port (``retro check``'s comparison):
nothing is written unless the port prints the same bytes.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))
import compare  # noqa: E402  # after sys.path is set above
import cpm  # noqa: E402  # after sys.path is set above

from retro.console import decode  # noqa: E402  # after sys.path is set above
from retro.recording import Event  # noqa: E402  # after sys.path is set above
from retro.transcript import Transcript  # noqa: E402  # after sys.path is set above

OUT = HERE.parents[1] / "transcripts" / "cpm-c"
SOURCE = ("Aztec C 1.06D (Manx Software Systems) on cpm80's CP/M 2.2: the article's scanned comp_move and our "
          "reconstruction of the rest, compiled and run by tools/aztec_reference/record.py; the echo of CP/M's "
          "line input left out")
EVIDENCE = ("a: the runtime (Aztec C's library and CP/M's BDOS line input, run); b: comp_move (the article's scan, "
            "compiled); d: the rest of the program (our reconstruction, retro/ports/cpm_c/NOTES.md)")

CASES: tuple[tuple[str, str, str, bytes], ...] = (
    ("aztec-x-computer-begins-tie", "game", "Aztec C on CP/M: the player takes X, the computer begins; a tie",
     b"X\nA1\nC3\nC2\nB1\nN\n"),
    ("aztec-line-editing", "case", "Aztec C on CP/M: CP/M's line input edits the line: Backspace and DEL take "
     "back a key, Ctrl-U and Ctrl-X the line, Ctrl-E and Ctrl-R are not kept",
     b"O\nB3\x082\nC3\x15A1\nX\x7fC3\nA\x05\x122\nb\x18B1\nN\n"),
    ("aztec-ctrl-c-first", "case", "Aztec C on CP/M: Ctrl-C as a line's first key is CP/M's warm boot: the "
     "program ends there, nothing more written (inside a line it is a key)", b"O\nB\x032\nB2\n\x03A1\n"),
    ("aztec-seven-bit", "case", "Aztec C on CP/M: keys are taken to 7 bits before CP/M edits the line, so C1h "
     "is A and 88h is Backspace", b"\xcf\n\xc1\xb1\nC\x88B2\nC3\nN\n"),
    ("aztec-ctrl-z-taken-back", "case", "Aztec C on CP/M: a Ctrl-Z typed first and taken back still ends the "
     "input: the library looks at the buffer's first place, which CP/M left holding it", b"O\nB2\n\x1a\x08\nA1\n"),
)


def record(name: str, group: str, title: str, data: bytes) -> bool:
    session = cpm.run_program(compare.game(), compare.keys_for(data))
    lines = data.split(b"\n")[:-1]
    events: list[Event] = []
    for kind, text in session.events:
        if kind == "out":
            events.append(Event("out", decode(text)))
        elif lines:
            events.append(Event("in", decode(lines.pop(0) + b"\n")))
        else:
            events.append(Event("in", None))  # the Ctrl-Z typed at the end: the end of the input
    mine = compare.port(data)
    if session.program != mine:
        print(f"{name}: the port differs from CP/M; not written\n  {compare.first_difference(session.program, mine)}")
        return False
    header = {"title": title, "source": SOURCE, "evidence": EVIDENCE, "group": group}
    Transcript("cpm-c", ["--cpm"], 0, header, events).save(OUT / f"{name}.txt")
    print(f"{name}: written")
    return True


def main() -> int:
    return 0 if all([record(*case) for case in CASES]) else 1


if __name__ == "__main__":
    sys.exit(main())

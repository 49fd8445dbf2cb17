"""TTT.C for Aztec C: the article's scanned comp_move plus our reconstruction.

The scanned routine is taken at run time from the article's text (lines
76-148 of ``004_97c3467a7464b75b.txt``), as printed -- its no-break spaces
made blanks -- and only what the scan lost is added, where the port's
NOTES.md ("Restored braces") puts it: the comment's opening and closing, the
function's header, and the closing braces after scan lines 120, 135, 142, 143
and 148.  Nothing of the article's text is committed: this module and
``reconstruction.c`` (main, init_game, show_board, user_move, end_game,
game_done, eval_game: ours, as the port reconstructs them) are.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tools.source_texts import read_source_text  # noqa: E402  # after the root is on the path

SEED = "004_97c3467a7464b75b.txt"  # the blog post of the C game (tools/source_texts.py finds it)
RECONSTRUCTION = Path(__file__).resolve().parent / "reconstruction.c"
MARKER = "/* COMP_MOVE: the article's scanned routine goes here */"
FIRST, LAST = 76, 148  # the scan's lines in the article's text

# What the scan lost, as the port reads it (retro/ports/cpm_c/NOTES.md): (before the
# scan's line N, the text), or (after N, ...) with a negative N.
READINGS: tuple[tuple[int, str], ...] = (
    (76, "/*"),  # the routine's comment opens before its first line
    (-77, " */\ncomp_move()\n{"),  # ... and closes; the header main calls, and its brace
    (-120, "            }"),  # closes the second 20-branch: 123's else-if continues the chain
    (-135, "            }"),  # closes the 3-branch and the chain: 136 runs on every blank square
    (-142, "            }"),  # closes if (m > n)
    (-143, "         }\n      }\n   }"),  # closes if (' ' == board[i][j]), for j, for i
    (-148, "   }\n}"),  # closes if (0 <= k) and the function
)


def scanned_lines() -> dict[int, str]:
    lines = read_source_text(SEED).splitlines()
    return {n: lines[n - 1].replace("\u00a0", " ").rstrip() for n in range(FIRST, LAST + 1)}


def comp_move_text() -> str:
    before = {n: text for n, text in READINGS if n > 0}
    after = {-n: text for n, text in READINGS if n < 0}
    out: list[str] = []
    for n, text in scanned_lines().items():
        if n in before:
            out.append(before[n])
        out.append(text)
        if n in after:
            out.append(after[n])
    return "\n".join(out) + "\n"


def program(harness: str = "", defines: str = "") -> str:
    """The whole TTT.C (CR LF line ends, as CP/M's editors wrote them); with
    ``harness``, HARNESS is defined and that text replaces main (``defines``
    go first)."""
    text = RECONSTRUCTION.read_text(encoding="ascii")
    assert MARKER in text
    text = text.replace(MARKER, comp_move_text())
    if harness:
        text = "#define HARNESS 1\n" + defines + text + "\n" + harness
    return text.replace("\n", "\r\n") + "\x1a"


if __name__ == "__main__":
    print(comp_move_text())

"""The listing typed into the interpreter, generated from the seed at run time.

Program A (the version 3 listing) and the changes of Programs B-F are cut out
of the article's text (``--seed FILE``, else found as tools/source_texts.py
finds the source texts), the errata of
``retro/ports/altair_3d/errata.py`` are applied, and the variant's lines are merged
the way ``retro/ports/altair_3d`` maps its options (NOTES.md, "Versions and
options").  The listing is never written into the repository.

Altair 8K BASIC keeps 71 characters of a typed line (the line number
included).  A longer line is typed without its blanks outside quotes
(the interpreter crunches them away anyway, [8K4] 0401); lines 78 and 1120
are longer than 71 even so and are split in two (``SPLITS``).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, Optional

import sys

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from retro.ports.altair_3d.errata import ERRATA, Erratum
from tools.source_texts import source_text

ARTICLE = "003_7ae37df1db29eaeb.txt"  # the article with the Altair listing
BUFFER = 71  # characters of a typed line the interpreter keeps ([8K4] 051A: cpi 48H)

# Lines too long for the buffer even without blanks: typed as two lines.
# 78 (DATA): the second half as line 79 (READ takes DATA in line order,
# and no line 79 exists); 1120: the last two columns as line 1121 (nothing
# jumps to 1120 or 1121, and NEXT A1 still ends the pair).
SPLITS = {
    78: ("78 DATA 3,23,43,63,15,27,39,51,4,23,42,61",
         "79 DATA 8,23,38,53,12,27,42,57,16,27,38,49"),
}


def seed_path(path: Optional[str] = None) -> Path:
    return Path(path) if path else source_text(ARTICLE)


def code_blocks(text: str) -> list[list[str]]:
    """The seed's ``` blocks, in order, as lists of non-empty lines."""
    blocks, current, inside = [], [], False
    for line in text.splitlines():
        if line.strip() == "```":
            if inside:
                blocks.append(current)
                current = []
            inside = not inside
        elif inside and line.strip():
            current.append(line.strip())
    return blocks


def programs(text: str) -> dict[str, dict[int, str]]:
    """Programs A-F as {line number: text}; the seed prints their code blocks
    in order A..F, each before its caption."""
    blocks = code_blocks(text)
    if len(blocks) != 6:
        raise ValueError(f"expected 6 code blocks in the seed, found {len(blocks)}")
    names = ["A", "B", "C", "D", "E", "F"]
    out: dict[str, dict[int, str]] = {n: {} for n in "ABCDEF"}
    for name, block in zip(names, blocks):
        for line in block:
            number = int(line.split()[0])
            out[name][number] = line
    return out


def apply_errata(progs: dict[str, dict[int, str]], errata: Iterable[Erratum] = ERRATA,
                 keep: Iterable[tuple[str, int, str]] = ()) -> dict[str, dict[int, str]]:
    """Each erratum replaces its scanned text (which must occur exactly once);
    ``keep`` names (program, line, scanned) errata left as scanned."""
    kept = set(keep)
    out = {name: dict(lines) for name, lines in progs.items()}
    for e in errata:
        if (e.program, e.line, e.scanned) in kept:
            continue
        text = out[e.program][e.line]
        if text.count(e.scanned) != 1:
            raise ValueError(f"erratum {e.program} {e.line}: {e.scanned!r} found {text.count(e.scanned)} times")
        out[e.program][e.line] = text.replace(e.scanned, e.corrected)
    return out


def variant_lines(progs: dict[str, dict[int, str]], version: str = "3", check_combinations: bool = False,
                  resume: bool = False, ultimate: bool = False, no_boards: bool = False) -> dict[int, str]:
    """Program A with the changes the port's options stand for."""
    lines = dict(progs["A"])
    if version == "2":
        lines.update(progs["B"])
    elif version == "1":
        lines.update(progs["C"])
    if check_combinations:
        lines.update(progs["D"])
    if resume:
        lines.update(progs["E"])
    if ultimate:
        lines.update(progs["F"])
    if no_boards:
        lines[1000] = "1000 RETURN"
    return lines


def crunch(line: str) -> str:
    """The line without blanks outside quotes (what the interpreter stores anyway)."""
    parts = re.split(r'("[^"]*"?)', line)
    return "".join(p if p.startswith('"') else p.replace(" ", "") for p in parts)


def typed(lines: dict[int, str]) -> list[str]:
    """The lines as typed: as listed if they fit, crunched if that fits, else split."""
    out = []
    for number in sorted(lines):
        text = lines[number].replace("↑", "^")
        if len(text) <= BUFFER:
            out.append(text)
            continue
        short = crunch(text)
        if len(short) <= BUFFER:
            out.append(short)
            continue
        halves = SPLITS.get(number) or split_print_line(text)
        for half in halves:
            half = half if len(half) <= BUFFER else crunch(half)
            if len(half) > BUFFER:
                raise ValueError(f"line {number} does not fit even split: {half!r}")
            out.append(half)
    return out


def split_print_line(text: str) -> tuple[str, str]:
    """Line 1120: PRINT a;" / ";b;" / ";c;" / ";d;" / "; : NEXT A1 typed as
    1120 PRINT a;" / ";b;" / "; and 1121 PRINT c;" / ";d;" / "; : NEXT A1."""
    number, _, body = text.partition(" ")
    parts = body.split('" / ";')
    if not body.startswith("PRINT") or len(parts) < 4:
        raise ValueError(f"line {number} is too long and has no known split")
    return (f'{number} {parts[0]}" / ";{parts[1]}" / ";',
            f'{int(number) + 1} PRINT {parts[2]}" / ";' + '" / ";'.join(parts[3:]))


def listing(version: str = "3", seed: Optional[str] = None, keep: Iterable[tuple[str, int, str]] = (),
            **options: bool) -> list[str]:
    progs = apply_errata(programs(seed_path(seed).read_text(encoding="utf-8")), keep=keep)
    return typed(variant_lines(progs, version, **options))


def too_long(seed: Optional[str] = None) -> list[tuple[int, int, int]]:
    """(line, length as listed, length without blanks) of every line past the buffer,
    over all programs, as the port reads them."""
    progs = apply_errata(programs(seed_path(seed).read_text(encoding="utf-8")))
    out = []
    for name, lines in progs.items():
        for number, text in sorted(lines.items()):
            if len(text) > BUFFER:
                out.append((name, number, len(text), len(crunch(text))))
    return out


if __name__ == "__main__":
    for row in too_long():
        print(*row)

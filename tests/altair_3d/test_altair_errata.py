"""The errata: NOTES.md's table and retro/ports/altair_3d/errata.py name the same corrections,
and each scanned text is in the seed's listing where the table says.

The article is read only if it is on this machine (tests/source_texts.py): CI has none, and then only
the NOTES check runs.
"""
import re
from pathlib import Path


from retro.ports.altair_3d.errata import ERRATA
from source_texts import needs, source_text

ROOT = Path(__file__).resolve().parents[2]
NOTES = ROOT / "retro" / "ports" / "altair_3d" / "NOTES.md"
SEED = source_text("003_7ae37df1db29eaeb.txt")
GRADES = {"interpreter run", "Fig. 1", "Fig. 3", "Fig. 5", "Table 1", "prose", "reading"}
ROW = re.compile(r"^\| (?:([B-F]) )?(\d+) \| `(.*)` \| `(.*)` \| ([^|]*) \|")


def notes_rows():
    text = NOTES.read_text(encoding="utf-8")
    section = text.split("## Errata: the damaged lines", 1)[1].split("\n## ", 1)[0]
    for line in section.splitlines():
        m = ROW.match(line)
        if m:
            program, number, scanned, corrected, evidence = m.groups()
            yield program or "A", int(number), scanned, corrected, tuple(g.strip() for g in evidence.split(","))


def test_notes_table_and_errata_py_name_the_same_corrections():
    notes = list(notes_rows())
    table = [(e.program, e.line, e.scanned, e.corrected, e.evidence) for e in ERRATA]
    assert notes == table


def test_every_erratum_is_graded_with_known_evidence():
    for e in ERRATA:
        assert e.evidence and set(e.evidence) <= GRADES, e
        assert e.scanned != e.corrected and e.scanned_on_the_interpreter


def test_line_1120_has_both_columns_listed():
    assert {e.scanned for e in ERRATA if e.line == 1120} == {"S(A2+8)", "S(A2+12)"}


@needs("003_7ae37df1db29eaeb.txt")
def test_each_scanned_text_occurs_once_in_its_line_of_the_seed():
    lines = [l.strip() for l in SEED.read_text(encoding="utf-8").splitlines()]
    for e in ERRATA:
        candidates = [l for l in lines if l.startswith(f"{e.line} ") and e.scanned in l]
        assert len(candidates) == 1 and candidates[0].count(e.scanned) == 1, e

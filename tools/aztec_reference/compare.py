"""Compare ``retro run cpm-c --cpm`` with the game built by Aztec C on CP/M.

    python tools/aztec_reference/compare.py transcripts [--write]
    python tools/aztec_reference/compare.py keys [N [SEED]] [--write]
    python tools/aztec_reference/compare.py probe

``transcripts``: the input of every session in transcripts/cpm-c/ is typed on
the emulated CP/M, a key at a time as BDOS reads it (each line's bytes, then
Return; the end of the input as Ctrl-Z and Return, Aztec C's end of file on
the console), and what the program wrote -- the echo of line input removed
(cpm.Console) -- is compared byte for byte with the port's standard output
for the same input with --cpm.  ``keys``: the line-editing cases of
EDITING_CASES, and N seeded random sessions (fuzz_input), the same way.
``probe``: what fgets returns on CP/M for each case of PROBE_KEYS, typed into a
small program of ours (how each line-input rule was measured).  With --write the results go to tests/data/cpm_c_aztec.tsv.
"""
from __future__ import annotations

import hashlib
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))
import cpm  # noqa: E402  # after sys.path is set above
import source  # noqa: E402  # after sys.path is set above

from retro import transcript  # noqa: E402  # after sys.path is set above
from retro.console import LineConsole  # noqa: E402  # after sys.path is set above
from retro.ports.cpm_c import CpmOptions  # noqa: E402  # after sys.path is set above
from retro.ports.cpm_c.tictactoe import run as run_port  # noqa: E402  # after sys.path is set above

ROOT = HERE.parents[1]
MANIFEST = ROOT / "tests" / "data" / "cpm_c_aztec.tsv"
BUILD = cpm.CACHE / "build"


def game() -> Path:
    """TTT.COM, built once per source text."""
    BUILD.mkdir(parents=True, exist_ok=True)
    text = source.program()
    stamp = BUILD / "TTT.SHA"
    com = BUILD / "TTT.COM"
    digest = hashlib.sha256(text.encode()).hexdigest()
    if not com.exists() or not stamp.exists() or stamp.read_text() != digest:
        for old in BUILD.iterdir():
            old.unlink()
        cpm.build("TTT", text, BUILD)
        stamp.write_text(digest)
    return com


def keys_for(data: bytes) -> bytes:
    """Lines of a pipe as keys: each line then Return; then Ctrl-Z and Return,
    Aztec C's end of file on the console.  A last line without its newline is
    typed with the Ctrl-Z after it: agetc passes its keys on, then the end."""
    *lines, last = data.split(b"\n")
    return b"".join(line + b"\r" for line in lines) + last + b"\x1a\r"


def port(data: bytes) -> bytes:
    console = LineConsole.from_bytes(data)
    run_port(console, CpmOptions(cpm=True))
    return console._out.getvalue()


def compare_input(data: bytes, keys: bytes | None = None) -> tuple[bool, bytes, bytes, cpm.Session]:
    session = cpm.run_program(game(), keys_for(data) if keys is None else keys)
    mine = port(data)
    return session.program == mine, session.program, mine, session


def first_difference(a: bytes, b: bytes) -> str:
    n = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"at byte {n}: CP/M {a[max(0, n - 40):n + 40]!r}\n           port {b[max(0, n - 40):n + 40]!r}"


def transcripts(write: bool) -> int:
    files = sorted((ROOT / "transcripts" / "cpm-c").glob("*.txt"))
    rows = []
    bad = 0
    for path in files:
        session = transcript.load(path)
        data = session.input_bytes()
        same, theirs, mine, run = compare_input(data)
        print(f"{path.name}: {'identical' if same else 'DIFFERS ' + first_difference(theirs, mine)}")
        bad += not same
        rows.append(("transcript", path.stem, data, theirs, same))
    if write:
        save(rows, "transcript")
    return 1 if bad else 0


def escape(data: bytes) -> str:
    return data.decode("latin-1").encode("unicode_escape").decode("ascii")


def save(rows: list[tuple[str, str, bytes, bytes, bool]], kind: str) -> None:
    old = []
    if MANIFEST.exists():
        old = [line for line in MANIFEST.read_text().splitlines()[len(HEAD):] if not line.startswith(kind + "\t")]
    body = ["\t".join([k, name, escape(data), hashlib.sha256(out).hexdigest()[:16], "identical" if same else "differs"])
            for k, name, data, out, same in rows]
    kinds = ("transcript", "keys")  # the file's order, whichever kind was written last
    rows_ = sorted(old + body, key=lambda line: kinds.index(line.split("\t")[0]))
    MANIFEST.write_text("\n".join(HEAD + rows_) + "\n")
    print(f"{len(body)} rows written to {MANIFEST}")


HEAD = [
    "# What the game built by Aztec C 1.06D (skx/cpm-dist " + cpm.COMMIT[:7] + ") wrote on cpm80's CP/M 2.2,",
    "# the echo of BDOS line input removed; from tools/aztec_reference/compare.py --write.",
    "# kind\tname\tinput (unicode_escape; typed a line at a time, Return after each)\tsha256(output)[:16]\tagainst --cpm",
]


# Line input at the game's prompts: each case's input as a pipe gives it (lines
# ending in LF), typed on CP/M key by key.  Ctrl-P is left out: it switches
# CP/M's printer echo on, and cpm80 has no printer (its LIST entry asserts).
EDITING_CASES: tuple[tuple[str, bytes], ...] = (
    ("backspace", b"O\nB3\x082\nA\x08\x08A1\nC3\nN\n"),
    ("delete", b"O\nB3\x7f2\nA1\nC3\nN\n"),
    ("ctrl-u", b"O\nC3\x15B2\nA1\nC3\nN\n"),
    ("ctrl-x", b"X\nA1 nonsense\x18A1\nA2\nN\n"),
    ("ctrl-e-ctrl-r", b"O\nB\x05\x122\nA1\nC3\nN\n"),
    ("cr-ends-a-line", b"O\rB2\rA1\rC3\rN\r"),
    ("cr-lf", b"X\r\nA1\r\nA2\r\nN\r\n"),
    ("ctrl-c-first-ends-the-program", b"O\nB2\n\x03A1\n"),
    ("ctrl-c-after-backspace", b"O\nB2\nA\x08\x03\n"),
    ("ctrl-c-inside-a-line", b"O\nB2\nA\x031\nA1\nC3\nN\n"),
    ("ctrl-z-inside-a-line", b"O\nB2\x1aA1\n"),
    ("ctrl-z-at-play-again", b"X\nA1\nA2\n\x1a\n"),
    ("seven-bit", b"\xcf\n\xc2\xb2\nA1\nC3\nN\n"),
    ("88h-is-backspace", b"O\nC\x882\xb2\nA1\nC3\nN\n"),
    ("83h-is-ctrl-c", b"O\nB2\n\x83\n"),
    ("nul-skipped", b"O\nB\x002\nA1\nC3\nN\n"),
    ("tab-and-escape", b"O\n\tB2\nB\t2\n\x1bA1\nA1\nC3\nN\n"),
    ("line-of-254", b"O\n" + b"B2" + b"x" * 252 + b"\nA1\nC3\nN\n"),
    ("line-of-255", b"O\n" + b"B2" + b"x" * 253 + b"A1\nC3\nN\n"),
    ("line-of-300", b"O\n" + b"B2" + b"x" * 298 + b"\nA1\nC3\nN\n"),
    ("play-again-lower-case", b"x\na1\na2\ny\no\nb2\na1\nc3\nn\n"),
)

TOKENS = (b"A1", b"B2", b"C3", b"A3", b"C1", b"B1", b"a2", b"c2", b"b3", b"X", b"O", b"x", b"o", b"Y", b"N", b"y",
          b"n", b"Z9", b"", b"B", b" ", b"\x08", b"\x7f", b"\x15", b"\x18", b"\x05", b"\x12", b"\x03", b"\x1a",
          b"\x00", b"\t", b"\x1b", b"\r", b"\xc1", b"\x88", b"\xb2", b"xx")


def fuzz_input(rng: random.Random) -> bytes:
    lines = []
    for _ in range(rng.randint(1, 30)):
        if rng.random() < 0.02:
            lines.append(b"y" * rng.randint(200, 300))
        else:
            lines.append(b"".join(rng.choice(TOKENS) for _ in range(rng.randint(0, 3))))
    return b"\n".join(lines) + (b"\n" if rng.random() < 0.9 else b"")


def keys(write: bool, fuzz: int, seed: int) -> int:
    rng = random.Random(seed)
    cases = list(EDITING_CASES) + [(f"fuzz-{seed}-{n}", fuzz_input(rng)) for n in range(fuzz)]
    rows = []
    bad = 0
    for name, data in cases:
        same, theirs, mine, _ = compare_input(data)
        if not same or not name.startswith("fuzz"):
            print(f"{name}: {'identical' if same else 'DIFFERS ' + first_difference(theirs, mine)}")
        bad += not same
        rows.append(("keys", name, data, theirs, same))
    print(f"{len(cases) - bad}/{len(cases)} identical")
    if write:
        save(rows, "keys")
    return 1 if bad else 0


# A small program of our own that shows what fgets returns for each line typed.
PROBE_C = """#include "stdio.h"
char inbuf[80];
main()
{
   int i;
   printf("Prompt: ");
   while (NULL != fgets(inbuf, 80, stdin)) {
      for (i = 0; inbuf[i]; i++) printf("%d ", inbuf[i]);
      printf("|\\nPrompt: ");
   }
   printf("EOF\\n");
   return 0;
}
"""

PROBE_KEYS: tuple[tuple[str, bytes], ...] = (
    ("CR ends a line", b"ab\rcd\r"), ("LF ends a line", b"ab\ncd\r"), ("CR LF", b"ab\r\ncd\r"),
    ("BS", b"abc\x08d\r"), ("DEL", b"abc\x7fd\r"), ("BS first", b"\x08ab\r"), ("Ctrl-U", b"abc\x15de\r"),
    ("Ctrl-X", b"abc\x18de\r"), ("Ctrl-E", b"ab\x05cd\r"), ("Ctrl-R", b"ab\x12cd\r"),
    ("Ctrl-C first", b"\x03ab\r"), ("Ctrl-C after a key", b"a\x03b\r"), ("Ctrl-C after BS", b"a\x08\x03b\r"),
    ("83h first", b"\x83b\r"), ("Ctrl-Z in a line", b"a\x1ab\r"), ("Ctrl-Z first", b"\x1axy\r"),
    ("Ctrl-Z first, taken back", b"\x1a\x08\rab\r"), ("Ctrl-Z after a key, taken back", b"x\x1a\x08\rab\r"),
    ("NUL", b"a\x00b\r"), ("tab", b"a\tb\r"), ("Ctrl-S", b"a\x13b\r"), ("ESC", b"a\x1bb\r"),
    ("top bit", b"a\xc1\x88b\r"), ("100 keys", b"x" * 100 + b"\r"), ("254 keys", b"y" * 254 + b"\r"),
    ("255 keys", bytes(48 + (i % 75) for i in range(255)) + b"AB\r"),
)


def probe() -> int:
    """What fgets returns on CP/M for each case of PROBE_KEYS (then Ctrl-Z, Return)."""
    directory = cpm.CACHE / "probe"
    directory.mkdir(parents=True, exist_ok=True)
    com = directory / "PROBE.COM"
    if not com.exists():
        cpm.build("PROBE", PROBE_C.replace("\n", "\r\n") + "\x1a", directory)
    for name, keys in PROBE_KEYS:
        run = cpm.run_program(com, keys + b"\x1a\r")
        got = run.program.decode("ascii").replace("\r\n", " ").replace("Prompt: ", "")
        print(f"{name:32} {keys[:24]!r:34} {got[:90]}{' (program ended)' if not got else ''}")
    return 0


def main(argv: list[str]) -> int:
    if not argv:
        raise SystemExit(__doc__)
    write = "--write" in argv
    if argv[0] == "transcripts":
        return transcripts(write)
    if argv[0] == "probe":
        return probe()
    if argv[0] == "keys":
        numbers = [int(a) for a in argv[1:] if a.isdigit()]
        return keys(write, numbers[0] if numbers else 0, numbers[1] if len(numbers) > 1 else 1)
    raise SystemExit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

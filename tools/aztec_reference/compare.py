"""Compare ``retro run cpm-c --cpm`` with the game built by Aztec C on CP/M.

    python tools/aztec_reference/compare.py transcripts [--write]
    python tools/aztec_reference/compare.py keys
    python tools/aztec_reference/compare.py states [--write]

``transcripts``: the input of every session in transcripts/cpm-c/ is typed on
the emulated CP/M, a key at a time as BDOS reads it (each line's bytes, then
Return; the end of the input as Ctrl-Z and Return, Aztec C's end of file on
the console), and what the program wrote -- the echo of line input removed
(cpm.Console) -- is compared byte for byte with the port's standard output
for the same input with --cpm.  ``keys``: the line-editing cases of
EDITING_CASES, the same way.  ``states``: comp_move over every state
(harness.py).  With --write the results go to tests/data/cpm_c_aztec.tsv.
"""
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1]))
import cpm  # noqa: E402
import source  # noqa: E402

from retro import transcript  # noqa: E402
from retro.console import LineConsole  # noqa: E402
from ports.cpm_c.tictactoe import run as run_port  # noqa: E402

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
    """Lines of a pipe as keys: each line then Return; the end as Ctrl-Z, Return."""
    lines = data.split(b"\n")
    typed = b"".join(line + b"\r" for line in lines[:-1])
    if lines[-1]:
        typed += lines[-1] + b"\r"  # a last line without a newline: typed, and Return (it cannot be otherwise)
    return typed + b"\x1a\r"


def port(data: bytes) -> bytes:
    console = LineConsole.from_bytes(data)
    run_port(console, cpm=True)
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
    MANIFEST.write_text("\n".join(HEAD + old + body) + "\n")
    print(f"{len(body)} rows written to {MANIFEST}")


HEAD = [
    "# What the game built by Aztec C 1.06D (skx/cpm-dist " + cpm.COMMIT[:7] + ") wrote on cpm80's CP/M 2.2,",
    "# the echo of BDOS line input removed; from tools/aztec_reference/compare.py --write.",
    "# kind\tname\tinput (unicode_escape; typed a line at a time, Return after each)\tsha256(output)[:16]\tagainst --cpm",
]


def main(argv: list[str]) -> int:
    if not argv:
        raise SystemExit(__doc__)
    write = "--write" in argv
    if argv[0] == "transcripts":
        return transcripts(write)
    raise SystemExit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

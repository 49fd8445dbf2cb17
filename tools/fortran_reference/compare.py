"""Compare the port with the reference build, byte for byte.

    python tools/fortran_reference/compare.py games [--write]   every complete game, both AIs, both starts
    python tools/fortran_reference/compare.py inputs [--write]  the bad-input corpus (bad_inputs())
    python tools/fortran_reference/compare.py fuzz N [SEED]     N random sessions
    python tools/fortran_reference/compare.py author [--write]  the author's own TicTacToe.exe under Wine
                                                                over every ia session above (author_compare.py)

Each case runs the build (stdin and stdout pipes) and the port (the same bytes
through a LineConsole) and compares standard output, standard error and the
exit status.  With --write, the build's results are stored as the golden
manifest tests/data/fortran_rcd_original.tsv, which the test suite replays
against the port without needing gfortran.
"""
from __future__ import annotations

import hashlib
import random
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import reference

from retro.console import LineConsole
from retro.ports.fortran_rcd.tictactoe import TT, cell

MANIFEST = reference.ROOT / "tests" / "data" / "fortran_rcd_original.tsv"


def port(ai: str, data: bytes, output_kind: str = "pipe"):
    """(stdout, stderr, status, undetermined): the last is true when a move wrote
    above MAIN__'s frame, where the build's fate depends on its environment."""
    from retro.dialects.fortran import FortranProgram

    console = LineConsole.from_bytes(data, output_kind=output_kind)
    rt = FortranProgram(console, "TicTacToe.f90")
    tt = TT(rt, ai, "es")
    status = rt.run(tt.main)
    return console._out.getvalue(), console._err.getvalue(), status, tt.memory.undetermined


def complete_games(ai: str) -> list[str]:
    """Every distinct line of human moves to the end of a game, for both starts."""
    games: list[str] = []

    def play(prefix: str) -> None:
        console = LineConsole.from_bytes(prefix.encode())
        from retro.dialects.fortran import FortranProgram

        rt = FortranProgram(console, "TicTacToe.f90")
        tt = TT(rt, ai, "es")
        rt.run(tt.main)
        out = console.output()
        if out.rstrip().endswith(("Gana la maquina", "Gana el humano", "No gana nadie")) or "Deseas" in out:
            games.append(prefix + "N\n")
            return
        for i in (1, 2, 3):
            for j in (1, 2, 3):
                if tt.tablero[cell(i, j)] == 0:
                    play(prefix + f"{i},{j}\n")

    play("S\n")
    play("N\n")
    return games


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def check_case(args):
    ai, text, stdout_to_file = args
    data = text.encode("utf-8", "surrogateescape")
    ref = reference.run(ai, data, stdout_to_file)
    *mine, undetermined = port(ai, data, "file" if stdout_to_file else "pipe")
    same = (ref.stdout, ref.stderr, ref.status) == tuple(mine) or undetermined
    return ai, text, stdout_to_file, same, ref, mine, undetermined


def compare(cases, write_kind: str | None):
    with Pool(2) as pool:
        results = pool.map(check_case, cases, chunksize=8)
    bad = [r for r in results if not r[3]]
    undetermined = sum(1 for r in results if r[6])
    if undetermined:
        print(f"{undetermined} cases wrote above MAIN__'s frame (environment-dependent): not compared")
    for ai, text, to_file, _, ref, mine, _ in bad[:5]:
        print(f"MISMATCH ai={ai} file={to_file} input={text!r}")
        print("  build:", ref.status, ref.stdout[-200:], ref.stderr[-300:])
        print("  port: ", mine[2], mine[0][-200:], mine[1][-300:])
    print(f"{len(results) - len(bad)}/{len(results)} identical")
    if write_kind and not bad:
        rows = [r for r in read_manifest() if r[0] != write_kind]
        for ai, text, to_file, _, ref, _, undetermined in results:
            if undetermined:
                continue
            rows.append((write_kind, ai, "file" if to_file else "pipe", text, ref.status, digest(ref.stdout), digest(ref.stderr)))
        save_manifest(rows)
    return not bad


def escape(text: str) -> str:
    return text.encode("unicode_escape").decode("ascii")


def read_manifest():
    if not MANIFEST.exists():
        return []
    rows = []
    for line in MANIFEST.read_text().splitlines():
        if line.startswith("#") or not line:
            continue
        kind, ai, out, text, status, out_hash, err_hash = line.split("\t")
        rows.append((kind, ai, out, text.encode("ascii").decode("unicode_escape"), int(status), out_hash, err_hash))
    return rows


def save_manifest(rows) -> None:
    MANIFEST.parent.mkdir(parents=True, exist_ok=True)
    head = [
        "# What the reference build of TicTacToe.f90 printed, case by case.",
        f"# {reference.compiler_version()}, flags: {' '.join(reference.FLAGS)}; stdin a pipe; stdout a pipe or a regular file.",
        "# Written by tools/fortran_reference/compare.py --write after the port matched every case.",
        "# kind\tai\tstdout\tinput (unicode_escape)\texit status\tsha256(stdout)[:16]\tsha256(stderr)[:16]",
    ]
    body = ["\t".join([k, ai, out, escape(text), str(st), oh, eh]) for k, ai, out, text, st, oh, eh in rows]
    MANIFEST.write_text("\n".join(head + body) + "\n")


def main(argv: list[str]) -> int:
    mode, rest = argv[0], argv[1:]
    write = "--write" in rest
    rest = [a for a in rest if a != "--write"]
    if mode == "games":
        cases = [(ai, g, False) for ai in ("ia", "mj") for g in complete_games(ai)]
        print({ai: sum(1 for c in cases if c[0] == ai) for ai in ("ia", "mj")}, "complete games")
        return 0 if compare(cases, "game" if write else None) else 1
    if mode == "inputs":
        texts = bad_inputs()
        cases = [(ai, t, to_file) for ai in ("ia", "mj") for t in texts for to_file in (False, True)]
        return 0 if compare(cases, "input" if write else None) else 1
    if mode == "fuzz":
        n = int(rest[0])
        rng = random.Random(int(rest[1]) if len(rest) > 1 else 1)
        cases = [(rng.choice(("ia", "mj")), fuzz_input(rng), rng.random() < 0.2) for _ in range(n)]
        return 0 if compare(cases, "fuzz" if write else None) else 1
    if mode == "author":
        import author_compare

        return author_compare.run_all(write)
    raise SystemExit(__doc__)


def bad_inputs() -> list[str]:
    """Bad and odd input at every prompt: answers, moves, end of input, loc outside
    the board, and "go" at several places after PAUSE."""
    game = "1,1\n1,2\n2,1\nN\n"
    cases = [s + game for s in ("x\nS\n", "\n\ns\n", "Si\n", "'S'\n", "nada\nN\n", "5\nS\n", "/\nS\n",
                                ",\nN\n", "2*S\n", '"n"\n')]
    for move in ("uno,dos", "1", "1\n", "1 1", "1;1", "1,1,1", "/", "1 /", ",1", "1,", "2*1", "2*", "0*1", "1.5,1",
                 "+1,+1", "-0,1", "99999999999,1", "1,99999999999", "'1',1", "1a,1", "\t1\t1", " ", "1\r", "*",
                 "1*1,1"):
        cases.append("S\n" + move + "\n1,1\n1,2\n2,1\nN\n")
    cases += ["", "S\n", "N\n", "S\n1,1\n", "S\n1,1\n1,2\n2,1\n", "S\n1,1\n1,2\n2,1\nS\n", "S\n1", "S\n1,1",
              "S\n1,1\n1,2\n2,1\nN"]
    for answer in ("S", "s", "n", "x", "", "/", "yes", "Si"):
        cases.append("S\n1,1\n1,2\n2,1\n" + answer + "\nN\n1,1\n1,2\nN\n")
    every = "1,1\n1,2\n1,3\n2,1\n2,2\n2,3\n3,1\n3,2\n3,3\nN\n"
    for r in range(-4, 8):
        for c in range(-4, 8):
            if not (1 <= r <= 3 and 1 <= c <= 3):
                cases.append(f"S\n{r},{c}\n" + every)
    for rc in ("100,100", "-100,-100", "1000000,1", "1,-2000", "-7,1", "-18,1", "10,1", "11,1", "-15,1", "-1,0",
               "2147483647,2147483647", "-2147483648,-2147483648"):
        cases.append(f"N\n2,2\n{rc}\n" + every)
    for k in (0, 10, 62, 63, 64, 70):
        cases.append("S\n1,1\n1,2\n2,1\nN\n" + "x" * k + ("\n" if k else "") + "go\n")
    return cases


TOKENS = ["1", "2", "3", "0", "4", "-1", "10", "99", "-7", "2*3", "2*", "*", "/", ",", ";", " ", "\t", "'", '"',
          "s", "S", "n", "N", "x", "go", "+", "-", "1.5", "3*1", "0*2", "9999999999", "\r", ",,", "''", "'s'", "1*"]


def fuzz_input(rng: random.Random) -> str:
    lines = []
    if rng.random() < 0.7:
        lines.append(rng.choice(["S", "N", "s", "n"]))
    for _ in range(rng.randint(0, 14)):
        k = rng.random()
        if k < 0.55:
            lines.append(f"{rng.randint(1, 3)},{rng.randint(1, 3)}")
        elif k < 0.7:
            lines.append(f"{rng.randint(-9, 12)}{rng.choice([',', ' ', ';'])}{rng.randint(-9, 12)}")
        else:
            lines.append("".join(rng.choice(TOKENS) for _ in range(rng.randint(0, 5))))
    text = "\n".join(lines)
    if rng.random() < 0.9:
        text += "\n"
    return text


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

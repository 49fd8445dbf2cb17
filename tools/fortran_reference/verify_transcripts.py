"""Check golden transcripts of fortran-rcd against a build of the original.

    python tools/fortran_reference/verify_transcripts.py [FILE ...]
    python tools/fortran_reference/verify_transcripts.py --author [--write] [FILE ...]

Without --author, the reference gfortran build runs each transcript's input
(for transcripts that were not recorded from it: the audit's beating lines,
for instance) and standard output, standard error and the exit status are
compared with the transcript's.

With --author, the author's own TicTacToe.exe runs under Wine
(author_build.py) on the input of each transcript it can play (it was built
with IA) and is compared as author_compare.py compares: standard output with
CR LF read as LF, standard error (up to the backtrace the exe adds to a
runtime error, its source named TicTacToe.F90), the exit status.  --write
puts the verdict in each transcript recorded from our gfortran build as the
header line ``# author-build: ...``; the session itself is left as it is.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import reference

from retro import transcript

OUR_BUILD = "our gfortran build of the published source: GNU Fortran"  # how record.py's source line begins
AUTHOR_KEY = "# author-build:"


def ai_of(session: transcript.Transcript) -> str | None:
    if session.options in ([], ["--ai", "ia"]):
        return "ia"
    if session.options == ["--ai", "mj"]:
        return "mj"
    return None


def check_gfortran(path: Path, session: transcript.Transcript, ai: str) -> bool:
    run = reference.run(ai, session.input_bytes())
    return (run.stdout.decode("utf-8", "surrogateescape"), run.stderr.decode("utf-8", "surrogateescape"),
            run.status) == (session.output(), session.errors(), session.exit_status)


def author_verdict(session: transcript.Transcript, ai: str) -> str:
    """The header line's value: what the author's exe did with this session's input."""
    import author_build
    import author_compare

    if ai != "ia":
        return "not run: the author's TicTacToe.exe calls IA (line 198), this session is MJ's"
    exe = author_build.run(session.input_bytes())
    mine = author_compare.port(session.input_bytes(), "pipe")
    verdict = author_compare.classify(exe, mine)
    crlf = "CR LF line ends read as LF"
    return {
        "identical": f"agrees: the author's TicTacToe.exe (TDM-GCC 10.3) under Wine wrote the same ({crlf}), "
                     "the same standard error and exit status",
        "runtime-error": f"agrees but for its runtime error: the author's TicTacToe.exe (TDM-GCC 10.3) under Wine "
                         f"wrote the same ({crlf}) and exit status; its message names TicTacToe.F90 and a backtrace "
                         "follows it",
        "outside-board": f"differs: a move outside the board reads and writes the memory of one build; the author's "
                         f"TicTacToe.exe under Wine ended with status {exe.status}",
        "UNEXPLAINED": f"DIFFERS: the author's TicTacToe.exe under Wine ended with status {exe.status}",
    }[verdict]


def write_header(path: Path, value: str) -> None:
    """Put (or replace) the author-build line before the header's exit line; the body is kept byte for byte."""
    lines = path.read_bytes().decode("utf-8").split("\n")
    lines = [line for line in lines if not line.startswith(AUTHOR_KEY)]
    at = next(i for i, line in enumerate(lines) if line.startswith("# exit:"))
    lines.insert(at, f"{AUTHOR_KEY} {value}")
    path.write_bytes("\n".join(lines).encode("utf-8"))


def main(argv: list[str]) -> int:
    author = "--author" in argv
    write = "--write" in argv
    paths = [a for a in argv if not a.startswith("--")]
    files = [Path(p) for p in paths] or sorted((reference.ROOT / "transcripts" / "fortran-rcd").glob("*.txt"))
    if author:
        import author_build

        author_build.install()
        author_build.start_server()
    bad = 0
    for path in files:
        session = transcript.load(path)
        ai = ai_of(session)
        if session.stdin != "pipe" or ai is None:
            print(f"{path.name}: skipped (stdin {session.stdin}, options {session.options})")
            continue
        if not author:
            same = check_gfortran(path, session, ai)
            print(f"{path.name}: {'identical to the build' if same else 'DIFFERS from the build'}")
            bad += not same
            continue
        value = author_verdict(session, ai)
        print(f"{path.name}: {value}")
        bad += value.startswith("DIFFERS")
        if write and session.header.get("source", "").startswith(OUR_BUILD):
            write_header(path, value)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

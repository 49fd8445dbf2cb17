"""Ask gfortran itself how list-directed READ treats each input of a table.

    python tools/fortran_reference/list_read_cases.py

Two small programs of our own (not the original) are built with the reference
compiler: one reads ``character :: c`` then ``integer :: loc(2)`` (starting as
'w' and 7 8), the other the same twice over.  Each input of CASES is fed to the
matching program and what it printed -- the values, or the runtime error -- is
written to tests/data/fortran_list_read.tsv, which the dialect's unit tests
check the dialect against.  gfortran is needed here, never in the tests.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import reference

PROGRAM = """program lab
character :: c = "w"
integer, dimension(2) :: loc = (/7, 8/)
integer :: k
do k = 1, %d
  read*, c
  print '(A,I0)', 'c=', ichar(c)
  read*, loc
  print '(A,I0,1X,I0)', 'loc=', loc
enddo
end program
"""

# (rule, input): the input goes to "read c; read loc" (the rule names say what it shows).
CASES = [
    ("char-plain", "S\n1,2\n"),
    ("char-first-letter", "Si\n1,2\n"),
    ("char-leading-blanks", "   s  \n1,2\n"),
    ("char-blank-lines-skipped", "\n\n  \nN\n1,2\n"),
    ("char-quoted", "'no'\n1,2\n"),
    ("char-double-quoted", '"ab"\n1,2\n'),
    ("char-empty-quotes-blank", "''\n1,2\n"),
    ("char-doubled-quote", "'''x'\n1,2\n"),
    ("char-unclosed-quote-spans-lines", "'\nab'\n1,2\n"),
    ("char-text-after-quote-invalid", "'ab'c\n1,2\n"),
    ("char-repeat", "2*S\n1,2\n"),
    ("char-star", "*\n1,2\n"),
    ("char-null-comma", ",\n1,2\n"),
    ("char-null-slash", "/\n1,2\n"),
    ("char-digits", "35\n1,2\n"),
    ("char-digits-then-letter", "3x\n1,2\n"),
    ("char-eof", ""),
    ("char-eof-no-newline", "S"),
    ("char-rest-of-line-skipped", "S 1 2\n3,4\n"),
    ("int-comma", "x\n3,3\n"),
    ("int-blanks", "x\n3 3\n"),
    ("int-blanks-around", "x\n  3 , 3  \n"),
    ("int-semicolon", "x\n3;1\n"),
    ("int-tab", "x\n3\t1\n"),
    ("int-next-line", "x\n3\n1\n"),
    ("int-next-line-after-comma", "x\n3,\n1\n"),
    ("int-blank-lines-skipped", "x\n\n\n3,1\n"),
    ("int-extra-ignored", "x\n3,1,9\n"),
    ("int-slash", "x\n/\n"),
    ("int-slash-after-one", "x\n3 /\n"),
    ("int-null-first", "x\n,3\n"),
    ("int-null-second", "x\n3,,\n"),
    ("int-nulls", "x\n,,\n"),
    ("int-repeat", "x\n2*3\n"),
    ("int-repeat-null", "x\n2*\n"),
    ("int-repeat-one", "x\n1*5,6\n"),
    ("int-repeat-zero", "x\n0*3\n"),
    ("int-signs", "x\n+2,-0\n"),
    ("int-real-bad", "x\n1.5,2\n"),
    ("int-letter-bad", "x\n3a,1\n"),
    ("int-word-bad", "x\nuno,dos\n"),
    ("int-second-bad", "x\n1,b\n"),
    ("int-quoted-bad", "x\n'3',3\n"),
    ("int-minus-alone-bad", "x\n-\n"),
    ("int-double-minus-bad", "x\n--1,2\n"),
    ("int-overflow", "x\n99999999999,1\n"),
    ("int-limits", "x\n2147483647,-2147483648\n"),
    ("int-overflow-negative", "x\n-2147483649,1\n"),
    ("int-repeat-overflow", "x\n300000000*1\n"),
    ("int-eof", "x\n"),
    ("int-eof-after-one", "x\n3\n"),
    ("int-eof-after-comma", "x\n,\n"),
    ("int-eof-no-newline", "x\n3,1"),
    ("int-crlf", "x\r\n3,1\r\n"),
    ("int-blank-line-then-eof", "x\n\n"),
]


def build(count: int) -> Path:
    directory = reference.CACHE / "lab"
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "lab.f90").write_text(PROGRAM % count)
    exe = directory / f"lab{count}"
    subprocess.run(["gfortran", *reference.FLAGS, "-o", exe.name, "lab.f90"], cwd=directory, check=True)
    return exe


def result(exe: Path, text: str) -> str:
    p = subprocess.run([str(exe)], input=text.encode("latin-1"), capture_output=True, env=reference.ENV)
    out = p.stdout.decode("latin-1").split()
    err = [l for l in p.stderr.decode("latin-1").splitlines() if l.startswith("Fortran runtime error: ")]
    if err:
        out.append("error=" + err[0][len("Fortran runtime error: "):].replace(" ", "_"))
    return " ".join(out)


def main() -> None:
    exe = build(1)
    rows = ["# rule\tinput (unicode_escape)\twhat gfortran printed: c=<code> loc=<a> <b>, error=<message>",
            f"# {reference.compiler_version()}, {' '.join(reference.FLAGS)}; by tools/fortran_reference/list_read_cases.py"]
    for rule, text in CASES:
        rows.append(f"{rule}\t{text.encode('unicode_escape').decode('ascii')}\t{result(exe, text)}")
    target = reference.ROOT / "tests" / "data" / "fortran_list_read.tsv"
    target.parent.mkdir(exist_ok=True)
    target.write_text("\n".join(rows) + "\n")
    print(f"{len(CASES)} cases written to {target}")


if __name__ == "__main__":
    main()

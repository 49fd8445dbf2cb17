"""Ask the real perl how it reads strings as numbers; write tests/data/perl_numeric.tsv.

Each case is a string the midterm could read from <STDIN> (after chomp).  For
each, perl (no warnings) reports:

* ``value``: ``print $s + 0``;
* ``lt0``, ``gt8``: whether ``$s < 0`` and ``$s > 8`` (the port's range check);
* ``element``: ``$a[$s]`` of ``@a = ('a'..'i')``, the square the subscript
  names (``undef`` when there is none), after the comparisons, as in the port.

The test suite compares retro.dialects.perl with this table without perl.
Run: python3 tools/perl_reference/numeric_table.py  (needs perl 5 on PATH).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "tests" / "data" / "perl_numeric.tsv"

CASES = [
    # plain numbers, in and out of range
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "-1", "-9", "10", "00012", "+4", "-0",
    # leading white space, trailing text
    " 4", "  4", "\t7", "\v7", "\f7", "\r7", "\n4", "4 ", "4\r", " 4\n", "3abc", "4 5", "8x",
    # not numbers
    "", " ", "abc", "x4", "-", "+", ".", "-.", "- 4", "+-4", "++4", "\u0663", "\xa04", "four",
    # fractions and exponents
    "4.5", "4.", ".5", "4.7", "8.9", "8.0", "-0.5", "-.0", "0.0", "1e0", "1e", "1e+", "1e+1",
    ".5e1", "4e-1", "8e0", "9e-1x", "4.9999999999999999", "1e400", "-1e-400",
    "  -4.5e-1x", " +.5", "4,5", "8.5", "1.5", "7.2", "2e0", " 5 ",
    # the subscript of a string is its integer part when it is a plain decimal
    # number (grok_number), not the truncated value: 4.99999999999999999 is 5
    # as a number but subscript 4
    "4.99999999999999999", "4.99999999999999999 ", " 4.99999999999999999\n", "4.99999999999999999abc",
    "8.99999999999999999", "-0.99999999999999999", ".99999999999999999", "8.99999999999999999e0",
    "18446744073709551615.5", "-9223372036854775808.5", "7.99999999999999999", "0.99999999999999999",
    # other bases and digit separators: not read
    "0x1", "0x8", "0b1", "0o7", "1_000", "1__0", "0 but true",
    # big integers
    "9223372036854775807", "18446744073709551615", "18446744073709551616",
    "-9223372036854775808", "-9223372036854775809", "9999999999999999999999",
    # infinities and NaN
    "inf", "Inf", "INF", "-inf", "+inf", "infinity", "Infinit", "infxyz", "in", "i",
    "nan", "NaN", "-nan", "nanq", "nans", "qnan", "snan", "nan(123)", "nanxyz", "na",
    "1.#INF", "1#INF", "-1.#INF", "1.#IND", "1.#QNAN", "1.#INF00", "1.#X", " inf",
]

PERL = r"""
no warnings;
my @a = ('a'..'i');
while (my $line = <STDIN>) {
    chomp $line;
    my $s = eval "\"$line\"";   # the case, unescaped
    my $v = $s + 0;
    my $e = $a[$s];
    print join("\t", $line, $v, ($s < 0 ? 1 : 0), ($s > 8 ? 1 : 0), defined $e ? $e : 'undef'), "\n";
}
"""


def escape(case: str) -> str:
    """A case's bytes as the body of a Perl double-quoted string (\\xNN for the rest)."""
    out = []
    for byte in case.encode("utf-8", "surrogateescape"):  # perl reads STDIN as bytes
        ch = chr(byte)
        if ch in "\\\"$@":
            out.append("\\" + ch)
        elif 32 <= byte < 127:
            out.append(ch)
        else:
            out.append("\\x%02x" % byte)
    return "".join(out)


def main() -> int:
    lines = "".join(escape(c) + "\n" for c in CASES)
    version = subprocess.run(["perl", "-e", "print $^V"], capture_output=True, text=True, check=True).stdout
    result = subprocess.run(["perl", "-e", PERL], input=lines, capture_output=True, text=True, check=True)
    header = (
        f"# perl {version} on this machine: $s + 0, $s < 0, $s > 8, $a[$s] of ('a'..'i'), no warnings.\n"
        "# Written by tools/perl_reference/numeric_table.py; the case is Perl-escaped (\\xNN).\n"
        "# case\tvalue\tlt0\tgt8\telement\n"
    )
    TABLE.write_text(header + result.stdout)
    print(f"wrote {len(CASES)} cases to {TABLE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

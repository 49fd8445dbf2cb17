"""retro.dialects.perl against perl 5.36.0, without perl.

The numeric rules are checked against tests/data/perl_numeric.tsv, written by
tools/perl_reference/numeric_table.py from the real perl 5.36.0 of the
development machine.  The other rules cite the one-liner that showed them;
each was run on that perl (output quoted in the comment).
"""
import doctest
import math
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from retro.console import LineConsole
from retro.dialects import perl
from retro.dialects.perl import Stdin, cast_iv, chomp, int_value, numify, stringify

TABLE = Path(__file__).resolve().parent.parent / "data" / "perl_numeric.tsv"
SQUARES = "abcdefghi"  # @a = ('a'..'i') in the table's one-liner


def unescape(field: str) -> str:
    """The table's Perl-escaped case (\\xNN, \\\\, \\", \\$, \\@) as the str a console delivers."""
    data = re.sub(rb"\\x([0-9a-f]{2})|\\(.)", lambda m: bytes([int(m[1], 16)]) if m[1] else m[2],
                  field.encode("ascii"))
    return data.decode("utf-8", "surrogateescape")


def rows():
    for line in TABLE.read_text().splitlines():
        if line and not line.startswith("#"):
            case, value, lt0, gt8, element = line.split("\t")
            yield pytest.param(unescape(case), value, lt0 == "1", gt8 == "1", element, id=case or "empty")


ROWS = list(rows())


def test_the_table_is_there_and_covers_the_issues_examples():
    cases = {r.values[0] for r in ROWS}
    assert len(ROWS) >= 100
    assert {"abc", "3abc", " 4\n", "1e0", "0x1", "", "nan", "inf"} <= cases


@pytest.mark.parametrize("case, value, lt0, gt8, element", ROWS)
def test_numify_agrees_with_perl(case, value, lt0, gt8, element):
    n = numify(case)
    assert stringify(n) == value
    assert (n < 0, n > 8) == (lt0, gt8)  # NaN: false both ways, as in perl
    i = int_value(case)
    assert (SQUARES[i] if -9 <= i <= 8 else "undef") == element


# -- the rules one by one (the issue's list) -----------------------------------


def test_leading_white_space_is_skipped():
    assert numify(" 4") == 4 and numify("\t\v\f\r\n 7") == 7


def test_the_leading_number_prefix_counts_and_the_rest_is_ignored():
    assert numify("3abc") == 3 and numify("4 5") == 4 and numify("4.5.6") == 4.5


def test_a_string_without_a_number_is_zero():
    assert numify("abc") == 0 and numify("") == 0 and numify("- 4") == 0


def test_a_newline_is_white_space():
    assert numify(" 4\n") == 4


def test_exponents_are_read():
    assert numify("1e0") == 1 and numify(".5e1") == 5 and numify("1e") == 1


def test_hexadecimal_is_not_read():
    assert numify("0x1") == 0 and numify("0b1") == 0


def test_underscores_are_not_read_in_strings():
    assert numify("1_000") == 1


def test_infinities_and_nan_are_read_with_trailing_text():
    assert numify("Infinit") == math.inf and numify("-inf") == -math.inf
    assert math.isnan(numify("nanxyz")) and math.isnan(numify("1.#IND"))
    assert numify("in") == 0 and numify("na") == 0


def test_thousands_of_digits():
    # perl -e '@a=("a".."i"); $s="9" x 5000; print $s+0, " ", $s>8, " ", $a[$s]'  ->  Inf 1 i
    # perl -e '@a=("a".."i"); $s="0" x 5000 . "4"; print $s+0, $a[$s]'             ->  4e
    # perl -e '@a=("a".."i"); $s="4." . "9" x 5000; print $s+0, $a[$s]'          ->  5e
    assert numify("9" * 5000) == math.inf and int_value("9" * 5000) == -1
    assert numify("0" * 5000 + "4") == 4 and int_value("0" * 5000 + "4") == 4
    assert numify("4." + "9" * 5000) == 5 and int_value("4." + "9" * 5000) == 4
    assert numify("-" + "9" * 5000) == -math.inf and numify("0." + "0" * 5000 + "1") == 0


def test_undef_is_zero():
    assert numify(None) == 0


def test_integers_stay_integers_while_they_fit():
    assert numify("18446744073709551615") == 2**64 - 1
    assert isinstance(numify("18446744073709551616"), float)


def test_a_subscript_truncates_toward_zero():
    assert int_value("4.7") == 4 and int_value("-0.5") == 0 and int_value("nan") == 0
    assert cast_iv(4.7) == 4 and cast_iv(-0.5) == 0 and cast_iv(math.nan) == 0


def test_a_subscript_is_the_integer_part_as_written():
    # perl -e '@a=("a".."i"); $s="4.99999999999999999"; print $s+0, $a[$s]'  ->  5e
    # perl -e '@a=("a".."i"); $s="4.99999999999999999abc"; print $s+0, $a[$s]'  ->  5f
    assert numify("4.99999999999999999") == 5 and int_value("4.99999999999999999") == 4
    assert int_value("4.99999999999999999abc") == 5
    assert int_value("8.99999999999999999e0") == 9  # an exponent: the number's value


def test_a_subscript_wraps_large_values_to_the_last_element():
    # perl -e '@a=("a".."i"); print $a["1e400"], $a["18446744073709551615"]'  ->  ii
    assert int_value("1e400") == -1 and int_value("18446744073709551615") == -1
    assert int_value("-inf") == perl.IV_MIN and cast_iv(math.inf) == -1


def test_chomp_removes_one_newline_only():
    # perl -e '$x="4\r\n"; chomp $x; print length $x'  ->  2
    # perl -e '$x="4\n\n"; chomp $x; print length $x'  ->  2
    assert chomp("4\r\n") == "4\r"
    assert chomp("4\n\n") == "4\n"
    assert chomp("4") == "4"
    assert chomp("") == ""


def test_chomp_leaves_undef_undef():
    # perl -e '$x=undef; chomp $x; print defined $x ? "def" : "undef"'  ->  undef
    assert chomp(None) is None


def test_stdin_returns_lines_then_undef():
    stdin = Stdin(LineConsole.from_bytes(b"4\n1"))
    assert stdin.readline() == "4\n"
    assert stdin.readline() == "1"  # a last line without its newline
    assert stdin.readline() is None


class CountingConsole(LineConsole):
    reads = 0

    def read_line(self):
        self.reads += 1
        return super().read_line()


def test_stdin_end_of_input_is_for_good():
    # perl 5.36 in a pty: a Ctrl-D, then `for (1..3) { $m = <STDIN> }` gives
    # undef three times at once; a line typed afterwards is not read.
    console = CountingConsole.from_bytes(b"")
    stdin = Stdin(console)
    assert [stdin.readline() for _ in range(3)] == [None, None, None]
    assert console.reads == 1


def test_print_writes_items_without_separators():
    console = LineConsole.from_bytes(b"")
    perl.print_(console, " ", 4, " | ", 0.5, "\n")
    assert console.output() == " 4 | 0.5\n"


def test_doctests():
    assert doctest.testmod(perl).failed == 0


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.from_regex(r"\A[ +-]?[0-9]{0,6000}(\.[0-9]{0,50})?(e[0-9]{0,4})?[a-z]?\Z")))
def test_numify_never_raises(text):
    n = numify(text)
    assert isinstance(n, (int, float))
    assert isinstance(int_value(text), int)
    stringify(n)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=-(2**63), max_value=2**64 - 1), st.text(alphabet=" \t", max_size=3),
       st.text(alphabet="abc xyz", max_size=3))
def test_an_integer_reads_back_through_white_space_and_trailing_text(n, space, tail):
    assert numify(f"{space}{n}{tail}") == n

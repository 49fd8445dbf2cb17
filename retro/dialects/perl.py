"""Perl 5's runtime as a small terminal program of this kind uses it (warnings off).

What this module owns, each rule checked against perl 5.36.0 (x86_64-linux)
with one-liners (``tests/data/perl_numeric.tsv`` and the tests of
``tests/dialects/test_perl_dialect.py``) and, for the numbers, following
``numeric.c`` (``grok_number_flags``, ``grok_infnan``, ``my_atof3``):

* ``<STDIN>`` (``Stdin.readline``): the next line with its ``"\\n"``, the last
  line of the input without one if it had none, and ``undef`` (``None``) at end
  of input -- for good: once ``<STDIN>`` has returned ``undef`` it returns
  ``undef`` again at once, without reading, even on a terminal (perl 5.36 in a
  pty: a Ctrl-D, then three ``<STDIN>`` in a loop all return ``undef`` and a
  line typed afterwards is never read).
* ``chomp`` (``chomp``): removes one trailing ``$/`` (``"\\n"``), nothing else
  (``"4\\r\\n"`` keeps its ``"\\r"``); ``undef`` stays ``undef``.
* A string used as a number (``numify``), as ``no warnings`` leaves it: leading
  white space (blank, tab, newline, vertical tab, form feed, carriage return)
  is skipped; then an optional sign, then the longest decimal prefix
  (``digits[.digits][e[sign]digits]`` or ``.digits...``); anything after it
  is ignored.  No prefix gives 0: ``"abc"`` is 0, ``"3abc"`` 3, ``" 4\\n"`` 4,
  ``"1e0"`` 1, ``"0x1"`` 0 (no hexadecimal), ``"1_000"`` 1, ``"- 4"`` 0.
  ``"inf"``, ``"infinity"``, ``"nan"`` and their variants (any case, a sign,
  ``"1.#INF"``, ``"nanq"``, ``"snan"``...) are infinities and NaN, also when
  followed by other text (``"infxyz"``, ``"Infinit"``).  ``undef`` is 0.
* Numeric comparison of NaN is false both ways (``"nan" < 0`` and
  ``"nan" > 8`` are both false), as Python's.
* A string as an integer, e.g. an array subscript (``int_value``; ``SvIV``,
  ``S_sv_2iuv_common``): a plain decimal number gives its integer part as
  written (``$a["4.7"]`` is ``$a[4]``, and ``$a["4.99999999999999999"]`` is
  ``$a[4]`` too, though that string is 5 as a number); anything else its
  number truncated toward zero (``cast_iv``), where NaN is 0 and +Inf and
  values from 2**63 up wrap round to negative subscripts (``"1e400"`` is -1).
  A negative subscript counts from the end of the array; the caller decides.
* ``print`` (``print_``): the items written one after the other, numbers as
  perl shows them (``stringify``: integers as such, other numbers with
  ``%.15g``, ``Inf``, ``-Inf``, ``NaN``; a zero is ``0``).
"""
from __future__ import annotations

import math
import re
from typing import Optional, Union

from ..console import Console

Number = Union[int, float]

# isSPACE in perl 5.36 (handy.h): blank, \t, \n, \v, \f, \r.
_SPACE = " \t\n\v\f\r"

# my_atof3's decimal number: the longest prefix of this form counts.
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
# A whole integer, which perl keeps as an integer (an IV or UV) when it fits.
_INTEGER = re.compile(r"[+-]?[0-9]+\Z")

UV_MAX = 2**64 - 1
IV_MIN = -(2**63)
IV_MAX = 2**63 - 1


def _infnan(text: str) -> Optional[float]:
    """grok_infnan: an infinity or a NaN at the start of ``text``, or None.

    Accepts an optional sign, the Visual C forms ``1.#INF``/``1#INF``/``1.#IND``
    (the dot optional), ``INF``/``INFINITY`` and ``NAN`` with an optional
    ``Q``/``S`` before or after it, in any case; what follows is ignored.
    """
    s = text
    negative = False
    if s and s[0] in "+-":
        negative = s[0] == "-"
        s = s[1:]
    visual_c = False
    if s.startswith("1"):
        rest = s[1:]
        if rest.startswith("."):
            rest = rest[1:]
        if not rest.startswith("#"):
            return None
        s, visual_c = rest[1:], True
    upper = s.upper()
    if upper.startswith("INF"):
        value = math.inf
    elif upper.startswith("IND") and visual_c:
        value = math.nan
    elif upper[:1] in ("S", "Q") and upper[1:4] == "NAN" or upper.startswith("NAN"):
        value = math.nan
    else:
        return None
    if math.isnan(value):
        return value  # perl keeps no sign on its NaN ("-nan" prints NaN)
    return -value if negative else value


def _uv(digits: str) -> Optional[int]:
    """A string of decimal digits as an integer if it fits in a UV, else None
    (without converting a huge string: Python limits int() to 4300 digits)."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > len(str(UV_MAX)):
        return None
    n = int(digits)
    return n if n <= UV_MAX else None


def numify(value: Optional[str]) -> Number:
    """The number perl makes of a string (``$s + 0``) with warnings off.

    >>> numify("3abc"), numify("abc"), numify(" 4\\n"), numify("1e0"), numify("0x1")
    (3, 0, 4, 1.0, 0)
    >>> numify(None)
    0
    """
    if value is None:  # undef
        return 0
    s = value.lstrip(_SPACE)
    special = _infnan(s)
    if special is not None:
        return special
    match = _DECIMAL.match(s)
    if not match:
        return 0
    digits = match.group()
    if _INTEGER.match(digits):
        magnitude = _uv(digits.lstrip("+-"))
        if magnitude is not None:
            n = -magnitude if digits.startswith("-") else magnitude
            if n >= IV_MIN:
                return n
    x = float(digits)  # strtod: overflow is an infinity, underflow a zero
    return 0 if x == 0 else x


def cast_iv(n: Number) -> int:
    """A number as an integer (``SvIV`` of a number, ``Perl_cast_iv``).

    Truncated toward zero; NaN is 0; below IV_MIN it is IV_MIN; an unsigned
    value above IV_MAX wraps round (2**64 - 1 is -1), and anything from 2**64
    up, +Inf included, is -1 too.
    """
    if isinstance(n, int):
        return n - 2**64 if n > IV_MAX else n
    if math.isnan(n):
        return 0
    if n < 2.0**63:
        return IV_MIN if n < IV_MIN else int(n)
    if n < 2.0**64:
        return int(n) - 2**64
    return -1


# grok_number: a whole string that is a plain decimal number (white space
# around it allowed).  Its integer part is exact when no exponent follows.
_PLAIN = re.compile(r"[ \t\n\v\f\r]*([+-]?)([0-9]*)(\.[0-9]*)?([eE][+-]?[0-9]+)?[ \t\n\v\f\r]*\Z")


def _integer_part(value: str) -> Optional[int]:
    """grok_number's IS_NUMBER_IN_UV value, signed, or None when it sets no such flag."""
    if value == "0 but true":
        return 0
    m = _PLAIN.match(value)
    if not m or m.group(4):  # not a plain number, or an exponent ("blow away any it's UV")
        return None
    sign, digits, fraction = m.group(1), m.group(2), m.group(3) or ""
    if not digits and len(fraction) < 2:  # "", "-", ".": no digits at all
        return None
    n = _uv(digits)
    if n is None:
        return None
    return -n if sign == "-" else n


def int_value(value: Optional[str]) -> int:
    """A string as an integer (``SvIV`` of a string), e.g. as an array subscript.

    When the whole string is a plain decimal number without exponent (white
    space around it allowed), perl takes its integer part as written, not
    the truncated value of the number: ``$a["4.99999999999999999"]`` is
    ``$a[4]`` although the string is 5 as a number.  Otherwise the number
    (``numify``) truncated (``cast_iv``): ``"4.99999999999999999abc"`` is 5.

    >>> int_value("4.7"), int_value("4.99999999999999999"), int_value("4.99999999999999999x"), int_value(None)
    (4, 4, 5, 0)
    """
    if value is None:
        return 0
    n = _integer_part(value)
    if n is None:
        return cast_iv(numify(value))
    if n > IV_MAX:
        return n - 2**64
    return max(n, IV_MIN)


def stringify(n: Number) -> str:
    """How ``print`` shows a number.

    >>> stringify(4), stringify(0.5), stringify(1e22), stringify(float("inf"))
    ('4', '0.5', '1e+22', 'Inf')
    """
    if isinstance(n, int):
        return str(n)
    if math.isnan(n):
        return "NaN"
    if math.isinf(n):
        return "Inf" if n > 0 else "-Inf"
    if n == 0:
        return "0"
    return "%.15g" % n


def chomp(line: Optional[str]) -> Optional[str]:
    """``chomp``: one trailing ``"\\n"`` removed; undef stays undef."""
    if line is not None and line.endswith("\n"):
        return line[:-1]
    return line


class Stdin:
    """The ``STDIN`` filehandle: ``<STDIN>`` in scalar context."""

    def __init__(self, console: Console):
        self.console = console
        self.at_eof = False

    def readline(self) -> Optional[str]:
        """``<STDIN>``: the next line, or undef (None) at end of input, then ever after."""
        if self.at_eof:
            return None
        line = self.console.read_line()
        if line is None:
            self.at_eof = True
        return line


def print_(console: Console, *items: Union[str, Number]) -> None:
    """``print LIST``: the items one after the other, no separator, no newline."""
    console.write("".join(item if isinstance(item, str) else stringify(item) for item in items))

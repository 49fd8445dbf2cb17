"""Pascal text I/O: ``write``/``writeln`` with field widths, ``readln``.

The Pascal learner (seed 000) ran under a Unix Pascal -- by the text's
description of "a non standard reset available in the Unix environment to
differentiate between the nominal parameter DataFile and the actual file
name" most likely Berkeley Pascal (``pi``/``pc``), whose ``reset(f, name)``
and ``rewrite(f, name)`` take the file name as a second argument.  No
source survives, so this dialect keeps only the rules of the language that
the port's output follows, from ISO 7185 (Pascal) section 6.9.3, "write":

* ``write(x : w)`` writes ``x`` in a field of ``w`` characters, right
  justified: an integer with ``w - length`` blanks before it, and never cut
  (the field grows to hold it); a string or a char likewise padded on the
  left, but cut to its first ``w`` characters when it is longer (6.9.3.6);
* without a width, a string or char is written as it is; an integer takes an
  implementation-defined default width, which this dialect does not guess:
  the port always gives one;
* ``writeln`` ends the line; ``readln`` reads the rest of a line;
* an integer is written with the digits 0-9 (6.1.5, "digit-sequence"), and
  no integer exceeds ``maxint`` (6.4.2.2), which was 2147483647 on the
  32-bit machines Berkeley Pascal ran on (``integer_value``).

Output formatting and input reading are kept apart: ``field`` returns text,
``PascalText`` writes it through the console.
"""
from __future__ import annotations

from typing import Optional, Union

from ..console import Console

Item = Union[str, int, tuple[Union[str, int], int]]  # a value, or (value, width) for ``value : width``
MAXINT = 2147483647  # Berkeley Pascal's maxint (2**31 - 1)


def integer_value(digits: str) -> Optional[int]:
    """The integer a digit-sequence denotes, or None past ``maxint``.

    Only the digits 0-9 make a digit-sequence (other scripts' digits do not),
    and a sequence of any length is judged without converting it whole.

    >>> integer_value("007"), integer_value("2147483648"), integer_value("9" * 5000)
    (7, None, None)
    >>> integer_value("١")
    Traceback (most recent call last):
    ...
    ValueError: not a digit-sequence: '١'
    """
    if not digits or not all("0" <= ch <= "9" for ch in digits):
        raise ValueError(f"not a digit-sequence: {digits[:20]!r}")
    significant = digits.lstrip("0") or "0"
    if len(significant) > len(str(MAXINT)):
        return None
    value = int(significant)
    return value if value <= MAXINT else None


def field(value: Union[str, int], width: Optional[int] = None) -> str:
    """The text ``write(value : width)`` produces.

    >>> field(7, 3)
    '  7'
    >>> field(1234, 2)  # an integer is never cut
    '1234'
    >>> field('ab', 4)
    '  ab'
    >>> field('abcdef', 3)  # a string is cut to the width (ISO 7185 6.9.3.6)
    'abc'
    >>> field('x')
    'x'
    """
    if isinstance(value, bool):
        raise TypeError("booleans are not written by this dialect")
    if isinstance(value, int):
        if width is None:
            raise ValueError("an integer needs a width: the default is implementation-defined")
        text = str(value)
        return text.rjust(width)
    if width is None:
        return value
    if width < len(value):
        return value[:width]
    return value.rjust(width)


def render(*items: Item) -> str:
    """The text of ``write(item, ...)``; an item is a value or (value, width).

    >>> render('Row', (3, 3), ':')
    'Row  3:'
    """
    parts = []
    for item in items:
        if isinstance(item, tuple):
            parts.append(field(*item))
        else:
            parts.append(field(item))
    return "".join(parts)


class PascalText:
    """The standard files ``input`` and ``output`` over a console."""

    def __init__(self, console: Console):
        self.console = console

    def write(self, *items: Item) -> None:
        self.console.write(render(*items))

    def writeln(self, *items: Item) -> None:
        self.console.write(render(*items) + "\n")

    def readln(self) -> Optional[str]:
        """The next line of ``input`` without its end, or None at end of file
        (where a Pascal program testing ``eof(input)`` would stop)."""
        self.console.flush()
        line = self.console.read_line()
        if line is None:
            return None
        return line[:-1] if line.endswith("\n") else line

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
* ``writeln`` ends the line; ``readln`` reads the rest of a line.

Output formatting and input reading are kept apart: ``field`` returns text,
``PascalText`` writes it through the console.
"""
from __future__ import annotations

from typing import Optional, Union

from ..console import Console

Item = Union[str, int, tuple]  # a value, or (value, width) for ``value : width``


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

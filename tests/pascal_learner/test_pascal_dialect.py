"""retro/dialects/pascal.py: write with field widths (ISO 7185 6.9.3), readln."""
from __future__ import annotations

import doctest

import pytest

import retro.dialects.pascal as pascal
from retro.console import LineConsole
from retro.dialects.pascal import PascalText, field, render


def test_doctests():
    assert doctest.testmod(pascal).failed == 0


@pytest.mark.parametrize("value, width, text", [
    (5, 1, "5"), (5, 4, "   5"), (-12, 4, " -12"), (-12, 2, "-12"), (0, 0, "0"),
    ("X", 3, "  X"), ("", 2, "  "), ("abc", 0, ""), ("abc", 3, "abc"),
])
def test_field(value, width, text):
    assert field(value, width) == text


def test_an_integer_needs_a_width_and_booleans_are_not_written():
    with pytest.raises(ValueError):
        field(3)
    with pytest.raises(TypeError):
        field(True, 5)


def test_write_writeln_and_readln():
    console = LineConsole.from_bytes(b"2,3\nlast")
    text = PascalText(console)
    text.write("Row", (1, 3))
    text.writeln(":", ("ok", 4))
    assert console.output() == "Row  1:  ok\n"
    assert text.readln() == "2,3"
    assert text.readln() == "last"  # a last line without its end
    assert text.readln() is None  # eof(input)
    assert render() == ""

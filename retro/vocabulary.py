"""Fixed words as an Enum whose members are their strings: they print, compare
and go into JSON as the words themselves (enum.StrEnum does this from
Python 3.11; retro runs on 3.10 too)."""
from __future__ import annotations

from enum import Enum


class Words(str, Enum):
    """A vocabulary: subclass it with the words as members.

    >>> class Side(Words):
    ...     LEFT = "left"
    >>> f"{Side.LEFT}", str(Side.LEFT), Side.LEFT == "left"
    ('left', 'left', True)
    """

    def __str__(self) -> str:
        return str(self.value)

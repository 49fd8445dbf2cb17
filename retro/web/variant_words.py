"""A visitor's variants as command-line words (an address's query: ``version=2``,
``ultimate=1``) and why a value is refused, in words: the page's, whether its
programs run on ``retro serve`` or in the visitor's own browser (retro site)."""
from __future__ import annotations

from typing import Mapping

import click

from .. import catalog
from ..visible import visible

FLAG_ON = ("", "1", "true", "yes", "on")
FLAG_OFF = ("0", "false", "no", "off")


def label_of(program: catalog.Program, option: click.Option) -> str:
    """A variant's name in words: the port's own (``Program.labels``), else
    its option's name with spaces ("no_boards": "No boards")."""
    return program.label(option.name or option.opts[0].lstrip("-"))


def in_words(program: catalog.Program, option: click.Option, value: str) -> str:
    """Why a variant's value is refused, in words for a visitor: its label and
    the values it takes, never the command line's wording."""
    label = label_of(program, option)
    kind = option.type
    if isinstance(kind, click.Choice):
        return f"{label}: one of {', '.join(map(str, kind.choices))}, please; not {visible(value)!r}."
    if isinstance(kind, click.IntRange) and kind.min is not None and kind.max is not None:
        return f"{label}: a whole number from {kind.min} to {kind.max}, please; not {visible(value)!r}."
    if kind.name in ("integer", "integer range"):
        return f"{label}: a whole number, please; not {visible(value)!r}."
    return f"{label}: {visible(value)!r} is not a value it takes."


def option_words(program: catalog.Program, query: Mapping[str, str]) -> list[str]:
    """Command-line words from query parameters (``version=2``, ``ultimate=1``)."""
    by_key: dict[str, click.Option] = {}
    for opt in program.options:  # one that names a file is refused by name (Program.visitor_options)
        if opt.name is not None:
            by_key[opt.name] = opt
        for flag in opt.opts:
            by_key[flag.lstrip("-")] = opt
    words: list[str] = []
    for key, value in query.items():
        if key not in by_key:
            raise click.UsageError(f"{program.title} has no variant {visible(key)!r}.")
        opt = by_key[key]
        if opt.is_flag:
            if value.lower() in FLAG_ON:
                words.append(opt.opts[0])
            elif value.lower() not in FLAG_OFF:
                raise click.UsageError(f"{label_of(program, opt)}: on (1) or off (0), not {visible(value)!r}.")
        else:
            try:
                opt.type.convert(value, opt, None)
            except click.BadParameter:
                raise click.UsageError(in_words(program, opt, value)) from None
            words.extend([opt.opts[0], value])
    return words

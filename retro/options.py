"""A port's variant options, declared once: a frozen dataclass (a subclass of
``Options``) whose fields are typed and carry their command-line names, help
and label (``option``).  The command line's click options, the menu's form,
the page's catalog, a transcript's header words, and the values a port's
``run`` receives are all derived from it.

A field's type says what it takes: ``bool`` a flag, a ``Literal`` of strings
a choice, ``int`` a whole number (bounded by ``least``/``most``), ``str`` a
text; ``file=True`` a file's name (never a visitor's, and resolved inside a
transcript's folder on a replay).  A field made without ``option`` is no
option: the runtime sets it (a replay's folder), never a user.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterator, Literal, Mapping, Optional, Sequence, TypeVar, Union

import click

O = TypeVar("O", bound="Options")


class RenamedOption(click.Option):
    """A click option that still takes its old names, which no user is shown:
    not in --help, not in an error's hint (``opts[0]`` is the name `retro
    list`, the menu's form and a recorded transcript use).  So a recorded
    transcript, a script or a tool that gives an old name goes on working.

    >>> option = RenamedOption(["seed", "--random-state"], old_names=("--seed",), type=int)
    >>> option.opts, option.name
    (['--random-state', '--seed'], 'seed')
    >>> option.get_error_hint(None)
    "'--random-state'"
    """

    def __init__(self, param_decls: Sequence[str], *, old_names: Sequence[str] = (), **kwargs: Any) -> None:
        super().__init__([*param_decls, *old_names], **kwargs)
        self.old_names = tuple(old_names)

    @contextmanager
    def _new_names_only(self) -> Iterator[None]:
        every = self.opts
        self.opts = [name for name in every if name not in self.old_names]
        try:
            yield
        finally:
            self.opts = every

    def get_help_record(self, ctx: click.Context) -> Optional[tuple[str, str]]:
        with self._new_names_only():
            return super().get_help_record(ctx)

    def get_error_hint(self, ctx: Optional[click.Context]) -> str:
        with self._new_names_only():
            return super().get_error_hint(ctx)


@dataclass(frozen=True)
class Declared:
    """What a field says of itself as an option (``option`` makes it)."""

    names: tuple[str, ...]  # on the command line; the first is the one shown and recorded
    help: str
    label: str  # in words, for the menu's form and the page
    least: Optional[int] = None  # a whole number's bounds
    most: Optional[int] = None
    file: bool = False  # names a file
    old_names: tuple[str, ...] = ()  # still taken, never shown (RenamedOption)
    said: tuple[tuple[str, str], ...] = ()  # a choice's values in words, (value, words): what a form shows
    unset: str = ""  # what the program takes when no value is given (a default of None), in words: what a form shows


def option(*names: str, default: Any, help: str, label: str, least: Optional[int] = None,
           most: Optional[int] = None, file: bool = False, old_names: tuple[str, ...] = (),
           said: Optional[Mapping[str, str]] = None, unset: str = "") -> Any:
    """A field of an ``Options`` dataclass that is a command-line option;
    ``said``: a choice's values in words ({"es": "Spanish"}), the values staying the command line's;
    ``unset``: what the program takes when the option is not given (its default None), in words."""
    declared = Declared(names, help, label, least, most, file, old_names, tuple((said or {}).items()), unset)
    return dataclasses.field(default=default, metadata={"option": declared})


@dataclass(frozen=True)
class Options:
    """The base of every port's options (a frozen dataclass of its own)."""

    @classmethod
    def of(cls: type[O], values: Mapping[str, Any]) -> O:
        """The options with these values (the rest their defaults); TypeError
        for a name this port does not declare."""
        return cls(**values)

    def changed(self: O, **values: Any) -> O:
        """These options with some values changed (TypeError for a name not declared)."""
        return dataclasses.replace(self, **values)

    def as_dict(self) -> dict[str, Any]:
        """The values of the options a user sets, by name (a report's JSON)."""
        return {f.name: getattr(self, f.name) for f, _ in option_fields(type(self))}


@dataclass(frozen=True)
class NoOptions(Options):
    """The options of a port that has none."""


def declared(field: dataclasses.Field[Any]) -> Optional[Declared]:
    found = field.metadata.get("option")
    return found if isinstance(found, Declared) else None


def option_fields(cls: type[Options]) -> list[tuple[dataclasses.Field[Any], Declared]]:
    """The fields of ``cls`` that are options, in their order."""
    return [(f, d) for f in dataclasses.fields(cls) for d in [declared(f)] if d is not None]


def _without_none(hint: Any) -> Any:
    """``Optional[X]`` as ``X``."""
    if typing.get_origin(hint) in (Union, types.UnionType):
        kept = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        return kept[0] if len(kept) == 1 else hint
    return hint


def _click_type(hint: Any, said: Declared) -> click.ParamType[Any]:
    hint = _without_none(hint)
    if said.file:
        return click.Path(dir_okay=False)
    if typing.get_origin(hint) is Literal:
        return click.Choice([str(choice) for choice in typing.get_args(hint)])
    if hint is int:
        return click.IntRange(said.least, said.most) if said.least is not None or said.most is not None else click.INT
    if hint is str:
        return click.STRING
    raise TypeError(f"an option of type {hint!r} is not one retro/options.py derives")


_made: dict[type[Options], tuple[click.Option, ...]] = {}


def click_options(cls: type[Options]) -> tuple[click.Option, ...]:
    """``cls``'s options as click options (each named by its field), made once."""
    if cls not in _made:
        _made[cls] = _make_click_options(cls)
    return _made[cls]


def _make_click_options(cls: type[Options]) -> tuple[click.Option, ...]:
    hints = typing.get_type_hints(cls)
    made: list[click.Option] = []
    for field, said in option_fields(cls):
        common: dict[str, Any] = {"default": field.default, "help": said.help}
        if hints[field.name] is bool:
            common["is_flag"] = True
        else:
            common["type"] = _click_type(hints[field.name], said)
            common["show_default"] = field.default is not None
        made.append(RenamedOption([field.name, *said.names], old_names=said.old_names, **common))
    return tuple(made)


def labels(cls: type[Options]) -> dict[str, str]:
    """Each option's name in words, by field name."""
    return {field.name: said.label for field, said in option_fields(cls)}


def choices_in_words(cls: type[Options]) -> dict[str, dict[str, str]]:
    """Each choice's values in words, by field name (a value it does not word: none)."""
    return {field.name: dict(said.said) for field, said in option_fields(cls) if said.said}


def unset_words(cls: type[Options]) -> dict[str, str]:
    """What each option not given stands for, in words, by field name (one that says nothing: none)."""
    return {field.name: said.unset for field, said in option_fields(cls) if said.unset}


def file_options(cls: type[Options]) -> list[tuple[str, str]]:
    """(field name, command-line name) of each option that names a file."""
    return [(field.name, said.names[0]) for field, said in option_fields(cls) if said.file]


def parse(cls: type[O], words: Sequence[str], program_id: str) -> O:
    """Options from words (a transcript's header, the pipe menu, a visitor's);
    click.UsageError for anything but the declared options (--help included)."""
    command = click.Command(program_id, params=list(click_options(cls)), add_help_option=False)
    with command.make_context(f"retro run {program_id}", list(words)) as ctx:
        return cls.of(ctx.params)


def _given(options: Options) -> list[tuple[Declared, Any]]:
    """The options set to other than their defaults (a flag set, a value given), with their values."""
    return [(said, value) for field, said in option_fields(type(options))
            for value in [getattr(options, field.name)]
            if value != field.default and value is not None and value is not False]


def words(options: Options) -> list[str]:
    """The command-line words that give these options, defaults left out
    (a transcript's ``# options:``, a report's heading)."""
    return [word for said, value in _given(options)
            for word in ([said.names[0]] if value is True else [said.names[0], str(value)])]


def in_words(options: Options) -> list[str]:
    """The same options in words, each its label and a value's words ("Move routine: the older one (MJ)")."""
    return [said.label if value is True else f"{said.label}: {dict(said.said).get(str(value), str(value))}"
            for said, value in _given(options)]


def lines(cls: type[Options]) -> list[str]:
    """One line per option: its flag, its values and its default."""
    shown: list[str] = []
    for opt in click_options(cls):
        kind = opt.type
        values = "|".join(kind.choices) if isinstance(kind, click.Choice) else ("" if opt.is_flag else kind.name.upper())
        default = opt.default
        default_text = f" (default {default})" if default not in (None, False, "") else ""
        shown.append(f"{opt.opts[0]} {values}{default_text}".rstrip())
    return shown

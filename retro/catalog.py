"""The catalog: one entry per port, as each port's package declares it.

A port's ``retro/ports/<name>/__init__.py`` defines ``PROGRAM = Program(...)``, a
light declaration: its entry points (``main``, ``audit``, ``tournament``) are
``lazy`` and load the port's code when used.  The catalog only lists which
packages to import, and imports one only when its program is asked for.  An entry's ``options`` are click
options: the command line builds ``retro run ID`` from them and the menu asks
for them before a program starts.
"""
from __future__ import annotations

import importlib
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Literal, Mapping, Optional, Sequence, get_args

import click

from .console import Console

if TYPE_CHECKING:
    from .audit.explore import Subject

# The ports, in the menu's order (oldest first).
PORT_MODULES = (
    "retro.ports.altair_3d",
    "retro.ports.pascal_learner",
    "retro.ports.cpm_c",
    "retro.ports.fortran_rcd",
    "retro.ports.perl_midterm",
)

Main = Callable[..., int]

# How the page of `retro serve` draws a program's terminal: "paper" (a
# teletype's roll, the plain one), "amber" (an ASCII video terminal), "glass"
# (a video terminal in green phosphor).
Look = Literal["paper", "amber", "glass"]
LOOKS: tuple[Look, ...] = get_args(Look)


def lazy(target: str) -> Callable[..., Any]:
    """``"package.module:name"`` as a function that imports the module when it
    is first called, then calls ``name`` with its arguments: a port declares
    its entry points this way, so that listing the catalog (or running one
    port) loads no other port's code or audit."""
    module, _, name = target.partition(":")

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{target}, imported when called"
    return call


class LazyGroup(click.Group):
    """A group of commands a port adds (``retro train``), named and helped
    here, built by ``target`` ("module:function" returning a click.Group)
    only when one of its commands is asked for."""

    def __init__(self, name: str, target: str, help: str):
        super().__init__(name, help=help)
        self._target = target
        self._built: Optional[click.Group] = None

    def built(self) -> click.Group:
        if self._built is None:
            self._built = lazy(self._target)()
        return self._built

    def list_commands(self, ctx: click.Context) -> list[str]:
        return self.built().list_commands(ctx)

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        return self.built().get_command(ctx, name)


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
class Program:
    """A historical program and how to run its port.

    ``main(console, **options) -> exit status`` runs one session.  ``options``
    are the variant options as click options (their ``name`` is the keyword
    ``main`` receives).
    """

    id: str
    title: str
    year: str
    language: str
    machine: str
    author: str
    description: str
    main: Main
    options: tuple[click.Option, ...] = ()
    # Extra commands this port adds to the command line, e.g. `retro train`.
    commands: tuple[click.Command, ...] = field(default=())
    # Every exit status a session can end with, and what it means.  130 (Ctrl-C)
    # and 70 (an internal error of ours) are the runner's and need no entry.
    exit_statuses: tuple[tuple[int, str], ...] = ((0, "the program ended"),)
    # For a port that draws on the screen: (rows, columns) its layout needs with
    # these options.  A smaller terminal gets a notice and the teletype instead.
    screen_size: Optional[Callable[[dict[str, Any]], tuple[int, int]]] = None
    # Whether its output is prose of the port's own (no original's layout to
    # keep): on a terminal, never in a pipe, its teletype then wraps the text
    # at word boundaries to the terminal's width (retro.screen.line.TerminalLine).
    # The originals' own lines were laid out for their terminals (72 or 80
    # columns) and are left to the terminal, as they were written.
    wraps_words: bool = False
    # The terminal its original had, as `retro serve`'s page draws it (``Look``).
    look: Look = "paper"
    # Its variants named in words for `retro serve`'s page, by option name
    # ({"ai": "Move routine"}); an option not named here is its name in words.
    labels: Mapping[str, str] = field(default_factory=dict, hash=False)
    # For a replay of a transcript (data from anyone): the options made safe,
    # given the transcript's folder -- a file an option names is looked for
    # there (retro.safefile.inside) and only read; nothing sleeps.  ValueError
    # refuses them.  Ports with no such option need none.
    for_replay: Optional[Callable[[dict[str, Any], Path], dict[str, Any]]] = None
    # For a browser session (retro serve), after the visitor's options are
    # parsed (they can name no file): the options given the server's data
    # folder, or None if it has none (then nothing may be written).
    for_visitor: Optional[Callable[[dict[str, Any], Optional[Path]], dict[str, Any]]] = None
    # The author's claim put to the test (retro audit): ``audit(**options)`` is
    # the port's subject (retro.audit.explore.Subject, in retro/ports/<name>/audit.py),
    # moved by the port's own code; None if the port has no audit.
    audit: Optional[Callable[..., Subject]] = None
    # Its entrants in the 3x3 round robin (retro tournament): (name, options).
    tournament: Optional[Callable[[], list[tuple[str, dict[str, Any]]]]] = None

    def __post_init__(self) -> None:
        if self.look not in LOOKS:
            raise ValueError(f"{self.id}: look {self.look!r} is none of {', '.join(LOOKS)}")

    def defaults(self) -> dict[str, Any]:
        return {opt.name: opt.get_default(click.Context(click.Command(self.id))) for opt in self.options}

    def parse_options(self, args: list[str]) -> dict[str, Any]:
        """Variant options from words (a transcript's header, the pipe menu);
        click.UsageError for anything but the declared options (--help included)."""
        command = click.Command(self.id, params=list(self.options), callback=lambda **kw: kw,
                                add_help_option=False)
        with command.make_context(f"retro run {self.id}", list(args)) as ctx:
            return dict(ctx.params)

    def option_words(self, options: dict[str, Any]) -> list[str]:
        """The command-line words that give these option values, defaults left
        out (a transcript's ``# options:``, a report's heading)."""
        words: list[str] = []
        defaults = self.defaults()
        for opt in self.options:
            value = options.get(opt.name)
            if value == defaults.get(opt.name):
                continue
            flag = opt.opts[0]
            if opt.is_flag:
                if value:
                    words.append(flag)
                elif opt.secondary_opts:
                    words.append(opt.secondary_opts[0])
            elif value is not None:
                words.extend([flag, str(value)])
        return words

    def option_lines(self) -> list[str]:
        """One line per variant option: its flag, its values and its default."""
        lines = []
        for opt in self.options:
            kind = opt.type
            values = "|".join(kind.choices) if isinstance(kind, click.Choice) else ("" if opt.is_flag else kind.name.upper())
            default = self.defaults().get(opt.name)
            shown = f" (default {default})" if default not in (None, False, "") else ""
            lines.append(f"{opt.opts[0]} {values}{shown}".rstrip())
        return lines

    def replay_options(self, options: dict[str, Any], folder: Path) -> dict[str, Any]:
        """The options a replay runs with (see ``for_replay``)."""
        return self.for_replay(dict(options), folder) if self.for_replay else dict(options)

    def visitor_options(self, words: list[str], data_folder: Optional[Path]) -> dict[str, Any]:
        """The options of a browser session from the visitor's words: the
        declared options only, none that names a file (click.UsageError),
        then ``for_visitor``."""
        options = self.parse_options(words)
        for opt in self.options:
            if isinstance(opt.type, (click.Path, click.File)) and options.get(opt.name) is not None:
                raise click.UsageError(f"{opt.opts[0]} names a file, which a visitor may not do")
        return self.for_visitor(options, data_folder) if self.for_visitor else options

    def run(self, console: Console, **options: Any) -> int:
        return self.main(console, **options)


def port_id(module: str) -> str:
    """A port's id is its package's name, with "-" for "_" (retro.ports.some_port: some-port)."""
    return module.rpartition(".")[2].replace("_", "-")


def ids() -> list[str]:
    """Every port's id, in menu order, without loading any port."""
    return [port_id(name) for name in PORT_MODULES]


_found: dict[str, Optional[Program]] = {}


def find(program_id: str) -> Optional[Program]:
    """One port's entry, loading its package's declaration (only); None if there is no such port."""
    if program_id not in _found:
        module = next((name for name in PORT_MODULES if port_id(name) == program_id), None)
        program: Optional[Program] = None
        if module is not None:
            try:
                program = importlib.import_module(module).PROGRAM
            except ModuleNotFoundError as err:
                if err.name != module:  # a port not written yet is no port; any other failure is a bug
                    raise
            if program is not None and program.id != program_id:
                raise RuntimeError(f"{module} declares {program.id!r}; its id must be {program_id!r}")
        _found[program_id] = program
    return _found[program_id]


def programs() -> dict[str, Program]:
    """Every port, by id, in menu order."""
    found = {program_id: find(program_id) for program_id in ids()}
    return {program_id: program for program_id, program in found.items() if program is not None}


def get(program_id: str) -> Program:
    program = find(program_id)
    if program is None:
        known = ", ".join(ids()) or "none"
        raise click.UsageError(f"no program {program_id!r}; the programs are: {known}")
    return program


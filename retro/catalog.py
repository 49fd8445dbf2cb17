"""The catalog: one entry per port, as each port's package declares it.

A port's package (``retro/ports/<name>/__init__.py``, or a package of its
own) defines ``PROGRAM = Program(...)``, a light declaration: its entry points
(``main``, ``audit``, ``tournament``) are ``lazy`` and load the port's code
when used.  The ports are registered in the entry-point group ``retro.ports``
(an id, and the package that declares it): retro's own five in its
pyproject.toml, and any port installed as a package of its own.  The catalog
only lists which packages to import, and imports one only when its program
is asked for; retro's own ports are found without reading the installed
packages' metadata, which only the whole list needs.  An entry's options are
a typed dataclass (retro/options.py): the command line builds ``retro run
ID`` from them and the menu asks for them before a program starts.
"""
from __future__ import annotations

import functools
import importlib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Generic, Literal, Mapping, Optional, cast, get_args

import click

from . import options as declared
from .console import Console
from .squares import Squares
from .options import Options as Options, RenamedOption as RenamedOption  # (the ports' and cli's names)

if TYPE_CHECKING:
    from .audit.explore import Subject

# The entry-point group a port registers in: its id = the package that declares PROGRAM.
GROUP = "retro.ports"
# retro's own ports, in the menu's order (oldest first): registered in the group by
# pyproject.toml, each under its package's name with "-" for "_".  Others follow, by id.
OWN_PORTS = (
    "retro.ports.altair_3d",
    "retro.ports.pascal_learner",
    "retro.ports.cpm_c",
    "retro.ports.fortran_rcd",
    "retro.ports.perl_midterm",
)

if TYPE_CHECKING:  # a bare `Program` is a Program[Any] (PEP 696): a port's own is checked against its options
    from typing_extensions import TypeVar

    O = TypeVar("O", bound=Options, default=Any)
else:
    from typing import TypeVar

    O = TypeVar("O", bound=Options)

# How the page of `retro serve` draws a program's terminal: "paper" (a
# teletype's roll, the plain one), "amber" (an ASCII video terminal), "glass"
# (a video terminal in green phosphor).
Look = Literal["paper", "amber", "glass"]
LOOKS: tuple[Look, ...] = get_args(Look)


class Lazy:
    """``"package.module:name"`` as a function that imports the module when it
    is first called, then calls ``name`` with its arguments: a port declares
    its entry points this way, so that listing the catalog (or running one
    port) loads no other port's code or audit."""

    def __init__(self, target: str) -> None:
        self.module, _, self.name = target.partition(":")
        self.__name__ = self.__qualname__ = self.name
        self.__doc__ = f"{target}, imported when called"

    def load(self) -> Callable[..., Any]:
        """The function itself, its module imported now."""
        return cast(Callable[..., Any], getattr(importlib.import_module(self.module), self.name))

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.load()(*args, **kwargs)


def lazy(target: str) -> Callable[..., Any]:
    """A port's entry point imported when first called (``Lazy``)."""
    return Lazy(target)


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


@dataclass(frozen=True)
class Program(Generic[O]):
    """A historical program and how to run its port.

    ``main(console, options) -> exit status`` runs one session.  ``options_type``
    declares its variant options, typed (retro/options.py): the command line,
    the menu's form, the page's catalog and a transcript's header are made
    from it.
    """

    id: str
    title: str
    year: str
    language: str
    machine: str
    author: str
    description: str
    main: Callable[[Console, O], int]
    options_type: type[O]
    # Extra commands this port adds to the command line, e.g. `retro train`.
    commands: tuple[click.Command, ...] = field(default=())
    # Every exit status a session can end with, and what it means.  130 (Ctrl-C)
    # and 70 (an internal error of ours) are the runner's and need no entry.
    exit_statuses: tuple[tuple[int, str], ...] = ((0, "the program ended"),)
    # How its squares are named to a reader, in the words of its own prompt (retro.squares)
    squares: Squares = Squares()
    # The language its text is in with these options (a BCP 47 tag, the page's reader marks it); None: English
    speaks: Optional[Callable[[O], str]] = None
    # What a reader is told before the first move, where the screen says nothing of it (the runtime's ways)
    reader_note: str = ""
    # For a port that draws on the screen: (rows, columns) its layout needs with
    # these options.  A smaller terminal gets a notice and the teletype instead.
    screen_size: Optional[Callable[[O], tuple[int, int]]] = None
    # Whether its output is prose of the port's own (no original's layout to
    # keep): on a terminal, never in a pipe, its teletype then wraps the text
    # at word boundaries to the terminal's width (retro.screen.line.TerminalLine).
    # The originals' own lines were laid out for their terminals (72 or 80
    # columns) and are left to the terminal, as they were written.
    wraps_words: bool = False
    # The terminal its original had, as `retro serve`'s page draws it (``Look``).
    look: Look = "paper"
    # For a replay of a transcript (data from anyone): the options made safe,
    # given the transcript's folder -- a file an option names is looked for
    # there and only read; nothing sleeps.  ValueError refuses them.  Ports
    # with no option that names a file or sleeps need none.
    for_replay: Optional[Callable[[O, Path], O]] = None
    # For a browser session (retro serve), after the visitor's options are
    # parsed (they can name no file): the options given the server's data
    # folder, or None if it has none (then nothing may be written).
    for_visitor: Optional[Callable[[O, Optional[Path]], O]] = None
    # For a session in the visitor's own browser (retro site), likewise: the
    # options given the folder of that browser's storage (IndexedDB), the
    # visitor's alone, where the program keeps its files across visits.
    for_browser: Optional[Callable[[O, Path], O]] = None
    # The author's claim put to the test (retro audit): ``audit(**options)`` is
    # the port's subject (retro.audit.explore.Subject, in retro/ports/<name>/audit.py),
    # moved by the port's own code; None if the port has no audit.
    audit: Optional[Callable[..., Subject]] = None
    # Its entrants in the 3x3 round robin (retro tournament): (name, options).
    tournament: Optional[Callable[[], list[tuple[str, dict[str, Any]]]]] = None

    def __post_init__(self) -> None:
        if self.look not in LOOKS:
            raise ValueError(f"{self.id}: look {self.look!r} is none of {', '.join(LOOKS)}")

    @property
    def options(self) -> tuple[click.Option, ...]:
        """The variant options as click options (each named by its field)."""
        return declared.click_options(self.options_type)

    @property
    def labels(self) -> dict[str, str]:
        """Each variant's name in words, by option name ({"ai": "Move routine"})."""
        return declared.labels(self.options_type)

    def label(self, name: str) -> str:
        """An option's name in words (the page): its label, else its name with spaces."""
        return self.labels.get(name) or name.replace("_", " ").capitalize()

    def value_words(self, name: str, value: object) -> str:
        """An option's value in words (the form, the page): a choice's words ("es": "Spanish"), else itself;
        an option not given (None), what the program takes then, if it says ("" if not)."""
        if value is None:
            return declared.unset_words(self.options_type).get(name, "")
        return declared.choices_in_words(self.options_type).get(name, {}).get(str(value), str(value))

    def defaults(self) -> O:
        return self.options_type()

    def typed(self, values: Mapping[str, Any]) -> O:
        """Options from values by name (click's, a form's); TypeError for a name not declared."""
        return self.options_type.of(values)

    def parse_options(self, args: list[str]) -> O:
        """Variant options from words (a transcript's header, the pipe menu);
        click.UsageError for anything but the declared options (--help included)."""
        return declared.parse(self.options_type, args, self.id)

    def text_language(self, options: O) -> str:
        """The language its text is in with these options, a BCP 47 tag ("es"; "en" if it
        declares none): what the page's reader marks, live or replayed."""
        return self.speaks(options) if self.speaks is not None else "en"

    def option_words(self, options: O) -> list[str]:
        """The command-line words that give these option values, defaults left
        out (a transcript's ``# options:``, a report's heading)."""
        return declared.words(options)

    def variant_words(self, options: O) -> list[str]:
        """The variants these options choose, in words, defaults left out (a title's)."""
        return declared.in_words(options)

    def option_lines(self) -> list[str]:
        """One line per variant option: its flag, its values and its default."""
        return declared.lines(self.options_type)

    def replay_options(self, options: O, folder: Path) -> O:
        """The options a replay runs with (see ``for_replay``): a file an
        option names must be inside the transcript's folder, and only a port
        that says how its replay reads it (``for_replay``) may name one at
        all; ValueError refuses them."""
        for name, flag in declared.file_options(self.options_type):
            value = getattr(options, name)
            if value is None:
                continue
            if self.for_replay is None:
                raise ValueError(f"{flag} names a file, which a replay of {self.id} may not do")
            from .safefile import inside  # here: only a replay that names a file needs it

            inside(folder, value)  # ValueError: the name leaves the folder
        return self.for_replay(options, folder) if self.for_replay else options

    def visitor_choices(self) -> list[click.Option]:
        """The options a visitor may set (retro serve's page): none that names a file."""
        files = {name for name, _ in declared.file_options(self.options_type)}
        return [opt for opt in self.options if opt.name not in files]

    def visitor_options(self, words: list[str], data_folder: Optional[Path]) -> O:
        """The options of a browser session from the visitor's words: the
        declared options only, none that names a file (click.UsageError),
        then ``for_visitor``."""
        options = self._named_no_file(words)
        return self.for_visitor(options, data_folder) if self.for_visitor else options

    def browser_options(self, words: list[str], folder: Path) -> O:
        """The options of a session in the visitor's own browser (retro site):
        as ``visitor_options``, then ``for_browser`` with its storage's folder."""
        options = self._named_no_file(words)
        return self.for_browser(options, folder) if self.for_browser else options

    def _named_no_file(self, words: list[str]) -> O:
        """The declared options a visitor's words give, none naming a file (click.UsageError)."""
        options = self.parse_options(words)
        for name, flag in declared.file_options(self.options_type):
            if getattr(options, name) is not None:
                raise click.UsageError(f"{flag} names a file, which a visitor may not do")
        return options

    def run(self, console: Console, options: O) -> int:
        return self.main(console, options)


def port_id(module: str) -> str:
    """One of retro's own ports' id: its package's name, with "-" for "_" (retro.ports.some_port: some-port)."""
    return module.rpartition(".")[2].replace("_", "-")


OWN = {port_id(module): module for module in OWN_PORTS}


@functools.cache
def registered() -> dict[str, str]:
    """Every port's id and the package that declares it, in menu order:
    retro's own, then those the installed packages register in ``GROUP``, by id."""
    from importlib.metadata import entry_points  # here: `retro run` of retro's own port needs none

    found = dict(OWN)
    for entry in sorted(entry_points(group=GROUP), key=lambda entry: entry.name):
        found.setdefault(entry.name, entry.value)
    return found


def ids() -> list[str]:
    """Every port's id, in menu order, without loading any port."""
    return list(registered())


_found: dict[str, Optional[Program[Any]]] = {}


def find(program_id: str) -> Optional[Program[Any]]:
    """One port's entry, loading its package's declaration (only); None if
    there is no such port, or if a plug-in's cannot be loaded (said in one line)."""
    if program_id not in _found:
        own = program_id in OWN
        module = OWN[program_id] if own else registered().get(program_id)
        program: Optional[Program[Any]] = None
        if module is not None:
            try:
                program = declaration(program_id, module)
            except ModuleNotFoundError as err:
                if own and err.name != module:  # a port not written yet is no port; any other failure is a bug
                    raise
                if not own:
                    left_out(program_id, module, err)
            except Exception as err:  # a plug-in's own failure, whatever it is: not retro's bug
                if own:
                    raise
                left_out(program_id, module, err)
        _found[program_id] = program
    return _found[program_id]


def declaration(program_id: str, module: str) -> Program[Any]:
    """The ``PROGRAM`` that ``module`` (a registered package, or "package:name") declares."""
    package, _, name = module.partition(":")
    program = getattr(importlib.import_module(package), name or "PROGRAM", None)
    if not isinstance(program, Program):
        raise TypeError(f"{module} declares no {name or 'PROGRAM'} = Program(...)")
    if program.id != program_id:
        raise RuntimeError(f"{module} declares {program.id!r}; its id must be {program_id!r}")
    return program


def left_out(program_id: str, module: str, err: Exception) -> None:
    """A plug-in that cannot be loaded, said in one line on standard error (never a traceback)."""
    why = " ".join(str(err).split()) or type(err).__name__
    sys.stderr.write(f"retro: the program {program_id!r} ({module}) is left out: it cannot be loaded: {why}\n")


def programs() -> dict[str, Program[Any]]:
    """Every port, by id, in menu order."""
    found = {program_id: find(program_id) for program_id in ids()}
    return {program_id: program for program_id, program in found.items() if program is not None}


def get(program_id: str) -> Program[Any]:
    program = find(program_id)
    if program is None:
        known = ", ".join(ids()) or "none"
        raise click.UsageError(f"no program {program_id!r}; the programs are: {known}")
    return program


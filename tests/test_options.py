"""Each port's options, declared once and typed (retro/options.py): what a
replayed transcript (data from anyone, ARCHITECTURE.md principle 7) and a
visitor of `retro serve` may run with, and the words a header records."""
import ast
import dataclasses
from pathlib import Path
from typing import Literal, Optional

import click
import pytest

from retro import catalog
from retro.options import NoOptions, Options, click_options, option

ROOT = Path(__file__).resolve().parent.parent
PORTS = list(catalog.programs().values())
FILE_OPTIONS = [(program, opt) for program in PORTS for opt in program.options
                if isinstance(opt.type, click.Path)]
LEAVING = ["/etc/passwd", "../outside.data", "~/mine.data"]


@dataclasses.dataclass(frozen=True)
class Named(Options):
    data: Optional[str] = option("--data", default=None, file=True, label="A file", help="A file it reads.")


def a_program(options_type: type[Options], **declared) -> catalog.Program:
    return catalog.Program(id="made-up", title="Made up", year="", language="", machine="", author="",
                           description="", main=lambda console, options: 0, options_type=options_type, **declared)


@pytest.mark.parametrize("program", PORTS, ids=lambda p: p.id)
def test_each_port_replays_and_hosts_its_own_options_typed(program: catalog.Program, tmp_path: Path) -> None:
    replayed = program.replay_options(program.defaults(), tmp_path)
    visited = program.visitor_options([], None)
    assert isinstance(replayed, program.options_type) and isinstance(visited, program.options_type)


def test_a_replay_never_sleeps_nor_writes_and_a_visitor_writes_only_the_servers_file(tmp_path: Path) -> None:
    altair, learner = catalog.get("altair-3d"), catalog.get("pascal-learner")
    assert not altair.replay_options(altair.parse_options(["--period-timing"]), tmp_path).period_timing
    named = learner.replay_options(learner.parse_options(["--data", "trained.data"]), tmp_path)
    assert (named.data, named.data_folder, named.no_save, named.fresh) == ("trained.data", tmp_path, True, False)
    unnamed = learner.replay_options(learner.defaults(), tmp_path)
    assert unnamed.fresh and unnamed.no_save and unnamed.data is None
    shared = learner.visitor_options([], tmp_path)
    assert shared.shared and shared.data_folder == tmp_path and not shared.no_save
    alone = learner.visitor_options(["--five"], None)
    assert alone.five and alone.no_save and not alone.shared


@pytest.mark.parametrize("name", LEAVING)
@pytest.mark.parametrize("program,opt", FILE_OPTIONS, ids=lambda x: getattr(x, "id", None) or x.opts[0])
def test_a_file_named_outside_the_transcripts_folder_is_refused(program, opt, name, tmp_path: Path) -> None:
    asked = program.parse_options([opt.opts[0], name])
    with pytest.raises(ValueError):
        program.replay_options(asked, tmp_path)
    with pytest.raises(click.UsageError, match="names a file"):
        program.visitor_options([opt.opts[0], "inside.data"], tmp_path)


def test_a_port_whose_replay_cannot_read_a_file_refuses_every_file(tmp_path: Path) -> None:
    """No for_replay says how a replay reads the file: even a neighbour is refused."""
    program = a_program(Named)
    assert program.replay_options(Named(), tmp_path) == Named()
    with pytest.raises(ValueError, match="--data names a file"):
        program.replay_options(Named(data="inside.data"), tmp_path)
    safe = a_program(Named, for_replay=lambda options, folder: options)
    assert safe.replay_options(Named(data="inside.data"), tmp_path) == Named(data="inside.data")
    with pytest.raises(ValueError):
        safe.replay_options(Named(data="../outside.data"), tmp_path)


def variety(program: catalog.Program) -> Options:
    """Every flag on, every choice its last, every number its least: the
    defaults' opposite where there is one."""
    values: dict[str, object] = {}
    for opt in program.options:
        if opt.is_flag:
            values[opt.name] = True
        elif isinstance(opt.type, click.Choice):
            values[opt.name] = opt.type.choices[-1]
        elif isinstance(opt.type, click.IntRange):
            values[opt.name] = opt.type.min
    return program.typed(values)


@pytest.mark.parametrize("program", [*PORTS, a_program(NoOptions)], ids=lambda p: p.id)  # a port with none too
def test_a_headers_words_give_back_the_options(program: catalog.Program) -> None:
    chosen = variety(program)
    words = program.option_words(chosen)
    assert (chosen != program.defaults() and words) if program.options else words == []  # NoOptions: none to give
    assert program.parse_options(words) == chosen
    assert program.option_words(program.defaults()) == []


@pytest.mark.parametrize("program", PORTS, ids=lambda p: p.id)
def test_every_option_is_named_by_its_field_and_labelled(program: catalog.Program) -> None:
    fields = {f.name for f in dataclasses.fields(program.options_type)}
    assert {opt.name for opt in program.options} <= fields
    assert set(program.labels) == {opt.name for opt in program.options}
    assert all(label and not label.startswith("-") for label in program.labels.values())


def test_a_name_not_declared_is_refused() -> None:
    fortran = catalog.get("fortran-rcd")
    with pytest.raises(TypeError):
        fortran.typed({"period_timing": True})
    with pytest.raises(click.UsageError):
        fortran.parse_options(["--period-timing"])


def test_the_types_an_option_takes_are_derived_from_its_field() -> None:
    @dataclasses.dataclass(frozen=True)
    class Kinds(Options):
        flag: bool = option("--flag", default=False, label="A flag", help="")
        pick: Literal["a", "b"] = option("--pick", default="a", label="A choice", help="")
        count: Optional[int] = option("--count", default=None, least=1, most=9, label="A number", help="")
        said: str = option("--said", default="", label="A text", help="", old_names=("--told",))

    flag, pick, count, said = click_options(Kinds)
    assert flag.is_flag and isinstance(pick.type, click.Choice) and list(pick.type.choices) == ["a", "b"]
    assert isinstance(count.type, click.IntRange) and (count.type.min, count.type.max) == (1, 9)
    assert said.type is click.STRING and said.opts == ["--said", "--told"]
    assert click_options(NoOptions) == ()

    @dataclasses.dataclass(frozen=True)
    class Unknown(Options):
        ratio: float = option("--ratio", default=0.5, label="A ratio", help="")

    with pytest.raises(TypeError):
        click_options(Unknown)


def test_no_function_of_retro_takes_its_options_untyped() -> None:
    """Options are one typed value (a port's Options), never ``**options``."""
    untyped = []
    for path in (ROOT / "retro").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and node.args.kwarg:
                if node.args.kwarg.arg == "options":
                    untyped.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert untyped == []

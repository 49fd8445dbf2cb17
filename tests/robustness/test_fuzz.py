"""Fuzzed input for every port, in process (the line backend) and through
`retro run` in a subprocess: each run ends, with a documented exit status,
and never with a Python traceback."""
import random
from pathlib import Path

import click
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from retro import catalog
from retro.console import LineConsole
from retro.exits import INTERNAL_ERROR
from retro.runner import run_session

from robust_helpers import PROGRAMS, documented_statuses, retro_run, time_limit

# Lines a player might type, and lines nobody should.
PLAUSIBLE = st.sampled_from(["1", "2", "3", "4", "5", "9", "0", "1,1", "2,2", "3,3", "1,4", "4,16", "B2", "A1",
                             "C3", "S", "N", "Y", "O", "X", "y", "n", "go", "q", "-1", "99", "1 1", "", " "])
WILD = st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x2FF, blacklist_characters="\n"), max_size=40)
LINES = st.lists(st.one_of(PLAUSIBLE, PLAUSIBLE, WILD), max_size=40)


def variant(program: catalog.Program, rng: random.Random) -> dict:
    """Default options, with each choice option drawn at random."""
    options = program.defaults().as_dict()
    for opt in program.options:
        if isinstance(opt.type, click.Choice):
            options[opt.name] = rng.choice(list(opt.type.choices))
    return options


@pytest.mark.parametrize("program_id", PROGRAMS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=LINES, end_with_newline=st.booleans(), seed=st.integers(0, 2**16))
def test_random_lines_end_with_a_documented_status(program_id, lines, end_with_newline, seed) -> None:
    program = catalog.get(program_id)
    text = "\n".join(lines) + ("\n" if end_with_newline and lines else "")
    console = LineConsole.from_bytes(text.encode("utf-8", "surrogatepass"))
    with time_limit(20):
        status = run_session(program, console, program.typed(variant(program, random.Random(seed))))
    assert status != INTERNAL_ERROR, console.errors()
    assert status in documented_statuses(program_id), (status, text, console.errors()[-500:])
    assert "Traceback" not in console.errors()


@pytest.mark.parametrize("program_id", PROGRAMS)
@pytest.mark.parametrize("case,data", [
    ("empty", b""),
    ("one-megabyte-line", b"7" * (1 << 20) + b"\n"),
    ("invalid-utf8", b"\xff\xfe\xc3\x28\n\xa0\xa1\n\x80\n"),
    ("control-characters", bytes(range(0, 32)) + b"\n\x1b[A\x1b[2J\x7f\n\x00\x00\n"),
    ("no-final-newline", b"1"),
])
def test_retro_run_survives(program_id, case, data, tmp_path: Path) -> None:
    result = retro_run(program_id, data, cwd=tmp_path, timeout=60)
    assert b"Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode in documented_statuses(program_id), (result.returncode, result.stderr[-500:])


BYTES = st.lists(st.one_of(PLAUSIBLE.map(str.encode), st.binary(max_size=60)), max_size=25)


@pytest.mark.parametrize("program_id", PROGRAMS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=BYTES, seed=st.integers(0, 2**16))
def test_random_bytes_through_retro_run(program_id, lines, seed, tmp_path: Path) -> None:
    """The same, as a user's pipe gives it: any bytes, any variant, a whole process."""
    program = catalog.get(program_id)
    args = []
    for name, value in variant(program, random.Random(seed)).items():
        opt = next(o for o in program.options if o.name == name)
        if isinstance(opt.type, click.Choice):
            args += [opt.opts[0], str(value)]
    result = retro_run(program_id, b"\n".join(lines), *args, cwd=tmp_path, timeout=60)
    assert b"Traceback" not in result.stderr, result.stderr[-2000:]
    assert result.returncode in documented_statuses(program_id), (args, result.returncode, result.stderr[-500:])

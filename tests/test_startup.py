"""Start-up: `retro run ID` and the pipe menu import only what they run.
The catalog knows each port by its light declaration; a port's code and its
audit load when used (the time this saves is measured by `make bench`,
BENCHMARKS.md, not here)."""
import json
import subprocess
import sys
from pathlib import Path

from retro import catalog

ROOT = Path(__file__).resolve().parent.parent
PORTS = [name.rpartition(".")[2] for name in catalog.OWN_PORTS]
GAME = b"N\n3,3\n3,1\n1,3\n2,3\nN\n"


def imported(args: list[str], stdin: bytes) -> set[str]:
    """The modules a fresh retro has imported when the command ends."""
    code = ("import json, sys\nfrom retro.cli import main\nstatus = main(sys.argv[1:])\n"
            "sys.stderr.write('\\nMODULES ' + json.dumps(sorted(sys.modules)))\n")
    result = subprocess.run([sys.executable, "-c", code, *args], input=stdin, capture_output=True, cwd=ROOT,
                            timeout=120)
    err = result.stderr.decode()
    assert "MODULES " in err, err
    return set(json.loads(err.rpartition("MODULES ")[2]))


def test_run_imports_only_the_program_it_runs() -> None:
    modules = imported(["run", "fortran-rcd"], GAME)
    assert "retro.ports.fortran_rcd.tictactoe" in modules  # it ran
    others = {m for m in modules for port in PORTS if port != "fortran_rcd" and m.startswith(f"retro.ports.{port}")}
    assert others == set()
    assert "retro.ports.fortran_rcd.audit" not in modules
    assert not {m for m in modules if m.startswith(("retro.audit", "retro.web", "retro.menu"))}
    assert not {"retro.transcript", "retro.resources", "retro.check"} & modules
    # nor what this run never uses: the screen and its column, the process questions, a recording,
    # an error report's and an outcome file's tools
    assert not {"retro.console.screen", "retro.console.editing", "retro.screen.line", "retro.processes", "psutil",
                "retro.recording"} & modules
    assert not {"tempfile", "traceback", "retro.safefile"} & modules  # (json: this test's own)
    assert "importlib.metadata" not in modules  # retro's own port is found without the installed packages' metadata


def test_the_pipe_menu_loads_declarations_not_games() -> None:
    modules = imported([], b"q\n")
    assert {f"retro.ports.{port}" for port in PORTS} <= modules  # every program is listed
    assert not {m for m in modules if m.endswith((".audit", ".game", ".tictactoe", ".train", ".learner"))}
    assert not {m for m in modules if m.startswith(("retro.audit", "retro.web"))}


def test_a_lazy_entry_point_loads_its_module_when_called() -> None:
    program = catalog.get("fortran-rcd")
    assert program.main.__name__ == "run" and "tictactoe" in (program.main.__doc__ or "")
    from retro.console import LineConsole

    console = LineConsole.from_bytes(GAME)
    assert program.run(console, program.parse_options(["--ai", "mj", "--lang", "es"])) == 0
    assert "Gana el humano" in console.output()

"""A port in a package of its own (tests/plugin_port/: Corner, a toy 3x3
teletype game, with its pyproject.toml and a transcript), installed into a
fresh environment beside this checkout's retro, is seen everywhere a
program is: `retro list`, the pipe menu, `retro check` of its transcript and
the page's catalog (/api/programs) -- without a file of retro's touched.  A
plug-in that cannot be loaded is left out, said in one line."""
import json
import re
import shutil
import subprocess
import sysconfig
import venv
from pathlib import Path

import pytest

from retro import catalog

ROOT = Path(__file__).resolve().parent.parent
TOY = Path(__file__).resolve().parent / "plugin_port"


def git_status() -> str:
    return subprocess.run(["git", "status", "--porcelain", "--", "retro", "pyproject.toml"], cwd=ROOT,
                          capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def python(tmp_path_factory) -> Path:
    """A fresh environment that sees this environment's packages (retro, its
    dependencies, pip: a .pth line), with the toy port installed by pip as a
    user installs a package (built in isolation, from the package index pip
    is configured with: setuptools)."""
    folder = tmp_path_factory.mktemp("plugin") / "env"
    venv.create(folder, with_pip=False)
    python = folder / "bin" / "python"
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    ours = sysconfig.get_paths()["purelib"]
    (Path(site) / "this_checkouts_retro.pth").write_text(f"import site; site.addsitedir({ours!r})\n")
    source = tmp_path_factory.mktemp("source") / "corner"
    shutil.copytree(TOY, source, ignore=shutil.ignore_patterns("__pycache__"))
    installed = subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-deps", str(source)],
                               capture_output=True, text=True, timeout=600)
    assert installed.returncode == 0, installed.stderr
    return python


def retro(python: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([python, "-m", "retro", *args], input=stdin, capture_output=True, text=True,
                          cwd=TOY, timeout=120)


def test_the_toy_port_is_not_in_this_environment() -> None:
    assert "corner" not in catalog.ids()  # what follows sees it only where it is installed


def test_retro_list_shows_it_after_the_programs_of_retro(python: Path) -> None:
    before = git_status()
    result = retro(python, "list")
    assert result.returncode == 0, result.stderr
    places = [result.stdout.find(program_id) for program_id in [*catalog.ids(), "corner"]]
    assert -1 not in places and places == sorted(places), result.stdout
    assert "Corner (a toy port)" in result.stdout
    assert git_status() == before


def test_a_plug_in_that_cannot_be_loaded_is_one_line(python: Path) -> None:
    result = retro(python, "list")
    said = [line for line in result.stderr.splitlines() if "broken" in line]
    assert said == ["retro: the program 'broken' (corner_missing) is left out: it cannot be loaded: "
                    "No module named 'corner_missing'"], result.stderr
    assert "Traceback" not in result.stderr and "broken" not in result.stdout


def test_the_pipe_menu_lists_it_and_starts_it(python: Path) -> None:
    number = len(catalog.ids()) + 1
    result = retro(python, stdin=f"{number}\n5\n2\n8\nq\n")
    assert f"{number}  corner" in result.stdout, result.stdout
    assert "You win." in result.stdout


def test_retro_check_passes_its_transcript_and_retro_run_plays_it(python: Path) -> None:
    result = retro(python, "check", "corner-win.txt")
    assert result.returncode == 0 and "it matches" in result.stdout, result.stdout + result.stderr
    played = retro(python, "run", "corner", stdin="5\n5\n2\n8\n")
    assert played.stdout.endswith(".X.\nYou win.\n") and played.returncode == 0


def test_the_pages_catalog_has_it(python: Path) -> None:
    code = ("import asyncio, sys\nfrom retro.web import api\n"
            "sys.stdout.write(asyncio.run(api.programs(None)).text)\n")
    result = subprocess.run([python, "-c", code], capture_output=True, text=True, timeout=120)
    listed = json.loads(result.stdout)
    assert [program["id"] for program in listed] == [*catalog.ids(), "corner"], result.stderr
    assert listed[-1]["variants"] == [] and listed[-1]["terminal"]["theme"] == "paper"


def test_retros_own_ports_are_registered_in_its_pyproject() -> None:
    """The group in pyproject.toml names retro's own ports, as the catalog finds
    them without reading it (OWN_PORTS: `retro run ID` reads no metadata)."""
    text = (ROOT / "pyproject.toml").read_text().split('[project.entry-points."retro.ports"]\n', 1)[1]
    group = dict(re.findall(r'^([\w-]+) = "([\w.:]+)"$', text.split("\n\n", 1)[0], re.M))
    assert group == catalog.OWN

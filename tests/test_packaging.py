"""The build is quiet: the wheel and the editable install of `make venv` (the
first `make run`) print no setuptools warning -- the web page's folders,
retro/web/static and its vendor/, once came with two ("Package
'retro.web.static' is absent from the `packages` configuration") -- and the
wheel still carries the page and the vendored xterm.js."""
import os
import re
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "retro" / "web" / "static"

pytestmark = pytest.mark.skipif(not (STATIC / "vendor" / "xterm.js").is_file(),
                                reason="needs retro/web/static/vendor/ (made by `make venv`: setup.py vendor)")


def quiet(output: str) -> bool:
    return "Warning" not in output and "absent from the" not in output and "!!" not in output


def test_the_wheel_builds_quietly_and_carries_the_page(tmp_path: Path) -> None:
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", str(ROOT), "-w",
                            str(tmp_path)], capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert quiet(built.stdout + built.stderr), built.stderr
    wheel = next(tmp_path.glob("*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    page = {f"retro/web/static/{path.relative_to(STATIC)}" for path in STATIC.rglob("*") if path.is_file()}
    assert {"retro/web/static/index.html", "retro/web/static/vendor/xterm.js",
            "retro/web/static/vendor/xterm.css"} <= page <= names


def test_the_editable_install_of_make_venv_is_quiet(tmp_path: Path) -> None:
    recipe = (ROOT / "Makefile").read_text()
    setting = re.search(r"^QUIET_BUILD := (\w+)=\"([^\"]*)\"$", recipe, re.M)
    assert setting and "$(QUIET_BUILD) $(BIN)/python -m pip install --quiet -e" in recipe
    venv.create(tmp_path / "v", with_pip=True)
    python = tmp_path / "v" / "bin" / "python"
    env = {**os.environ, setting.group(1): setting.group(2)}
    made = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(ROOT)],
                          capture_output=True, text=True, timeout=600, cwd=tmp_path, env=env)
    assert made.returncode == 0, made.stderr
    assert quiet(made.stdout + made.stderr), made.stderr
    shutil.rmtree(tmp_path / "v")

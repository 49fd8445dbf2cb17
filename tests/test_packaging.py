"""The build is quiet: the wheel and the editable install of `make venv` (the
first `make run`) print no setuptools warning -- the web page's folders,
retro/web/static and its vendor/, once came with two ("Package
'retro.web.static' is absent from the `packages` configuration") -- and the
wheel still carries the page and the vendored xterm.js."""
import ast
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
    return not any(warning in output for warning in ("Warning", "absent from the", "would be ignored", "!!"))


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


def vendored_assets() -> dict[str, str]:
    """setup.py's ASSETS: the page's name of each vendored file, and where npm ci puts it."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    found = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id == "ASSETS" for t in node.targets))
    return ast.literal_eval(found)


def test_a_fresh_clone_builds_quietly(tmp_path: Path) -> None:
    """A clone has no vendor/ until the build's npm ci makes it: setuptools
    warned that the folder made then "would be ignored".  The clone here is
    the committed files; its npm is a stand-in that lays out xterm.js's
    files as npm ci would (no network)."""
    clone = tmp_path / "clone"
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in files.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, clone / name)
    assert not (clone / "retro" / "web" / "static" / "vendor").exists()
    tools = tmp_path / "bin"
    tools.mkdir()
    npm = tools / "npm"
    npm.write_text("#!/bin/sh\n" + "".join(f"mkdir -p {Path(source).parent}; cp {STATIC / 'vendor' / name} {source}\n"
                                           for name, source in vendored_assets().items()))
    npm.chmod(0o755)
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}"}
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", str(clone), "-w",
                            str(tmp_path)], capture_output=True, text=True, timeout=600, cwd=tmp_path, env=env)
    assert built.returncode == 0, built.stderr
    assert quiet(built.stdout + built.stderr), built.stderr
    assert "retro/web/static/vendor/xterm.js" in zipfile.ZipFile(next(tmp_path.glob("*.whl"))).namelist()

"""`retro site DIR`: the folder it writes (retro/static_site.py).  What retro serve
answers with GET is there as files at the same paths, byte for byte as JSON says
it; the page's files, xterm.js and Pyodide; retro's Python as archives named by
their contents; nothing that names another origin."""
from __future__ import annotations

import asyncio
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from retro import resources
from retro.static_site import MARK, SiteRefused, build
from retro.web.app import application
from retro.web.exhibit import Exhibit


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("site") / "exhibit").folder


def served(paths: list[str]) -> dict[str, bytes]:
    """What retro serve answers to GET at each path."""
    from aiohttp.test_utils import TestClient, TestServer

    async def ask() -> dict[str, bytes]:
        async with TestClient(TestServer(application(Exhibit()))) as client:
            return {path: await (await client.get("/" + path)).read() for path in paths}
    return asyncio.run(ask())


def test_what_the_server_answers_is_there_as_files_at_the_same_paths(site: Path) -> None:
    names = [s.name for s in resources.shipped_sessions()]
    paths = ["api/programs.json", "api/sessions.json"] + [f"api/sessions/{name}.{form}" for name in names[:6]
                                                          for form in ("json", "cast", "txt")]
    answers = served(paths)
    for path in paths:
        mine = (site / path).read_bytes()
        if path.endswith(".json"):
            assert json.loads(mine) == json.loads(answers[path]), path
        else:
            assert mine == answers[path], path
    assert len(list((site / "api" / "sessions").rglob("*.json"))) == len(names)
    said = json.loads((site / "api" / "exhibit.json").read_bytes())
    assert said["transport"] == "browser" and said["kiosk"] is False and said["store"] == "/retro-data"


def test_the_page_and_its_runtime_are_there_and_name_no_other_origin(site: Path) -> None:
    page = (site / "index.html").read_text()
    for script in re.findall(r'src="([^"]+)"', page):
        assert not script.startswith(("/", "http")) and (site / script).is_file(), script
    assert (site / "static" / "vendor" / "pyodide.asm.wasm.gz").is_file()
    assert not (site / "static" / "vendor" / "pyodide.asm.wasm").exists()  # gzipped: the worker inflates it
    texts = [path for path in site.rglob("*") if path.suffix in (".html", ".js", ".json", ".css")
             and "vendor" not in path.parts]
    for path in texts:
        assert not re.search(r"https?://(?!127\.0\.0\.1|localhost)", path.read_text()), path
    manifest = json.loads((site / "static" / "py" / "manifest.json").read_text())
    assert [name.split("-")[0] for name in manifest["archives"]] == ["retro", "click", "platformdirs"]
    assert all((site / "static" / "py" / name).is_file() for name in manifest["archives"])


def test_the_same_retro_makes_the_same_archives(site: Path, tmp_path: Path) -> None:
    """Named by their contents: a second build names them alike, so a browser's cache keeps them."""
    again = build(tmp_path / "again").folder
    assert sorted(p.name for p in (site / "static" / "py").iterdir()) == \
           sorted(p.name for p in (again / "static" / "py").iterdir())


def test_a_folder_that_is_not_a_site_is_left_alone(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(SiteRefused):
        build(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]
    made = subprocess.run([sys.executable, "-m", "retro", "site", str(tmp_path)], capture_output=True, text=True)
    assert made.returncode == 2 and "is not a site retro wrote" in made.stderr and "Traceback" not in made.stderr


def test_an_earlier_site_is_replaced_whole(tmp_path: Path) -> None:
    first = build(tmp_path / "site").folder
    (first / "static" / "stale.js").write_text("left over")
    second = build(tmp_path / "site", kiosk=True).folder
    assert (second / MARK).is_file() and not (second / "static" / "stale.js").exists()
    assert json.loads((second / "api" / "exhibit.json").read_text())["kiosk"] is True
    assert [p.name for p in tmp_path.iterdir()] == ["site"]  # no temporary folder left beside it

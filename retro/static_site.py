"""`retro site DIR`: the page of ``retro serve`` as a folder that any static web
server serves as it is, every program running in the visitor's own browser
(Pyodide in a Web Worker: static/worker.js, retro/browser/).

What the server answers with GET is written as files at the paths the page
reads (``api/programs.json``, ``api/sessions.json``, each session's ``.json`` and
``.cast``, ``api/exhibit.json``, which names the transport); the page's own
files, xterm.js and Pyodide's runtime are copied from the package; retro's
Python and its pure-Python dependencies go into ``static/py/`` as zip archives,
named by their contents, so that a browser's cache keeps them until they change.
The folder holds nothing from any other origin."""
from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import re
import shutil
import zipfile
from dataclasses import dataclass
from importlib import resources as package
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Iterator

from . import resources

MARK = ".retro-site"  # the file that says a folder is retro's site, which a new build may replace
STORE = "/retro-data"  # where the programs keep their files in the browser (IndexedDB, static/worker.js)
SITE_ONLY = ("worker.js",)  # the page's files that only the site uses
PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "python_stdlib.zip", "pyodide-lock.json",
           "README-pyodide.md", "NOTICE-pyodide.txt")
# Pyodide's WebAssembly, gzipped: 3.5 MB where a plain static server would send 9.6 (the worker
# inflates it as it arrives: static/worker.js).
GZIPPED = ("pyodide.asm.wasm",)
# The parts of CPython's standard library that neither Pyodide's start, retro nor click and
# platformdirs import (tests/web/test_site.py plays every program and checks every transcript in
# the browser without them): 0.8 of python_stdlib.zip's 2.5 MB, which a visitor need not fetch.
STDLIB_LEFT_OUT = ("_pyrepl/", "unittest/", "pydoc.py", "pydoc_data/", "doctest.py", "pdb.py", "multiprocessing/",
                   "xml/", "idlelib/", "turtledemo/", "tkinter/", "ensurepip/", "venv/", "lib2to3/", "curses/",
                   "dbm/", "sqlite3/", "wsgiref/", "xmlrpc/", "mailbox.py", "imaplib.py", "smtplib.py", "ftplib.py",
                   "poplib.py", "turtle.py", "pickletools.py", "tomllib/", "profile.py", "cProfile.py", "trace.py",
                   "tabnanny.py")
# Of its codecs, those retro's programs and their runtimes use, and the few any Python asks for.
STDLIB_CODECS = re.compile(r"encodings/(__init__|aliases|ascii|latin_1|utf_8|utf_8_sig|utf_16.*|utf_32.*|utf_7|"
                           r"charmap|idna|punycode|raw_unicode_escape|unicode_escape|undefined|cp437|cp1252|"
                           r"iso8859_1|iso8859_15|.*_codec|rot_13|mbcs|oem)\.py$")
# What a session in the browser never imports: the port's notes, the server, the menu.
LEFT_OUT = ("retro/web/static/", "retro/menu/", "NOTES.md")
SERVER_ONLY = ("api", "app", "child", "clients", "connection", "exhibit", "forking", "http_log",
               "kiosk", "listener", "manager", "messages", "process", "security", "server", "take_home",
               "template", "visitors", "websocket")
DEPENDENCIES = ("click", "platformdirs")  # retro's pure-Python dependencies that a session imports
STAMP = (1980, 1, 1, 0, 0, 0)  # every archived file's time: the same files make the same archive


class SiteRefused(Exception):
    """The folder cannot be made the site: the message says why."""


@dataclass
class Site:
    folder: Path
    files: int
    size: int


def build(folder: Path, kiosk: bool = False) -> Site:
    """Write the site into ``folder`` (made, or replaced if it is an earlier site)."""
    folder = Path(folder)
    if folder.exists() and not (folder / MARK).is_file() and (not folder.is_dir() or any(folder.iterdir())):
        raise SiteRefused(f"{folder} exists and is not a site retro wrote: give a new or empty folder")
    temporary = folder.with_name(f".{folder.name}.retro-{os.getpid()}")
    if temporary.exists():
        shutil.rmtree(temporary)
    temporary.mkdir(parents=True)
    try:
        _write(temporary, kiosk)
        if folder.exists():
            shutil.rmtree(folder)
        temporary.rename(folder)
    finally:
        if temporary.exists():
            shutil.rmtree(temporary)
    written = [path for path in folder.rglob("*") if path.is_file()]
    return Site(folder, len(written), sum(path.stat().st_size for path in written))


def _write(folder: Path, kiosk: bool) -> None:
    from .web import api

    static = package.files("retro.web").joinpath("static")
    (folder / MARK).write_text("a static site written by `retro site`; `retro site` may replace it whole\n")
    _put(folder / "index.html", static.joinpath("index.html").read_bytes())
    for name in [*api.STATIC, *SITE_ONLY, *(f"vendor/{name}" for name in PYODIDE + GZIPPED)]:
        if name == "index.html":
            continue
        try:
            body = static.joinpath(*name.split("/")).read_bytes()
        except FileNotFoundError:
            raise SiteRefused(f"this retro was installed without its page's static/{name} "
                              "(xterm.js and Pyodide come from npm when retro is built: README, Installing it)") from None
        if name.removeprefix("vendor/") in GZIPPED:
            name, body = name + ".gz", gzip.compress(body, compresslevel=9, mtime=0)
        if name == "vendor/python_stdlib.zip":
            body = standard_library(body)
        _put(folder / "static" / name, body)
    archives = []
    for name, body in [("retro", retro_archive()), *((dep, package_archive(dep)) for dep in DEPENDENCIES)]:
        archive = f"{name}-{hashlib.sha256(body).hexdigest()[:16]}.zip"
        _put(folder / "static" / "py" / archive, body)
        archives.append(archive)
    _put_json(folder / "static" / "py" / "manifest.json", {"archives": archives})
    for path, answer in answers(kiosk):
        _put(folder / path, answer)


def answers(kiosk: bool) -> Iterator[tuple[str, bytes]]:
    """What ``retro serve`` answers with GET, at the paths the page reads, as the site's files."""
    from . import catalog
    from .web import api, kiosk as kiosk_settings

    yield "api/programs.json", _json([api.describe(p) for p in catalog.programs().values()])
    yield "api/sessions.json", _json(api.session_list())
    for name, path in api.recorded().items():
        yield f"api/sessions/{name}.json", _json(api.session_view(name, path))
        yield f"api/sessions/{name}.cast", api.cast_text(path)
        yield f"api/sessions/{name}.txt", api.transcript_text(path)
    yield "api/exhibit.json", _json(exhibit(kiosk, kiosk_settings.published()))


def exhibit(kiosk: bool, published: list[str]) -> dict[str, Any]:
    """The site's exhibit as the page reads it (retro serve's /api/exhibit): no
    server ends an idle session here but a kiosk's, which goes back to its loop."""
    from .web import config

    return {"kiosk": kiosk, "idle_seconds": config.Limits.idle_seconds if kiosk else None,
            "warning_seconds": config.IDLE_WARNING_SECONDS, "loop": published if kiosk else [],
            "transport": "browser", "store": STORE}


def retro_archive() -> bytes:
    """retro's own Python, its ports' data and its shipped sessions; not the
    page's files, which the site holds once, beside it."""
    root = Path(package.files("retro"))  # type: ignore[arg-type]  # a folder: retro is never zipped
    members = [(path, path.relative_to(root.parent).as_posix()) for path in _files(root)]
    members = [(path, name) for path, name in members if not _left_out(name)]
    shipped = resources.shipped_folder()
    if shipped is not None and not (root / "transcripts").is_dir():  # an editable install keeps them beside
        members += [(path, f"retro/transcripts/{path.relative_to(shipped).as_posix()}") for path in _files(shipped)]
    return _zip(members)


def standard_library(whole: bytes) -> bytes:
    """Pyodide's python_stdlib.zip without what no session imports (STDLIB_LEFT_OUT, STDLIB_CODECS)."""
    kept = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(whole)) as source, zipfile.ZipFile(kept, "w") as archive:
        for info in source.infolist():
            name = info.filename
            codec = name.startswith("encodings/") and name != "encodings/" and not STDLIB_CODECS.match(name)
            if not (name.startswith(STDLIB_LEFT_OUT) or codec):
                archive.writestr(info, source.read(info), compress_type=info.compress_type)
    return kept.getvalue()


def _left_out(name: str) -> bool:
    """Whether a file of retro's is left out of the site's archive (LEFT_OUT, SERVER_ONLY)."""
    if any(part in name for part in LEFT_OUT):
        return True
    folder, _, module = name.rpartition("/")
    return folder == "retro/web" and module.removesuffix(".py") in SERVER_ONLY


def package_archive(name: str) -> bytes:
    """An installed pure-Python package's files, as its folder holds them."""
    spec = find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise SiteRefused(f"{name}, which retro needs, is not installed as a package folder")
    root = Path(list(spec.submodule_search_locations)[0])
    return _zip([(path, path.relative_to(root.parent).as_posix()) for path in _files(root)])


def _files(root: Path) -> list[Path]:
    return sorted(path for path in root.rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc")


def _zip(members: list[tuple[Path, str]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path, name in sorted(members, key=lambda member: member[1]):
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _put_json(path: Path, value: Any) -> None:
    _put(path, _json(value))


def _put(path: Path, body: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(body)

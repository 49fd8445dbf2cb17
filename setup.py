"""The build settings pyproject.toml cannot say.

transcripts/, the golden sessions kept at the top of the repository, ships
inside the package as ``retro.transcripts`` (read through
importlib.resources, retro/resources.py).

The terminal of retro serve's page is xterm.js, and the runtime that runs the
programs in the visitor's browser on a site `retro site` writes is Pyodide,
both from the npm registry at the versions pinned in package-lock.json.
Their built files are copied into
retro/web/static/vendor/ (not committed: .gitignore) by ``vendor()``, which
every build runs first: the wheel (build_py), the sdist (which then carries
them, so a wheel built from it needs no npm) and ``make venv`` (``python
setup.py vendor``, for the editable install).  ``vendor()`` runs ``npm ci``
only when the copied files do not come from the lock as it is now.  It
also installs the lock's development dependency, axe-core, which the
browser tests load from node_modules/ (tests/web/test_web_a11y.py); it is
never copied here, so no wheel or sdist carries it.
Everything else is in pyproject.toml.
"""
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOCK = HERE / "package-lock.json"
VENDOR = HERE / "retro" / "web" / "static" / "vendor"
STAMP = VENDOR / "LOCK-SHA256"  # the lock the files were copied from
ASSETS = {  # the page's name for each file: where npm puts it
    "xterm.js": "node_modules/@xterm/xterm/lib/xterm.js",
    "xterm.css": "node_modules/@xterm/xterm/css/xterm.css",
    "LICENSE-xterm.txt": "node_modules/@xterm/xterm/LICENSE",
    # Pyodide's core runtime, which `retro site` copies into the site (retro/static_site.py)
    "pyodide.mjs": "node_modules/pyodide/pyodide.mjs",
    "pyodide.asm.mjs": "node_modules/pyodide/pyodide.asm.mjs",
    "pyodide.asm.wasm": "node_modules/pyodide/pyodide.asm.wasm",
    "python_stdlib.zip": "node_modules/pyodide/python_stdlib.zip",
    "pyodide-lock.json": "node_modules/pyodide/pyodide-lock.json",
    "README-pyodide.md": "node_modules/pyodide/README.md",
}
# The npm package of Pyodide carries no licence file: its licence, said here.
NOTICE = {"NOTICE-pyodide.txt": "Pyodide (the npm package pyodide, as package-lock.json pins it) is\n"
                                "distributed under the Mozilla Public License 2.0; its source is the\n"
                                "pyodide project's repository on GitHub.  CPython's standard library\n"
                                "in python_stdlib.zip is under the Python Software Foundation License.\n"}


def vendor() -> None:
    """xterm.js's files in retro/web/static/vendor/, from the pinned lock."""
    present = all((VENDOR / name).is_file() for name in [*ASSETS, *NOTICE])
    if not LOCK.is_file():  # an sdist without the lock: its files must be there
        if not present:
            sys.exit("setup.py: retro/web/static/vendor/ is missing and there is no package-lock.json to make it")
        return
    digest = hashlib.sha256(LOCK.read_bytes()).hexdigest()
    if present and STAMP.is_file() and STAMP.read_text().strip() == digest:
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("setup.py: npm is needed once to fetch xterm.js for retro serve's page (Debian: apt-get install npm)")
    print("setup.py: npm ci (xterm.js for retro serve's page, as package-lock.json pins it)", file=sys.stderr)
    subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], cwd=HERE,
                   check=True, stdout=sys.stderr)
    VENDOR.mkdir(parents=True, exist_ok=True)
    for name, source in ASSETS.items():
        shutil.copyfile(HERE / source, VENDOR / name)
    for name, text in NOTICE.items():
        (VENDOR / name).write_text(text)
    STAMP.write_text(digest + "\n")


if sys.argv[1:] == ["vendor"]:  # `make venv`: the files only (no setuptools needed)
    vendor()
    sys.exit(0)

from setuptools import find_namespace_packages, setup  # noqa: E402  # after the vendor-only run above
from setuptools.command.build_py import build_py  # noqa: E402  # after the vendor-only run above
from setuptools.command.sdist import sdist  # noqa: E402  # after the vendor-only run above


class BuildPy(build_py):
    def run(self) -> None:
        vendor()
        super().run()


class SDist(sdist):
    def run(self) -> None:
        vendor()
        super().run()


# The vendor folder is a package of data that build_py fills (vendor()); made empty now when a
# fresh clone has none, so that the search below finds it (else setuptools warns that the folder
# build_py made "would be ignored").
VENDOR.mkdir(parents=True, exist_ok=True)

setup(
    # retro.web.static and .vendor (the page, xterm.js) are found too: folders of data only,
    # their files named in pyproject.toml's package-data
    packages=find_namespace_packages(include=["retro", "retro.*"],
                                      exclude=["*.__pycache__"]) + ["retro.transcripts"],
    package_dir={"retro.transcripts": "transcripts"},  # its files: pyproject.toml's package-data
    cmdclass={"build_py": BuildPy, "sdist": SDist},
)

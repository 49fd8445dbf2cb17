"""The Fortran author's own build, TicTacToe.exe, run under Wine.

The author's blog repository (RMRubert/blog-public) publishes, beside the
source, ``TicTacToe.7z`` holding ``TicTacToe.exe``: a PE32+ x86-64 console
program built by TDM-GCC 10.3's gfortran (its strings: "GCC: (tdm64-1)
10.3.0"), which imports ``libgfortran_64-5.dll`` (TDM's name for the
runtime), ``KERNEL32.dll`` and ``msvcrt.dll``.  This module

- fetches the archive at run time (once, into the cache; never committed)
  from the commit pinned below and refuses it unless its SHA-256 is the
  pinned one, and so for the exe it unpacks;
- puts beside the exe the nearest runtime DLLs Debian has: those of the
  package ``gfortran-mingw-w64-x86-64-win32`` (gcc 12.2's libgfortran,
  ``libgfortran-5.dll`` copied as ``libgfortran_64-5.dll``,
  ``libgcc_s_seh-1.dll``, ``libquadmath-0.dll``): the author's TDM runtime
  is not published with the exe;
- runs it under Debian's ``wine64`` with a private Wine prefix in the cache.

Needs ``apt-get install wine64 gfortran-mingw-w64-x86-64-win32`` and either
``py7zr`` (PyPI) or ``7z`` (Debian's p7zip-full).  Without network access,
put the archive in the cache by hand (``AUTHOR_ARCHIVE``), or name a copy
with ``RETRO_AUTHOR_ARCHIVE``.  The test suite never needs any of it.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from reference import CACHE as GFORTRAN_CACHE

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pinned import fetch_pinned

COMMIT = "641f1db339328789f10a6c12fb3b2a8f6b81f0a0"  # "mtf_3", 2024-02-29: the archive's last change
ARCHIVE_PATH = "docs/posts/2021-06-27-tic-tac-toe-in-fortran90/downloads/TicTacToe.7z"
ARCHIVE_URL = f"https://raw.githubusercontent.com/RMRubert/blog-public/{COMMIT}/{ARCHIVE_PATH}"
ARCHIVE_SHA256 = "3447e57e3eb8a810d9acfdfa061ae20c9add2e6a0e965ae9feda57cd9cf8a574"  # 57,914 bytes
EXE_SHA256 = "0f22208b71fd370ae118ebb82fef7c06048fafa4662bdba9b386dbe6364dcc84"  # 213,063 bytes, dated 2021-06-27

CACHE = GFORTRAN_CACHE.parent / "fortran-author"
AUTHOR_ARCHIVE = Path(os.environ.get("RETRO_AUTHOR_ARCHIVE", CACHE / "TicTacToe.7z"))
EXE = CACHE / "exe" / "TicTacToe.exe"
WINEPREFIX = CACHE / "wineprefix"

MINGW = Path("/usr/lib/gcc/x86_64-w64-mingw32/12-win32")
# (the name the exe looks for, the file of gfortran-mingw-w64-x86-64-win32)
RUNTIME = (("libgfortran_64-5.dll", "libgfortran-5.dll"), ("libgcc_s_seh-1.dll", "libgcc_s_seh-1.dll"),
           ("libquadmath-0.dll", "libquadmath-0.dll"))
WINE = shutil.which("wine64") or "/usr/lib/wine/wine64"
WINESERVER = shutil.which("wineserver") or "/usr/lib/wine/wineserver"
ENV = {"PATH": "/usr/bin:/bin", "LANG": "C", "WINEDEBUG": "-all", "WINEPREFIX": str(WINEPREFIX),
       "WINEDLLOVERRIDES": "mscoree,mshtml=", "HOME": str(CACHE)}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_archive() -> Path:
    """The archive, downloaded once from the pinned commit and checked."""
    return fetch_pinned(ARCHIVE_URL, AUTHOR_ARCHIVE, ARCHIVE_SHA256, f"TicTacToe.7z of RMRubert/blog-public at {COMMIT[:7]}")


def unpack(archive: Path, into: Path) -> None:
    """TicTacToe.exe out of the 7z archive: py7zr if installed, else 7z."""
    into.mkdir(parents=True, exist_ok=True)
    try:
        import py7zr
    except ImportError:
        if not shutil.which("7z"):
            raise SystemExit("unpacking TicTacToe.7z needs py7zr (pip) or 7z (apt-get install p7zip-full)") from None
        subprocess.run(["7z", "x", "-y", f"-o{into}", str(archive), "TicTacToe.exe"], check=True,
                       capture_output=True)
        return
    with py7zr.SevenZipFile(archive) as sevenzip:
        sevenzip.extract(path=into, targets=["TicTacToe.exe"])


def install() -> Path:
    """The exe with its runtime DLLs beside it, and an initialised Wine prefix."""
    if not EXE.exists() or sha256(EXE) != EXE_SHA256:
        unpack(fetch_archive(), EXE.parent)
    digest = sha256(EXE)
    if digest != EXE_SHA256:
        raise SystemExit(f"{EXE}: SHA-256 {digest}, expected {EXE_SHA256}")
    for name, source in RUNTIME:
        if not (MINGW / source).exists():
            raise SystemExit(f"{MINGW / source} is missing: apt-get install gfortran-mingw-w64-x86-64-win32")
        target = EXE.parent / name
        if not target.exists() or target.read_bytes() != (MINGW / source).read_bytes():
            shutil.copyfile(MINGW / source, target)
    if not Path(WINE).exists():
        raise SystemExit("wine64 is missing: apt-get install wine64")
    if not (WINEPREFIX / "system.reg").exists():
        # The first start creates the prefix and writes about it on stderr: do it once, apart.
        subprocess.run([WINE, "cmd", "/c", "exit"], env=ENV, capture_output=True, timeout=300)
        subprocess.run([WINESERVER, "-w"], env=ENV, capture_output=True, timeout=300)
    return EXE


def runtime_versions() -> str:
    """The Debian packages that provide the runtime and Wine, for the manifest's header."""
    out = subprocess.run(["dpkg-query", "-W", "-f", "${Package} ${Version}\\n", "gfortran-mingw-w64-x86-64-win32",
                          "wine64"], capture_output=True, text=True).stdout
    return ", ".join(out.split("\n")[:2]).strip(", ")


def start_server() -> None:
    """Keep one wineserver alive through the comparison (it ends 30 s after its last client)."""
    subprocess.Popen([WINESERVER, "-p30"], env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@dataclass
class Run:
    stdout: bytes  # as the exe wrote it (CR LF)
    stderr: bytes
    status: int  # what Wine reports (a Windows exit code modulo 256, or 128 + signal)

    @property
    def stdout_lf(self) -> bytes:
        return self.stdout.replace(b"\r\n", b"\n")

    @property
    def stderr_lf(self) -> bytes:
        return self.stderr.replace(b"\r\n", b"\n")


TIMEOUT = 20  # seconds; a game takes about 0.4 s under Wine
TIMED_OUT = -1  # the status kept for a run that had not ended by then


def run(stdin: bytes, stdout_to_file: bool = False) -> Run:
    """One run with stdin from a pipe, stdout to a pipe (or a regular file)."""
    import tempfile

    exe = install()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen([WINE, str(exe)], stdin=subprocess.PIPE, stdout=out if stdout_to_file else
                                   subprocess.PIPE, stderr=err, env=ENV, cwd=exe.parent, start_new_session=True)
        try:
            piped, _ = process.communicate(stdin, timeout=TIMEOUT)
            status = process.returncode if process.returncode >= 0 else 128 - process.returncode
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            piped, _ = process.communicate()
            status = TIMED_OUT
        out.seek(0)
        err.seek(0)
        return Run(out.read() if stdout_to_file else piped, err.read(), status)

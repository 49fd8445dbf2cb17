"""The reference build of TicTacToe.f90: extract, compile, run.

Used by the tools beside it to record golden transcripts and to compare the
port with the original.  Needs gfortran (``apt-get install gfortran``); the
test suite never does.  The original's source is extracted from the seed into
a cache directory outside the repository and is never committed.

Reference build: ``gfortran -fno-backtrace TicTacToe.f90`` (gfortran 12.2.0,
Debian 12).  The default build differs only in the backtrace it appends to
runtime errors, whose addresses change from run to run.
"""
from __future__ import annotations

import os
import sys
import subprocess
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tools.source_texts import read_source_text  # noqa: E402  # after the root is on the path

SEED = "001_7da924221099f213.txt"  # the Fortran author's published source (tools/source_texts.py finds it)
CACHE = Path(os.environ.get("RETRO_REFERENCE_CACHE", Path.home() / ".cache" / "retro-reference")) / "fortran"
FLAGS = ["-fno-backtrace"]

# A small, fixed environment for every run: what the stack holds above the
# program's frames depends on it (see retro/ports/fortran_rcd/NOTES.md).
ENV = {"PATH": "/usr/bin:/bin", "LANG": "C"}


def source_text() -> str:
    lines = read_source_text(SEED).splitlines()
    start = lines.index("program tt")
    end = lines.index("endprogram", start)
    return "\n".join(lines[start : end + 1]) + "\n"


def source_for(ai: str) -> str:
    """The published source calls IA (line 198); for MJ, lines 197/198 swap comments."""
    text = source_text()
    if ai == "mj":
        text = text.replace("    !L=MJ(T,SS) !Metodo Antiguo", "    L=MJ(T,SS) !Metodo Antiguo")
        text = text.replace("    L=ia(T,SS) !El sistema moderno", "    !L=ia(T,SS) !El sistema moderno")
    return text


def compiler_version() -> str:
    out = subprocess.run(["gfortran", "--version"], capture_output=True, text=True, check=True).stdout
    return out.splitlines()[0]


def build(ai: str) -> Path:
    """The executable for --ai ai, built once into the cache."""
    directory = CACHE / ai
    directory.mkdir(parents=True, exist_ok=True)
    source = directory / "TicTacToe.f90"  # the name the runtime errors quote
    text = source_for(ai)
    exe = directory / "tt"
    if not exe.exists() or not source.exists() or source.read_text() != text:
        source.write_text(text)
        subprocess.run(["gfortran", *FLAGS, "-o", "tt", "TicTacToe.f90"], cwd=directory, check=True,
                       capture_output=True)
    return exe


@dataclass
class Run:
    stdout: bytes
    stderr: bytes
    status: int  # as a shell reports it: 128 + signal for a signal


def run(ai: str, stdin: bytes, stdout_to_file: bool = False) -> Run:
    """One run with stdin from a pipe, stdout to a pipe (or a regular file)."""
    exe = build(ai)
    if stdout_to_file:
        import tempfile

        with tempfile.TemporaryFile() as out:
            p = subprocess.run([str(exe)], input=stdin, stdout=out, stderr=subprocess.PIPE, env=ENV, timeout=20)
            out.seek(0)
            data = out.read()
        return Run(data, p.stderr, p.returncode if p.returncode >= 0 else 128 - p.returncode)
    p = subprocess.run([str(exe)], input=stdin, capture_output=True, env=ENV, timeout=20)
    return Run(p.stdout, p.stderr, p.returncode if p.returncode >= 0 else 128 - p.returncode)

"""Malformed, foreign and hostile transcript files: a clear error naming the
file and the line, never a traceback, and nothing in them is ever run."""
import subprocess
import sys
from pathlib import Path

import pytest

from retro import transcript

CASES = {
    "empty": ("", 1, "not a retro transcript"),
    "foreign": ("#!/bin/sh\nrm -rf /\n", 1, "not a retro transcript"),
    "binary": ("\x00\x01\x02PNG\r\n", 1, "not a retro transcript"),
    "no-body": ("# retro transcript 1\n# program: fortran-rcd\n", 2, "ends the header"),
    "bad-header": ("# retro transcript 1\nprogram fortran-rcd\n--- session ---\n", 2, "# key: value"),
    "no-program": ("# retro transcript 1\n# title: x\n--- session ---\n", 2, "names no program"),
    "unclosed-input": ("# retro transcript 1\n# program: fortran-rcd\n--- session ---\nA\n«S\nB\n", 5, "not closed"),
    "unclosed-error": ("# retro transcript 1\n# program: fortran-rcd\n--- session ---\nA\n⟪oops\n", 5, "not closed"),
    "stray-marker": ("# retro transcript 1\n# program: fortran-rcd\n--- session ---\nA » B\n", 4, "unexpected"),
    "bad-exit": ("# retro transcript 1\n# program: fortran-rcd\n# exit: two\n--- session ---\n", 3, "exit"),
    "bad-stdin": ("# retro transcript 1\n# program: fortran-rcd\n# stdin: socket\n--- session ---\n", 3, "stdin"),
}


def retro(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "retro", *args], capture_output=True, timeout=60)


@pytest.mark.parametrize("name", list(CASES))
def test_a_broken_file_is_named_with_its_line(name, tmp_path: Path) -> None:
    text, line, words = CASES[name]
    path = tmp_path / f"{name}.txt"
    path.write_bytes(text.encode("utf-8"))
    with pytest.raises(transcript.TranscriptError) as caught:
        transcript.load(path)
    assert caught.value.line == line and words in caught.value.message
    for command in (["check", str(path)], ["replay", str(path)]):
        result = retro(*command)
        assert result.returncode != 0
        assert f"{path}:{line}:".encode() in result.stderr, result.stderr
        assert b"Traceback" not in result.stderr


def test_an_unknown_program_or_bad_options_are_reported(tmp_path: Path) -> None:
    for header, words in (("# program: nonesuch\n", b"no program 'nonesuch'"),
                          ("# program: fortran-rcd\n# options: --ai gpt\n", b"--ai")):
        path = tmp_path / "t.txt"
        path.write_text("# retro transcript 1\n" + header + "--- session ---\n")
        result = retro("check", str(path))
        assert result.returncode == 1 and words in result.stderr and b"Traceback" not in result.stderr


def test_nothing_in_a_transcript_is_run(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    hostile = (f"# retro transcript 1\n# program: fortran-rcd\n# options: --ai mj\n"
               f"# title: __import__('os').system('touch {marker}')\n--- session ---\n"
               f"«__import__('os').system('touch {marker}')»\n«$(touch {marker})»\n")
    path = tmp_path / "hostile.txt"
    path.write_text(hostile)
    retro("check", str(path))
    retro("replay", str(path))
    assert not marker.exists()


def test_the_transcript_module_has_no_way_to_run_code() -> None:
    source = Path(transcript.__file__).read_text()
    for word in ("eval(", "exec(", "pickle", "marshal", "subprocess", "os.system", "yaml"):
        assert word not in source

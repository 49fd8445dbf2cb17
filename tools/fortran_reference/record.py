"""Record a golden transcript from the reference build, read by read.

    python tools/fortran_reference/record.py CASES.txt

The build runs with standard input a pipe fed one line at a time, each line
only when the program blocks reading file descriptor 0 (its system call,
retro/processes.py), standard output a raw pty (so that nothing waits in a
buffer) and standard error a pipe.  So the transcript shows every line where
the original read it.  At PAUSE, the rest of the input is fed from where an
all-at-once pipe would have put C's stdin (the unit reads 80 bytes at a time).
The recording is then checked against a plain run with all the input in a
pipe: standard output, standard error and the exit status must be identical,
or nothing is written.

CASES.txt holds blocks separated by blank lines:
    file: transcripts/fortran-rcd/mj-weakness.txt
    ai: mj
    title: ...
    input: N\\n3,3\\n3,1\\n1,3\\n2,3\\nN\\n
"""
from __future__ import annotations

import fcntl
import os
import pty
import select
import subprocess
import sys
import time
import tty
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import reference

from retro import processes
from retro.console import decode
from retro.recording import Event
from retro.transcript import Transcript

# The menu's group of each session (retro/resources.py); the others are "case".
GROUPS = {"mj-weakness": "article",
          **dict.fromkeys(("ia-computer-first-computer-wins", "ia-computer-first-draw", "ia-human-first-draw",
                           "ia-human-first-human-wins", "replay-loop"), "game")}


def _blocked_reading_stdin(pid: int) -> bool:
    return processes.waiting_to_read(pid) == 0


def _drain(fd: int) -> bytes:
    data = b""
    while True:
        ready, _, _ = select.select([fd], [], [], 0)
        if not ready:
            return data
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return data
        if not chunk:
            return data
        data += chunk


def record(ai: str, stdin: bytes) -> tuple[list[Event], int]:
    exe = reference.build(ai)
    master, slave = pty.openpty()
    tty.setraw(slave)
    proc = subprocess.Popen([str(exe)], stdin=subprocess.PIPE, stdout=slave, stderr=subprocess.PIPE,
                            env=reference.ENV, close_fds=True)
    os.close(slave)
    err_fd = proc.stderr.fileno()
    fcntl.fcntl(err_fd, fcntl.F_SETFL, os.O_NONBLOCK)
    lines = stdin.splitlines(keepends=True)
    events: list[Event] = []
    fed = 0
    closed = False

    def collect() -> None:
        out = _drain(master)
        if out:
            events.append(Event("out", decode(out)))
        try:
            err = os.read(err_fd, 65536)
        except (BlockingIOError, OSError):
            err = b""
        if err:
            events.append(Event("err", decode(err)))

    while True:
        if proc.poll() is not None:
            time.sleep(0.01)
            collect()
            break
        if not _blocked_reading_stdin(proc.pid):
            time.sleep(0.002)
            continue
        time.sleep(0.01)  # let the pty settle
        if not _blocked_reading_stdin(proc.pid):
            continue
        collect()
        at_pause = any(e.kind == "err" and "To resume execution" in (e.text or "") for e in events)
        if closed:
            continue
        if at_pause:
            # The unit's 80-byte reads took the pipe up to `start`; C's stdin
            # reads on from there.  All of it counts as read at this point.
            start = -(-fed // 80) * 80
            for line in stdin[fed:].splitlines(keepends=True):
                events.append(Event("in", decode(line)))
            events.append(Event("in", None))
            if stdin[start:]:
                proc.stdin.write(stdin[start:])
            proc.stdin.close()
            closed = True
            continue
        if lines:
            line = lines.pop(0)
            proc.stdin.write(line)
            proc.stdin.flush()
            fed += len(line)
            events.append(Event("in", decode(line)))
        else:
            proc.stdin.close()
            closed = True
            events.append(Event("in", None))
    os.close(master)
    status = proc.returncode if proc.returncode >= 0 else 128 - proc.returncode
    return merge(events), status


def merge(events: list[Event]) -> list[Event]:
    merged: list[Event] = []
    for e in events:
        if merged and e.kind in ("out", "err") and merged[-1].kind == e.kind:
            merged[-1] = Event(e.kind, (merged[-1].text or "") + (e.text or ""))
        else:
            merged.append(e)
    return merged


def parse_cases(text: str) -> list[dict[str, str]]:
    cases = []
    for block in text.strip().split("\n\n"):
        case = {}
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            key, _, value = line.partition(":")
            case[key.strip()] = value.strip()
        if case:
            cases.append(case)
    return cases


def main(path: str) -> int:
    failures = 0
    for case in parse_cases(Path(path).read_text()):
        ai = case.get("ai", "ia")
        stdin = case["input"].encode("ascii").decode("unicode_escape").encode("utf-8", "surrogateescape")
        events, status = record(ai, stdin)
        plain = reference.run(ai, stdin)
        got_out = "".join(e.text for e in events if e.kind == "out").encode("utf-8", "surrogateescape")
        got_err = "".join(e.text for e in events if e.kind == "err").encode("utf-8", "surrogateescape")
        if (got_out, got_err, status) != (plain.stdout, plain.stderr, plain.status):
            print(f"{case['file']}: the read-by-read recording differs from the plain run; not written")
            failures += 1
            continue
        options = ["--ai", "mj"] if ai == "mj" else []
        header = {
            "title": case["title"],
            "source": f"our gfortran build of the published source: {reference.compiler_version()}, {' '.join(reference.FLAGS)}; "
                      "recorded read by read by tools/fortran_reference/record.py",
            "evidence": "a (the original program, built and run)",
            "group": GROUPS.get(Path(case["file"]).stem, "case"),  # the menu's group (retro/resources.py)
        }
        Transcript("fortran-rcd", options, status, header, events).save(reference.ROOT / case["file"])
        print(f"{case['file']}: {status}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))

"""A transcript is data, never a command (ARCHITECTURE.md, principle 7).

A folder of hostile transcripts -- options that name files to write, a glob,
a lock that is a symbolic link, a FIFO, a link to /dev/zero, escape
sequences, ``--help``, a huge file, a pause -- is checked and replayed by
`retro check`, `retro replay` and `retro cast` in a subprocess whose home, data, cache and
temporary folders all lie in the test's own folder, which is compared, file
by file, before and after: nothing may be created, changed or deleted
anywhere, no escape sequence may reach the terminal, and no run may end in
an internal error.
"""
import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from robust_helpers import ROOT

HEADER = "# retro transcript 1\n# program: {program}\n# options: {options}\n# title: {title}\n# exit: 0\n--- session ---\n"
STORE = ("Tic-Tac-Toe.p schemes, format 1\nwinalign 3\nrules flawed\ngames 0\nlost 0\nlastloss 0\nend 0\n")
ESC = b"\x1b"


def snapshot(top: Path) -> dict[str, tuple]:
    """Every entry under ``top``: its kind, and a regular file's size, time and digest."""
    seen: dict[str, tuple] = {}
    for folder, dirs, files in os.walk(top):
        for name in dirs + files:
            path = Path(folder, name)
            st = os.lstat(path)
            if path.is_symlink():
                seen[str(path)] = ("link", os.readlink(path))
            elif path.is_file() and not path.is_fifo():
                seen[str(path)] = ("file", st.st_size, st.st_mtime_ns, hashlib.sha256(path.read_bytes()).hexdigest())
            else:
                seen[str(path)] = ("other", st.st_mode)
    return seen


def transcript(program: str, options: str, title: str = "hostile", body: str = "") -> str:
    return HEADER.format(program=program, options=options, title=title) + body


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    """A download folder three levels down, the victims it aims at, and a home."""
    folder = tmp_path / "home" / "Downloads" / "shared" / "hostile"
    folder.mkdir(parents=True)
    victims = tmp_path / "victims"
    victims.mkdir()
    (victims / "precious").write_text("precious\n")
    (folder / "store.data").write_text(STORE)
    (folder / "Cargo.lock").write_text("# a lock file of another program\n")
    (folder / "linked.data").write_text(STORE)
    os.symlink(victims / "precious", folder / "linked.data.lock")
    (folder / ".unrelated.99999999.tmp").write_text("keep me\n")
    (folder / ".a*.tmp").write_text("keep me too\n")
    learner_game = "«y»\n«2,2»\n«1,1»\n«n»\n"
    files = {
        # the learner told to learn into files: here, beside, far away, through a glob and a lock link
        "write-beside.txt": transcript("pascal-learner", "--data store.data --seed 1", body=learner_game),
        "write-far.txt": transcript("pascal-learner", f"--data {victims / 'precious'} --seed 1", body=learner_game),
        "write-up.txt": transcript("pascal-learner", "--data ../../../../victims/precious --seed 1", body=learner_game),
        "write-default.txt": transcript("pascal-learner", "--seed 1", body=learner_game),
        "glob.txt": transcript("pascal-learner", "--data 'a*' --seed 1", body=learner_game),
        "cargo.txt": transcript("pascal-learner", "--data Cargo --seed 1", body=learner_game),
        "lock-link.txt": transcript("pascal-learner", "--data linked.data --seed 1", body=learner_game),
        "zero-data.txt": transcript("pascal-learner", "--data /dev/zero --no-save", body=learner_game),
        # options the port does not declare, and one that sleeps
        "help.txt": transcript("fortran-rcd", "--help"),
        "unknown.txt": transcript("fortran-rcd", "--delete-everything"),
        "sleeps.txt": transcript("altair-3d", "--version 1 --period-timing", body="«1,1»\n«␄»\n"),
        # text that would drive a terminal
        "escapes.txt": transcript("fortran-rcd", "", title="\x1b]0;owned\x07\x1b]52;c;cm0gLXJmIH4=\x07",
                                  body="\x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07\r\x9b31m«\x1b]0;typed\x07»\n"),
    }
    for name, text in files.items():
        (folder / name).write_text(text)
    os.mkfifo(folder / "fifo.txt")
    os.symlink("/dev/zero", folder / "zero.txt")
    os.symlink(folder / "fifo.txt", folder / "to-fifo.txt")
    with open(folder / "huge.txt", "wb") as f:
        f.write(transcript("fortran-rcd", "").encode())
        f.write(b"x" * (3 << 20))
    return folder


def retro(args: list[str], tmp_path: Path, timeout: int = 60) -> subprocess.CompletedProcess:
    home = tmp_path / "home"
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / ".local/share"),
           "XDG_STATE_HOME": str(home / ".local/state"), "XDG_CACHE_HOME": str(home / ".cache"),
           "TMPDIR": str(tmp_path / "tmp")}
    (tmp_path / "tmp").mkdir(exist_ok=True)
    (tmp_path / "cwd").mkdir(exist_ok=True)
    return subprocess.run([sys.executable, "-m", "retro", *args], capture_output=True, timeout=timeout,
                          cwd=tmp_path / "cwd", env=env, stdin=subprocess.DEVNULL)


def test_checking_and_replaying_a_hostile_folder_changes_nothing_anywhere(hostile: Path, tmp_path: Path) -> None:
    retro(["list"], tmp_path)  # the folders a run may make for itself exist before the snapshot
    repository = snapshot(ROOT / "transcripts")
    before = snapshot(tmp_path)
    started = time.monotonic()
    checked = retro(["check", str(hostile)], tmp_path)
    seconds = time.monotonic() - started
    replays = [retro([command, str(path)], tmp_path) for path in sorted(hostile.glob("*.txt"))
               for command in ("replay", "cast")]
    assert snapshot(tmp_path) == before
    assert snapshot(ROOT / "transcripts") == repository
    for result in [checked, *replays]:
        assert result.returncode in (0, 1), result.stderr
        assert b"Traceback" not in result.stderr and b"internal error" not in result.stderr
        assert ESC not in result.stdout and ESC not in result.stderr
        assert "\x9b".encode() not in result.stdout + result.stderr
        assert b"\\u001b" not in result.stdout.lower() and b"\\u009b" not in result.stdout.lower()  # a cast's JSON
    errors = checked.stderr.decode()
    assert f"{hostile / 'help.txt'}:3: options: No such option '--help'." in errors
    assert f"{hostile / 'unknown.txt'}:3: options: No such option '--delete-everything'." in errors
    assert f"{hostile / 'fifo.txt'}:0: a FIFO, not a transcript" in errors
    assert f"{hostile / 'zero.txt'}:0: a device, not a transcript" in errors
    assert f"{hostile / 'to-fifo.txt'}:0: a FIFO, not a transcript" in errors
    assert f"{hostile / 'huge.txt'}:0: 3 MiB, more than the 2 MiB a transcript may have" in errors
    assert f"{hostile / 'write-far.txt'}:3: options:" in errors and "must be relative" in errors
    assert f"{hostile / 'write-up.txt'}:3: options:" in errors and "may not leave" in errors
    assert f"{hostile / 'zero-data.txt'}:3: options:" in errors
    assert seconds < 45  # nothing slept: --period-timing would take minutes (a bound, not a benchmark)


def test_a_header_option_the_port_does_not_declare_is_refused_in_process(tmp_path: Path) -> None:
    from retro.check import check_file

    path = tmp_path / "help.txt"
    path.write_text(transcript("fortran-rcd", "--ai mj --help"))
    outcome = check_file(path)
    assert outcome.error == f"{path}:3: options: No such option '--help'."


def test_a_replay_never_sleeps(monkeypatch, tmp_path: Path) -> None:
    """--period-timing in a header is ignored by a check: the bytes are the same."""
    from retro.check import check_file

    golden = (ROOT / "transcripts" / "altair-3d").glob("*.txt")
    source = next(p for p in sorted(golden) if "# options: --version 1\n" in p.read_text())
    copy = tmp_path / source.name
    copy.write_text(source.read_text().replace("# options: --version 1\n", "# options: --version 1 --period-timing\n"))

    def no_sleep(seconds: float) -> None:
        raise AssertionError(f"slept {seconds} s")

    monkeypatch.setattr(time, "sleep", no_sleep)
    assert check_file(copy).ok


def test_a_copied_folder_of_goldens_checks_and_writes_nothing(tmp_path: Path) -> None:
    copy = tmp_path / "elsewhere" / "t"
    shutil.copytree(ROOT / "transcripts", copy)
    retro(["list"], tmp_path)  # the folders a run may make for itself exist before the snapshot
    before = snapshot(tmp_path)
    result = retro(["check", str(copy)], tmp_path, timeout=300)
    assert result.returncode == 0, result.stderr.decode()[-2000:]
    assert b"all match" in result.stdout
    assert snapshot(tmp_path) == before


def test_a_learner_transcript_reads_its_data_file_beside_itself(tmp_path: Path) -> None:
    """The data file named in the header is the one in the transcript's folder,
    whatever the current folder, and a transcript that names none reads none."""
    from retro.check import check_file

    folder = tmp_path / "copied"
    shutil.copytree(ROOT / "transcripts" / "pascal-learner", folder)
    (tmp_path / "Tic-Tac-Toe-Data-3").write_text("not a store")  # a user's own file, never read
    os.chdir(tmp_path)
    for path in sorted(folder.glob("*.txt")):
        assert check_file(path).ok, path.name


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()],
                         ids=["full-disk", "ctrl-c"])
def test_saving_a_transcript_leaves_the_old_file_or_the_new_one(failure, tmp_path: Path, monkeypatch) -> None:
    """`retro record -o FILE` once wrote in place: a failure left half a file."""
    from retro import transcript as module

    path = tmp_path / "session.txt"
    path.write_text("the old transcript\n")
    session = module.Transcript("fortran-rcd", [], 0, {"title": "t"}, [])

    def fail(fd):
        raise failure

    monkeypatch.setattr(os, "fsync", fail)
    with pytest.raises(type(failure)):
        session.save(path)
    assert path.read_text() == "the old transcript\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["session.txt"]


def test_record_interrupted_by_ctrl_c_writes_a_whole_transcript(tmp_path: Path) -> None:
    """Ctrl-C during `retro record`: the session so far is saved whole (status 130)."""
    import signal as signals

    out = tmp_path / "s.txt"
    out.write_text("old\n")
    child = subprocess.Popen([sys.executable, "-m", "retro", "record", "fortran-rcd", "-o", str(out)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    shown = b""
    while b"[S/N]" not in shown:  # its first question: recording, waiting for an answer
        chunk = child.stdout.read1(4096)
        assert chunk, shown
        shown += chunk
    child.send_signal(signals.SIGINT)
    _, err = child.communicate(timeout=30)
    assert child.returncode == 130, err
    text = out.read_text()
    assert text.startswith("# retro transcript 1\n") and "# exit: 130\n" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.txt"]

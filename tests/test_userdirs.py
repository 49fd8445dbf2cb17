"""What retro writes by itself goes to the user's own folders (retro/userdirs.py):
the learner's data to the data folder, internal-error reports to the state
folder, the last few only.  tests/conftest.py gives each test its own."""
import os
import subprocess
import sys
from pathlib import Path

from retro import userdirs
from retro.catalog import Program
from retro.options import NoOptions
from retro.console import LineConsole
from retro.crash_reports import KEEP_REPORTS, report_internal_error
from retro.exits import INTERNAL_ERROR
from retro.runner import run_session


def reports() -> Path:
    return Path(os.environ["XDG_STATE_HOME"]) / "retro" / "errors"


def test_the_folders_follow_the_xdg_variables() -> None:
    assert userdirs.data_folder() == Path(os.environ["XDG_DATA_HOME"]) / "retro"
    assert userdirs.reports_folder() == reports()


def test_a_bug_of_a_port_is_one_line_and_a_report_in_the_state_folder(capfd) -> None:
    def broken(console, options) -> int:
        raise ZeroDivisionError("a bug of ours")

    program = Program("broken", "Broken", "", "", "", "", "", broken, NoOptions)
    assert run_session(program, LineConsole.from_bytes(b""), NoOptions()) == INTERNAL_ERROR
    err = capfd.readouterr().err
    [saved] = list(reports().iterdir())
    assert err == f"retro: internal error in broken: ZeroDivisionError: a bug of ours (details: {saved})\n"
    assert saved.name.startswith("retro-error-") and saved.suffix == ".txt"
    assert "Traceback" in saved.read_text() and "a bug of ours" in saved.read_text()


def test_a_report_that_cannot_be_saved_says_so(capfd, tmp_path, monkeypatch) -> None:
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "file"))
    try:
        raise RuntimeError("bug")
    except RuntimeError as error:
        assert report_internal_error("test", error) == INTERNAL_ERROR
    assert f"(details: not saved: {tmp_path / 'file' / 'retro' / 'errors'}: " in capfd.readouterr().err


def test_the_learners_help_says_where_its_file_is(tmp_path) -> None:
    result = subprocess.run([sys.executable, "-m", "retro", "run", "pascal-learner", "--help"],
                            capture_output=True, cwd=tmp_path, timeout=60)
    text = "".join(result.stdout.decode().split())  # click wraps the help, at blanks and hyphens
    assert f"Tic-Tac-Toe-Data-<align>,-<align>-fixedwith--fixed,in{os.environ['XDG_DATA_HOME']}/retro;" in text


def test_a_learner_run_from_two_folders_is_one_learner(tmp_path) -> None:
    def run(folder: Path, lines: bytes) -> str:
        folder.mkdir()
        result = subprocess.run([sys.executable, "-m", "retro", "run", "pascal-learner", "--seed", "2"], input=lines,
                                capture_output=True, cwd=folder, timeout=60)
        assert result.returncode == 0 and result.stderr == b"", result.stderr
        assert list(folder.iterdir()) == []
        return result.stdout.decode()

    assert "You win." in run(tmp_path / "one", b"y\n3,2\n3,1\n3,3\nn\n")
    assert "I know 1 scheme (level 1: 1), from Tic-Tac-Toe-Data-3." in run(tmp_path / "two", b"")


def test_on_the_screen_the_learner_says_where_its_file_is(tmp_path) -> None:
    from pty_terminal import Terminal

    term = Terminal(["run", "pascal-learner"], rows=24, cols=100, cwd=tmp_path, record_modes=tmp_path)
    screen = term.wait_for("Do you want to move first?")
    assert f"My schemes are in {os.environ['XDG_DATA_HOME']}/retro/Tic-Tac-Toe-Data-3." in screen
    term.send("\x04")  # end of input: the learner says goodbye
    term.ended_cleanly()


def raised_at(line: int) -> RuntimeError:
    """An error raised at ``line`` of a file of its own: a bug in a place of its own."""
    try:
        exec(compile("\n" * line + "raise RuntimeError(f'bug at {line}')", "<a bug>", "exec"), {"line": line})
    except RuntimeError as error:
        return error
    raise AssertionError("nothing raised")


def older_reports(count: int) -> list[Path]:
    """``count`` reports written a year before, of bugs the operator has not read yet."""
    folder = reports()
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for k in range(count):
        path = folder / f"retro-error-20250101-00000{k}-older{k}.txt"
        path.write_text(f"an older bug {k}\n")
        os.utime(path, (1e9 + k, 1e9 + k))
        made.append(path)
    return made


def test_a_flood_of_one_bug_leaves_the_older_reports(capfd) -> None:
    """The same bug a thousand times (a visitor's flood; its text differs each
    time) is one report: the operator's older reports stay, and each line
    names that one report."""
    older = older_reports(KEEP_REPORTS - 1)
    for k in range(1000):
        try:
            raise ValueError(f"a visitor's text {k}")
        except ValueError as error:
            report_internal_error("test", error)
    lines = capfd.readouterr().err.splitlines()
    assert all(path.exists() for path in older)
    [new] = [path for path in reports().iterdir() if path not in older]
    assert len(lines) == 1000 and all(line.endswith(f"(details: {new})") for line in lines), lines[:2]
    assert "a visitor's text 0" in new.read_text()


def test_only_the_last_reports_are_kept(capfd) -> None:
    for k in range(KEEP_REPORTS + 3):
        report_internal_error("test", raised_at(k))
        newest = capfd.readouterr().err.rpartition("(details: ")[2].rstrip(")\n")
    kept = list(reports().iterdir())
    assert len(kept) == KEEP_REPORTS
    assert Path(newest) in kept and f"bug at {KEEP_REPORTS + 2}" in Path(newest).read_text()

"""`make test`'s try of retro as a new user gets it: the wheel and the sdist
built from this checkout (as `make dist` builds them, checked by twine),
then check_installed.py's checks on them.  A test among the others, so that
it overlaps the tests that wait on terminals; `make test-installed` runs the
same checks on its own."""
import subprocess
import sys
from pathlib import Path

from check_installed import ROOT, main as check_installed


def test_the_wheel_and_the_sdist_work_as_a_new_user_gets_them(tmp_path: Path, capsys) -> None:
    dist = tmp_path / "dist"
    built = subprocess.run([sys.executable, "-m", "build", "--outdir", str(dist), str(ROOT)],
                           capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, built.stdout[-4000:] + built.stderr[-4000:]
    archives = sorted(str(path) for path in dist.iterdir())
    twined = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *archives],
                            capture_output=True, text=True, timeout=300)
    assert twined.returncode == 0, twined.stdout + twined.stderr
    failed = check_installed(dist)
    assert failed == 0, capsys.readouterr().out

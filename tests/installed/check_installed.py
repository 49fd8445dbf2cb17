"""retro as a new user gets it: the built wheel installed into a fresh virtual
environment outside the checkout, run from another folder.

    python tests/installed/check_installed.py dist/

``make test`` runs it after building the wheel and the sdist (``make dist``).
It checks that the installed retro (not this checkout) lists the programs,
shows the menu in a pipe, replays Fig. 5 by name, checks every shipped
session, plays one game of each port exactly as its golden transcript says,
lets the learner save to the user's data folder (a temporary one here), and
carries its metadata; then that ``pip install .`` of the sdist's tree and
the editable install of this checkout see the same recorded sessions.
It needs the package index (the wheel's dependencies), not an original's
toolchain.  Ends with the plain line ``installed: N passed, N failed``.
"""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import traceback
import venv
import zipfile
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from retro import __version__, catalog, resources, transcript  # noqa: E402  # after sys.path: this checkout's retro, the expectations
from retro.menu.entries import number_of  # noqa: E402  # after sys.path: this checkout's retro, the expectations
from retro.replay import show_whole, the_game  # noqa: E402  # after sys.path: this checkout's retro, the expectations

FIG5 = "altair-3d/fig5-v2-player-wins"
# The menu's groups of recorded sessions, as titled, in their order.
GROUPS = tuple(title for _, title in resources.GROUPS)
# One whole game of each port, played through `retro run` in a pipe.
GAMES = ("altair-3d/fig5-v2-player-wins", "fortran-rcd/mj-weakness", "perl-midterm/sample-continued-draw",
         "cpm-c/x-computer-begins-computer-wins", "pascal-learner/fresh-learns")


def golden(name: str) -> transcript.Transcript:
    return transcript.load(ROOT / "transcripts" / f"{name}.txt")


class Installed:
    """A virtual environment with retro installed, and a user who has nothing else."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.venv = folder / "venv"
        self.bin = self.venv / ("Scripts" if os.name == "nt" else "bin")
        self.elsewhere = folder / "elsewhere"  # the user's current folder: empty, not the checkout
        self.elsewhere.mkdir()
        self.user = folder / "user"
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "XDG_"))}
        self.env.update({"HOME": str(self.user / "home"), "XDG_DATA_HOME": str(self.user / "data"),
                         "XDG_STATE_HOME": str(self.user / "state"), "XDG_CACHE_HOME": str(self.user / "cache"),
                         "XDG_CONFIG_HOME": str(self.user / "config"), "PATH": f"{self.bin}{os.pathsep}"
                         + os.environ.get("PATH", ""), "NO_COLOR": "1"})
        self.env.pop("TERM", None)

    def create(self) -> None:
        venv.create(self.venv, with_pip=True, clear=True)

    def pip(self, *args: str, cwd: Path | None = None) -> None:
        # pip itself with the caller's environment (its cache, the package index).
        subprocess.run([str(self.bin / "python"), "-m", "pip", "--disable-pip-version-check", "--quiet", *args],
                       check=True, cwd=cwd or self.folder, timeout=600)

    def retro(self, *args: str, stdin: bytes = b"", cwd: Path | None = None) -> subprocess.CompletedProcess:
        return subprocess.run([str(self.bin / "retro"), *args], input=stdin, capture_output=True,
                              cwd=cwd or self.elsewhere, env=self.env, timeout=300)

    def python(self, code: str) -> str:
        return subprocess.run([str(self.bin / "python"), "-c", code], capture_output=True, check=True, text=True,
                              cwd=self.elsewhere, env=self.env, timeout=60).stdout


def expect(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


def ok(result: subprocess.CompletedProcess, status: int = 0) -> str:
    expect(result.returncode == status, f"status {result.returncode}, not {status}; stderr:\n"
           + result.stderr.decode(errors="replace")[-2000:])
    expect(b"Traceback" not in result.stderr, "a traceback:\n" + result.stderr.decode(errors="replace")[-2000:])
    return result.stdout.decode("utf-8", "surrogateescape")


def checks(user: Installed) -> list[tuple[str, Callable[[], None]]]:
    def imported_from_the_venv() -> None:
        where = user.python("import retro, retro.ports, retro.transcripts as t; print(retro.__file__); "
                            "print(retro.ports.__file__); print(t.__file__)").split()
        for path in where:
            expect(Path(path).resolve().is_relative_to(user.venv.resolve()), f"{path} is not in the venv")

    def version() -> None:
        out = ok(user.retro("--version"))
        expect(out == f"retro, version {__version__}\n", out)

    def metadata() -> None:
        md = json.loads(user.python("import importlib.metadata as m, json; "
                                    "print(json.dumps(m.metadata('retro-tictactoe').json))"))
        expect(md.get("version") == __version__, f"version {md.get('version')}")
        # the license as an SPDX expression (core metadata 2.4: License-Expression), its file named
        expect(md.get("license_expression") == "MIT" and "LICENSE" in md.get("license_file", []),
               f"license {md.get('license_expression')!r}, files {md.get('license_file')}")
        expect(md.get("requires_python") == ">=3.10", f"requires_python {md.get('requires_python')}")
        classifiers = md.get("classifier", [])
        for wanted in ("Programming Language :: Python :: 3.10", "Topic :: Games/Entertainment :: Board Games",
                       "Environment :: Console :: Curses"):
            expect(wanted in classifiers, f"no classifier {wanted!r}")
        expect(md.get("summary") and md.get("description_content_type") == "text/markdown", "summary, description")
        urls = dict(entry.split(", ", 1) for entry in md.get("project_url", []))
        expect(urls and all(url.startswith("https://") for url in urls.values()), f"project URLs {urls}")
        expect(any(r.startswith("platformdirs") for r in md.get("requires_dist", [])), "requires platformdirs")

    def listing() -> None:
        out = ok(user.retro("list"))
        for program_id in catalog.programs():
            expect(program_id in out, f"{program_id} not in `retro list`")

    def pipe_menu() -> None:
        out = ok(user.retro(stdin=b"q\n"))
        for program in catalog.programs().values():
            sessions = len(list((ROOT / "transcripts" / program.id).glob("*.txt")))
            expect(any(program.id in line and f"{sessions} recorded sessions" in line for line in out.splitlines()),
                   f"{program.id} with its {sessions} recorded sessions not in the menu:\n{out}")
        out = ok(user.retro(stdin=f"{number_of('altair-3d')}s\n\nq\n".encode()))
        expect("fig5-v2-player-wins" in out, out[-2000:])
        # The groups in the order a person wants them: the published sessions first, the cases last.
        places = [out.find(f"\n{group}\n") for group in GROUPS]
        expect(-1 not in places and places == sorted(places), f"groups not in the order {GROUPS}:\n{out[-3000:]}")

    def menu_replay_with_a_pace() -> None:
        # A replay chosen in the menu, paced, then back to the list and to the programs.
        cpm = number_of("cpm-c")
        listed = ok(user.retro(stdin=f"{cpm}s\nq\nq\n".encode()))
        [number] = [line.split()[0] for line in listed.splitlines() if line.split()[1:2] == ["eof-at-symbol"]]
        out = ok(user.retro(stdin=f"{cpm}s\n{number} --baud 9600\n\nq\n".encode()))
        game, _ = the_game(golden("cpm-c/eof-at-symbol").events)  # the menu replays the game, then says the rest
        session = "".join(event.text or "" for event in game if event.kind == "out")
        expect(session in out and "[end of the recording" in out, "the paced replay did not show the session")
        after = out[out.index(session) + len(session):]
        expect("Choose a session" in after and "Choose a number" in after, "no way back to the menu:\n" + after)

    def fig5_by_name() -> None:
        expected = io.StringIO()
        show_whole(golden(FIG5), out=expected, err=io.StringIO(), pause=0)
        out = ok(user.retro("replay", FIG5))
        expect(out == expected.getvalue(), f"`retro replay {FIG5}` differs from the checkout's session")

    def check_shipped() -> None:
        count = len(transcript.find_transcripts([ROOT / "transcripts"]))
        result = user.retro("check")
        ok(result)
        expect(f"retro check: {count} transcripts checked, all match".encode() in result.stdout,
               result.stdout.decode(errors="replace")[-2000:])

    def one_game_of_each_port() -> None:
        for name in GAMES:
            session = golden(name)
            result = user.retro("run", session.program, *session.options, stdin=session.input_bytes())
            expect(result.returncode == session.exit_status, f"{name}: status {result.returncode}")
            expect(result.stdout.decode("utf-8", "surrogateescape") == session.output(), f"{name}: output differs")
            expect(result.stderr.decode("utf-8", "surrogateescape") == session.errors(), f"{name}: errors differ")

    def serve_has_its_terminal() -> None:
        """The wheel's `retro serve` sends the page's terminal (xterm.js, made by the build: setup.py)."""
        import urllib.request

        server = subprocess.Popen([str(user.bin / "retro"), "serve", "--port", "0"], cwd=user.elsewhere,
                                  env=user.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            url = server.stderr.readline().decode().split()[2]
            with urllib.request.urlopen(url + "static/vendor/xterm.js", timeout=30) as answer:
                script = answer.read()
            expect(len(script) > 100_000 and b"xterm" in script, f"xterm.js of {len(script)} bytes")
        finally:
            server.send_signal(2)
            server.wait(timeout=30)

    def learner_saves_to_the_data_folder() -> None:
        store = user.user / "data" / "retro" / "Tic-Tac-Toe-Data-3"
        # With --seed 2 the fresh learner answers 1,1 and 1,2; X takes the bottom row and wins.
        out = ok(user.retro("run", "pascal-learner", "--seed", "2", stdin=b"y\n3,2\n3,1\n3,3\nn\n"))
        expect("You win." in out and store.is_file() and "lost 1\n" in store.read_text(), f"no store at {store}")
        expect(list(user.elsewhere.iterdir()) == [], "the learner wrote into the current folder")
        other = user.folder / "other"
        other.mkdir()
        out = ok(user.retro("run", "pascal-learner", "--seed", "2", cwd=other))
        expect("I know 1 scheme (level 1: 1), from Tic-Tac-Toe-Data-3." in out, out)
        helped = "".join(ok(user.retro("run", "pascal-learner", "--help")).split())
        expect(f"in{user.user / 'data' / 'retro'};" in helped, "--help does not say where the file is")
        # A file of the old default name in the current folder is used, with a one-line note.
        old = user.folder / "old"
        old.mkdir()
        (old / "Tic-Tac-Toe-Data-3").write_bytes(store.read_bytes())
        result = user.retro("run", "pascal-learner", "--no-save", cwd=old)
        expect("from Tic-Tac-Toe-Data-3." in ok(result), "the file in the current folder was not used")
        note = result.stderr.decode(errors="replace").splitlines()
        expect(len(note) == 1 and "current folder" in note[0], f"not one line of note: {note}")

    def error_reports_go_to_the_state_folder() -> None:
        place = user.python("from retro import crash_reports; print(crash_reports.save_report('a test report'))").strip()
        folder = user.user / "state" / "retro" / "errors"
        expect(Path(place).parent == folder and Path(place).read_text() == "a test report", place)

    return [("imported from the venv", imported_from_the_venv), ("retro --version", version),
            ("metadata", metadata), ("retro list", listing), ("the pipe menu", pipe_menu),
            (f"retro replay {FIG5}", fig5_by_name), ("retro check", check_shipped),
            ("one game of each port", one_game_of_each_port),
            ("retro serve sends xterm.js", serve_has_its_terminal),
            ("a replay from the menu, paced, comes back to the menu", menu_replay_with_a_pace),
            ("the learner saves to the user's data folder", learner_saves_to_the_data_folder),
            ("error reports go to the user's state folder", error_reports_go_to_the_state_folder)]


def package_files() -> set[str]:
    """Every file of the checkout's packages, as the wheel names it (not caches)."""
    files = set()
    for top in ("retro",):
        for path in (ROOT / top).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                files.add(path.relative_to(ROOT).as_posix())
    for path in (ROOT / "transcripts").rglob("*"):
        if path.is_file() and path.suffix in (".txt", ".data"):
            files.add("retro/transcripts/" + path.relative_to(ROOT / "transcripts").as_posix())
    return files


def archives_carry_every_file(wheel: Path, sdist: Path) -> None:
    """The NOTES, the Fortran memory maps and the web page are not Python:
    a packaging rule that forgets them passes in a worn checkout (an old
    SOURCES.txt remembers them) and fails on a fresh one."""
    wanted = package_files()
    with zipfile.ZipFile(wheel) as archive:
        missing = sorted(wanted - set(archive.namelist()))
    expect(not missing, f"the wheel lacks {len(missing)} files: {missing[:8]}")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    in_tree = {name if not name.startswith("retro/transcripts/") else name.replace("retro/", "", 1)
               for name in wanted}
    missing = sorted(in_tree - names)
    expect(not missing, f"the sdist lacks {len(missing)} files: {missing[:8]}")


def sessions_seen(run: Callable[..., subprocess.CompletedProcess]) -> str:
    """The shipped sessions as `retro replay` lists them (names, groups, titles)."""
    return ok(run("replay"))


def main(dist: Path) -> int:
    dist = dist.resolve()
    [wheel] = dist.glob("*.whl")
    [sdist] = dist.glob("*.tar.gz")
    passed = failed = 0

    def attempt(name: str, check: Callable[[], None]) -> None:
        nonlocal passed, failed
        try:
            check()
        except Exception:  # noqa: BLE001  # report every check
            failed += 1
            print(f"FAILED {name}\n{traceback.format_exc(limit=2)}", flush=True)
        else:
            passed += 1
            print(f"ok     {name}", flush=True)

    with tempfile.TemporaryDirectory(prefix="retro-installed-") as tmp:
        user = Installed(Path(tmp))
        print(f"installing {wheel.name} into a fresh virtual environment in {tmp}", flush=True)
        attempt("the wheel and the sdist carry every file of the package",
                lambda: archives_carry_every_file(wheel, sdist))
        user.create()
        user.pip("install", str(wheel))
        for name, check in checks(user):
            attempt(name, check)

        seen: dict[str, str] = {}

        def editable_install_sees_the_same() -> None:
            seen["wheel"] = sessions_seen(user.retro)
            editable = sessions_seen(lambda *a: subprocess.run([sys.executable, "-m", "retro", *a],
                                                               capture_output=True, cwd=user.elsewhere, timeout=60))
            expect(editable == seen["wheel"], "the checkout's editable install lists other sessions than the wheel")

        def pip_install_dot_sees_the_same() -> None:
            expect("wheel" in seen, "the wheel's sessions could not be listed")
            with tarfile.open(sdist) as archive:
                safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
                archive.extractall(user.folder / "sdist", **safe)
            [tree] = (user.folder / "sdist").iterdir()
            user.pip("install", "--force-reinstall", "--no-deps", ".", cwd=tree)
            expect(sessions_seen(user.retro) == seen["wheel"], "`pip install .` lists other sessions than the wheel")

        attempt("the editable install sees the same sessions", editable_install_sees_the_same)
        attempt("`pip install .` (the sdist's tree) sees the same sessions", pip_install_dot_sees_the_same)
    print(f"installed: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "dist")))

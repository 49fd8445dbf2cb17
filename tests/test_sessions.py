"""The recorded sessions that ship with retro: found through importlib.resources
from any folder, by name, grouped in the menu (retro/resources.py, retro/menu/).
tests/installed/check_installed.py does the same from a built wheel."""
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pty_terminal import Terminal
from retro import catalog, resources, transcript
from retro.replay import show, show_whole, the_game
from retro.menu.entries import TITLE, number_of

ROOT = Path(__file__).resolve().parent.parent
FILES = transcript.find_transcripts([ROOT / "transcripts"])


def replayed(name: str, game_only: bool = False) -> str:
    """What `retro replay` shows of the session (its output and input, in order),
    or of its game only (what the menu replays: replay.the_game)."""
    out = io.StringIO()
    session = transcript.load(ROOT / "transcripts" / f"{name}.txt")
    if game_only:
        show(session, events=the_game(session.events)[0], out=out, err=io.StringIO())
    else:
        show_whole(session, out=out, err=io.StringIO(), pause=0)  # in a pipe: no pause
    return out.getvalue()


def retro(*args: str, stdin: bytes = b"", cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "retro", *args], input=stdin, capture_output=True, cwd=cwd,
                          timeout=120)


def test_the_shipped_folder_is_the_package_data_and_holds_every_golden_file() -> None:
    folder = resources.shipped_folder()
    assert folder is not None
    # The editable install maps retro.transcripts onto this tree's transcripts/.
    assert folder.resolve() == (ROOT / "transcripts").resolve()
    assert [s.path.resolve() for s in resources.sessions()] != []
    assert sorted(s.path.resolve() for s in resources.sessions()) == sorted(p.resolve() for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_every_shipped_session_names_its_group(path: Path) -> None:
    group = transcript.load(path).header.get("group")
    assert group in resources.GROUP_ORDER, f"{path}: '# group: {group}' is not one of {list(resources.GROUP_ORDER)}"
    assert (group == "audit") == path.stem.startswith("audit-")


def test_the_figures_and_samples_come_first() -> None:
    published = {s.name for s in resources.sessions() if s.group == "article"}
    assert {"altair-3d/fig5-v2-computer-wins", "altair-3d/fig5-v2-player-wins", "altair-3d/fig5-v3-computer-wins",
            "perl-midterm/spec-sample", "fortran-rcd/mj-weakness"} <= published
    altair = [s.name for s in resources.sessions() if s.program == "altair-3d"]
    assert altair[:3] == ["altair-3d/fig5-v2-computer-wins", "altair-3d/fig5-v2-player-wins",
                          "altair-3d/fig5-v3-computer-wins"]
    groups = [resources.GROUP_ORDER[s.group] for s in resources.sessions() if s.program == "fortran-rcd"]
    assert groups == sorted(groups)


@pytest.mark.parametrize("name", ["altair-3d/fig5-v2-player-wins", "altair-3d/fig5-v2-player-wins.txt"])
def test_a_session_is_found_by_name(name: str) -> None:
    assert resources.find(name) == resources.shipped_folder() / "altair-3d" / "fig5-v2-player-wins.txt"


@pytest.mark.parametrize("name", ["altair-3d", "altair-3d/", "/fig5", "altair-3d/nonesuch", "../x/y",
                                  "altair-3d/../altair-3d/fig5-v2-player-wins", ".hidden/x"])
def test_a_name_that_is_no_shipped_session_finds_nothing(name: str) -> None:
    assert resources.find(name) is None


def test_replay_by_name_from_another_folder(tmp_path: Path) -> None:
    result = retro("replay", "altair-3d/fig5-v2-player-wins", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode() == replayed("altair-3d/fig5-v2-player-wins")
    assert "1,15\n" in result.stdout.decode()  # the player's winning move of Fig. 5's second game


def test_a_file_given_on_the_command_line_is_used_as_given(tmp_path: Path) -> None:
    # A local file that shadows a shipped name wins: the argument is a path first.
    local = tmp_path / "altair-3d" / "fig5-v2-player-wins.txt"
    local.parent.mkdir()
    local.write_text("# retro transcript 1\n# program: fortran-rcd\n--- session ---\na session of my own\n")
    result = retro("replay", "altair-3d/fig5-v2-player-wins.txt", cwd=tmp_path)
    assert result.stdout == b"a session of my own\n"


def test_replay_of_an_unknown_name_is_a_usage_error(tmp_path: Path) -> None:
    result = retro("replay", "altair-3d/nonesuch", cwd=tmp_path)
    said = b" ".join(result.stderr.split())  # folded at word boundaries to 80 columns
    assert result.returncode == 2 and b"`retro replay` lists" in said and b"Traceback" not in said


def test_replay_without_a_session_lists_them_by_program_and_group(tmp_path: Path) -> None:
    out = retro("replay", cwd=tmp_path).stdout.decode()
    assert out.index("altair-3d/fig5-v2-player-wins") < out.index("altair-3d/audit-human-first-1")
    assert out.index("Published with the program") < out.index("Lines that beat it") < out.index("Cases:")
    assert out.count("/") >= len(FILES)


def test_check_without_paths_checks_the_shipped_sessions_from_any_folder(tmp_path: Path) -> None:
    result = retro("check", cwd=tmp_path)
    assert result.returncode == 0, result.stdout.decode()[-2000:]
    assert f"{len(FILES)} transcripts checked, all match".encode() in result.stdout


def test_the_pipe_menu_lists_programs_then_a_programs_sessions_and_replays_one_at_a_pace(tmp_path: Path) -> None:
    listing = retro(stdin=b"q\n", cwd=tmp_path).stdout.decode()
    altair = len([f for f in FILES if f.parent.name == "altair-3d"])
    assert "altair-3d" in listing and f"{altair} recorded sessions" in listing
    assert "fig5" not in listing  # the sessions are one step away, not 89 lines
    number = next(line.split()[0] for line in listing.splitlines() if "altair-3d" in line)
    result = retro(stdin=f"{number}s\n2 --baud 19200\n\nq\n".encode(), cwd=tmp_path)
    out = result.stdout.decode()
    assert result.returncode == 0
    sessions = out[out.index("3-D Tic-Tac-Toe -- recorded sessions"):]
    assert sessions.index("Published with the program") < sessions.index("Games") < sessions.index("Cases:")
    assert "  2  fig5-v2-player-wins" in sessions
    assert replayed("altair-3d/fig5-v2-player-wins", game_only=True) in out
    assert ("[end of the recording -- the last game: the player won; then stopped at the end of input (Ctrl-D).  "
            "After the game it keeps 24 more lines") in out  # said as a live game's end is (outcome.py)
    assert "BREAK IN 90" not in out  # the recording's, not the game's: `retro replay` shows it
    assert out.count("recorded sessions\n\n") >= 2  # back at the list after the replay
    assert out.count("Choose a number") == 2  # and Enter goes back to the programs


@pytest.mark.parametrize("line, message", [("99", "No session '99'."), ("1 --baud 0", "--baud"),
                                           ("1 --speed 3", "No such option")])
def test_the_pipe_menus_session_list_refuses_what_it_cannot_do(line: str, message: str, tmp_path: Path) -> None:
    result = retro(stdin=f"{number_of('altair-3d')}s\n{line}\n".encode(), cwd=tmp_path)
    assert result.returncode == 0 and message in result.stdout.decode() and b"Traceback" not in result.stderr


def test_the_pipe_menu_ends_cleanly_at_end_of_input_in_a_session_list(tmp_path: Path) -> None:
    result = retro(stdin=f"{number_of('altair-3d')}s\n".encode(), cwd=tmp_path)
    assert result.returncode == 0 and result.stderr == b""


def test_on_a_terminal_a_programs_sessions_are_one_key_away_and_a_replay_comes_back(tmp_path: Path) -> None:
    term = Terminal([], rows=24, cols=80, cwd=tmp_path, record_modes=tmp_path)
    menu = term.wait_for(TITLE)
    altair = len([f for f in FILES if f.parent.name == "altair-3d"])
    assert f"{altair} recorded sessions" in menu and "Right or s: the program's recorded sessions" in menu
    term.send("\x1b[C")  # Right, on the first program
    page = term.wait_for("3-D Tic-Tac-Toe -- recorded sessions")
    assert "Published with the program" in page and "Fig. 5, second game" in page
    assert "retro replay altair-3d/fig5-v2-computer-wins" in page  # the selected one's name
    term.send("2\r")
    asked = term.wait_for("Pace: <")
    assert "no pace" in asked
    term.send("\x1b[C\x1b[C\x1b[C\x1b[C\r")  # no pace -> 110 -> 300 -> 1200 -> 9600 baud
    term.wait_for_words("[end of the recording -- the last game: the player won; then stopped at the end of input")
    term.wait_for_words("-- press a key to return to the menu")
    assert b"BREAK IN 90" not in term.raw  # the recording's, not the game's: `retro replay` shows it
    term.send(" ")
    term.wait_for("3-D Tic-Tac-Toe -- recorded sessions")
    term.send("\x1b")  # Esc: back to the programs
    term.wait_for("Right or s: the program's recorded sessions")
    term.send("q")
    term.ended_cleanly()


def test_every_program_has_recorded_sessions() -> None:
    programs = {s.program for s in resources.sessions()}
    assert programs == set(catalog.programs())


def test_ctrl_c_in_a_slow_replay_and_in_the_pace_returns_to_the_sessions(tmp_path: Path) -> None:
    term = Terminal([], rows=24, cols=80, cwd=tmp_path, record_modes=tmp_path)
    term.wait_for("Right or s: the program's recorded sessions")
    term.send("s")
    term.wait_for("3-D Tic-Tac-Toe -- recorded sessions")
    term.send("\r")
    term.wait_for("Pace: <")
    term.send("\x03")  # Ctrl-C while asking the pace: back to the list
    term.wait_for("Esc or q: back")
    term.send("\r")
    term.wait_for("Pace: <")
    term.send("\x1b[C\r")  # 110 baud: eleven characters a second
    term.wait_for("YOUR MOVES ARE")
    term.send("\x03")
    term.wait_for("[replay interrupted] -- press a key to return to the menu")
    term.send(" ")
    term.wait_for("3-D Tic-Tac-Toe -- recorded sessions")
    term.send("\x1b")
    term.wait_for("Right or s: the program's recorded sessions")
    term.send("q")
    term.ended_cleanly()


def test_the_shipped_sessions_titles_open_in_words() -> None:
    """A title is what a visitor chooses a session by: it opens in words, not
    with the tool that made it nor with a listing's line ("line 365's FOR A1")."""
    for session in resources.sessions():
        assert not session.title.startswith("retro "), session.name
        assert not re.search(r"\bline \d+'s ", session.title), session.name

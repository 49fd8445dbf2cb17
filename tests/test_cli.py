"""The command line as scripts use it: `python -m retro ...` in a subprocess,
standard input a pipe."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from retro import catalog, transcript
from retro.replay import AFTER_THE_GAME, the_game

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "transcripts" / "fortran-rcd"


def retro(*args: str, stdin: bytes = b"", cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "retro", *args], input=stdin, capture_output=True, cwd=cwd,
                          timeout=60)


def test_help_names_every_subcommand() -> None:
    result = retro("--help")
    assert result.returncode == 0
    for name in ("list", "run", "record", "replay", "check"):
        assert name in result.stdout.decode()


@pytest.mark.parametrize("args", [["list"], ["run"], ["run", "fortran-rcd"], ["record", "fortran-rcd"],
                                  ["replay"], ["cast"], ["check"]])
def test_every_subcommand_has_help(args) -> None:
    result = retro(*args, "--help")
    assert result.returncode == 0 and b"Usage:" in result.stdout


def test_list_shows_the_program_and_its_variants() -> None:
    out = retro("list").stdout.decode()
    assert "fortran-rcd" in out and "--ai ia|mj" in out


def test_run_in_a_pipe_prints_exactly_what_the_build_printed() -> None:
    # The fork, then N where a move is expected; the golden transcript was recorded from the gfortran build.
    golden = transcript.load(GOLDEN / "mj-weakness-then-bad-integer.txt")
    result = retro("run", "fortran-rcd", "--ai", "mj", stdin=b"N\n3,3\n3,1\n1,3\nN\n")
    assert result.stdout.decode() == golden.output()
    assert result.stderr.decode() == golden.errors()
    assert result.returncode == golden.exit_status == 2


def test_an_unknown_program_is_a_usage_error() -> None:
    result = retro("run", "nonesuch")
    assert result.returncode == 2 and b"Traceback" not in result.stderr


def test_record_then_check_round_trip_and_a_changed_character_fails(tmp_path: Path) -> None:
    target = tmp_path / "session.txt"
    made = retro("record", "fortran-rcd", "--ai", "mj", "-o", str(target), "--title", "test",
                 stdin=b"N\n3,3\n3,1\n1,3\n2,3\nN\n")
    assert made.returncode == 0, made.stderr
    assert retro("check", str(target)).returncode == 0
    text = target.read_text(encoding="utf-8")
    target.write_text(text.replace("Gana el humano", "Gana el humanO"), encoding="utf-8")
    failed = retro("check", str(target))
    assert failed.returncode == 1
    assert b"-Gana el humanO" in failed.stdout.replace(b" ", b"") or b"humanO" in failed.stdout
    assert b"retro check: 1 of 1 transcript differs\n" in failed.stdout  # the summary on stdout, as pytest's
    both = retro("check", str(target), str(ROOT / "transcripts" / "fortran-rcd" / "replay-loop.txt"))
    assert b"retro check: 1 of 2 transcripts differs\n" in both.stdout


def test_a_session_recorded_with_its_output_to_a_file_replays_as_it_was_recorded(tmp_path: Path) -> None:
    # gfortran buffers a regular file (its output then comes after the PAUSE's
    # message): the transcript says so, and the replay buffers the same way.
    target = tmp_path / "session.txt"
    with open(tmp_path / "output", "wb") as output:
        made = subprocess.run([sys.executable, "-m", "retro", "record", "fortran-rcd", "-o", str(target)],
                              input=b"N\n3,3\n3,1\n1,3\n2,3\nN\n", stdout=output, stderr=subprocess.PIPE,
                              cwd=ROOT, timeout=60)
    assert made.returncode == 0, made.stderr
    assert transcript.load(target).stdout == "file"
    assert retro("check", str(target)).returncode == 0


def test_check_of_the_golden_transcripts_passes() -> None:
    result = retro("check")
    assert result.returncode == 0, result.stdout.decode()[-2000:]
    assert b"all match" in result.stdout and b"all match" not in result.stderr


def test_check_of_a_malformed_file_names_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("# retro transcript 1\n# program: fortran-rcd\n--- session ---\nhello «unclosed\n")
    result = retro("check", str(bad))
    assert result.returncode == 1
    assert f"{bad}:4:".encode() in result.stderr and b"Traceback" not in result.stderr


def test_replay_shows_the_session_with_its_input() -> None:
    path = GOLDEN / "mj-weakness.txt"
    session = transcript.load(path)
    result = retro("replay", str(path))
    game, after = the_game(session.events)
    expected = ["".join(e.text if e.kind == "out" else (e.text or "^D\n").rstrip("\n") + "\n"
                        for e in part if e.kind in ("out", "in")) for part in (game, after)]
    assert after and result.stdout.decode() == expected[0] + AFTER_THE_GAME + "\n" + expected[1]


def test_the_menu_in_a_pipe_ends_cleanly_at_end_of_input() -> None:
    result = retro(stdin=b"")
    assert result.returncode == 0
    assert b"fortran-rcd" in result.stdout


def test_the_menu_in_a_pipe_runs_a_program_with_variants_and_comes_back() -> None:
    listing = retro(stdin=b"q\n").stdout.decode()
    number = next(line.split()[0] for line in listing.splitlines() if "fortran-rcd" in line)
    result = retro(stdin=f"{number} --ai mj\nN\n3,3\n3,1\n1,3\n2,3\nN\nq\n".encode())
    out = result.stdout.decode()
    assert result.returncode == 0
    assert "Gana el humano" in out and "[fortran-rcd ended with status 0]" in out
    assert out.count("Choose a number") == 2


def test_check_of_a_file_that_is_no_transcript_says_so_not_that_it_differs(tmp_path) -> None:
    """`retro check /etc/passwd` once said "1 of 1 transcript differs"."""
    other = tmp_path / "passwd"
    other.write_text("root:x:0:0:root:/root:/bin/sh\n")
    result = retro("check", str(other))
    assert result.returncode == 1
    assert result.stdout.decode() == "retro check: 1 of 1 file is not a transcript retro can read\n"
    assert "not a retro transcript" in result.stderr.decode()


def test_retro_list_json_gives_each_program_and_its_options_as_retro_run_takes_them() -> None:
    """audit, tournament and train had --json; list had none."""
    result = retro("list", "--json")
    assert result.returncode == 0, result.stderr
    listed = json.loads(result.stdout)
    assert [program["id"] for program in listed] == list(catalog.programs())
    for shown in listed:
        program = catalog.get(shown["id"])
        assert shown["title"] == program.title and shown["description"] == program.description
        assert [option["flag"] for option in shown["options"]] == [opt.opts[0] for opt in program.options]
        words = [word for option in shown["options"] if option["kind"] != "flag" and option["default"] is not None
                 for word in (option["flag"], str(option["default"]))]
        assert program.parse_options(words) == program.defaults()  # each default as `retro run` takes it
        for option, declared in zip(shown["options"], program.options):  # none left out: None only where
            assert str(option["default"]) == str(declared.default), option  # `retro run` declares none


def deepest_parentheses(text: str) -> int:
    """How deep parentheses nest in ``text``.

    >>> deepest_parentheses("a (b) (c (d))")
    2
    """
    depth = deepest = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        deepest = max(deepest, depth)
    return deepest


@pytest.mark.parametrize("args", [["list"]] + [[command, program_id, "--help"]
                                               for command in ("run", "record", "audit")
                                               for program_id in catalog.programs()])
def test_no_parentheses_within_parentheses(args: list[str]) -> None:
    """The learner's help once read "(Pascal, 1980s ("the times of yore", after WarGames, 1983))".
    Each paragraph is read whole: the help is wrapped."""
    shown = retro(*args).stdout.decode()
    paragraphs = [" ".join(part.split()) for part in shown.split("\n\n")]
    assert [part for part in paragraphs if deepest_parentheses(part) > 1] == []

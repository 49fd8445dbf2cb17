"""Messages name what a user can type: an unknown program names the
programs, an option missing its value shows the usage, --baud takes the
rates of a terminal line and refuses others plainly, `retro check` prints its
summary on standard output and documents its exit status."""
import subprocess
import sys
from pathlib import Path

import pytest

from retro import catalog
from retro.replay import RATES

ROOT = Path(__file__).resolve().parent.parent
FIG5 = "altair-3d/fig5-v2-computer-wins"


def retro(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "retro", *args], input=stdin, capture_output=True, cwd=ROOT,
                          timeout=120)


@pytest.mark.parametrize("command", ["run", "audit", "record", "train"])
def test_an_unknown_program_is_named_with_the_programs_there_are(command: str) -> None:
    result = retro(command, "nosuch")
    err = result.stderr.decode()
    assert result.returncode == 2, err
    assert "no program 'nosuch'; the programs are: " in err
    named = err.split("the programs are: ")[1].split()
    if command == "train":
        assert named == ["pascal-learner"]
    else:
        assert [name.rstrip(",") for name in named] == list(catalog.programs())
    assert "No such command" not in err and "Traceback" not in err


@pytest.mark.parametrize("command", ["run", "audit"])
def test_an_unknown_programs_message_is_folded_at_word_boundaries(command: str) -> None:
    """It was one line of 102 characters: folded to 80 columns in a pipe, and
    to the terminal's width on one (60 here), no word cut."""
    import pexpect

    result = retro(command, "nosuch")
    err = result.stderr.decode()
    message = "Error: no program 'nosuch'; the programs are: " + ", ".join(catalog.programs())
    assert all(len(line) <= 80 for line in err.splitlines()), err
    assert message in " ".join(err.split()) and "\n" in err.partition("Error: ")[2].rstrip("\n")
    child = pexpect.spawn(sys.executable, ["-m", "retro", command, "nosuch"], cwd=str(ROOT), dimensions=(20, 60))
    shown = child.read().decode()
    child.close()
    assert child.exitstatus == 2
    assert all(len(line) <= 60 for line in shown.splitlines()), shown
    assert message in " ".join(shown.split())


@pytest.mark.parametrize("args", [["run", "altair-3d", "--version"], ["run", "fortran-rcd", "--ai"],
                                  ["replay", FIG5, "--baud"], ["record", "cpm-c", "-o"]])
def test_an_option_missing_its_value_shows_the_usage(args: list[str]) -> None:
    result = retro(*args)
    err = result.stderr.decode()
    assert result.returncode == 2
    assert "requires an argument" in err and err.startswith("Usage: retro "), err


@pytest.mark.parametrize("rate", ["7", "0", "100", "38400", "fast"])
def test_baud_refuses_a_rate_no_terminal_line_had(rate: str) -> None:
    result = retro("replay", FIG5, "--baud", rate)
    err = result.stderr.decode()
    assert result.returncode == 2 and result.stdout == b""
    assert f"'{rate}' is not the rate of a terminal line; the rates are 50, 75, 110" in " ".join(err.split())
    assert "19200" in err and all(len(line) <= 80 for line in err.splitlines()), err


def test_baud_takes_the_standard_rates_from_50_to_19200() -> None:
    assert RATES[0] == 50 and RATES[-1] == 19200
    assert {110, 300, 1200, 9600} <= set(RATES)
    result = retro("replay", FIG5, "--baud", "19200")
    assert result.returncode == 0 and b"YOUR MOVES ARE UU" in result.stdout


def test_check_prints_its_summary_on_stdout_and_documents_its_status() -> None:
    result = retro("check", str(ROOT / "transcripts" / "fortran-rcd" / "replay-loop.txt"))
    assert result.returncode == 0
    assert result.stdout.decode() == "retro check: 1 transcript checked: it matches\n"
    assert result.stderr == b""
    helped = " ".join(retro("check", "--help").stdout.decode().split())
    assert "Exit status: 0 when every transcript matches, 1 when one differs" in helped

"""The README, as a reader of a fresh clone meets it: read in minutes (at most
250 lines), every command it shows runnable as shown, every page of docs/ it
sends the reader to there; no path outside the repository and no words of the
project's own making, in it or in docs/.  The command line in full, every
subcommand included, is docs/command-line.md."""
import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from retro import catalog
from retro.cli import RetroGroup, cli
from test_user_words import our_words

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = {path.name: path.read_text(encoding="utf-8") for path in sorted((ROOT / "docs").glob("*.md"))}
COMMAND_LINE = DOCS["command-line.md"]
MOST_LINES = 250


def shown_commands(text: str) -> list[tuple[str, list[str]]]:
    """The commands ``text``'s code blocks show, each with the output shown
    after it (a ``$ `` line's), in order."""
    commands: list[tuple[str, list[str]]] = []
    for block in re.findall(r"^```\n(.*?)^```", text, re.M | re.S):
        for line in block.splitlines():
            command = line[2:] if line.startswith("$ ") else line.split("#")[0].strip()
            if line.startswith("$ ") or re.match(r"(retro|make)\b", command):
                commands.append((command, []))
            elif commands and line.startswith(" "):
                commands[-1][1].append(line)
    return commands


def shell(command: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    return subprocess.run(["sh", "-c", command], input=stdin, capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=180)


def test_the_readme_is_read_in_minutes() -> None:
    assert len(README.splitlines()) <= MOST_LINES


def test_the_readme_shows_the_quick_start() -> None:
    shown = [command for command, _ in shown_commands(README)]
    assert shown[:2] == ["make run", "make test"]  # the two commands, first
    assert {"retro", "retro check", "retro replay"} <= set(shown)
    assert "retro serve" in README and "retro site DIR [--kiosk]" in README
    assert (ROOT / ".ci" / "run").read_text().strip().endswith("make test")


def test_every_command_the_readme_shows_runs_as_shown() -> None:
    """Each command of the README's code blocks: a make target make knows; a
    paced replay (minutes at its baud) by its --help and its session listed;
    any other run in a pipe to its end, its shown output what it writes."""
    commands = shown_commands(README)
    assert len(commands) >= 6
    for command, output in commands:
        if command.startswith("make "):
            result = shell(f"make -n {command.split()[1]}")
        elif "--baud" in command:
            result = shell(command + " --help")
            session = command.split()[2]
            assert session in shell("retro replay").stdout, command
        else:
            result = shell(command, stdin="q\n")
            if output:
                assert result.stdout.splitlines() == output, command
        assert result.returncode == 0, f"{command}: {result.stderr}"


def named_commands(text: str) -> list[str]:
    """The commands ``text`` names in its sentences (`retro list`, `retro run ID
    --help`, `make lint`), each once, in order; not a path (`retro/`)."""
    named = re.findall(r"`((?:retro|make)(?: [^`]*)?)`", text)
    return list(dict.fromkeys(named))


# What a named command would start and leave running (a server), write (a
# site), or spend minutes on (an audit, training): run by its --help, which
# click gives only once the words before it are a command it knows.
LONG = ("retro serve", "retro site", "retro audit", "retro train", "retro pbrain", "retro cast")


def test_every_command_the_readmes_sentences_name_runs() -> None:
    """`retro list`, `retro run ID` (its input empty) and `retro run ID --help`
    as named, for every program where it says ID; the others by their --help
    (LONG), make's by make -n."""
    named = named_commands(README)
    assert {"retro list", "retro run ID --help", "retro serve", "retro site DIR [--kiosk]"} <= set(named)
    for command in named:
        for program_id in (catalog.programs() if " ID" in command else [""]):
            words = command.replace(" ID", f" {program_id}").replace("DIR", "site").replace("[--kiosk]", "--kiosk")
            statuses: dict[int, str] = {0: "done"}
            if words.startswith("make "):
                result = shell(f"make -n {words.split()[1]}")
            elif words.startswith(LONG):
                result = shell(f"{words} --help")
            elif program_id and "--help" not in words:  # the original in a pipe, its input empty: its own end
                result = shell(words)
                statuses = dict(catalog.get(program_id).exit_statuses)
            else:
                result = shell(words, stdin="q\n")
            assert result.returncode in statuses and result.stdout, f"{words}: {result.stderr}"
            assert "Traceback" not in result.stderr, words


def test_every_page_the_readme_links_is_in_docs_and_every_page_is_linked() -> None:
    linked = set(re.findall(r"\]\(docs/([\w.-]+\.md)\)", README))
    assert linked == set(DOCS), "every page of docs/ is reached from the README"
    for name, text in DOCS.items():
        assert text.startswith("# "), f"{name}: a page opens with its heading"
        for target in re.findall(r"\]\(([\w.-]+\.(?:md|png|svg))(?:#[\w-]+)?\)", text):
            assert (ROOT / "docs" / target).is_file(), f"{name} links {target}"
    for target in re.findall(r"\]\((docs/[\w.-]+)\)", README):
        assert (ROOT / target).is_file(), target


def test_every_subcommand_is_in_the_command_line_page() -> None:
    assert isinstance(cli, RetroGroup)
    names = cli.list_commands(click.Context(cli))
    assert {"run", "train", "serve", "check", "audit"} <= set(names)
    assert [name for name in names if f"retro {name}" not in COMMAND_LINE] == []


def test_the_readme_sends_no_one_outside_the_repository() -> None:
    for text in [README, *DOCS.values()]:
        assert "../" not in text and "shared/seeds" not in text  # every tracked file: test_repository.py
    assert "ARCHITECTURE.md" in README  # the design is the repository's own
    assert "RETRO_SOURCE_TEXTS" in DOCS["evidence.md"]  # how to include the tests that read the source texts


@pytest.mark.parametrize("name", ["README.md", *DOCS])
def test_the_readme_and_the_docs_speak_the_readers_words(name: str) -> None:
    assert our_words(README if name == "README.md" else DOCS[name]) == []

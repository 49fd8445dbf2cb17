"""The README, as a reader of a fresh clone meets it: every subcommand named,
no path outside the repository, no words of the project's own making."""
from pathlib import Path

import click

from retro.cli import RetroGroup, cli
from test_user_words import our_words

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def test_every_subcommand_is_in_the_readme() -> None:
    assert isinstance(cli, RetroGroup)
    names = cli.list_commands(click.Context(cli))
    assert {"run", "train", "serve", "check", "audit"} <= set(names)
    assert [name for name in names if f"retro {name}" not in README] == []


def test_the_readme_sends_no_one_outside_the_repository() -> None:
    assert "../" not in README and "shared/seeds" not in README  # every tracked file: test_repository.py
    assert "ARCHITECTURE.md" in README  # the design is the repository's own
    assert "RETRO_SOURCE_TEXTS" in README  # how to include the tests that read the source texts


def test_the_readme_speaks_the_readers_words() -> None:
    assert our_words(README) == []

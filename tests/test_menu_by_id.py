"""The tests choose a menu entry by its program's id (retro.menu.entries.number_of),
and the pty helper fails within seconds, naming what opened, when the entry
chosen opens another program than the one waited for."""
import time

import pytest

from pty_terminal import Terminal
from retro import catalog
from retro.menu.entries import entries, number_of


def test_each_programs_number_is_its_menu_entrys() -> None:
    assert {entry.program.id: entry.number for entry in entries()} == {
        program_id: number_of(program_id) for program_id in catalog.programs()}


def test_a_wrong_entry_fails_at_once_naming_what_opened(tmp_path) -> None:
    term = Terminal([], env={"HOME": str(tmp_path)})
    try:
        term.wait_for("retro")
        term.quiet()
        term.send(str(number_of("perl-midterm")))  # not the program waited for below
        term.quiet()
        since = len(term.raw)
        term.send("\r")
        term.quiet()
        term.send("\r")  # the variant form, as it is
        start = time.monotonic()
        with pytest.raises(AssertionError, match="^cpm-c was chosen, perl-midterm opened"):
            term.wait_for_program("cpm-c", since)
        assert time.monotonic() - start < 10
    finally:
        term.child.close(force=True)

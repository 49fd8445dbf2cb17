"""Ctrl-C on a real pty, at each kind of prompt of each port: `retro run` exits
with 130, prints no traceback, and leaves the terminal's modes as they were;
started from the menu, the program comes back to the menu.

Every read of every golden session is interrupted in process by
test_every_read.py; here each distinct prompt (the last line printed before a
read, digits aside) is reached once on a pty, through the golden session that
reaches it soonest.
"""
import re
from pathlib import Path

import pytest

from retro import catalog, transcript

from pty_terminal import FIRST_PROMPTS, ROOT, Terminal
from retro.menu.entries import TITLE, number_of


def prompt_kind(printed: str) -> str:
    last = printed.rstrip("\n").split("\n")[-1].strip() if printed.strip() else ""
    return re.sub(r"\d+", "#", last)


def first_reads_of_each_prompt() -> dict[tuple[str, str], tuple[list[str], list[str], Path, str]]:
    """(program, prompt) -> (options, the lines typed before that prompt, the
    transcript's folder, which its options name files from, the session's
    first prompt), the shortest way there."""
    found: dict[tuple[str, str], tuple[list[str], list[str], Path, str]] = {}
    for path in transcript.find_transcripts([ROOT / "transcripts"]):
        session = transcript.load(path)
        if session.stdin != "pipe":
            continue
        printed, typed, first = "", [], ""
        for event in session.events:
            if event.kind == "out":
                printed += event.text or ""
            elif event.kind == "in":
                if event.text is None or not event.text.endswith("\n"):
                    break  # the end of input, or a last line Enter never ended
                key = (session.program, prompt_kind(printed))
                first = first or printed.rstrip("\n").split("\n")[-1].strip()
                if key not in found or len(found[key][1]) > len(typed):
                    found[key] = (session.options, list(typed), path.parent, first)
                typed.append(event.text.rstrip("\n"))
                printed = ""
    return found


PROMPTS = first_reads_of_each_prompt()


def test_every_port_has_its_prompts_here() -> None:
    assert {program for program, _ in PROMPTS} == set(catalog.programs())
    assert ("fortran-rcd", "Deseas empezar otra partida?") in PROMPTS
    assert ("altair-3d", "??") in PROMPTS and ("cpm-c", "Play again (Y/N)?") in PROMPTS


@pytest.mark.parametrize("program_id,prompt", sorted(PROMPTS), ids=[f"{p}:{k or 'blank'}" for p, k in sorted(PROMPTS)])
def test_ctrl_c_at_a_prompt(program_id: str, prompt: str, tmp_path: Path) -> None:
    options, typed, folder, first = PROMPTS[program_id, prompt]
    # The learner's sessions read their data file beside them and never write it.
    assert program_id != "pascal-learner" or {"--fresh", "--no-save"} & set(options)
    term = Terminal(["run", program_id, *options], record_modes=tmp_path, cwd=folder)
    term.wait_for(first)
    term.quiet()
    for line in typed:
        term.send(line + "\r")
        term.quiet()
    term.send("\x03")
    term.ended_cleanly(status="130")


@pytest.mark.parametrize("program_id", list(catalog.programs()))
def test_ctrl_c_in_a_program_started_from_the_menu_returns_to_the_menu(program_id: str, tmp_path: Path) -> None:
    term = Terminal([], record_modes=tmp_path, cwd=tmp_path)
    menu = term.wait_for(TITLE)
    number = list(catalog.programs()).index(program_id) + 1
    assert f"{number}  {catalog.get(program_id).title}" in menu
    term.send(str(number) + "\r")
    if catalog.get(program_id).options:
        term.wait_for("variants")
        term.send("\x1b[A\r")  # up from the first option is Start: the defaults
    term.wait_for(FIRST_PROMPTS[program_id])
    term.quiet()
    term.send("\x03")
    term.wait_for_words("stopped with Ctrl-C] -- press a key to return to the menu")
    term.send(" ")
    term.wait_for(TITLE)
    term.send("q")
    term.ended_cleanly()


def test_after_a_programs_ctrl_c_the_notice_and_the_menu_take_ctrl_c_again(tmp_path: Path) -> None:
    """A Ctrl-C holds the next ones while retro stops (retro/signals.py); the
    menu goes on, so its notice and its list take a Ctrl-C again."""
    term = Terminal([], record_modes=tmp_path, cwd=tmp_path)
    term.wait_for(TITLE)
    number = list(catalog.programs()).index("cpm-c") + 1
    term.send(f"{number}\r")
    term.wait_for("variants")
    term.send("\x1b[A\r")  # up from the first option is Start: the defaults
    term.wait_for(FIRST_PROMPTS["cpm-c"])
    term.send("\x03")
    term.wait_for_words("stopped with Ctrl-C] -- press a key to return to the menu")
    term.send("\x03")  # the notice's key
    term.wait_for("Up/Down or digits: choose")
    term.send("\x03")
    term.ended_cleanly(status="130")


def test_ctrl_c_in_the_variant_form_returns_to_the_menu_and_in_the_menu_quits_with_130(tmp_path: Path) -> None:
    """Ctrl-C ends retro with 130 everywhere (retro/exits.py), the menu too;
    it once quit the menu with 0, as q does."""
    term = Terminal([], record_modes=tmp_path, cwd=tmp_path)
    term.wait_for(TITLE)
    term.send(f"{number_of('altair-3d')}\r")
    term.wait_for("variants")
    term.send("\x03")
    term.wait_for("Up/Down or digits: choose")
    term.send("\x03")
    term.ended_cleanly(status="130")


def test_ctrl_d_in_the_menu_quits_as_q_does(tmp_path: Path) -> None:
    term = Terminal([], record_modes=tmp_path, cwd=tmp_path)
    term.wait_for(TITLE)
    term.send("s")
    term.wait_for("recorded sessions")
    term.send("\x04")  # the sessions list: back
    term.wait_for("Up/Down or digits: choose")
    term.send("\x04")
    term.ended_cleanly(status="0")

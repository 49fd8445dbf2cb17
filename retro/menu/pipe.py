"""The menu in a pipe: a numbered list of the programs read from standard input
(``3``, ``3 --ai mj``, ``3s`` for program 3's sessions), ending cleanly at its end."""
from __future__ import annotations

from typing import Optional

import click

from ..screen.wrap import with_note
from ..console import LineConsole
from ..replay import parse_pace
from ..runner import run_session
from .entries import TITLE, Entry, entries, replay_order, replay_session, session_rows

PIPE_WIDTH = 80  # the numbered menu's lines, as a teletype of the period printed them


def pipe_menu(console: LineConsole) -> int:
    items = entries()
    while True:
        console.write(f"{TITLE}\n\n")
        for listed in items:
            row = f"{listed.number:>3}  {listed.program.id:<16} {listed.program.title}"
            console.write(with_note(row, listed.sessions_note, PIPE_WIDTH) + "\n")
        if any(item.sessions for item in items):
            console.write(f"\nRecorded sessions: a number and s ({items[0].number}s) lists that program's.\n")
        console.write("\nChoose a number, optionally with variant options (q to quit): ")
        line = console.read_line()
        if line is None:
            console.write("\n")
            return 0
        words = line.split()
        if not words:
            continue
        if words[0].lower() in ("q", "quit"):
            return 0
        wants_sessions = words[0].lower().endswith("s") and len(words) == 1
        number = words[0][:-1] if wants_sessions else words[0]
        item: Optional[Entry] = next((i for i in items if number == str(i.number)), None)
        if item is None:
            console.write(f"No entry {words[0]!r}.\n\n")
            continue
        if wants_sessions:
            if pipe_sessions(console, item) is None:
                console.write("\n")
                return 0
            continue
        program = item.program
        try:
            options = program.parse_options(words[1:])
        except click.ClickException as err:
            variants = "".join(f"  {line}\n" for line in program.option_lines()) or "  (none)\n"
            console.write(f"{err.format_message()}\nThe variants of {program.id}:\n{variants}\n")
            continue
        status = run_session(program, console, options)
        console.write(f"\n[{program.id} ended with status {status}]\n\n")


def pipe_sessions(console: LineConsole, item: Entry) -> Optional[bool]:
    """A program's recorded sessions as a numbered list; True when the user goes
    back to the programs, None at the end of input."""
    order = replay_order(item)
    while True:
        console.write(f"\n{item.program.title} -- recorded sessions\n")
        for index, text in session_rows(item):
            console.write(f"{text}\n" if index is not None else f"\n{text}\n")
        if not order:
            console.write("(none)\n")
        console.write("\nChoose a session, optionally with a pace (1 --baud 300) (Enter or q: back): ")
        line = console.read_line()
        if line is None:
            return None
        words = line.split()
        if not words or words[0].lower() in ("q", "quit"):
            return True
        if not words[0].isdigit() or not 1 <= int(words[0]) <= len(order):
            console.write(f"No session {words[0]!r}.\n")
            continue
        try:
            baud = parse_pace(words[1:])
        except click.ClickException as err:
            console.write(f"{err.format_message()}\n")
            continue
        note = replay_session(order[int(words[0]) - 1], baud)
        if note is not None:
            console.write(f"\n{note}\n")

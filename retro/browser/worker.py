"""What the page's Web Worker (static/worker.js) calls: a session started from
the page's words, every shipped transcript checked; each answer a JSON text,
the same messages ``retro serve`` sends."""
from __future__ import annotations

import json
from typing import Any

import click

from .. import catalog
from ..web.variant_words import option_words
from .page import WorkerPage
from .session import report, run


def start(page: Any, program_id: str, query: str, folder: str, keep: bool, token: str = "") -> str:
    """A session of ``program_id`` with the variants of ``query`` (``version=2&ai=mj``),
    run to its end on the worker's ``page`` (``token``: the reader's, which the page was
    given): its last message."""
    from urllib.parse import parse_qsl

    try:
        try:
            program = catalog.get(program_id)
            words = option_words(program, dict(parse_qsl(query, keep_blank_values=True)))
        except click.ClickException as error:
            return json.dumps({"type": "refused", "text": error.format_message()})
        return json.dumps(run(WorkerPage(page), program_id, words, folder, keep, token or None))
    except Exception as error:  # noqa: BLE001  # the last line of defence: a bug of ours, said in words
        report(error)
        return json.dumps({"type": "exit", "status": 70, "reason": "",
                           "meaning": "an internal error of retro (the browser's console has the report)",
                           "words": "Something went wrong in retro: the browser's console has the report."})


# What a session imports when it needs it (retro.browser.session), besides the programs' code.
SESSION_MODULES = ("retro.console.screen", "retro.check", "retro.web.pty_cast", "retro.web.reader_words",
                   "encodings.ascii")


def preload() -> None:
    """Every program's code imported now, with what a session draws with: a worker
    that has not been given a session yet does this before the memory snapshot
    (static/worker.js) that a later visit starts from, so that no session of it
    imports a port."""
    import importlib

    for module in SESSION_MODULES:
        importlib.import_module(module)
    for program in catalog.programs().values():
        for entry in (program.main, program.for_browser):
            if isinstance(entry, catalog.Lazy):
                entry.load()


def check_all() -> str:
    """Every shipped transcript replayed here: how many match, and each that does not with its diff."""
    from .checking import check_shipped

    return json.dumps(check_shipped())

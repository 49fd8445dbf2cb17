"""An address without variants (#/play/ID) starts what the program's card,
`retro run ID` and the catalog default to: the Altair's version 3, not the
first value of its form (version 1, the 4x4 game on one board).  Each
program's bare address is opened in Chromium; the session it starts is
asked for no variant, its options are `retro run ID`'s, its title names
none, and its screen shows the header `retro run ID` starts with."""
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from retro import catalog
from test_web_browser import RECORD_MESSAGES, screen, server, wait_screen  # noqa: F401  # the fixture server, by name
from web_helpers import CHROMIUM

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium: see tests/web/test_web_browser.py")


def options_asked(program: catalog.Program, url: str) -> object:
    """The options a session's WebSocket address asks the server for, as `retro run` would take them."""
    words: list[str] = []
    flags = {opt.name: opt for opt in program.options}
    for name, value in parse_qsl(urlsplit(url).query):
        opt = flags[name]
        words += [opt.opts[0]] if opt.is_flag else [opt.opts[0], value]
    return program.parse_options(words)


def header_of_retro_run(program_id: str, home: Path) -> str:
    """The first line of words `retro run ID` writes in a pipe, its input empty
    (the learner's "TIC-TAC-TOE  (3 x 3, 3 in a row)", the Fortran's banner)."""
    written = subprocess.run([sys.executable, "-m", "retro", "run", program_id], input=b"", capture_output=True,
                             env={"PATH": "/usr/bin:/bin", "HOME": str(home), "XDG_DATA_HOME": str(home / "data")},
                             timeout=60).stdout.decode()
    return next(line.strip() for line in written.splitlines() if re.search(r"[A-Za-z]", line))


@pytest.mark.parametrize("program_id", list(catalog.programs()))
def test_a_bare_address_starts_the_programs_defaults(browser, server, program_id: str, tmp_path: Path) -> None:  # noqa: F811  # the fixture server, by name
    program = catalog.get(program_id)
    header = header_of_retro_run(program_id, tmp_path)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(RECORD_MESSAGES)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    try:
        page.goto(f"{server}#/play/{program_id}")
        page.wait_for_function("() => !document.getElementById('session').hidden")
        page.wait_for_function("() => window.retroSocket !== undefined")
        [url] = [url for url in sockets if f"/ws/run/{program_id}" in url]
        assert options_asked(program, url) == program.defaults(), url  # what `retro run ID` runs
        assert page.inner_text("#session-title") == program.title  # no variant named, as the card's Start
        try:
            wait_screen(page, "s.includes(arg)", header)  # the program's header, as `retro run ID`'s
        except PlaywrightTimeout:
            pytest.fail(f"`retro run {program_id}` starts with {header!r}; the page shows:\n{screen(page)}")
        card = page.locator(f"li[data-program='{program_id}'] form")
        for variant in card.locator("select[data-name]").all():  # and the card shows the defaults still
            name = variant.get_attribute("data-name")
            assert variant.input_value() == str(getattr(program.defaults(), name)), name
        assert errors == []
    finally:
        context.close()

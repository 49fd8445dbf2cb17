"""No raw C1 control reaches the page from a visitor: what a visitor types is echoed
(by the pty's line discipline for a teletype, by retro's own echo for a drawn screen)
and the page is sent each C1 control as text, ``<U+009B>``, as ESC is shown as ``^[``
(the first version sent them raw: xterm.js obeyed a typed CSI and OSC)."""
import asyncio

import pytest

from retro import catalog
from retro.web.c1_shown import C1Shown

from test_web_sessions import Visitor, visit
from web_helpers import with_client

TYPED = "Q\u009b2J\u009d8;;x\u009c"  # a CSI that would clear the screen, an OSC hyperlink, its ST


DROPS_C1 = {"pascal-learner"}  # its screen's line editor takes no C1 control: nothing of it is echoed


@pytest.mark.parametrize("program_id", list(catalog.programs()))
def test_a_c1_control_typed_reaches_the_page_as_text(program_id: str) -> None:
    async def play(visitor: Visitor):
        await visitor.until(lambda v: len(v.output) > 0)
        await asyncio.sleep(1.5)  # the program has drawn its screen or asked its first question
        before = len(visitor.output)
        await visitor.type(TYPED)
        await visitor.until(lambda v: b"2J" in v.output[before:], timeout=30)  # echoed
        await asyncio.sleep(0.5)
        await visitor.ws.close()
        return visitor.output[before:]

    echoed = with_client(lambda client: visit(client, program_id, play))
    assert not any(chr(code).encode() in echoed for code in range(0x80, 0xA0)), echoed
    if program_id not in DROPS_C1:
        assert b"Q<U+009B>2J<U+009D>8;;x<U+009C>" in echoed, echoed


def test_a_c1_control_split_between_two_reads_is_shown_whole() -> None:
    shown = C1Shown()
    typed = "é\u009b31m".encode()
    assert shown.feed(typed[:3]) + shown.feed(typed[3:]) == "é<U+009B>31m".encode()
    assert shown.feed("\u00a0".encode()) == "\u00a0".encode()  # C2 A0 is no control

"""The C1 controls (U+0080-U+009F) a session's pty writes, shown to the page as text: a
terminal obeys them (U+009B is a CSI, U+009D an OSC), so a visitor who types one would have
it echoed raw and obeyed, by the pty's line discipline (a teletype's) or by retro's own echo
(a drawn screen's).  Each is shown as ``retro.visible`` shows it (``<U+009B>``), as the
line discipline shows ESC as ``^[``.  In UTF-8 such a character is the bytes C2 80-C2 9F, and
C2 is never a continuation byte: the bytes are replaced as they come, a C2 at a read's end
held for the next."""
from __future__ import annotations

import re

from ..visible import visible

C1 = re.compile(rb"\xc2[\x80-\x9f]")
LEAD = b"\xc2"


def _shown(found: re.Match[bytes]) -> bytes:
    return visible(found.group().decode("utf-8")).encode("ascii")


class C1Shown:
    """A pty's output, read by read, with its C1 controls shown as text."""

    def __init__(self) -> None:
        self._held = b""

    def feed(self, data: bytes) -> bytes:
        data, self._held = self._held + data, b""
        if data.endswith(LEAD):
            data, self._held = data[:-1], LEAD
        return C1.sub(_shown, data)

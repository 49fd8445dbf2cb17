"""What a session's program writes, as a pseudo-terminal's driver passes it to
the page (OPOST, ONLCR: each LF as CR LF), standard output and standard error
alike on the one terminal; its C1 controls shown as text, as retro serve shows
what a pty writes (retro.web.c1_shown: a visitor's, echoed, never obeyed)."""
from __future__ import annotations

from typing import Callable, Optional

from ..console.interface import encode
from ..web.c1_shown import C1Shown
from .page import Page


class PageOutput:
    """A binary stream to the page's terminal (a LineConsole's stdout and stderr)."""

    def __init__(self, page: Page, tap: Optional[Callable[[bytes], None]] = None):
        self._page = page
        self._tap = tap  # what the page was sent, for the visitor's cast (retro.web.pty_cast)
        self._c1 = C1Shown()

    def write(self, data: bytes) -> int:
        self._send(bytes(data).replace(b"\n", b"\r\n"))
        return len(data)

    def echoed(self, text: str) -> None:
        """What the line discipline echoes, as it is (its echo of Enter is already CR LF)."""
        self._send(encode(text))

    def _send(self, sent: bytes) -> None:
        sent = self._c1.feed(sent)
        if sent:
            self._page.write(sent)
            if self._tap is not None:
                self._tap(sent)

    def flush(self) -> None:
        pass

    def text(self, text: str) -> None:
        """``text`` written, as a terminal's UTF-8 (a lone surrogate as the byte it stands for)."""
        self.write(encode(text))


class PageText:
    """The same, as the text stream blessed's Terminal writes to (the screen console's)."""

    def __init__(self, output: PageOutput):
        self._output = output

    def write(self, text: str) -> int:
        self._output.text(text)
        return len(text)

    def flush(self) -> None:
        pass

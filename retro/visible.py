"""Text from an untrusted file, made safe to show on a terminal.

A transcript may hold any characters, and a terminal obeys control
characters: ESC starts sequences that move the cursor, set the window title
or write to the clipboard (OSC 52), CR returns over a line to hide it.  So
what we show of a file we did not write -- a replayed session, a diff, a
title, an error message quoting it -- shows every control character as text,
in the caret notation of ``cat -v`` (``^[`` for ESC, ``^M`` for CR, ``^?`` for
DEL).  Line feed and tab stay as they are.  The C1 controls (U+0080-U+009F,
which some terminals obey as well: U+009B is a CSI), the bidirectional
overrides and other format characters are shown as ``<U+009B>``; bytes that
were not UTF-8 as ``<FF>``.

>>> visible("\\x1b]0;owned\\x07title")
'^[]0;owned^Gtitle'
>>> visible("a\\rb\\tc\\n")
'a^Mb\\tc\\n'
>>> visible("\\u202eevil")
'<U+202E>evil'
"""
from __future__ import annotations

import unicodedata

KEPT = "\n\t"


def _shown(ch: str) -> str:
    code = ord(ch)
    if code < 0x20:
        return "^" + chr(code + 0x40)
    if code == 0x7F:
        return "^?"
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
        return f"<{code - 0xDC00:02X}>"
    return f"<U+{code:04X}>"


def _is_control(ch: str) -> bool:
    if ch in KEPT:
        return False
    code = ord(ch)
    if code < 0x20 or 0x7F <= code <= 0x9F:
        return True
    if code < 0xA0:
        return False
    return unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp")


def visible(text: str) -> str:
    """``text`` with every control character shown as text (see the module)."""
    if all(ch.isprintable() or ch in KEPT for ch in text):  # the usual case
        return text
    return "".join(_shown(ch) if _is_control(ch) else ch for ch in text)

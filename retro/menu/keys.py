"""The menu's keys: read fullscreen by the one key loop (retro.console.keys),
each handed to the handler a screen's table names, and the actions the
handlers answer with."""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Generator, Optional

from .. import signals
from ..console.keys import KeyLoop, key_name
from ..terminal import cbreak, input_terminal
from ..vocabulary import Words

if TYPE_CHECKING:
    from blessed import Terminal
    from blessed.keyboard import Keystroke

# Keys are the console's normalised names (retro.console.key_name: "up",
# "enter", "escape", "backspace", a printable character...; END for Ctrl-D).
# Each screen maps them to the name of its handler in a table (KEYS), as
# pyte's streams map control codes to the listener's methods; a key the table
# does not name goes to the screen's one fallback, ``other``.  A handler
# returns what the screen's caller is told: an Action, or None (keep reading keys).

END = "end of input"  # Ctrl-D (read_key's None)

KeyTable = dict[str, str]  # a key's name: the name of its handler


class Action(Words):
    """What a handler tells the screen's caller."""

    START = "start"  # go ahead with what is chosen: a program, a session to replay, the variants
    OPEN = "open"  # a program's recorded sessions
    LEAVE = "leave"  # q, Esc, Ctrl-D: back, or quit


def dispatch(screen: object, table: KeyTable, key: str) -> Optional[Action]:
    """Call the handler ``table`` names for ``key`` (else ``screen.other``)."""
    handler: Callable[[str], Optional[Action]] = getattr(screen, table.get(key, "other"))
    return handler(key)


def read_keys(term: Terminal, draw: Callable[[], None], redraw: Callable[[], None]) -> Generator[str, None, None]:
    """The keys pressed, by their console names, fullscreen in cbreak mode
    (the key loop of retro.console.keys): the screen is drawn whole first
    (``redraw``), and when the terminal's size changes, when retro is
    continued after a stop and at Ctrl-L; after every key, what changed
    (``draw``).  The keys end at Ctrl-C; a terminal that hangs up is END.
    Use it in ``closing()``: the screen is restored as soon as the caller
    stops reading keys."""
    with signals.screen(term, redraw=redraw), cbreak():  # given back on Ctrl-Z and signals
        keys = KeyLoop(term, input_terminal(), redraw)
        while True:
            try:
                key = keys.key()
            except KeyboardInterrupt:
                return
            name = None if key is None else "escape" if escape_then_key(term, key) else key_name(key)
            yield END if name is None else name
            draw()


def escape_then_key(term: Terminal, key: Keystroke) -> bool:
    """Whether ``key`` is Esc and the key typed after it, which blessed reads
    as one Alt key when the second comes within its escape delay (0.35 s):
    Esc then Down is KEY_ALT_ESCAPE ("\\x1b\\x1b"), then "[" and "B", and both
    keys were lost.  The menu has no Alt keys: this is Esc, and what followed
    it is put back to be read again (after whatever blessed holds already).

    The delay itself is kept: a shorter one would narrow the gap, not close
    it, and would split a cursor key whose bytes come apart (a slow link)
    into Esc and letters."""
    if not (key.is_sequence and len(key) == 2 and key[0] == "\x1b"
            and (key.name or "").startswith(("KEY_ALT_", "KEY_CTRL_ALT_"))):
        return False
    rest = key[1:]
    while True:
        held = term.inkey(timeout=0)
        if not held:
            break
        rest += held
    term.ungetch(rest)
    return True

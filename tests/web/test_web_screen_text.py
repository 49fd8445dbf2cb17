"""A drawn screen's rows told as text for the page's reader (retro.web.screen_text):
the screen console tells them when it awaits a line or a key, and only when they
changed since they were last told."""
import os

from console_on_pty import console_on_pty
from retro.web.screen_text import OSC, sequence


def test_the_rows_are_told_when_a_line_is_awaited_and_only_if_they_changed() -> None:
    with console_on_pty() as on:
        console, shown = on.console, on.shown
        console.rows_told = sequence
        console.clear()
        console.place(0, 0, " 1 X . .")
        console.place(2, 0, "Your move? ")
        os.write(on.master, b"1,2\n1,3\n")
        assert console.read_line() == "1,2\n"
        told = f"\x1b]{OSC};"
        assert shown.getvalue().count(told) == 1
        assert f'{told}{{"rows": [" 1 X . .", "", "Your move?"], "cursor": 2}}\x07' in shown.getvalue()
        console.place(2, 0, "Your move? ")  # drawn again as it was: not told again
        console.read_line()
        assert shown.getvalue().count(told) == 1

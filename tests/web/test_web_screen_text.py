"""A drawn screen's rows told as text for the page's reader (retro.web.screen_text):
the screen console tells them when it awaits a line or a key, and only when they
changed since they were last told."""
import os

from console_on_pty import console_on_pty
from hypothesis import given, settings
from hypothesis import strategies as st

from retro.web.reader_words import PageReader
from retro.web.screen_text import OSC, WithoutRows, sequence


def test_the_rows_are_told_when_a_line_is_awaited_and_only_if_they_changed() -> None:
    with console_on_pty() as on:
        console, shown = on.console, on.shown
        console.narrator = PageReader("k3y", console.tell)
        console.clear()
        console.place(0, 0, " 1 X . .")
        console.place(2, 0, "Your move? ")
        os.write(on.master, b"1,2\n1,3\n")
        assert console.read_line() == "1,2\n"
        told = f"\x1b]{OSC};k3y;"
        assert shown.getvalue().count(told) == 1
        assert f'{told}{{"rows": [" 1 X . .", "", "Your move?"], "cursor": 2}}\x07' in shown.getvalue()
        console.place(2, 0, "Your move? ")  # drawn again as it was: not told again
        console.read_line()
        assert shown.getvalue().count(told) == 1


ROWS = [sequence([" 1 X . .", "Your move? "], 1, "k3y"), sequence(["O"], 0, "k3y")]
SHOWN = ("\x1b[2J\x1b[H 1 X . ." + ROWS[0] + "\x1b[3;1HYour move? \x1b]0;a title\x07" + ROWS[1]
         + "\x1b]7\x1b]70\x1b]7077x: other sequences, and starts of none, stay")


@given(st.lists(st.integers(0, len(SHOWN)), max_size=6))
@settings(max_examples=300, deadline=None)
def test_the_rows_are_left_out_of_a_recording_wherever_the_pieces_break(cuts: list[int]) -> None:
    """A visitor's cast (retro.web.pty_cast) keeps what the screen showed: the
    rows sequences go, however the pty's reads cut them; every other byte stays."""
    bounds = [0, *sorted(cuts), len(SHOWN)]
    without = WithoutRows()
    kept = "".join(without.feed(SHOWN[start:end]) for start, end in zip(bounds, bounds[1:]))
    assert kept == SHOWN.replace(ROWS[0], "").replace(ROWS[1], "")

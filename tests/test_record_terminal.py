"""`retro record` shows a session on a terminal as `retro run` shows it as a
teletype: the learner's own prose (``wraps_words``) wrapped at word
boundaries to the terminal's width, while the transcript keeps exactly the
program's bytes.  A new user saw record's 86-character line cut mid-word by
a 60-column terminal where run's was wrapped.  On a real pty, rendered by pyte."""
from pathlib import Path

from pty_terminal import Terminal

LONG = "You are X, I am O.  Moves are row,col: the row from the top, the column from the left."


def shown(args: list[str], folder: Path) -> list[str]:
    """The screen's rows (60x20) after the learner's first question, Y, and Ctrl-D.
    TERM=dumb: `retro run` runs the learner as on a teletype, as record does."""
    term = Terminal(args, rows=20, cols=60, env={"TERM": "dumb"}, cwd=folder)
    term.wait_for("move first?")
    term.send("y\r")
    term.wait_for("Your move")
    term.send("\x04")
    term.finish()
    assert b"Traceback" not in term.raw
    return [row.rstrip() for row in term.text().splitlines() if row.strip()]


def test_record_wraps_as_run_does_and_saves_the_programs_own_lines(tmp_path: Path) -> None:
    run = shown(["run", "pascal-learner", "--fresh"], tmp_path)
    recorded = shown(["record", "pascal-learner", "--fresh", "-o", "s.txt"], tmp_path)
    assert len(LONG) > 60
    assert "You are X, I am O.  Moves are row,col: the row from the top," in run  # wrapped at a word
    assert recorded[-1] == "retro: saved 5 events to s.txt"
    assert recorded[:-1] == run
    transcript = (tmp_path / "s.txt").read_text()
    assert f"\n{LONG}\n" in transcript  # the program's line, as it wrote it
    assert all(len(line) <= 60 for line in run)

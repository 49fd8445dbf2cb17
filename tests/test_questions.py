"""Questions read an answer, not a stray key: on a real terminal (a pty,
rendered by pyte) the learner's "(Y/N)" takes the answer and the Enter after
it, as the Pascal program's readln read a line, and nothing typed places a
mark the player did not choose."""
from pathlib import Path

from pty_terminal import Terminal


def board(screen: str) -> list[str]:
    """The 3x3 board's rows as marks (screen rows 2-4, columns 3, 5, 7)."""
    rows = screen.split("\n")[2:5]
    return ["".join(row[c] for c in (3, 5, 7)) for row in rows]


def asked(tmp_path: Path) -> Terminal:
    """A fresh learner on the screen, asking who moves first."""
    term = Terminal(["run", "pascal-learner", "--fresh", "--seed", "1", "--no-save"], cwd=tmp_path,
                    record_modes=tmp_path)
    term.wait_for("Do you want to move first? (Y/N)")
    return term


def quit_cleanly(term: Terminal) -> None:
    at_a_move = "Your move" in term.text()
    term.send("\x1b")  # Esc at a move asks first; at a Y/N question it ends at once
    if at_a_move:
        term.wait_for("End this game? (Y/N)")
        term.send("y\r")
    term.ended_cleanly()


def test_esc_or_q_at_a_move_asks_and_only_y_ends_the_game(tmp_path: Path) -> None:
    """A stray Esc (the phone's key bar has a large one) or q loses no game:
    each asks, and Esc or N at the question goes back to the move."""
    term = asked(tmp_path)
    term.send("y\r")
    term.wait_for("(q ends the game)")
    for key, answer in (("\x1b", "\x1b"), ("q", "n\r")):
        term.send(key)
        term.wait_for("End this game? (Y/N)")
        term.send(answer)
        term.wait_until(lambda: "End this game?" not in term.text() and "(q ends the game)" in term.text(),
                        "the move asked again")
    term.send("2,2\r")
    term.wait_for("I play")
    term.send("q")
    term.wait_for("End this game? (Y/N)")
    term.send("y\r")
    term.ended_cleanly()
    assert "Goodbye." in term.text()


def test_y_then_enter_then_a_move_places_only_the_chosen_mark(tmp_path: Path) -> None:
    term = asked(tmp_path)
    term.send("Y")
    term.quiet()
    assert "Your move" not in term.text()  # Y alone is not yet an answer
    term.send("\r")
    screen = term.wait_for("Your move")
    assert board(screen) == ["...", "...", "..."], screen  # the Enter after Y placed nothing
    term.send("2,2\r")
    screen = term.wait_for("I play")
    assert "That square is taken" not in screen
    marks = board(screen)
    assert marks[1][1] == "X" and "".join(marks).count("X") == 1, screen
    assert "".join(marks).count("O") == 1
    quit_cleanly(term)


def test_a_wrong_answer_is_asked_again_and_a_blank_places_nothing(tmp_path: Path) -> None:
    term = asked(tmp_path)
    term.send("maybe\r")
    term.wait_for("Please answer Y or N.")
    term.send("y\r")
    screen = term.wait_for("Your move")
    assert board(screen) == ["...", "...", "..."], screen
    term.send(" ")  # a blank before a move is not a move
    term.quiet()
    assert board(term.text()) == ["...", "...", "..."], term.text()
    term.send("1,1\r")
    screen = term.wait_for("I play")
    assert board(screen)[0][0] == "X" and "".join(board(screen)).count("X") == 1, screen
    quit_cleanly(term)


def cursor(screen: str) -> tuple[int, int]:
    """The board's square under the cursor's [ ] (row, col, from 1)."""
    for r, row in enumerate(screen.split("\n")[2:5], start=1):
        for c, col in enumerate((3, 5, 7), start=1):
            if row[col - 1] == "[" and row[col + 1] == "]":
                return r, c
    raise AssertionError(f"no cursor on the board:\n{screen}")


def won_game(tmp_path: Path) -> Terminal:
    """A first game won (with --random-state 2 the fresh learner answers 1,1
    and 1,2: X takes the bottom row), the last move typed at 3,3."""
    term = Terminal(["run", "pascal-learner", "--fresh", "--random-state", "2", "--no-save"], cwd=tmp_path,
                    record_modes=tmp_path)
    term.wait_for("Do you want to move first? (Y/N)")
    term.send("y\r")
    for move in ("3,2", "3,1", "3,3"):
        term.wait_for("Your move")
        term.quiet()
        term.send(move + "\r")
    term.wait_for("Another game? (Y/N)")
    term.quiet()
    return term


def test_a_new_game_starts_on_the_centre_and_an_enter_typed_after_y_places_nothing(tmp_path: Path) -> None:
    """The second game's cursor was on the first game's last move (3,3), and
    an Enter typed twice after the Y/N answer placed a mark there."""
    term = won_game(tmp_path)
    term.send("y\r")
    term.wait_for("Do you want to move first? (Y/N)")
    term.quiet()
    term.send("y\r\r")  # the answer's Enter, and one more
    term.wait_for("Your move")
    term.quiet()
    screen = term.text()
    assert board(screen) == ["...", "...", "..."], screen
    assert cursor(screen) == (2, 2), screen
    term.send("\r")  # an Enter typed now, at the board, plays the centre
    screen = term.wait_for("I play")
    assert board(screen)[1][1] == "X" and "".join(board(screen)).count("X") == 1, screen
    quit_cleanly(term)


def test_an_enter_typed_after_n_places_nothing_when_the_learner_begins(tmp_path: Path) -> None:
    term = won_game(tmp_path)
    term.send("y\r")
    term.wait_for("Do you want to move first? (Y/N)")
    term.quiet()
    term.send("n\r\r")
    term.wait_for("Your move")
    term.quiet()
    screen = term.text()
    assert "".join(board(screen)).count("X") == 0 and "".join(board(screen)).count("O") == 1, screen
    assert cursor(screen) == (2, 2) or board(screen)[1][1] == "O", screen
    quit_cleanly(term)


def test_another_game_clears_the_last_ones_messages_and_says_what_is_known_now(tmp_path: Path) -> None:
    """The last game's messages stayed on the screen into the next, and with
    them "There is no Tic-Tac-Toe-Data-3 yet", after the file was made."""
    term = Terminal(["run", "pascal-learner", "--random-state", "2"], cwd=tmp_path, record_modes=tmp_path)
    screen = term.wait_for("Do you want to move first? (Y/N)")
    assert "There is no Tic-Tac-Toe-Data-3 yet" in " ".join(screen.split())
    term.send("y\r")
    for move in ("3,2", "3,1", "3,3"):
        term.wait_for("Your move")
        term.quiet()
        term.send(move + "\r")
    screen = " ".join(term.wait_for("Another game? (Y/N)").split())
    assert "You win." in screen and "My schemes are kept in Tic-Tac-Toe-Data-3 from now on." in screen
    term.quiet()
    term.send("y\r")
    term.wait_for("Do you want to move first? (Y/N)")
    term.quiet()
    screen = term.text()
    flat = " ".join(screen.split())
    for old in ("You win.", "Let me think", "I play", "There is no", "I have learnt", "You are X"):
        assert old not in flat, screen
    assert "I know 1 scheme (level 1: 1), from Tic-Tac-Toe-Data-3." in flat, screen
    assert board(screen) == ["...", "...", "..."], screen
    term.send("\x04")
    term.ended_cleanly()

"""The program around comp_move: main's loop, the symbol choice, the user's
move, the end of a game, bad input, end of input and --cpm.  Most of it is a
reconstruction (retro/ports/cpm_c/NOTES.md); these tests pin the choices recorded
there, and the few things the seed states."""
import re

from retro.console import LineConsole
from retro.dialects.c import CProgram
from retro.ports.cpm_c import PROGRAM, CpmOptions
from retro.ports.cpm_c import game as G
from retro.ports.cpm_c.tictactoe import QUIT, PLAY_AGAIN, TicTacToe, run

COMPUTER_MOVE = re.compile(r"Computer move: ([A-C][1-3])\n")


def session(*lines: str, data: bytes = None, **options) -> tuple[int, str]:
    console = LineConsole.from_bytes(data) if data is not None else LineConsole.from_lines(lines)
    status = run(console, CpmOptions(**options))
    return status, console.output()


def program_with(*lines: str) -> tuple[TicTacToe, LineConsole]:
    console = LineConsole.from_lines(lines)
    return TicTacToe(CProgram(console)), console


# -- what the seed states ------------------------------------------------------------

def test_choosing_O_means_the_player_begins() -> None:
    """Seed line 11: "if human player selects 'O' symbol, he/she begins"."""
    _, out = session("O")
    assert "Computer move" not in out
    assert out.endswith("Your move: ")


def test_otherwise_the_computer_begins() -> None:
    """Seed line 11: "Otherwise, computer AI performs the first move"; the
    centre is free, so it goes there (50, scan 94)."""
    _, out = session("X")
    assert COMPUTER_MOVE.findall(out) == ["B2"]
    assert out.index("Computer move") < out.index("Your move")


def test_computer_move_is_printed_as_column_letter_and_row_number() -> None:
    """Scan 148: printf("Computer move: %c%d\\n", (char)('A'+k), l+1)."""
    _, out = session("O", "A1", "A2")
    assert COMPUTER_MOVE.findall(out) == ["B2", "A3"]


def test_the_board_shows_board_i_j_with_i_the_column() -> None:
    """The seed names columns A-C and rows 1-3 (line 13) and prints board[k][l]
    as 'A'+k, l+1: after the player's A3 the O is in row 3, column A."""
    _, out = session("O", "A3")
    board = out.split("Your move: ")[1]
    rows = [line for line in board.splitlines() if re.match(r"^[1-3] \|", line)]
    assert rows[2].startswith("3 | O |")


# -- the user's move ---------------------------------------------------------------------

def test_user_move_sets_plr_nm_col_and_row_to_the_move() -> None:
    program, _ = program_with("c1")
    program.user_move()
    assert (program.g.plr_nm_col, program.g.plr_nm_row) == (2, 0)
    assert program.g.square("C1") == "O"
    assert program.g.mvc == 1


def test_user_move_asks_again_until_a_free_square() -> None:
    program, console = program_with("Z9", "", "B", "B2", "A1")
    program.g.board[1][1] = "X"
    program.user_move()
    out = console.output()
    assert out.count("Invalid move. Enter column and row, e.g. B2.\n") == 3
    assert out.count("This spot is already taken.\n") == 1
    assert program.g.square("A1") == "O"


def test_user_move_reads_only_the_first_two_characters() -> None:
    program, _ = program_with("B3 please")
    program.user_move()
    assert program.g.square("B3") == "O"


def test_bad_input_is_a_loop_not_a_recursion() -> None:
    """The article's directive: no recursion.  Thousands of bad lines are
    just as many turns of the loop."""
    status, out = session("O", *["?"] * 5000)
    assert status == 0
    assert out.count("Invalid move.") == 5000


def test_a_long_line_is_read_79_bytes_at_a_time() -> None:
    """fgets(inbuf, 80, stdin): A1 and 77 x's make one move, the rest of the
    line is read at the next prompt, as a move that is not one."""
    status, out = session("O", "A1" + "x" * 100)
    assert COMPUTER_MOVE.findall(out) == ["B2"]
    assert out.endswith("Your move: Invalid move. Enter column and row, e.g. B2.\nYour move: ")


def test_a_symbol_that_is_not_X_or_O_is_asked_again() -> None:
    _, out = session("", "Q", "xo")
    assert out.count("Select your symbol (X/O): ") == 3
    assert COMPUTER_MOVE.findall(out) == ["B2"]


# -- the end of a game -------------------------------------------------------------------

def test_end_game_goes_on_while_the_game_is_not_done() -> None:
    program, console = program_with()
    assert program.end_game() == 0
    assert console.output() == ""


def test_end_game_player_wins_and_plays_again() -> None:
    program, console = program_with("y")
    for name in ("A1", "A2", "A3"):
        program.g.board[0][int(name[1]) - 1] = "O"
    program.g.mvc = 5
    assert program.end_game() == PLAY_AGAIN
    assert console.output().endswith("You win!\nPlay again (Y/N)? ")


def test_end_game_anything_but_Y_quits() -> None:
    program, console = program_with("no")
    program.g.board[0][0] = program.g.board[1][1] = program.g.board[2][2] = "X"
    assert program.end_game() == QUIT
    assert "Computer wins!\n" in console.output()


def test_a_tie_after_nine_moves() -> None:
    status, out = session("O", "B2", "C3", "A2", "B1", "C1", "n")
    assert status == 0
    assert out.endswith("It's a tie!\nPlay again (Y/N)? ")


def test_play_again_starts_with_a_new_symbol_choice() -> None:
    status, out = session("X", "A1", "A2", "Y", "O", "B2", "C3", "A2", "B1", "C1", "N")
    assert status == 0
    assert out.count("Select your symbol (X/O): ") == 2
    assert out.count("Computer wins!") == 1 and out.count("It's a tie!") == 1


def test_the_board_is_cleared_for_a_new_game() -> None:
    _, out = session("X", "A1", "A2", "Y", "O")
    last_board = out.rsplit("Select your symbol (X/O): ", 1)[1]
    assert "X" not in last_board.replace("Your move", "") and "| O |" not in last_board


# -- end of input --------------------------------------------------------------------------

def test_end_of_input_ends_the_program_with_status_0_at_every_prompt() -> None:
    for lines, prompt in ((["O", "B2"], "Your move: "), ([], "Select your symbol (X/O): "),
                          (["X", "A1", "A2"], "Play again (Y/N)? ")):
        status, out = session(*lines)
        assert status == 0
        assert out.endswith(prompt)


def test_a_last_line_without_newline_is_still_read() -> None:
    _, out = session(data=b"O\nB2")
    assert COMPUTER_MOVE.findall(out) == ["A1"]


# -- the output ------------------------------------------------------------------------------

def test_output_is_plain_ascii_text_without_control_codes() -> None:
    _, out = session("X", "A1", "A2", "Y", "O", "B2", "C3", "A2", "B1", "C1", "N")
    assert all(ch == "\n" or " " <= ch <= "~" for ch in out)


def test_cpm_option_ends_lines_with_cr_lf_and_changes_nothing_else() -> None:
    _, plain = session("X", "A1", "A2", "N")
    status, cpm = session("X", "A1", "A2", "N", cpm=True)
    assert status == 0
    assert cpm == plain.replace("\n", "\r\n") and "Computer move: B2\r\n" in cpm


def test_cpm_option_ctrl_z_ends_the_input_like_its_end() -> None:
    """Aztec C's agetc: Ctrl-Z is the end of the input, so fgets returns NULL
    and the program calls exit(0), as at the real end of input."""
    status, out = session(data=b"O\nB2\n\x1aA1\n", cpm=True)
    _, at_end = session(data=b"O\nB2\n", cpm=True)
    assert status == 0 and out == at_end


def test_without_cpm_ctrl_z_is_an_invalid_move() -> None:
    _, out = session(data=b"O\nB2\n\x1aA1\n")
    assert "Invalid move." in out.split("Your move: ")[2]


def test_the_catalog_entry() -> None:
    assert PROGRAM.id == "cpm-c"
    assert PROGRAM.defaults() == CpmOptions(cpm=False)
    assert PROGRAM.parse_options(["--cpm"]) == CpmOptions(cpm=True)


def test_the_game_state_starts_empty() -> None:
    g = G.Game()
    assert all(g.board[i][j] == " " for i in range(3) for j in range(3))
    assert (g.cmc, g.mvc) == (0, 0)

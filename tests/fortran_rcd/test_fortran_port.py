"""The Fortran RCD port's own quirks, each shown on a board, and properties.

Whole sessions are checked byte for byte against the build elsewhere
(test_original_manifest.py, the transcripts); these tests name the quirks.
"""
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from retro.console import LineConsole
from retro.dialects.fortran import Segfault
from retro.ports.fortran_rcd import FortranOptions, memory
from retro.ports.fortran_rcd.tictactoe import MESSAGES, MJ, cell, ganar, ia, maxloc, pc, run, sums


def board(rows: list[str]) -> list[int]:
    """A board from three strings of '.', 'O' (human, 1) and 'X' (computer, 4)."""
    T = [0] * 9
    for i, row in enumerate(rows, start=1):
        for j, ch in enumerate(row, start=1):
            T[cell(i, j)] = {".": 0, "O": 1, "X": 4}[ch]
    return T


def session(text: str, **options) -> tuple[int, str, str]:
    console = LineConsole.from_bytes(text.encode())
    status = run(console, FortranOptions(**options))
    return status, console.output(), console.errors()


def test_the_board_is_stored_column_major() -> None:
    assert [cell(i, j) for j in (1, 2, 3) for i in (1, 2, 3)] == list(range(9))


def test_maxloc_takes_the_first_maximum_in_column_order() -> None:
    # squares (1,2) and (2,1) tie: (2,1) comes first in column order
    scores = [0] * 9
    scores[cell(1, 2)] = scores[cell(2, 1)] = 3
    assert maxloc(scores) == [2, 1]


def test_mj_opens_in_the_corner_on_an_empty_board() -> None:
    # Seed: "the algorithm always places its first token at [1,1]".
    assert MJ(board(["...", "...", "..."]), sums(board(["...", "...", "..."]))) == [1, 1]


def test_ia_opens_in_the_centre_on_an_empty_board() -> None:
    # Seed: "the central cell could reach a max score of 4".
    empty = board(["...", "...", "..."])
    assert ia(empty, sums(empty)) == [2, 2]


def test_mj_weakness_of_the_seed_the_human_wins() -> None:
    # Seed: if the computer starts and the user plays [3,3] - [3,1] - [1,3], the user wins.
    status, out, _ = session("N\n3,3\n3,1\n1,3\n2,3\nN\n", ai="mj")
    assert status == 0
    first_board = out.split("Turno del ordenador")[1]
    assert " | X |   |   |" in first_board.splitlines()[3]
    assert "Gana el humano" in out


def test_pc_blocks_the_last_threat_it_finds() -> None:
    # The human threatens column 3 (line 6) and diagonal 8: the loop keeps the last, 8.
    T = board(["X.O", "X..", "OXO"])
    assert sums(T)[6] == 2 and sums(T)[8] == 2
    assert pc(T, "ia") == [2, 2]


def test_pc_prefers_winning_to_blocking() -> None:
    T = board(["XX.", "OO.", "..."])
    assert pc(T, "ia") == [1, 3]


def test_ganar_takes_the_first_empty_square_of_a_row() -> None:
    assert ganar(board(["O.O", "...", "..."]), 1) == [1, 2]


def test_ia_counts_only_lines_free_of_human_marks() -> None:
    # After O in the centre, every line through it is dead: the corners keep 2 lines each.
    T = board(["...", ".O.", "..."])
    assert ia(T, sums(T)) == [1, 1]


def test_english_is_the_same_session_with_the_messages_translated() -> None:
    es = session("S\n1,1\n1,2\n3,1\n2,3\n3,3\nN\n")
    en = session("Y\n1,1\n1,2\n3,1\n2,3\n3,3\nN\n", lang="en")
    translated = es[1]
    for key, text in MESSAGES["es"].items():
        if isinstance(text, str):
            translated = translated.replace(text, MESSAGES["en"][key])
    for old, new in zip(MESSAGES["es"]["banner"], MESSAGES["en"]["banner"]):
        translated = translated.replace(old, new)
    assert en[1] == translated
    assert en[0] == es[0]


# -- moves outside the board ------------------------------------------------------------

class Main:
    sel, n, theta, loc, cw, hw = "S", 2, 0, [1, 1], False, False


def test_offsets_inside_the_array_are_squares() -> None:
    # 4,1 is (1,2); 0,2 is (3,1): (r-1) + 3*(c-1)
    assert cell(4, 1) == cell(1, 2)
    assert cell(0, 2) == cell(3, 1)


def test_the_main_variables_are_read_live() -> None:
    mem = memory.ReferenceMemory("ia", Main())
    theta = [off for off, name in mem.map.variables.items() if name == "theta"][0]
    assert mem.read(theta) == 0
    Main.theta = 3
    try:
        assert mem.read(theta) == 3
    finally:
        Main.theta = 0


def test_reads_outside_the_image_fault() -> None:
    mem = memory.ReferenceMemory("ia", Main())
    low, high = mem.map.image
    for off in (low - 1, high + 1, 10**9):
        try:
            mem.read(off)
        except Segfault:
            continue
        raise AssertionError(f"read at {off} should fault")


def test_writes_into_colocars_frame_crash() -> None:
    mem = memory.ReferenceMemory("mj", Main())
    try:
        mem.write(-1)
    except Segfault:
        return
    raise AssertionError("a write at word -1 should crash")


def test_a_lost_move_leaves_the_board_and_passes_the_turn() -> None:
    status, out, _ = session("S\n1,4\n", ai="ia")
    after = out.split("Introduce donde vas a colocar. [F,C]")[1]
    assert after.splitlines()[2:8] == [" +---+---+---+", " |   |   |   |", " +---+---+---+",
                                       " |   |   |   |", " +---+---+---+", " |   |   |   |"]
    assert "Turno del ordenador" in after


# -- properties -------------------------------------------------------------------------------

LINE = st.text(alphabet=string.printable + "ñ\x00\x7f", max_size=12).map(lambda s: s.replace("\n", ""))


@settings(max_examples=150, deadline=None)
@given(lines=st.lists(LINE, max_size=14), ai=st.sampled_from(["ia", "mj"]), end=st.booleans())
def test_any_input_ends_as_the_original_would(lines, ai, end) -> None:
    text = "\n".join(lines) + ("\n" if end else "")
    status, out, err = session(text, ai=ai)
    assert status in (0, 2, 139)
    if status == 2:
        assert err.startswith("At line ") and "Fortran runtime error: " in err
    if status == 0:
        assert err.startswith("PAUSE Pulse 'intro' para salir\n")
    assert out == "" or out.startswith(" #######################\n")

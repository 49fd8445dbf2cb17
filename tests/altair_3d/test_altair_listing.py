"""The listing's structure, data and flaws: one test per documented behaviour."""
import random
import re

import pytest

from retro.ports.altair_3d import PROGRAM, AltairOptions, run
from retro.ports.altair_3d.combinations import build_w
from retro.ports.altair_3d.game import Game, computer_reply
from retro.ports.altair_3d.readings import CHOSEN, Readings
from retro.ports.altair_3d.referee import FIG3, fig3_differences, search, table1_points
from retro.console import LineConsole

MOVE = re.compile(r"I (?:WANT|WON WITH) BOARD (-?\d+) POSITION (-?\d+) ")


def session(lines, **options):
    console = LineConsole.from_lines(lines)
    status = run(console, AltairOptions(**options))
    return console.output(), status


# -- lines 20-84 and Fig. 3 ------------------------------------------------------------------


def test_combinations_match_fig3_except_53_and_54_which_fig3_swaps():
    W = build_w()
    for c in range(1, 77):
        boxes = tuple(W[k][c] for k in range(4))
        if c == 53:
            assert boxes == FIG3[54] == (13, 29, 45, 61)  # line 60: (A1*16)+A-40
        elif c == 54:
            assert boxes == FIG3[53] == (14, 30, 46, 62)
        else:
            assert boxes == FIG3[c], c
    assert fig3_differences(W) == [53, 54]


def test_each_combination_is_a_distinct_straight_line_of_the_cube():
    W = build_w()

    def coords(box):
        b, p = divmod(box - 1, 16)
        return (b, p % 4, p // 4)

    lines = set()
    for c in range(1, 77):
        pts = [coords(W[k][c]) for k in range(4)]
        steps = {tuple(q - p for p, q in zip(pts[i], pts[i + 1])) for i in range(3)}
        assert len(steps) == 1 and all(s in (-1, 0, 1) for s in steps.pop())
        lines.add(frozenset(pts))
    assert len(lines) == 76  # all of Qubic's 76 lines


def test_combinations_1_to_10_are_board_1_the_version_1_game():
    W = build_w()
    assert {W[k][c] for c in range(1, 11) for k in range(4)} == set(range(1, 17))


def test_line_30_read_literally_overruns_the_DIM():
    with pytest.raises(IndexError, match="BS ERROR IN 40"):
        build_w(line_30_a1_reading="A1*10")


def test_check_combinations_prints_them_as_program_D():
    out, status = session(["1,2", "2", "57,57", "0"], check_combinations=True)
    assert out.startswith("?  1  2  3  4 \n 5  6  7  8 \n? ?  1  22  43  64 \n? YOUR MOVES ARE UU AND I'M CC\n")


def test_check_combinations_past_the_DIM_is_BS_error():
    out, status = session(["76,77"], check_combinations=True)
    assert status == 1 and out.endswith(" 16  28  40  52 \n?BS ERROR IN 81\nOK\n")


def test_check_combinations_FOR_runs_once_when_first_is_after_last():
    out, _ = session(["3,1", "0"], check_combinations=True)
    assert out.startswith("?  9  10  11  12 \n? ")


# -- Table 1 --------------------------------------------------------------------------------


def test_table1_points_hold_for_every_value_that_reaches_line_230():
    points = table1_points()
    assert points[1] == 1 and points[2] == 4 and points[5] == 1 and points[10] == 2
    assert points[3] == "block"
    assert all(points[v] == 0 for v in points if v not in (1, 2, 3, 5, 10))


def test_table1_would_fail_with_program_Bs_line_280():
    assert table1_points(Readings(line_280_points="A6"))[2] == 2


def test_ultimate_program_F_scores_the_computers_lines_one_lower():
    points = table1_points(ultimate=True)
    assert (points[5], points[10]) == (0, 1)


def test_ultimate_changes_the_play():
    """Fig. 5's third game under Program F: the fourth reply is 2,7, not 4,13."""
    out, _ = session(["1,4", "1,13", "2,4", "2,13"], ultimate=True)
    assert [m for m in MOVE.findall(out)][:4] == [("1", "1"), ("1", "7"), ("4", "4"), ("2", "7")]


# -- the damaged lines and the referee ---------------------------------------------------------


def test_readings_search_pins_the_damaged_lines():
    verdicts = search()
    good = [v for v in verdicts if v.all_hold]
    assert CHOSEN in [v.readings for v in good]
    assert {v.readings.line_200_m3 for v in good} == {0}  # not 9
    assert {v.readings.line_392_plus_one for v in good} == {True}
    assert {v.readings.line_370_brackets for v in good} == {True}
    assert {v.readings.line_280_points for v in good} == {"A6^A6", "A6*A6"}
    assert {v.readings.line_320_ge for v in good} == {False}
    # Fig. 1's reply to 1,4 (board 1 position 2) comes from no reading at all
    assert not any((1, 2) in v.fig1 for v in verdicts)


def test_M3_9_as_scanned_would_move_to_box_0_on_the_first_move():
    game = Game(3, readings=Readings(line_200_m3=9))
    game.line_80_new_board()
    game.place([4])
    reply = game.computer_reply()
    assert reply.box == 0 and (reply.board, reply.position) == (0, 16)


def test_line_392_as_scanned_would_print_board_0_position_17():
    game = Game(3, readings=Readings(line_392_plus_one=False))
    game.line_80_new_board()
    game.place([4])
    assert (game.computer_reply().board, game.A2) == (0, 17)


# -- lines 90-120: the player's move ---------------------------------------------------------------


def last_boards(out):
    """S$ as the last board display shows it: {box: "UU"/"CC"}."""
    block = out.split("POSITIONS ARE")[-1].split("\n")
    rows = [l for l in block if " / " in l]
    shown = {}
    for r, text in enumerate(rows, start=1):
        for b in range(4):
            for j in range(4):
                cell = text[b * 20 + j * 5 : b * 20 + j * 5 + 2]
                if cell.strip():
                    shown[b * 16 + r + 4 * j] = cell
    return shown


def test_line_105_checks_only_the_box_number():
    """1,17 is board 2 position 1, 2,0 is board 1 position 16 and -1,40 is
    board 1 position 8: all accepted, only A=1..64 is checked."""
    out, _ = session(["1,17", "2,0", "-1,40"], no_boards=False)
    assert "ILLEGAL" not in out
    shown = last_boards(out)
    assert {b for b, c in shown.items() if c == "UU"} == {17, 16, 8}


@pytest.mark.parametrize("typed", ["0,16", "5,1", "1,0", "4,17", "0,0"])
def test_moves_off_the_64_boxes_are_ILLEGAL_MOVE(typed):
    out, _ = session([typed])
    assert "YOUR BOARD, POSITION? ILLEGAL MOVE\nPOSITIONS ARE" in out


def test_occupied_box_is_YOU_CANT_MOVE_THERE():
    out, _ = session(["1,4", "1,1", "1,4"])
    assert out.count("YOU CAN'T MOVE THERE\n") == 2


def test_empty_answer_keeps_A1_64_A2_52_from_the_board_routine():
    """GOSUB 1000 leaves A1=64 and A2=52; an empty answer keeps them: box 1060."""
    out, _ = session([""])
    assert "YOUR BOARD, POSITION? ILLEGAL MOVE\n" in out


def test_empty_answer_without_boards_keeps_the_computers_last_move():
    """With 1000 RETURN, A1 and A2 still hold line 392's board and position."""
    out, _ = session(["1,4", ""], no_boards=True)
    assert out == ("YOUR MOVES ARE UU AND I'M CC\nYOUR BOARD, POSITION? I WANT BOARD 1 POSITION 1 \n"
                   "YOUR BOARD, POSITION? YOU CAN'T MOVE THERE\nYOUR BOARD, POSITION? \n\nBREAK IN 90\nOK\n")


def test_fractional_moves_are_truncated_as_subscripts():
    out, _ = session(["1.5,3"])  # A = 0.5*16+3 = 11
    assert MOVE.findall(out)


# -- lines 190-400: the computer ------------------------------------------------------------------


def test_player_win_goes_back_to_line_80_without_READY():
    out, _ = session(["1,4", "1,13", "1,11", "1,3", "4,2", "1,7", "1,15"], version="2")
    after = out.split("\nYOU WON\n")[1]
    assert after.count("POSITIONS ARE") == 2  # GOSUB 1000, then line 90's after 80-85
    assert "YOUR MOVES ARE UU AND I'M CC\n" in after


def test_READY_takes_any_number_and_starts_again():
    moves = ["1,4", "1,13", "1,11", "1,3", "1,7"]
    out, _ = session(moves + ["Y", "1"], version="2")
    assert "READY? ?REDO FROM START\nREADY? YOUR MOVES ARE UU AND I'M CC\n" in out


THREATS = ([2, 3, 4, 7, 13], [24, 26, 40, 50])  # 1-2-3-4 open at 1, 4-7-10-13 open at 10


def test_version_2_blocks_only_the_last_combination_of_three():
    """Lines 197-203 keep the last V=3 in Q and block it: combination 10."""
    assert computer_reply(*THREATS, 2).box == 10


def test_version_3_blocks_the_first_box_in_a_combination_of_three():
    """Line 260: the first empty box, in box order, in any V=3 combination."""
    assert computer_reply(*THREATS, 3).box == 1
    assert computer_reply(*THREATS, 1).box == 1


def test_two_threats_beat_the_block_fig4():
    """Fig. 4's strategy: whichever the program blocks, the other wins."""
    for version in (1, 2, 3):
        blocked = computer_reply(*THREATS, version).box
        other = 10 if blocked == 1 else 1
        assert computer_reply(THREATS[0] + [other], THREATS[1] + [blocked], version).kind == "player_won"


def test_version_1_move_to_boards_2_to_4_is_lost_and_the_computer_uses_stale_M4():
    """A first move off board 1 leaves every score 0: M4 is still 0, so the
    computer takes box 0 and prints BOARD 0 POSITION 16 (line 392 with M4=0)."""
    out, _ = session(["2,1", "2,2", "1,1"], version="1")
    assert MOVE.findall(out) == [("0", "16"), ("0", "16"), ("1", "2")]


def test_version_3_repeats_its_last_box_when_no_box_scores():
    """M3 starts at 0 and M4 keeps the previous move: with every empty box
    in dead combinations only, the computer moves onto its own last box."""
    W, rng = build_w(), random.Random(1)
    while True:
        empties = set(rng.sample(range(1, 65), 3))
        S = [0] * 65
        for b in range(1, 65):
            if b not in empties:
                S[b] = rng.choice((1, 5))
        values = [sum(S[W[k][c]] for k in range(4)) for c in range(1, 77)]
        if not set(values) & {1, 2, 3, 4, 5, 10, 15}:
            break
    player = [b for b in range(1, 65) if S[b] == 1]
    computer = [b for b in range(1, 65) if S[b] == 5]
    reply = computer_reply(player, computer, 3, last_move=computer[-1])
    assert reply.kind == "move" and reply.box == computer[-1]


def test_version_2_full_board_falls_from_line_354_into_line_365():
    game = Game(2)
    game.line_80_new_board()
    game.place(player=[64], computer=range(1, 64))
    reply = game.computer_reply()
    assert (reply.kind, reply.box, reply.board, reply.position) == ("computer_won", 0, 0, 16)


def test_M5_keeps_the_last_combination_of_value_15():
    game = Game(3)
    game.line_80_new_board()
    game.place(player=[64, 60, 48], computer=[1, 2, 3, 5, 9])
    game.computer_reply()
    assert game.M5 == 13  # combination 5 (1,5,9,13) comes after 1 (1,2,3,4): box 13


def test_variables_keep_their_values_between_moves():
    game = Game(3)
    game.line_80_new_board()
    game.place([4])
    game.computer_reply()
    # line 205's loop ran to the end (A=65); line 392 set A1, A2 for printing
    assert (game.A, game.A1, game.A2, game.M4, game.M3, game.Y1) == (65, 1, 1, 1, 1, 63)
    assert (game.A6, game.A7) == (0, 0)  # box 64's last combination has value 0


def test_version_2_never_resets_y1_line_201_jumps_past_204():
    """Program B's 201 IF Q=0 THEN 205 skips 204 Y1=0: the count of empty
    boxes scored (line 215) runs on from move to move; version 3 resets it."""
    for version, expected in ((2, (63, 63 + 61)), (3, (63, 61))):
        game = Game(version)
        game.line_80_new_board()
        game.place([4])  # the player's 1,4: 63 boxes empty while the computer scores
        game.computer_reply()
        first = game.Y1
        game.place([4, 13], computer=[game.M4])
        game.computer_reply()
        assert (first, game.Y1) == expected, version


def test_conflicting_programs_d_and_e_are_refused():
    console = LineConsole.from_lines([])
    assert run(console, AltairOptions(check_combinations=True, resume=True)) == 2
    assert "choose one" in console.errors()


def test_options_parse_as_on_the_command_line():
    opts = PROGRAM.parse_options(["--version", "1", "--ultimate", "--no-boards"])
    assert opts == AltairOptions(version="1", ultimate=True, no_boards=True)
    assert PROGRAM.defaults().version == "3"


# -- Program E -------------------------------------------------------------------------------------


def test_resume_rejoins_fig5_game_3_and_goes_on_as_fig5():
    """Program E: the boxes of Fig. 5's version 3 game after five moves each,
    then the player's sixth to tenth moves: the computer answers as Fig. 5."""
    player = [4, 13, 20, 29, 27]  # 1,4 1,13 2,4 2,13 2,11
    computer = [1, 7, 52, 61, 16]  # 1,1 1,7 4,4 4,13 1,16
    lines = [str(b) for b in player] + ["0"] + [str(b) for b in computer] + ["0"]
    out, _ = session(lines + ["2,3", "3,4", "3,13", "3,1", "3,14"], resume=True)
    assert MOVE.findall(out) == [("2", "7"), ("4", "1"), ("2", "1"), ("3", "3"), ("2", "2")]


def test_resume_box_past_64_is_BS_error():
    out, status = session(["65"], resume=True)
    assert status == 1 and out == "? ?BS ERROR IN 81\nOK\n"


# -- lines 1000-1130: the display ------------------------------------------------------------------


def board_block(out):
    return out.split("YOUR MOVES ARE UU AND I'M CC\n")[1].split("YOUR BOARD, POSITION? ")[0]


def test_board_rows_are_exactly_80_characters():
    lines = board_block(session([])[0]).split("\n")
    rows = [l for l in lines if " / " in l]
    assert len(rows) == 4 and all(len(r) == 80 for r in rows)
    assert lines.count("/" * 40) == 3


def test_position_numbers_and_board_titles_stand_where_TAB_puts_them():
    lines = board_block(session([])[0]).split("\n")
    assert lines[0] == "POSITIONS ARE" + " " * 11 + " 1 " + " " * 13 + " 5 " + " " * 13 + " 9 " + " " * 13 + " 13 "
    assert lines[3] == " " * 24 + " 4 " + " " * 13 + " 8 " + " " * 13 + " 12 " + " " * 12 + " 16 "
    assert lines[6] == "BOARD 1        BOARD 2        BOARD 3        BOARD 4 "


def test_line_1120_as_scanned_would_wrap_every_row():
    game = Game(3, readings=Readings(line_1120_third="S"))
    console = LineConsole.from_lines([])
    from retro.ports.altair_3d.game import BasicProgram
    from retro.dialects.basic import AltairBasic

    rt = AltairBasic(console)
    game.line_80_new_board()
    BasicProgram(rt, game).line_1000_show_boards()
    rt.flush()
    rows = [l for l in console.output().split("\n") if " / " in l]
    assert len(rows) == 8  # each 81-character row broken in two by BASIC

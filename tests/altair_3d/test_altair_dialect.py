"""retro.dialects.basic: one test per rule of Altair BASIC's I/O (see its docstring)."""
import doctest

import pytest

from retro.console import LineConsole
from retro.dialects import basic
from retro.screen.video import VideoTerminal
from retro.dialects.basic import (
    COMMA,
    AltairBasic,
    BasicError,
    Break,
    basic_for,
    edit_line,
    fin,
    fout,
    int_,
    single,
    subscript,
    tab,
)


def run_with(lines, body, **kinds):
    console = LineConsole.from_lines(lines, **kinds)
    rt = AltairBasic(console)
    status = rt.run(lambda: body(rt))
    return console.output(), status


def printed(body):
    out, status = run_with([], body)
    assert status == 0
    return out


def test_doctests_of_the_number_helpers():
    result = doctest.testmod(basic)
    assert result.attempted >= 6 and result.failed == 0


# -- PRINT ----------------------------------------------------------------------------


def test_PRINT_number_has_sign_blank_and_trailing_blank():
    assert printed(lambda rt: rt.print_("BOARD", 1, "POSITION", -2)) == "BOARD 1 POSITION-2 \n"


def test_PRINT_number_formats():
    assert [fout(v) for v in (0, 7, 16.0, -3, 0.25, 1000000, 999999)] == [" 0", " 7", " 16", "-3", " .25", " 1E+06", " 999999"]


def test_PRINT_trailing_semicolon_keeps_the_line():
    assert printed(lambda rt: (rt.print_("A", newline=False), rt.print_("B"))) == "AB\n"


def test_PRINT_alone_is_an_empty_line():
    assert printed(lambda rt: rt.print_()) == "\n"


def test_PRINT_comma_moves_to_the_next_14_column_zone():
    assert printed(lambda rt: rt.print_("AB", COMMA, "C", COMMA, COMMA, "D")) == "AB" + " " * 12 + "C" + " " * 13 + " " * 14 + "D\n"


def test_PRINT_comma_from_the_last_zone_starts_a_new_line():
    out = printed(lambda rt: rt.print_("X" * 56, COMMA, "Y"))
    assert out == "X" * 56 + "\nY\n"


def test_TAB_moves_to_a_column_counted_from_zero():
    assert printed(lambda rt: rt.print_(tab(5), "X")) == "     X\n"


def test_TAB_left_of_the_cursor_does_nothing():
    assert printed(lambda rt: rt.print_("ABCDEF", tab(3), "X")) == "ABCDEFX\n"


def test_TAB_out_of_range_is_FC_error():
    out, status = run_with([], lambda rt: rt.print_(tab(300)))
    assert (out, status) == ("?FC ERROR IN 0\nOK\n", 1)


def test_WIDTH_80_characters_make_one_row_without_a_wrap():
    out = printed(lambda rt: rt.print_("X" * 80))
    assert out == "X" * 80 + "\n"


def test_WIDTH_81st_character_goes_to_a_new_row():
    out = printed(lambda rt: rt.print_("X" * 81))
    assert out == "X" * 80 + "\nX\n"


def test_WIDTH_number_that_would_reach_the_last_column_moves_down():
    # pos 77 + len(" 13") = 80 >= width: a new line first (8K 4.0, 6502 PRINT)
    out = printed(lambda rt: rt.print_("X" * 77, 13))
    assert out == "X" * 77 + "\n 13 \n"
    out = printed(lambda rt: rt.print_("X" * 76, 13))
    assert out == "X" * 76 + " 13 \n"


def test_WIDTH_number_and_its_blank_can_fill_the_row_exactly():
    out = printed(lambda rt: rt.print_("X" * 77, 5))
    assert out == "X" * 77 + " 5 \n"


# -- INPUT ---------------------------------------------------------------------------------


def ask(lines, values=(0, 0), prompt="YOUR BOARD, POSITION"):
    got = []
    out, status = run_with(lines, lambda rt: got.append(rt.input_(prompt, list(values))))
    return out, status, (got[0] if got else None)


def test_INPUT_prints_prompt_question_mark_blank():
    out, status, values = ask(["1,4"])
    assert (out, values) == ("YOUR BOARD, POSITION? ", [1, 4])


def test_INPUT_without_prompt_prints_question_mark():
    out, _, values = ask(["7"], values=(0,), prompt="")
    assert (out, values) == ("? ", [7])


def test_INPUT_too_few_values_asks_with_double_question_mark():
    out, _, values = ask(["1", "4"])
    assert (out, values) == ("YOUR BOARD, POSITION? ?? ", [1, 4])


def test_INPUT_not_a_number_is_REDO_FROM_START_and_the_prompt_again():
    out, _, values = ask(["A,B", "2,3"])
    assert out == "YOUR BOARD, POSITION? ?REDO FROM START\nYOUR BOARD, POSITION? "
    assert values == [2, 3]


def test_INPUT_value_before_the_bad_text_is_already_stored():
    # FIN's value is stored before the terminator is checked ([8K4] 09DB-09EB)
    out, _, values = ask(["5X", ""], values=(0, 0))
    assert out.count("?REDO FROM START") == 1
    assert values == [5, 0]


def test_INPUT_too_many_values_is_EXTRA_IGNORED():
    out, _, values = ask(["1,4,5"])
    assert (out, values) == ("YOUR BOARD, POSITION? ?EXTRA IGNORED\n", [1, 4])


def test_INPUT_empty_line_skips_the_statement_keeping_the_values():
    out, _, values = ask([""], values=(64, 52))
    assert (out, values) == ("YOUR BOARD, POSITION? ", [64, 52])


def test_INPUT_empty_answer_to_double_question_mark_keeps_the_rest():
    out, _, values = ask(["3", ""], values=(64, 52))
    assert values == [3, 52]


def test_INPUT_spaces_are_skipped_inside_numbers():
    out, _, values = ask(["1 4", "2"])
    assert values == [14, 2] and "?? " in out


def test_INPUT_empty_field_between_commas_is_zero():
    assert ask([",4"])[2] == [0, 4]


def test_INPUT_signs_decimals_and_exponents():
    assert ask(["-1.5E1, +.5"])[2] == [-15, 0.5]


def test_INPUT_lowercase_e_is_not_an_exponent():
    out, _, values = ask(["1e2,1", "1,2"])
    assert "?REDO FROM START" in out and values == [1, 2]


def test_INPUT_overflow_is_OV_error():
    out, status, _ = ask(["1E39,1"])
    assert status == 1 and out.endswith("?OV ERROR IN 0\nOK\n")


def test_INPUT_end_of_input_is_a_break_at_the_prompt():
    console = LineConsole.from_lines([])
    rt = AltairBasic(console)

    def body():
        rt.line = 90
        rt.input_("YOUR BOARD, POSITION", [0, 0])

    assert rt.run(body) == 0
    assert console.output() == "YOUR BOARD, POSITION? \n\nBREAK IN 90\nOK\n"


def test_INPUT_ctrl_c_typed_is_a_break():
    out, status, _ = ask(["1\x03"])
    assert status == 0 and "BREAK IN 0" in out


def test_line_editing_at_sign_cancels_and_underscore_deletes():
    assert edit_line("1,7_4\n") == "1,4"
    assert edit_line("9,9@1,4\n") == "1,4"
    assert edit_line("1,4\x7f5\n") == "1,5"
    assert edit_line("_1\n") == "1"


def test_line_editing_drops_control_characters_and_keeps_71():
    assert edit_line("1,\t4\n") == "1,4"
    assert edit_line("1" * 100 + "\n") == "1" * 71
    assert edit_line("1,4\r9\n") == "1,4"


def test_line_editing_strips_the_eighth_bit():
    assert edit_line("\u00b1") == "".join(chr(b & 0x7F) for b in "\u00b1".encode())


# -- numbers, arrays, loops ----------------------------------------------------------------


def test_INT_is_the_floor_also_of_negatives():
    assert (int_(2.7), int_(-2.2), int_(-1 / 16), int_(0)) == (2, -3, -1, 0)


def test_single_precision_rounds_to_24_bits():
    assert single(16777217) == 16777216
    assert single(1 / 3) != 1 / 3


def test_single_precision_overflow_is_OV():
    with pytest.raises(BasicError) as err:
        single(2e38)
    assert err.value.code == "OV"


def test_subscripts_truncate_and_check_the_DIM():
    assert subscript(64.9, 64) == 64
    assert subscript(0, 64) == 0  # arrays start at 0
    with pytest.raises(BasicError, match="BS"):
        subscript(65, 64)
    with pytest.raises(BasicError, match="FC"):
        subscript(-1, 64)


def test_FOR_runs_its_body_at_least_once():
    assert list(basic_for(5, 1)) == [5]
    assert list(basic_for(0, 48, 16)) == [0, 16, 32, 48]
    assert list(basic_for(1, 13, 4)) == [1, 5, 9, 13]


def test_fin_reads_as_FIN_does():
    assert fin("12.5,3") == (12.5, 4)
    assert fin("") == (0, 0)
    assert fin("1.2.3")[1] == 3  # stops at the second point


# -- errors and breaks -------------------------------------------------------------------------


def test_error_message_starts_a_new_line_and_ends_with_OK():
    def body(rt):
        rt.line = 100
        rt.print_("ABC", newline=False)
        raise BasicError("OV")

    assert run_with([], body) == ("ABC\n?OV ERROR IN 100\nOK\n", 1)


def test_ctrl_c_while_running_prints_BREAK_IN_the_line():
    def body(rt):
        rt.line = 220
        raise KeyboardInterrupt

    assert run_with([], body) == ("\nBREAK IN 220\nOK\n", 130)


def test_break_exception_mid_line():
    def body(rt):
        rt.line = 205
        rt.print_("X", newline=False)
        raise Break()

    assert run_with([], body) == ("X\n\nBREAK IN 205\nOK\n", 0)


# -- the video terminal (screen consoles) -------------------------------------------------------


def test_video_terminal_keeps_an_80_character_row_as_one_row():
    vt = VideoTerminal()
    vt.feed("X" * 80 + "\nNEXT\n")
    assert vt.text()[:2] == ["X" * 80, "NEXT"]


def test_video_terminal_scrolls_at_the_bottom():
    vt = VideoTerminal(rows=3, cols=80)
    vt.feed("1\n2\n3\n4")
    assert vt.text() == ["2", "3", "4"]


def test_ctrl_c_at_an_input_prints_BREAK_and_gives_130():
    class Interrupting(LineConsole):
        def read_chunk(self, size):  # BASIC's line input reads through this
            raise KeyboardInterrupt

    console = Interrupting.from_lines([])
    rt = AltairBasic(console)

    def body():
        rt.line = 382
        rt.input_("READY", [0])

    assert rt.run(body) == 130
    assert console.output() == "READY? \n\nBREAK IN 382\nOK\n"


def test_the_editing_keys_still_act_past_the_buffer_in_a_line_of_any_length():
    """The interpreter kept 71 characters but obeyed @ wherever it came: a line
    of 2 MiB ending in @1,4 is 1,4, read piece by piece (never held whole)."""
    console = LineConsole.from_bytes(b"9" * (2 << 20) + b"@1,4\n")
    assert AltairBasic(console)._read() == "1,4"


# -- the FOR/GOSUB stack (ControlStack) ------------------------------------------------------

from retro.dialects.basic import ControlStack, NoStack  # noqa: E402  # imported where its section starts


def test_a_for_left_by_goto_stays_on_the_stack():
    stack = ControlStack()
    stack.for_("A1")  # ... GOTO out of the loop
    stack.for_("A")
    assert stack.entries == ["A1", "A"]


def test_a_for_of_a_variable_on_the_stack_throws_away_its_entry_and_all_above():
    """Line 220's FOR A1 after line 365's GOTO 368: line 205's A goes too."""
    stack = ControlStack()
    stack.for_("A1")
    stack.for_("A")
    stack.for_("A1")
    assert stack.entries == ["A1"]
    stack.next_("A1", done=True)
    with pytest.raises(BasicError) as error:
        stack.next_("A", line=350)
    assert (error.value.code, error.value.line) == ("NF", 350)


def test_next_with_a_variable_throws_away_the_entries_above_it():
    stack = ControlStack()
    stack.for_("A1")
    stack.for_("A2")  # line 225 left by THEN 230
    stack.next_("A1")  # 300 NEXT A1, the loop goes on
    assert stack.entries == ["A1"]
    stack.next_("A1", done=True)
    assert stack.entries == []


def test_next_without_a_variable_takes_the_top_for():
    stack = ControlStack()
    stack.for_("C")
    stack.for_("D")
    stack.next_(done=True)  # Program D's NEXT
    assert stack.entries == ["C"]


def test_for_and_next_do_not_look_below_a_gosub():
    stack = ControlStack()
    stack.for_("A")
    stack.gosub()
    stack.for_("A")  # the subroutine's own A: the main program's stays
    assert stack.entries == ["A", "GOSUB", "A"]
    stack.next_("A", done=True)
    with pytest.raises(BasicError) as error:
        stack.next_("A")
    assert error.value.code == "NF"


def test_return_throws_away_the_for_entries_above_its_gosub():
    stack = ControlStack()
    stack.for_("A")
    stack.gosub()
    stack.for_("A1")  # left by GOTO inside the subroutine
    stack.return_()
    assert stack.entries == ["A"]


def test_return_without_gosub_is_rg_error():
    stack = ControlStack()
    stack.for_("A")
    with pytest.raises(BasicError) as error:
        stack.return_(line=1130)
    assert (error.value.code, error.value.line) == ("RG", 1130)


def test_the_modern_fix_forgets_loops_left_by_goto():
    stack = NoStack()
    stack.for_("A1")
    stack.for_("A")
    stack.for_("A1")
    stack.next_("A1", done=True)
    stack.next_("A", line=350)  # no ?NF ERROR


def test_copy_is_independent():
    stack = ControlStack()
    stack.for_("A")
    other = stack.copy()
    other.for_("A1")
    assert stack.entries == ["A"] and other.entries == ["A", "A1"]


# -- ':' in an INPUT answer and Ctrl-O (the interpreter's runs) --------------------------------

def answer(*lines: str, values=(0, 0)) -> tuple[list, str]:
    console = LineConsole.from_lines(list(lines))
    rt = AltairBasic(console)
    got = rt.input_("YOUR BOARD, POSITION", list(values))
    rt.print_("AFTER")
    rt.flush()
    return got, console.output()


@pytest.mark.parametrize("line", ["1,4:5", "1,4:"])
def test_a_colon_after_the_last_value_is_extra_ignored(line):
    assert answer(line) == ([1, 4], "YOUR BOARD, POSITION? ?EXTRA IGNORED\nAFTER\n")


def test_a_colon_after_the_first_value_asks_for_more():
    assert answer("1:4", "13") == ([1, 13], "YOUR BOARD, POSITION? ?? AFTER\n")


def test_a_colon_is_not_redo_from_start_but_a_letter_is():
    assert "?REDO FROM START" in answer("1X4", "1,4")[1]


def test_ctrl_o_turns_the_output_off_until_the_next_line_is_read():
    console = LineConsole.from_lines(["1,4\x0f", "2,5"])
    rt = AltairBasic(console)
    rt.input_("A", [0, 0])
    rt.print_("HIDDEN")
    rt.input_("B", [0, 0])  # its prompt is hidden too: the line input turns output on
    rt.print_("SHOWN")
    rt.flush()
    assert console.output() == "A? SHOWN\n"


def test_two_ctrl_o_in_a_line_leave_the_output_on():
    console = LineConsole.from_bytes(b"1,4\x0f\x8f\n")  # 8Fh is Ctrl-O with the top bit
    rt = AltairBasic(console)
    rt.input_("A", [0, 0])
    rt.print_("SHOWN")
    rt.flush()
    assert console.output() == "A? SHOWN\n"


def test_an_error_while_the_output_is_off_shows_only_ok():
    console = LineConsole.from_lines(["1,4\x0f"])
    rt = AltairBasic(console)

    def body():
        rt.input_("A", [0, 0])
        raise BasicError("NF", 350)

    assert rt.run(body) == 1
    assert console.output() == "A? OK\n"

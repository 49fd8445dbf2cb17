"""Shared test set-up: the repository root on sys.path is provided by the
editable install; here common paths, the user's folders kept out of reach,
the markers (slow, pty, browser) and the tests that take turns in a
parallel run (pytest-xdist)."""
import fcntl
from collections.abc import Iterator
from pathlib import Path
from types import CodeType, FunctionType, ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTS = ROOT / "transcripts"
DATA = Path(__file__).resolve().parent / "data"

# The golden cases' tables (tests/golden.py) hold no doctests, and two of them
# share a name (make_transcripts.py, which the shipped transcripts cite): the
# doctest collection (pyproject.toml's --doctest-modules) passes them by.
collect_ignore = ["cpm_c/make_transcripts.py", "pascal_learner/make_transcripts.py"]
# Nor each port's test facts (tests/port_facts.py loads them by path): one name, facts.py, in each port's folder.
collect_ignore_glob = ["*/facts.py"]


@pytest.fixture(autouse=True)
def _own_user_folders(tmp_path_factory, monkeypatch) -> Path:
    """Each test has its own data, state and cache folders (retro/userdirs.py),
    for itself and every retro it starts: a learner's default data file or an
    error report never lands in the home folder of whoever runs the tests."""
    home = tmp_path_factory.mktemp("xdg")
    for name in ("DATA", "STATE", "CACHE", "CONFIG"):
        monkeypatch.setenv(f"XDG_{name}_HOME", str(home / name.lower()))
    return home


# The markers (declared in pyproject.toml), applied here and nowhere else, by what
# a test uses (_uses: its code, its fixtures, the module's functions they call);
# `make test-quick` runs what none of them marks.
#   pty      it drives a program on a pseudo-terminal: pexpect, or
#            tests/pty_terminal.py
#   browser  it drives Chromium: Playwright (tests/web/test_web_browser.py)
#   slow     a test of half a second or more (its setup, call or teardown),
#            as measured with pytest --durations=0 on the machine that
#            BENCHMARKS.md names, neither pty nor browser: SLOW holds its node
#            id, or its file when every test in it is slow
SLOW = {
    "tests/pascal_learner/test_pascal_compiled.py::test_a_brain_or_a_learner_killed_at_any_moment_leaves_everything_whole",
    "tests/web/test_web_hostile.py::test_10_one_client_may_not_take_every_session",
    "tests/test_menu_scrollback.py",
    "tests/test_plugin_port.py",
    "tests/test_replay.py::test_the_pace_holds_in_real_time_at_19200_baud",
    "tests/test_replay.py::test_the_menus_replay_keeps_its_pace_in_real_time_at_19200_baud",
    "tests/web/test_measure_sessions.py",
    "tests/web/test_session_start.py",
    "tests/web/test_web_hostile.py::test_11_clients_that_never_read_pin_nothing",
    "tests/web/test_web_floods.py",
    "tests/web/test_web_big_games.py",
    "tests/web/test_web_visitors_games.py::test_seventeen_visitors_behind_one_address_each_keep_their_game",
    "tests/web/test_web_visitors_games.py::test_six_games_from_one_address_leave_another_visitors_game",
    "tests/web/test_web_c1.py::test_a_c1_control_typed_reaches_the_page_as_text",
    "tests/web/test_web_hostile.py::test_7_a_visitor_who_leaves_at_any_moment_leaves_the_log_clean",
    "tests/pascal_learner/test_pascal_matcher.py::test_training_trains_the_store_it_trained_before_the_compact_finder",
    "tests/web/test_web_hostile.py::test_10_one_client_may_start_so_many_sessions_a_minute",
    "tests/web/test_web_hostile.py::test_16_a_malformed_origin_host_or_referer_is_refused_and_counted",
    "tests/web/test_web_hostile.py::test_17_one_client_may_hold_so_many_connections",
    "tests/web/test_web_hostile.py::test_19_a_learner_that_cannot_save_is_said_once_in_the_log",
    "tests/web/test_web_hostile.py::test_20_an_ipv6_client_is_named_by_its_network",
    "tests/web/test_web_hostile.py::test_21_a_template_killed_while_sessions_open_leaves_no_zombie",
    "tests/web/test_web_sessions.py::test_a_busy_template_that_answers_in_turn_is_not_taken_for_dead",
    "tests/web/test_web_hostile.py::test_22_a_burst_of_ctrl_c_or_ctrl_backslash_never_shows_a_traceback",
    "tests/web/test_web_hostile.py::test_23_sighup_or_sigquit_stops_the_server_in_order[SIGHUP-idle]",
    "tests/web/test_web_hostile.py::test_23_sighup_or_sigquit_stops_the_server_in_order[SIGHUP-busy]",
    "tests/web/test_web_hostile.py::test_23_sighup_or_sigquit_stops_the_server_in_order[SIGQUIT-idle]",
    "tests/web/test_web_hostile.py::test_23_sighup_or_sigquit_stops_the_server_in_order[SIGQUIT-busy]",
    "tests/web/test_web_hostile.py::test_24_a_second_ctrl_c_stops_the_server_at_once_and_leaves_no_folder[SIGINT]",
    "tests/web/test_web_hostile.py::test_24_a_second_ctrl_c_stops_the_server_at_once_and_leaves_no_folder[SIGTERM]",
    "tests/robustness/test_signals.py::test_a_burst_of_ctrl_c_or_ctrl_backslash_on_a_terminal_never_shows_a_traceback",
    "tests/pascal_learner/test_pascal_datafile.py::test_the_load_of_a_large_store_shows_how_far_it_is_on_a_terminal_only[tty]",
    "tests/pascal_learner/test_pascal_datafile.py::test_the_load_of_a_large_store_shows_how_far_it_is_on_a_terminal_only[pipe]",
    "tests/web/test_web_hostile.py::test_14_a_client_that_half_closes_after_its_body_is_answered",
    "tests/web/test_web_hostile.py::test_13_a_second_ctrl_c_leaves_no_program_behind",
    "tests/pascal_learner/test_pascal_compiled.py::test_the_compiled_cache_plays_the_store_s_moves[20]",
    "tests/pascal_learner/test_pascal_matcher.py::test_a_trained_five_in_a_row_list_finds_the_reference_s_plans",
    "tests/web/test_web_sessions.py::test_a_template_that_dies_is_replaced_then_given_up_each_death_said",
    "tests/web/test_web_template.py",
    "tests/pascal_learner/test_pascal_compiled.py::test_the_compiled_cache_plays_the_store_s_moves[15]",
    "tests/web/test_web_hostile.py::test_15_an_unusable_data_file_is_said_in_the_servers_log[folder]",
    "tests/altair_3d/test_altair_listing.py::test_readings_search_pins_the_damaged_lines",
    "tests/altair_3d/test_altair_original.py::test_port_prints_what_the_interpreter_printed[--version 1]",
    "tests/altair_3d/test_altair_original.py::test_port_prints_what_the_interpreter_printed[--version 2 --check-combinations]",
    "tests/altair_3d/test_altair_original.py::test_port_prints_what_the_interpreter_printed[--version 2 --resume]",
    "tests/altair_3d/test_altair_original.py::test_port_prints_what_the_interpreter_printed[--version 2]",
    "tests/altair_3d/test_altair_properties.py::test_bad_input_never_raises",
    "tests/cpm_c/test_cpm_aztec.py::test_the_ports_comp_move_chooses_as_the_aztec_build_in_every_state[0]",
    "tests/cpm_c/test_cpm_aztec.py::test_the_ports_comp_move_chooses_as_the_aztec_build_in_every_state[1]",
    "tests/cpm_c/test_cpm_aztec.py::test_the_ports_comp_move_chooses_as_the_aztec_build_in_every_state[2]",
    "tests/cpm_c/test_cpm_aztec.py::test_the_ports_comp_move_chooses_as_the_aztec_build_in_every_state[3]",
    "tests/cpm_c/test_cpm_aztec.py::test_the_ports_comp_move_chooses_as_the_aztec_build_in_every_state[4]",
    "tests/cpm_c/test_cpm_aztec.py::test_the_ports_comp_move_chooses_as_the_aztec_build_in_every_state[5]",
    "tests/cpm_c/test_cpm_aztec.py::test_the_ports_comp_move_chooses_as_the_aztec_build_in_every_state[6]",
    "tests/cpm_c/test_cpm_aztec.py::test_the_ports_comp_move_chooses_as_the_aztec_build_in_every_state[7]",
    "tests/cpm_c/test_cpm_aztec.py::test_the_ports_comp_move_chooses_as_the_aztec_build_in_every_state[8]",
    "tests/cpm_c/test_cpm_properties.py::test_the_computer_never_takes_an_occupied_square_on_any_board",
    "tests/dialects/test_perl_dialect.py::test_numify_never_raises",
    "tests/pascal_learner/test_pascal_datafile.py::test_a_data_file_survives_a_kill_during_save",
    "tests/pascal_learner/test_pascal_learning.py::test_fixed_learning_gives_an_unbeatable_learner_that_says_draw[1]",
    "tests/pascal_learner/test_pascal_learning.py::test_fixed_learning_gives_an_unbeatable_learner_that_says_draw[2]",
    "tests/pascal_learner/test_pascal_learning.py::test_learning_from_nothing_gives_an_unbeatable_learner_that_says_the_first_player_wins[1]",
    "tests/pascal_learner/test_pascal_learning.py::test_learning_from_nothing_gives_an_unbeatable_learner_that_says_the_first_player_wins[2]",
    "tests/pascal_learner/test_pascal_matcher.py::test_a_tiny_position_memory_changes_nothing",
    "tests/pascal_learner/test_pascal_matcher.py::test_looking_ahead_or_walking_changes_nothing[at-once-numpy]",
    "tests/pascal_learner/test_pascal_matcher.py::test_looking_ahead_or_walking_changes_nothing[at-once-python]",
    "tests/pascal_learner/test_pascal_matcher.py::test_looking_ahead_or_walking_changes_nothing[never-numpy]",
    "tests/pascal_learner/test_pascal_matcher.py::test_looking_ahead_or_walking_changes_nothing[never-python]",
    "tests/pascal_learner/test_pascal_matcher.py::test_numpy_looks_ahead_as_python_does",
    "tests/pascal_learner/test_pascal_matcher.py::test_numpy_on_a_tic_tac_toe_list_changes_nothing",
    "tests/pascal_learner/test_pascal_matcher.py::test_the_plans_and_their_order_are_the_reference_s",
    "tests/pascal_learner/test_pascal_matcher.py::test_the_plans_looked_ahead_by_growth_are_the_reference_s",
    "tests/pascal_learner/test_pascal_matcher.py::test_training_with_either_matcher_gives_the_same_store_and_games[15x15]",
    "tests/pascal_learner/test_pascal_matcher.py::test_training_with_either_matcher_gives_the_same_store_and_games[3x3-fixed]",
    "tests/pascal_learner/test_pascal_matcher.py::test_training_with_either_matcher_gives_the_same_store_and_games[3x3]",
    "tests/pascal_learner/test_pascal_matcher.py::test_training_with_the_compact_finder_gives_the_same_store_and_games[3x3]",
    "tests/pascal_learner/test_pascal_matcher.py::test_training_with_the_compact_finder_gives_the_same_store_and_games[15x15]",
    "tests/pascal_learner/test_pascal_matcher.py::test_the_pivot_tree_s_depth_changes_nothing[flat]",
    "tests/pascal_learner/test_pascal_matcher.py::test_the_pivot_tree_s_depth_changes_nothing[one]",
    "tests/pascal_learner/test_pascal_matcher.py::test_the_pivot_tree_s_depth_changes_nothing[full]",
    "tests/pascal_learner/test_pascal_matcher.py::test_looking_ahead_or_walking_changes_nothing[at-once-long-list]",
    "tests/pascal_learner/test_pascal_matcher.py::test_looking_ahead_or_walking_changes_nothing[at-once-short-list]",
    "tests/pascal_learner/test_pascal_matcher.py::test_looking_ahead_or_walking_changes_nothing[never-long-list]",
    "tests/pascal_learner/test_pascal_matcher.py::test_looking_ahead_or_walking_changes_nothing[never-short-list]",
    "tests/pascal_learner/test_pascal_matcher.py::test_a_tiny_position_memory_changes_nothing",
    "tests/pascal_learner/test_pascal_pbrain.py::test_a_full_folder_is_played_without_saving",
    "tests/pascal_learner/test_pascal_pbrain.py::test_a_move_not_ready_in_time_is_answered_by_the_quick_move_and_the_next_waits_only_its_own_time",
    "tests/pascal_learner/test_pascal_pbrain_tournament.py::test_a_few_games_as_gomocupjudge_runs_them",
    "tests/pascal_learner/test_pascal_rules.py::test_a_literal_store_is_its_own_file_and_says_so",
    "tests/pascal_learner/test_pascal_train.py::test_fixed_training_concludes_draw",
    "tests/robustness/test_every_read.py::test_ctrl_c_at_every_read[pascal-learner/five-pipe]",
    "tests/robustness/test_every_read.py::test_end_of_input_at_every_read[pascal-learner/five-pipe]",
    "tests/robustness/test_fuzz.py::test_random_bytes_through_retro_run[altair-3d]",
    "tests/robustness/test_fuzz.py::test_random_bytes_through_retro_run[cpm-c]",
    "tests/robustness/test_fuzz.py::test_random_bytes_through_retro_run[fortran-rcd]",
    "tests/robustness/test_fuzz.py::test_random_bytes_through_retro_run[pascal-learner]",
    "tests/robustness/test_fuzz.py::test_random_bytes_through_retro_run[perl-midterm]",
    "tests/robustness/test_hostile_conditions.py::test_ctrl_c_in_a_long_command_is_130_without_aborted[audit]",
    "tests/robustness/test_hostile_conditions.py::test_ctrl_c_in_a_long_command_is_130_without_aborted[replay]",
    "tests/robustness/test_hostile_conditions.py::test_ctrl_c_while_retro_loads_never_shows_a_traceback",
    "tests/robustness/test_hostile_conditions.py::test_endless_input_without_a_line_break_costs_no_memory[altair-3d]",
    "tests/robustness/test_hostile_conditions.py::test_endless_input_without_a_line_break_costs_no_memory[cpm-c]",
    "tests/robustness/test_hostile_conditions.py::test_endless_input_without_a_line_break_costs_no_memory[fortran-rcd]",
    "tests/robustness/test_hostile_conditions.py::test_endless_input_without_a_line_break_costs_no_memory[pascal-learner]",
    "tests/robustness/test_hostile_transcripts.py::test_a_copied_folder_of_goldens_checks_and_writes_nothing",
    "tests/robustness/test_hostile_transcripts.py::test_checking_and_replaying_a_hostile_folder_changes_nothing_anywhere",
    "tests/robustness/test_learned_data.py::test_a_file_and_a_link_to_it_are_one_learners",
    "tests/robustness/test_learned_data.py::test_a_file_it_cannot_read_in_full_is_refused_and_kept[damage0]",
    "tests/robustness/test_learned_data.py::test_a_file_it_must_not_use_is_refused_and_kept[corrupted-run]",
    "tests/robustness/test_learned_data.py::test_a_file_it_must_not_use_is_refused_and_kept[newer-format-train]",
    "tests/robustness/test_learned_data.py::test_a_second_learner_on_a_file_in_use_is_refused",
    "tests/robustness/test_transcript_files.py::test_a_broken_file_is_named_with_its_line[binary]",
    "tests/test_audit.py::test_cpm_audit_counts_equal_a_brute_force_enumeration",
    "tests/test_audit.py::test_every_beating_line_wins_through_retro_run[fortran-rcd-options1-words1-Gana el humano]",
    "tests/test_audit.py::test_every_beating_line_wins_through_retro_run[perl-midterm-options2-words2-X wins.]",
    "tests/test_audit.py::test_fortran_audit_counts_equal_a_brute_force_enumeration[mj]",
    "tests/test_audit.py::test_pascal_audit_by_default_is_of_the_shipped_trained_store_as_readme_says",
    "tests/test_audit.py::test_pascal_audit_counts_equal_a_direct_enumeration_of_the_learners_choices[False-trained-3.data]",
    "tests/test_audit.py::test_pascal_audit_counts_equal_a_direct_enumeration_of_the_learners_choices[True-trained-3-fixed.data]",
    "tests/test_audit.py::test_perl_audit_counts_equal_a_brute_force_enumeration[pattern]",
    "tests/test_cast.py::test_every_shipped_session_s_cast_loads_and_ends_on_replay_s_screen[pascal-learner/five-pipe]",
    "tests/test_cast.py::test_retro_cast_writes_nothing_but_its_file_or_standard_output",
    "tests/test_cli.py::test_check_of_the_golden_transcripts_passes",
    "tests/test_cli.py::test_the_menu_in_a_pipe_runs_a_program_with_variants_and_comes_back",
    "tests/test_golden.py::test_every_port_with_cases_has_a_table_of_them",
    "tests/test_messages.py::test_baud_takes_the_standard_rates_from_50_to_19200",
    "tests/test_packaging.py",
    "tests/installed/test_installed.py",
    "tests/test_lint.py::test_mypy_finds_nothing_in_retro",
    "tests/test_lint.py::test_ruff_finds_nothing",
    "tests/test_lint.py::test_the_checks_catch_what_they_are_for",
    "tests/test_perfect_play.py::test_known_counts_of_positions_and_games",
    "tests/test_screen_layout.py::test_the_menu_reads_whole_and_shows_every_session_count_and_key[20-60]",
    "tests/test_screen_layout.py::test_the_menu_reads_whole_and_shows_every_session_count_and_key[24-80]",
    "tests/test_screen_layout.py::test_the_menu_reads_whole_and_shows_every_session_count_and_key[40-100]",
    "tests/test_screen_layout.py::test_the_menu_reads_whole_and_shows_every_session_count_and_key[43-132]",
    "tests/test_screen_layout.py::test_the_sessions_lists_read_whole[43-132]",
    "tests/test_sessions.py::test_check_without_paths_checks_the_shipped_sessions_from_any_folder",
    "tests/test_sessions.py::test_the_pipe_menu_lists_programs_then_a_programs_sessions_and_replays_one_at_a_pace",
    "tests/test_tables.py::test_the_table_fits_80_columns[args4]",
    "tests/test_tournament.py::test_the_command_prints_the_same_table_as_json_and_is_repeatable",
    "tests/test_user_words.py::test_the_random_state_is_still_taken_by_its_old_name",
    "tests/web/test_web_hostile.py::test_1_a_body_in_pieces_is_read_whole",
    "tests/web/test_web_hostile.py::test_1_a_body_that_does_not_come_is_given_up",
    "tests/web/test_web_hostile.py::test_2_a_post_run_ends_when_its_client_goes",
    "tests/web/test_web_hostile.py::test_2_a_run_cut_short_leaves_the_log_clean",
    "tests/web/test_web_hostile.py::test_4_connections_that_never_finish_their_headers_are_closed",
    "tests/web/test_web_hostile.py::test_6_visitors_play_the_learner_together",
    "tests/web/test_web_proxy.py::test_a_terminal_session_over_the_proxied_websocket",
    "tests/web/test_web_sessions.py::test_a_program_that_ignores_the_hang_up_is_killed_when_the_server_stops",
    "tests/web/test_web_sessions.py::test_a_visitor_who_leaves_takes_the_program_along",
    "tests/web/test_web_sessions.py::test_an_idle_session_ends_plainly",
    "tests/web/test_web_sessions.py::test_an_idle_session_is_warned_before_it_ends_and_may_go_on",
    "tests/web/test_web_sessions.py::test_ctrl_c_stops_the_server_and_its_sessions",
    "tests/altair_3d/test_altair_original.py::test_port_prints_what_the_interpreter_printed[--version 2 --no-boards]",
    "tests/cpm_c/test_cpm_properties.py::test_bad_input_never_raises",
    "tests/cpm_c/test_cpm_properties.py::test_the_computer_never_takes_an_occupied_square_in_play",
    "tests/dialects/test_c_dialect.py::test_a_line_taken_a_run_at_a_time_reads_as_byte_by_byte",
    "tests/dialects/test_fortran_dialect.py::test_a_string_s_bytes_taken_a_run_at_a_time_read_as_one_by_one",
    "tests/pascal_learner/test_pascal_compiled.py::test_learn_pending_makes_the_caches_of_a_store_no_brain_played_from",
    "tests/pascal_learner/test_pascal_compiled.py::test_run_five_plays_and_learns_from_the_compact_form_as_from_the_store",
    "tests/pascal_learner/test_pascal_compiled.py::test_run_five_says_how_far_the_reading_is_while_it_compiles",
    "tests/pascal_learner/test_pascal_matcher.py::test_the_threats_kept_along_a_game_are_the_threats_found_afresh",
    "tests/pascal_learner/test_pascal_pbrain.py::test_a_scripted_manager_plays_a_game_and_the_brain_learns_from_its_loss",
    "tests/pascal_learner/test_pascal_pbrain.py::test_sigterm_after_a_lost_game_still_learns_it",
    "tests/pascal_learner/test_pascal_rules.py::test_train_help_says_what_each_partner_is[WarGames]",
    "tests/pascal_learner/test_pascal_schemes.py::test_a_scheme_matches_a_position_iff_its_turned_copy_matches_the_turned_position",
    "tests/pascal_learner/test_pascal_schemes.py::test_useful_orientations_are_exactly_the_distinct_copies",
    "tests/pascal_learner/test_pascal_train.py::test_in_a_pipe_only_the_summary",
    "tests/pascal_learner/test_pascal_train.py::test_json_summary_and_the_flawed_verdict",
    "tests/pascal_learner/test_pascal_train.py::test_on_a_terminal_the_chart_is_redrawn_in_place",
    "tests/perl_midterm/test_perl_midterm_game.py::test_bad_input_never_raises",
    "tests/robustness/test_fuzz.py::test_retro_run_survives[one-megabyte-line-data1-fortran-rcd]",
    "tests/robustness/test_hostile_conditions.py::test_a_full_output_is_a_write_error[train]",
    "tests/robustness/test_hostile_conditions.py::test_a_reader_that_goes_away_gives_141_for_every_command[train]",
    "tests/robustness/test_hostile_conditions.py::test_endless_input_without_a_line_break_costs_no_memory[perl-midterm]",
    "tests/robustness/test_transcript_files.py::test_a_broken_file_is_named_with_its_line[unclosed-input]",
    "tests/test_audit.py::test_every_beating_line_wins_through_retro_run[altair-3d-options4-words4-YOU WON]",
    "tests/test_audit.py::test_every_beating_line_wins_through_retro_run[fortran-rcd-options0-words0-Gana el humano]",
    "tests/test_cli.py::test_record_then_check_round_trip_and_a_changed_character_fails",
    "tests/test_options.py::test_no_function_of_retro_takes_its_options_untyped",
    "tests/test_perfect_play.py::test_three_in_a_row_on_3x4_is_a_first_player_win",
    "tests/test_suppressions.py::test_every_suppression_in_the_repository_names_its_reason",
    "tests/test_tables.py::test_the_sessions_names_stand_alone_and_their_titles_wrap_whole_under_them",
    "tests/web/test_web_api.py::test_the_api_answers_with_the_bytes_of_retro_run[altair-3d]",
    "tests/web/test_web_hostile.py::test_10_one_client_may_write_so_many_lines_of_the_log",
    "tests/web/test_web_hostile.py::test_15_an_unusable_data_file_is_said_in_the_servers_log[garbage]",
    "tests/web/test_web_hostile.py::test_5_a_malformed_request_is_one_line_in_the_log",
    "tests/web/test_web_proxy.py::test_a_learner_game_through_each_backend_learns_into_one_store",
    "tests/web/test_web_proxy.py::test_a_post_run_through_the_proxy",
    "tests/web/test_web_takehome.py::test_a_served_games_are_deleted_when_the_server_stops",
    "tests/altair_3d/test_altair_original.py::test_port_prints_what_the_interpreter_printed[--version 1 --no-boards]",
    "tests/fortran_rcd/test_author_build.py::test_identical_rows_are_printed_by_the_port",
    "tests/fortran_rcd/test_fortran_port.py::test_any_input_ends_as_the_original_would",
    "tests/fortran_rcd/test_original_manifest.py::test_port_prints_what_the_build_printed[game]",
    "tests/pascal_learner/test_pascal_compiled.py::test_a_damaged_or_foreign_cache_is_ignored_and_made_again[cut-short]",
    "tests/pascal_learner/test_pascal_compiled.py::test_the_cache_is_compiled_a_block_at_a_time_to_the_same_bytes[20]",
    "tests/pascal_learner/test_pascal_program.py::test_five_in_a_row_on_the_screen_is_the_game_of_the_pipe_transcript",
    "tests/pascal_learner/test_pascal_rules.py::test_train_help_says_what_each_partner_is[perfect player]",
    "tests/pascal_learner/test_pascal_rules.py::test_train_help_says_what_each_partner_is[random]",
    "tests/pascal_learner/test_pascal_rules.py::test_train_help_says_what_each_partner_is[self]",
    "tests/pascal_learner/test_pascal_rules.py::test_without_forced_line_no_line_is_played_out",
    "tests/pascal_learner/test_pascal_schemes.py::test_growth_is_where_a_mark_makes_a_new_plan",
    "tests/pascal_learner/test_pascal_schemes.py::test_victoryplans_finds_what_placing_each_scheme_by_hand_finds",
    "tests/pascal_learner/test_pascal_train.py::test_each_opponent_trains[perfect]",
    "tests/pascal_learner/test_pascal_train.py::test_the_store_keeps_growing_across_runs",
    "tests/robustness/test_every_read.py::test_ctrl_c_at_every_read[pascal-learner/literal-learns]",
    "tests/robustness/test_every_read.py::test_end_of_input_at_every_read[pascal-learner/literal-learns]",
    "tests/robustness/test_hostile_conditions.py::test_a_closed_standard_input_is_the_end_of_input[tournament]",
    "tests/robustness/test_hostile_conditions.py::test_a_closed_standard_input_is_the_end_of_input[train]",
    "tests/robustness/test_hostile_conditions.py::test_a_closed_standard_output_is_a_write_error[menu]",
    "tests/robustness/test_hostile_conditions.py::test_a_closed_standard_output_is_a_write_error[tournament]",
    "tests/robustness/test_hostile_conditions.py::test_a_closed_standard_output_is_a_write_error[train]",
    "tests/robustness/test_hostile_conditions.py::test_a_full_output_is_a_write_error[audit]",
    "tests/robustness/test_hostile_conditions.py::test_a_full_output_is_a_write_error[menu]",
    "tests/robustness/test_hostile_conditions.py::test_a_full_output_is_a_write_error[tournament]",
    "tests/robustness/test_hostile_conditions.py::test_help_as_a_variant_in_the_pipe_menu_lists_the_variants",
    "tests/robustness/test_learned_data.py::test_a_data_file_that_is_a_device_or_a_fifo_is_refused_by_its_type",
    "tests/robustness/test_learned_data.py::test_a_file_it_must_not_use_is_refused_and_kept[binary-train]",
    "tests/robustness/test_learned_data.py::test_a_file_it_must_not_use_is_refused_and_kept[corrupted-train]",
    "tests/robustness/test_learned_data.py::test_a_file_it_must_not_use_is_refused_and_kept[foreign-train]",
    "tests/robustness/test_learned_data.py::test_a_file_it_must_not_use_is_refused_and_kept[other-winalign-train]",
    "tests/robustness/test_learned_data.py::test_a_file_it_must_not_use_is_refused_and_kept[truncated-train]",
    "tests/robustness/test_transcript_files.py::test_a_broken_file_is_named_with_its_line[bad-header]",
    "tests/robustness/test_transcript_files.py::test_a_broken_file_is_named_with_its_line[bad-stdin]",
    "tests/robustness/test_transcript_files.py::test_a_broken_file_is_named_with_its_line[empty]",
    "tests/robustness/test_transcript_files.py::test_a_broken_file_is_named_with_its_line[foreign]",
    "tests/robustness/test_transcript_files.py::test_a_broken_file_is_named_with_its_line[no-body]",
    "tests/robustness/test_transcript_files.py::test_a_broken_file_is_named_with_its_line[stray-marker]",
    "tests/test_audit.py::test_fortran_audit_counts_equal_a_brute_force_enumeration[ia]",
    "tests/test_cli.py::test_a_session_recorded_with_its_output_to_a_file_replays_as_it_was_recorded",
    "tests/test_layout.py::test_no_module_imports_itself_back",
    "tests/test_messages.py::test_an_unknown_program_is_named_with_the_programs_there_are[train]",
    "tests/test_sessions.py::test_the_figures_and_samples_come_first",
    "tests/test_sessions.py::test_the_pipe_menu_ends_cleanly_at_end_of_input_in_a_session_list",
    "tests/test_sessions.py::test_the_pipe_menus_session_list_refuses_what_it_cannot_do[1 --baud 0---baud]",
    "tests/test_sessions.py::test_the_pipe_menus_session_list_refuses_what_it_cannot_do[1 --speed 3-No such option]",
    "tests/test_tables.py::test_the_tournament_numbers_its_columns_as_its_rows",
    "tests/test_user_words.py::test_what_the_commands_show[train --help]",
    "tests/test_user_words.py::test_what_the_commands_show[train pascal-learner --help]",
    "tests/test_userdirs.py::test_a_learner_run_from_two_folders_is_one_learner",
    "tests/web/test_web_player.py::test_a_sessions_moves_are_the_casts_markers",
    "tests/web/test_web_player.py::test_a_shipped_sessions_cast_is_retro_casts_to_download",
    "tests/web/test_web_screen_text.py::test_the_rows_are_left_out_of_a_recording_wherever_the_pieces_break",
    "tests/web/test_web_sessions.py::test_a_teletype_session_on_the_pty_is_the_pipe_session_echoed[cpm-c]",
    "tests/web/test_web_takehome.py::test_a_visitors_game_is_offered_at_its_end_and_passes_retro_check[cpm-c]",
    "tests/web/test_web_takehome.py::test_a_visitors_game_is_offered_at_its_end_and_passes_retro_check[fortran-rcd]",
}


# Tests that build the package from the working tree (its build/ and
# *.egg-info/ folders) run one after the other, whichever pytest-xdist worker
# runs them: each holds a lock file of the run's, by its name here.
ONE_AT_A_TIME = {"tests/test_packaging.py": "the-trees-build",
                 "tests/installed/test_installed.py": "the-trees-build"}


@pytest.fixture(autouse=True)
def _one_at_a_time(request, tmp_path_factory) -> Iterator[None]:
    """A test of ONE_AT_A_TIME waits for the others of its name."""
    name = ONE_AT_A_TIME.get(request.node.path.relative_to(ROOT).as_posix())
    if name is None:
        yield
        return
    # the parent of each worker's base folder is the run's (pytest-xdist's own advice)
    with open(tmp_path_factory.getbasetemp().parent / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _functions(value: object, names: dict[str, Any]) -> list[FunctionType]:
    """A function of the test's module, or the methods of a class defined there."""
    if isinstance(value, FunctionType):
        return [value]
    if isinstance(value, type) and value.__module__ == names.get("__name__"):
        return [method for method in vars(value).values() if isinstance(method, FunctionType)]
    return []


def _uses(item: pytest.Function, modules: set[str]) -> bool:
    """Whether the test reaches one of the modules `modules`: its own code, the
    fixtures it asks for, or the functions of its module they call, import
    one, or name a module, class or function taken from one."""
    seen: set[CodeType] = set()

    def reaches(code: CodeType, names: dict[str, Any]) -> bool:
        if code in seen:
            return False
        seen.add(code)
        for name in code.co_names:
            value = names.get(name)
            origin = getattr(value, "__name__" if isinstance(value, ModuleType) else "__module__", None)
            if name in modules or str(origin).partition(".")[0] in modules:
                return True
            if any(reaches(function.__code__, function.__globals__) for function in _functions(value, names)):
                return True
        return any(isinstance(inner, CodeType) and reaches(inner, names) for inner in code.co_consts)

    # the fixtures' definitions, as pytest resolved them for this test (it has no public name for them)
    fixtures = [definition.func for definitions in item._fixtureinfo.name2fixturedefs.values()
                for definition in definitions]
    return any(reaches(function.__code__, function.__globals__)
               for function in [item.function, *fixtures] if isinstance(function, FunctionType))


@pytest.hookimpl(tryfirst=True)  # before -m selects by the markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if not isinstance(item, pytest.Function):
            continue  # a doctest: quick, none of them drives a terminal
        if _uses(item, {"pexpect", "pty_terminal"}):
            item.add_marker(pytest.mark.pty)
        if _uses(item, {"playwright"}):
            item.add_marker(pytest.mark.browser)
        path = item.path.relative_to(ROOT).as_posix()
        if path in SLOW or item.nodeid in SLOW:
            item.add_marker(pytest.mark.slow)

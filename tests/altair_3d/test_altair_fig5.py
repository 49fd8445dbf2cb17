"""Fig. 5's sample games, replayed through the program as `retro run altair-3d`
runs it (options parsed as on the command line, moves typed into a pipe).

The expected moves are typed here from the seed (Fig. 5), independently of
the port's own copy in referee.py and of the transcript files.
"""
import re

import pytest

from retro.ports.altair_3d import PROGRAM, computer_reply
from retro.console import LineConsole

# Fig. 5. Sample games: (version, player's moves, computer's moves, ending)
FIG5_GAMES = [
    ("2", ["1,4", "1,13", "1,11", "1,3", "1,7"], [(2, 8), (2, 10), (1, 14), (3, 6), (4, 2)], "Computer Wins"),
    ("2", ["1,4", "1,13", "1,11", "1,3", "4,2", "1,7", "1,15"], [(2, 8), (2, 10), (1, 14), (3, 6), (1, 8), (1, 10)], "Player Wins"),
    ("3", ["1,4", "1,13", "2,4", "2,13", "2,11", "2,3", "3,4", "3,13", "3,1", "3,14"],
     [(1, 1), (1, 7), (4, 4), (4, 13), (1, 16), (2, 7), (4, 1), (2, 1), (3, 3), (2, 2)], "Computer Wins"),
]

MOVE = re.compile(r"I (WANT|WON WITH) BOARD (-?\d+) POSITION (-?\d+) \n")


def play(version, moves, extra=()):
    console = LineConsole.from_lines(list(moves) + list(extra))
    options = PROGRAM.parse_options(["--version", version])
    status = PROGRAM.run(console, options)
    return console.output(), status


@pytest.mark.parametrize("version,moves,answers,ending", FIG5_GAMES, ids=["v2-computer-wins", "v2-player-wins", "v3-computer-wins"])
def test_fig5_game_replays_move_for_move(version, moves, answers, ending):
    out, status = play(version, moves)
    assert status == 0
    found = [(int(b), int(p)) for _, b, p in MOVE.findall(out)]
    assert found == answers
    if ending == "Computer Wins":
        assert MOVE.findall(out)[-1][0] == "WON WITH"
        assert "THE OLD" in out and "YOU WON" not in out
        assert out.endswith("READY? \n\nBREAK IN 382\nOK\n")
    else:
        assert "\nYOU WON\n" in out and "I WON" not in out
        # line 410 goes back to line 80: a new game, no READY
        assert out.split("\nYOU WON\n")[1].count("YOUR MOVES ARE UU AND I'M CC\n") == 1
        assert "READY" not in out


@pytest.mark.parametrize("version,moves,answers,ending", FIG5_GAMES[:2], ids=["v2-computer-wins", "v2-player-wins"])
def test_fig5_version_2_games_against_version_3_go_otherwise(version, moves, answers, ending):
    """The article: the winning moves "pitted against Version 3 without any
    success for the player" -- version 3 answers 1,4 with 1,1, not 2,8."""
    out, _ = play("3", moves[:1])
    assert MOVE.findall(out)[0][1:] == ("1", "1")


def test_fig5_through_the_reply_api():
    """The same answers from computer_reply(), the function the audit calls."""
    for version, moves, answers, ending in FIG5_GAMES:
        player, computer, last = [], [], 0
        for typed, answer in zip(moves, answers + [None]):
            board, position = map(int, typed.split(","))
            player.append((board - 1) * 16 + position)
            reply = computer_reply(player, computer, int(version), last_move=last)
            if answer is None:
                assert reply.kind == "player_won" and ending == "Player Wins"
                break
            assert (reply.board, reply.position) == answer
            box = (answer[0] - 1) * 16 + answer[1]
            assert reply.box == box
            computer.append(box)
            last = box
            if reply.kind == "computer_won":
                assert ending == "Computer Wins" and answer == answers[-1]


def test_fig5_computer_wins_print_THE_OLD_with_the_box():
    """Line 365 overwrites M5 (the combination) with the box before line 368
    prints it: THE OLD 50 for the win at board 4 position 2 (combination
    62 = 14 26 38 50)."""
    out, _ = play("2", FIG5_GAMES[0][1])
    assert "THE OLD 50 \nI WON WITH BOARD 4 POSITION 2 \n" in out
    out, _ = play("3", FIG5_GAMES[2][1])
    assert "THE OLD 18 \nI WON WITH BOARD 2 POSITION 2 \n" in out


def test_fig5_second_game_through_the_audit_adapter():
    from retro.ports.altair_3d.audit import AltairSubject
    from retro.audit.explore import HUMAN

    subject = AltairSubject("2")
    game = subject.new_game(subject.starts()[0])
    answers = []
    for move in FIG5_GAMES[1][1]:
        assert move in game.human_moves()
        game.play_human(move)
        answer = game.play_program(None)
        if answer:
            answers.append(tuple(map(int, answer.split(","))))
    assert answers == FIG5_GAMES[1][2] and game.result() == HUMAN

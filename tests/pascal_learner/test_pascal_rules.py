"""The reconstruction's additions as switches (rules.py) and --literal."""
import dataclasses
import random
import subprocess
import sys

import pytest

from retro.ports.pascal_learner.play import choice
from retro.ports.pascal_learner.model.board import Board, Grid
from retro.ports.pascal_learner.learning.improveschemes import construct, scheme_level
from retro.ports.pascal_learner.learning.learner import DRAW, UNDECIDED, Learner
from retro.ports.pascal_learner.planfinder.incremental import PlanFinder
from retro.ports.pascal_learner.model.rules import DEFAULT, LITERAL, Rules
from retro.ports.pascal_learner.model.schemes import Scheme, SchemeList

from pascal_helpers import fixture, position

TTT = Grid(3, 3, 3)


def test_literal_switches_every_addition_off_and_the_default_none():
    assert DEFAULT.off() == []
    assert LITERAL.off() == [f.name for f in dataclasses.fields(Rules) if f.name != "level_of_highest"]
    assert not DEFAULT.level_of_highest and not LITERAL.level_of_highest


def test_the_level_is_the_prose_shortest_sequence_unless_asked_for_the_longest():
    """"the number of moves to win the game when following the shortest sequence"."""
    highest = dataclasses.replace(DEFAULT, level_of_highest=True)
    assert scheme_level([1, 2]) == 2 and scheme_level([1, 2], LITERAL) == 2 and scheme_level([1, 2], highest) == 3
    assert scheme_level([2, 2, 3, 3]) == 3 and scheme_level([2, 2, 3, 3], highest) == 4


def test_without_forced_line_no_line_is_played_out(monkeypatch):
    calls = []
    real = choice.forcedline
    monkeypatch.setattr(choice, "forcedline", lambda *a: calls.append(a) or real(*a))
    learner = Learner.empty(TTT, rng=random.Random(0))
    from retro.ports.pascal_learner.training.train import Trainer

    Trainer(learner, "mix").train(60)
    assert calls  # the default plays forced lines out
    calls.clear()
    literal = Learner(TTT, learner.store, rules=dataclasses.replace(DEFAULT, forced_line=False))
    for square in range(9):
        board = Board(TTT)
        literal.candidatemoves(board.with_move(square, 1), 2)
    assert calls == []


def test_without_merge_covered_a_covered_scheme_is_added():
    simple = Scheme.canonical(1, [(0, 0)], [(0, 1), (0, 2)])
    covered = Scheme.canonical(2, [(0, 0), (1, 1)], [(0, 1), (0, 2)])
    merging, keeping = SchemeList(3), SchemeList(3)
    for schemes, merge in ((merging, True), (keeping, False)):
        schemes.add(simple, merge_covered=merge)
        schemes.add(covered, merge_covered=merge)
    assert simple.subsumes(covered)
    assert len(merging) == 1 and len(keeping) == 2


def test_without_calm_draw_a_hundred_quiet_games_are_no_draw():
    learner = Learner.empty(TTT)
    learner.store.games, learner.store.lastloss = 200, 0
    assert learner.verdict() == DRAW
    quiet = Learner(TTT, learner.store, rules=dataclasses.replace(DEFAULT, calm_draw=False))
    assert quiet.verdict() == UNDECIDED


def train(tmp_path, *args):
    return subprocess.run([sys.executable, "-m", "retro", "train", "pascal-learner", "--games", "30",
                           "--seed", "1", *args], cwd=tmp_path, capture_output=True, text=True)


def test_a_literal_store_is_its_own_file_and_says_so(tmp_path):
    assert train(tmp_path, "--literal", "--data", "L").returncode == 0
    assert "rules literal" in (tmp_path / "L").read_text()
    refused = train(tmp_path, "--data", "L")
    assert refused.returncode == 1 and "learnt under the literal rules: run with --literal" in refused.stderr
    assert train(tmp_path, "--literal", "--fixed", "--data", "M").returncode == 1


@pytest.mark.parametrize("word", ["perfect player", "random", "self", "WarGames"])
def test_train_help_says_what_each_partner_is(word):
    out = subprocess.run([sys.executable, "-m", "retro", "train", "pascal-learner", "--help"],
                         capture_output=True, text=True).stdout
    assert word in " ".join(out.split())


def test_a_store_records_its_rule_set_and_a_partial_one_is_custom():
    from retro.ports.pascal_learner.learning.learner import rules_word

    assert rules_word(False, DEFAULT) == "flawed" and rules_word(True, DEFAULT) == "fixed"
    assert rules_word(False, LITERAL) == "literal"
    assert rules_word(False, dataclasses.replace(DEFAULT, repair=False)) == "custom"


def test_without_skip_if_loser_threatens_a_fork_is_learnt_where_the_loser_wins_at_once():
    """X at 2 and 6 plays 0 (a fork: 0-1-2 and 0-3-6) while O, at 4 and 7,
    completes 1-4-7 at once.  By default nothing is learnt there; with the
    addition off the flawed fork rule makes a scheme of it."""
    lines = SchemeList(3)
    for s in fixture("trained-3.data").schemes:
        if s.level == 1:
            lines.add(s)
    after = position(["X.X", ".O.", "XO."])
    finder = PlanFinder(lines, TTT)
    assert finder.threats(after, 2) == {1}
    assert construct(finder, after, 0, 1, fixed=False) == (None, 0)
    scheme, unanswered = construct(finder, after, 0, 1, fixed=False,
                                   rules=dataclasses.replace(DEFAULT, skip_if_loser_threatens=False))
    assert scheme is not None and unanswered == 0

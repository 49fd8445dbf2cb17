"""`retro train pascal-learner`: the WarGames mode."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from retro.ports.pascal_learner import PROGRAM
from retro.ports.pascal_learner.store.datafile import load
from retro.ports.pascal_learner.training.train import Trainer


def train_group():
    (group,) = [c for c in PROGRAM.commands if c.name == "train"]
    return group


def invoke(*args: str):
    return CliRunner().invoke(train_group(), ["pascal-learner", *args], catch_exceptions=False)


def test_json_summary_and_the_flawed_verdict(tmp_path):
    path = tmp_path / "d"
    result = invoke("--games", "600", "--seed", "1", "--data", str(path), "--json")
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    assert set(summary) == {"games", "lost", "schemes", "verdict", "timing"}
    figures = summary["timing"]
    assert set(figures) == {"slowest_move_ms", "p95_move_ms", "slowest_lost_game_ms", "p95_lost_game_ms"}
    assert 0 < figures["p95_move_ms"] <= figures["slowest_move_ms"]
    assert 0 < figures["p95_lost_game_ms"] <= figures["slowest_lost_game_ms"]
    assert summary["games"] == 600 and 0 < summary["lost"] < 100
    assert summary["verdict"] == "first player wins"
    store = load(path, 3, "flawed")
    assert {str(k): v for k, v in store.schemes.counts().items()} == summary["schemes"]
    assert store.games == 600 and store.lost == summary["lost"]


def test_fixed_training_concludes_draw(tmp_path):
    result = invoke("--games", "600", "--seed", "1", "--fixed", "--data", str(tmp_path / "d"), "--json")
    assert json.loads(result.stdout)["verdict"] == "draw"


def test_in_a_pipe_only_the_summary(tmp_path):
    result = invoke("--games", "200", "--seed", "3", "--data", str(tmp_path / "d"))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 3 and "\x1b" not in result.stdout
    assert lines[0].startswith("Played 200 games of Tic-Tac-Toe in ")
    assert lines[-1].startswith("Verdict: ")


def test_on_a_terminal_the_chart_is_redrawn_in_place(tmp_path):
    from retro.ports.pascal_learner.training.train import train
    console = FakeConsole()
    status = train(console, 300, seed=1, data=str(tmp_path / "d"), live=True)
    assert status == 0
    text = "".join(console.out)
    frames = text.split("\x1b[J")
    assert len(frames) >= 2, "drawn at least at the start and the end"
    last = frames[-2]
    assert "\x1b[" in last and "A" in last.split("\r", 1)[0], "the cursor goes back up over the last chart"
    lines = [line.split("\x1b[K")[0] for line in last.split("\r")[1:]]
    assert lines[0].startswith("300/300 games in ")
    assert lines[1] == "lost per 100 games (hundreds 1-3)"
    store = load(tmp_path / "d", 3, "flawed")
    assert lines[-len(store.schemes.counts()) - 1] == f"schemes by level: {len(store.schemes)}"


class FakeConsole:
    interactive = False
    output_kind = "tty"

    def __init__(self):
        self.out, self.err = [], []

    def write(self, text):
        self.out.append(text)

    def write_err(self, text):
        self.err.append(text)


def test_the_store_keeps_growing_across_runs(tmp_path):
    path = tmp_path / "d"
    invoke("--games", "20", "--seed", "1", "--data", str(path), "--json")
    first = load(path, 3, "flawed")
    result = invoke("--games", "20", "--seed", "2", "--data", str(path), "--json")
    second = load(path, 3, "flawed")
    assert second.games == 40 and len(second.schemes) >= len(first.schemes)
    assert json.loads(result.stdout)["games"] == 20


def test_ctrl_c_keeps_all_that_was_learnt(tmp_path, monkeypatch):
    path = tmp_path / "d"
    play = Trainer.play

    def interrupted(self, game):
        if game == 30:
            raise KeyboardInterrupt
        return play(self, game)

    monkeypatch.setattr(Trainer, "play", interrupted)
    result = invoke("--games", "100", "--seed", "1", "--data", str(path), "--json")
    assert result.exit_code == 130
    summary = json.loads(result.stdout)
    assert summary["games"] == 30
    store = load(path, 3, "flawed")
    assert store.games == 30 and store.lost == summary["lost"] > 0
    assert {str(k): v for k, v in store.schemes.counts().items()} == summary["schemes"]


def test_ctrl_c_during_learning_keeps_the_whole_schemes_added(tmp_path, monkeypatch):
    from retro.ports.pascal_learner.learning import learner as learner_module
    path = tmp_path / "d"
    real = learner_module.improveschemes
    calls = []

    def learn_then_interrupt(schemes, *args, **kwargs):
        calls.append(1)
        added = real(schemes, *args, **kwargs)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return added

    monkeypatch.setattr(learner_module, "improveschemes", learn_then_interrupt)
    result = invoke("--games", "100", "--seed", "1", "--data", str(path), "--json")
    assert result.exit_code == 130
    assert sum(json.loads(result.stdout)["schemes"].values()) == len(load(path, 3, "flawed").schemes) > 0


def test_perfect_needs_a_small_grid(tmp_path):
    result = invoke("--games", "1", "--five", "--opponent", "perfect", "--data", str(tmp_path / "d"))
    assert result.exit_code == 2
    assert "--opponent perfect plays only on grids of at most 12 squares; use self or random" in result.stderr
    assert not (tmp_path / "d").exists()


@pytest.mark.parametrize("opponent", ["self", "random", "perfect"])
def test_each_opponent_trains(tmp_path, opponent):
    result = invoke("--games", "30", "--seed", "1", "--opponent", opponent, "--data", str(tmp_path / "d"), "--json")
    assert result.exit_code == 0
    summary = json.loads(result.stdout)
    assert summary["games"] == 30 and summary["schemes"]


def test_on_large_grids_the_mix_plays_itself_instead_of_the_perfect_player():
    from retro.ports.pascal_learner.model.board import CIRCLE, CROSS, Grid
    from retro.ports.pascal_learner.learning.learner import Learner
    trainer = Trainer(Learner.empty(Grid(15, 15, 5)), "mix")
    assert [trainer.schedule(g) for g in range(4)] == [(CROSS, "self"), (CIRCLE, "self"), (CROSS, "random"),
                                                       (CIRCLE, "self")]
    small = Trainer(Learner.empty(Grid(3, 3, 3)), "mix")
    assert [small.schedule(g)[1] for g in range(3)] == ["perfect", "perfect", "random"]


def test_five_in_a_row_self_play_learns(tmp_path):
    result = invoke("--games", "3", "--five", "--opponent", "self", "--seed", "1", "--data", str(tmp_path / "d"),
                    "--json")
    summary = json.loads(result.stdout)
    assert summary["lost"] == 3 and "1" in summary["schemes"]  # self-play: every decided game is lost
    assert (tmp_path / "d").read_text().splitlines()[1] == "winalign 5"


def test_a_foreign_file_stops_training(tmp_path):
    path = tmp_path / "d"
    path.write_text("not mine\n")
    result = invoke("--games", "5", "--data", str(path))
    assert result.exit_code == 1 and "not a schemes file" in result.stderr
    assert path.read_text() == "not mine\n"


def test_the_training_loop_learns_from_each_lost_game_records_every_game_and_saves(tmp_path):
    """Trainer.train, the one loop of `retro train`, the tests, the benchmark
    and tools/pascal_measure.py: a lost game is learnt and saved, every game
    is recorded, and each is told to the caller in order, numbered on."""
    import random

    from retro.ports.pascal_learner.learning.learner import Learner
    from retro.ports.pascal_learner.model.board import Grid
    from retro.ports.pascal_learner.store.datafile import render
    learner = Learner.empty(Grid(3, 3, 3), rng=random.Random(3), path=tmp_path / "d")
    trainer = Trainer(learner, "mix")
    told = []
    trainer.train(40, told.append)
    trainer.train(20, told.append)
    assert [game.number for game in told] == list(range(60)) and trainer.played == 60
    lost = [game for game in told if game.lost]
    assert lost and learner.store.games == 60 and learner.store.lost == len(lost)
    assert learner.store.lastloss == lost[-1].number + 1
    assert sum(len(game.added) for game in told) == len(learner.schemes) > 0
    assert len(trainer.learn_times) == len(lost) and all(game.learn_seconds > 0 for game in lost)
    assert sum(len(game.move_seconds) for game in told) == len(trainer.move_times)
    saved = load(tmp_path / "d", 3, "flawed")  # saved after each lost game, the last one included
    assert saved.games == lost[-1].number + 1 and saved.lost == len(lost)
    assert render(saved).split("\nlastloss")[1] == render(learner.store).split("\nlastloss")[1]

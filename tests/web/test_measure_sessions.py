"""The measure of `retro serve`'s crowds (measure_sessions, which `make bench` runs): a few
visitors, to show that it measures every visitor it sends and fails loudly when one is lost."""
from pathlib import Path

import pytest

import measure_sessions
from retro import catalog


def test_more_visitors_than_one_clients_share_are_all_measured() -> None:
    figures = measure_sessions.load(6, "forked")  # the default share of one client is 5 sessions
    assert sum(len(times) for times in figures.prompts.values()) == len(figures.answers) == 6
    assert len(figures.session_pss) == 6


def test_the_measures_server_lifts_every_limit_of_one_client() -> None:
    """A crowd comes from one address: each of a client's limits (sessions,
    starts, log lines, connections ...) is lifted, or the crowd measures a
    limit (the benchmark lost 118 of 150 to the client's 32 connections)."""
    from dataclasses import fields

    from retro.web.config import Limits

    clients = [field.name for field in fields(Limits)
               if field.name.startswith("client_") and field.name != "client_ipv6_prefix"]  # no limit: a grouping
    assert clients and [name for name in clients if f"{name}=" not in measure_sessions.SERVER] == []


def test_a_crowd_of_every_program_is_served_held_and_leaves_nothing_behind() -> None:
    programs = tuple(catalog.programs())
    figures = measure_sessions.load(len(programs) * 2, "forked", programs, hold=1.0)
    assert {program: len(times) for program, times in figures.prompts.items()} == {p: 2 for p in programs}
    assert len(figures.session_pss) == len(programs) * 2 and figures.template_pss > 0
    lines = dict(measure_sessions.said(figures))
    assert "forked: 10 visitors of every program, held 1 s: every session gone after" in lines


def test_a_lost_session_fails_the_measure_loudly() -> None:
    with pytest.raises(measure_sessions.Failed, match=r"^[12] of 4 sessions lost \(forked\): [12] x cpm-c: "
                                                      r"The exhibit is full"):
        measure_sessions.load(4, "forked", room=3)


def test_every_program_has_a_visit() -> None:
    assert set(measure_sessions.VISITS) == set(catalog.programs())


def test_a_failed_benchmark_is_one_line_and_make_bench_exits_1(monkeypatch, capsys) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2]))
    from benchmarks import __main__ as bench

    def lost(*args, **kwargs):
        raise measure_sessions.Failed("1 of 4 sessions lost (forked): 1 x cpm-c: The exhibit is full")

    monkeypatch.setattr(measure_sessions, "load", lost)  # as benchmarks/web_sessions.py imports it
    assert bench.main(["web_sessions"]) == 1
    assert capsys.readouterr().err == ("make bench: web_sessions failed: 1 of 4 sessions lost (forked): "
                                       "1 x cpm-c: The exhibit is full\n")

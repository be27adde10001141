"""The event log: replay, undo, corrections, walkovers, penalties, refusals."""

from __future__ import annotations

import copy
import random

import pytest

from plansza.errors import IllegalActionError, PlanszaError
from plansza.tournament.events import Event, effective, replay, walkover_score
from plansza.tournament.standings import standings

from .helpers import Log, settings


def four(rounds: int = 7) -> Log:
    log = Log(settings("halving", rounds))
    for name, r in (("Nowak Ewa", 150), ("Łoś Ola", 140), ("Kowal Piotr", 130), ("Abacki", 120)):
        log.player(name, r)
    return log


def test_replay_equals_the_running_state() -> None:
    log = four()
    rng = random.Random(3)
    for _ in range(3):
        log.pair()
        log.play(rng)
    assert [s.as_json() for s in standings(log.replayed())] == [
        s.as_json() for s in standings(log.state)
    ]


def test_undo_is_an_event_that_cancels_the_latest() -> None:
    log = four()
    log.pair()
    before = copy.deepcopy(log.events)
    p = log.state.rounds[1].pairings[0]
    log.add("result", round=1, a=p.first, sa=400, b=p.second, sb=300)
    log.events.append(Event(99, "undo", {}, "t9"))
    st = replay(log.events)
    assert st.rounds[1].pairings[0].result is None
    assert [e.kind for e in effective(log.events)] == [e.kind for e in before]
    assert log.events[-1].kind == "undo"  # on record


def test_creation_cannot_be_undone() -> None:
    log = Log(settings())
    log.events.append(Event(2, "undo", {}, "t"))
    assert replay(log.events).settings.name == "Test"


def test_correction_is_on_record_with_its_time() -> None:
    log = four()
    log.pair()
    p = log.state.rounds[1].pairings[0]
    log.add("result", round=1, a=p.first, sa=400, b=p.second, sb=300)
    log.add("correct", round=1, a=p.second, sa=310, b=p.first, sb=400, note="sum")
    r = log.state.rounds[1].pairings[0].result
    assert r is not None and (r.score_first, r.score_second) == (400, 310)
    (c,) = log.state.corrections
    assert c["old"] == [400, 300] and c["new"] == [400, 310] and c["at"] == log.events[-1].at


@pytest.mark.parametrize(
    ("scores", "current", "expected"),
    [
        # TR 7.2: W = (S + M·400)/R; R = 7, S = 1370 after 3 rounds, M = 4 → 424.3 → 425
        ((450, 500, 420), 0, 425),
        # TR 7.2: the current score counts when higher
        ((450, 500, 420), 431, 431),
        # TR 7.2: never under 400: (900 + 1600)/7 = 357.1
        ((300, 300, 300), 0, 400),
    ],
)
def test_walkover_formula(scores: tuple[int, ...], current: int, expected: int) -> None:
    log = four(7)
    ewa = 1
    for score in scores:
        n = log.pair()
        for p in log.state.rounds[n].pairings:
            assert p.second is not None
            mine = ewa in (p.first, p.second)
            a, b = (score, 200) if mine and p.first == ewa else (
                (200, score) if mine else (350, 340))
            log.add("result", round=n, a=p.first, sa=a, b=p.second, sb=b)
    n = log.pair()
    assert walkover_score(log.state, ewa, n, current) == expected
    opp = log.state.rounds[n].pairing_of(ewa)
    assert opp is not None and opp.second is not None
    other = opp.second if opp.first == ewa else opp.first
    log.add("walkover", round=n, winner=ewa, loser=other, score=current)
    g = next(g for g in log.state.games_of(ewa) if g.round == n)
    assert (g.score, g.opp_score, g.kind) == (expected, 1, "walkover")  # TR 7.2: N:1


def _refused(log: Log, kind: str, **data: object) -> None:
    before = copy.deepcopy(log.state)
    with pytest.raises(PlanszaError):
        log.add(kind, **data)
    assert log.state == before  # nothing half-applied


def test_bad_input_is_refused_and_changes_nothing() -> None:
    log = four()
    log.pair()
    p = log.state.rounds[1].pairings[0]
    q = log.state.rounds[1].pairings[1]
    assert p.second is not None and q.second is not None
    _refused(log, "result", round=1, a=p.first, sa=-5, b=p.second, sb=300)  # negative
    _refused(log, "result", round=1, a=p.first, sa=400, b=q.first, sb=300)  # no such pairing
    _refused(log, "result", round=2, a=p.first, sa=400, b=p.second, sb=300)  # round not paired
    _refused(log, "result", round=1, a=77, sa=400, b=p.second, sb=300)  # unknown player
    log.add("result", round=1, a=p.first, sa=400, b=p.second, sb=300)
    _refused(log, "result", round=1, a=p.first, sa=401, b=p.second, sb=300)  # duplicate
    _refused(log, "penalty", round=1, player=p.first, points=7)  # TR 7.1: multiples of 5
    _refused(log, "penalty", round=1, player=p.first, points=-5)
    _refused(log, "paired", round=2, tables=[[1, 2], [3, 4]])  # round 1 incomplete
    _refused(log, "paired", round=3, tables=[[1, 2], [3, 4]])  # not the next round
    _refused(log, "withdraw", player=p.first, round=1)  # round already paired


def test_penalty_deducts_from_the_game_score() -> None:
    # TR 7.1: "odjęcie wielokrotności 5 punktów"
    log = four()
    log.pair()
    p = log.state.rounds[1].pairings[0]
    assert p.second is not None
    log.add("result", round=1, a=p.first, sa=400, b=p.second, sb=390)
    log.add("penalty", round=1, player=p.first, points=15)
    g = log.state.games_of(p.first)[0]
    assert (g.score, g.penalty, g.big_points) == (385, 15, 0.0)


def test_withdrawn_player_is_not_paired_and_may_return() -> None:
    log = four()
    rng = random.Random(1)
    log.pair()
    log.play(rng)
    log.add("withdraw", player=4, round=2)
    log.pair()
    assert log.state.rounds[2].pairing_of(4) is None
    assert any(p.second is None for p in log.state.rounds[2].pairings)  # 3 players: a bye
    log.play(rng)
    with pytest.raises(IllegalActionError):
        log.add("withdraw", player=4, round=3)
    log.add("return", player=4, round=3)
    log.pair()
    assert log.state.rounds[3].pairing_of(4) is not None


def test_manual_pairing_must_cover_every_active_player() -> None:
    log = four()
    _refused(log, "paired", round=1, tables=[[1, 2]])
    _refused(log, "paired", round=1, tables=[[1, 2], [2, 3], [4, None]])
    log.add("paired", round=1, tables=[[1, 4], [3, 2]], method="manual")
    assert log.state.rounds[1].pairings[1].first == 3
    # a manual change before any result: the round is paired again
    log.add("paired", round=1, tables=[[1, 2], [3, 4]], method="manual")
    assert log.state.rounds[1].pairing_of(2) == log.state.rounds[1].pairings[0]


def test_late_entry_into_a_round_robin_only_in_the_phantom_slot() -> None:
    log = Log(settings("roundrobin", 5))
    for i in range(5):
        log.player(f"P{i}")
    log.pair()
    log.play(random.Random(0))
    log.player("Late")  # 5 → 6 fills the phantom of the 6-table
    with pytest.raises(IllegalActionError):
        log.player("Too late")  # 6 → 7 would need a new table


def test_exclusion_voids_wins_in_the_final_classification() -> None:
    # TR 7.1: "wykluczeniem z dalszych rozgrywek i nieuwzględnieniem wygranych/remisów"
    log = four(2)
    log.add("paired", round=1, tables=[[1, 2], [3, 4]], method="manual")
    log.add("result", round=1, a=1, sa=400, b=2, sb=300)
    log.add("result", round=1, a=3, sa=400, b=4, sb=300)
    log.add("withdraw", player=1, round=2, excluded=True)
    log.pair()
    log.play(random.Random(0))
    final = {s.pid: s for s in standings(log.state)}
    running = {s.pid: s for s in standings(log.state, 2, final=False)}
    assert running[1].big_points == 1.0 and final[1].big_points == 0.0
    assert final[1].small_points == 400  # the scores stay; only the win is void
    with pytest.raises(IllegalActionError):
        log.add("return", player=1, round=3)


def test_settings_change_is_checked_and_on_record() -> None:
    log = four()
    log.add("settings", changes={"criteria": ["big_points", "spread"], "bye_score": [300, 250]})
    assert log.state.settings.criteria == ("big_points", "spread")
    _refused(log, "settings", changes={"criteria": ["bogus"]})
    _refused(log, "settings", changes={"adjustment_formula": "magic"})
    _refused(log, "settings", changes={"rounds": 99})  # not a setting one changes midway
    assert replay(log.events).settings.criteria == ("big_points", "spread")


def test_undo_of_any_suffix_equals_the_shorter_log() -> None:
    # architecture: undo = replay without the last event, however many times
    from hypothesis import given
    from hypothesis import settings as hsettings
    from hypothesis import strategies as st

    log = four(5)
    rng = random.Random(7)
    for _ in range(3):
        log.pair()
        log.play(rng)
    full = list(log.events)

    @hsettings(max_examples=25)
    @given(st.integers(0, len(full) - 2))
    def check(k: int) -> None:
        undone = full + [Event(1000 + i, "undo", {}, "u") for i in range(k)]
        a = replay(undone)
        b = replay(full[: len(full) - k])
        assert [s.as_json() for s in standings(a)] == [s.as_json() for s in standings(b)]
        assert a.rounds.keys() == b.rounds.keys()

    check()


def test_a_refused_change_of_a_paired_round_keeps_the_round() -> None:
    log = four()
    log.pair()
    _refused(log, "paired", round=1, tables=[[1, 2]])  # leaves players out
    _refused(log, "paired", round=1, tables=[["x", 2], [3, 4]])  # unreadable
    assert len(log.state.rounds[1].pairings) == 2

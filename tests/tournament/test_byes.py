"""Byes, repeats and absences in the pairing: who pauses (the fewest byes, then the
lowest placed; RS §7.7), the RS §7.7 adjustment for a bye before any game, and what
``pair`` says when the halving system repeats or widens a group (RS §7.5–7.6)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from plansza.errors import IllegalActionError
from plansza.records import dump
from plansza.tournament.events import Event, replay
from plansza.tournament.pairing import PairingNotes, explain, pair_round, unplayed_bye
from plansza.tournament.standings import standings

from .helpers import Log, settings
from .test_pairing import field


def _byes_in_order(
    log: Log, rounds: int, rng: random.Random
) -> list[tuple[int, int, dict[int, int]]]:
    """Pair and play ``rounds`` rounds; each bye as (round, holder, byes before it by pid)."""
    out = []
    for r in range(1, rounds + 1):
        log.pair()
        before = {p: log.state.byes(p, r) for p in log.state.active(r)}
        out += [(r, t.first, before) for t in log.state.rounds[r].pairings if t.second is None]
        log.play(rng)
    return out


@pytest.mark.parametrize("seed", [6, 11, 2013])
def test_nine_player_english_championship_no_second_bye_while_another_has_none(seed: int) -> None:
    # MPA 2a v (9 players) with the bye rule: the fewest byes first, then the lowest
    # placed — nobody has a second bye while another player has none
    log = field("mpa", 9, rounds=15)
    for r, holder, before in _byes_in_order(log, 15, random.Random(seed)):
        if before[holder] >= 1:
            assert all(k >= 1 for k in before.values()), (r, holder, before)
    counts = Counter(
        t.first for rd in log.state.rounds.values() for t in rd.pairings if t.second is None
    )
    # 15 byes: one each in the round robin and the extra round's 9th; the lower
    # three share the rest evenly (it used to be 1, 3 and 5)
    assert sorted(counts.values()) == [1, 1, 1, 1, 1, 1, 3, 3, 3]


@pytest.mark.parametrize("system", ["halving", "swiss", "danish"])
@pytest.mark.parametrize("seed", [1, 9])
def test_the_bye_goes_to_the_fewest_byes_then_the_lowest_placed(system: str, seed: int) -> None:
    # RS §7.7 and the fewest-byes rule: 9 players, 15 rounds (repeats allowed)
    log = field(system, 9, rounds=15, repeats=True)
    rng = random.Random(seed)
    for r, holder, before in _byes_in_order(log, 15, rng):
        assert before[holder] == min(before.values()), (r, holder, before)
        # among those with as few byes, the holder is the lowest placed
        # (Swiss orders a score group by seeding number: "placed" in that order)
        lines = standings(log.state, r - 1, final=False) if r > 1 else []
        if system == "swiss":
            lines.sort(key=lambda s: (-s.big_points, s.seed))
        place = {s.pid: i for i, s in enumerate(lines)}
        if place:
            fewest = [p for p, k in before.items() if k == before[holder]]
            assert place[holder] == max(place[p] for p in fewest)
    counts = Counter(
        t.first for rd in log.state.rounds.values() for t in rd.pairings if t.second is None
    )
    assert max(counts.values()) - min(counts.values()) <= 1


def _four_played(system: str = "halving", **kw: object) -> Log:
    """Four players after three rounds: everyone has met everyone."""
    log = field(system, 4, rounds=5, **kw)
    rng = random.Random(1)
    for _ in range(3):
        log.pair()
        log.play(rng)
    return log


def test_a_forced_repeat_and_the_widened_group_are_said_and_recorded() -> None:
    # RS §7.5: no pairing without repeats exists in round 4 of a 4-player field;
    # RS §7.6: repeats with the score group widened to 1.5 points
    log = _four_played()
    notes = PairingNotes()
    tables = pair_round(log.state, 4, notes=notes)
    assert notes.forced and notes.widened == 1.5
    said = explain(log.state, 4, tables, notes)
    assert said["why"] == "forced" and said["widened"] == 1.5
    assert {frozenset(r[:2]) for r in said["repeats"]} == {frozenset(t) for t in tables}
    for a, b, met in said["repeats"]:  # each pair met once, in the round named
        assert len(met) == 1
        at = log.state.rounds[met[0]].pairing_of(a)
        assert at is not None and b in at.players()
    log.add("paired", round=4, tables=[list(t) for t in tables], notes=said)
    assert log.replayed().rounds[4].notes == said


def test_no_repeat_no_note() -> None:
    # RS §7.5: while a pairing without repeats exists, nothing to say
    log = field("halving", 8)
    log.pair()
    log.play(random.Random(3))
    notes = PairingNotes()
    tables = pair_round(log.state, 2, notes=notes)
    assert explain(log.state, 2, tables, notes) == {}
    assert not notes.forced and notes.widened is None


def test_repeats_allowed_by_the_setting_are_said_as_allowed() -> None:
    # RS §7.5: repeats forbidden by default; the setting allows them (no widening then)
    log = _four_played(repeats=True)
    notes = PairingNotes()
    tables = pair_round(log.state, 4, notes=notes)
    said = explain(log.state, 4, tables, notes)
    assert said["why"] == "allowed" and "widened" not in said and len(said["repeats"]) == 2


def test_danish_repeats_are_the_system_not_news() -> None:
    # pairing-notes: King of the Hill pairs neighbours, repeats allowed by definition
    log = _four_played("danish")
    notes = PairingNotes()
    tables = pair_round(log.state, 4, notes=notes)
    assert explain(log.state, 4, tables, notes) == {}


def test_a_manual_pairing_with_a_repeat_is_noted_as_manual() -> None:
    log = field("halving", 4)
    log.pair()
    log.play(random.Random(2))
    first = log.state.rounds[1].pairings[0]
    other = log.state.rounds[1].pairings[1]
    tables = [(first.first, first.second), (other.first, other.second)]
    said = explain(log.state, 2, tables, None)
    assert said["why"] == "manual" and [r[2] for r in said["repeats"]] == [[1], [1]]


def test_an_old_log_without_notes_replays_with_none() -> None:
    log = field("halving", 4)
    log.pair()  # the helper records no notes, as every log before them
    assert log.replayed().rounds[1].notes == {}


def test_the_rs_7_7_adjustment_replaces_the_round_one_bye() -> None:
    # RS §7.7: "ręcznie za pomocą wyrównań" — the player sits round 1 out (no bye
    # score) and joins round 2 with the RS §7.2 adjustment (the seeding place)
    log = field("halving", 7, rounds=4)
    log.pair()
    bye = next(t.first for t in log.state.rounds[1].pairings if t.second is None)
    assert unplayed_bye(log.state, 1) == bye
    log.add("bye_adjustment", round=1, player=bye)
    assert unplayed_bye(log.state, 1) is None
    assert log.state.games_of(bye) == [] and not log.state.players[bye].active_in(1)
    log.play(random.Random(5))
    log.pair()
    (adj,) = log.state.adjustments[bye]
    assert adj.round == 2 and adj.big_points >= 0
    line = next(s for s in standings(log.state, 1, final=False) if s.pid == bye)
    assert line.adjusted and line.games == 0 and line.byes == 0
    assert log.state.rounds[2].pairing_of(bye) is not None  # plays round 2
    assert log.replayed().adjustments == log.state.adjustments


def test_the_rs_7_7_adjustment_is_refused_where_it_does_not_apply() -> None:
    log = field("halving", 5, rounds=2)
    log.pair()
    bye = next(t.first for t in log.state.rounds[1].pairings if t.second is None)
    other = next(p for p in log.state.players if p != bye)
    with pytest.raises(IllegalActionError) as e:
        log.add("bye_adjustment", round=1, player=other)
    assert e.value.code == "not_bye"
    log.play(random.Random(1))
    log.pair()  # round 2 is the last
    bye2 = next(t.first for t in log.state.rounds[2].pairings if t.second is None)
    with pytest.raises(IllegalActionError) as e:
        log.add("bye_adjustment", round=2, player=bye2)
    assert e.value.code in ("bye_played", "bye_last")
    with pytest.raises(IllegalActionError) as e:
        log.add("bye_adjustment", round=1, player=bye)
    assert e.value.code == "round_paired"  # round 2 is paired: too late


def test_a_log_from_before_the_bye_question_keeps_its_bye_score() -> None:
    # a created event without bye_score (every log before it was asked) still scores
    # the bye 300:250, so old tournaments replay to the same standings
    d = dump(settings("halving", 3))
    del d["bye_score"]
    state = replay([Event(1, "created", {"settings": d})])
    assert state.settings.bye_score == (300, 250)

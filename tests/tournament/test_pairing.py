"""Pairing strategies: halving, Swiss, Danish, round robin, MPA; byes and starts."""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.tournament import mpa
from plansza.tournament.model import seeds
from plansza.tournament.pairing import ideal, pair_round
from plansza.tournament.standings import standings

from .helpers import Log, settings


def field(system: str, n: int, rounds: int = 6, **kw: object) -> Log:
    log = Log(settings(system, rounds, **kw))  # type: ignore[arg-type]
    for i in range(n):
        log.player(f"Gracz {i:02d}", 300 - i)
    return log


def by_seed(log: Log, n: int) -> list[tuple[int, int | None]]:
    sd = seeds(log.state)
    return [(sd[a], None if b is None else sd[b]) for a, b in pair_round(log.state, n)]


def test_halving_round_one_upper_half_against_lower_half() -> None:
    # pairing-notes 4: place i of a group of 2k meets place i+k
    assert by_seed(field("halving", 8), 1) == [(1, 5), (2, 6), (3, 7), (4, 8)]


def test_odd_score_group_takes_the_top_of_the_next_group() -> None:
    # pairing-notes 3: an odd group takes the highest-placed player of the next group
    order = [1, 2, 3, 4, 5, 6]
    points = {1: 2.0, 2: 2.0, 3: 2.0, 4: 1.0, 5: 1.0, 6: 1.0}
    assert ideal(order, points, "halving") == {1: 3, 3: 1, 2: 4, 4: 2, 5: 6, 6: 5}


def test_danish_pairs_neighbours() -> None:
    # glossary / pairing-notes: King of the Hill 1–2, 3–4, … repeats allowed
    log = field("danish", 6)
    assert by_seed(log, 1) == [(1, 2), (3, 4), (5, 6)]
    log.pair()
    n = log.state.last_round
    for p in log.state.rounds[n].pairings:  # the higher seed wins everywhere
        assert p.second is not None
        log.add("result", round=n, a=p.first, sa=400, b=p.second, sb=300)
    pairs = {frozenset(t) for t in by_seed(log, 2)}
    assert pairs == {frozenset((1, 3)), frozenset((5, 2)), frozenset((4, 6))}


def test_swiss_orders_a_score_group_by_seed_not_by_small_points() -> None:
    log = field("swiss", 4)
    log.pair()  # 1–3, 2–4
    log.add("result", round=1, a=1, sa=301, b=3, sb=300)
    log.add("result", round=1, a=2, sa=500, b=4, sb=300)
    # winners 1, 2 (seed order in Swiss); halving would order 2 (+200) before 1 (+1)
    assert {frozenset(t) for t in by_seed(log, 2)} == {frozenset((1, 2)), frozenset((3, 4))}


def test_pairing_is_pure_and_deterministic() -> None:
    log = field("halving", 11)
    rng = random.Random(4)
    for _ in range(3):
        log.pair()
        log.play(rng)
    before = copy.deepcopy(log.state)
    assert pair_round(log.state, 4) == pair_round(log.state, 4)
    assert log.state == before


@given(st.integers(5, 14), st.integers(0, 10**6), st.sampled_from(["halving", "swiss"]))
def test_no_repeats_while_possible_and_byes_by_the_rules(n: int, seed: int, system: str) -> None:
    # RS §7.5 (no repeats), RS §7.7 (no bye for a player who has not played)
    rng = random.Random(seed)
    log = field(system, n, rounds=8)
    rounds = min(6, n // 2 - 1)
    met: set[frozenset[int]] = set()
    for r in range(1, rounds + 1):
        log.pair()
        tables = log.state.rounds[r].pairings
        players = [p for t in tables for p in t.players()]
        assert sorted(players) == sorted(log.state.active(r))
        for t in tables:
            if t.second is None:
                if r > 1:
                    assert any(g.kind != "bye" for g in log.state.games_of(t.first, r - 1))
                    had = log.state.byes(t.first, r)
                    assert had == 0 or all(log.state.byes(p, r) > 0 for p in players)
                continue
            pair = frozenset((t.first, t.second))
            assert pair not in met
            met.add(pair)
            # pairing-notes 7: the one with fewer starts so far starts
            fa, sa, _ = log.state.starts(t.first, r)
            fb, sb, _ = log.state.starts(t.second, r)
            assert fa - sa <= fb - sb
        log.play(rng, draw=True)


def test_late_entrant_does_not_get_the_bye() -> None:
    # RS §7.7: "gracz, który nie grał przynajmniej jednej partii" must not pause
    log = field("halving", 6)
    rng = random.Random(9)
    log.pair()
    log.play(rng)
    late = log.player("Późny", 50)
    log.pair()
    p = log.state.rounds[2].pairing_of(late)
    assert p is not None and p.second is not None


def test_impossible_without_repeats_widens_and_still_pairs() -> None:
    # RS §7.6: when no pairing without repeats exists, repeats with the 1.5 range
    log = field("halving", 4, rounds=5)
    rng = random.Random(1)
    for _ in range(3):
        log.pair()
        log.play(rng)
    log.pair()  # round 4 of a 4-player field must repeat
    assert len(log.state.rounds[4].pairings) == 2


def test_round_robin_system_follows_the_table_and_gives_the_phantom_bye() -> None:
    # MPA appendix, 5 players on the 6-table: the partner of 6 has the bye
    log = field("roundrobin", 5, rounds=5)
    assert by_seed(log, 1) == [(2, 3), (4, 5), (1, None)]


def test_round_robin_withdrawal_gives_the_opponent_a_bye() -> None:
    log = field("roundrobin", 4, rounds=3)
    log.pair()
    log.play(random.Random(0))
    log.add("withdraw", player=4, round=2)
    assert (2, None) in by_seed(log, 2)  # round 2 of the table: 3–1, 2–4


def test_mpa_seven_players_extra_round_then_second_series_swapped() -> None:
    # MPA 2a iv: round robin, extra round 1-4, 2-5, 3-6, 7-8 by places, second series
    log = field("mpa", 7, rounds=15)
    rng = random.Random(3)
    for _ in range(7):
        log.pair()
        log.play(rng)
    places = [x.pid for x in standings(log.state, 7, final=False)]
    extra = pair_round(log.state, 8)
    assert {frozenset(t) for t in extra if t[1] is not None} == {
        frozenset((places[0], places[3])), frozenset((places[1], places[4])),
        frozenset((places[2], places[5]))}
    assert (places[6], None) in extra
    log.pair()
    log.play(rng)
    after8 = [x.pid for x in standings(log.state, 8, final=False)]
    r9 = pair_round(log.state, 9)
    # round 1 of the 8-table is 8-1 7-2 6-3 5-4; swapped in the second series: 1-8 …
    assert (after8[0], None) in r9 and (after8[1], after8[6]) in r9


def test_mpa_over_ten_splits_after_round_eight() -> None:
    # MPA 2a vi: 8 rounds halving, then the top eight round robin, the rest halving
    log = field("mpa", 12, rounds=15)
    rng = random.Random(8)
    for _ in range(8):
        log.pair()
        log.play(rng)
    top = [x.pid for x in standings(log.state, 8, final=False)][:8]
    r9 = pair_round(log.state, 9)
    for a, b in r9:
        assert b is not None and ((a in top) == (b in top))
    # MPA appendix (2 a.vi): the second named starts — 8-1 becomes 1-8
    assert (top[0], top[7]) in r9
    log.pair()
    log.play(rng)
    groups = mpa.groups(log.state)
    assert groups is not None and Counter(groups.values()) == {0: 8, 1: 4}
    lines = standings(log.state, groups=groups)
    assert {x.pid for x in lines[:8]} == set(top)  # MPA 2e vii


def test_mpa_three_players_five_series() -> None:
    # MPA 2a ii: 3–4 players, 5 × round robin; phantom 4 gives the bye
    log = field("mpa", 3, rounds=15)
    rng = random.Random(2)
    byes: Counter[int] = Counter()
    for _ in range(15):
        n = log.pair()
        for p in log.state.rounds[n].pairings:
            if p.second is None:
                byes[p.first] += 1
        log.play(rng)
    assert sorted(byes.values()) == [5, 5, 5]
    assert log.state.finished


def test_mpa_nine_players_extra_round_then_split_into_six_and_three() -> None:
    # MPA 2a v: round robin, extra round 1-4, 2-5, 3-6, 7-8, 9-10, top six round robin
    log = field("mpa", 9, rounds=15)
    rng = random.Random(6)
    for _ in range(10):
        log.pair()
        log.play(rng)
    six = set([x.pid for x in standings(log.state, 10, final=False)][:6])
    # numbered by the places after the first series (round 9), MPA appendix
    top = [x.pid for x in standings(log.state, 9, final=False) if x.pid in six]
    r11 = pair_round(log.state, 11)
    # round 1 of the 6-table (1-6, 2-3, 4-5) numbered by places
    assert (top[0], top[5]) in r11 and (top[1], top[2]) in r11 and (top[3], top[4]) in r11
    rest = [t for t in r11 if t[0] not in top]
    assert sorted(len([p for p in t if p is not None]) for t in rest) == [1, 2]  # 3: a bye
    for _ in range(5):
        log.pair()
        log.play(rng)
    assert log.state.finished


def test_widened_group_range_merges_groups_within_one_and_a_half_points() -> None:
    # RS §7.6: the group range widened to 1.5 points
    order = [1, 2, 3, 4, 5, 6]
    points = {1: 3.0, 2: 2.0, 3: 1.5, 4: 1.0, 5: 0.5, 6: 0.0}
    # groups: {1, 2, 3} (within 1.5 of 3.0) + 4 pulled to make it even; {5, 6}
    assert ideal(order, points, "halving", 1.5) == {1: 3, 3: 1, 2: 4, 4: 2, 5: 6, 6: 5}
    assert ideal(order, points, "halving") == {1: 2, 2: 1, 3: 4, 4: 3, 5: 6, 6: 5}


def test_pairing_a_round_again_gives_the_same_result() -> None:
    # a manual change: re-pairing before any result starts from the state before the round
    log = field("halving", 7)
    rng = random.Random(12)
    log.pair()
    log.play(rng)
    late = log.player("Późny", 250)
    n = log.pair()
    first = pair_round(log.state, n)
    adj = list(log.state.adjustments[late])
    assert pair_round(log.state, n) == first
    log.add("paired", round=n, tables=[list(t) for t in first])
    assert log.state.adjustments[late] == adj  # recomputed, not added twice


@pytest.mark.parametrize("n", range(2, 15))
def test_every_mpa_format_runs_fifteen_rounds(n: int) -> None:
    # MPA 2a i–vi: each player count has a format that fills 15 rounds
    log = field("mpa", n, rounds=15)
    rng = random.Random(n)
    for r in range(1, 16):
        log.pair()
        players = [p for t in log.state.rounds[r].pairings for p in t.players()]
        assert sorted(players) == sorted(log.state.players)
        assert sum(1 for t in log.state.rounds[r].pairings if t.second is None) == n % 2
        log.play(rng)
    assert log.state.finished
    final = standings(log.state)
    assert [x.place for x in final] == list(range(1, n + 1))
    if n > 10:  # MPA 2e vii: the upper eight first, whatever their points
        groups = mpa.groups(log.state)
        assert groups is not None
        assert all(groups[x.pid] == 0 for x in final[:8])

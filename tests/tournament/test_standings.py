"""Standings chains on hand-worked examples (RR §4, MPA 2d/2e, SCH)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from plansza.tournament.model import MPA_FINAL_CHAIN, MPA_ROUND_CHAIN, State
from plansza.tournament.standings import standings, team_standings, totals
from plansza.tournament.totals import _h2h

from .helpers import Log, settings


def manual(names: list[str], rounds: list[list[tuple[str, int, str, int]]], **kw: object) -> State:
    log = Log(settings("manual", len(rounds), **kw))  # type: ignore[arg-type]
    pid = {n: log.player(n) for n in names}
    for r, games in enumerate(rounds, 1):
        log.add("paired", round=r, tables=[[pid[a], pid[b]] for a, _, b, _ in games])
        for a, sa, b, sb in games:
            log.add("result", round=r, a=pid[a], sa=sa, b=pid[b], sb=sb)
    return log.state


def order(state: State, **kw: object) -> list[str]:
    return [s.name for s in standings(state, **kw)]  # type: ignore[arg-type]


GAMES = [
    [("A", 400, "B", 300), ("C", 350, "D", 340)],
    [("A", 300, "C", 420), ("B", 380, "D", 200)],
]


def test_pfs_default_big_points_then_sum() -> None:
    # RR §4: first big points, then the sum of small points (the default second criterion).
    # A: 1 BP, 700 scored, −20; B: 1 BP, 680 scored, +80; C: 2 BP; D: 0.
    s = manual(["A", "B", "C", "D"], GAMES)
    assert order(s) == ["C", "A", "B", "D"]
    lines = {x.name: x for x in standings(s)}
    assert (lines["A"].small_points, lines["A"].spread, lines["A"].games) == (700, -20, 2)
    assert (lines["B"].small_points, lines["B"].spread) == (680, 80)


def test_pfs_with_the_difference_declared() -> None:
    # RR §4: the organiser may declare the difference (spread) as the second criterion
    s = manual(["A", "B", "C", "D"], GAMES, criteria=("big_points", "spread", "small_points"))
    assert order(s) == ["C", "B", "A", "D"]


MPA_GAMES = [
    [("P", 600, "A", 200), ("Q", 400, "B", 340), ("C", 300, "D", 350)],
    [("P", 410, "B", 400), ("Q", 420, "C", 370), ("A", 300, "D", 310)],
    [("P", 350, "C", 400), ("Q", 380, "D", 400), ("A", 400, "B", 300)],
]


def mpa_state() -> State:
    return manual(["P", "Q", "A", "B", "C", "D"], MPA_GAMES, criteria=MPA_ROUND_CHAIN,
                  final_criteria=MPA_FINAL_CHAIN, exclude_best_wins=2)


def test_mpa_after_each_round_big_points_spread_sum() -> None:
    # MPA 2d: BP; spread; sum. P +360 ahead of Q +90; C −50 ahead of A −310.
    assert order(mpa_state(), after_round=3, final=False) == ["D", "P", "Q", "C", "A", "B"]


def test_mpa_final_excludes_the_two_best_wins_of_the_top_four() -> None:
    # MPA 2e viii: for places 1–4 and all level with the 4th on big points, spread and
    # sum leave out the two wins with the highest spread / sum. P's wins (+400, +10)
    # go, leaving −50; Q's (+60, +50) go, leaving −20: Q overtakes P.
    s = mpa_state()
    final = standings(s)
    assert [x.name for x in final] == ["D", "Q", "P", "C", "A", "B"]
    p = {x.name: x for x in final}
    assert (p["P"].excluded_spread, p["P"].excluded_small) == (410, 1010)
    assert (p["Q"].excluded_spread, p["Q"].excluded_small) == (110, 820)
    assert p["B"].excluded_spread == 0  # B has fewer big points than the 4th: no exclusion
    assert p["P"].spread == 360  # the shown spread is the full one


def test_mpa_final_games_played_comes_second() -> None:
    # MPA 2e ii: more games played ranks higher on equal big points (a bye is not a game)
    log = Log(settings("manual", 2, final_criteria=MPA_FINAL_CHAIN, bye_big_points=1.0))
    a, b, c = log.player("A"), log.player("B"), log.player("C")
    log.add("paired", round=1, tables=[[a, b], [c, None]])
    log.add("result", round=1, a=a, sa=400, b=b, sb=300)
    log.add("paired", round=2, tables=[[c, a], [b, None]])
    log.add("result", round=2, a=c, sa=500, b=a, sb=300)
    # A: 1 BP in 2 games; C: 2 BP (bye + win); B: 1 BP (bye) in 1 game
    assert order(log.state) == ["C", "A", "B"]


def test_head_to_head_breaks_a_two_player_tie() -> None:
    # MPA 2e v: B beat A, so B ranks first although A is seeded higher
    games = [
        [("A", 300, "B", 400), ("C", 400, "D", 300)],
        [("A", 400, "D", 300), ("B", 300, "C", 400)],
    ]
    s = manual(["A", "B", "C", "D"], games, criteria=("big_points", "head_to_head"))
    assert order(s) == ["C", "B", "A", "D"]


def test_head_to_head_needs_equal_games_among_three() -> None:
    # MPA 2e v: for three or more only if all played the same number of games
    games = [[("A", 400, "B", 300), ("C", 400, "D", 300)],
             [("A", 300, "C", 400), ("B", 400, "D", 300)]]
    s = manual(["A", "B", "C", "D"], games)
    lines = list(totals(s).values())
    assert _h2h([x for x in lines if x.name in ("A", "B", "C")]) is None  # A 2, B 1, C 1
    assert _h2h([x for x in lines if x.name in ("A", "B")]) == {1: 1.0, 2: 0.0}


def test_lot_is_a_seeded_draw() -> None:
    # MPA 2e vi: lot — with the tournament's seed, reproducible
    games = [[("A", 400, "B", 400), ("C", 400, "D", 400)]]
    s = manual(["A", "B", "C", "D"], games, criteria=("big_points", "lot"), seed=11)
    ids = list(s.players)
    random.Random(11).shuffle(ids)
    assert order(s) == [s.players[i].name for i in ids]


def test_split_groups_lower_ranks_below_upper() -> None:
    # MPA 2e vii: the first of the lower group ranks after the last of the upper group
    s = manual(["A", "B", "C", "D"], GAMES)
    assert order(s, groups={1: 0, 4: 0, 2: 1, 3: 1}) == ["A", "D", "C", "B"]


def test_school_team_classification_sums_big_then_small_points() -> None:
    # SCH: the school ranking sums its players' results (the natural reading, a setting)
    log = Log(settings("manual", 1))
    ids = [log.player(n, club=c) for n, c in
           (("A", "SP 1"), ("B", "SP 2"), ("C", "SP 1"), ("D", "SP 2"))]
    log.add("paired", round=1, tables=[[ids[0], ids[1]], [ids[2], ids[3]]])
    log.add("result", round=1, a=ids[0], sa=400, b=ids[1], sb=300)
    log.add("result", round=1, a=ids[2], sa=300, b=ids[3], sb=450)
    rows = team_standings(log.state)
    # SP 1: 1 BP, 700; SP 2: 1 BP, 750 → SP 2 first on small points
    assert [(r["team"], r["big_points"], r["small_points"]) for r in rows] == [
        ("SP 2", 1.0, 750), ("SP 1", 1.0, 700)]
    assert [r["team"] for r in team_standings(log.state, team_size=1)] == ["SP 2", "SP 1"]


@given(st.integers(4, 12), st.integers(1, 5), st.integers(0, 10**6))
def test_pfs_order_is_lexicographic_on_the_chain(n: int, rounds: int, seed: int) -> None:
    # RR §4: big points, then small points, then spread; leftover ties by seeding number
    rng = random.Random(seed)
    log = Log(settings("halving", 6))
    for i in range(n):
        log.player(f"P{i}", rng.choice([None, 120.0, 150.0]))
    for _ in range(rounds):
        log.pair()
        log.play(rng, draw=True)
    lines = standings(log.state, final=False)
    keys = [(-x.big_points, -x.small_points, -x.spread, x.seed) for x in lines]
    assert keys == sorted(keys)
    assert [x.place for x in lines] == list(range(1, n + 1))

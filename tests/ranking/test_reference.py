"""The fast ranking against a slow twin written straight from the regulation.

The twin recomputes every tournament ranking from scratch with Fractions
(no running totals, no bisection, no float keys), so it shares nothing with
:mod:`plansza.ranking.hollington` but the grouping of games into tournaments.
"""

from __future__ import annotations

import math
import random
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.ranking import (
    Game,
    Performance,
    RankingHistory,
    Tournament,
    best_tournaments,
    group_tournaments,
    round_half_up,
)
from plansza.ranking.hollington import Basis

NAMES = ["Ala", "Ola", "Ela", "Łucja", "Żaneta"]

# A failing history is long; let hypothesis print it rather than fail on its size.
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")


def _two_years_before(day: date) -> date:
    try:
        return day.replace(year=day.year - 2)
    except ValueError:
        return date(day.year - 2, 3, 1)


def _half_up(x: Fraction) -> int:
    return math.floor(x + Fraction(1, 2))


Record = list[tuple[Tournament, dict[str, tuple[int, int]]]]


def _reference_ranking(name: str, day: date, tournaments: list[Tournament], done: Record
                       ) -> tuple[Fraction, bool, int] | None:
    """(exact, listed, games) of ``name`` for a tournament starting ``day``; None: debutant."""
    before = [t.end for t in tournaments if t.end < day]  # RR §2.5: lists after tournaments
    if not before:
        return None
    last_end = max(before)
    first = _two_years_before(last_end + timedelta(days=1))  # RR §1: two years
    mine = [(i, t, res[name]) for i, (t, res) in enumerate(done)
            if name in res and t.end <= last_end]
    career = sum(g for _, _, (g, _) in mine)
    if career == 0:
        return None  # RR §2.2
    if career < 30:  # RR §2.4
        return Fraction(sum(s for _, _, (_, s) in mine) + (30 - career) * 100, 30), False, career
    window = [(i, t, gs) for i, t, gs in mine if t.end >= first]
    if sum(g for _, _, (g, _) in window) >= 30:  # RR §2.1
        kept = sorted(window, key=lambda x: (Fraction(x[2][1], x[2][0]), x[1].end, x[0]))
        while sum(g for _, _, (g, _) in kept) > 200 and len(kept) > 1:  # RR §1: drop lowest
            kept.pop(0)
        games = sum(g for _, _, (g, _) in kept)
        return Fraction(sum(s for _, _, (_, s) in kept), games), True, games
    games = scalps = 0  # RR §2.3: latest tournaments summing to 30
    for _, _, (g, s) in reversed(mine):
        games, scalps = games + g, scalps + s
        if games >= 30:
            break
    return Fraction(scalps, games), False, games


def reference(games: list[Game]) -> tuple[list[Tournament], list[dict[str, int]], Record]:
    """Entry rankings of every tournament, recomputed from scratch each time."""
    tournaments = group_tournaments(games)
    done: Record = []
    entries: list[dict[str, int]] = []
    for t in tournaments:
        entry: dict[str, int] = {}
        for g in t.games:
            for name in (g.player1, g.player2):
                if name not in entry:
                    r = _reference_ranking(name, t.start, tournaments, done)
                    entry[name] = 100 if r is None else max(100, _half_up(r[0]))  # RR §2.2
        totals: dict[str, tuple[int, int]] = {}
        for g in t.games:
            for me, opp, own, theirs in ((g.player1, g.player2, g.score1, g.score2),
                                         (g.player2, g.player1, g.score2, g.score1)):
                scalp = entry[opp] + (50 if own > theirs else -50 if own < theirs else 0)
                n, s = totals.get(me, (0, 0))
                totals[me] = (n + 1, s + scalp)
        done.append((t, totals))
        entries.append(entry)
    return tournaments, entries, done


@st.composite
def histories(draw: st.DrawFn) -> list[Game]:
    players = NAMES[: draw(st.integers(2, 5))]
    span = draw(st.sampled_from([60, 700, 2500]))
    # Games come from a drawn seed: long tournaments (up to 90 games) cheaply, so the
    # 30-game threshold, the off-list rule and the 200-game cut all occur.
    rng = random.Random(draw(st.integers(0, 2**32)))
    games: list[Game] = []
    for _ in range(draw(st.integers(1, 10))):
        start = date(2020, 1, 1) + timedelta(days=draw(st.integers(0, span)))
        name = draw(st.sampled_from(["A", "B", "C"]))
        for _ in range(draw(st.integers(1, 90))):
            a, b = rng.sample(players, 2)
            s1, s2 = rng.choice([(400, 300), (400, 300), (350, 350), (300, 400), (400, 1)])
            games.append(Game(start + timedelta(days=rng.randrange(2)), name, a, b, s1, s2,
                              s2 == 1))
    return games


@given(histories())
def test_entry_rankings_match_the_slow_twin(games: list[Game]) -> None:
    # RR §1–§2: every tournament ranking used for scalps, every scalp sum
    fast = RankingHistory(games)
    tournaments, entries, done = reference(games)
    assert fast.tournaments == tournaments
    for i, entry in enumerate(entries):
        assert fast.entry_rankings(i) == entry
        for name, (n, s) in done[i][1].items():
            perf = next(p for p in fast.performances(name) if p.index == i)
            assert (perf.games, perf.scalps) == (n, s)


@given(histories(), st.integers(0, 3000))
def test_lists_match_the_slow_twin(games: list[Game], offset: int) -> None:
    # RR §1, §2.1: who is listed, with which exact value, games and order
    fast = RankingHistory(games)
    tournaments, _, done = reference(games)
    day = date(2020, 1, 1) + timedelta(days=offset)
    expected = []
    for name in {g.player1 for g in games} | {g.player2 for g in games}:
        r = _reference_ranking(name, day, tournaments, done)
        if r is not None and r[1]:
            expected.append((r[0], name, r[2]))
    got = [(e.exact, e.name, e.games) for e in fast.ranking_list(day)]
    assert sorted(got) == sorted(expected)
    rows = list(fast.ranking_list(day))
    assert [e.exact for e in rows] == sorted((e.exact for e in rows), reverse=True)
    for e in rows:  # RR §1: place by exact value; equal values share it; shown rounded half up
        assert e.place == 1 + sum(1 for o in rows if o.exact > e.exact)
        assert e.ranking == _half_up(e.exact)


@given(histories(), st.integers(0, 3000))
def test_tournament_ranking_basis_is_consistent(games: list[Game], offset: int) -> None:
    # RR §2.2–§2.4: the value is the rounded exact value, never under 100
    fast = RankingHistory(games)
    day = date(2020, 1, 1) + timedelta(days=offset)
    for name in NAMES:
        r = fast.tournament_ranking(name, day)
        assert r.value == max(100, round_half_up(r.exact))
        if r.basis is Basis.PADDED:
            assert 1 <= r.games < 30 and r.padding == 30 - r.games


def _perf(index: int, games: int, scalps: int) -> Performance:
    t = Tournament(f"T{index}", date(2024, 1, 1) + timedelta(days=index),
                   date(2024, 1, 1) + timedelta(days=index), ())
    return Performance(t, index, "Ala", games, scalps, 100, Basis.LISTED)


@given(st.lists(st.tuples(st.integers(1, 250), st.integers(50, 200)), max_size=12))
def test_best_tournaments_match_the_regulation(rows: list[tuple[int, int]]) -> None:
    # RR §1: drop the lowest achieved ranking until the total first falls to ≤ 200
    perfs = [_perf(i, g, g * r + i % 3) for i, (g, r) in enumerate(rows)]
    kept, dropped = best_tournaments(perfs)
    expected = sorted(perfs, key=lambda p: (Fraction(p.scalps, p.games), p.index))
    gone = []
    while sum(p.games for p in expected) > 200 and len(expected) > 1:
        gone.append(expected.pop(0))
    assert dropped == gone
    assert kept == [p for p in perfs if p in expected]


@given(st.integers(-10**6, 10**6), st.integers(1, 10**4))
def test_round_half_up_matches_decimal(num: int, den: int) -> None:
    # RR §1: nearest whole number, exactly one half up
    expected = int((Decimal(num) / Decimal(den)).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    if num / den >= 0:  # Decimal's HALF_UP rounds −0.5 away from zero; ours is "up"
        assert round_half_up(Fraction(num, den)) == expected
    assert round_half_up(Fraction(2 * num + 1, 2)) == num + 1

"""Round robin: the MPA appendix tables reproduced exactly, who starts included."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from plansza.tournament.roundrobin import circle, round_pairs, schedule

# The appendix of seed 004 ("Schemat rozstawiania systemem każdy z każdym"),
# transcribed as printed: round number, then pairs, the first named starts.
APPENDIX = {
    4: """
1 1-4 2-3
2 3-1 2-4
3 1-2 4-3
""",
    6: """
1 1-6 2-3 4-5
2 5-1 4-2 3-6
3 1-4 6-2 5-3
4 3-1 2-5 6-4
5 1-2 3-4 5-6
""",
    8: """
1 8-1 7-2 6-3 5-4
2 1-7 2-8 3-5 4-6
3 6-1 5-2 8-3 7-4
4 1-5 2-6 3-7 4-8
5 4-1 3-2 8-5 7-6
6 1-3 2-4 5-7 6-8
7 2-1 4-3 6-5 8-7
""",
    10: """
1 1-10 2-7 3-6 4-8 5-9
2 9-1 10-2 5-3 7-4 8-6
3 1-8 2-9 3-10 4-5 6-7
4 7-1 8-2 9-3 6-4 5-10
5 1-6 2-5 3-8 4-9 10-7
6 5-1 6-2 7-3 10-4 8-9
7 1-4 2-3 5-8 6-10 9-7
8 3-1 4-2 7-5 9-6 8-10
9 1-2 3-4 6-5 8-7 10-9
""",
}


def parse(text: str) -> list[list[tuple[int, int]]]:
    rounds = []
    for line in text.strip().splitlines():
        _, *pairs = line.split()
        rounds.append([tuple(map(int, p.split("-"))) for p in pairs])  # type: ignore[misc]
    return rounds


def test_even_tables_exactly() -> None:
    # MPA appendix: every round, every pair, who starts (the first named).
    for n, text in APPENDIX.items():
        expected = parse(text)
        assert schedule(n) == expected
        for r, pairs in enumerate(expected, 1):
            assert round_pairs(n, r) == pairs


def test_odd_counts_use_the_phantom_for_the_bye() -> None:
    # MPA appendix: "gracz rozstawiony z zawodnikiem N+1 otrzymuje bye'a"
    for n in (3, 5, 7, 9):
        for r, pairs in enumerate(parse(APPENDIX[n + 1]), 1):
            got = round_pairs(n, r)
            want = [(b, None) if a == n + 1 else (a, None) if b == n + 1 else (a, b)
                    for a, b in pairs]
            assert got == want


def test_two_players_alternate_starts() -> None:
    # MPA appendix (2 a.i): 14 rounds alternating, seed 1 starts round 1
    assert [round_pairs(2, r) for r in range(1, 5)] == [[(1, 2)], [(2, 1)], [(1, 2)], [(2, 1)]]


def test_second_series_swaps_who_starts() -> None:
    # MPA appendix: "w drugiej i czwartej serii zamiana rozpoczynającego"
    first = [round_pairs(4, r) for r in range(1, 4)]
    second = [round_pairs(4, r) for r in range(4, 7)]
    third = [round_pairs(4, r) for r in range(7, 10)]
    assert second == [[(b, a) for a, b in rnd] for rnd in first]  # type: ignore[misc]
    assert third == first


def test_drawn_series_is_deterministic_with_the_seed() -> None:
    # MPA appendix: the fifth series draws who starts — a seeded draw
    a = [round_pairs(4, r, rng_seed=7, drawn_series=frozenset({5})) for r in range(13, 16)]
    b = [round_pairs(4, r, rng_seed=7, drawn_series=frozenset({5})) for r in range(13, 16)]
    assert a == b
    plain = [round_pairs(4, r) for r in range(13, 16)]
    assert {frozenset(p) for rnd in a for p in rnd} == {frozenset(p) for rnd in plain for p in rnd}


@given(st.integers(min_value=6, max_value=40).map(lambda k: 2 * (k // 2)))
def test_circle_is_a_round_robin_with_balanced_starts(n: int) -> None:
    # pairing-notes: beyond 10 players the circle method, starts balanced
    rounds = circle(n)
    assert len(rounds) == n - 1
    seen: set[frozenset[int]] = set()
    starts = dict.fromkeys(range(1, n + 1), 0)
    for rnd in rounds:
        assert sorted(p for pair in rnd for p in pair) == list(range(1, n + 1))
        for a, b in rnd:
            seen.add(frozenset((a, b)))
            starts[a] += 1
    assert len(seen) == n * (n - 1) // 2
    assert max(starts.values()) - min(starts.values()) <= 1


def test_beyond_ten_uses_the_circle() -> None:
    assert schedule(11) == circle(12)
    assert re.match(r"\[\[\(1, 12\)", str(schedule(12)))

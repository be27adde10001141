"""Byes, repeats and absences in the pairing: who pauses (the fewest byes, then the
lowest placed; RS §7.7), the RS §7.7 adjustment for a bye before any game, and what
``pair`` says when the halving system repeats or widens a group (RS §7.5–7.6)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from plansza.tournament.standings import standings

from .helpers import Log
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

"""Late-entry adjustments — "wyrównania" (RS §7.2–7.3)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from plansza.tournament.adjustments import seeding_place, target_place
from plansza.tournament.standings import rank, standings, totals

from .helpers import Log, settings


@given(st.integers(1, 40), st.integers(1, 40), st.integers(0, 10), st.integers(0, 10))
def test_target_lies_between_old_place_and_seed_place(a: int, b: int, n: int, m: int) -> None:
    # RS §7.2 (reconstructed, pairing-notes.md): a weighted mean of A and B, rounded up
    t = target_place(a, b, n, m)
    if n + m:
        assert min(a, b) <= t <= max(a, b)
    if n == 0:
        assert t == b  # a new player lands at the place of their seeding number


def test_seeding_place_of_a_100_ranked_player_is_the_middle_of_the_group() -> None:
    # RS §7.2 "B": middle of the 100-ranked group (+1 for an even count); 0–1 such: last
    log = Log(settings())
    others = [log.player(n, r) for n, r in (("R1", 150), ("R2", 140), ("R3", 130))]
    hundreds = [log.player(f"D{i}") for i in range(4)]
    me = log.player("Zz")
    assert seeding_place(log.state, me, others + hundreds) == 4 + 2  # 4 in the group → 3rd
    assert seeding_place(log.state, me, others + hundreds[:3]) == 4 + 1  # 3 → 2nd
    assert seeding_place(log.state, me, others + hundreds[:1]) == 5  # one such → last
    strong = log.player("S", 145)
    assert seeding_place(log.state, strong, others + hundreds) == 2  # by ranking


def five_after_round_one() -> Log:
    log = Log(settings("halving", 6))
    for n, r in (("Żak", None), ("Abacki", None), ("Nowak", 150), ("Łoś", 120), ("Kowal", 101)):
        log.player(n, r)
    log.pair()  # Nowak–Kowal, Łoś–Abacki, Żak bye
    log.add("result", round=1, a=3, sa=400, b=5, sb=300)
    log.add("result", round=1, a=4, sa=350, b=2, sb=360)
    return log


def test_late_entrant_takes_the_place_of_the_seeding_number_plus_one_point() -> None:
    # RS §7.2: same big points and one more small point than the player at the target
    log = five_after_round_one()
    late = log.player("Późny", 130)  # seeded 2nd among the six → place 2
    log.pair()
    (adj,) = log.state.adjustments[late]
    assert (adj.target_place, adj.big_points, adj.small_points, adj.spread) == (2, 1.0, 361, 11)
    lines = standings(log.state, 1, final=False)
    assert [x.name for x in lines][:3] == ["Nowak", "Późny", "Abacki"]


def test_late_entrant_at_the_last_place_gets_one_point_less() -> None:
    # RS §7.2: "na ostatnim miejscu ... pomniejszonej o jeden liczbie małych punktów"
    log = Log(settings("halving", 6))
    for n, r in (("A", 150), ("B", 140), ("C", 130), ("D", 120)):
        log.player(n, r)
    log.pair()
    log.play(random.Random(2))
    late = log.player("Late")  # a debutant, no other 100-ranked player: the last place
    log.pair()
    (adj,) = log.state.adjustments[late]
    last = rank(log.state, [v for k, v in totals(log.state, 1).items() if k != late],
                log.state.settings.criteria)[-1]
    assert adj.target_place == 5
    assert (adj.big_points, adj.small_points) == (last.big_points, last.small_points - 1)


def test_adjustments_are_cut_two_rounds_before_the_end_and_gone_at_the_end() -> None:
    # RS §7.3: cut above the line (2 BP and 400 below the 3rd place), never more than
    # added, never negative; all removed after the last round.
    for seed in range(6):
        rng = random.Random(seed)
        log = Log(settings("halving", 6))
        for i in range(9):
            log.player(f"P{i}", 200 - i)
        log.pair()
        log.play(rng)
        late = log.player("Late", 500)  # seeded first: lands on place 1
        for _ in range(5):
            log.pair()
            log.play(rng)
        added = log.state.adjustments[late][0]
        raw = totals(log.state, 4, adjustments=False)[late]
        full = totals(log.state, 4)[late]
        cut = {x.pid: x for x in standings(log.state, 4, final=False)}[late]
        third = rank(log.state, list(totals(log.state, 4).values()), log.state.settings.criteria)[2]
        line = (third.big_points - 2, third.small_points - 400)
        assert raw.big_points <= cut.big_points <= full.big_points
        assert raw.small_points <= cut.small_points <= full.small_points
        if (full.big_points, full.small_points) > line and (cut.big_points, cut.small_points) != (
            raw.big_points, raw.small_points
        ):
            assert (cut.big_points, cut.small_points) == line  # cut exactly to the line
        assert added.big_points >= 0 and added.small_points >= 0
        final = {x.pid: x for x in standings(log.state)}[late]
        assert log.state.finished
        assert (final.big_points, final.small_points) == (
            totals(log.state, 6, adjustments=False)[late].big_points,
            totals(log.state, 6, adjustments=False)[late].small_points,
        )
        assert not final.adjusted


def test_returning_player_uses_old_place_and_rounds_away() -> None:
    # RS §7.2: A = place before withdrawing, N rounds played, M rounds missed
    rng = random.Random(5)
    log = Log(settings("halving", 8))
    for i in range(6):
        log.player(f"P{i}", 200 - i)
    for _ in range(2):
        log.pair()
        log.play(rng)
    before = {x.pid: x.place for x in standings(log.state, 2, final=False)}
    log.add("withdraw", player=1, round=3)
    log.pair()
    log.play(rng)
    log.add("return", player=1, round=4)
    log.pair()
    (adj,) = log.state.adjustments[1]
    seed_place = 1  # the highest ranking
    assert adj.target_place == target_place(before[1], seed_place, 2, 1)


def test_hand_worked_removal_two_rounds_before_the_end() -> None:
    # RS §7.2–7.3 worked by hand. Four rounds, prize places 3 (the podium).
    log = Log(settings("manual", 4))
    a, b, c, d, e = (log.player(n, r) for n, r in
                     (("A", 150), ("B", 140), ("C", 130), ("D", 120), ("E", 110)))
    log.add("paired", round=1, tables=[[a, b], [c, d], [e, None]])
    log.add("result", round=1, a=a, sa=400, b=b, sb=300)
    log.add("result", round=1, a=c, sa=380, b=d, sb=350)
    # After round 1: A (1, 400, +100), C (1, 380, +30), E (1, 300, +50, bye), D, B.
    late = log.player("L", 200)  # seeded first → target place 1 → A's points, +1
    log.add("paired", round=2, tables=[[late, a], [b, c], [d, e]])
    (adj,) = log.state.adjustments[late]
    assert (adj.target_place, adj.big_points, adj.small_points, adj.spread) == (1, 1, 401, 101)
    log.add("result", round=2, a=late, sa=300, b=a, sb=450)
    log.add("result", round=2, a=b, sa=400, b=c, sb=300)
    log.add("result", round=2, a=d, sa=420, b=e, sb=380)
    # With the adjustment after round 2: A 2 BP; then D 770, L 701, B 700, E 680 (+10),
    # C 680 (−70). Third is L: the line is (1 − 2, 701 − 400) = (−1, 301). L stands at
    # (1, 701), above it; removing the whole big point leaves (0, ·), still above, so
    # the whole adjustment goes — L is back to 0 BP, 300, −150.
    full = rank(log.state, list(totals(log.state, 2).values()), log.state.settings.criteria)
    assert [x.name for x in full] == ["A", "D", "L", "B", "E", "C"]
    cut = {x.name: x for x in standings(log.state, 2, final=False)}
    assert (cut["L"].big_points, cut["L"].small_points, cut["L"].spread) == (0, 300, -150)
    # before the cut round the adjustment is still in force
    early = {x.name: x for x in standings(log.state, 1, final=False)}
    assert (early["L"].big_points, early["L"].small_points, early["L"].spread) == (1, 401, 101)


@given(st.integers(5, 12), st.integers(2, 4), st.sampled_from([None, 100.0, 130.0, 400.0]),
       st.integers(0, 10**6))
def test_a_late_entrant_starts_at_the_target_place(n: int, join: int, ranking: float | None,
                                                   seed: int) -> None:
    # RS §7.2: the same big points and one more small point (and spread) than the
    # player at the target place — at the last place one fewer than the player before.
    rng = random.Random(seed)
    log = Log(settings("halving", 6))
    for i in range(n):
        log.player(f"P{i:02d}", rng.choice([None, 120.0, 150.0, 180.0]))
    for _ in range(join - 1):
        log.pair()
        log.play(rng)
    late = log.player("Late", ranking)
    before = rank(log.state, [v for k, v in totals(log.state, join - 1).items() if k != late],
                  log.state.settings.criteria)
    log.pair()
    (adj,) = log.state.adjustments[late]
    t = adj.target_place
    ref, step = (before[t - 1], 1) if t <= len(before) else (before[-1], -1)
    lines = {x.pid: x for x in standings(log.state, join - 1, final=False)}
    me = lines[late]
    assert (me.big_points, me.small_points, me.spread) == (
        ref.big_points, ref.small_points + step, ref.spread + step)
    # so the entrant is at the target place, except that the literal rule lifts them
    # above players level with the reference player on big and small points, and above
    # players level with the entrant's own big and small points (one more small point
    # than the reference) whom the entrant's spread beats
    level = {(ref.big_points, ref.small_points), (me.big_points, me.small_points)}
    level_above = sum(1 for x in before[: t - 1] if (x.big_points, x.small_points) in level)
    same = sum(1 for x in before if (x.big_points, x.small_points, x.spread) ==
               (me.big_points, me.small_points, me.spread))  # full ties: seeding order
    assert t - level_above <= me.place <= t + same

"""A tournament's estimated effect on the ranking (plansza.ranking.effect)."""

from __future__ import annotations

from datetime import date, timedelta
from fractions import Fraction

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from plansza.ranking import Game, RankingHistory
from plansza.ranking.effect import by_change, tournament_effect
from plansza.ranking.hollington import Basis, Prior, round_half_up

from .builders import results

DAY = date(2024, 6, 1)


def history() -> list[Game]:
    """Hela 20–12 against Dora, both debutants: Hela 112.5 (→ 113), Dora 87.5 (→ 88)."""
    return results(date(2024, 5, 11), "Puchar Łodzi", "Hela Żółw", "Dora Ćma", wins=20, losses=12)


def test_hand_worked_effect() -> None:
    # RR §2.1/§2.2: Dora is listed at 88 but plays with the temporary 100; Hela with 113.
    # RR §1: Dora's win is worth 113 + 50 = 163, Hela's loss 100 − 50 = 50.
    games = results(DAY, "Turniej Letni", "Dora Ćma", "Hela Żółw", wins=1)
    found = tournament_effect(history(), games)
    assert found.list_date == date(2024, 6, 2)  # RR §2.5: the day after the tournament
    dora, hela = found.effects  # Polish alphabetical order: D before H
    assert (dora.name, dora.entry, dora.basis, dora.scalps) == ("Dora Ćma", 100, Basis.LISTED, 163)
    assert (hela.name, hela.entry, hela.scalps) == ("Hela Żółw", 113, 50)
    assert dora.achieved == 163 and dora.performance == 163
    # RR §1: (2800 + 163) / 33 = 89.79 → 90; (3600 + 50) / 33 = 110.6 → 111
    assert (dora.before, dora.new_ranking, dora.change) == (88, 90, 2)
    assert (hela.before, hela.new_ranking, hela.change) == (113, 111, -2)
    assert dora.after.exact == Fraction(2963, 33)
    assert dora.listed_before and dora.after.listed and not dora.enters
    assert [e.name for e in by_change(found.effects)] == ["Dora Ćma", "Hela Żółw"]


def test_debutant_is_padded_and_not_listed() -> None:
    # RR §2.2: a debutant plays with 100; RR §2.4: after one game, padded with 29 scalps
    # of 100: (163 + 2900) / 30 = 102.1 → 102; RR §2.1: not listed under 30 games.
    games = results(DAY, "Turniej Letni", "Ada Nowa", "Hela Żółw", wins=1)
    ada = next(e for e in tournament_effect(history(), games).effects if e.name == "Ada Nowa")
    assert (ada.entry, ada.basis, ada.before, ada.change) == (100, Basis.DEBUTANT, None, None)
    assert ada.new_ranking == 102 and not ada.after.listed and not ada.enters
    # the debutant is last in the default order (no change to show)
    assert by_change(tournament_effect(history(), games).effects)[-1].name == "Ada Nowa"


def test_thirtieth_game_enters_the_list() -> None:
    # RR §2.1: listed with at least 30 games in two years; Ula has 29 (RR §2.4: padded)
    old = history() + results(date(2024, 5, 18), "Puchar Wisły", "Ula Łoś", "Ola Nowa", wins=29)
    games = results(DAY, "Turniej Letni", "Ula Łoś", "Hela Żółw", wins=1)
    ula = next(e for e in tournament_effect(old, games).effects if e.name == "Ula Łoś")
    assert ula.basis is Basis.PADDED and not ula.listed_before
    assert ula.after.listed and ula.enters
    # RR §2.4: (29·150 + 1·100) / 30 = 148.3 → 148 before;
    # RR §1: after, the 30 real games: (4350 + 163) / 30 = 150.4 → 150
    assert (ula.before, ula.new_ranking, ula.change) == (148, 150, 2)


def test_registered_ranking_stands_for_a_missing_history() -> None:
    # RR §2.1: a listed player with no games in the file plays with the list's ranking
    games = results(DAY, "Turniej Letni", "Jan Obcy", "Hela Żółw", wins=1)
    found = tournament_effect(history(), games, {"Jan Obcy": Prior(Fraction(140), 60)})
    jan = next(e for e in found.effects if e.name == "Jan Obcy")
    assert jan.estimated and found.estimated == ("Jan Obcy",)
    assert (jan.entry, jan.before, jan.listed_before) == (140, 140, True)
    # (60·140 + 163) / 61 = 140.4 → 140
    assert jan.new_ranking == 140 and jan.change == 0


def test_no_game_no_effect() -> None:
    found = tournament_effect(history(), [])
    assert found.tournament is None and found.effects == () and found.list_date is None


def test_agrees_with_the_list_computed_with_the_tournament() -> None:
    # the estimate is the ranking's own computation (RR §1–§2), not a second one
    games = results(DAY, "Turniej Letni", "Dora Ćma", "Hela Żółw", wins=2, losses=3)
    found = tournament_effect(history(), games)
    full = RankingHistory(history() + games).ranking_list(date(2024, 6, 2))
    assert {e.name: e.after for e in found.effects} == {e.name: e for e in full}


# ---- properties -----------------------------------------------------------------------

NAMES = ("Ala", "Bożena", "Cyryl", "Dorota", "Edek", "Łucja")


@st.composite
def some_history(draw: st.DrawFn) -> list[Game]:
    """Each player with one or more tournaments against a fixed opponent within the two
    years: some listed (RR §2.1), some padded (RR §2.4), some over 200 (RR §1 cut)."""
    games: list[Game] = []
    for i, name in enumerate(NAMES):
        for k in range(draw(st.integers(1, 5))):
            n = draw(st.integers(10, 60))
            wins = draw(st.integers(0, n))
            day = date(2023, 1, 7) + timedelta(days=7 * (i * 6 + k))
            games += results(day, f"T{i}-{k}", name, "Stały Rywal", wins=wins, losses=n - wins)
    return games


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(old=some_history(), data=st.data())
def test_winning_against_higher_ranked_never_lowers(old: list[Game], data: st.DataObject) -> None:
    # RR §1: a win is worth the opponent's ranking + 50; against an opponent ranked at
    # least as high as oneself that exceeds one's own ranking, so it cannot lower it —
    # not even through the 200-game cut (the lowest tournaments go first)
    history_ = RankingHistory(old)
    rank = {n: history_.tournament_ranking(n, DAY, detail=False).value for n in NAMES}
    player = data.draw(st.sampled_from(NAMES))
    higher = [n for n in NAMES if n != player and rank[n] >= rank[player]]
    assume(higher)
    opponents = data.draw(st.lists(st.sampled_from(higher), min_size=1, max_size=12))
    games = [Game(DAY, "Nowy", player, o, 400, 300) for o in opponents]
    effect = next(e for e in tournament_effect(old, games).effects if e.name == player)
    assert effect.change is not None and effect.change >= 0


@settings(max_examples=25, deadline=None)
@given(old=some_history())
def test_no_games_change_nothing(old: list[Game]) -> None:
    # nothing played, nothing counted: the list after is the list before
    assert tournament_effect(old, []).effects == ()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(old=some_history(), data=st.data())
def test_any_tournament_agrees_with_counting_it(old: list[Game], data: st.DataObject) -> None:
    # whatever is played (debutants too, RR §2.2), the estimate is the list the ranking
    # gives with the tournament counted (RR §1–§2.5), its players only, and the change is
    # the difference of the rounded values on one list date (RR §1)
    everyone = (*NAMES, "Nowa Osoba")
    pairs = st.tuples(st.sampled_from(everyone), st.sampled_from(everyone)).filter(
        lambda p: p[0] != p[1]
    )
    played = data.draw(st.lists(st.tuples(pairs, st.integers(0, 2)), min_size=1, max_size=15))
    scores = ((400, 300), (350, 350), (300, 400))
    games = [Game(DAY, "Nowy", a, b, *scores[r]) for (a, b), r in played]
    found = tournament_effect(old, games)
    listed = date(2024, 6, 2)
    full = {
        e.name: e for e in RankingHistory(old + games).ranking_list(listed, include_unlisted=True)
    }
    before = {e.name: e for e in RankingHistory(old).ranking_list(listed, include_unlisted=True)}
    assert {e.name for e in found.effects} == {n for (pair, _) in played for n in pair}
    for e in found.effects:
        assert e.after == full[e.name]
        assert e.games == sum(e.name in pair for (pair, _) in played)
        if e.name in before:
            assert e.before == round_half_up(before[e.name].exact)
            assert e.change == round_half_up(full[e.name].exact) - e.before
        else:
            assert e.before is None and e.basis is Basis.DEBUTANT

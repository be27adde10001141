"""Hand-worked histories for every rule of the ranking regulation (RR §1–§2)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from plansza.ranking import (
    Basis,
    Game,
    RankingHistory,
    best_tournaments,
    group_tournaments,
    padded_ranking,
    round_half_up,
    window_start,
)

from .builders import at_rate, results

D = date(2024, 5, 11)


def listed(history: RankingHistory, as_of: date | None = None) -> dict[str, tuple[int, Fraction]]:
    return {e.name: (e.ranking, e.exact) for e in history.ranking_list(as_of) if e.listed}


# -- RR §1: the Hollington method ------------------------------------------------------------

def test_scalps_win_loss_draw() -> None:
    # RR §1: opponent's ranking +50 for a win, −50 for a loss, unchanged for a draw
    h = RankingHistory(results(D, "T", "Ala", "Ola", wins=1, draws=1, losses=1))
    scalps = [(s.result, s.opponent_ranking, s.scalp) for s in h.game_scalps("Ala", 0)]
    assert scalps == [("W", 100, 150), ("D", 100, 100), ("L", 100, 50)]
    assert [s.scalp for s in h.game_scalps("Ola", 0)] == [50, 100, 150]
    (perf,) = h.performances("Ala")
    assert (perf.games, perf.scalps, perf.achieved) == (3, 300, 100)


def test_ranking_is_scalps_over_games_rounded_half_up() -> None:
    # RR §1: ranking = scalps / games; exactly .5 rounds up. 32 games against one
    # debutant, 20 won and 12 lost: (20·150 + 12·50) / 32 = 3600/32 = 112.5 → 113.
    h = RankingHistory(results(D, "T", "Hela", "Dora", wins=20, losses=12))
    table = listed(h)
    assert table["Hela"] == (113, Fraction(225, 2))
    # and her opponent: (12·150 + 20·50) / 32 = 87.5 → 88 on the list (not raised, RR §2.2)
    assert table["Dora"] == (88, Fraction(175, 2))


def test_round_half_up_at_exact_half() -> None:
    # RR §1: "dokładnie 5/10 zaokrągla się w górę"
    assert round_half_up(Fraction(225, 2)) == 113
    assert round_half_up(Fraction(175, 2)) == 88
    assert round_half_up(Fraction(2249, 20)) == 112  # 112.45
    assert round_half_up(Fraction(449, 4)) == 112  # 112.25


def test_scalp_uses_the_opponents_rounded_tournament_ranking() -> None:
    # RR §1: rankings are rounded; "only for the order of the list are exact values
    # compared" — so a scalp uses the opponent's rounded ranking: 112.5 → 113.
    history = results(D, "T", "Hela", "Dora", wins=20, losses=12)
    history += results(date(2024, 6, 1), "U", "Ula", "Hela", wins=1, draws=1)
    history += results(date(2024, 6, 1), "U", "Ula", "Dora", losses=1)
    h = RankingHistory(history)
    u = h.tournaments.index(next(t for t in h.tournaments if t.name == "U"))
    assert h.entry_rankings(u) == {"Ula": 100, "Hela": 113, "Dora": 100}
    assert [s.scalp for s in h.game_scalps("Ula", u)] == [163, 113, 50]


def test_list_order_compares_exact_values() -> None:
    # RR §1: both round to 113, but Bartek's 113.33 beats Adam's 112.5, though
    # "Adam" comes first alphabetically.
    history = results(D, "T", "Adam", "Dora", wins=20, losses=12)  # 112.5
    history += results(D, "S", "Bartek", "Edek", wins=19, losses=11)  # 3400/30 = 113.33
    rows = [(e.place, e.name, e.ranking) for e in RankingHistory(history).ranking_list()]
    assert rows[:2] == [(1, "Bartek", 113), (2, "Adam", 113)]


def test_equal_exact_values_share_a_place_in_polish_order() -> None:
    # RR §1: order by exact value; equal values tie (names in Polish alphabetical order).
    history = at_rate(D, "T1", "Łucja", 30, 18, 12)  # 110
    history += at_rate(D, "T2", "Lena", 30, 18, 12)  # 110
    history += at_rate(D, "T3", "Zenon", 30, 24, 6)  # 130
    rows = [(e.place, e.name) for e in RankingHistory(history).ranking_list() if e.listed]
    assert rows[:3] == [(1, "Zenon"), (2, "Lena"), (2, "Łucja")]


# -- RR §1: the two-year window -------------------------------------------------------------

def _window_history(last_day: date) -> RankingHistory:
    history = at_rate(date(2022, 5, 14), "Stary", "Wiesław", 30, 20, 10)
    history += results(last_day, "Nowy", "Ala", "Ola", wins=1)
    return RankingHistory(history)


def test_window_includes_the_day_two_years_before_the_list_date() -> None:
    # RR §1 + RR §2.5: the list dated 2024-05-14 (after a tournament ending 2024-05-13)
    # covers 2022-05-14 … 2024-05-13, both inclusive.
    h = _window_history(date(2024, 5, 13))
    lst = h.ranking_list()
    assert lst.list_date == date(2024, 5, 14) and lst.window_start == date(2022, 5, 14)
    assert "Wiesław" in listed(h)


def test_window_excludes_a_tournament_one_day_older() -> None:
    # RR §1: a day later, the tournament of 2022-05-14 is out of the two years.
    h = _window_history(date(2024, 5, 14))
    assert h.ranking_list().window_start == date(2022, 5, 15)
    assert "Wiesław" not in listed(h)
    # … and he is then off the list with 30 career games: RR §2.3 applies.
    assert h.tournament_ranking("Wiesław", date(2024, 6, 1)).basis is Basis.OFF_LIST


def test_list_in_force_between_tournaments_does_not_move() -> None:
    # RR §2.5: a list is published the day after a tournament; with no tournament
    # since, the list of 2024-05-14 is still in force years later (nobody expires).
    h = _window_history(date(2024, 5, 13))
    assert listed(h, date(2026, 1, 1)) == listed(h)
    assert h.ranking_list(date(2026, 1, 1)).list_date == date(2024, 5, 14)


def test_as_of_the_tournament_day_is_the_previous_list() -> None:
    # RR §2.5: the list including a tournament is dated the day after it ends.
    h = _window_history(date(2024, 5, 13))
    assert h.ranking_list(date(2024, 5, 13)).list_date == date(2022, 5, 15)
    assert h.ranking_list(date(2024, 5, 14)).list_date == date(2024, 5, 14)
    assert h.ranking_list(date(2022, 5, 14)).list_date is None


def test_window_start_on_29_february() -> None:
    # RR §1: two years before 29.02.2024 has no 29 February: the window starts 1 March.
    assert window_start(date(2024, 2, 29)) == date(2022, 3, 1)
    assert window_start(date(2024, 3, 1)) == date(2022, 3, 1)


# -- RR §1: the best tournaments up to 200 games --------------------------------------------

def test_cut_drops_the_lowest_tournament_to_200_games() -> None:
    # RR §1: 5 × 50 = 250 games; the lowest (T1 at 100) is dropped → 200 games:
    # (110 + 130 + 120 + 140) · 50 / 200 = 125.
    history = at_rate(date(2024, 1, 6), "T1", "Kuba", 50, 25, 25)  # 100
    history += at_rate(date(2024, 2, 3), "T2", "Kuba", 50, 30, 20)  # 110
    history += at_rate(date(2024, 3, 2), "T3", "Kuba", 50, 40, 10)  # 130
    history += at_rate(date(2024, 4, 6), "T4", "Kuba", 50, 35, 15)  # 120
    history += at_rate(date(2024, 5, 4), "T5", "Kuba", 50, 45, 5)  # 140
    h = RankingHistory(history)
    kuba = next(e for e in h.ranking_list() if e.name == "Kuba")
    assert (kuba.ranking, kuba.exact, kuba.games, kuba.tournaments) == (125, 125, 200, 4)
    ranking = h.tournament_ranking("Kuba", date(2024, 6, 1))
    assert [p.tournament.name for p in ranking.dropped] == ["T1"]


def test_cut_stops_the_first_time_the_total_is_200_or_fewer() -> None:
    # RR §1: "do momentu aż liczba rozegranych partii po raz pierwszy nie przekroczy
    # 200" — 150 + 40 + 30 = 220; dropping the lowest (150 games at 100) leaves 70,
    # and nothing is added back: (40·150 + 30·140) / 70 = 10200/70 = 145.71 → 146.
    history = at_rate(date(2024, 1, 6), "Duży", "Kuba", 150, 75, 75)  # 100
    history += at_rate(date(2024, 2, 3), "Mały", "Kuba", 40, 40, 0)  # 150
    history += at_rate(date(2024, 3, 2), "Średni", "Kuba", 30, 27, 3)  # 140
    kuba = next(e for e in RankingHistory(history).ranking_list() if e.name == "Kuba")
    assert (kuba.ranking, kuba.exact, kuba.games, kuba.tournaments) == (
        146, Fraction(10200, 70), 70, 2)


def test_cut_drops_several_until_within_200() -> None:
    # RR §1: 100 + 60 + 60 + 50 = 270: drop 50 games at 90 (→ 220), then 60 at 100 (→ 160).
    history = at_rate(date(2024, 1, 6), "A", "Kuba", 100, 60, 40)  # 110
    history += at_rate(date(2024, 2, 3), "B", "Kuba", 60, 30, 30)  # 100
    history += at_rate(date(2024, 3, 2), "C", "Kuba", 60, 42, 18)  # 120
    history += at_rate(date(2024, 4, 6), "E", "Kuba", 50, 20, 30)  # 90
    kuba = next(e for e in RankingHistory(history).ranking_list() if e.name == "Kuba")
    # (100·110 + 60·120) / 160 = 18200/160 = 113.75 → 114
    assert (kuba.ranking, kuba.exact, kuba.games, kuba.tournaments) == (
        114, Fraction(18200, 160), 160, 2)


def test_cut_tie_drops_the_older_tournament_first() -> None:
    # RR §1 is silent on equal achieved rankings; we drop the older first (decisions).
    # T1 (10 games) and T2 (5 games) both at 100; T3 190 games at 120; 205 in all:
    # dropping T1 leaves 195 — (500 + 22800)/195; dropping T2 would have left 200.
    history = at_rate(date(2024, 1, 6), "T1", "Kuba", 10, 5, 5)
    history += at_rate(date(2024, 2, 3), "T2", "Kuba", 5, 2, 2)
    history += at_rate(date(2024, 3, 2), "T3", "Kuba", 190, 133, 57)  # 100 + 50·76/190 = 120
    kuba = next(e for e in RankingHistory(history).ranking_list() if e.name == "Kuba")
    assert (kuba.exact, kuba.games, kuba.ranking) == (Fraction(23300, 195), 195, 119)


def test_best_tournaments_keeps_everything_up_to_200() -> None:
    # RR §1: exactly 200 games are not cut
    history = at_rate(date(2024, 1, 6), "A", "Kuba", 100, 50, 50)
    history += at_rate(date(2024, 2, 3), "B", "Kuba", 100, 60, 40)
    h = RankingHistory(history)
    kept, dropped = best_tournaments(h.performances("Kuba"))
    assert (len(kept), dropped) == (2, [])


# -- RR §2.1: 30 games in two years to be listed --------------------------------------------

def test_29_games_in_the_window_are_not_listed_30_are() -> None:
    # RR §2.1
    h29 = RankingHistory(at_rate(D, "T", "Ala", 29, 20, 9))
    h30 = RankingHistory(at_rate(D, "T", "Ala", 30, 20, 10))
    assert "Ala" not in listed(h29)
    assert listed(h30)["Ala"] == (117, Fraction(350, 3))
    everyone = h29.ranking_list(include_unlisted=True)
    ala = next(e for e in everyone if e.name == "Ala")
    assert (ala.place, ala.listed) == (None, False)


def test_threshold_counts_games_across_tournaments_in_the_window() -> None:
    # RR §2.1: 12 + 10 + 8 = 30 games in three tournaments within two years
    history = at_rate(date(2023, 1, 7), "A", "Ala", 12, 6, 6)
    history += at_rate(date(2023, 6, 3), "B", "Ala", 10, 5, 5)
    history += at_rate(date(2024, 2, 3), "C", "Ala", 8, 8, 0)
    entry = next(e for e in RankingHistory(history).ranking_list() if e.name == "Ala")
    # (1200 + 1000 + 1200) / 30 = 3400/30 = 113.33 → 113
    assert (entry.listed, entry.ranking, entry.games, entry.tournaments) == (True, 113, 30, 3)


# -- RR §2.2: debutants and rankings under 100 play with 100 --------------------------------

def test_debutant_plays_with_100() -> None:
    # RR §2.2
    h = RankingHistory(results(D, "T", "Ala", "Ola", wins=1))
    assert h.entry_rankings(0) == {"Ala": 100, "Ola": 100}
    assert h.tournament_ranking("Nikt", D).basis is Basis.DEBUTANT
    assert h.tournament_ranking("Nikt", D).value == 100


def test_listed_player_under_100_plays_with_100_but_is_listed_lower() -> None:
    # RR §2.2: Dora's 87.5 is listed as 88; in her next tournament she plays with 100
    history = results(D, "T", "Hela", "Dora", wins=20, losses=12)
    history += results(date(2024, 6, 1), "U", "Ula", "Dora", wins=1)
    h = RankingHistory(history)
    ranking = h.tournament_ranking("Dora", date(2024, 6, 1))
    assert (ranking.basis, ranking.rounded, ranking.value, ranking.raised) == (
        Basis.LISTED, 88, 100, True)
    assert [s.scalp for s in h.game_scalps("Ula", 1)] == [150]
    assert listed(h, date(2024, 6, 1))["Dora"][0] == 88


# -- RR §2.3: off the list with 30+ career games ---------------------------------------------

def _off_list_history() -> list[Game]:
    history = at_rate(date(2018, 3, 3), "T1", "Olek", 20, 15, 5)  # 125
    history += at_rate(date(2018, 6, 2), "T2", "Olek", 15, 9, 6)  # 110
    history += at_rate(date(2018, 9, 1), "T3", "Olek", 20, 14, 6)  # 120
    # Others play on: the list of 2024-05-05 no longer has Olek (RR §1 window, §2.5).
    history += results(date(2024, 5, 4), "Inny", "Ala", "Ola", wins=1)
    return history


def test_off_list_uses_latest_tournaments_summing_to_30() -> None:
    # RR §2.3: 55 career games, none in the window: T3 (20) + T2 (15) = 35 ≥ 30 games,
    # (20·120 + 15·110) / 35 = 4050/35 = 115.71 → 116 (T1 is not needed).
    history = _off_list_history() + results(date(2024, 5, 11), "Powrót", "Ula", "Olek", wins=1)
    h = RankingHistory(history)
    ranking = h.tournament_ranking("Olek", date(2024, 5, 11))
    assert (ranking.basis, ranking.exact, ranking.value) == (
        Basis.OFF_LIST, Fraction(4050, 35), 116)
    assert [p.tournament.name for p in ranking.sources] == ["T2", "T3"]
    assert [s.scalp for s in h.game_scalps("Ula", 4)] == [166]  # RR §1 with the 116


def test_off_list_exactly_30_stops_there() -> None:
    # RR §2.3: the last tournament alone has 30 games → only it counts
    history = at_rate(date(2018, 3, 3), "T1", "Olek", 30, 30, 0)  # 150
    history += at_rate(date(2018, 9, 1), "T2", "Olek", 30, 15, 15)  # 100
    history += results(date(2024, 5, 4), "Inny", "Ala", "Ola", wins=1)
    ranking = RankingHistory(history).tournament_ranking("Olek", date(2024, 5, 11))
    assert (ranking.basis, ranking.value, ranking.games) == (Basis.OFF_LIST, 100, 30)


def test_off_list_under_100_is_raised() -> None:
    # RR §2.3 then RR §2.2: 30 games at 70 → the temporary 100
    history = at_rate(date(2018, 3, 3), "T", "Olek", 30, 0, 18)
    history += results(date(2024, 5, 4), "Inny", "Ala", "Ola", wins=1)
    ranking = RankingHistory(history).tournament_ranking("Olek", date(2024, 5, 11))
    assert (ranking.basis, ranking.rounded, ranking.value) == (Basis.OFF_LIST, 70, 100)


def test_off_list_player_is_not_on_the_list() -> None:
    # RR §2.1 + §2.3: off-list players appear only with --all, without a place
    h = RankingHistory(_off_list_history())
    assert "Olek" not in listed(h)
    olek = next(e for e in h.ranking_list(include_unlisted=True) if e.name == "Olek")
    assert (olek.place, olek.ranking, olek.games, olek.tournaments) == (None, 116, 35, 2)


# -- RR §2.4: padding for 1–29 career games --------------------------------------------------

def test_padding_example_of_the_regulation() -> None:
    # RR §2.4: 24 games at 120 → (2880 + 6·100) / 30 = 3480/30 = 116
    assert padded_ranking(2880, 24) == 116
    with pytest.raises(ValueError):
        padded_ranking(3000, 30)


def test_padding_example_end_to_end() -> None:
    # RR §2.4 through a history: Mistrz is listed at exactly 120 (12 wins and 18 draws
    # against debutants: 3600/30); X then draws 24 games with him: 24·120 = 2880.
    history = results(date(2024, 3, 2), "Kalibracja", "Mistrz", "Debiutant", wins=12, draws=18)
    history += results(date(2024, 4, 6), "Turniej X", "X", "Mistrz", draws=24)
    h = RankingHistory(history)
    assert h.entry_rankings(1)["Mistrz"] == 120
    ranking = h.tournament_ranking("X", date(2024, 5, 11))
    assert (ranking.basis, ranking.scalps, ranking.games, ranking.padding) == (
        Basis.PADDED, 2880, 24, 6)
    assert (ranking.exact, ranking.value) == (116, 116)


def test_padding_uses_all_career_games_even_outside_the_window() -> None:
    # RR §2.4 speaks of the career: 10 games in 2015 at 150 and 5 in 2024 at 100
    history = at_rate(date(2015, 3, 7), "Dawny", "Ala", 10, 10, 0)
    history += at_rate(date(2024, 3, 2), "Nowy", "Ala", 5, 2, 2)
    ranking = RankingHistory(history).tournament_ranking("Ala", date(2024, 5, 11))
    # (1500 + 500 + 15·100) / 30 = 3500/30 = 116.67 → 117
    assert (ranking.basis, ranking.games, ranking.value) == (Basis.PADDED, 15, 117)


def test_padding_under_100_is_raised() -> None:
    # RR §2.4 then RR §2.2: one loss → (50 + 2900)/30 = 98.33 → 100
    ranking = RankingHistory(results(D, "T", "Ala", "Ola", losses=1)
                             ).tournament_ranking("Ala", date(2024, 6, 1))
    assert (ranking.rounded, ranking.value, ranking.raised) == (98, 100, True)


# -- draws, walkovers, simultaneous tournaments ---------------------------------------------

def test_draws_give_the_opponents_ranking() -> None:
    # RR §1: "niezmieniony w przypadku remisu"
    history = results(date(2024, 3, 2), "K", "Mistrz", "Debiutant", wins=12, draws=18)
    history += results(date(2024, 4, 6), "L", "Ala", "Mistrz", draws=2)
    h = RankingHistory(history)
    assert [s.scalp for s in h.game_scalps("Ala", 1)] == [120, 120]
    assert [s.scalp for s in h.game_scalps("Mistrz", 1)] == [100, 100]


def test_walkovers_count_for_ranking() -> None:
    # TR 7.2, TR 6.3.4: a walkover (N:1) is a ranked game for both players
    h = RankingHistory(results(D, "T", "Ala", "Ola", wins=29, walkover_wins=1))
    (ala,) = h.performances("Ala")
    (ola,) = h.performances("Ola")
    assert (ala.games, ala.scalps, ola.games, ola.scalps) == (30, 4500, 30, 1500)
    assert listed(h)["Ala"] == (150, 150)
    walkover = h.game_scalps("Ala", 0)[-1]
    assert (walkover.game.walkover, walkover.own_score, walkover.opponent_score,
            walkover.scalp) == (True, 400, 1, 150)


def test_tournaments_ending_the_same_day_use_the_previous_list() -> None:
    # RR §2.5: the list with a tournament is dated the day after it; two tournaments
    # of one day both start from the list before it.
    history = results(D, "A", "Ala", "Ola", wins=1)
    history += results(D, "B", "Ala", "Ela", wins=1)
    h = RankingHistory(history)
    assert h.entry_rankings(0)["Ala"] == h.entry_rankings(1)["Ala"] == 100
    assert [p.entry for p in h.performances("Ala")] == [100, 100]


def test_multi_day_tournament_uses_the_list_of_its_first_day() -> None:
    # RR §2.5 / §2.1: players are seeded by the list in force when the tournament
    # starts; a one-day tournament ending on its second day is not in that list.
    history = results(date(2024, 5, 12), "Jednodniowy", "Ala", "Ola", wins=1)
    history += results(date(2024, 5, 11), "Dwudniowy", "Ala", "Ela", wins=1)
    history += results(date(2024, 5, 12), "Dwudniowy", "Ala", "Ela", wins=1)
    h = RankingHistory(history)
    two_day = next(i for i, t in enumerate(h.tournaments) if t.name == "Dwudniowy")
    assert h.tournaments[two_day].start == date(2024, 5, 11)
    assert h.entry_rankings(two_day)["Ala"] == 100


def test_later_tournament_uses_the_earlier_results() -> None:
    # RR §2.4: after one win against a debutant, (150 + 29·100)/30 = 101.67 → 102
    history = results(D, "A", "Ala", "Ola", wins=1)
    history += results(date(2024, 6, 1), "B", "Ala", "Ela", wins=1)
    h = RankingHistory(history)
    assert h.entry_rankings(1) == {"Ala": 102, "Ela": 100}
    assert [s.scalp for s in h.game_scalps("Ela", 1)] == [52]


def test_editions_of_one_name_are_separate_tournaments() -> None:
    # RR §1 counts tournaments: a yearly championship under one name is one a year
    games = results(date(2023, 5, 6), "MP", "A", "B", wins=1)
    games += results(date(2024, 5, 4), "MP", "A", "B", wins=1)
    games += results(date(2024, 5, 5), "MP", "A", "B", wins=1)
    assert [len(t.games) for t in group_tournaments(games)] == [1, 2]


def test_a_lone_tournament_over_200_games_is_kept_whole() -> None:
    # RR §1 read literally would drop the only tournament and leave no games;
    # we keep the best tournament whole (decisions).
    kuba = next(e for e in RankingHistory(at_rate(D, "Maraton", "Kuba", 210, 110, 100)
                                          ).ranking_list() if e.name == "Kuba")
    assert (kuba.games, kuba.tournaments, kuba.exact) == (210, 1, Fraction(21500, 210))

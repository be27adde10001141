"""Glicko-2 (plansza.ranking.glicko) against Glickman's paper ("Example of the
Glicko-2 system", 2012) and its properties, and the online pools and outcomes built
on it (plansza.services.ratings, issue 45)."""

from __future__ import annotations

import doctest
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.lexicon import Lexicon
from plansza.ranking import glicko
from plansza.ranking.glicko import SCALE, Rating, expected, idle, update
from plansza.services import charts, ratings
from plansza.services.live import LiveTable, MoveAction, Resign, live_rules
from plansza.services.ratings import FLOOR, outcome_of, pool_of, rated

ratings_ = st.builds(
    Rating,
    st.floats(600, 2400),
    st.floats(FLOOR, 350),
    st.floats(0.03, 0.09),
)


@pytest.mark.parametrize("module", [glicko, ratings, charts])
def test_doctests(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def test_the_papers_worked_example() -> None:
    # Glickman 2012, steps 1-8: a 1500/200/0.06 player beats 1400/30, loses to
    # 1550/100 and 1700/300 (τ = 0.5)
    after = update(
        Rating(1500, 200, 0.06),
        [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)],
    )
    assert math.isclose((after.rating - 1500) / SCALE, -0.2069, abs_tol=5e-5)
    assert math.isclose(after.deviation / SCALE, 0.8722, abs_tol=5e-5)
    assert math.isclose(after.volatility, 0.05999, abs_tol=1e-5)
    # the paper's intermediate quantities: E for each opponent
    opponents = (Rating(1400, 30), Rating(1550, 100), Rating(1700, 300))
    found = [round(expected(Rating(1500, 200), o), 3) for o in opponents]
    assert found == [0.639, 0.432, 0.303]


@given(ratings_, ratings_)
def test_a_win_never_lowers_a_rating_and_a_loss_never_raises_it(a: Rating, b: Rating) -> None:
    assert update(a, [(b, 1.0)]).rating >= a.rating
    assert update(a, [(b, 0.0)]).rating <= a.rating


@given(ratings_, ratings_)
def test_the_expected_scores_of_two_equally_sure_players_sum_to_one(a: Rating, b: Rating) -> None:
    b = Rating(b.rating, a.deviation, b.volatility)
    assert math.isclose(expected(a, b) + expected(b, a), 1.0, abs_tol=1e-9)


@given(ratings_, ratings_, st.sampled_from([0.0, 0.5, 1.0]))
def test_a_game_makes_a_rating_surer(a: Rating, b: Rating, score: float) -> None:
    # surer than it would be after the same time without the game (step 6 with the
    # new volatility: a surprise raises the volatility, and with it the deviation)
    after = update(a, [(b, score)])
    assert after.deviation <= math.hypot(a.deviation, after.volatility * SCALE) + 1e-9


@given(ratings_, st.floats(0, 5000))
def test_idle_time_widens_the_deviation_up_to_a_newcomers(a: Rating, days: float) -> None:
    wider = idle(a, days)
    assert a.deviation <= wider.deviation <= max(350.0, a.deviation) + 1e-9
    assert wider.rating == a.rating


def test_the_pools_by_speed_and_rules() -> None:
    assert [pool_of("pfs", m) for m in (1, 6, 7, 15, 16, 180)] == [
        "pfs:blitz", "pfs:blitz", "pfs:rapid", "pfs:rapid", "pfs:classical", "pfs:classical",
    ]  # fmt: skip
    assert pool_of("pfs", 0) is None  # no clock: never rated
    assert pool_of("nonsense", 15) is None


def test_a_newcomer_beating_a_stronger_player_gains_more_than_beating_a_weaker() -> None:
    strong = rated(None, ratings.COMPUTER["sim"], 1.0, 0.0)
    weak = rated(None, ratings.COMPUTER["random"], 1.0, 0.0)
    assert strong.rating.rating > weak.rating.rating > 1500
    assert rated(weak, ratings.COMPUTER["random"], 1.0, 0.0).rating.deviation >= FLOOR


WORDS = ["KOT", "KOTY", "TO", "OK", "ALA", "MA"]


def table(rated_: bool, minutes: int = 15) -> LiveTable:
    return LiveTable.new(
        rules=live_rules("pfs", minutes), preset="pfs", seed=3, seats=("person", "person"),
        names=("Ala", "Ola"), words=Lexicon.build(WORDS), starting=0, now=0.0, rated=rated_,
    )  # fmt: skip


def test_an_outcome_only_for_a_rated_game_of_two_moves_or_more() -> None:
    t = table(True)
    t.apply(0, MoveAction("pauza"), now=1.0)
    t.apply(0, Resign(), now=2.0) if t.game.to_move == 0 else t.apply(1, Resign(), now=2.0)
    assert t.over and outcome_of(t) is None  # one move: aborted
    t = table(True)
    t.apply(0, MoveAction("pauza"), now=1.0)
    t.apply(1, MoveAction("pauza"), now=2.0)
    t.apply(1, Resign(), now=3.0)
    o = outcome_of(t)
    assert o is not None and o.pool == "pfs:rapid" and o.scores == (1.0, 0.0)
    assert o.computers == ("", "") and o.bingos == (0, 0)
    casual = table(False)
    casual.apply(0, MoveAction("pauza"), now=1.0)
    casual.apply(1, MoveAction("pauza"), now=2.0)
    casual.apply(0, Resign(), now=3.0)
    assert casual.over and outcome_of(casual) is None

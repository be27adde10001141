"""Who may referee a tournament and play in it (RS §2, §3, §4, §6; RR §4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.federation.roles import CATEGORIES, CENTRAL, Standing, check

ONE, TWO, NONE = Standing(degree=1), Standing(degree=2), Standing(degree=None)
HELPERS = ("Kowalska Ewa", "Lis Adam")


def paragraphs(**kw: object) -> list[tuple[str, str]]:
    base: dict[str, object] = {"category": "ranked", "referee": "Nowak Jan", "standing": ONE}
    return [(f.level, f.paragraph) for f in check(**(base | kw))]  # type: ignore[arg-type]


@pytest.mark.parametrize("category", ["GP", "MP", "PP"])
def test_degree_two_does_not_referee_the_grand_prix_mp_or_pp(category: str) -> None:
    # RS §2.2: degree II: every ranked tournament except GP, MP and PP
    assert paragraphs(category=category, standing=TWO) == [("refuse", "RS §2.2")]
    assert paragraphs(category=category, standing=ONE) == []


@pytest.mark.parametrize("category", ["KMP", "LeMans", "ranked"])
def test_degree_two_referees_the_other_ranked_tournaments(category: str) -> None:
    # RS §2.2
    assert paragraphs(category=category, standing=TWO) == []


def test_a_ranked_tournament_needs_a_licence_an_unranked_one_does_not() -> None:
    # RR §4: a PFS referee; RS §2.1: the licence the board grants
    assert paragraphs(standing=NONE) == [("refuse", "RR §4")]
    assert paragraphs(category="unranked", standing=NONE) == []


@pytest.mark.parametrize("category", sorted(CENTRAL))
def test_no_playing_referee_at_a_central_tournament(category: str) -> None:
    # RS §6.4: not at MP, KMP, PP, LeMans or the Grand Prix
    found = paragraphs(category=category, plays=True, assistants=HELPERS)
    assert ("refuse", "RS §6.4") in found


def test_no_playing_referee_with_an_internship_or_an_exam() -> None:
    # RS §6.4
    assert ("refuse", "RS §6.4") in paragraphs(plays=True, assistants=HELPERS, internship="Ula")
    assert ("refuse", "RS §6.4") in paragraphs(plays=True, assistants=HELPERS, exam="Ula")
    assert paragraphs(plays=True, assistants=HELPERS) == []


def test_only_degree_one_plays() -> None:
    # RS §6.4: "Sędzia posiadający licencję I stopnia może brać udział…"
    assert paragraphs(standing=TWO, plays=True, assistants=HELPERS) == [("refuse", "RS §6.4")]


def test_a_playing_referee_appoints_two_assistants() -> None:
    # RS §6.5
    assert paragraphs(plays=True, assistants=("Lis Adam",)) == [("refuse", "RS §6.5")]
    assert paragraphs(plays=True, assistants=HELPERS) == []
    # the head referee is not their own assistant
    assert ("refuse", "RS §6.5") in paragraphs(plays=True, assistants=("Nowak Jan", "Lis Adam"))


def test_an_assistant_is_licensed_or_a_member() -> None:
    # RS §6.5 (with §3.9): another player with a licence, or a member of the PFS
    outsider = {"Lis Adam": Standing(degree=None, member=False)}
    found = paragraphs(plays=True, assistants=HELPERS, assistant_standings=outsider)
    assert found == [("warn", "RS §6.5")]
    member = {"Lis Adam": Standing(degree=None, member=True)}
    assert paragraphs(plays=True, assistants=HELPERS, assistant_standings=member) == []


def test_a_penalty_forbids_playing_while_refereeing() -> None:
    # RS §4.1: "zawieszenie prawa do udziału w turnieju podczas pełnienia funkcji sędziego"
    banned = Standing(degree=1, may_play=False)
    assert paragraphs(standing=banned, plays=True, assistants=HELPERS) == [("refuse", "RS §4.1")]
    assert paragraphs(standing=banned) == []  # refereeing alone stays allowed


@pytest.mark.parametrize("category", ["PP", "MP"])
def test_no_internship_at_pp_or_mp(category: str) -> None:
    # RS §3.4
    assert paragraphs(category=category, internship="Ula") == [("refuse", "RS §3.4")]
    assert paragraphs(category="GP", internship="Ula") == []


def test_the_practical_exam_is_at_least_twelve_rounds() -> None:
    # RS §3.5
    assert paragraphs(exam="Ula", rounds=11) == [("warn", "RS §3.5")]
    assert paragraphs(exam="Ula", rounds=12) == []


@given(
    st.sampled_from(CATEGORIES),
    st.sampled_from([1, 2, None]),
    st.booleans(),
    st.integers(0, 3),
)
def test_a_referee_who_does_not_play_is_judged_by_the_licence_alone(
    category: str, degree: int | None, may_play: bool, helpers: int
) -> None:
    # RS §2.2, RR §4: without playing, only the degree against the category counts
    found = check(
        category=category,
        referee="Nowak Jan",
        standing=Standing(degree=degree, may_play=may_play),
        assistants=HELPERS[:helpers],
    )
    expected = (category != "unranked" and degree is None) or (
        category in ("GP", "MP", "PP") and degree == 2
    )
    assert bool(found) == expected

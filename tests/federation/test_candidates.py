"""RS §3: candidates for a referee's licence, on hand-made dated histories."""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.errors import FormatError
from plansza.federation.candidates import (
    Applicant,
    Exam,
    Internship,
    RefereeCandidate,
    add_months,
    appeal_dates,
    draw_questions,
    eligibility,
    game_dates,
    internship_refusals,
    member_since,
    practical_refusals,
    queue,
    read_pool,
    status,
    theory_refusals,
)
from plansza.i18n import translator
from plansza.ranking.records import RankedGame

AS_OF = date(2026, 3, 4)


@dataclass(frozen=True)
class Period:
    """A membership period as the registry keeps it (since, until; both included)."""

    since: date
    until: date | None = None


def ready(**changes: object) -> RefereeCandidate:
    """A candidate meeting RS §3.1 on AS_OF with some margin."""
    c = RefereeCandidate(
        "Ola Żak",
        born=date(1990, 1, 1),
        memberships=(Period(date(2020, 1, 1)),),
        games=tuple(date(2024, 1, 1) + timedelta(days=i) for i in range(150)),
    )
    for k, v in changes.items():
        setattr(c, k, v)
    return c


def codes(c: RefereeCandidate, as_of: date = AS_OF) -> list[str]:
    return [f.code for f in eligibility(c, as_of).unmet]


def test_ready_candidate_is_eligible() -> None:
    # RS §3.1: all three conditions met
    e = eligibility(ready(), AS_OF)
    assert e.eligible
    assert e.as_dict() == {"as_of": "2026-03-04", "eligible": True, "unmet": []}


# -- RS §3.1: age ------------------------------------------------------------------


def test_21st_birthday_is_enough() -> None:
    # RS §3.1: "mieć ukończone 21 lat" — on the 21st birthday
    assert codes(ready(born=date(2005, 3, 4))) == []


def test_20_years_364_days_is_not() -> None:
    # RS §3.1: one day short of 21
    c = ready(born=date(2005, 3, 5))
    (f,) = eligibility(c, AS_OF).unmet
    assert (f.code, f.paragraph, f.have, f.need) == ("age", "RS §3.1", 20, 21)
    assert f.text() == "21 years old on 2026-03-05 (RS §3.1: at least 21)"
    assert f.text(translator("pl")) == "ukończenie 21 lat: 2026-03-05 (RS §3.1: co najmniej 21)"


def test_born_on_29_february() -> None:
    # RS §3.1: born on 29 February, 21 on 28 February of a common year (Civil Code art. 112)
    c = ready(born=date(2004, 2, 29))
    assert codes(c, date(2025, 2, 27)) == ["age"]
    assert codes(c, date(2025, 2, 28)) == []


# -- RS §3.1: membership -----------------------------------------------------------


def test_exactly_a_year_of_membership() -> None:
    # RS §3.1: "być nieprzerwanie od roku członkiem PFS" — a year to the day is enough
    assert codes(ready(memberships=(Period(date(2025, 3, 4)),))) == []


def test_a_day_short_of_a_year() -> None:
    # RS §3.1: a year less a day
    (f,) = eligibility(ready(memberships=(Period(date(2025, 3, 5)),)), AS_OF).unmet
    assert (f.code, f.have, f.need) == ("membership", date(2025, 3, 5), date(2026, 3, 5))
    assert f.as_dict()["need"] == "2026-03-05"


def test_a_break_in_membership_restarts_the_year() -> None:
    # RS §3.1: "nieprzerwanie" — one day's gap is a break; the year counts from after it
    periods = (Period(date(2020, 1, 1), date(2025, 6, 30)), Period(date(2025, 7, 2)))
    assert member_since(periods, AS_OF) == date(2025, 7, 2)
    (f,) = eligibility(ready(memberships=periods), AS_OF).unmet
    assert (f.code, f.need) == ("membership", date(2026, 7, 2))


def test_touching_periods_are_no_break() -> None:
    # RS §3.1: a period starting the day after the previous one ends continues it
    periods = (Period(date(2025, 7, 1)), Period(date(2020, 1, 1), date(2025, 6, 30)))
    assert member_since(periods, AS_OF) == date(2020, 1, 1)
    assert codes(ready(memberships=periods)) == []


def test_not_a_member_on_the_day() -> None:
    # RS §3.1: membership ended before the date
    c = ready(memberships=(Period(date(2020, 1, 1), date(2026, 3, 3)),))
    assert codes(c) == ["not_member"]
    assert codes(ready(memberships=())) == ["not_member"]
    # the membership's last day still counts
    assert codes(ready(memberships=(Period(date(2020, 1, 1), AS_OF),))) == []


def test_future_membership_does_not_count() -> None:
    # RS §3.1: a period starting after the date is not a membership on it
    assert member_since([Period(date(2026, 3, 5))], AS_OF) is None


# -- RS §3.1: ranked play ----------------------------------------------------------


def dated_games(n: int, first: date = date(2024, 1, 1)) -> tuple[date, ...]:
    return tuple(first + timedelta(days=i % 200) for i in range(n))


def test_119_games_are_not_enough() -> None:
    # RS §3.1: "rozegrać co najmniej 120 partii"
    (f,) = eligibility(ready(games=dated_games(119)), AS_OF).unmet
    assert (f.code, f.have, f.need) == ("games", 119, 120)
    assert f.text() == "119 of 120 ranked games (RS §3.1)"
    assert f.text(translator("pl")) == "119 z 120 partii rankingowych (RS §3.1)"


def test_120_games_are() -> None:
    # RS §3.1: 120 games exactly
    assert codes(ready(games=dated_games(120))) == []


def test_games_after_the_date_do_not_count() -> None:
    # RS §3.1: only the games played by the date
    games = (*dated_games(119), AS_OF + timedelta(days=1))
    assert codes(ready(games=games)) == ["games"]
    assert codes(ready(games=(*dated_games(119), AS_OF))) == []


def test_a_year_of_ranked_play() -> None:
    # RS §3.1: "co najmniej przez rok uczestniczyć w turniejach … zaliczanych do rankingu"
    assert codes(ready(games=dated_games(120, date(2025, 3, 4)))) == []
    (f,) = eligibility(ready(games=dated_games(120, date(2025, 3, 5))), AS_OF).unmet
    assert (f.code, f.need) == ("ranked_year", date(2026, 3, 5))


def test_no_games_at_all() -> None:
    # RS §3.1: no ranked play
    assert codes(ready(games=())) == ["no_games", "games"]


def test_game_dates_from_the_ranking_history() -> None:
    # RS §3.1: games played — a walkover is not played
    rows = [
        RankedGame(date(2024, 5, 2), "T", "Ola Żak", "Ewa", 300, 200),
        RankedGame(date(2024, 5, 1), "T", "Ewa", "Ola  Żak", 300, 0, walkover=True),
        RankedGame(date(2024, 5, 1), "T", "Ewa", "Ala", 300, 280),
        RankedGame(date(2024, 4, 1), "T", "Ola Z\u0307ak", "Ala", 300, 280),
    ]
    assert game_dates(rows, "Ola Żak") == [date(2024, 4, 1), date(2024, 5, 2)]


@given(
    st.integers(0, 200),
    st.dates(date(1950, 1, 1), date(2010, 1, 1)),
    st.dates(date(2015, 1, 1), date(2026, 3, 4)),
)
def test_unmet_exactly_the_conditions_that_fail(n: int, born: date, since: date) -> None:
    # RS §3.1: eligible if and only if each of the three conditions holds
    c = ready(born=born, memberships=(Period(since),), games=dated_games(n))
    e = eligibility(c, AS_OF)
    age_ok = (born.year + 21, born.month, born.day) <= (2026, 3, 4)
    member_ok = since <= date(2025, 3, 4)
    assert e.eligible == (age_ok and member_ok and n >= 120)
    assert ("games" in codes(c)) == (n < 120)
    assert ("age" in codes(c)) == (not age_ok)


# -- RS §3.3, §3.4: internships ----------------------------------------------------


def test_internship_accepted() -> None:
    # RS §3.4: an ordinary ranked tournament, no other intern, notice in time
    assert (
        internship_refusals(
            tournament="Wrocław",
            category="ranked",
            start=date(2026, 5, 9),
            notified=date(2026, 5, 2),
        )
        == []
    )


@pytest.mark.parametrize("category", ["PP", "MP", "mp"])
def test_no_internship_at_pp_or_mp(category: str) -> None:
    # RS §3.4: "Nie można asystować w turniejach specjalnych (PP, MP)"
    (f,) = internship_refusals(tournament="T", category=category, start=date(2026, 5, 9))
    assert (f.code, f.paragraph) == ("category", "RS §3.4")


@pytest.mark.parametrize("category", ["GP", "KMP", "LeMans", "unranked"])
def test_internship_at_other_categories(category: str) -> None:
    # RS §3.4: only PP and MP are excluded
    assert internship_refusals(tournament="T", category=category, start=date(2026, 5, 9)) == []


def test_one_intern_per_tournament() -> None:
    # RS §3.4: "W jednym turnieju może asystować tylko jedna osoba"
    (f,) = internship_refusals(
        tournament="Wrocław", category="ranked", start=date(2026, 5, 9), other_interns=["Ewa"]
    )
    assert f.code == "one_intern"
    assert f.text() == "Ewa already interns at Wrocław (RS §3.4: one intern)"


def test_seven_days_notice() -> None:
    # RS §3.3: "nie później niż na 7 dni przed deklarowanym terminem"
    start = date(2026, 5, 9)
    ok = internship_refusals(
        tournament="T", category="ranked", start=start, notified=date(2026, 5, 2)
    )
    assert ok == []
    (f,) = internship_refusals(
        tournament="T", category="ranked", start=start, notified=date(2026, 5, 3)
    )
    assert (f.code, f.need) == ("notice", date(2026, 5, 2))


def test_internship_needs_the_boards_consent() -> None:
    # RS §3.2: the board's consent before the internship
    (f,) = internship_refusals(tournament="T", category="ranked", start=AS_OF, approved=False)
    assert f.code == "not_approved"


def test_queue_order_of_application() -> None:
    # RS §3.4: "O pierwszeństwie … decyduje kolejność zgłoszeń"
    q = queue([Applicant("B", date(2026, 2, 1)), Applicant("A", date(2026, 1, 1))])
    assert [a.name for a in q] == ["A", "B"]


def test_queue_exam_goes_first() -> None:
    # RS §3.4: a candidate asking for the exam goes first
    q = queue([Applicant("A", date(2026, 1, 1)), Applicant("B", date(2026, 2, 1), wants_exam=True)])
    assert [a.name for a in q] == ["B", "A"]


def test_queue_enough_rounds_gives_way() -> None:
    # RS §3.4: the first with enough rounds gives way to the next one
    q = queue(
        [
            Applicant("A", date(2026, 1, 1), has_rounds=True),
            Applicant("B", date(2026, 2, 1)),
            Applicant("C", date(2026, 3, 1)),
        ]
    )
    assert [a.name for a in q] == ["B", "C", "A"]


@given(
    st.lists(
        st.builds(
            Applicant,
            st.text("abc", min_size=1, max_size=3),
            st.dates(date(2025, 1, 1), date(2026, 1, 1)),
            st.booleans(),
            st.booleans(),
        ),
        max_size=8,
    )
)
def test_queue_is_a_permutation_with_exam_first(applicants: list[Applicant]) -> None:
    # RS §3.4: everyone stays in the queue; nobody without an exam wish is before one with it
    q = queue(applicants)
    assert sorted(q, key=repr) == sorted(applicants, key=repr)
    wishes = [a.wants_exam for a in q]
    assert wishes == sorted(wishes, reverse=True)


# -- RS §3.5, §3.6: the exam -------------------------------------------------------


def test_pool_and_a_reproducible_draw() -> None:
    # RS §3.5: three questions drawn at random from the pool (RS §3.6)
    pool = read_pool("# PFS\n" + "\n".join(f"Question {i}?" for i in range(1, 31)) + "\n\n")
    assert len(pool) == 30
    drawn = draw_questions(pool, "2026-03-04 Ola Żak")
    assert len(drawn) == 3 and len(set(drawn)) == 3 and set(drawn) <= set(pool)
    assert draw_questions(pool, "2026-03-04 Ola Żak") == drawn
    assert any(draw_questions(pool, s) != drawn for s in range(5))


def test_pool_too_small() -> None:
    # RS §3.5: three questions need a pool of three
    with pytest.raises(FormatError) as e:
        read_pool("A?\nB?\n", source="pula.txt")
    assert e.value.code == "pool_small"
    assert str(e.value) == "pula.txt: the question pool has 2 questions; the exam draws 3 (RS §3.5)"
    with pytest.raises(FormatError):
        draw_questions(["A", "B"], 1)


@given(st.lists(st.text(min_size=1), min_size=3, unique=True), st.integers())
def test_draw_is_three_distinct_from_the_pool(pool: list[str], seed: int) -> None:
    # RS §3.5: "trzy losowo wybrane pytania"
    drawn = draw_questions(pool, seed)
    assert len(set(drawn)) == 3 and set(drawn) <= set(pool)


def test_practical_exam_needs_12_rounds_after_the_theory() -> None:
    # RS §3.5: "samodzielne poprowadzenie turnieju PFS (co najmniej 12 rund)", after the theory
    c = ready(theory=(Exam(date(2026, 1, 10), True),))
    assert practical_refusals(c, Exam(date(2026, 2, 1), True, tournament="T", rounds=12)) == []
    (f,) = practical_refusals(c, Exam(date(2026, 2, 1), True, tournament="T", rounds=11))
    assert (f.code, f.have, f.need) == ("practical_rounds", 11, 12)
    early = practical_refusals(c, Exam(date(2026, 1, 9), True, tournament="T", rounds=12))
    assert [f.code for f in early] == ["theory_first"]


# -- RS §3.7: appeals --------------------------------------------------------------


def test_appeal_dates() -> None:
    # RS §3.7: 14 days to appeal; the board's decision within 21 days of receiving it
    a = appeal_dates(date(2026, 2, 20))
    assert a.appeal_by == date(2026, 3, 6)
    assert a.decision_by == date(2026, 3, 27)
    assert appeal_dates(date(2026, 2, 20), received=date(2026, 2, 25)).decision_by == date(
        2026, 3, 18
    )


# -- the state ---------------------------------------------------------------------


def test_not_eligible_then_may_apply() -> None:
    # RS §3.1, §3.2: not eligible; eligible but no consent yet
    assert status(ready(games=dated_games(97)), AS_OF).stage == "not_eligible"
    s = status(ready(), AS_OF)
    assert s.stage == "may_apply"
    assert s.as_dict()["eligible"] is True


def test_interning_counts_rounds_and_the_whole_tournament() -> None:
    # RS §3.5: at least 12 rounds, at least one whole tournament
    c = ready(approved=date(2025, 1, 1))
    c.internships = (Internship("A", date(2025, 2, 1), 7, 9),)
    s = status(c, AS_OF)
    assert (s.stage, s.rounds, s.whole) == ("interning", 7, False)
    assert [f.code for f in s.notes] == ["rounds", "whole"]
    assert s.notes[0].text() == "7 of 12 internship rounds (RS §3.5)"
    c.internships = (
        Internship("A", date(2025, 2, 1), 9, 9),
        Internship("B", date(2025, 3, 1), 2, 7),
    )
    s = status(c, AS_OF)
    assert (s.stage, s.rounds, s.whole) == ("interning", 11, True)
    c.internships = (*c.internships, Internship("C", date(2025, 4, 1), 1, 7))
    s = status(c, AS_OF)
    assert (s.stage, s.rounds, s.internship_done) == ("may_sit_theory", 12, date(2025, 4, 1))
    # 12 rounds but no whole tournament is not enough
    c.internships = (
        Internship("A", date(2025, 2, 1), 6, 9),
        Internship("B", date(2025, 3, 1), 6, 7),
    )
    assert status(c, AS_OF).stage == "interning"


def done(day: date = date(2025, 4, 1), **changes: object) -> RefereeCandidate:
    c = ready(approved=date(2025, 1, 1), internships=(Internship("A", day, 12, 12),))
    for k, v in changes.items():
        setattr(c, k, v)
    return c


def test_theory_no_more_often_than_every_3_months() -> None:
    # RS §3.5: "nie częściej niż raz na 3 miesiące"
    c = done(theory=(Exam(date(2025, 12, 5), False),))
    s = status(c, AS_OF)
    assert (s.stage, s.since, s.until) == ("may_sit_theory", date(2026, 3, 5), date(2027, 4, 1))
    assert [f.code for f in s.notes] == ["theory_spacing"]
    s = status(c, date(2026, 3, 5))
    assert (s.since, s.notes) == (date(2026, 3, 5), ())
    # a failure at the end of a month: 30 November + 3 months is 28 February
    s = status(done(theory=(Exam(date(2025, 11, 30), False),)), date(2026, 2, 27))
    assert s.since == date(2026, 2, 28)


def test_24_months_from_the_internship_to_the_exam() -> None:
    # RS §3.5: "ma 24 miesiące na podejście do egzaminu. Po tym czasie musi on odbyć staż ponownie"
    c = done(date(2024, 3, 4))
    s = status(c, AS_OF)
    assert (s.stage, s.until) == ("may_sit_theory", date(2026, 3, 4))
    s = status(c, date(2026, 3, 5))
    assert s.stage == "interning" and s.rounds == 0
    assert next(f.code for f in s.notes) == "internship_void"
    assert (
        s.notes[0].text()
        == "the internship of 2024-03-04 lapsed on 2026-03-04 (RS §3.5: 24 months)"
    )
    # a new internship after the lapse counts again
    c.internships = (*c.internships, Internship("B", date(2026, 4, 1), 12, 12))
    s = status(c, date(2026, 4, 2))
    assert (s.stage, s.internship_done, s.until) == (
        "may_sit_theory",
        date(2026, 4, 1),
        date(2028, 4, 1),
    )


def test_theory_passed_then_practical_then_degree_ii() -> None:
    # RS §3.5: theory passed → practical; practical passed → degree II on that day
    c = done(theory=(Exam(date(2025, 6, 1), False), Exam(date(2025, 9, 1), True)))
    s = status(c, AS_OF)
    assert s.stage == "may_sit_practical"
    c.practical = (Exam(date(2025, 10, 4), False, tournament="T", rounds=12),)
    assert status(c, AS_OF).stage == "may_sit_practical"
    c.practical = (*c.practical, Exam(date(2025, 12, 6), True, tournament="U", rounds=12))
    s = status(c, AS_OF)
    assert (s.stage, s.granted) == ("passed", date(2025, 12, 6))
    assert s.as_dict(translator("pl"))["stage_text"] == "egzamin zdany: licencja II stopnia"
    # before the practical exam's day the candidate had not passed yet
    assert status(c, date(2025, 12, 5)).stage == "may_sit_practical"


def test_exam_ban_after_a_licence_taken_away() -> None:
    # RS §4.1: no exam for at least a year after losing the licence
    s = status(done(exam_ban_until=date(2026, 6, 1)), AS_OF)
    assert (s.stage, s.since) == ("may_sit_theory", date(2026, 6, 1))
    assert [f.code for f in s.notes] == ["exam_ban"]


def test_status_in_polish() -> None:
    # RS §3.1: the answer in the user's language
    s = status(ready(games=dated_games(97)), AS_OF)
    d = s.as_dict(translator("pl"))
    assert d["eligible"] is False
    assert d["unmet"] == [
        {
            "code": "games",
            "paragraph": "RS §3.1",
            "have": 97,
            "need": 120,
            "message": "97 z 120 partii rankingowych (RS §3.1)",
        }
    ]


@given(st.dates(date(2020, 1, 1), date(2030, 1, 1)), st.integers(0, 60))
def test_add_months_never_overshoots(day: date, months: int) -> None:
    # RS §3.5: terms in months end on the same day of the month, or the month's last day
    later = add_months(day, months)
    assert (later.year * 12 + later.month) - (day.year * 12 + day.month) == months
    last = calendar.monthrange(later.year, later.month)[1]
    assert later.day == day.day or (later.day < day.day and later.day == last)


def test_theory_refusals() -> None:
    # RS §3.2, §3.5: the theory exam needs the board's consent and a whole internship
    assert [f.code for f in theory_refusals(ready(), AS_OF)] == ["not_approved"]
    c = ready(approved=date(2025, 1, 1), internships=(Internship("A", date(2025, 2, 1), 5, 5),))
    assert [f.code for f in theory_refusals(c, AS_OF)] == ["rounds"]
    c = done(theory=(Exam(date(2026, 1, 10), False),))
    assert [f.code for f in theory_refusals(c, AS_OF)] == ["theory_spacing"]
    assert theory_refusals(c, date(2026, 4, 10)) == []
    c = done(theory=(Exam(date(2025, 9, 1), True),))
    (f,) = theory_refusals(c, AS_OF)
    assert f.text() == "the theory exam was passed on 2025-09-01 (RS §3.5)"


def test_practical_may_be_sat_from_the_theory_pass() -> None:
    # RS §3.5: "Do egzaminu praktycznego może przystąpić kandydat po zdaniu … teoretycznego"
    s = status(done(theory=(Exam(date(2025, 9, 1), True),)), AS_OF)
    assert (s.stage, s.since, s.until) == ("may_sit_practical", date(2025, 9, 1), date(2027, 4, 1))


def test_a_practical_exam_before_the_theory_does_not_pass() -> None:
    # RS §3.5: the practical exam comes after the theory one
    c = done(
        theory=(Exam(date(2025, 9, 1), True),),
        practical=(Exam(date(2025, 8, 1), True, tournament="T", rounds=12),),
    )
    assert status(c, AS_OF).stage == "may_sit_practical"


@given(st.lists(st.dates(date(2025, 4, 1), AS_OF), max_size=4), st.dates(date(2025, 4, 1), AS_OF))
def test_theory_never_within_3_months_of_an_attempt(attempts: list[date], day: date) -> None:
    # RS §3.5: "nie częściej niż raz na 3 miesiące" — no two attempts closer than 3 months
    c = done(theory=tuple(Exam(d, False) for d in attempts))
    if not theory_refusals(c, day):
        assert all(add_months(d, 3) <= day for d in attempts if d <= day)
    s = status(c, day)
    assert s.stage == "may_sit_theory"
    assert s.since is not None and all(add_months(d, 3) <= s.since for d in attempts if d <= day)

"""A referee's licence as of a day (RS §2–§5), on hand-made dated histories."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plansza.errors import PlanszaError
from plansza.federation.members import Member, Period
from plansza.federation.referees import (
    Grant,
    Penalty,
    Temporary,
    TournamentRecord,
    add_years,
    check_penalty,
    status,
)

D = date


def member(*periods: Period, name: str = "Ala") -> Member:
    return Member(name, D(1990, 1, 1), name, periods or (Period(D(2010, 1, 1)),))


def ran(name: str, day: date, referee: str = "Ala", category: str = "ranked") -> TournamentRecord:
    return TournamentRecord(name, day, day, category, referee)


def codes(s: object) -> list[str]:
    return [r.code for r in s.reasons]  # type: ignore[attr-defined]


def test_no_grant_no_licence() -> None:
    # RS §2.1: the board grants licences; none granted, none held
    s = status(member(), [], [], [], [], [], D(2024, 1, 1))
    assert s.degree is None and codes(s) == ["no_licence"]
    assert s.reasons[0].paragraph == "RS §2.1"


def test_grant_of_degree_two_holds_from_its_day() -> None:
    # RS §3.5: degree II granted on a day
    grants = [Grant(D(2024, 3, 1), 2)]
    assert status(member(), grants, [], [], [], [], D(2024, 2, 29)).degree is None
    s = status(member(), grants, [], [], [], [], D(2024, 3, 1))
    assert s.degree == 2 and s.reasons[0].paragraph == "RS §3.5"


def test_degree_one_after_the_second_tournament_run() -> None:
    # RS §3.8: degree II becomes degree I after running two tournaments
    grants = [Grant(D(2024, 3, 1), 2)]
    ts = [ran("A", D(2024, 4, 6)), ran("B", D(2024, 6, 1)), ran("Other's", D(2024, 5, 1), "Ola")]
    assert status(member(), grants, [], [], ts, [], D(2024, 5, 31)).degree == 2
    s = status(member(), grants, [], [], ts, [], D(2024, 6, 1))
    assert s.degree == 1 and s.reasons[0].code == "promoted"
    assert s.reasons[0].paragraph == "RS §3.8" and s.reasons[0].since == D(2024, 6, 1)


def test_tournaments_run_before_the_grant_do_not_count() -> None:
    # RS §3.8: "after receiving the licence of degree II"
    grants = [Grant(D(2024, 3, 1), 2)]
    ts = [ran("Temp", D(2024, 1, 6)), ran("A", D(2024, 4, 6))]
    assert status(member(), grants, [], [], ts, [], D(2024, 12, 1)).degree == 2


def test_licence_lapses_the_day_after_three_full_years() -> None:
    # RS §5.2: lost after 3 years neither running nor playing a PFS tournament; the
    # three full years end at the end of their last day
    grants = [Grant(D(2018, 1, 1), 1)]
    ts = [ran("Last run", D(2020, 5, 10))]
    before = status(member(), grants, [], [], ts, [], D(2023, 5, 10))
    assert before.degree == 1 and before.lapses == D(2023, 5, 11)  # held that very day
    s = status(member(), grants, [], [], ts, [], D(2023, 5, 11))
    assert s.degree is None and codes(s) == ["lapsed"]
    assert s.reasons[0].paragraph == "RS §5.2" and s.reasons[0].since == D(2023, 5, 11)


def test_playing_keeps_the_licence_and_counts_as_the_ranking_says() -> None:
    # RS §5.2: playing a PFS tournament counts as much as running one
    grants = [Grant(D(2018, 1, 1), 1)]
    assert status(member(), grants, [], [], [], [D(2020, 5, 10)], D(2023, 5, 10)).degree == 1
    assert status(member(), grants, [], [], [], [D(2020, 5, 10)], D(2023, 5, 11)).degree is None


def test_a_lapsed_licence_does_not_come_back_by_playing() -> None:
    # RS §5.2 → RS §4.2: coming back means the exam again (a new grant)
    grants = [Grant(D(2018, 1, 1), 2)]
    s = status(member(), grants, [], [], [], [D(2022, 1, 1)], D(2022, 6, 1))
    assert s.degree is None and codes(s) == ["lapsed"]
    again = [*grants, Grant(D(2022, 7, 1), 2)]
    assert status(member(), again, [], [], [], [D(2022, 1, 1)], D(2022, 7, 1)).degree == 2


def test_not_a_member_suspends_until_the_next_period() -> None:
    # RS §5.1: suspended for the time one is not a member
    m = member(Period(D(2010, 1, 1), D(2023, 12, 31)), Period(D(2024, 3, 1)))
    grants = [Grant(D(2022, 1, 1), 1)]
    s = status(m, grants, [], [], [], [], D(2024, 2, 1))
    assert s.degree is None and s.held == 1
    gap = s.reasons[-1]
    assert gap.code == "not_member" and gap.paragraph == "RS §5.1"
    assert gap.until == D(2024, 2, 29)
    assert status(m, grants, [], [], [], [], D(2024, 3, 1)).degree == 1


@pytest.mark.parametrize(
    ("kind", "days", "degree_during"),
    [("suspend-1", 30, 2), ("suspend-all", 30, None), ("suspend-all", 365, None)],
)
def test_suspensions_last_their_days(kind: str, days: int, degree_during: int | None) -> None:
    # RS §4.1.3 (degree I suspended) and RS §4.1.4 (all suspended): 30 days to a year
    grants = [Grant(D(2022, 1, 1), 1)]
    p = Penalty(D(2024, 1, 10), kind, days)
    last = D(2024, 1, 10) + timedelta(days=days - 1)
    during = status(member(), grants, [], [p], [], [D(2023, 12, 1)], last)
    assert during.degree == degree_during and during.held == 1
    assert during.reasons[-1].until == last
    assert during.reasons[-1].paragraph == ("RS §4.1.3" if kind == "suspend-1" else "RS §4.1.4")
    after = status(member(), grants, [], [p], [], [D(2023, 12, 1)], last + timedelta(days=1))
    assert after.degree == 1


def test_degree_one_suspension_leaves_degree_two_alone() -> None:
    # RS §4.1.3: it suspends the rights of degree I only
    grants = [Grant(D(2024, 1, 1), 2)]
    p = Penalty(D(2024, 1, 10), "suspend-1", 60)
    assert status(member(), grants, [], [p], [], [], D(2024, 2, 1)).degree == 2


def test_no_play_counts_the_tournaments_run_after_it() -> None:
    # RS §4.1.2: no playing while refereeing for 1 to 5 tournaments
    grants = [Grant(D(2022, 1, 1), 1)]
    p = Penalty(D(2024, 1, 1), "no-play", tournaments=2)
    ts = [ran("Before", D(2023, 12, 1)), ran("A", D(2024, 2, 1)), ran("B", D(2024, 3, 1))]
    s = status(member(), grants, [], [p], ts, [], D(2024, 2, 1))
    assert s.degree == 1 and s.reasons[-1].code == "no_play"
    assert s.reasons[-1].details["left"] == 2  # "A" is still on that day
    assert status(member(), grants, [], [p], ts, [], D(2024, 2, 2)).reasons[-1].details["left"] == 1
    assert "no_play" not in codes(status(member(), grants, [], [p], ts, [], D(2024, 3, 2)))


def test_re_exam_takes_the_licence_until_a_new_grant() -> None:
    # RS §4.1.5: the exam again
    grants = [Grant(D(2022, 1, 1), 1)]
    p = Penalty(D(2024, 1, 1), "re-exam")
    s = status(member(), grants, [], [p], [], [], D(2024, 1, 1))
    assert s.degree is None and codes(s) == ["re_exam"]
    assert (
        status(member(), [*grants, Grant(D(2024, 2, 1), 2)], [], [p], [], [], D(2024, 2, 1)).degree
        == 2
    )


def test_revocation_bans_the_exam_for_a_year() -> None:
    # RS §4.1.6: taken away, no exam for at least a year
    p = Penalty(D(2024, 3, 1), "revoke")
    assert p.last_day == D(2025, 2, 28)
    s = status(member(), [Grant(D(2022, 1, 1), 1)], [], [p], [], [], D(2024, 6, 1))
    assert s.degree is None and s.reasons[0].code == "revoked"
    assert s.reasons[0].until == D(2025, 2, 28)


def test_a_temporary_licence_is_for_its_day() -> None:
    # RS §3.9: for the length of one event
    t = [Temporary(D(2024, 5, 11), "Puchar Mazur")]
    s = status(member(), [], t, [], [], [], D(2024, 5, 11))
    assert s.degree is None and s.temporary == "Puchar Mazur" and "temporary" in codes(s)
    assert status(member(), [], t, [], [], [], D(2024, 5, 12)).temporary is None


@pytest.mark.parametrize(
    ("kind", "days", "tournaments", "ok"),
    [
        ("warning", None, None, True),  # RS §4.1.1
        ("warning", 30, None, False),
        ("no-play", None, 1, True),  # RS §4.1.2
        ("no-play", None, 5, True),
        ("no-play", None, 6, False),
        ("no-play", None, 0, False),
        ("suspend-1", 30, None, True),  # RS §4.1.3
        ("suspend-1", 29, None, False),
        ("suspend-all", 365, None, True),  # RS §4.1.4
        ("suspend-all", 366, None, False),
        ("suspend-all", None, None, False),
        ("re-exam", None, None, True),  # RS §4.1.5
        ("revoke", None, None, True),  # RS §4.1.6
        ("revoke", 364, None, False),
        ("revoke", 730, None, True),
        ("ban", None, None, False),
    ],
)
def test_penalty_lengths(kind: str, days: int | None, tournaments: int | None, ok: bool) -> None:
    # RS §4.1: each penalty's length within its range
    if ok:
        check_penalty(kind, days, tournaments)
    else:
        with pytest.raises(PlanszaError):
            check_penalty(kind, days, tournaments)


def test_add_years_on_29_february() -> None:
    assert add_years(D(2020, 2, 29), 3) == D(2023, 2, 28)
    assert add_years(D(2020, 2, 29), 4) == D(2024, 2, 29)


days = st.dates(D(2015, 1, 1), D(2030, 12, 31))


@given(
    grant=days,
    start=days,
    length=st.integers(30, 365),
    kind=st.sampled_from(["suspend-1", "suspend-all"]),
    offset=st.integers(0, 400),
)
def test_no_degree_one_while_a_suspension_covers_the_day(
    grant: date, start: date, length: int, kind: str, offset: int
) -> None:
    # RS §4.1.3–4: while a suspension covers the day, never degree I; all: no degree
    p = Penalty(start, kind, length)
    day = start + timedelta(days=offset)
    s = status(member(), [Grant(grant, 1)], [], [p], [], [grant, start], day)
    if p.covers(day):
        assert s.degree is None if kind == "suspend-all" else s.degree != 1
    else:
        assert s.degree == s.held

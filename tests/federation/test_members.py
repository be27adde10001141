"""Members and their membership periods (RS §3.1 continuity, RS §5.1)."""

from __future__ import annotations

from datetime import date

import pytest

from plansza.errors import PlanszaError
from plansza.federation.members import Member, Period, read_members_csv

D = date


def test_periods_that_meet_are_one_membership() -> None:
    # RS §3.1: "a member without a break": 31 Dec then 1 Jan is no break
    m = Member("Ala", None, "Ala", (Period(D(2020, 1, 1), D(2020, 12, 31)), Period(D(2021, 1, 1))))
    assert m.unbroken_since(D(2022, 6, 1)) == D(2020, 1, 1)


def test_a_gap_of_one_day_breaks_the_membership() -> None:
    # RS §3.1 and RS §5.1: one day without membership is a break
    m = Member("Ala", None, "Ala", (Period(D(2020, 1, 1), D(2020, 12, 30)), Period(D(2021, 1, 1))))
    assert not m.is_member(D(2020, 12, 31))
    assert m.unbroken_since(D(2022, 6, 1)) == D(2021, 1, 1)
    assert m.unbroken_since(D(2020, 12, 31)) is None
    assert m.next_since(D(2020, 12, 31)) == D(2021, 1, 1)


def test_overlapping_periods_are_refused() -> None:
    m = Member("Ala", None, "Ala", (Period(D(2020, 1, 1), D(2020, 12, 31)),))
    with pytest.raises(PlanszaError, match="already a member"):
        m.with_period(Period(D(2020, 12, 31)))


def test_csv_rows_and_a_bad_row_named_by_its_line() -> None:
    rows = read_members_csv(
        "name;born;since;until;player\nAla;1990-01-02;2020-01-01;2020-12-31;Ala K.\n"
        "Ala;;2021-06-01;;\n"
    )
    assert [(r.name, r.since, r.until, r.player) for r in rows] == [
        ("Ala", D(2020, 1, 1), D(2020, 12, 31), "Ala K."),
        ("Ala", D(2021, 6, 1), None, "Ala"),
    ]
    with pytest.raises(PlanszaError, match=r"m.csv:3: the membership ends \(2019-01-01\)"):
        read_members_csv(
            "name,since,until\nOla,2020-01-01,\nEwa,2020-01-01,2019-01-01\n", source="m.csv"
        )
    with pytest.raises(PlanszaError, match="no column since"):
        read_members_csv("name,born\nOla,2000-01-01\n", source="m.csv")

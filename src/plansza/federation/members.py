"""The federation's members: membership periods and their continuity.

A member has a date of birth, the name they play under in the ranking history (their
own name unless told otherwise) and one or more membership periods, each from a day
to a day (both included) or open. Two periods with no day between them are one
unbroken membership: RS §3.1 asks a candidate to be a member "without a break for a
year", and RS §5.1 suspends a referee's licence while they are not a member.

>>> from datetime import date
>>> m = Member("Ala", date(2000, 1, 2), "Ala",
...            (Period(date(2020, 1, 1), date(2020, 12, 31)), Period(date(2021, 1, 1), None)))
>>> m.is_member(date(2023, 5, 1)), m.unbroken_since(date(2023, 5, 1))
(True, datetime.date(2020, 1, 1))
>>> gap = Member("Ola", None, "Ola",
...              (Period(date(2020, 1, 1), date(2020, 6, 30)), Period(date(2020, 8, 1), None)))
>>> gap.is_member(date(2020, 7, 15)), gap.unbroken_since(date(2021, 1, 1))
(False, datetime.date(2020, 8, 1))
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, replace
from datetime import date, timedelta

from plansza.errors import N_, FormatError, PlanszaError
from plansza.files import excerpt
from plansza.inputs import check_day, check_name


@dataclass(frozen=True, slots=True)
class Period:
    """One membership period: ``since`` to ``until`` (both days included; None: open)."""

    since: date
    until: date | None = None

    def covers(self, day: date) -> bool:
        """Whether ``day`` falls in the period."""
        return self.since <= day and (self.until is None or day <= self.until)


@dataclass(frozen=True, slots=True)
class Member:
    """A member of the federation."""

    name: str
    born: date | None
    player: str
    """The name in the ranking's game history (RS §5.2 counts the games played)."""
    periods: tuple[Period, ...] = ()

    def is_member(self, day: date) -> bool:
        """Whether the person is a member on ``day`` (RS §5.1)."""
        return any(p.covers(day) for p in self.periods)

    def unbroken_since(self, day: date) -> date | None:
        """The first day of the unbroken membership that covers ``day`` (None: not a
        member that day). Periods that meet (one ends the day before the next begins)
        are one membership (RS §3.1)."""
        if not self.is_member(day):
            return None
        start = day
        for p in sorted(self.periods, key=lambda p: p.since, reverse=True):
            if p.since > start:
                continue
            if p.until is None or p.until >= start - timedelta(days=1):
                start = min(start, p.since)
        return start

    def next_since(self, day: date) -> date | None:
        """The first day of the next membership period after ``day`` (None: none)."""
        later = [p.since for p in self.periods if p.since > day]
        return min(later) if later else None

    def with_period(self, period: Period) -> Member:
        """This member with one more period; refused if it overlaps one they have."""
        for p in self.periods:
            if _overlap(p, period):
                raise PlanszaError(
                    N_("{name} is already a member from {since} to {until}"),
                    code="period_overlap",
                    name=self.name,
                    since=p.since.isoformat(),
                    until=p.until.isoformat() if p.until else "…",
                )
        periods = tuple(sorted((*self.periods, period), key=lambda p: p.since))
        return replace(self, periods=periods)


def _overlap(a: Period, b: Period) -> bool:
    far = date.max
    return a.since <= (b.until or far) and b.since <= (a.until or far)


def check_period(name: str, since: date, until: date | None) -> Period:
    """A membership period, refused if it ends before it begins."""
    if until is not None and until < since:
        raise PlanszaError(
            N_("{name}: the membership ends ({until}) before it begins ({since})"),
            code="bad_period",
            name=name,
            since=since.isoformat(),
            until=until.isoformat(),
        )
    return Period(since, until)


def parse_day(text: str, *, field: str, source: str | None = None, line: int | None = None) -> date:
    """A date written YYYY-MM-DD, or an error naming the field (and where it was read).

    >>> parse_day("2024-02-30", field="born")
    Traceback (most recent call last):
    ...
    plansza.errors.FormatError: bad date '2024-02-30' for born (YYYY-MM-DD)
    """
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        raise FormatError(
            N_("bad date '{text}' for {field} (YYYY-MM-DD)"),
            code="bad_date",
            source=source,
            line=line,
            text=excerpt(text),
            field=field,
        ) from None
    return check_day(day, field, source=source, line=line)


@dataclass(frozen=True, slots=True)
class MemberRow:
    """One row of a members' CSV: a person and one membership period."""

    name: str
    born: date | None
    since: date
    until: date | None
    player: str
    line: int = 0  #: where it was read (1-based; 0: not from a file)


def read_members_csv(text: str, *, source: str = "members.csv") -> list[MemberRow]:
    """The rows of a members' CSV: columns ``name``, ``born``, ``since``, ``until``
    (may be empty) and, optionally, ``player`` (the name in the ranking history).
    A person with several periods has several rows. Any bad row refuses the whole file.

    >>> rows = read_members_csv("name,born,since,until\\nAla,2000-01-02,2020-01-01,\\n")
    >>> rows[0].name, rows[0].since, rows[0].until
    ('Ala', datetime.date(2020, 1, 1), None)
    >>> read_members_csv("name,since\\nAla,1.1.2020\\n", source="m.csv")
    Traceback (most recent call last):
    ...
    plansza.errors.FormatError: m.csv:2: bad date '1.1.2020' for since (YYYY-MM-DD)
    """
    delimiter = (
        ";" if text.split("\n", 1)[0].count(";") > text.split("\n", 1)[0].count(",") else ","
    )
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")), delimiter=delimiter)
    header = [h.strip().lower() for h in reader.fieldnames or []]
    missing = [c for c in ("name", "since") if c not in header]
    if missing:
        raise FormatError(
            N_("no column {columns} (name, born, since, until, player)"),
            code="bad_header",
            source=source,
            columns=", ".join(missing),
        )
    rows = []
    for line, raw in enumerate(reader, start=2):
        row = {(k or "").strip().lower(): (v or "").strip() for k, v in raw.items()}
        name = check_name(" ".join(row.get("name", "").split()), source=source, line=line)
        if not name:
            raise FormatError(N_("the name is missing"), code="bad_row", source=source, line=line)
        born = None
        if row.get("born"):
            born = parse_day(row["born"], field="born", source=source, line=line)
        if not row.get("since"):
            raise FormatError(
                N_("the membership's first day (since) is missing"),
                code="bad_row",
                source=source,
                line=line,
            )
        since = parse_day(row["since"], field="since", source=source, line=line)
        until = None
        if row.get("until"):
            until = parse_day(row["until"], field="until", source=source, line=line)
        if until is not None and until < since:
            raise FormatError(
                N_("the membership ends ({until}) before it begins ({since})"),
                code="bad_period",
                source=source,
                line=line,
                since=since.isoformat(),
                until=until.isoformat(),
            )
        player = check_name(" ".join(row.get("player", "").split()), source=source, line=line)
        rows.append(MemberRow(name, born, since, until, player or name, line))
    return rows

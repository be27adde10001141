"""Referees' licences (RS §2–§5): the degree in force on a day, and why.

Nothing here is stored: :func:`status` computes a referee's licence as of a day from
what the registry's log records — the grants, the temporary licences, the penalties,
the tournaments the person ran — and from the days they played (the ranking's game
history). Paragraphs are cited as ``RS §3.8``: the paragraph, then the position of its
dash item (docs/decisions/federation.md).

* RS §2.2: degree II referees ranked tournaments except GP, MP and PP; degree I all.
* RS §3.8: a degree II referee holds degree I after running two tournaments.
* RS §3.9: a temporary licence for the length of one event, for a member.
* RS §4.1: the penalties — a warning; no playing while refereeing for 1–5 tournaments;
  degree I suspended, or every licence suspended, for 30 days to a year; the exam
  again; the licence taken away, with no exam for at least a year (RS §4.2).
* RS §5.1: suspended while not a member. RS §5.2: lost after 3 years neither running
  nor playing a PFS tournament (taking the exam again brings it back, RS §4.2).

>>> from datetime import date
>>> from plansza.federation.members import Member, Period
>>> ala = Member("Ala", date(1990, 1, 1), "Ala", (Period(date(2015, 1, 1)),))
>>> s = status(ala, [Grant(date(2020, 3, 1), 2)], [], [], [], [], date(2021, 1, 1))
>>> s.degree, [r.code for r in s.reasons]
(2, ['granted'])
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from plansza.errors import N_, PlanszaError
from plansza.federation.members import Member

CATEGORIES = ("GP", "MP", "KMP", "PP", "LeMans", "ranked", "unranked")
"""A tournament's category: the Grand Prix, the Polish championship (MP), the club
championship (KMP), the Polish cup (PP), LeMans, another ranked, an unranked one."""

PENALTIES = ("warning", "no-play", "suspend-1", "suspend-all", "re-exam", "revoke")
"""RS §4.1's penalties, in its order (RS §4.1.1 … §4.1.6)."""

PENALTY_PARAGRAPH = {kind: f"RS §4.1.{n}" for n, kind in enumerate(PENALTIES, start=1)}

SUSPENSION_DAYS = (30, 365)
"""RS §4.1.3–4: a suspension lasts from 30 days to a year."""
NO_PLAY_TOURNAMENTS = (1, 5)
"""RS §4.1.2: no playing while refereeing for 1 to 5 tournaments."""
LAPSE_YEARS = 3
"""RS §5.2: lost after 3 years neither running nor playing a PFS tournament."""
EXAM_BAN_YEARS = 1
"""RS §4.1.6: the licence taken away, no exam for at least a year."""
PROMOTION_TOURNAMENTS = 2
"""RS §3.8: degree II → I after running two tournaments."""


def add_years(day: date, years: int) -> date:
    """The same day ``years`` later (29 February → 28 February).

    >>> add_years(date(2024, 2, 29), 3)
    datetime.date(2027, 2, 28)
    """
    year = day.year + years
    return day.replace(year=year, day=min(day.day, calendar.monthrange(year, day.month)[1]))


@dataclass(frozen=True, slots=True)
class Grant:
    """The board grants a licence of ``degree`` (1 or 2) on ``day`` (RS §2.1, §3.5)."""

    day: date
    degree: int


@dataclass(frozen=True, slots=True)
class Temporary:
    """A temporary licence for one event (RS §3.9)."""

    day: date
    tournament: str


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty of RS §4.1 from ``day``: ``days`` for a suspension, ``tournaments``
    for no playing while refereeing, ``days`` of the exam ban after a revocation."""

    day: date
    kind: str
    days: int | None = None
    tournaments: int | None = None

    @property
    def paragraph(self) -> str:
        """The paragraph that names this penalty."""
        return PENALTY_PARAGRAPH[self.kind]

    @property
    def last_day(self) -> date | None:
        """A suspension's last day (included); a revocation's last day with no exam."""
        if self.kind in ("suspend-1", "suspend-all") and self.days:
            return self.day + timedelta(days=self.days - 1)
        if self.kind == "revoke":
            if self.days:
                return self.day + timedelta(days=self.days - 1)
            return add_years(self.day, EXAM_BAN_YEARS) - timedelta(days=1)
        return None

    def covers(self, day: date) -> bool:
        """Whether a suspension is in force on ``day``."""
        last = self.last_day
        return (
            self.kind in ("suspend-1", "suspend-all")
            and last is not None
            and (self.day <= day <= last)
        )


def check_penalty(kind: str, days: int | None, tournaments: int | None) -> None:
    """Refuse a penalty RS §4.1 does not allow (a kind, or a length out of its range).

    >>> check_penalty("suspend-all", 20, None)
    Traceback (most recent call last):
    ...
    plansza.errors.PlanszaError: a suspension lasts from 30 to 365 days, not 20 (RS §4.1.4)
    """
    if kind not in PENALTIES:
        raise PlanszaError(
            N_("unknown penalty '{kind}' (one of {kinds})"),
            code="bad_penalty",
            kind=kind,
            kinds=", ".join(PENALTIES),
        )
    paragraph = PENALTY_PARAGRAPH[kind]
    if kind in ("suspend-1", "suspend-all"):
        low, high = SUSPENSION_DAYS
        if days is None or not low <= days <= high or tournaments is not None:
            raise PlanszaError(
                N_("a suspension lasts from {low} to {high} days, not {days} ({paragraph})"),
                code="bad_penalty_length",
                low=low,
                high=high,
                days=days if days is not None else "—",
                paragraph=paragraph,
            )
    elif kind == "no-play":
        low, high = NO_PLAY_TOURNAMENTS
        if tournaments is None or not low <= tournaments <= high or days is not None:
            raise PlanszaError(
                N_(
                    "no playing while refereeing lasts from {low} to {high} tournaments, "
                    "not {n} ({paragraph})"
                ),
                code="bad_penalty_length",
                low=low,
                high=high,
                n=tournaments if tournaments is not None else "—",
                paragraph=paragraph,
            )
    elif kind == "revoke":
        if tournaments is not None or (days is not None and days < 365):
            raise PlanszaError(
                N_("no exam for at least a year: {days} days is too short ({paragraph})"),
                code="bad_penalty_length",
                days=days if days is not None else "—",
                paragraph=paragraph,
            )
    elif days is not None or tournaments is not None:
        raise PlanszaError(
            N_("the penalty '{kind}' has no length ({paragraph})"),
            code="bad_penalty_length",
            kind=kind,
            paragraph=paragraph,
        )


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A tournament as the registry records it (RS §6, RR §4)."""

    name: str
    start: date
    end: date
    category: str
    referee: str
    assistants: tuple[str, ...] = ()
    plays: bool = False
    """Whether the head referee plays in it too (RS §6.4–5)."""
    internship: str | None = None
    exam: str | None = None
    rounds: int | None = None


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason of a status: its code, paragraph, English template and dates.

    ``effect`` says what it does: ``basis`` (the licence held and where from),
    ``suspends`` (the degree in force is lower, until ``until``), ``lost`` (no licence
    until an exam), ``restricts`` (the degree stands, something else is forbidden).
    """

    code: str
    paragraph: str
    effect: str
    template: str
    since: date | None = None
    until: date | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def fields(self) -> dict[str, Any]:
        """The fields the template is filled with."""
        return {
            "paragraph": self.paragraph,
            "since": self.since.isoformat() if self.since else "",
            "until": self.until.isoformat() if self.until else "",
            **self.details,
            "roman": {1: "I", 2: "II"}.get(self.details.get("degree", 0), ""),
        }

    def as_dict(self) -> dict[str, Any]:
        """The reason for ``--json`` (English text included, for scripts' logs)."""
        return {
            "code": self.code,
            "paragraph": self.paragraph,
            "effect": self.effect,
            "since": self.since.isoformat() if self.since else None,
            "until": self.until.isoformat() if self.until else None,
            "text": self.template.format(**self.fields()),
            **self.details,
        }


@dataclass(frozen=True, slots=True)
class Status:
    """A referee's licence as of a day: ``degree`` in force (1, 2 or None), the
    licence ``held`` apart from suspensions, the reasons, a temporary licence's event."""

    name: str
    as_of: date
    degree: int | None
    held: int | None
    reasons: tuple[Reason, ...]
    temporary: str | None = None
    lapses: date | None = None
    """The day the licence held lapses if no tournament is run or played before (RS §5.2)."""

    def as_dict(self) -> dict[str, Any]:
        """The status for ``--json``."""
        return {
            "name": self.name,
            "as_of": self.as_of.isoformat(),
            "degree": self.degree,
            "held": self.held,
            "temporary": self.temporary,
            "lapses": self.lapses.isoformat() if self.lapses else None,
            "reasons": [r.as_dict() for r in self.reasons],
        }


def lapse_day(last: date) -> date:
    """The day a licence is lost when nothing counts after ``last`` (RS §5.2): three
    full years end at the end of their last day, so it is lost the day after.

    >>> lapse_day(date(2022, 5, 14))
    datetime.date(2025, 5, 15)
    """
    return add_years(last, LAPSE_YEARS) + timedelta(days=1)


def _lapsed(last: date) -> Reason:
    return Reason(
        "lapsed",
        "RS §5.2",
        "lost",
        N_(
            "lost on {since}: 3 years with no PFS tournament run or played since {last} "
            "— an exam again ({paragraph})"
        ),
        since=lapse_day(last),
        details={"last": last.isoformat()},
    )


def status(
    member: Member,
    grants: Sequence[Grant],
    temporaries: Sequence[Temporary],
    penalties: Sequence[Penalty],
    tournaments: Iterable[TournamentRecord],
    played: Iterable[date],
    as_of: date,
) -> Status:
    """The licence of ``member`` as of ``as_of`` (the day included).

    ``tournaments`` are the registry's (those this person ran count for RS §3.8 and
    §5.2, those they ran and played in count as played); ``played`` the days the
    person played a ranked game (the ranking's history).
    """
    key = member.name.casefold()
    ran = sorted(
        (t for t in tournaments if t.referee.casefold() == key and t.end <= as_of),
        key=lambda t: (t.end, t.start, t.name),
    )
    licence = _Licence.walk(_history(grants, penalties, ran, played, as_of), as_of)
    temporary = next((t.tournament for t in temporaries if t.day == as_of), None)
    held = licence.held
    if held is None:
        degree, reasons = None, _without_licence(licence.lost, bool(grants), temporary, as_of)
    else:
        assert licence.basis is not None
        degree, reasons = _in_force(member, held, licence.basis, penalties, as_of)
    reasons += _no_play(penalties, ran, as_of)
    last = licence.last
    lapses = lapse_day(last) if held is not None and last is not None else None
    return Status(member.name, as_of, degree, held, tuple(reasons), temporary, lapses)


def _history(
    grants: Sequence[Grant],
    penalties: Sequence[Penalty],
    ran: list[TournamentRecord],
    played: Iterable[date],
    as_of: date,
) -> list[tuple[date, int, object]]:
    """What a licence's walk goes through, in order of days (and on one day: a licence
    granted, taken away, a tournament run, a day played), up to ``as_of``."""
    items: list[tuple[date, int, object]] = []
    items += [(g.day, 0, g) for g in grants if g.day <= as_of]
    items += [
        (p.day, 1, p) for p in penalties if p.day <= as_of and p.kind in ("re-exam", "revoke")
    ]
    items += [(t.end, 2, t) for t in ran]
    items += [(d, 3, d) for d in played if d <= as_of]
    items.sort(key=lambda item: (item[0], item[1]))
    return items


@dataclass
class _Licence:
    """The licence held as the walk through a referee's history goes (apart from
    suspensions): its degree, the reason it is held or lost, the last day that counts
    for RS §5.2, and the tournaments run towards degree I since degree II (RS §3.8)."""

    held: int | None = None
    basis: Reason | None = None
    lost: Reason | None = None
    last: date | None = None
    granted_on: date | None = None
    run_since: list[TournamentRecord] = field(default_factory=list)

    @classmethod
    def walk(cls, items: list[tuple[date, int, object]], as_of: date) -> _Licence:
        """The licence after ``items`` (:func:`_history`), as of ``as_of``."""
        licence = cls()
        for day, _order, item in items:
            licence.lapse(day)
            if isinstance(item, Grant):
                licence.grant(item, day)
            elif isinstance(item, Penalty):
                licence.take(item, day)
            elif isinstance(item, TournamentRecord):
                licence.run(item, day)
            else:
                licence.count(day)
        licence.lapse(as_of)
        return licence

    def count(self, day: date) -> None:
        """RS §5.2: a tournament run or played on ``day`` keeps the licence."""
        self.last = day if self.last is None else max(self.last, day)

    def lapse(self, day: date) -> None:
        """RS §5.2: the licence is lost by ``day`` after 3 years with nothing counting."""
        if self.held is not None and self.last is not None and lapse_day(self.last) <= day:
            self.held, self.basis, self.lost = None, None, _lapsed(self.last)

    def grant(self, grant: Grant, day: date) -> None:
        """RS §2.1, §3.5: the board grants degree I or II (anew after a loss)."""
        self.held, self.lost, self.granted_on, self.run_since = grant.degree, None, day, []
        self.count(day)
        self.basis = Reason(
            "granted",
            "RS §3.5" if grant.degree == 2 else "RS §2.2",
            "basis",
            N_("degree {roman} granted on {since} ({paragraph})"),
            since=day,
            details={"degree": grant.degree},
        )

    def take(self, penalty: Penalty, day: date) -> None:
        """RS §4.1.5–6: the licence taken away, or the exam to be taken again."""
        self.held, self.basis = None, None
        if penalty.kind == "revoke":
            self.lost = Reason(
                "revoked",
                penalty.paragraph,
                "lost",
                N_("licence taken away on {since}; no exam until {until} ({paragraph})"),
                since=day,
                until=penalty.last_day,
            )
        else:
            self.lost = Reason(
                "re_exam",
                penalty.paragraph,
                "lost",
                N_("ordered on {since} to take the exam again ({paragraph})"),
                since=day,
            )

    def run(self, tournament: TournamentRecord, day: date) -> None:
        """A tournament run, ending on ``day``: it counts for RS §5.2, and the second
        run since degree II was granted brings degree I (RS §3.8)."""
        self.count(day)
        granted_on = self.granted_on
        if self.held != 2 or granted_on is None or tournament.start < granted_on:
            return
        self.run_since.append(tournament)
        if len(self.run_since) == PROMOTION_TOURNAMENTS:
            self.held = 1
            self.basis = Reason(
                "promoted",
                "RS §3.8",
                "basis",
                N_("degree I since {since}: two tournaments run ({tournaments}) ({paragraph})"),
                since=day,
                details={"tournaments": ", ".join(t.name for t in self.run_since)},
            )


def _without_licence(
    lost: Reason | None, ever_granted: bool, temporary: str | None, as_of: date
) -> list[Reason]:
    """Why no licence is held: lost (and how), or never granted; a temporary licence
    for the day's event (RS §3.9)."""
    reasons: list[Reason] = []
    if lost is not None:
        reasons.append(lost)
    elif not ever_granted:
        reasons.append(
            Reason("no_licence", "RS §2.1", "lost", N_("no licence granted ({paragraph})"))
        )
    if temporary is not None:
        reasons.append(
            Reason(
                "temporary",
                "RS §3.9",
                "basis",
                N_("a temporary licence for {tournament} ({paragraph})"),
                since=as_of,
                until=as_of,
                details={"tournament": temporary},
            )
        )
    return reasons


def _in_force(
    member: Member, held: int, basis: Reason, penalties: Sequence[Penalty], as_of: date
) -> tuple[int | None, list[Reason]]:
    """The degree in force of a licence ``held`` and why: suspended while not a member
    (RS §5.1), every licence or degree I suspended (RS §4.1.3–4)."""
    degree: int | None = held
    reasons = [basis]
    if not member.is_member(as_of):
        degree = None
        after = member.next_since(as_of)
        reasons.append(
            Reason(
                "not_member",
                "RS §5.1",
                "suspends",
                N_("suspended: not a member of the PFS ({paragraph})"),
                until=after - timedelta(days=1) if after else None,
            )
        )
    for p in penalties:
        if not p.covers(as_of):
            continue
        if p.kind == "suspend-all":
            degree = None
            template = N_("every licence suspended from {since} to {until} ({paragraph})")
            reasons.append(
                Reason("suspended", p.paragraph, "suspends", template, p.day, p.last_day)
            )
        elif held == 1:
            if degree == 1:
                degree = 2
            template = N_("degree I suspended from {since} to {until} ({paragraph})")
            reasons.append(
                Reason("suspended_degree_1", p.paragraph, "suspends", template, p.day, p.last_day)
            )
    return degree, reasons


def _no_play(
    penalties: Sequence[Penalty], ran: list[TournamentRecord], as_of: date
) -> list[Reason]:
    """RS §4.1.2: the tournaments left in which the referee may not also play."""
    reasons: list[Reason] = []
    for p in penalties:
        if p.kind != "no-play" or p.day > as_of or not p.tournaments:
            continue
        done = [t for t in ran if t.start >= p.day and t.end < as_of]
        left = p.tournaments - len(done)
        if left > 0:
            reasons.append(
                Reason(
                    "no_play",
                    p.paragraph,
                    "restricts",
                    N_(
                        "may not play in a tournament they referee: {left} of {n} "
                        "tournaments left, from {since} ({paragraph})"
                    ),
                    since=p.day,
                    details={"left": left, "n": p.tournaments},
                )
            )
    return reasons

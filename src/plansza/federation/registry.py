"""The federation's registry: an event log of members, licences, penalties and
tournaments, in its own database (``*.federacja.sqlite`` or a PostgreSQL URL).

The log lives in the same kind of database as a tournament's, through the same
storage layer (:mod:`plansza.tournament.storage`: SQLAlchemy, the schema's Alembic
migrations, read-only detection, one transaction per command, who and when kept with
every event). Each change is an event with the day it takes effect (``date``, the
board's decision) and the moment it was put on record (``at``); nothing is changed in
place, and a status is computed from the log (:mod:`plansza.federation.referees`).

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "pfs.federacja.sqlite")
>>> r = RegistryFile.create(path, at="2026-05-01T10:00:00")
>>> _ = r.append("member_added", {"name": "Ala", "born": "1990-01-02", "since": "2015-01-01"},
...              at="2026-05-01T10:01:00")
>>> [m.name for m in r.state().members.values()]
['Ala']
>>> r.close()
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from typing import TYPE_CHECKING, Any

from plansza.errors import N_, PlanszaError
from plansza.federation import candidates, kinds
from plansza.federation.candidates import Exam, Finding, Internship, RefereeCandidate
from plansza.federation.members import Member, check_period, parse_day
from plansza.federation.referees import (
    CATEGORIES,
    EXAM_BAN_YEARS,
    Grant,
    Penalty,
    Temporary,
    TournamentRecord,
    add_years,
    check_penalty,
)
from plansza.federation.submissions import APPLY_SERVER, ServerState
from plansza.tournament.events import Event
from plansza.tournament.storage import (
    _engine,
    _events_table,
    _immediate_transactions,
    _is_read_only,
    _lock,
    _read_only_error,
    _shown,
    migrate,
    read_events,
)

if TYPE_CHECKING:
    import sqlalchemy as sa

SUFFIX = ".federacja.sqlite"


class UnknownNameError(PlanszaError):
    """A name the registry does not hold (a bad argument, not a refusal)."""

    code = "unknown_name"


@dataclass
class RegistryState:
    """The registry now: the log replayed."""

    members: dict[str, Member] = field(default_factory=dict)
    grants: dict[str, list[Grant]] = field(default_factory=dict)
    temporaries: dict[str, list[Temporary]] = field(default_factory=dict)
    penalties: dict[str, list[Penalty]] = field(default_factory=dict)
    tournaments: dict[str, TournamentRecord] = field(default_factory=dict)
    approvals: dict[str, date] = field(default_factory=dict)
    """The board's consent to a candidacy (RS §3.2), by member key."""
    theory: dict[str, list[Exam]] = field(default_factory=dict)
    practical: dict[str, list[Exam]] = field(default_factory=dict)
    applications: dict[str, list[Application]] = field(default_factory=dict)
    """The wishes to intern (RS §3.3, §3.4), by the tournament's key, in order."""
    server: ServerState = field(default_factory=ServerState)
    """The federation server's tournaments, lists and calendar
    (:mod:`plansza.federation.submissions`)."""
    log: list[Event] = field(default_factory=list)

    def member(self, name: str) -> Member:
        """The member of that name (any case), or an :class:`UnknownNameError`."""
        found = self.members.get(_key(name))
        if found is None:
            raise UnknownNameError(N_("no member named {name} in the registry"), name=name)
        return found

    def snapshot(self) -> RegistryState:
        """A copy whose containers are its own (their records are frozen), for a
        reader that keeps it while the log moves on (the log itself is shared: it is
        only ever appended to)."""
        return RegistryState(
            dict(self.members),
            {k: list(v) for k, v in self.grants.items()},
            {k: list(v) for k, v in self.temporaries.items()},
            {k: list(v) for k, v in self.penalties.items()},
            dict(self.tournaments),
            dict(self.approvals),
            {k: list(v) for k, v in self.theory.items()},
            {k: list(v) for k, v in self.practical.items()},
            {k: list(v) for k, v in self.applications.items()},
            self.server.snapshot(),
            self.log[:],
        )

    def applications_for(self, tournament: str) -> list[Application]:
        """The wishes to intern at ``tournament`` (any case), in the order told."""
        return list(self.applications.get(_key(tournament), []))


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


@dataclass(frozen=True)
class Application:
    """A candidate's wish to intern at ``tournament`` (starting ``start``), told to the
    board on ``applied`` (RS §3.3); ``exam``: they ask to sit the exam there (RS §3.4)."""

    name: str
    tournament: str
    applied: date
    start: date
    exam: bool = False


class CandidateRefusedError(PlanszaError):
    """What RS §3 refuses a candidate (the first finding words it; ``findings`` holds
    them all)."""

    def __init__(self, findings: list[Finding]) -> None:
        first = findings[0]
        super().__init__(
            first.template, code=first.code, **{k: str(v) for k, v in first.fields.items()}
        )
        self.findings = findings


UNKNOWN_BIRTH = date(1, 1, 1)
"""The birth date a candidate is given when the registry does not know it (their age
is then checked by the service, which says so)."""


def internships(state: RegistryState, member: Member) -> list[Internship]:
    """The internships of ``member``: the tournaments recorded with them as the intern,
    each assisted whole (RS §3.4), its rounds the tournament's (none recorded: 0 rounds,
    not a whole tournament), on its last day."""
    key = _key(member.name)
    return [
        Internship(t.name, t.end, t.rounds or 0, t.rounds or 1)
        for t in state.tournaments.values()
        if t.internship is not None and _key(t.internship) == key
    ]


def candidate_of(
    state: RegistryState, member: Member, games: tuple[date, ...] = ()
) -> RefereeCandidate:
    """What the registry knows of ``member`` as a candidate (RS §3), with the dates of
    their ranked ``games`` (the ranking's history; the registry holds none)."""
    key = _key(member.name)
    bans = [
        p.last_day or add_years(p.day, EXAM_BAN_YEARS)
        for p in state.penalties.get(key, [])
        if p.kind == "revoke"
    ]
    return RefereeCandidate(
        member.name,
        member.born or UNKNOWN_BIRTH,
        member.periods,
        games,
        state.approvals.get(key),
        tuple(internships(state, member)),
        tuple(state.theory.get(key, [])),
        tuple(state.practical.get(key, [])),
        date.fromordinal(max(bans).toordinal() + 1) if bans else None,
    )


def _approve(state: RegistryState, e: kinds.CandidateApproved) -> None:
    """RS §3.2: the board consents to a candidacy; refused if already given, or if the
    candidate's age or membership (RS §3.1) is unmet on that day (the games are the
    service's to check, from the ranking's history). Birth date unknown: recorded."""
    member = state.member(_name(e.name))
    day = _day(e.date, "date")
    key = _key(member.name)
    if key in state.approvals:
        raise PlanszaError(
            N_("the board approved {name}'s candidacy on {date} (RS §3.2)"),
            code="already_approved",
            name=member.name,
            date=state.approvals[key].isoformat(),
        )
    found = candidates.eligibility(candidate_of(state, member), day).unmet
    known = [f for f in found if f.code in ("not_member", "membership")]
    if member.born is not None:
        known = [f for f in found if f.code == "age"] + known
    if known:
        raise CandidateRefusedError(known)
    state.approvals[key] = day


def _exam(state: RegistryState, e: kinds.ExamSat) -> None:
    """RS §3.5: an exam sat, refused if the candidate may not sit it that day."""
    member = state.member(_name(e.name))
    day = _day(e.date, "date")
    candidate = candidate_of(state, member)
    if candidate.approved is None or candidate.approved > day:
        raise PlanszaError(
            N_("the board has not approved the candidacy (RS §3.2)"), code="not_approved"
        )
    if e.kind == "theory":
        exam = Exam(day, e.passed, tuple(e.questions))
        refused = candidates.theory_refusals(candidate, day)
        if refused:
            raise CandidateRefusedError(refused)
        state.theory.setdefault(_key(member.name), []).append(exam)
        return
    if e.kind != "practical":
        raise PlanszaError(
            N_("an exam is theory or practical, not '{kind}' (RS §3.5)"),
            code="bad_exam",
            kind=e.kind,
        )
    _practical(state, member, candidate, e, day)


def _practical(
    state: RegistryState, member: Member, candidate: RefereeCandidate, e: kinds.ExamSat, day: date
) -> None:
    """RS §3.5: the practical exam, at a tournament of the registry; passed, it grants
    the licence of degree II on its day."""
    record = state.tournaments.get(_key(_name(e.tournament)))
    if record is None:
        raise UnknownNameError(
            N_("no tournament named {name} in the registry"), name=_name(e.tournament)
        )
    exam = Exam(
        day, e.passed, tournament=record.name, rounds=record.rounds or 0,
        assessor=" ".join(e.assessor.split()),
    )  # fmt: skip
    now = candidates.status(candidate, day)
    if now.stage == "passed":
        raise PlanszaError(
            N_("{name} passed the practical exam on {date} (RS §3.5)"),
            code="exam_passed",
            name=member.name,
            date=str(now.granted),
        )
    refused = candidates.practical_refusals(candidate, exam)
    if not refused and now.stage != "may_sit_practical":
        refused = list(now.notes) or [
            Finding("theory_first", "RS §3.5", candidates.M["theory_first"], False, True)
        ]
    if refused:
        raise CandidateRefusedError(refused)
    key = _key(member.name)
    state.practical.setdefault(key, []).append(exam)
    if e.passed:  # RS §3.5: the practical exam passed, the licence of degree II
        state.grants.setdefault(key, []).append(Grant(day, 2))


def _approved_by(state: RegistryState, member: Member, day: date) -> bool:
    """The board consented to ``member``'s candidacy on or before ``day`` (RS §3.2)."""
    approved = state.approvals.get(_key(member.name))
    return approved is not None and approved <= day


def _apply_internship(state: RegistryState, e: kinds.InternshipApplied) -> None:
    """RS §3.3, §3.4: a wish to intern, refused (nothing recorded) if the board has not
    approved the candidacy by the tournament's start, if the tournament is a PP or MP
    (when the registry knows its category), or if told fewer than 7 days before it."""
    member = state.member(_name(e.name))
    tournament = _name(e.tournament)
    applied = _day(e.date, "date")
    start = _day(e.start, "start")
    known = state.tournaments.get(_key(tournament))
    refused = candidates.internship_refusals(
        tournament=tournament,
        category=known.category if known is not None else "",
        start=start,
        notified=applied,
        approved=_approved_by(state, member, start),
    )
    if refused:
        raise CandidateRefusedError(refused)
    waiting = state.applications.setdefault(_key(tournament), [])
    for a in waiting:
        if _key(a.name) == _key(member.name):
            raise PlanszaError(
                N_("{name} already applied on {date} to intern at {tournament} (RS §3.3)"),
                code="already_applied",
                name=member.name,
                date=a.applied.isoformat(),
                tournament=a.tournament,
            )
    waiting.append(Application(member.name, tournament, applied, start, e.exam))


def _name(text: str | None) -> str:
    """A name from the log, its spaces tidied; refused when there is none."""
    name = " ".join((text or "").split())
    if not name:
        raise PlanszaError(N_("the name is missing"), code="no_name")
    return name


def _day(text: str, field_name: str) -> date:
    return parse_day(text, field=field_name)


def _maybe_day(text: str | None, field_name: str) -> date | None:
    return parse_day(text, field=field_name) if text else None


def apply(state: RegistryState, event: Event) -> None:
    """Apply one event to the state, or raise (and change nothing) if it is refused.

    The event's data is read into the struct of its kind
    (:func:`~plansza.federation.kinds.decode`, old logs included) and handed to that
    kind's function in :data:`APPLY`.
    """
    payload = kinds.decode(event.kind, event.data)  # an unknown kind is refused here
    server = APPLY_SERVER.get(event.kind)
    if server is not None:
        server(state, payload, event)
    else:
        APPLY[event.kind](state, payload)
    state.log.append(event)


def _member_added(state: RegistryState, e: kinds.MemberAdded) -> None:
    name = _name(e.name)
    period = check_period(name, _day(e.since, "since"), _maybe_day(e.until, "until"))
    known = state.members.get(_key(name))
    if known is None:
        player = " ".join((e.player or name).split())
        state.members[_key(name)] = Member(name, _maybe_day(e.born, "born"), player, (period,))
        return
    member = known.with_period(period)
    born = _maybe_day(e.born, "born")
    if born is not None and known.born is not None and born != known.born:
        raise PlanszaError(
            N_("{name} is already in the registry, born {born}"),
            code="born_differs",
            name=known.name,
            born=known.born.isoformat(),
        )
    state.members[_key(name)] = replace(member, born=known.born or born)


def _membership_ended(state: RegistryState, e: kinds.MembershipEnded) -> None:
    member = state.member(_name(e.name))
    until = _day(e.until, "until")
    open_periods = [p for p in member.periods if p.until is None]
    if not open_periods or open_periods[-1].since > until:
        raise PlanszaError(
            N_("{name} has no open membership to end on {until}"),
            code="no_open_period",
            name=member.name,
            until=until.isoformat(),
        )
    ended = check_period(member.name, open_periods[-1].since, until)
    periods = tuple(ended if p.until is None else p for p in member.periods)
    state.members[_key(member.name)] = replace(member, periods=periods)


def _licence_granted(state: RegistryState, e: kinds.LicenceGranted) -> None:
    member = state.member(_name(e.name))
    degree = e.degree or 0
    if degree not in (1, 2):
        raise PlanszaError(
            N_("a licence is of degree 1 or 2, not {degree} (RS §2.2)"),
            code="bad_degree",
            degree=e.degree,
        )
    day = _day(e.date, "date")
    for p in state.penalties.get(_key(member.name), []):
        if p.kind == "revoke" and p.day <= day:
            last = p.last_day or add_years(p.day, EXAM_BAN_YEARS)
            if day <= last:
                raise PlanszaError(
                    N_(
                        "{name} lost the licence on {since}: no exam, so no licence, "
                        "before {after} (RS §4.1.6, RS §4.2)"
                    ),
                    code="exam_banned",
                    name=member.name,
                    since=p.day.isoformat(),
                    after=date.fromordinal(last.toordinal() + 1).isoformat(),
                )
    state.grants.setdefault(_key(member.name), []).append(Grant(day, degree))


def _temporary_licence(state: RegistryState, e: kinds.TemporaryLicence) -> None:
    member = state.member(_name(e.name))
    day = _day(e.date, "date")
    if not member.is_member(day):
        raise PlanszaError(
            N_(
                "a temporary licence is for a member of the PFS; {name} is not one "
                "on {date} (RS §3.9)"
            ),
            code="not_member",
            name=member.name,
            date=day.isoformat(),
        )
    tournament = _name(e.tournament)
    state.temporaries.setdefault(_key(member.name), []).append(Temporary(day, tournament))


def _penalty(state: RegistryState, e: kinds.Penalty) -> None:
    member = state.member(_name(e.name))
    check_penalty(str(e.kind), e.days, e.tournaments)
    penalty = Penalty(_day(e.date, "date"), str(e.kind), e.days, e.tournaments)
    state.penalties.setdefault(_key(member.name), []).append(penalty)


def _tournament_added(state: RegistryState, e: kinds.TournamentAdded) -> None:
    name = _name(e.name)
    if _key(name) in state.tournaments:
        raise PlanszaError(
            N_("the tournament {name} is already in the registry"),
            code="tournament_exists",
            name=name,
        )
    if e.category not in CATEGORIES:
        raise PlanszaError(
            N_("unknown category '{category}' (one of {categories})"),
            code="bad_category",
            category=e.category,
            categories=", ".join(CATEGORIES),
        )
    start = _day(e.date, "date")
    end = _maybe_day(e.end, "end") or start
    if end < start:
        raise PlanszaError(
            N_("the tournament {name} ends ({end}) before it begins ({start})"),
            code="bad_dates",
            name=name,
            start=start.isoformat(),
            end=end.isoformat(),
        )
    referee = state.member(_name(e.referee)).name
    assistants = tuple(state.member(a).name for a in e.assistants)
    internship, exam = e.internship or None, e.exam or None
    if internship:  # RS §3.2, §3.4 (one intern: the event names one)
        refused = candidates.internship_refusals(
            tournament=name,
            category=e.category,
            start=start,
            approved=_approved_by(state, state.member(internship), start),
        )
        if refused:
            raise CandidateRefusedError(refused)
    state.tournaments[_key(name)] = TournamentRecord(
        name,
        start,
        end,
        e.category,
        referee,
        assistants,
        e.plays,
        state.member(internship).name if internship else None,
        state.member(exam).name if exam else None,
        e.rounds or None,
    )


#: What each kind of event does to the registry (``registry_created``: nothing, it
#: starts the log). Each function raises, changing nothing, when the event is refused.
APPLY: dict[str, Callable[[RegistryState, Any], None]] = {
    "registry_created": lambda state, e: None,
    "member_added": _member_added,
    "membership_ended": _membership_ended,
    "licence_granted": _licence_granted,
    "temporary_licence": _temporary_licence,
    "penalty": _penalty,
    "tournament_added": _tournament_added,
    "candidate_approved": _approve,
    "exam_sat": _exam,
    "internship_applied": _apply_internship,
}


def replay(events: list[Event]) -> RegistryState:
    """The state after the whole log."""
    state = RegistryState()
    for e in events:
        apply(state, e)
    return state


class RegistryFile:
    """An open registry database (SQLite file or server URL)."""

    def __init__(self, path: str) -> None:
        import sqlalchemy as sa

        self.path = path
        engine = _engine(path)
        if engine.dialect.name == "sqlite":
            _immediate_transactions(engine)
        try:
            migrate(engine)
        except sa.exc.DatabaseError as e:  # no server, refused login, not a database
            engine.dispose()
            reason = str(e.orig).strip().splitlines()[0] if e.orig else str(e)
            raise PlanszaError(
                N_("cannot open the database {url}: {reason}"), url=_shown(path), reason=reason
            ) from e
        self.engine = engine
        self._kept: tuple[RegistryState, int] | None = None
        self._guard = threading.RLock()
        #: held while the kept state changes (a reader copying it takes it too)
        self.lock = self._guard

    @classmethod
    def create(cls, path: str, *, at: str, by: str | None = None) -> RegistryFile:
        """A new, empty registry (refused if the file exists)."""
        if "://" not in path and os.path.exists(path):
            raise PlanszaError(N_("{path}: the file exists"), path=path)
        r = cls(path)
        if r.events():
            r.close()
            raise PlanszaError(N_("{path}: already holds a registry"), path=path)
        r.append("registry_created", {}, at=at, by=by)
        return r

    @classmethod
    def open(cls, path: str, *, create: bool = False, at: str = "") -> RegistryFile:
        """An existing registry; with ``create``, a new one when the file is missing."""
        if "://" not in path and not os.path.exists(path):
            if create:
                return cls.create(path, at=at)
            raise FileNotFoundError(2, "No such file", path)
        r = cls(path)
        events = r.events()
        if not events and create:
            r.append("registry_created", {}, at=at)
        elif not events or events[0].kind != "registry_created":
            r.close()
            raise PlanszaError(N_("{path}: not a federation registry"), path=path)
        return r

    def close(self) -> None:
        """Release the database."""
        self.engine.dispose()

    def events(self, conn: sa.Connection | None = None) -> list[Event]:
        """The whole log, oldest first."""
        if conn is None:
            with self.engine.connect() as c:
                return read_events(c)
        return read_events(conn)

    def state(self) -> RegistryState:
        """The registry now: the log replayed, once; later calls apply only the
        events appended since (by this process or another). Read, never change it."""
        with self._guard, self.engine.connect() as conn:
            return self._caught_up(conn)

    def _caught_up(self, conn: sa.Connection) -> RegistryState:
        """The kept state with the events after the last one it holds applied (none
        kept, or one refused: the whole log replayed)."""
        import sqlalchemy as sa

        table = _events_table()
        state, last = self._kept if self._kept is not None else (RegistryState(), 0)
        self._kept = None  # until it is whole again
        rows = conn.execute(sa.select(table).where(table.c.seq > last).order_by(table.c.seq))
        for r in rows:
            apply(state, Event(r.seq, r.kind, json.loads(r.data), r.at, r.by or ""))
            last = r.seq
        self._kept = (state, last)
        return state

    def check_writable(self) -> None:
        """Raise a ``read_only`` :class:`PlanszaError` for a file that cannot be written."""
        if "://" in self.path:
            return
        folder = os.path.dirname(os.path.abspath(self.path))
        if not os.access(self.path, os.W_OK) or not os.access(folder, os.W_OK):
            raise _read_only_error(self.path)

    def append(self, kind: str, data: dict[str, Any], *, at: str, by: str | None = None) -> Event:
        """Check and append one event in one transaction (refused: nothing written)."""
        return self.append_many([(kind, data)], at=at, by=by)[0]

    def append_many(
        self, items: list[tuple[str, dict[str, Any]]], *, at: str, by: str | None = None
    ) -> list[Event]:
        """Check and append several events in one transaction: all or nothing."""
        import sqlalchemy as sa

        self.check_writable()
        try:
            with self._guard:
                return self._append(items, at=at, by=by)
        except sa.exc.DBAPIError as e:
            if _is_read_only(e):
                raise _read_only_error(self.path) from e
            raise

    def _append(
        self, items: list[tuple[str, dict[str, Any]]], *, at: str, by: str | None
    ) -> list[Event]:
        """Each event written, then applied to the kept state with its place in the log
        (a refusal rolls the transaction back and drops the kept state)."""
        table = _events_table()
        added: list[Event] = []
        with self.engine.begin() as conn:
            _lock(conn)
            state = self._caught_up(conn)
            last = self._kept[1] if self._kept is not None else 0
            self._kept = None  # whole again only once committed
            for kind, data in items:
                if kind == "registry_created" and state.log:
                    raise PlanszaError(N_("{path}: already holds a registry"), path=self.path)
                res = conn.execute(
                    table.insert().values(
                        kind=kind, data=json.dumps(data, ensure_ascii=False), at=at, by=by
                    )
                )
                pk = res.inserted_primary_key
                last = int(pk[0]) if pk is not None else 0
                event = Event(last, kind, data, at, by or "")
                apply(state, event)  # refused: the transaction is rolled back
                added.append(event)
        self._kept = (state, last)
        return added

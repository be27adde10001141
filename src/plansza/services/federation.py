"""The federation's board at work: the registry's commands, for the CLI and the web.

:class:`Federation` wraps an open :class:`~plansza.federation.registry.RegistryFile`: each
method checks its arguments, appends one dated event (or several, all or nothing) and
answers; :meth:`Federation.status` computes a referee's licence as of a day from the log
and, when given, the ranking's game history (RS §5.2 counts the days played), which
:func:`ranked_games` reads; :func:`exam_questions` draws a theory exam's questions.

>>> import tempfile, os
>>> from datetime import date
>>> path = os.path.join(tempfile.mkdtemp(), "pfs.federacja.sqlite")
>>> board = Federation(open_registry(path, create=True, at="2026-01-01T00:00:00"),
...               lambda: "2026-01-01T00:00:00")
>>> board.add_member("Ala", born=date(1990, 1, 2), since=date(2015, 1, 1))
>>> board.grant("Ala", 2, date(2020, 3, 1))
>>> board.status("Ala", date(2021, 1, 1)).degree
2
>>> board.close()
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from plansza.errors import N_, FormatError, PlanszaError
from plansza.federation import candidates
from plansza.federation.candidates import STAGES as STAGES
from plansza.federation.candidates import AppealDates as AppealDates
from plansza.federation.members import Member, read_members_csv
from plansza.federation.referees import Status, status
from plansza.federation.registry import (
    SUFFIX,
    Application,
    CandidateRefusedError,
    RegistryFile,
    RegistryState,
    candidate_of,
)
from plansza.federation.registry import UnknownNameError as UnknownNameError
from plansza.federation.roles import Standing
from plansza.files import excerpt, read_record
from plansza.inputs import check_day, check_name
from plansza.ranking.records import RankedGame, normalise_name, read_games_csv
from plansza.tournament.storage import find_one


def find_default(directory: str = ".") -> str:
    """The one registry file (``*.federacja.sqlite``) in ``directory``."""
    return find_one(
        directory,
        SUFFIX,
        none=N_("no registry file (*{suffix}) in {dir} — give --db"),
        several=N_("several registry files — choose one with --db: {files}"),
        codes=("no_registry", "several_registries"),
    )


def open_registry(db: str | None, *, create: bool = False, at: str = "") -> RegistryFile:
    """The registry ``--db`` names (or the one in the current folder); ``create``: a
    writing command starts a new one when the file does not exist."""
    return RegistryFile.open(db or find_default("."), create=create, at=at)


def ranked_games(history: str | None) -> list[RankedGame] | None:
    """The ranked games of the ranking's game-history CSV ``history`` (``--history``),
    which the licence's lapse (the days played, RS §5.2) and a candidacy (the ranked
    games, RS §3.1) count; ``None`` when no history is given. Read before the registry
    is opened: a missing or bad file is the user's input."""
    return None if history is None else read_games_csv(history)


def exam_questions(pool: str, name: str, day: date, seed: str | None = None) -> tuple[str, ...]:
    """The three questions of ``name``'s theory exam on ``day``, drawn from the question
    pool in the file ``pool`` (one question a line, RS §3.5–§3.6). The same ``seed``
    draws the same ones; by default the name and the day, so that the draw can be
    checked afterwards.

    >>> import tempfile
    >>> from pathlib import Path
    >>> path = Path(tempfile.mkdtemp()) / "pool.txt"
    >>> _ = path.write_text("\\n".join(f"Q{i}" for i in range(9)), encoding="utf-8")
    >>> path = str(path)
    >>> drawn = exam_questions(path, "Ala", date(2025, 6, 1))
    >>> len(drawn), drawn == exam_questions(path, "Ala", date(2025, 6, 1), "Ala 2025-06-01")
    (3, True)
    """
    drawn = candidates.read_pool(read_record(pool), source=pool)
    return candidates.draw_questions(drawn, seed if seed is not None else f"{name} {day}")


def played_days(member: Member, games: Iterable[RankedGame]) -> list[date]:
    """The days ``member`` played a ranked game (by their name in the history)."""
    name = normalise_name(member.player).casefold()
    return sorted({g.date for g in games if name in (g.player1.casefold(), g.player2.casefold())})


class Federation:
    """The board's commands on one registry; ``now`` stamps each event."""

    def __init__(self, registry: RegistryFile, now: Callable[[], str], by: str | None = None):
        self.registry = registry
        self.now = now
        self.by = by

    def close(self) -> None:
        """Release the registry."""
        self.registry.close()

    def state(self) -> RegistryState:
        """The registry now."""
        return self.registry.state()

    def _append(self, kind: str, data: dict[str, Any]) -> None:
        self.registry.append(kind, data, at=self.now(), by=self.by)

    def add_member(
        self,
        name: str,
        *,
        born: date | None,
        since: date,
        until: date | None = None,
        player: str | None = None,
    ) -> None:
        """A new member, or one more membership period of a member. The names are
        checked (one line of printable text), and a date of birth after today refused."""
        check_name(name)
        if player:
            check_name(player)
        self._check_born(name, born)
        self._append("member_added", _member_data(name, born, since, until, player))

    def _check_born(
        self, name: str, born: date | None, *, line: int | None = None, source: str | None = None
    ) -> None:
        """Refuse a date of birth after today (the registry's clock): a typo, such as a
        member born in 2999, that would make every age check (RS §3.1) meaningless."""
        try:
            today = date.fromisoformat(self.now()[:10])
        except ValueError:  # a clock that stamps no date (a test's): the machine's day
            today = date.today()
        if born is not None and born > today:
            raise FormatError(
                N_("{name}: the date of birth {born} is in the future (today is {today})"),
                code="born_future",
                line=line,
                source=source,
                name=excerpt(name),
                born=born.isoformat(),
                today=today.isoformat(),
            )

    def end_membership(self, name: str, until: date) -> None:
        """The member's open membership ends on ``until`` (the day included)."""
        self._append("membership_ended", {"name": name, "until": until.isoformat()})

    def import_members(self, text: str, *, source: str) -> int:
        """Every row of a members' CSV, in one transaction (all or nothing); the
        number of rows."""
        rows = read_members_csv(text, source=source)
        for r in rows:
            self._check_born(r.name, r.born, line=r.line or None, source=source)
        items = [
            ("member_added", _member_data(r.name, r.born, r.since, r.until, r.player)) for r in rows
        ]
        if items:
            self.registry.append_many(items, at=self.now(), by=self.by)
        return len(items)

    def members(self, as_of: date | None = None) -> list[Member]:
        """The members, by name; with ``as_of``, only those who are members that day."""
        found = sorted(self.state().members.values(), key=lambda m: m.name.casefold())
        return found if as_of is None else [m for m in found if m.is_member(as_of)]

    def grant(self, name: str, degree: int, day: date) -> None:
        """The board grants a licence of ``degree`` on ``day`` (RS §2.1, §3.5)."""
        self._append("licence_granted", {"name": name, "degree": degree, "date": day.isoformat()})

    def temporary(self, name: str, tournament: str, day: date) -> None:
        """A temporary licence for one event (RS §3.9)."""
        self._append(
            "temporary_licence", {"name": name, "tournament": tournament, "date": day.isoformat()}
        )

    def penalty(
        self,
        name: str,
        kind: str,
        day: date,
        *,
        days: int | None = None,
        tournaments: int | None = None,
    ) -> None:
        """A penalty of RS §4.1 from ``day``."""
        data: dict[str, Any] = {"name": name, "kind": kind, "date": day.isoformat()}
        if days is not None:
            data["days"] = days
        if tournaments is not None:
            data["tournaments"] = tournaments
        self._append("penalty", data)

    def add_tournament(
        self,
        name: str,
        *,
        start: date,
        end: date | None = None,
        category: str,
        referee: str,
        assistants: Iterable[str] = (),
        plays: bool = False,
        internship: str | None = None,
        exam: str | None = None,
        rounds: int | None = None,
    ) -> list[PlanszaError]:
        """A tournament, its head referee, assistants and category (RS §6, RR §4),
        recorded as it happened; what the rules would not have allowed comes back as
        warnings (a ranked tournament run by a referee with no licence in force that
        day, RS §2.1 — the registry keeps history, it does not undo it)."""
        warnings: list[PlanszaError] = []
        if category != "unranked":
            try:
                in_force = self.status(referee, start).degree is not None
            except PlanszaError:  # not in the registry at all
                in_force = False
            if not in_force:
                warnings.append(
                    PlanszaError(
                        N_(
                            "{referee} holds no referee's licence in force on {date}: a "
                            "ranked tournament needs a licensed head referee (RS §2.1)"
                        ),
                        code="unlicensed_referee",
                        referee=referee,
                        date=start.isoformat(),
                    )
                )
        data: dict[str, Any] = {
            "name": name,
            "date": start.isoformat(),
            "end": (end or start).isoformat(),
            "category": category,
            "referee": referee,
            "assistants": list(assistants),
            "plays": plays,
        }
        if internship:
            data["internship"] = internship
        if exam:
            data["exam"] = exam
        if rounds is not None:
            data["rounds"] = rounds
        self._append("tournament_added", data)
        return warnings

    def status(self, name: str, as_of: date, history: Iterable[RankedGame] | None = None) -> Status:
        """A referee's licence as of ``as_of``, computed from the log (and the history's
        days played, RS §5.2)."""
        state = self.state()
        member = state.member(name)
        key = member.name.casefold()
        played = played_days(member, history or ())
        played += [
            t.start for t in state.tournaments.values() if t.plays and t.referee.casefold() == key
        ]
        return status(
            member,
            state.grants.get(key, []),
            state.temporaries.get(key, []),
            state.penalties.get(key, []),
            state.tournaments.values(),
            played,
            as_of,
        )

    def candidate(
        self, name: str, as_of: date, history: Iterable[RankedGame] | None = None
    ) -> candidates.Status:
        """Where a candidate for referee stands on ``as_of`` (RS §3): the ranked games
        from the ranking's ``history`` (none without one), the membership, the board's
        consent, the internships and exams from the log. A birth date the registry
        does not know is an unmet condition of its own."""
        state = self.state()
        member = state.member(name)
        games = tuple(candidates.game_dates(history or (), member.player))
        found = candidates.status(candidate_of(state, member, games), as_of)
        if member.born is not None:
            return found
        unknown = candidates.Finding(
            "born_unknown", "RS §3.1", BORN_UNKNOWN, None, candidates.MIN_AGE,
            {"need": candidates.MIN_AGE},
        )  # fmt: skip
        unmet = (unknown, *(f for f in found.eligibility.unmet if f.code != "age"))
        stage = "not_eligible" if found.stage == "may_apply" else found.stage
        return replace(found, stage=stage, eligibility=replace(found.eligibility, unmet=unmet))

    def approve(self, name: str, day: date, history: Iterable[RankedGame] | None = None) -> None:
        """The board consents to a candidacy on ``day`` (RS §3.2). With the ranking's
        ``history``, refused unless every condition of RS §3.1 is met that day;
        without it the registry checks the age and the membership."""
        if history is not None:
            found = self.candidate(name, day, history).eligibility.unmet
            if found:
                raise CandidateRefusedError(list(found))
        self._append("candidate_approved", {"name": name, "date": day.isoformat()})

    def exam(
        self,
        name: str,
        kind: str,
        day: date,
        *,
        passed: bool,
        questions: Iterable[str] = (),
        tournament: str | None = None,
        assessor: str | None = None,
    ) -> AppealDates | None:
        """An exam sat (RS §3.5): ``kind`` theory (the ``questions`` drawn) or
        practical (at ``tournament``, assessed by ``assessor``). A practical exam
        passed grants the licence of degree II on its day. A failed exam's answer is
        the appeal's deadlines (RS §3.7); a passed one's, ``None``."""
        data: dict[str, Any] = {
            "name": name,
            "date": day.isoformat(),
            "kind": kind,
            "passed": passed,
        }
        if kind == "theory":
            data["questions"] = list(questions)
        else:
            data["tournament"] = tournament or ""
            data["assessor"] = assessor or ""
        self._append("exam_sat", data)
        return None if passed else candidates.appeal_dates(day)

    def apply_internship(
        self, name: str, tournament: str, *, start: date, day: date, exam: bool = False
    ) -> None:
        """A candidate's wish to intern at ``tournament`` (starting ``start``), told
        to the board on ``day`` (RS §3.3); ``exam``: they ask to sit the exam there."""
        self._append(
            "internship_applied",
            {
                "name": name,
                "tournament": tournament,
                "date": day.isoformat(),
                "start": start.isoformat(),
                "exam": exam,
            },
        )

    def internship_queue(self, tournament: str, as_of: date | None = None) -> list[Queued]:
        """RS §3.4: the applicants for ``tournament`` in the queue's order (applications
        told by ``as_of``; default: the tournament's start), the first interns. Enough
        rounds (12 and a whole tournament, RS §3.5) are counted as of that day."""
        waiting = self.state().applications_for(tournament)
        day = as_of or min((a.start for a in waiting), default=date.max)
        known = [a for a in waiting if a.applied <= day]
        counted: dict[str, tuple[Application, candidates.Status]] = {
            a.name: (a, self.candidate(a.name, day)) for a in known
        }
        applicants = [
            candidates.Applicant(
                a.name, a.applied, a.exam, s.rounds >= candidates.MIN_ROUNDS and s.whole
            )
            for a, s in counted.values()
        ]
        return [
            Queued(q, counted[q.name][0], counted[q.name][1].rounds, counted[q.name][1].whole)
            for q in candidates.queue(applicants)
        ]


@dataclass(frozen=True)
class Queued:
    """One place in an internship queue (RS §3.4): the applicant, their application,
    the internship rounds they have and whether one was a whole tournament."""

    applicant: candidates.Applicant
    application: Application
    rounds: int
    whole: bool

    def reasons(self) -> list[candidates.Finding]:
        """Why they stand where they stand."""
        a = self.applicant
        found = [
            candidates.Finding(
                "applied", "RS §3.4", QUEUE["applied"], a.applied, None, {"date": a.applied}
            )
        ]
        if a.wants_exam:
            found.append(candidates.Finding("exam_first", "RS §3.4", QUEUE["exam"], True, None))
        if a.has_rounds:
            found.append(
                candidates.Finding(
                    "gives_way", "RS §3.4", QUEUE["rounds"], self.rounds,
                    candidates.MIN_ROUNDS, {"have": self.rounds},
                )
            )  # fmt: skip
        return found


QUEUE = {
    "applied": N_("applied on {date} (RS §3.4: the order of application)"),
    "exam": N_("asks to sit the exam there: goes first (RS §3.4)"),
    "rounds": N_("already has enough internship rounds ({have}): gives way (RS §3.4)"),
}

BORN_UNKNOWN = N_("the date of birth is not in the registry (RS §3.1: at least {need})")


def _member_data(
    name: str, born: date | None, since: date, until: date | None, player: str | None
) -> dict[str, Any]:
    data: dict[str, Any] = {"name": name, "since": since.isoformat()}
    if born is not None:
        data["born"] = born.isoformat()
    if until is not None:
        data["until"] = until.isoformat()
    if player:
        data["player"] = player
    return data


def standings_for(db: str, names: list[str], as_of: str) -> dict[str, Standing]:
    """Each named person's :class:`~plansza.federation.roles.Standing` on ``as_of``
    (an ISO date) from the registry ``db``: the degree in force (RS §2–§5), whether a
    penalty forbids playing while refereeing (RS §4.1), whether a member (RS §6.5). A
    name not in the registry has no licence and is no member. A temporary licence for
    the day counts as the board's leave to referee that tournament (RS §3.9).

    >>> import os, tempfile
    >>> from datetime import date
    >>> db = os.path.join(tempfile.mkdtemp(), "pfs.federacja.sqlite")
    >>> f = Federation(open_registry(db, create=True, at="2024-01-01T10:00:00"),
    ...                lambda: "2024-01-01T10:00:00")
    >>> f.add_member("Anna Żak", born=date(1980, 1, 1), since=date(2020, 1, 1))
    >>> f.grant("Anna Żak", 2, date(2023, 6, 1))
    >>> f.close()
    >>> s = standings_for(db, ["Anna Żak", "Jan Obcy"], "2024-05-04")
    >>> s["Anna Żak"].degree, s["Jan Obcy"].degree, s["Jan Obcy"].member
    (2, None, False)
    """

    day = _day(as_of)
    registry = open_registry(db)
    try:
        return standings_in(Federation(registry, now=lambda: ""), names, day)
    finally:
        registry.close()


def standings_in(
    federation: Federation,
    names: list[str],
    day: date,
    history: Iterable[RankedGame] | None = None,
) -> dict[str, Standing]:
    """:func:`standings_for` from an open registry, the days each person played a
    ranked game read from ``history`` (RS §5.2: playing keeps a licence)."""
    state = federation.state()
    games = list(history) if history is not None else None
    out: dict[str, Standing] = {}
    for name in dict.fromkeys(n for n in names if n.strip()):
        try:
            member = state.member(name)
        except UnknownNameError:
            out[name] = Standing(degree=None, member=False)
            continue
        found = federation.status(name, day, games)
        may_play = not any(r.code == "no_play" for r in found.reasons)
        out[name] = Standing(
            degree=found.degree,
            may_play=may_play,
            member=member.is_member(day),
            temporary=found.temporary is not None,
        )
    return out


def _day(text: str) -> date:
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise PlanszaError(
            N_("not a date: '{text}' (YYYY-MM-DD)"), code="bad_date", text=excerpt(text)
        ) from None
    return check_day(day, "date")

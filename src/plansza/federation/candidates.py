"""RS §3: candidates for a PFS referee's licence — pure rules, no storage.

Paragraphs are cited as ``RS §3.N``: the N-th dash item of "Regulamin sędziowski"
§3, the paragraph on the internship queue ("O pierwszeństwie…") being part of the
fourth, as the rules themselves count when §6 cites the temporary licence as
"§ 3.9". So: §3.1 the candidate's conditions, §3.2 application and the board's
consent, §3.3 seven days' notice, §3.4 one intern per tournament, the whole
tournament, none at PP or MP, and the queue, §3.5 the internship (12 rounds, one whole
tournament, 24 months) and the exam (theory every 3 months at most; practical), §3.6
the question pool, §3.7 appeals (14 and 21 days).

Everything here takes plain values and answers with values; the registry's
service feeds it from the log and the ranking history.

* :func:`eligibility` — RS §3.1 as of a date, each unmet condition with how far it is;
* :func:`internship_refusals` — RS §3.3/§3.4 for one internship;
* :func:`queue` — RS §3.4, who interns first;
* :func:`read_pool`, :func:`draw_questions` — RS §3.5/§3.6, a reproducible draw;
* :func:`appeal_dates` — RS §3.7;
* :func:`status` — where a :class:`RefereeCandidate` stands: may apply, interning, may sit the
  theory exam (from when, until when), may sit the practical one, passed (degree II
  granted on that date).

Messages are English templates for the catalogues (``N_``); :meth:`Finding.text`
words one in a translator's language.

>>> from datetime import date
>>> from types import SimpleNamespace
>>> def Period(since, until=None):  # the registry's members.Period
...     return SimpleNamespace(since=since, until=until)
>>> ann = RefereeCandidate(
...     "Anna", born=date(2004, 5, 1),
...     memberships=(Period(date(2024, 1, 1)),),
...     games=tuple(date(2024, 6, 1) for _ in range(97)),
... )
>>> e = eligibility(ann, date(2025, 3, 1))
>>> e.eligible, [f.code for f in e.unmet]
(False, ['age', 'ranked_year', 'games'])
>>> [f.text() for f in e.unmet]  # doctest: +NORMALIZE_WHITESPACE
['21 years old on 2025-05-01 (RS §3.1: at least 21)',
 'a year of ranked play on 2025-06-01 (RS §3.1)',
 '97 of 120 ranked games (RS §3.1)']
>>> status(ann, date(2025, 3, 1)).stage
'not_eligible'
"""

from __future__ import annotations

import calendar
import random
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from gettext import NullTranslations
from typing import Protocol

from plansza.errors import N_, FormatError
from plansza.i18n import Translator

#: RS §3.1: the candidate's age, years of membership and of ranked play, games.
MIN_AGE = 21
MIN_GAMES = 120
#: RS §3.5: internship rounds, months to the exam, months between theory exams.
MIN_ROUNDS = 12
INTERNSHIP_MONTHS = 24
THEORY_SPACING_MONTHS = 3
QUESTIONS = 3
#: RS §3.5: the practical exam is a tournament of at least 12 rounds.
PRACTICAL_MIN_ROUNDS = 12
#: RS §3.3: the wish to intern notified at least 7 days before.
NOTICE_DAYS = 7
#: RS §3.7: 14 days to appeal; the board decides within 21 days of receiving it.
APPEAL_DAYS = 14
DECISION_DAYS = 21
#: RS §3.4: no internship at the special tournaments.
NO_INTERNSHIP = frozenset({"PP", "MP"})

M: dict[str, str] = {
    "age": N_("{need} years old on {on} (RS §3.1: at least {need})"),
    "not_member": N_("not a PFS member on {as_of} (RS §3.1)"),
    "membership": N_(
        "a member without a break since {since}: a year on {on} (RS §3.1: a year without a break)"
    ),
    "no_games": N_("no ranked games (RS §3.1: a year of ranked play)"),
    "ranked_year": N_("a year of ranked play on {on} (RS §3.1)"),
    "games": N_("{have} of {need} ranked games (RS §3.1)"),
    "category": N_("no internship at a {category} tournament (RS §3.4)"),
    "one_intern": N_("{other} already interns at {tournament} (RS §3.4: one intern)"),
    "notice": N_("the wish to intern given on {given}, needed by {need} (RS §3.3: 7 days before)"),
    "not_approved": N_("the board has not approved the candidacy (RS §3.2)"),
    "rounds": N_("{have} of {need} internship rounds (RS §3.5)"),
    "whole": N_("no whole tournament assisted yet (RS §3.5)"),
    "theory_spacing": N_("the theory exam again from {on} (RS §3.5: once in 3 months)"),
    "internship_void": N_("the internship of {done} lapsed on {on} (RS §3.5: 24 months)"),
    "exam_ban": N_("no exam before {on} (RS §4.1)"),
    "practical_rounds": N_("the practical exam needs {need} rounds, not {have} (RS §3.5)"),
    "theory_passed": N_("the theory exam was passed on {on} (RS §3.5)"),
    "theory_first": N_("the practical exam comes after the theory exam is passed (RS §3.5)"),
}
STAGES: dict[str, str] = {
    "not_eligible": N_("not eligible"),
    "may_apply": N_("may apply"),
    "interning": N_("interning"),
    "may_sit_theory": N_("may sit the theory exam"),
    "may_sit_practical": N_("may sit the practical exam"),
    "passed": N_("passed: degree II"),
}


# -- dates -----------------------------------------------------------------------


def add_months(day: date, months: int) -> date:
    """``day`` moved by whole months; a day the month lacks becomes its last day
    (as the Civil Code counts a term in months or years, art. 112).

    >>> add_months(date(2024, 8, 31), 6), add_months(date(2024, 2, 29), 12)
    (datetime.date(2025, 2, 28), datetime.date(2025, 2, 28))
    """
    total = day.year * 12 + day.month - 1 + months
    year, month = divmod(total, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(day.day, last))


def add_years(day: date, years: int) -> date:
    """``day`` moved by whole years (29 February becomes 28 February).

    >>> add_years(date(2004, 2, 29), 21)
    datetime.date(2025, 2, 28)
    """
    return add_months(day, 12 * years)


# -- results ---------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    """One rule not met (or an answer refused): a stable ``code``, the ``paragraph``,
    what the candidate ``have`` and what the rule ``need``, the English ``template``
    and the ``fields`` that fill it."""

    code: str
    paragraph: str
    template: str
    have: object = None
    need: object = None
    fields: dict[str, object] = field(default_factory=dict)

    def text(self, t: Translator | None = None) -> str:
        """The message in the language of ``t`` (English without one)."""
        words = t or NullTranslations()
        values = {k: str(v) for k, v in self.fields.items()}
        return words.gettext(self.template).format(**values)

    def as_dict(self, t: Translator | None = None) -> dict[str, object]:
        """For ``--json``: dates as ISO text, the message in the language of ``t``."""

        def plain(v: object) -> object:
            return v.isoformat() if isinstance(v, date) else v

        return {
            "code": self.code,
            "paragraph": self.paragraph,
            "have": plain(self.have),
            "need": plain(self.need),
            "message": self.text(t),
        }


def _finding(code: str, paragraph: str, have: object, need: object, /, **fields: object) -> Finding:
    return Finding(code, paragraph, M[code], have, need, dict(fields))


class MembershipPeriod(Protocol):
    """A membership period, both ends included; ``until`` None: still a member (the
    registry's ``plansza.federation.members.Period`` is one)."""

    @property
    def since(self) -> date: ...
    @property
    def until(self) -> date | None: ...


@dataclass(frozen=True)
class Internship:
    """Rounds assisted (RS §3.5) at one tournament of ``tournament_rounds`` rounds,
    ending on ``day``."""

    tournament: str
    day: date
    rounds: int
    tournament_rounds: int

    @property
    def whole(self) -> bool:
        """The whole tournament assisted (RS §3.5: "minimum jeden pełny turniej")."""
        return self.rounds >= self.tournament_rounds


@dataclass(frozen=True)
class Exam:
    """An exam sat on ``day``: ``passed`` or not; the ``questions`` drawn (theory)
    or the ``tournament``, its ``rounds`` and the ``assessor`` (practical)."""

    day: date
    passed: bool
    questions: tuple[str, ...] = ()
    tournament: str = ""
    rounds: int = 0
    assessor: str = ""


@dataclass
class RefereeCandidate:
    """What the registry knows of one candidate (RS §3).

    ``games``: the dates of the candidate's ranked games (see :func:`game_dates`);
    ``approved``: the board's consent (RS §3.2); ``exam_ban_until``: a §4.1 ban on
    the exam (after a licence was taken away), None if there is none.
    """

    name: str
    born: date
    memberships: Sequence[MembershipPeriod] = ()
    games: Sequence[date] = ()
    approved: date | None = None
    internships: Sequence[Internship] = ()
    theory: Sequence[Exam] = ()
    practical: Sequence[Exam] = ()
    exam_ban_until: date | None = None


@dataclass(frozen=True)
class Eligibility:
    """RS §3.1 as of ``as_of``: eligible when nothing is ``unmet``."""

    as_of: date
    unmet: tuple[Finding, ...]

    @property
    def eligible(self) -> bool:
        return not self.unmet

    def as_dict(self, t: Translator | None = None) -> dict[str, object]:
        return {
            "as_of": self.as_of.isoformat(),
            "eligible": self.eligible,
            "unmet": [f.as_dict(t) for f in self.unmet],
        }


# -- RS §3.1 ---------------------------------------------------------------------


class GameRow(Protocol):
    """A ranked game as the ranking history reads it (``plansza.ranking.records``)."""

    @property
    def date(self) -> date: ...
    @property
    def player1(self) -> str: ...
    @property
    def player2(self) -> str: ...
    @property
    def walkover(self) -> bool: ...


def _key(name: str) -> str:
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def game_dates(games: Iterable[GameRow], name: str) -> list[date]:
    """The dates of ``name``'s games that were played (walkovers are not: RS §3.1
    asks for games played, "rozegrać"), in order. Names as the ranking keys them.

    >>> from plansza.ranking.records import RankedGame as G
    >>> rows = [G(date(2024, 5, 2), "T", "Ala", "Ola", 300, 200),
    ...         G(date(2024, 5, 1), "T", "Ola", "Ala", 300, 0, walkover=True),
    ...         G(date(2024, 5, 1), "T", "Ewa", " Ala ", 300, 280)]
    >>> game_dates(rows, "Ala")
    [datetime.date(2024, 5, 1), datetime.date(2024, 5, 2)]
    """
    key = _key(name)
    return sorted(
        g.date for g in games if not g.walkover and key in (_key(g.player1), _key(g.player2))
    )


def member_since(periods: Iterable[MembershipPeriod], as_of: date) -> date | None:
    """The start of the unbroken membership covering ``as_of`` (periods that touch or
    overlap join up; a day's gap is a break), None if not a member that day.

    >>> from types import SimpleNamespace as P
    >>> member_since([P(since=date(2020, 1, 1), until=date(2020, 12, 31)),
    ...               P(since=date(2021, 1, 1), until=None)], date(2021, 6, 1))
    datetime.date(2020, 1, 1)
    """
    since: date | None = None
    end = date.min
    for p in sorted(periods, key=lambda p: p.since):
        if p.since > as_of:
            break
        until = date.max if p.until is None else p.until
        if since is None or p.since - timedelta(days=1) > end:
            since, end = p.since, until  # a break before this period (or the first one)
        else:
            end = max(end, until)
    if since is None or end < as_of:
        return None
    return since


def eligibility(candidate: RefereeCandidate, as_of: date) -> Eligibility:
    """RS §3.1 on ``as_of``: 21 years old, a member for a year without a break, a year
    of ranked play with at least 120 games (games after ``as_of`` do not count)."""
    unmet: list[Finding] = []
    adult = add_years(candidate.born, MIN_AGE)
    if adult > as_of:
        age = (
            as_of.year
            - candidate.born.year
            - ((as_of.month, as_of.day) < (candidate.born.month, candidate.born.day))
        )
        unmet.append(_finding("age", "RS §3.1", age, MIN_AGE, need=MIN_AGE, on=adult))
    since = member_since(candidate.memberships, as_of)
    if since is None:
        unmet.append(_finding("not_member", "RS §3.1", None, 1, as_of=as_of))
    elif add_years(since, 1) > as_of:
        on = add_years(since, 1)
        unmet.append(_finding("membership", "RS §3.1", since, on, since=since, on=on))
    games = sorted(d for d in candidate.games if d <= as_of)
    if not games:
        unmet.append(_finding("no_games", "RS §3.1", None, 1))
    elif add_years(games[0], 1) > as_of:
        on = add_years(games[0], 1)
        unmet.append(_finding("ranked_year", "RS §3.1", games[0], on, on=on))
    if len(games) < MIN_GAMES:
        unmet.append(
            _finding("games", "RS §3.1", len(games), MIN_GAMES, have=len(games), need=MIN_GAMES)
        )
    return Eligibility(as_of, tuple(unmet))


# -- RS §3.3, §3.4 ---------------------------------------------------------------


def internship_refusals(
    *,
    tournament: str,
    category: str,
    start: date,
    notified: date | None = None,
    other_interns: Iterable[str] = (),
    approved: bool = True,
) -> list[Finding]:
    """Why an internship at ``tournament`` (``category``, starting ``start``) cannot be
    accepted; empty if it can. ``notified``: when the board heard of the wish (None:
    not checked); ``other_interns``: who already interns there.

    >>> [f.code for f in internship_refusals(tournament="MP 2025", category="MP",
    ...  start=date(2025, 5, 1), notified=date(2025, 4, 30), other_interns=["Ola"])]
    ['category', 'one_intern', 'notice']
    """
    found: list[Finding] = []
    if not approved:
        found.append(_finding("not_approved", "RS §3.2", False, True))
    if category.upper() in NO_INTERNSHIP:
        found.append(_finding("category", "RS §3.4", category, None, category=category))
    others = list(other_interns)
    if others:
        found.append(
            _finding(
                "one_intern", "RS §3.4", len(others) + 1, 1, other=others[0], tournament=tournament
            )
        )
    need = start - timedelta(days=NOTICE_DAYS)
    if notified is not None and notified > need:
        found.append(_finding("notice", "RS §3.3", notified, need, given=notified, need=need))
    return found


@dataclass(frozen=True)
class Applicant:
    """A candidate wishing to intern on a date (RS §3.4): when they applied, whether
    they ask for the exam there, whether they already have enough rounds."""

    name: str
    applied: date
    wants_exam: bool = False
    has_rounds: bool = False


def queue(applicants: Iterable[Applicant]) -> list[Applicant]:
    """RS §3.4: the order of the internship queue — order of application, except that
    a candidate asking for the exam goes first and one who already has enough rounds
    gives way to the next one. Equal dates keep the order given.

    >>> q = queue([Applicant("Ala", date(2025, 1, 1), has_rounds=True),
    ...            Applicant("Ola", date(2025, 2, 1)),
    ...            Applicant("Ewa", date(2025, 3, 1), wants_exam=True)])
    >>> [a.name for a in q]
    ['Ewa', 'Ola', 'Ala']
    """
    return sorted(applicants, key=lambda a: (not a.wants_exam, a.has_rounds, a.applied))


# -- RS §3.5, §3.6 ---------------------------------------------------------------


def read_pool(text: str, *, source: str | None = None) -> list[str]:
    """The question pool (RS §3.6): one question a line; blank lines and lines
    starting with ``#`` are skipped. Fewer than three questions is an error.

    >>> read_pool("# pool\\nQ1\\n\\nQ2\\nQ3\\n")
    ['Q1', 'Q2', 'Q3']
    """
    pool = [s for line in text.splitlines() if (s := line.strip()) and not s.startswith("#")]
    if len(pool) < QUESTIONS:
        raise FormatError(
            N_("the question pool has {have} questions; the exam draws {need} (RS §3.5)"),
            source=source,
            code="pool_small",
            have=len(pool),
            need=QUESTIONS,
        )
    return pool


def draw_questions(pool: Sequence[str], seed: int | str) -> tuple[str, ...]:
    """RS §3.5: three questions drawn at random from ``pool``; the same ``seed`` draws
    the same ones (the draw can be checked afterwards).

    >>> pool = [f"Q{i}" for i in range(1, 11)]
    >>> draw_questions(pool, 7) == draw_questions(pool, 7)
    True
    """
    if len(pool) < QUESTIONS:
        raise FormatError(
            N_("the question pool has {have} questions; the exam draws {need} (RS §3.5)"),
            code="pool_small",
            have=len(pool),
            need=QUESTIONS,
        )
    return tuple(random.Random(str(seed)).sample(list(pool), QUESTIONS))


def practical_refusals(candidate: RefereeCandidate, exam: Exam) -> list[Finding]:
    """Why ``exam`` cannot count as the practical exam (RS §3.5): a tournament of at
    least 12 rounds, after the theory exam is passed."""
    found: list[Finding] = []
    if exam.rounds < PRACTICAL_MIN_ROUNDS:
        found.append(
            _finding(
                "practical_rounds",
                "RS §3.5",
                exam.rounds,
                PRACTICAL_MIN_ROUNDS,
                need=PRACTICAL_MIN_ROUNDS,
                have=exam.rounds,
            )
        )
    if not any(t.passed and t.day <= exam.day for t in candidate.theory):
        found.append(_finding("theory_first", "RS §3.5", False, True))
    return found


# -- RS §3.7 ---------------------------------------------------------------------


@dataclass(frozen=True)
class AppealDates:
    """RS §3.7: appeal by ``appeal_by``; the board decides by ``decision_by`` (from the
    day the appeal was received, or from the last day to appeal if not known)."""

    appeal_by: date
    decision_by: date


def appeal_dates(result: date, received: date | None = None) -> AppealDates:
    """RS §3.7 for an exam result given on ``result``.

    >>> appeal_dates(date(2025, 6, 1))
    AppealDates(appeal_by=datetime.date(2025, 6, 15), decision_by=datetime.date(2025, 7, 6))
    """
    appeal_by = result + timedelta(days=APPEAL_DAYS)
    return AppealDates(appeal_by, (received or appeal_by) + timedelta(days=DECISION_DAYS))


# -- the state -------------------------------------------------------------------


@dataclass(frozen=True)
class Status:
    """Where a candidate stands on ``as_of`` (RS §3).

    ``stage``: one of :data:`STAGES`; ``since``/``until``: from when and until when
    the stage's next step may be taken (the theory exam: the 3-month spacing and the
    24 months); ``rounds``/``whole``: the internship counted so far; ``granted``: the
    day degree II is granted (stage ``passed``); ``notes``: what holds it back.
    """

    as_of: date
    stage: str
    eligibility: Eligibility
    rounds: int = 0
    whole: bool = False
    internship_done: date | None = None
    since: date | None = None
    until: date | None = None
    granted: date | None = None
    notes: tuple[Finding, ...] = ()

    def as_dict(self, t: Translator | None = None) -> dict[str, object]:
        words = t or NullTranslations()

        def iso(d: date | None) -> str | None:
            return None if d is None else d.isoformat()

        return {
            **self.eligibility.as_dict(t),
            "stage": self.stage,
            "stage_text": words.gettext(STAGES[self.stage]),
            "rounds": self.rounds,
            "whole_tournament": self.whole,
            "internship_done": iso(self.internship_done),
            "from": iso(self.since),
            "until": iso(self.until),
            "granted": iso(self.granted),
            "notes": [f.as_dict(t) for f in self.notes],
        }


def _internship(
    internships: Sequence[Internship], after: date | None, as_of: date
) -> tuple[int, bool, date | None]:
    """Rounds and whole tournament counted from internships after ``after`` up to
    ``as_of``, and the day the internship was complete (RS §3.5), if it was."""
    rounds, whole = 0, False
    for i in sorted(internships, key=lambda i: i.day):
        if i.day > as_of or (after is not None and i.day <= after):
            continue
        rounds += i.rounds
        whole = whole or i.whole
        if rounds >= MIN_ROUNDS and whole:
            return rounds, whole, i.day
    return rounds, whole, None


def status(candidate: RefereeCandidate, as_of: date) -> Status:
    """Where ``candidate`` stands on ``as_of``: ``not_eligible`` (RS §3.1 unmet and not
    yet approved), ``may_apply`` (eligible, no consent of the board yet, RS §3.2),
    ``interning`` (fewer than 12 rounds or no whole tournament, RS §3.5),
    ``may_sit_theory`` (``since`` the internship and 3 months after the last attempt,
    ``until`` 24 months after the internship), ``may_sit_practical`` (theory passed),
    ``passed`` (the practical exam passed: degree II ``granted`` on its day).

    An internship not followed by a passed exam within 24 months lapses; the
    rounds count again from internships after that day and earlier exam results no
    longer count (RS §3.5: "musi on odbyć staż ponownie").
    """
    elig = eligibility(candidate, as_of)
    if candidate.approved is None or candidate.approved > as_of:
        return Status(as_of, "may_apply" if elig.eligible else "not_eligible", elig)
    theory = sorted((e for e in candidate.theory if e.day <= as_of), key=lambda e: e.day)
    practical = sorted((e for e in candidate.practical if e.day <= as_of), key=lambda e: e.day)
    notes: list[Finding] = []
    after: date | None = None  # the day the last internship lapsed
    while True:
        rounds, whole, done = _internship(candidate.internships, after, as_of)
        if done is None:
            if rounds < MIN_ROUNDS:
                notes.append(
                    _finding("rounds", "RS §3.5", rounds, MIN_ROUNDS, have=rounds, need=MIN_ROUNDS)
                )
            if not whole:
                notes.append(_finding("whole", "RS §3.5", False, True))
            return Status(as_of, "interning", elig, rounds, whole, notes=tuple(notes))
        deadline = add_months(done, INTERNSHIP_MONTHS)
        sat_t = [e for e in theory if done <= e.day <= deadline]
        sat_p = [e for e in practical if done <= e.day <= deadline]
        passed_t = next((e for e in sat_t if e.passed), None)
        passed_p = next(
            (e for e in sat_p if e.passed and passed_t is not None and e.day >= passed_t.day),
            None,
        )
        if passed_p is not None:
            return Status(
                as_of, "passed", elig, rounds, whole, done, granted=passed_p.day, notes=()
            )
        if as_of > deadline:
            notes = [_finding("internship_void", "RS §3.5", done, deadline, done=done, on=deadline)]
            after = deadline
            continue
        if passed_t is not None:
            return Status(
                as_of,
                "may_sit_practical",
                elig,
                rounds,
                whole,
                done,
                passed_t.day,
                deadline,
                notes=tuple(notes),
            )
        since = done
        if theory:  # the spacing counts every attempt, before the internship too
            last = theory[-1].day
            again = add_months(last, THEORY_SPACING_MONTHS)
            since = max(since, again)
            if again > as_of:
                notes.append(_finding("theory_spacing", "RS §3.5", last, again, on=again))
        if candidate.exam_ban_until is not None and candidate.exam_ban_until > since:
            since = candidate.exam_ban_until
            if since > as_of:
                notes.append(_finding("exam_ban", "RS §4.1", None, since, on=since))
        return Status(
            as_of, "may_sit_theory", elig, rounds, whole, done, since, deadline, notes=tuple(notes)
        )


def theory_refusals(candidate: RefereeCandidate, day: date) -> list[Finding]:
    """Why ``candidate`` cannot sit the theory exam on ``day`` (RS §3.2, §3.5, §4.1);
    empty if they can. Record the attempt (an :class:`Exam` in ``theory``) only then.

    >>> c = RefereeCandidate("Ola", date(1990, 1, 1), approved=date(2025, 1, 1),
    ...     internships=(Internship("T", date(2025, 2, 1), 12, 12),),
    ...     theory=(Exam(date(2025, 3, 1), False),))
    >>> [f.text() for f in theory_refusals(c, date(2025, 5, 31))]
    ['the theory exam again from 2025-06-01 (RS §3.5: once in 3 months)']
    >>> theory_refusals(c, date(2025, 6, 1))
    []
    """
    s = status(candidate, day)
    if s.stage == "may_sit_theory":
        return [f for f in s.notes if f.code in ("theory_spacing", "exam_ban")]
    if s.stage in ("not_eligible", "may_apply"):
        return [*s.eligibility.unmet, _finding("not_approved", "RS §3.2", False, True)]
    if s.stage == "interning":
        return list(s.notes)
    passed = max(e.day for e in candidate.theory if e.passed and e.day <= day)
    return [_finding("theory_passed", "RS §3.5", passed, None, on=passed)]

"""The registry's reports (issue 33, item 5): who holds which licence on a day, what
suspends it, the lapses coming within 90 days (RS §5.2), and each referee's history —
HTML through the shared templates, in the translator's language.

>>> import os, tempfile
>>> from datetime import date
>>> from plansza.i18n import Translator
>>> from plansza.services.federation import Federation, open_registry
>>> db = os.path.join(tempfile.mkdtemp(), "pfs.federacja.sqlite")
>>> f = Federation(open_registry(db, create=True, at="2024-01-01T10:00:00"),
...                lambda: "2024-01-01T10:00:00")
>>> f.add_member("Anna Żak", born=date(1980, 1, 1), since=date(2020, 1, 1))
>>> f.grant("Anna Żak", 2, date(2023, 6, 1))
>>> report = registry_report(f, date(2026, 4, 1))
>>> [(line.status.name, line.status.degree, line.soon) for line in report.referees]
[('Anna Żak', 2, True)]
>>> "Anna Żak" in render_registry(report, Translator())
True
>>> f.close()
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from plansza.errors import N_
from plansza.federation import candidates
from plansza.federation.referees import Status
from plansza.i18n import Translator
from plansza.ranking.records import RankedGame
from plansza.services.federation import Federation
from plansza.tiles import polish_collation_key

#: RS §5.2: the registry report names the lapses coming within this many days.
SOON_DAYS = 90


@dataclass(frozen=True)
class RefereeLine:
    """One referee in the registry report: the status and whether it lapses soon."""

    status: Status
    soon: bool
    page: str


@dataclass(frozen=True)
class HistoryLine:
    """One dated entry of a referee's history (an event of the log, in words)."""

    day: date
    template: str
    fields: dict[str, Any]


@dataclass(frozen=True)
class CandidateLine:
    """One candidate (RS §3): a member the board approved, or one who interned or sat
    an exam, with where they stand."""

    name: str
    status: candidates.Status
    page: str


@dataclass(frozen=True)
class RegistryReport:
    as_of: date
    referees: tuple[RefereeLine, ...]
    members: int
    histories: dict[str, tuple[HistoryLine, ...]]
    candidates: tuple[CandidateLine, ...] = ()


def slug(name: str) -> str:
    """A file name for a person's page: ``Anna Żak`` → ``anna-zak``."""
    plain = unicodedata.normalize("NFKD", name.replace("ł", "l").replace("Ł", "L"))
    ascii_ = plain.encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", ascii_).strip("-") or "osoba"


def registry_report(
    federation: Federation, as_of: date, games: Iterable[RankedGame] | None = None
) -> RegistryReport:
    """Every referee's status on ``as_of`` (a licence granted, or a temporary one),
    in Polish alphabetical order, and their histories."""
    state = federation.state()
    played = list(games or ())
    names = {*state.grants, *state.temporaries}
    lines = []
    histories: dict[str, tuple[HistoryLine, ...]] = {}
    pages: set[str] = set()
    for key in sorted(names, key=lambda k: polish_collation_key(state.members[k].name)):
        member = state.members[key]
        found = federation.status(member.name, as_of, played)
        soon = found.lapses is not None and found.lapses <= as_of + timedelta(days=SOON_DAYS)
        page = slug(member.name)
        while page in pages:  # two people whose names read the same in ASCII
            page += "-2"
        pages.add(page)
        lines.append(RefereeLine(found, soon, page + ".html"))
        histories[member.name] = history(federation, member.name)
    members = sum(1 for m in state.members.values() if m.is_member(as_of))
    interns = {t.internship.casefold() for t in state.tournaments.values() if t.internship}
    keys = {*state.approvals, *state.theory, *state.practical, *interns} - names
    people = []
    for key in sorted(keys, key=lambda k: polish_collation_key(state.members[k].name)):
        member = state.members[key]
        page = "kandydat-" + slug(member.name)
        while page in pages:
            page += "-2"
        pages.add(page)
        where = federation.candidate(member.name, as_of, played)
        people.append(CandidateLine(member.name, where, page + ".html"))
    return RegistryReport(as_of, tuple(lines), members, histories, tuple(people))


def history(federation: Federation, name: str) -> tuple[HistoryLine, ...]:
    """A referee's dated history from the registry's log: licences, temporary
    licences, penalties, the tournaments run, assisted, interned or examined at."""
    state = federation.state()
    key = state.member(name).name
    out: list[HistoryLine] = []
    for grant in state.grants.get(key.casefold(), []):
        out.append(HistoryLine(grant.day, _GRANT, {"degree": _ROMAN[grant.degree]}))
    for temp in state.temporaries.get(key.casefold(), []):
        out.append(HistoryLine(temp.day, _TEMPORARY, {"tournament": temp.tournament}))
    for p in state.penalties.get(key.casefold(), []):
        length = p.days if p.days is not None else p.tournaments
        words = _PENALTIES.get(p.kind, _PENALTY)
        out.append(HistoryLine(p.day, words, {"kind": p.kind, "length": length or ""}))
    for t in state.tournaments.values():
        role = (
            _RAN_PLAYING
            if t.referee == key and t.plays
            else _RAN
            if t.referee == key
            else _ASSISTED
            if key in t.assistants
            else _INTERNED
            if t.internship == key
            else _EXAMINED
            if t.exam == key
            else None
        )
        if role is not None:
            out.append(HistoryLine(t.start, role, {"tournament": t.name, "category": t.category}))
    return tuple(sorted(out, key=lambda h: h.day))


_ROMAN = {1: "I", 2: "II"}
_GRANT = N_("licence of degree {degree} granted (RS §2, §3.5)")
_TEMPORARY = N_("temporary licence for {tournament} (RS §3.9)")
_PENALTY = N_("penalty: {kind} {length} (RS §4.1)")
_PENALTIES = {
    "warning": N_("penalty: a warning (RS §4.1.1)"),
    "no-play": N_("penalty: no playing while refereeing, {length} tournaments (RS §4.1.2)"),
    "suspend-1": N_("penalty: degree I suspended for {length} days (RS §4.1.3)"),
    "suspend-all": N_("penalty: every licence suspended for {length} days (RS §4.1.4)"),
    "re-exam": N_("penalty: the exam to be passed again (RS §4.1.5)"),
    "revoke": N_("penalty: the licence taken away (RS §4.1.6)"),
}
_RAN = N_("head referee of {tournament} ({category})")
_RAN_PLAYING = N_("head referee of {tournament} ({category}), playing too (RS §6.4)")
_ASSISTED = N_("assistant referee at {tournament} ({category}, RS §6.5)")
_INTERNED = N_("internship at {tournament} ({category}, RS §3.4)")
_EXAMINED = N_("practical exam at {tournament} ({category}, RS §3.5)")


def _words(t: Translator, template: str, fields: dict[str, Any]) -> str:
    return t.gettext(template).format(**fields)


def render_registry(report: RegistryReport, t: Translator) -> str:
    """The registry page (``index.html``)."""
    from plansza.templates import render

    return render(
        "federation/registry.html",
        t,
        report=report,
        words=lambda template, fields: _words(t, template, fields),
        soon_days=SOON_DAYS,
        stages=candidates.STAGES,
    )


def render_candidate(report: RegistryReport, line: CandidateLine, t: Translator) -> str:
    """One candidate's page: the stage, what is unmet and how far, the internship, the
    exams' window (RS §3)."""
    from plansza.templates import render

    return render(
        "federation/candidate.html",
        t,
        report=report,
        line=line,
        status=line.status.as_dict(t),
    )


def render_referee(report: RegistryReport, line: RefereeLine, t: Translator) -> str:
    """One referee's page: the status and the history."""
    from plansza.templates import render

    return render(
        "federation/referee.html",
        t,
        report=report,
        line=line,
        history=report.histories[line.status.name],
        words=lambda template, fields: _words(t, template, fields),
    )

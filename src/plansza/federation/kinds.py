"""The kinds of event in the federation's registry: one struct each, and :func:`decode`.

The registry's log is stored as a tournament's is (:mod:`plansza.tournament.storage`):
each event a kind and its data, a JSON object. The struct of a kind names the fields
its data may hold; :func:`decode` is the one way stored data becomes that struct,
whichever version wrote it: a field added since an event was written takes its default,
a field a newer program adds is ignored, and nothing here writes (the files keep their
shape). Days stay text as stored (``YYYY-MM-DD``): the registry reads each with the
field's name in its message (:func:`~plansza.federation.members.parse_day`).

>>> decode("licence_granted", {"name": "Ala", "degree": 2, "date": "2020-03-01"})
LicenceGranted(name='Ala', degree=2, date='2020-03-01')
>>> decode("penalty", {"name": "Ala", "kind": "warning", "date": "2021-01-01"}).days is None
True
>>> decode("member_added", {"name": "Ala", "since": 2015})
Traceback (most recent call last):
...
plansza.records.RecordError: member_added: since: should be a text, not an integer
"""

from __future__ import annotations

from typing import Any

import msgspec

from plansza.errors import N_, PlanszaError
from plansza.records import load


class Kind(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The data of one event (the base of every kind's struct; ``gc=False``: a payload
    holds only the data read, never a cycle, so the collector need not track it)."""


class RegistryCreated(Kind, frozen=True, kw_only=True):
    """The registry created (the first event)."""


class MemberAdded(Kind, frozen=True, kw_only=True):
    """A new member, or one more membership period of a member (``until`` included);
    ``player``: their name in the ranking (none: the same)."""

    name: str = ""
    since: str = ""
    until: str | None = None
    born: str | None = None
    player: str | None = None


class MembershipEnded(Kind, frozen=True, kw_only=True):
    """A member's open membership ends on ``until`` (the day included)."""

    name: str = ""
    until: str = ""


class LicenceGranted(Kind, frozen=True, kw_only=True):
    """The board grants a licence of ``degree`` (RS §2.1, §3.5)."""

    name: str = ""
    degree: int | None = None
    date: str = ""


class TemporaryLicence(Kind, frozen=True, kw_only=True):
    """A temporary licence for one event (RS §3.9)."""

    name: str = ""
    tournament: str = ""
    date: str = ""


class Penalty(Kind, frozen=True, kw_only=True):
    """A penalty of RS §4.1 from ``date``: ``days`` of a suspension or of the exam ban,
    ``tournaments`` of no playing while refereeing."""

    name: str = ""
    kind: str | None = None
    date: str = ""
    days: int | None = None
    tournaments: int | None = None


class TournamentAdded(Kind, frozen=True, kw_only=True):
    """A tournament as it happened (RS §6, RR §4): from ``date`` to ``end`` (none: one
    day), its category, referees, intern and candidate sitting the exam, rounds."""

    name: str = ""
    date: str = ""
    end: str | None = None
    category: str = ""
    referee: str = ""
    assistants: list[str] = []
    plays: bool = False
    internship: str | None = None
    exam: str | None = None
    rounds: int | None = None


class CandidateApproved(Kind, frozen=True, kw_only=True):
    """RS §3.2: the board consents to a candidacy."""

    name: str = ""
    date: str = ""


class ExamSat(Kind, frozen=True, kw_only=True):
    """RS §3.5: an exam sat — ``theory`` (the ``questions`` drawn) or ``practical`` (at
    ``tournament``, assessed by ``assessor``)."""

    name: str = ""
    date: str = ""
    kind: str = ""
    passed: bool = False
    questions: list[str] = []
    tournament: str = ""
    assessor: str = ""


class InternshipApplied(Kind, frozen=True, kw_only=True):
    """RS §3.3: a wish to intern at ``tournament`` (starting ``start``), told on
    ``date``; ``exam``: they ask to sit the exam there (RS §3.4)."""

    name: str = ""
    tournament: str = ""
    date: str = ""
    start: str = ""
    exam: bool = False


class KeyIssued(Kind, frozen=True, kw_only=True):
    """A referee's key for sending tournaments (``key_id`` names it, ``secret`` signs:
    HMAC-SHA256); a newer key of the same member replaces the older one."""

    name: str = ""
    key_id: str = ""
    secret: str = ""


class AdministratorNamed(Kind, frozen=True, kw_only=True):
    """The web account ``account`` is a ranking administrator (``active`` false: no
    longer)."""

    account: str = ""
    active: bool = True


class TournamentAnnounced(Kind, frozen=True, kw_only=True):
    """A coming tournament in the calendar: ``id`` is its key for sending and signing
    up; ``place``: where it is played."""

    id: str = ""
    name: str = ""
    date: str = ""
    end: str | None = None
    category: str = ""
    referee: str = ""
    place: str = ""


class EntryRegistered(Kind, frozen=True, kw_only=True):
    """``name`` signs up for the coming tournament ``id`` from the web account
    ``account`` (``withdrawn``: the sign-up taken back)."""

    id: str = ""
    name: str = ""
    account: str = ""
    withdrawn: bool = False


class TournamentReceived(Kind, frozen=True, kw_only=True):
    """A tournament sent from a hall: its log (``log``, the tournament file's events),
    what the server read from it when it arrived (``games``: date, round, table,
    player 1, player 2, score 1, score 2, walkover; ``players``: name, registered
    ranking or none, registered games), who sent it (``sender``, the key ``key_id``),
    ``version``: the SHA-256 of the bytes sent. ``imported``: from a history file,
    accepted as it is (no log)."""

    id: str = ""
    version: str = ""
    name: str = ""
    date: str = ""
    end: str | None = None
    category: str = ""
    referee: str = ""
    sender: str = ""
    key_id: str = ""
    rounds: int | None = None
    games: list[list[Any]] = []
    players: list[list[Any]] = []
    log: list[dict[str, Any]] = []
    imported: bool = False


class TournamentCorrected(Kind, frozen=True, kw_only=True):
    """The ranking administrator corrects tournament ``id``: ``what`` is ``ranking``
    (the ``player``'s registered ``ranking`` and ``games``) or ``game`` (the game at
    ``round``, ``table`` ``counted`` or not); ``why`` is said."""

    id: str = ""
    what: str = ""
    player: str = ""
    ranking: float | None = None
    games: int = 0
    round: int = 0
    table: int = 0
    counted: bool = True
    why: str = ""


class TournamentDecided(Kind, frozen=True, kw_only=True):
    """The ranking administrator accepts (``accepted``) or rejects the ``version`` of
    tournament ``id``, saying ``why``."""

    id: str = ""
    version: str = ""
    accepted: bool = True
    why: str = ""


class ListPublished(Kind, frozen=True, kw_only=True):
    """A ranking list as published on ``date`` after tournament ``id``: ``rows`` are
    place (none: the waiting room), name, ranking, exact ranking as text, games,
    tournaments."""

    date: str = ""
    id: str = ""
    rows: list[list[Any]] = []


#: The struct of each kind of event.
KINDS: dict[str, type[Kind]] = {
    "registry_created": RegistryCreated,
    "member_added": MemberAdded,
    "membership_ended": MembershipEnded,
    "licence_granted": LicenceGranted,
    "temporary_licence": TemporaryLicence,
    "penalty": Penalty,
    "tournament_added": TournamentAdded,
    "candidate_approved": CandidateApproved,
    "exam_sat": ExamSat,
    "internship_applied": InternshipApplied,
    "key_issued": KeyIssued,
    "administrator_named": AdministratorNamed,
    "tournament_announced": TournamentAnnounced,
    "entry_registered": EntryRegistered,
    "tournament_received": TournamentReceived,
    "tournament_corrected": TournamentCorrected,
    "tournament_decided": TournamentDecided,
    "list_published": ListPublished,
}


def decode(kind: str, data: dict[str, Any]) -> Kind:
    """The struct of an event of ``kind`` from its stored ``data``, of any version: the
    one place old registry logs are migrated (fields added since take their defaults; a
    field or kind ever renamed would be mapped here, before the data is read).

    An unknown kind is refused (``bad_event``); a value of the wrong type is a
    :class:`~plansza.records.RecordError` naming the kind and the field.

    >>> decode("exam_sat", {"name": "Jan", "date": "2021-01-01", "kind": "theory"}).questions
    []
    """
    struct = KINDS.get(kind)
    if struct is None:
        raise PlanszaError(N_("unknown event kind {kind}"), code="bad_event", kind=kind)
    try:
        return msgspec.convert(data, struct)
    except msgspec.ValidationError:
        # the same conversion through records: its error names the field in words
        return load(struct, data, source=kind, known_only=False)

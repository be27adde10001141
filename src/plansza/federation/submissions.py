"""The federation's server in the registry's log: tournaments announced, signed up
for, sent from a hall, corrected and decided by the ranking administrator, and the
ranking lists published (RR §2.5; the RR's chapter on the ranking administrator).

Each kind's function applies one event to the :class:`~plansza.federation.registry.
RegistryState` (registered in the registry's ``APPLY``), refusing it (nothing
changed) when the log could not hold it. What a tournament *means* for the ranking
(its games with the corrections, the registered rankings) is read from the state by
:func:`counted_games`; the checks the desk shows are the service's
(:mod:`plansza.services.federation_server`).

>>> from plansza.federation.registry import RegistryState
>>> from plansza.federation.kinds import TournamentReceived, TournamentDecided
>>> from plansza.tournament.events import Event
>>> s, ev = RegistryState(), Event(1, "", {}, "2026-05-03T10:00:00", "admin")
>>> received(s, TournamentReceived(id="gp-2026", version="v1", name="GP", date="2026-05-02",
...          games=[["2026-05-02", 1, 1, "Ala", "Ola", 400, 300, False]],
...          players=[["Ala", 120.0, 40], ["Ola", None, 0]]), ev)
>>> decided(s, TournamentDecided(id="gp-2026", version="v1"), ev)
>>> [(g.player1, g.score1) for g in counted_games(s)[0]]
[('Ala', 400)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from plansza.errors import N_, PlanszaError, Term
from plansza.federation import kinds
from plansza.federation.members import parse_day
from plansza.federation.referees import CATEGORIES, TournamentRecord

if TYPE_CHECKING:
    from plansza.federation.members import Member
    from plansza.ranking.records import RankedGame, Registration
    from plansza.tournament.events import Event


@dataclass(frozen=True, slots=True)
class GameRow:
    """One ranked game of a tournament as the hall's program recorded it."""

    day: date
    round: int
    table: int
    player1: str
    player2: str
    score1: int
    score2: int
    walkover: bool = False


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A player as registered at a tournament: the ranking and games the hall's
    program gave them (``ranking`` none: a debutant, RR §2.2)."""

    name: str
    ranking: float | None
    games: int


@dataclass(frozen=True, slots=True)
class Correction:
    """The ranking administrator's correction of a tournament, with who and why."""

    what: str  #: ``ranking`` or ``game``
    player: str
    ranking: float | None
    games: int
    round: int
    table: int
    counted: bool
    why: str
    by: str
    at: str


@dataclass(frozen=True, slots=True)
class Submission:
    """One version of a tournament as it reached the federation."""

    id: str
    version: str
    name: str
    start: date
    end: date
    category: str
    referee: str
    sender: str
    rounds: int | None
    games: tuple[GameRow, ...]
    players: tuple[PlayerRow, ...]
    log: tuple[dict[str, Any], ...]
    imported: bool
    at: str
    seq: int


@dataclass(frozen=True, slots=True)
class Decision:
    """Accepted or rejected, by whom and why."""

    version: str
    accepted: bool
    why: str
    by: str
    at: str


@dataclass(frozen=True, slots=True)
class Announced:
    """A coming tournament of the calendar."""

    id: str
    name: str
    start: date
    end: date
    category: str
    referee: str
    place: str


@dataclass(frozen=True, slots=True)
class Entry:
    """A sign-up for a coming tournament (from a web account)."""

    name: str
    account: str
    at: str


@dataclass(frozen=True, slots=True)
class Published:
    """A ranking list as published (its rows as they were computed then)."""

    day: date
    id: str
    rows: tuple[tuple[Any, ...], ...]
    at: str
    seq: int


@dataclass
class ServerState:
    """The federation server's part of the registry's state."""

    keys: dict[str, tuple[str, str]] = field(default_factory=dict)
    """A signing key's id: the member it belongs to and its secret."""
    administrators: set[str] = field(default_factory=set)
    calendar: dict[str, Announced] = field(default_factory=dict)
    entries: dict[str, dict[str, Entry]] = field(default_factory=dict)
    submissions: dict[str, list[Submission]] = field(default_factory=dict)
    corrections: dict[str, list[Correction]] = field(default_factory=dict)
    decisions: dict[str, Decision] = field(default_factory=dict)
    lists: list[Published] = field(default_factory=list)

    def snapshot(self) -> ServerState:
        """A copy whose containers are its own (the records in them are frozen): what
        a reader keeps while the log moves on."""
        return ServerState(
            dict(self.keys),
            set(self.administrators),
            dict(self.calendar),
            {k: dict(v) for k, v in self.entries.items()},
            {k: list(v) for k, v in self.submissions.items()},
            {k: list(v) for k, v in self.corrections.items()},
            dict(self.decisions),
            list(self.lists),
        )

    def latest(self, tid: str) -> Submission | None:
        """The newest version of tournament ``tid`` (``None``: never received)."""
        versions = self.submissions.get(tid)
        return versions[-1] if versions else None

    def accepted(self, tid: str) -> Submission | None:
        """The version of ``tid`` the ranking counts (``None``: not accepted)."""
        d = self.decisions.get(tid)
        if d is None or not d.accepted:
            return None
        return next(s for s in self.submissions[tid] if s.version == d.version)

    def waiting(self) -> list[Submission]:
        """The tournaments whose newest version awaits a decision, oldest first."""
        out = []
        for tid, versions in self.submissions.items():
            d = self.decisions.get(tid)
            if d is None or d.version != versions[-1].version:
                out.append(versions[-1])
        return sorted(out, key=lambda s: s.seq)


class RegistryState(Protocol):
    """What this module reads and changes of the registry's state
    (:class:`plansza.federation.registry.RegistryState`, which imports this module)."""

    server: ServerState
    tournaments: dict[str, TournamentRecord]

    def member(self, name: str) -> Member: ...


#: The fields an event may lack, in words (each a message the front end translates).
FIELD_WORDS = {
    "name": N_("name"),
    "key_id": N_("key"),
    "account": N_("account"),
    "id": N_("tournament's id"),
    "referee": N_("referee"),
    "reason": N_("reason"),
    "player": N_("player"),
}


def _text(value: str | None, what: str) -> str:
    """``value`` with its spaces tidied; refused (naming ``what``) when empty."""
    text = " ".join((value or "").split())
    if not text:
        raise PlanszaError(
            N_("the {field} is missing"), code="missing", field=Term(FIELD_WORDS[what])
        )
    return text


def key_issued(state: RegistryState, e: kinds.KeyIssued, event: Event) -> None:
    """A referee's signing key (its id unique; the member known)."""
    member = state.member(_text(e.name, "name"))
    key_id = _text(e.key_id, "key_id")
    if key_id in state.server.keys or len(e.secret) < 32:
        raise PlanszaError(N_("the key {key} cannot be issued"), code="bad_key", key=key_id)
    server = state.server
    for old in [k for k, (who, _s) in server.keys.items() if who == member.name]:
        del server.keys[old]  # a new key replaces the member's older one
    server.keys[key_id] = (member.name, e.secret)


def administrator_named(state: RegistryState, e: kinds.AdministratorNamed, event: Event) -> None:
    """A web account given (or relieved of) the ranking administrator's desk."""
    account = _text(e.account, "account").casefold()
    if e.active:
        state.server.administrators.add(account)
    else:
        state.server.administrators.discard(account)


def _category(category: str) -> str:
    if category not in CATEGORIES:
        raise PlanszaError(
            N_("unknown category '{category}' (one of {categories})"),
            code="bad_category",
            category=category,
            categories=", ".join(CATEGORIES),
        )
    return category


def _dates(start_text: str, end_text: str | None) -> tuple[date, date]:
    start = parse_day(start_text, field="date")
    end = parse_day(end_text, field="end") if end_text else start
    if end < start:
        raise PlanszaError(
            N_("the tournament ends ({end}) before it begins ({start})"),
            code="bad_dates",
            start=start.isoformat(),
            end=end.isoformat(),
        )
    return start, end


def announced(state: RegistryState, e: kinds.TournamentAnnounced, event: Event) -> None:
    """A coming tournament in the calendar (announced again: its entry updated)."""
    tid = _text(e.id, "id")
    start, end = _dates(e.date, e.end)
    referee = state.member(_text(e.referee, "referee")).name
    state.server.calendar[tid] = Announced(
        tid,
        _text(e.name, "name"),
        start,
        end,
        _category(e.category),
        referee,
        " ".join(e.place.split()),
    )


def entry_registered(state: RegistryState, e: kinds.EntryRegistered, event: Event) -> None:
    """A sign-up for a coming tournament, or its withdrawal."""
    tid = _text(e.id, "id")
    if tid not in state.server.calendar:
        raise PlanszaError(N_("no coming tournament {id}"), code="no_tournament", id=tid)
    name = _text(e.name, "name")
    entries = state.server.entries.setdefault(tid, {})
    key = name.casefold()
    if e.withdrawn:
        if key not in entries:
            raise PlanszaError(N_("{name} is not signed up"), code="not_signed_up", name=name)
        del entries[key]
        return
    if key in entries:
        raise PlanszaError(N_("{name} is already signed up"), code="signed_up", name=name)
    entries[key] = Entry(name, e.account, event.at)


def _game(row: list[Any]) -> GameRow:
    day, rnd, table, p1, p2, s1, s2, walkover = row
    return GameRow(
        parse_day(str(day), field="date"),
        int(rnd),
        int(table),
        str(p1),
        str(p2),
        int(s1),
        int(s2),
        bool(walkover),
    )


def received(state: RegistryState, e: kinds.TournamentReceived, event: Event) -> None:
    """A version of a tournament received (the same version twice is refused: the
    service answers the first receipt instead of appending)."""
    tid = _text(e.id, "id")
    versions = state.server.submissions.setdefault(tid, [])
    if any(s.version == e.version for s in versions):
        raise PlanszaError(N_("this version of {id} is on record"), code="received", id=tid)
    start, end = _dates(e.date, e.end)
    try:
        games = tuple(_game(r) for r in e.games)
        players = tuple(
            PlayerRow(str(n), None if r is None else float(r), int(g)) for n, r, g in e.players
        )
    except (TypeError, ValueError) as err:
        raise PlanszaError(
            N_("tournament {id}: a bad row: {reason}"), code="bad_row", id=tid, reason=str(err)
        ) from None
    versions.append(
        Submission(
            tid,
            e.version,
            _text(e.name, "name"),
            start,
            end,
            _category(e.category) if e.category else "ranked",
            " ".join(e.referee.split()),
            e.sender,
            e.rounds,
            games,
            players,
            tuple(e.log),
            e.imported,
            event.at,
            event.seq,
        )
    )
    if e.imported:  # a history file's tournament: accepted as it is
        state.server.decisions[tid] = Decision(e.version, True, "", event.by, event.at)
        _record(state, versions[-1])


def corrected(state: RegistryState, e: kinds.TournamentCorrected, event: Event) -> None:
    """A correction of a received tournament, its reason said."""
    tid = _text(e.id, "id")
    latest = state.server.latest(tid)
    if latest is None:
        raise PlanszaError(N_("no tournament {id} was received"), code="no_tournament", id=tid)
    why = _text(e.why, "reason")
    if e.what == "ranking":
        player = _text(e.player, "player")
        if not any(p.name == player for p in latest.players):
            raise PlanszaError(
                N_("{name} did not play in {id}"), code="not_playing", name=player, id=tid
            )
        if (e.ranking is not None and not 0 <= e.ranking <= 300) or e.games < 0:
            raise PlanszaError(
                N_("not a ranking: {value}"), code="bad_ranking", value=str(e.ranking)
            )
    elif e.what == "game":
        if not any(g.round == e.round and g.table == e.table for g in latest.games):
            raise PlanszaError(
                N_("no game at round {round}, table {table}"),
                code="no_game",
                round=e.round,
                table=e.table,
            )
    else:
        raise PlanszaError(N_("unknown correction '{what}'"), code="bad_correction", what=e.what)
    state.server.corrections.setdefault(tid, []).append(
        Correction(
            e.what,
            " ".join(e.player.split()),
            e.ranking,
            e.games,
            e.round,
            e.table,
            e.counted,
            why,
            event.by,
            event.at,
        )
    )


def decided(state: RegistryState, e: kinds.TournamentDecided, event: Event) -> None:
    """The newest version of a tournament accepted or rejected (once)."""
    tid = _text(e.id, "id")
    latest = state.server.latest(tid)
    if latest is None:
        raise PlanszaError(N_("no tournament {id} was received"), code="no_tournament", id=tid)
    if latest.version != e.version:
        raise PlanszaError(
            N_("a newer version of {id} has arrived: look at it first"), code="stale", id=tid
        )
    done = state.server.decisions.get(tid)
    if done is not None and done.version == e.version:
        raise PlanszaError(N_("{id} is decided already"), code="decided", id=tid)
    if not e.accepted:
        _text(e.why, "reason")
    state.server.decisions[tid] = Decision(e.version, e.accepted, e.why, event.by, event.at)
    if e.accepted:
        _record(state, latest)


def _record(state: RegistryState, s: Submission) -> None:
    """An accepted tournament is one the referee ran (RS §3.8, §5.2, §6)."""
    key = " ".join(s.name.split()).casefold()
    if key not in state.tournaments and s.referee:
        state.tournaments[key] = TournamentRecord(
            s.name, s.start, s.end, s.category, s.referee, rounds=s.rounds
        )


def published(state: RegistryState, e: kinds.ListPublished, event: Event) -> None:
    """A ranking list published (dated, kept as computed)."""
    day = parse_day(e.date, field="date")
    state.server.lists.append(
        Published(day, e.id, tuple(tuple(r) for r in e.rows), event.at, event.seq)
    )


def registered(s: Submission, corrections: list[Correction]) -> dict[str, PlayerRow]:
    """The players of ``s`` by name as registered, the ranking administrator's
    corrections applied (the last one of a player counts)."""
    players = {p.name: p for p in s.players}
    for c in corrections:
        if c.what == "ranking" and c.player in players:
            players[c.player] = replace(players[c.player], ranking=c.ranking, games=c.games)
    return players


def counted(s: Submission, corrections: list[Correction]) -> list[GameRow]:
    """The games of ``s`` the ranking counts: a game the administrator struck off
    (a walkover that does not count, TR 7.2) is left out."""
    struck: dict[tuple[int, int], bool] = {}
    for c in corrections:
        if c.what == "game":
            struck[(c.round, c.table)] = not c.counted
    return [g for g in s.games if not struck.get((g.round, g.table), False)]


def counted_games(
    state: RegistryState, extra: Submission | None = None, without: str | None = None
) -> tuple[list[RankedGame], list[Registration]]:
    """The ranking's history: every accepted tournament's counted games (and
    ``extra``, one about to be accepted), with the rankings registered for players
    the history held no game of (RR §2.1, as ``plansza ranking update`` keeps them);
    ``without``: that tournament left out (what the history was before it)."""
    from plansza.ranking.records import RankedGame, Registration

    server = state.server
    chosen = [
        a
        for tid in server.submissions
        if tid != without and (a := server.accepted(tid)) is not None
    ]
    if extra is not None:
        chosen = [a for a in chosen if a.id != extra.id] + [extra]
    chosen.sort(key=lambda s: (s.end, s.start, s.name))
    games: list[RankedGame] = []
    registrations: list[Registration] = []
    known: set[str] = set()
    for s in chosen:
        fixes = server.corrections.get(s.id, [])
        rows = counted(s, fixes)
        for name, p in sorted(registered(s, fixes).items()):
            if name not in known and p.ranking is not None:
                ranking = Fraction(p.ranking).limit_denominator(10_000)
                registrations.append(Registration(s.start, s.name, name, ranking, p.games))
        for g in rows:
            games.append(
                RankedGame(g.day, s.name, g.player1, g.player2, g.score1, g.score2, g.walkover)
            )
            known.update((g.player1, g.player2))
    return games, registrations


#: What each kind of the server's events does (the registry's ``APPLY`` calls these
#: with the event itself: who, when and where in the log are part of the record).
APPLY_SERVER: dict[str, Callable[[RegistryState, Any, Event], None]] = {
    "key_issued": key_issued,
    "administrator_named": administrator_named,
    "tournament_announced": announced,
    "entry_registered": entry_registered,
    "tournament_received": received,
    "tournament_corrected": corrected,
    "tournament_decided": decided,
    "list_published": published,
}

"""The federation's server: tournaments sent from halls, the ranking administrator's
desk, the published lists and the public pages' data (issue 46; the decisions in
``docs/decisions/federation-server.md``).

Everything is an event of the registry's log (:mod:`plansza.federation.submissions`);
this module checks what comes in (the signature, the file), computes what the desk
must look at (RR §2, TR 7.2, RS §2–§6) and what a list holds (RR §1–§2.5), and keeps
one computed reading of the log per version of it for the public pages.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "pfs.federacja.sqlite")
>>> fed = FederationServer(path, lambda: "2026-05-01T10:00:00", create=True)
>>> fed.name_administrator("ranking")
>>> fed.is_administrator("Ranking")
True
>>> fed.close()
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import hmac
import json
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from plansza.errors import N_, PlanszaError
from plansza.federation.registry import RegistryFile, RegistryState
from plansza.federation.submissions import (
    Announced,
    Correction,
    Decision,
    Published,
    Submission,
    counted_games,
)
from plansza.tiles import polish_collation_key

if TYPE_CHECKING:
    from plansza.ranking.hollington import RankingHistory
    from plansza.ranking.records import RankedGame
    from plansza.tournament.model import State

#: A tournament's category in words (the registry's ``CATEGORIES``; "" none declared).
CATEGORY_WORDS = {
    "": N_("not declared"),
    "GP": N_("Grand Prix"),
    "MP": N_("Polish Championship (MP)"),
    "KMP": N_("Club Polish Championship (KMP)"),
    "PP": N_("Polish Cup (PP)"),
    "LeMans": N_("LeMans"),
    "ranked": N_("ranked"),
    "unranked": N_("unranked"),
}
#: The rule of RR §2 that gives a player's tournament ranking, in words.
BASIS_WORDS = {
    "listed": N_("on the list (RR §2.1)"),
    "debutant": N_("a debutant (RR §2.2)"),
    "off-list": N_("the waiting room (RR §2.3)"),
    "padded": N_("temporary (RR §2.4)"),
}

#: What a file sent from a hall declares itself to be.
FORMAT = "plansza.tournament"
FORMAT_VERSION = 1
#: The longest file a hall may send, in bytes (a 40-round tournament of 300 is ~3 MB).
MAX_BODY = 16 * 1024 * 1024
#: How often a reader looks at the log for a new version, in seconds.
FRESH_SECONDS = 0.5


class SendingError(PlanszaError):
    """A file from a hall the federation refuses (``status``: the HTTP status)."""

    def __init__(self, template: str, *, status: int = 400, code: str = "refused", **fields: Any):
        super().__init__(template, code=code, **fields)
        self.status = status


def tournament_id(name: str, first_day: str) -> str:
    """The key a tournament is sent, announced and signed up for under: its name
    slugged and its first day.

    >>> tournament_id("Grand Prix Łodzi", "2026-05-02")
    'grand-prix-lodzi-2026-05-02'
    """
    from plansza.services.tournament import slug

    return f"{slug(name)}-{first_day}"


def export_log(events: Iterable[Any], settings_name: str, first_day: str) -> bytes:
    """The file a hall sends: the tournament's whole log as JSON (``format``,
    ``version``, ``id`` and ``events``, each ``[kind, data, at, by]``)."""
    body = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "id": tournament_id(settings_name, first_day),
        "events": [[e.kind, e.data, e.at, e.by] for e in events],
    }
    return json.dumps(body, ensure_ascii=False, sort_keys=True).encode()


def sign(body: bytes, secret: str) -> str:
    """The signature a hall sends with ``body``: HMAC-SHA256 in hex.

    >>> sign(b"x", "k" * 32)[:12]
    '5011cc61ff53'
    """
    return hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


@dataclass(frozen=True)
class Receipt:
    """What the federation answers a hall: the tournament, the version recorded and
    whether it is new (``False``: the same file again, nothing changed)."""

    id: str
    version: str
    new: bool

    def as_json(self) -> dict[str, object]:
        """The receipt as the hall reads it."""
        return {"id": self.id, "version": self.version, "new": self.new}


def read_tournament_log(body: bytes) -> tuple[str, State, list[Any]]:
    """The tournament a hall sent: its id, its state replayed from the log, the log.
    Refused (``bad_file``) when it is not such a file or its log does not replay."""
    from plansza.tournament.events import Event, replay

    try:
        data = json.loads(body)
        if data.get("format") != FORMAT or data.get("version") != FORMAT_VERSION:
            raise ValueError("not a plansza tournament of version 1")
        events = [
            Event(i, str(k), dict(d), str(a), str(b or ""))
            for i, (k, d, a, b) in enumerate(data["events"], start=1)
        ]
        tid = str(data["id"])
        state = replay(events)
    except (ValueError, KeyError, TypeError, AttributeError, PlanszaError) as e:
        raise SendingError(
            N_("not a tournament file from plansza: {reason}"), code="bad_file", reason=str(e)
        ) from None
    return tid, state, events


@dataclass(frozen=True)
class PlayerCheck:
    """A player of a received tournament: registered with (by the hall) against what
    the accepted history gives on the first day (RR §2)."""

    name: str
    registered: float | None
    registered_games: int
    expected: int | None
    expected_games: int
    basis: str  #: ``listed``, ``padded`` (RR §2.4), ``off-list`` (RR §2.3), ``debutant``
    corrected: bool

    @property
    def differs(self) -> bool:
        """The hall's ranking is not what the history gives (rounded, RR §1)."""
        if self.expected is None:
            return self.registered is not None
        if self.registered is None:
            return True
        return round(self.registered) != self.expected


@dataclass(frozen=True)
class DeskFinding:
    """One thing the ranking administrator must look at, with its paragraph."""

    code: str
    paragraph: str
    template: str
    fields: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Examined:
    """A received tournament on the desk: what came, what the checks found."""

    submission: Submission
    players: tuple[PlayerCheck, ...]
    findings: tuple[DeskFinding, ...]
    versions: int
    corrections: tuple[Correction, ...]
    decision: Decision | None


@dataclass
class Reading:
    """One computed reading of the log (a version of it): what the public pages show."""

    seq: int
    state: RegistryState
    _history: RankingHistory | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _cache: dict[Any, Any] = field(default_factory=dict)

    @property
    def history(self) -> RankingHistory:
        """The ranking's history: every accepted tournament, corrections applied."""
        with self._lock:
            if self._history is None:
                self._history = _history_of(self.state)
            return self._history

    def lists(self) -> list[Published]:
        """The published lists, oldest first."""
        return sorted(self.state.server.lists, key=lambda p: (p.day, p.seq))

    def list_on(self, day: date | None = None) -> tuple[Published | None, Published | None]:
        """The list in force on ``day`` (``None``: the newest) and the one before it."""
        found = [p for p in self.lists() if day is None or p.day <= day]
        if not found:
            return None, None
        return found[-1], (found[-2] if len(found) > 1 else None)

    def tournaments_of(self, name: str) -> dict[str, str]:
        """The accepted tournaments ``name`` played in: their ids by ``NAME|LAST-DAY``
        (the explanation's tournament and day: editions of one name told apart)."""
        index: dict[str, dict[str, str]] = self.cached("tournaments-of", self._tournaments_index)
        return index.get(name, {})

    def _tournaments_index(self) -> dict[str, dict[str, str]]:
        server = self.state.server
        out: dict[str, dict[str, str]] = {}
        for tid in server.submissions:
            s = server.accepted(tid)
            if s is None or not s.games:
                continue
            key = f"{s.name}|{max(g.day for g in s.games).isoformat()}"
            for g in s.games:
                out.setdefault(g.player1, {})[key] = tid
                out.setdefault(g.player2, {})[key] = tid
        return out

    def places_of(self, name: str) -> list[tuple[date, int | None]]:
        """``name``'s place on each published list, oldest first (``None``: the
        waiting room)."""
        index: dict[str, list[tuple[date, int | None]]] = self.cached(
            "places-of", self._places_index
        )
        return index.get(name, [])

    def _places_index(self) -> dict[str, list[tuple[date, int | None]]]:
        out: dict[str, list[tuple[date, int | None]]] = {}
        for p in self.lists():
            for row in p.rows:
                out.setdefault(row[1], []).append((p.day, row[0]))
        return out

    def cached(self, key: Any, make: Callable[[], Any]) -> Any:
        """``make()`` once per reading (a page's data, shared by its readers)."""
        with self._lock:
            if key in self._cache:
                return self._cache[key]
        value = make()
        with self._lock:
            return self._cache.setdefault(key, value)


class FederationServer:
    """The federation's server over its registry (a SQLite file or a PostgreSQL URL)."""

    def __init__(self, path: str, now: Callable[[], str], *, create: bool = False) -> None:
        from plansza.services.federation import open_registry

        self.path = path
        self.now = now
        self.registry: RegistryFile = open_registry(path, create=create, at=now())
        self._reading: Reading | None = None
        self._handed: tuple[int, RankingHistory] | None = None
        self._looked = 0.0
        self._lock = threading.Lock()

    def close(self) -> None:
        """Release the database."""
        self.registry.close()

    def state(self) -> RegistryState:
        """The registry now."""
        return self.registry.state()

    def _append(self, items: list[tuple[str, dict[str, Any]]], by: str | None = None) -> None:
        self.registry.append_many(items, at=self.now(), by=by)

    # --- the board's commands ---

    def issue_key(self, name: str) -> tuple[str, str]:
        """A new signing key for the referee ``name`` (their older one stops working):
        its id and secret, shown once (the hall keeps them)."""
        key_id = secrets.token_hex(6)
        secret = secrets.token_urlsafe(32)
        self._append([("key_issued", {"name": name, "key_id": key_id, "secret": secret})])
        return key_id, secret

    def name_administrator(self, account: str, *, active: bool = True) -> None:
        """Give the web account ``account`` the ranking administrator's desk (or not)."""
        self._append([("administrator_named", {"account": account, "active": active})])

    def is_administrator(self, account: str | None) -> bool:
        """Whether ``account`` may use the desk."""
        return bool(account) and str(account).casefold() in self.state().server.administrators

    def announce(
        self,
        name: str,
        start: date,
        *,
        end: date | None = None,
        category: str,
        referee: str,
        place: str = "",
    ) -> str:
        """A coming tournament in the calendar; its id."""
        tid = tournament_id(name, start.isoformat())
        data = {
            "id": tid,
            "name": name,
            "date": start.isoformat(),
            "end": end.isoformat() if end else None,
            "category": category,
            "referee": referee,
            "place": place,
        }
        self._append([("tournament_announced", data)])
        return tid

    # --- players ---

    def sign_up(self, tid: str, name: str, account: str, *, withdraw: bool = False) -> None:
        """``name`` signs up for the coming tournament ``tid`` from ``account`` (or the
        sign-up is taken back, by the account that made it). Closed on its first day."""
        state = self.state()
        found = state.server.calendar.get(tid)
        if found is None:
            raise PlanszaError(N_("no coming tournament {id}"), code="no_tournament", id=tid)
        if date.fromisoformat(self.now()[:10]) >= found.start:
            raise PlanszaError(
                N_("the sign-ups for {name} closed when it began"), code="closed", name=found.name
            )
        name = " ".join(name.split())
        if withdraw:
            entry = state.server.entries.get(tid, {}).get(name.casefold())
            if entry is not None and entry.account.casefold() != account.casefold():
                raise PlanszaError(
                    N_("only the account that signed {name} up can take it back"),
                    code="not_yours",
                    name=name,
                )
        data = {"id": tid, "name": name, "account": account, "withdrawn": withdraw}
        self._append([("entry_registered", data)], by=account)

    def entrants(self, tid: str) -> list[tuple[str, int, int, str]]:
        """The players signed up for ``tid`` with the tournament ranking each plays with
        on its first day (RR §2.1–§2.4), in seeding order (RS §7.1): name, ranking,
        games, the rule's basis."""
        reading = self.reading()
        found = reading.state.server.calendar.get(tid)
        if found is None:
            raise PlanszaError(N_("no coming tournament {id}"), code="no_tournament", id=tid)
        history = reading.history
        out = []
        for entry in reading.state.server.entries.get(tid, {}).values():
            r = _ranking_of(history, entry.name, found.start)
            out.append((entry.name, r[0], r[1], r[2]))
        out.sort(key=lambda e: (-e[1], polish_collation_key(e[0])))
        return out

    # --- sending from a hall ---

    def receive(self, body: bytes, key_id: str, signature: str) -> Receipt:
        """A tournament sent from a hall, its signature checked against the sender's
        key; the same file again answers the same receipt and changes nothing."""
        if len(body) > MAX_BODY:
            raise SendingError(N_("the file is too large"), status=413, code="too_large")
        state = self.state()
        key = state.server.keys.get(key_id)
        if key is None or not hmac.compare_digest(sign(body, key[1]), signature):
            raise SendingError(
                N_("the signature is not a referee's key of this federation"),
                status=403,
                code="bad_signature",
            )
        version = hashlib.sha256(body).hexdigest()
        tid, tournament, events = read_tournament_log(body)
        if any(s.version == version for s in state.server.submissions.get(tid, [])):
            return Receipt(tid, version, False)
        if not tournament.closed:
            raise SendingError(
                N_("the tournament is not closed yet (TR 4.6.4): send it once it is"),
                code="not_closed",
            )
        self._append(
            [("tournament_received", _received(tid, version, key, key_id, tournament, events))],
            by=key[0],
        )
        return Receipt(tid, version, True)

    # --- the ranking administrator's desk ---

    def examine(self, tid: str) -> Examined:
        """The newest version of ``tid`` with what the checks find (RR §2, TR 7.2,
        RS §2–§6); computed from the accepted history without it."""
        reading = self.reading()
        state = reading.state
        s = state.server.latest(tid)
        if s is None:
            raise PlanszaError(N_("no tournament {id} was received"), code="no_tournament", id=tid)
        fixes = state.server.corrections.get(tid, [])
        from plansza.federation.submissions import registered

        played, before = reading.cached(("without", tid), lambda: _counted(state, without=tid))
        players = []
        fixed = {c.player for c in fixes if c.what == "ranking"}
        for name, p in sorted(
            registered(s, fixes).items(), key=lambda i: polish_collation_key(i[0])
        ):
            value, games, basis = _ranking_of(before, name, s.start)
            known = basis != "debutant"
            players.append(
                PlayerCheck(
                    name, p.ranking, p.games, value if known else None, games, basis, name in fixed
                )
            )
        findings = _findings(self, s, players, fixes, played)
        return Examined(
            s,
            tuple(players),
            tuple(findings),
            len(state.server.submissions[tid]),
            tuple(fixes),
            state.server.decisions.get(tid),
        )

    def correct_ranking(
        self, tid: str, player: str, ranking: float | None, games: int, why: str, by: str
    ) -> None:
        """The administrator corrects the ranking ``player`` was registered with."""
        data = {
            "id": tid,
            "what": "ranking",
            "player": player,
            "ranking": ranking,
            "games": games,
            "why": why,
        }
        self._append([("tournament_corrected", data)], by=by)

    def count_game(self, tid: str, rnd: int, table: int, counted: bool, why: str, by: str) -> None:
        """The administrator strikes a game off the ranking (or counts it again)."""
        data = {
            "id": tid,
            "what": "game",
            "round": rnd,
            "table": table,
            "counted": counted,
            "why": why,
        }
        self._append([("tournament_corrected", data)], by=by)

    def decide(self, tid: str, version: str, *, accepted: bool, why: str, by: str) -> date | None:
        """Accept (the ranking recomputed and a new list published, in one transaction)
        or reject the version ``version`` of ``tid``; the list's day when accepted."""
        decision = {"id": tid, "version": version, "accepted": accepted, "why": why}
        if not accepted:
            self._append([("tournament_decided", decision)], by=by)
            return None
        state = self.state()
        s = state.server.latest(tid)
        if s is None or s.version != version:
            raise PlanszaError(
                N_("a newer version of {id} has arrived: look at it first"), code="stale", id=tid
            )
        day, rows, history = _publish(state, s)
        listed = {"date": day.isoformat(), "id": tid, "rows": rows}
        added = self.registry.append_many(
            [("tournament_decided", decision), ("list_published", listed)], at=self.now(), by=by
        )
        # the history the list came from is the next reading's: not computed twice
        self._handed = (added[-1].seq, history)
        self.refresh()
        return day

    # --- a federation from the files it has ---

    def import_history(self, path: str) -> int:
        """Every tournament of a ranking history file (``plansza ranking``'s CSV) as an
        accepted tournament, then one list published: the number of tournaments."""
        from plansza.ranking.hollington import group_tournaments
        from plansza.ranking.store import load_history_rows

        rows = load_history_rows(path)
        registered: dict[tuple[str, date], list[list[Any]]] = {}
        for r in rows.registrations:
            registered.setdefault((r.tournament, r.date), []).append(
                [r.player, float(r.ranking), r.games]
            )
        items: list[tuple[str, dict[str, Any]]] = []
        known = self.state().server.submissions
        for t in group_tournaments(rows.games):
            tid = tournament_id(t.name, t.start.isoformat())
            if tid in known:
                continue
            games = [
                [g.date.isoformat(), 0, n, g.player1, g.player2, g.score1, g.score2, g.walkover]
                for n, g in enumerate(t.games, start=1)
            ]
            players = registered.get((t.name, t.start), [])
            data = {
                "id": tid,
                "version": "import",
                "name": t.name,
                "date": t.start.isoformat(),
                "end": t.end.isoformat(),
                "category": "ranked",
                "games": games,
                "players": players,
                "imported": True,
            }
            items.append(("tournament_received", data))
        if not items:
            return 0
        self._append(items, by="import")
        state = self.state()
        last = max(s.end for v in state.server.submissions.values() for s in v)
        day = last + timedelta(days=1)
        listed = _history_of(state).ranking_list(day, include_unlisted=True)
        rows_out = [_row(e) for e in listed]
        self._append(
            [("list_published", {"date": day.isoformat(), "id": "", "rows": rows_out})], by="import"
        )
        return len(items)

    def licence_of(self, name: str) -> Any:
        """The referee's licence of the member whose ranking name is ``name`` today
        (``None``: no member, or never licensed)."""
        from plansza.services.federation import Federation

        state = self.state()
        member = next((m for m in state.members.values() if m.player == name), None)
        if member is None or not state.grants.get(member.name.casefold()):
            return None
        games = counted_games(self.reading().state)[0]  # RS §5.2: playing keeps it
        return Federation(self.registry, self.now).status(member.name, date.today(), games)

    # --- reading ---

    def reading(self) -> Reading:
        """The log's current reading; looked at again at most every
        :data:`FRESH_SECONDS` (another process may have appended)."""
        now = time.monotonic()
        with self._lock:
            if self._reading is not None and now - self._looked < FRESH_SECONDS:
                return self._reading
        with self.registry.lock:  # a copy taken while no event is being applied
            state = self.registry.state()
            seq = state.log[-1].seq if state.log else 0
            kept = self._reading
            if kept is None or kept.seq != seq:
                kept = Reading(seq, state.snapshot())
                if self._handed is not None and self._handed[0] == seq:
                    kept._history = self._handed[1]
                self._handed = None
        with self._lock:
            self._looked = now
            if self._reading is None or self._reading.seq < kept.seq:
                self._reading = kept
            return self._reading

    def refresh(self) -> None:
        """Read the log again at the next reading (after this process wrote)."""
        with self._lock:
            self._looked = 0.0


@contextlib.contextmanager
def _quiet_collector() -> Iterator[None]:
    """No cyclic garbage collection while a history is computed: it builds hundreds
    of thousands of acyclic objects that would trigger full passes over all of them
    (about half the time of an accept); collected normally afterwards."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _counted(state: RegistryState, **kw: Any) -> tuple[list[RankedGame], RankingHistory]:
    """The games of ``state``'s accepted tournaments (``counted_games``' options: one
    more, one fewer) and the ranking's history computed from them."""
    from plansza.ranking.hollington import RankingHistory

    with _quiet_collector():
        games, registrations = counted_games(state, **kw)
        return games, RankingHistory(games, registrations=registrations)


def _history_of(state: RegistryState, **kw: Any) -> RankingHistory:
    """The ranking's history of ``state``'s accepted tournaments (:func:`_counted`)."""
    return _counted(state, **kw)[1]


def _row(e: Any) -> list[Any]:
    return [e.place, e.name, e.ranking, str(e.exact), e.games, e.tournaments]


def _publish(state: RegistryState, s: Submission) -> tuple[date, list[list[Any]], RankingHistory]:
    """The list published when ``s`` is accepted: dated the day after the last
    accepted tournament's end (RR §2.5), the waiting room included; and the history
    it was computed from (the next reading's, once ``s`` is accepted)."""
    history = _history_of(state, extra=s)
    day = max([s.end + timedelta(days=1)] + [p.day for p in state.server.lists])
    return day, [_row(e) for e in history.ranking_list(day, include_unlisted=True)], history


def _ranking_of(history: RankingHistory, name: str, day: date) -> tuple[int, int, str]:
    """A player's tournament ranking on ``day`` (RR §2): value, career games, basis."""
    from plansza.ranking.hollington import UnknownPlayerError

    try:
        spelled = history.find_player(name)
    except UnknownPlayerError:
        spelled = name
    r = history.tournament_ranking(spelled, day, detail=False)
    return r.value, r.games, r.basis.value


def days_of(t: State) -> tuple[str, str]:
    """A tournament's first and last day (ISO): its dates, the days of play started,
    the days its games were played on."""
    from plansza.tournament.paperwork import ranked_rows

    days = set(t.settings.dates) | set(t.day_dates.values())
    days |= {str(r["date"]) for r in ranked_rows(t)}
    return (min(days), max(days)) if days else ("", "")


def _received(
    tid: str, version: str, key: tuple[str, str], key_id: str, t: State, events: list[Any]
) -> dict[str, Any]:
    from plansza.tournament.paperwork import ranked_rows

    s = t.settings
    start, end = days_of(t)
    games = [
        [
            r["date"],
            r["round"],
            r["table"],
            r["player1"],
            r["player2"],
            r["score1"],
            r["score2"],
            r["walkover"],
        ]
        for r in ranked_rows(t)
    ]
    players = [[p.name, p.ranking, p.games] for p in t.players.values()]
    return {
        "id": tid,
        "version": version,
        "name": s.name,
        "date": start,
        "end": end,
        "category": s.category or "ranked",
        "referee": s.referee,
        "sender": key[0],
        "key_id": key_id,
        "rounds": s.rounds,
        "games": games,
        "players": players,
        "log": [{"kind": e.kind, "data": e.data, "at": e.at, "by": e.by} for e in events],
    }


def _findings(
    server: FederationServer,
    s: Submission,
    players: list[PlayerCheck],
    fixes: list[Correction],
    games: list[RankedGame],
) -> list[DeskFinding]:
    """What the desk must look at for ``s`` (never blocking: the administrator
    corrects, or accepts knowing)."""
    out: list[DeskFinding] = []
    for p in players:
        if p.corrected or not p.differs:
            continue
        if p.basis == "padded":
            code, paragraph = "temporary", "RR §2.4"
            template = N_(
                "{name}: a temporary ranking ({games} games < 30): the history gives "
                "{expected}, the hall registered {registered}"
            )
        elif p.basis == "off-list":
            code, paragraph = "waiting_room", "RR §2.3"
            template = N_(
                "{name}: off the list (in the waiting room): the history gives "
                "{expected}, the hall registered {registered}"
            )
        elif p.expected is None:
            code, paragraph = "not_listed", "RR §2.2"
            template = N_(
                "{name}: not in the ranking (a debutant plays with 100); the hall "
                "registered {registered}"
            )
        else:
            code, paragraph = "ranking_differs", "RR §2.1"
            template = N_("{name}: the list gives {expected}, the hall registered {registered}")
        out.append(
            DeskFinding(
                code,
                paragraph,
                template,
                {
                    "name": p.name,
                    "games": p.expected_games,
                    "expected": p.expected or 100,
                    "registered": "—" if p.registered is None else f"{p.registered:g}",
                },
            )
        )
    struck = {(c.round, c.table) for c in fixes if c.what == "game"}
    for g in s.games:
        if g.walkover and (g.round, g.table) not in struck:
            out.append(
                DeskFinding(
                    "walkover",
                    "TR 7.2",
                    N_(
                        "round {round}, table {table}: a walkover {player1}–{player2} "
                        "{score1}:{score2} counts for the ranking: strike it off if nobody played"
                    ),
                    {
                        "round": g.round,
                        "table": g.table,
                        "player1": g.player1,
                        "player2": g.player2,
                        "score1": g.score1,
                        "score2": g.score2,
                    },
                )
            )
    out.extend(_referee_findings(server, s, games))
    return out


def _referee_findings(
    server: FederationServer, s: Submission, games: list[RankedGame]
) -> list[DeskFinding]:
    """RS §2–§6: the sender is the referee, whose licence in force allows the category
    (``games``: the accepted tournaments', RS §5.2: playing keeps a licence)."""
    out: list[DeskFinding] = []
    if s.imported:
        return out
    if s.sender.casefold() != s.referee.casefold():
        out.append(
            DeskFinding(
                "sender",
                "RS §6",
                N_("sent by {sender}, not by the tournament's referee {referee}"),
                {"sender": s.sender, "referee": s.referee},
            )
        )
    from plansza.federation.roles import Standing
    from plansza.services.federation import Federation, standings_in
    from plansza.services.tournament import referee_findings

    t = _replayed(s)
    names = [t.settings.referee, *t.settings.assistants]
    board = Federation(server.registry, server.now)
    standings: dict[str, Standing] = standings_in(board, names, s.start, games)
    for f in referee_findings(t.settings, standings):
        out.append(DeskFinding("licence", f.paragraph, f.template, dict(f.details)))
    return out


def names_matching(names: Iterable[str], query: str) -> list[str]:
    """The names containing ``query`` (any case), in Polish alphabetical order."""
    q = query.casefold().strip()
    return sorted((n for n in names if q in n.casefold()), key=polish_collation_key)


def valid_id(tid: str) -> bool:
    """Whether ``tid`` can be a tournament's id (what a page's address may hold)."""
    return re.fullmatch(r"[a-z0-9][a-z0-9-]{0,120}", tid) is not None


def coming(reading: Reading, today: date) -> list[Announced]:
    """The calendar from ``today`` on, soonest first."""
    found = [a for a in reading.state.server.calendar.values() if a.end >= today]
    return sorted(found, key=lambda a: (a.start, polish_collation_key(a.name)))


def _replayed(s: Submission) -> State:
    from plansza.tournament.events import Event, replay

    return replay(
        [Event(i, e["kind"], e["data"], e["at"], e["by"]) for i, e in enumerate(s.log, start=1)]
    )


def standings_of(s: Submission) -> list[tuple[int, str, str, int, int]]:
    """The final standings of a tournament sent from a hall (from its log): place,
    name, big points as text, small points, spread."""
    from plansza.tournament.standings import standings

    return [
        (st.place, st.name, f"{st.big_points:g}", st.small_points, st.spread)
        for st in standings(_replayed(s))
    ]


def report_of(s: Submission, t: Any) -> str:
    """The standings page the hall's program prints, from the tournament's log."""
    from plansza.tournament import reports

    return reports.standings_page(_replayed(s), None, t)


def csv_text(rows: Iterable[Iterable[object]], header: list[str]) -> str:
    """A CSV with ``header``: names written as text, never as a spreadsheet formula.

    >>> csv_text([["=1+1", 2]], ["name", "n"]).splitlines()[1]
    "'=1+1,2"
    """
    import io

    from plansza.files import csv_writer

    buf = io.StringIO()
    w = csv_writer(buf)
    w.writerow(header)
    for row in rows:
        w.writerow(row)
    return buf.getvalue()

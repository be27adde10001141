"""Who is online and what is being played: the lobby's live part (issue 45, item 3).

Each process knows its own: the connections open to it — a lobby page's event
stream, a game's socket — with the account behind each (a guest is only counted),
the games it owns that are being played, and the spectators watching each game here.
A change (someone comes or goes, a game starts or ends, a seek is made or taken)
bumps the lobby's *version*; every open lobby page is told at once through its
event stream, with the live part of the page rendered for it.

With several processes (``serve --redis``) each writes its part to Redis under its
own name, with the time, and publishes "changed" on the lobby's channel; every
process then reads all the parts (a part not renewed for :data:`STALE` seconds is a
dead process's and is left out) and tells its pages. A burst of changes is written
once (:data:`SETTLE`): a hall of players arriving is one update, not thousands.

Nothing hidden is here: names, ratings, which games are played, counts.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from anyio import to_thread

from plansza.tiles import polish_collation_key

log = logging.getLogger(__name__)

#: Seconds a burst of changes is gathered before it is told (and written to Redis):
#: a hall of arrivals is a few updates, and each page still learns within a second.
SETTLE = 0.3
#: Seconds between two renewals of this process's part in Redis.
RENEW = 2.0
#: Seconds after which a process's part that was not renewed is left out.
STALE = 7.0
#: The players online a lobby lists by name (the rest are counted).
LISTED = 100


@dataclass(frozen=True)
class LiveGameEntry:
    """A game being played, as the lobby lists it."""

    game: str
    names: tuple[str, ...]
    rules: str
    minutes: int
    rated: bool
    ratings: tuple[int | None, ...]
    spectators: int = 0
    days: int = 0

    @property
    def strength(self) -> float:
        """What orders the list: the mean of the players' known ratings."""
        known = [r for r in self.ratings if r is not None]
        return sum(known) / len(known) if known else 0.0


@dataclass
class Snapshot:
    """The lobby's live part now: the players online (nick, rating or ``None``),
    highest first, how many in all and how many guests, and the games being played,
    best rated first."""

    online: list[tuple[str, int | None]]
    accounts: int
    guests: int
    games: list[LiveGameEntry]


@dataclass
class Lobby:
    """This process's part of the lobby, and the version every lobby page follows."""

    #: the process's ``server.live.Hub`` (its store, games, clock and cluster); not
    #: imported: the hub makes its lobby
    hub: Any
    version: int = 0
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _ids: Any = field(default_factory=itertools.count)
    #: connection → (account id, nickname), ``None`` for a guest
    _present: dict[int, tuple[int, str] | None] = field(default_factory=dict)
    #: game → spectators connected here
    _watching: Counter[str] = field(default_factory=Counter)
    #: game → its players' ratings in its pool (read once: a game's players stay)
    _ratings: dict[str, tuple[int | None, ...]] = field(default_factory=dict)
    #: account → its rating as listed (the pool of most games), read on arrival
    _known: dict[int, int | None] = field(default_factory=dict)
    _pending: asyncio.TimerHandle | None = None
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    #: the live part's event rendered, by (version, language, filter): shared by the
    #: pages that ask for the same (server/lobby_pages.py)
    rendered: dict[tuple[int, str, str], asyncio.Future[str]] = field(default_factory=dict)

    # ---- who is here ----------------------------------------------------------------

    def enter(self, account: tuple[int, str] | None) -> int:
        """A connection opened by ``account`` (``None``: a guest): its number, for
        :meth:`leave`."""
        conn = next(self._ids)
        self._present[conn] = account
        self.touch()
        return int(conn)

    def leave(self, conn: int) -> None:
        if conn in self._present:
            del self._present[conn]
            self.touch()

    def watch(self, game: str, delta: int) -> None:
        """A spectator came to ``game`` on this process (``delta`` 1) or left (-1)."""
        self._watching[game] += delta
        if self._watching[game] <= 0:
            del self._watching[game]
        self.touch()

    # ---- telling ----------------------------------------------------------------------

    def changed(self) -> asyncio.Event:
        """The event the next change sets (for ``server.events.change_events``)."""
        return self._changed

    def touch(self) -> None:
        """Something the lobby shows changed: told once the burst settles."""
        if self._pending is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test's setup): nothing is open to tell
            return
        self._pending = loop.call_later(SETTLE, self._settled)

    def _settled(self) -> None:
        self._pending = None
        cluster = self.hub.cluster
        if cluster is None:
            self._bump()
            return
        task = asyncio.create_task(self._share())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _bump(self) -> None:
        self.version += 1
        event, self._changed = self._changed, asyncio.Event()
        event.set()

    async def _share(self) -> None:
        """This process's part to Redis, and every process told."""
        cluster = self.hub.cluster
        assert cluster is not None
        try:
            await cluster.put_lobby(await self._part())
        except Exception as e:  # Redis away: this process's pages still learn
            log.warning("the lobby's part not shared: %s", e)
            self._bump()

    def close(self) -> None:
        """The server stops: nothing more to tell."""
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    def heard(self) -> None:
        """Another process changed its part (its message on the lobby's channel)."""
        self._bump()

    async def run(self) -> None:
        """Renew this process's part in Redis while the server runs (a cluster)."""
        while True:
            await asyncio.sleep(RENEW)
            with contextlib.suppress(Exception):
                assert self.hub.cluster is not None
                await self.hub.cluster.put_lobby(await self._part(), tell=False)

    # ---- what is shown ------------------------------------------------------------------

    async def _part(self) -> dict[str, Any]:
        """This process's part: its accounts online (with their listed rating), its
        guests, the games it owns being played, its spectators per game."""
        accounts = {a[0]: a[1] for a in self._present.values() if a is not None}
        unknown = [a for a in accounts if a not in self._known]
        if unknown:
            store = self.hub.store
            found = await to_thread.run_sync(store.ratings.listed, unknown)
            self._known.update({a: found.get(a) for a in unknown})
        games = []
        for game in list(self.hub.games.values()):
            table = game.table
            if not game.owned or table.state != "playing":
                continue
            if game.id not in self._ratings:
                self._ratings[game.id] = await to_thread.run_sync(
                    self.hub.store.ratings.of_seats, game.id
                )
            games.append(
                {
                    "game": game.id,
                    "names": list(table.game.names),
                    "rules": game.setup.rules,
                    "minutes": game.setup.minutes,
                    "days": game.setup.days,
                    "rated": game.setup.rated,
                    "ratings": list(self._ratings[game.id]),
                }
            )
        return {
            "at": self.hub.clock(),
            "online": {str(a): [nick, self._known.get(a)] for a, nick in accounts.items()},
            "guests": sum(1 for a in self._present.values() if a is None),
            "games": games,
            "watching": dict(self._watching),
        }

    async def snapshot(self) -> Snapshot:
        """The lobby's live part, every process's together."""
        cluster = self.hub.cluster
        if cluster is not None:  # every process's part is in Redis, this one's too
            with contextlib.suppress(Exception):
                now = self.hub.clock()
                parts = [
                    p for p in await cluster.lobby_parts() if now - float(p.get("at", 0)) < STALE
                ]
                if parts:
                    return combined(parts)
        return combined([await self._part()])


def combined(parts: list[dict[str, Any]]) -> Snapshot:
    """Every process's part as one lobby (an account on two processes once).

    >>> a = {"online": {"1": ["Ala", 1600]}, "guests": 2, "games": [
    ...      {"game": "g", "names": ["Ala", "Ola"], "rules": "pfs", "minutes": 15,
    ...       "rated": True, "ratings": [1600, None]}], "watching": {"g": 1}}
    >>> b = {"online": {"1": ["Ala", 1600], "2": ["Ola", None]}, "guests": 0,
    ...      "games": [], "watching": {"g": 2}}
    >>> s = combined([a, b])
    >>> s.online, s.accounts, s.guests, s.games[0].spectators
    ([('Ala', 1600), ('Ola', None)], 2, 2, 3)
    """
    online: dict[str, tuple[str, int | None]] = {}
    guests = 0
    watching: Counter[str] = Counter()
    games: dict[str, dict[str, Any]] = {}
    for part in parts:
        for account, (nick, rating) in part.get("online", {}).items():
            online[account] = (str(nick), None if rating is None else int(rating))
        guests += int(part.get("guests", 0))
        watching.update({k: int(v) for k, v in part.get("watching", {}).items()})
        for g in part.get("games", []):
            games[str(g["game"])] = g
    entries = [
        LiveGameEntry(
            game=gid,
            names=tuple(str(n) for n in g["names"]),
            rules=str(g["rules"]),
            minutes=int(g["minutes"]),
            rated=bool(g["rated"]),
            ratings=tuple(g["ratings"]),
            spectators=watching.get(gid, 0),
            days=int(g.get("days", 0)),
        )
        for gid, g in games.items()
    ]
    entries.sort(key=lambda e: (-e.strength, e.game))
    people = sorted(
        online.values(),
        key=lambda p: (-(p[1] if p[1] is not None else -1), polish_collation_key(p[0])),
    )
    return Snapshot(people, len(online), guests, entries)

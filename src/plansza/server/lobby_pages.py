"""The lobby's live part on the page: who is online, the games being played (to
watch, with their spectators), the open seeks — filtered by pool and rating — and
the event stream that keeps an open lobby up to date (``/lobby/zdarzenia``).

An open lobby page counts its visitor as online (a logged-in one by name, a guest
by number) for as long as its stream is open; the stream sends the live part again,
rendered for that page (its language, its filter, its form token), after every
change (``server/lobby.py``). Names are escaped by the template like any text.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from plansza.i18n import translator
from plansza.server.events import sse_response
from plansza.server.lobby import LISTED, LiveGameEntry, Snapshot
from plansza.server.pages import hub_of as _hub
from plansza.server.pages import language
from plansza.server.security import current
from plansza.services.ratings import SPEED_NAMES, pool_of, pool_words
from plansza.templates import render

#: Seconds an event stream lives before the browser opens it again.
LIFETIME = 300.0
#: Games being played a lobby lists.
GAMES_LISTED = 50


@dataclass(frozen=True)
class Seek:
    """An open seek: a game waiting in the lobby for anyone to take its second seat
    (in memory; for a cluster in Redis, where every process's lobby finds it)."""

    game_id: str
    name: str
    rules: str
    minutes: int
    rated: bool = False
    rating: str | None = None  #: the seeker's rating in the game's pool, as shown
    days: int = 0  #: a correspondence game's days a move

    @classmethod
    def of(cls, data: dict[str, Any]) -> Seek:
        """A seek as Redis keeps it (one kept by an older server has fewer fields)."""
        rating = data.get("rating")
        return cls(
            str(data["game_id"]),
            str(data["name"]),
            str(data["rules"]),
            int(data["minutes"]),
            bool(data.get("rated", False)),
            str(rating) if rating is not None else None,
            int(data.get("days", 0)),
        )

    @property
    def rating_value(self) -> int | None:
        digits = (self.rating or "").rstrip("?")
        return int(digits) if digits.isdigit() else None


@dataclass(frozen=True)
class Filter:
    """What a lobby page asked to see: a pool (rules and speed) and a rating range.

    >>> f = Filter.of({"pula": "pfs:rapid", "od": "1400", "do": "x"})
    >>> f.pool, f.low, f.high, f.query
    ('pfs:rapid', 1400, None, 'pula=pfs%3Arapid&od=1400')
    """

    pool: str = ""
    low: int | None = None
    high: int | None = None

    @classmethod
    def of(cls, query: Any) -> Filter:
        pool = str(query.get("pula") or "")
        known = {f"{p}:{s}" for p in ("pfs", "home", "school", "wespa") for s in SPEED_NAMES}

        def number(key: str) -> int | None:
            text = str(query.get(key) or "").strip()
            return max(0, min(4000, int(text))) if text.isdigit() else None

        return cls(pool if pool in known else "", number("od"), number("do"))

    @property
    def query(self) -> str:
        from urllib.parse import urlencode

        pairs = [("pula", self.pool), ("od", self.low), ("do", self.high)]
        return urlencode([(k, v) for k, v in pairs if v not in ("", None)])

    def _rating_ok(self, ratings: list[int | None]) -> bool:
        if self.low is None and self.high is None:
            return True
        known = [r for r in ratings if r is not None]
        return any(
            (self.low is None or r >= self.low) and (self.high is None or r <= self.high)
            for r in known
        )

    def seek(self, s: Seek) -> bool:
        if self.pool and pool_of(s.rules, s.minutes, s.days) != self.pool:
            return False
        return self._rating_ok([s.rating_value])

    def game(self, g: LiveGameEntry) -> bool:
        if self.pool and pool_of(g.rules, g.minutes, g.days) != self.pool:
            return False
        return self._rating_ok(list(g.ratings))


def routes() -> list[Route]:
    return [Route("/lobby/zdarzenia", events)]


async def seeks_of(request: Request) -> list[Seek]:
    """The open seeks (every process's, in a cluster), oldest first."""
    hub = _hub(request)
    if hub.cluster is not None:  # every process's seeks, kept in Redis
        return sorted((Seek.of(s) for s in await hub.cluster.seeks()), key=lambda s: s.game_id)
    for game_id in [g for g in hub.seeks if g not in hub.games or hub.games[g].table.over]:
        del hub.seeks[game_id]  # given up before anyone took it
    return sorted(hub.seeks.values(), key=lambda s: s.game_id)


async def live_part(request: Request, snapshot: Snapshot | None = None) -> dict[str, Any]:
    """The lobby's live part as its template reads it, filtered as the page asks."""
    hub = _hub(request)
    chosen = Filter.of(request.query_params)
    snap = snapshot or await hub.lobby.snapshot()
    pools = [
        (f"{p}:{s}", pool_words(f"{p}:{s}")) for p in ("pfs", "home", "school", "wespa")
        for s in SPEED_NAMES
    ]  # fmt: skip
    return {
        "seeks": [s for s in await seeks_of(request) if chosen.seek(s)],
        "online": snap.online[:LISTED],
        "online_count": snap.accounts,
        "guests": snap.guests,
        "playing": [g for g in snap.games if chosen.game(g)][:GAMES_LISTED],
        "playing_count": len(snap.games),
        "filter": chosen,
        "pools": pools,
    }


async def shared_part(request: Request) -> str:
    """The live part's event for this page's language and filter, rendered once a
    version on this process for every page that shares them (2,000 open lobbies are
    one rendering, not 2,000). It holds nothing of one visitor's: the seeks' forms get
    the page's own form token and name from the page's script."""
    lobby = _hub(request).lobby
    chosen = Filter.of(request.query_params)
    lang = language(request)
    key = (lobby.version, lang, chosen.query)
    found = lobby.rendered.get(key)
    if found is None:
        for old in [k for k in lobby.rendered if k[0] != lobby.version]:
            del lobby.rendered[old]
        found = asyncio.get_running_loop().create_future()
        lobby.rendered[key] = found
        try:
            context = await live_part(request)
            html = render(
                "web/lobby_live.html",
                translator(lang),
                csrf="",
                account=None,
                path="/",
                **context,
            )
            body = "".join(f"data: {line}\n" for line in html.splitlines() or [""])
            found.set_result(f"event: lobby\n{body}\n")
        except BaseException as e:
            del lobby.rendered[key]
            found.set_exception(e)
            raise
    return str(await found)


async def events(request: Request) -> Response:
    """The lobby page's stream: the live part now and after each change; while it
    is open its visitor is online."""
    hub = _hub(request)
    lobby = hub.lobby

    async def lines(_last: str | None) -> AsyncIterator[str]:
        conn = lobby.enter(current(request))
        try:
            loop = asyncio.get_running_loop()
            end = loop.time() + LIFETIME
            yield "retry: 2000\n\n"
            shown = -1
            while (left := end - loop.time()) > 0:
                if lobby.version != shown:
                    shown = lobby.version
                    yield await shared_part(request)
                changed = lobby.changed()
                if lobby.version == shown:
                    try:
                        await asyncio.wait_for(changed.wait(), timeout=min(15.0, left))
                    except TimeoutError:
                        yield ": \n\n"
        finally:
            lobby.leave(conn)

    return sse_response(request, lines)

"""A player's public profile: ratings per pool, their history as charts, statistics
and the rated games, filtered (``/profil/{nick}``).

Ratings are public, as on every platform that rates: the page shows what the rated
games did, never a rack or anything a game kept hidden (a game's page decides that for
itself, and a finished game's record is public anyway). Only rated games are listed:
a casual game is its players' own business ("Your games" on the account's page).
"""

from __future__ import annotations

import time
from typing import Any

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from plansza.server.pages import hub_of as _hub
from plansza.server.pages import page, translator_of
from plansza.services.accounts import nickname_key
from plansza.services.charts import line_chart
from plansza.services.ratings import (
    ESTIMATE_GAMES,
    PfsEstimate,
    pfs_estimate,
    pool_words,
    provisional,
)

#: Rated games a page lists.
PAGE = 50
#: The results a list may be filtered by: the query's word and the score it means.
RESULTS = {"wygrane": 1.0, "remisy": 0.5, "przegrane": 0.0}


def routes() -> list[Route]:
    return [Route("/profil/{nick}", profile)]


def _page_number(text: str | None) -> int:
    try:
        return max(1, min(10_000, int(text or "1")))
    except ValueError:
        return 1


async def profile(request: Request) -> Response:
    t = translator_of(request)
    store = _hub(request).store
    found = await to_thread.run_sync(store.users.get, nickname_key(request.path_params["nick"]))
    if found is None:
        return page(
            request,
            "web/error.html",
            status=404,
            message=t.gettext("There is no such player."),
        )
    account, nick, _ = found
    q = request.query_params
    standings = await to_thread.run_sync(store.ratings.standings, account)
    pools = [pool for pool, _ in standings]
    pool = q.get("pula") if q.get("pula") in pools else None
    result = q.get("wynik") if q.get("wynik") in RESULTS else None
    opponent = (q.get("przeciwnik") or "").strip()[:40] or None
    number = _page_number(q.get("strona"))

    def read() -> dict[str, Any]:
        return {
            "games": store.ratings.games(
                account,
                pool=pool,
                score=RESULTS[result] if result else None,
                opponent=opponent,
                limit=PAGE + 1,
                offset=(number - 1) * PAGE,
            ),
            "stats": store.ratings.stats(account, pool),
            "histories": {p: store.ratings.history(account, p) for p in pools},
        }

    data = await to_thread.run_sync(read)
    estimate = await _estimate(request, account)
    games = data["games"]
    more = len(games) > PAGE
    ratings = _ratings(standings, data["histories"])
    rows = _rows(games[:PAGE])
    response: HTMLResponse = page(
        request,
        "web/profile.html",
        nick=nick,
        ratings=ratings,
        stats=data["stats"],
        rows=rows,
        pools=[(p, pool_words(p)) for p in pools],
        chosen={"pula": pool or "", "wynik": result or "", "przeciwnik": opponent or ""},
        number=number,
        more=more,
        estimate=estimate,
    )
    return response


#: RR §1: the two years a ranking counts.
TWO_YEARS = 2 * 365.25 * 24 * 3600


async def _estimate(request: Request, account: int) -> PfsEstimate | None:
    """The account's PFS ranking estimated from its rated games (PFS rules) against
    accounts whose names are on the server's ranking list (``None``: the server
    shows no ranking, or no such game)."""
    source = getattr(request.app.state, "ranking", None)
    if source is None:
        return None
    try:
        computed = await to_thread.run_sync(source.get)
    except Exception:  # the list unreadable now: no estimate (the ranking pages say why)
        return None
    listed = {e.name: e.ranking for e in computed.current}
    store = _hub(request).store
    since = _hub(request).clock() - TWO_YEARS
    rows = await to_thread.run_sync(
        store.ratings.against_people, account, "pfs:", since, 20 * ESTIMATE_GAMES
    )
    names = await to_thread.run_sync(
        store.users.pfs_names, sorted({int(r[0]) for r in rows if r[0] is not None})
    )
    games = [
        (listed[names[r[0]]], float(r[1]))
        for r in rows
        if r[0] in names and names[r[0]] in listed
    ]
    return pfs_estimate(games)


def _ratings(standings: list[Any], histories: dict[str, list[float]]) -> list[dict[str, Any]]:
    """Each pool's rating as the page shows it, with its chart."""
    return [
        {
            "pool": p,
            "words": pool_words(p),
            "rating": round(standing.rating.rating),
            "deviation": round(standing.rating.deviation),
            "games": standing.games,
            "provisional": provisional(standing.games),
            "last": _date(standing.at),
            "chart": line_chart([1500.0, *histories[p]]),
        }
        for p, standing in standings
    ]


def _rows(games: list[Any]) -> list[dict[str, Any]]:
    """The rated games as the page's table shows them."""
    return [
        {
            "id": g.game,
            "date": _date(g.at),
            "pool": pool_words(g.pool),
            "opponent": g.opponent_name,
            "computer": g.opponent_computer,
            "opponent_rating": round(g.opponent_rating),
            "score": g.score,
            "points": f"{g.points}:{g.opponent_points}",
            "change": round(g.after) - round(g.before),
            "after": round(g.after),
            "bingos": g.bingos,
        }
        for g in games
    ]


def _date(at: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(at))

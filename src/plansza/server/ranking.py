"""The ranking pages (``/ranking``, ``/ranking/gracz/{name}``): public and read-only.

``plansza serve --ranking FILE`` names a ranking history (the CSV of games the
``plansza ranking`` commands read). ``/ranking`` shows the current list as
``plansza ranking compute`` prints it (place, player, ranking, games, tournaments),
with a search by name whose matches come in Polish alphabetical order;
``/ranking/gracz/{name}`` is a player's explanation as ``plansza ranking explain``
gives it: the tournaments counted, their games and scalps, the computation in words.

The history is read and computed once, then again only when the file's modification
time or size changes (:class:`RankingSource`). Without ``--ranking`` the pages are 404.
Every name goes through the autoescaping templates.
"""

from __future__ import annotations

import os
import threading
from typing import Any

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from plansza.errors import PlanszaError
from plansza.i18n import Translator
from plansza.server.pages import page, translator_of
from plansza.server.wording import describe
from plansza.services.ranking import (
    RESULT,
    STATUS,
    BadRowsError,
    Computed,
    ExplanationView,
    UnknownPlayerError,
    compute_history,
    decimal_text,
    explanation,
)
from plansza.tiles import polish_collation_key

#: The longest search text read, in characters.
MAX_QUERY = 60


class RankingSource:
    """The history file, computed once per version of it (its mtime and size)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._key: tuple[int, int] | None = None
        self._computed: Computed | None = None
        self._lock = threading.Lock()

    def get(self) -> Computed:
        """The computed history; read again only when the file has changed.
        Raises ``OSError`` or :class:`BadRowsError` for a missing or bad file."""
        with self._lock:
            st = os.stat(self.path)
            key = (st.st_mtime_ns, st.st_size)
            if self._computed is None or key != self._key:
                self._computed = compute_history(self.path)
                self._key = key
            return self._computed


def routes() -> list[Route]:
    """The ranking pages' routes."""
    return [
        Route("/ranking", ranking_list),
        Route("/ranking/gracz/{name:path}", player),
        Route("/ranking/player/{name:path}", player),
    ]


def _error(request: Request, status: int, message: str) -> HTMLResponse:
    return page(request, "web/error.html", status=status, message=message)


async def _computed(request: Request) -> Computed | HTMLResponse:
    """The computed history, or the error page saying why there is none."""
    t = translator_of(request)
    source: RankingSource | None = getattr(request.app.state, "ranking", None)
    if source is None:
        return _error(request, 404, t.gettext("This server shows no ranking."))
    try:
        return await to_thread.run_sync(source.get)
    except OSError:
        message = t.gettext("The ranking history cannot be read now.")
        return _error(request, 503, message)
    except BadRowsError as e:
        problem = e.problems[0] if e.problems else None
        reason = ""
        if problem is not None:
            why = (
                problem.reason if problem.error is None else describe(problem.error, t, where=False)
            )
            reason = f" ({problem.line}: {why})"
        message = t.gettext("The ranking history has bad rows; the list is not shown.")
        return _error(request, 503, message + reason)


async def ranking_list(request: Request) -> HTMLResponse:
    """The current list; ``?q=`` keeps the players whose names hold the text."""
    found = await _computed(request)
    if isinstance(found, HTMLResponse):
        return found
    t = translator_of(request)
    query = " ".join(request.query_params.get("q", "").split())[:MAX_QUERY]
    entries = list(found.current)
    if query:
        wanted = query.casefold()
        entries = sorted(
            (e for e in entries if wanted in e.name.casefold()),
            key=lambda e: polish_collation_key(e.name),
        )
    rows = [
        (
            "" if e.place is None else str(e.place),
            e.name,
            str(e.ranking),
            decimal_text(e.exact, t=t),
            str(e.games),
            str(e.tournaments),
        )
        for e in entries
    ]
    return page(
        request,
        "web/ranking.html",
        list_date=found.current.list_date,
        window_start=found.current.window_start,
        rows=rows,
        query=query,
        total=len(found.current),
        effect=getattr(request.app.state, "tournament", None) is not None,
    )


async def player(request: Request) -> HTMLResponse:
    """A player's explanation; an unknown name is 404 with the close names."""
    found = await _computed(request)
    if isinstance(found, HTMLResponse):
        return found
    t = translator_of(request)
    name = request.path_params["name"][:200]
    try:
        view = explanation(found.history, name)
    except UnknownPlayerError as e:
        return _error(request, 404, describe(e, t))
    except PlanszaError as e:
        return _error(request, 400, describe(e, t))
    return page(request, "web/ranking_player.html", **explanation_view(view, t))


def explanation_view(view: ExplanationView, t: Translator) -> dict[str, Any]:
    """The template's values for a player's page, from the service's explanation: the
    sentences, the tournaments and the scalps of each tournament that makes the number."""
    tournaments = [
        (
            tour.end.isoformat(),
            tour.name,
            str(tour.entry),
            str(tour.games),
            str(tour.scalps),
            decimal_text(tour.achieved, t=t),
            t.gettext(STATUS[tour.status]),
            tour.status,
        )
        for tour in view.tournaments
    ]
    scalps = [
        (
            t.gettext("Scalps: {label}").format(label=tour.label),
            [
                (
                    sc.date.isoformat(),
                    sc.opponent,
                    sc.score_said(t),
                    t.gettext(RESULT[sc.result]),
                    str(sc.opponent_ranking),
                    str(sc.scalp),
                )
                for sc in tour.games_played
            ],
        )
        for tour in view.tournaments
        if tour.shows_games and tour.games_played  # older games make no number
    ]
    return {
        "player": view.player,
        "heading": view.heading.said(t),
        "lines": view.lines(t),
        "tournaments": tournaments,
        "scalps": scalps,
    }

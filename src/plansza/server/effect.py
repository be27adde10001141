"""The tournament's estimated effect on the ranking (``/ranking/turniej``): public,
read-only.

Served when ``plansza serve`` has both ``--ranking FILE`` (the history) and
``--tournament FILE`` (the referee's file): each player's tournament ranking, the
games so far, the ranking achieved in the tournament (RR §1), the ranking before and
the estimated one after, the change, and whether the player would be listed
(RR §2.1) — from :func:`plansza.services.ranking.estimate_effect`, the same
computation as ``plansza ranking estimate``. An estimate: the official list is the
federation's. ``?kolejnosc=nazwisko`` (or ``?sort=name``) orders by name, in Polish
alphabetical order; the default is the largest rise first.

The result is kept until the history file or the tournament's log changes.
"""

from __future__ import annotations

import threading
from datetime import date

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from plansza.errors import PlanszaError
from plansza.server.pages import page, translator_of
from plansza.server.ranking import RankingSource
from plansza.server.wording import describe
from plansza.services.ranking import (
    BadRowsError,
    Computed,
    TournamentEffect,
    by_change,
    decimal_text,
    estimate_effect,
)

_BY_NAME = {"nazwisko", "name", "alfabetycznie"}


def routes() -> list[Route]:
    """The page's route."""
    return [Route("/ranking/turniej", effect_page), Route("/ranking/tournament", effect_page)]


class _Kept:
    """The last estimate of one app, with what it was computed from."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.computed: Computed | None = None
        self.key: tuple[object, ...] = ()
        self.effect: TournamentEffect | None = None

    def estimate(
        self, source: RankingSource, path: str, seq: object, day: date
    ) -> tuple[Computed, TournamentEffect]:
        """The history and the estimate, computed again only when the history's version,
        the tournament's log or the day has changed."""
        computed = source.get()
        key = (path, seq, day)
        with self.lock:
            if self.effect is not None and self.computed is computed and self.key == key:
                return computed, self.effect
        effect = estimate_effect(computed.rows, path, source.path, day)
        with self.lock:
            self.computed, self.key, self.effect = computed, key, effect
        return computed, effect


_lock = threading.Lock()


def _kept(request: Request) -> _Kept:
    """The app's :class:`_Kept`, made on first use."""
    state = request.app.state
    with _lock:
        kept = getattr(state, "ranking_effect", None)
        if kept is None:
            kept = state.ranking_effect = _Kept()
    return kept


def _error(request: Request, status: int, message: str) -> HTMLResponse:
    return page(request, "web/error.html", status=status, message=message)


async def effect_page(request: Request) -> HTMLResponse:
    """The estimated effect of the served tournament on the served ranking."""
    t = translator_of(request)
    source: RankingSource | None = getattr(request.app.state, "ranking", None)
    watch = getattr(request.app.state, "tournament", None)
    if source is None or watch is None:
        message = t.gettext("This server shows no tournament's effect on the ranking.")
        return _error(request, 404, message)
    try:
        computed, effect = await to_thread.run_sync(
            _kept(request).estimate, source, watch.path, getattr(watch, "seq", None), date.today()
        )
    except FileNotFoundError:
        return _error(request, 404, t.gettext("The tournament has not been created yet."))
    except OSError:
        return _error(request, 503, t.gettext("The ranking history cannot be read now."))
    except BadRowsError:
        message = t.gettext("The ranking history has bad rows; the list is not shown.")
        return _error(request, 503, message)
    except PlanszaError as e:
        return _error(request, 409, describe(e, t))
    order = request.query_params.get("kolejnosc") or request.query_params.get("sort")
    by_name = order in _BY_NAME
    effects = list(effect.effects) if by_name else by_change(effect.effects)
    known = set(computed.history.players)
    rows = [
        {
            "name": e.name,
            "link": e.name in known,
            "estimated": e.estimated,
            "entry": e.entry,
            "games": e.games,
            "achieved": decimal_text(e.achieved, t=t),
            "before": "—" if e.before is None else str(e.before),
            "after": e.new_ranking,
            "change": "—" if e.change is None else f"{e.change:+d}",
            "rise": e.change is not None and e.change > 0,
            "fall": e.change is not None and e.change < 0,
            "listed": (
                t.gettext("enters")
                if e.enters
                else t.gettext("yes")
                if e.after.listed
                else t.gettext("no")
            ),
        }
        for e in effects
    ]
    return page(
        request,
        "web/ranking_effect.html",
        label=None if effect.tournament is None else effect.tournament.label,
        list_date=effect.list_date,
        games=0 if effect.tournament is None else len(effect.tournament.games),
        later=effect.later,
        any_estimated=bool(effect.estimated),
        rows=rows,
        by_name=by_name,
    )

"""The federation's server in the browser (``plansza serve --federation FILE|URL``).

Public pages, read from the published lists (one computed reading per version of the
log, :class:`~plansza.services.federation_server.Reading`):

- ``/federacja/lista`` — the ranking list (``?q=`` search in Polish order, ``?data=``
  an earlier list, the change of place and ranking since the list before), with
  ``/federacja/lista.csv`` and ``.json``;
- ``/federacja/gracz/NAME`` — a player's tournaments, games and scalps, their ranking
  and place over time, their licence if a referee;
- ``/federacja/turniej/ID`` — a tournament's standings, every round, its referee and
  category (``.csv``, ``.json``; ``/raport`` its standings as the hall prints them);
- ``/federacja/kalendarz`` — coming tournaments, sign-ups from a logged-in account,
  and the list of entrants with their rankings for the referee (``zgloszenia.csv``).

The ranking administrator's desk (``/federacja/biuro``; accounts the board named) and
the halls' sending address (``POST /federacja/api/turniej``, signed) are here too.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from plansza.errors import PlanszaError
from plansza.server.pages import client_address, code_limiter, error_page, translator_of
from plansza.server.pages import page as plain_page
from plansza.server.security import checked_form, current
from plansza.server.wording import describe
from plansza.services.federation_server import (
    BASIS_WORDS,
    CATEGORY_WORDS,
    FederationServer,
    Reading,
    SendingError,
    coming,
    csv_text,
    names_matching,
    valid_id,
)

#: The longest search text read, in characters.
MAX_QUERY = 60
#: Bad signatures an address may send in an hour before it waits.
BAD_SIGNATURES = 10
#: The list's rows a page (the whole list of 3,000 would weigh 750 KB).
PAGE_ROWS = 200
#: The longest form the desk and the calendar read, in bytes.
FORM_LIMIT = 4096


def routes() -> list[Route]:
    """The federation server's routes (before the registry's ``/federacja/{page}``)."""
    return [
        Route("/federacja/lista", list_page),
        Route("/federacja/lista.{fmt:str}", list_file),
        Route("/federacja/gracz/{name:path}", player_page),
        Route("/federacja/turniej/{tid}", tournament_page),
        Route("/federacja/turniej/{tid}/raport", tournament_report),
        Route("/federacja/turniej/{tid}/plik.{fmt:str}", tournament_file),
        Route("/federacja/kalendarz", calendar_page),
        Route("/federacja/kalendarz/{tid}", entry_form, methods=["POST"]),
        Route("/federacja/kalendarz/{tid}/zgloszenia.csv", entrants_file),
        Route("/federacja/biuro", desk_page),
        Route("/federacja/biuro/{tid}", desk_tournament, methods=["GET", "POST"]),
        Route("/federacja/api/turniej", receive, methods=["POST"]),
    ]


def page(request: Request, name: str, status: int = 200, **context: Any) -> Response:
    """A federation page: the categories and the rules of RR §2 in words for it."""
    return plain_page(
        request,
        name,
        status=status,
        category_words=CATEGORY_WORDS,
        basis_words=BASIS_WORDS,
        **context,
    )


def _now() -> str:
    """An event's time stamp: UTC to the second, as the command line writes it."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def server_of(request: Request) -> FederationServer | None:
    """The app's federation server (made on first use), ``None`` without one."""
    path = getattr(request.app.state, "federation", None)
    if path is None:
        return None
    found: FederationServer | None = getattr(request.app.state, "federation_server", None)
    if found is None:
        found = FederationServer(path, _now)
        request.app.state.federation_server = found
    return found


async def _reading(request: Request) -> tuple[FederationServer, Reading] | Response:
    server = server_of(request)
    t = translator_of(request)
    if server is None:
        return error_page(request, 404, t.gettext("This server shows no federation."))
    try:
        return server, await run_in_threadpool(server.reading)
    except PlanszaError as e:
        return error_page(request, 503, describe(e, t))


def _day(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None


# --- the list ---


def _list_rows(reading: Reading, day: date | None) -> dict[str, Any]:
    """The list in force on ``day`` with each row's change since the list before."""
    shown, before = reading.list_on(day)
    if shown is None:
        return {"list": None, "rows": [], "dates": []}
    earlier = {r[1]: r for r in before.rows} if before is not None else {}
    rows = []
    for place, name, ranking, _exact, games, tournaments in shown.rows:
        old = earlier.get(name)
        moved = rank_moved = ""
        if before is not None:
            if old is None:
                moved = "new"
            else:
                if place is not None and old[0] is not None and old[0] != place:
                    moved = f"{old[0] - place:+d}"
                if old[2] != ranking:
                    rank_moved = f"{ranking - old[2]:+d}"
        rows.append((place, name, ranking, games, tournaments, moved, rank_moved))
    dates = [p.day.isoformat() for p in reversed(reading.lists())]
    return {"list": shown, "before": before, "rows": rows, "dates": list(dict.fromkeys(dates))}


async def list_page(request: Request) -> Response:
    """The list, :data:`PAGE_ROWS` rows a page (``?strona=N``); ``?q=`` the players
    whose names hold the text (Polish order)."""
    found = await _reading(request)
    if isinstance(found, Response):
        return found
    _server, reading = found
    day = _day(request.query_params.get("data"))
    data = reading.cached(("list", day), lambda: _list_rows(reading, day))
    query = " ".join(request.query_params.get("q", "").split())[:MAX_QUERY]
    rows = data["rows"]
    if query:
        keep = set(names_matching((r[1] for r in rows), query))
        rows = sorted((r for r in rows if r[1] in keep), key=lambda r: _collate(r[1]))
    pages = max(1, -(-len(rows) // PAGE_ROWS))
    text = request.query_params.get("strona", "1")
    number = min(pages, max(1, int(text))) if text.isascii() and text.isdigit() else 1
    shown = rows[(number - 1) * PAGE_ROWS : number * PAGE_ROWS]
    return page(
        request,
        "web/fed_list.html",
        query=query,
        shown_rows=shown,
        number=number,
        pages=pages,
        total=len(rows),
        **_without(data),
    )


def _without(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "rows"}


def _collate(name: str) -> Any:
    from plansza.tiles import polish_collation_key

    return polish_collation_key(name)


LIST_COLUMNS = ["place", "name", "ranking", "exact", "games", "tournaments"]
"""The published list's columns in its CSV and JSON (format version 1)."""


async def list_file(request: Request) -> Response:
    """The list as CSV or JSON (``?data=`` an earlier one); documented, versioned."""
    fmt = request.path_params["fmt"]
    found = await _reading(request)
    if isinstance(found, Response):
        return found
    _server, reading = found
    shown, _before = reading.list_on(_day(request.query_params.get("data")))
    rows = [list(r) for r in shown.rows] if shown is not None else []
    day = shown.day.isoformat() if shown is not None else None
    if fmt == "json":
        body = {
            "format": "plansza.ranking-list",
            "version": 1,
            "date": day,
            "columns": LIST_COLUMNS,
            "rows": rows,
        }
        return JSONResponse(body)
    if fmt == "csv":
        return Response(csv_text(rows, LIST_COLUMNS), media_type="text/csv; charset=utf-8")
    return error_page(request, 404, translator_of(request).gettext("No such page."))


# --- a player ---


def _player(reading: Reading, server: FederationServer, name: str) -> dict[str, Any] | None:
    from plansza.services.charts import line_chart
    from plansza.services.ranking import UnknownPlayerError, explanation

    try:
        spelled = reading.history.find_player(name)
        view = explanation(reading.history, spelled)
    except (UnknownPlayerError, PlanszaError):
        return None
    rankings = [float(p.achieved) for p in reading.history.performances(spelled)]
    places = reading.places_of(spelled)
    shown = [float(-pl) for _d, pl in places if pl is not None]
    return {
        "view": view,
        "name": spelled,
        "chart": line_chart(rankings) if rankings else None,
        "places": places,
        "place_chart": line_chart(shown) if len(shown) > 1 else None,
        "links": {
            k: f"/federacja/turniej/{tid}" for k, tid in reading.tournaments_of(spelled).items()
        },
        "licence": server.licence_of(spelled),
    }


async def player_page(request: Request) -> Response:
    """A player's page: tournaments, games, scalps, charts, licence."""
    from plansza.server.ranking import explanation_view

    found = await _reading(request)
    if isinstance(found, Response):
        return found
    server, reading = found
    t = translator_of(request)
    name = " ".join(request.path_params["name"][:200].split())
    data = await run_in_threadpool(
        reading.cached, ("player", name.casefold()), lambda: _player(reading, server, name)
    )
    if data is None:
        return error_page(request, 404, t.gettext("No such player in the ranking."))
    view = explanation_view(data["view"], t)
    return page(request, "web/fed_player.html", **view, data=data)


# --- a tournament ---


def _tournament(reading: Reading, tid: str) -> dict[str, Any] | None:
    s = reading.state.server.accepted(tid)
    if s is None:
        return None
    rounds: dict[int, list[Any]] = {}
    for g in s.games:
        rounds.setdefault(g.round, []).append(g)
    standings = None
    if s.log:
        from plansza.services.federation_server import standings_of

        standings = standings_of(s)
    return {"s": s, "rounds": sorted(rounds.items()), "standings": standings}


async def _accepted(request: Request) -> tuple[Reading, dict[str, Any]] | Response:
    tid = request.path_params["tid"]
    t = translator_of(request)
    if not valid_id(tid):
        return error_page(request, 404, t.gettext("No such page."))
    found = await _reading(request)
    if isinstance(found, Response):
        return found
    _server, reading = found
    data = await run_in_threadpool(reading.cached, ("t", tid), lambda: _tournament(reading, tid))
    if data is None:
        return error_page(request, 404, t.gettext("No such tournament in the ranking."))
    return reading, data


async def tournament_page(request: Request) -> Response:
    """A tournament's standings, rounds, referee and category."""
    found = await _accepted(request)
    if isinstance(found, Response):
        return found
    return page(request, "web/fed_tournament.html", **found[1])


async def tournament_report(request: Request) -> Response:
    """The tournament's standings as the hall's program prints them (from its log)."""
    found = await _accepted(request)
    if isinstance(found, Response):
        return found
    s = found[1]["s"]
    t = translator_of(request)
    if not s.log:
        return error_page(request, 404, t.gettext("This tournament was imported: no report."))
    from plansza.services.federation_server import report_of

    return Response(await run_in_threadpool(report_of, s, t), media_type="text/html")


GAME_COLUMNS = ["date", "round", "table", "player1", "player2", "score1", "score2", "walkover"]
"""A tournament's games in its CSV and JSON (format version 1)."""


async def tournament_file(request: Request) -> Response:
    """A tournament's games as CSV or JSON."""
    found = await _accepted(request)
    if isinstance(found, Response):
        return found
    s = found[1]["s"]
    rows = [
        [
            g.day.isoformat(),
            g.round,
            g.table,
            g.player1,
            g.player2,
            g.score1,
            g.score2,
            int(g.walkover),
        ]
        for g in s.games
    ]
    fmt = request.path_params["fmt"]
    if fmt == "json":
        return JSONResponse(
            {
                "format": "plansza.tournament-games",
                "version": 1,
                "id": s.id,
                "name": s.name,
                "start": s.start.isoformat(),
                "end": s.end.isoformat(),
                "category": s.category,
                "referee": s.referee,
                "columns": GAME_COLUMNS,
                "rows": rows,
            }
        )
    if fmt == "csv":
        return Response(csv_text(rows, GAME_COLUMNS), media_type="text/csv; charset=utf-8")
    return error_page(request, 404, translator_of(request).gettext("No such page."))


# --- the calendar ---


async def calendar_page(request: Request, said: str = "", status: int = 200) -> Response:
    """The coming tournaments, each with its sign-ups."""
    found = await _reading(request)
    if isinstance(found, Response):
        return found
    _server, reading = found
    today = date.today()
    items = [
        (
            a,
            sorted(
                reading.state.server.entries.get(a.id, {}).values(), key=lambda e: _collate(e.name)
            ),
        )
        for a in coming(reading, today)
    ]
    me = current(request)
    return page(
        request,
        "web/fed_calendar.html",
        status=status,
        items=items,
        said=said,
        me=me[1] if me else None,
    )


async def entry_form(request: Request) -> Response:
    """Sign up (or withdraw) from a logged-in account."""
    server = server_of(request)
    t = translator_of(request)
    if server is None:
        return error_page(request, 404, t.gettext("This server shows no federation."))
    me = current(request)
    if me is None:
        return RedirectResponse("/konto/logowanie?dalej=/federacja/kalendarz", status_code=303)
    form = await checked_form(request, FORM_LIMIT)
    if isinstance(form, Response):
        return form
    tid = request.path_params["tid"]
    name = form.get("name", "")[:100]
    withdraw = form.get("withdraw") == "1"
    try:
        await run_in_threadpool(server.sign_up, tid, name, me[1], withdraw=withdraw)
    except PlanszaError as e:
        return await calendar_page(request, describe(e, t), status=400)
    server.refresh()
    return RedirectResponse("/federacja/kalendarz", status_code=303)


async def entrants_file(request: Request) -> Response:
    """The entrants of a coming tournament with their tournament rankings (RR §2), in
    seeding order: the file the referee's console imports."""
    server = server_of(request)
    t = translator_of(request)
    if server is None:
        return error_page(request, 404, t.gettext("This server shows no federation."))
    try:
        rows = await run_in_threadpool(server.entrants, request.path_params["tid"])
    except PlanszaError as e:
        return error_page(request, 404, describe(e, t))
    # a debutant (RR §2.2) is registered with no ranking: the hall's program gives 100
    body = csv_text(
        [[n, "" if b == "debutant" else r, g] for n, r, g, b in rows], ["name", "ranking", "games"]
    )
    return Response(body, media_type="text/csv; charset=utf-8")


# --- the ranking administrator's desk ---


async def _administrator(request: Request) -> tuple[FederationServer, str] | Response:
    server = server_of(request)
    t = translator_of(request)
    if server is None:
        return error_page(request, 404, t.gettext("This server shows no federation."))
    me = current(request)
    if me is None:
        return RedirectResponse(f"/konto/logowanie?dalej={quote(request.url.path)}", 303)
    if not await run_in_threadpool(server.is_administrator, me[1]):
        return error_page(request, 403, t.gettext("Only the ranking administrator may do this."))
    return server, me[1]


async def desk_page(request: Request) -> Response:
    """The tournaments waiting for a decision, and the latest decided."""
    found = await _administrator(request)
    if isinstance(found, Response):
        return found
    server, _me = found
    reading = await run_in_threadpool(server.reading)
    server_state = reading.state.server
    decided = sorted(
        (
            (tid, server_state.latest(tid), d)
            for tid, d in server_state.decisions.items()
            if d.by != "import" and d.by
        ),
        key=lambda x: x[2].at,
        reverse=True,
    )[:20]
    return page(request, "web/fed_desk.html", waiting=server_state.waiting(), decided=decided)


async def desk_tournament(request: Request) -> Response:
    """One tournament on the desk: findings, corrections, the decision."""
    found = await _administrator(request)
    if isinstance(found, Response):
        return found
    server, me = found
    t = translator_of(request)
    tid = request.path_params["tid"]
    said = ""
    if request.method == "POST":
        form = await checked_form(request, FORM_LIMIT)
        if isinstance(form, Response):
            return form
        try:
            done = await run_in_threadpool(_act, server, tid, form, me)
        except (PlanszaError, ValueError) as e:
            said = describe(e, t) if isinstance(e, PlanszaError) else t.gettext("Not a number.")
        else:
            server.refresh()
            if done == "decided":
                return RedirectResponse("/federacja/biuro", status_code=303)
            return RedirectResponse(f"/federacja/biuro/{quote(tid)}", status_code=303)
    server.refresh()
    try:
        examined = await run_in_threadpool(server.examine, tid)
    except PlanszaError as e:
        return error_page(request, 404, describe(e, t))
    return page(
        request,
        "web/fed_desk_tournament.html",
        status=400 if said else 200,
        e=examined,
        fixes=examined.corrections,
        decision=examined.decision,
        said=said,
    )


def _act(server: FederationServer, tid: str, form: dict[str, str], me: str) -> str:
    """What a desk form does (raises for a refusal)."""
    action = form.get("action", "")
    why = form.get("why", "")[:300]
    if action == "ranking":
        text = form.get("ranking", "").strip().replace(",", ".")
        ranking = float(text) if text else None
        games = int(form.get("games", "0") or 0)
        server.correct_ranking(tid, form.get("player", ""), ranking, games, why, me)
        return "corrected"
    if action == "game":
        counted = form.get("counted") == "1"
        server.count_game(tid, int(form["round"]), int(form["table"]), counted, why, me)
        return "corrected"
    if action in ("accept", "reject"):
        server.decide(tid, form.get("version", ""), accepted=action == "accept", why=why, by=me)
        return "decided"
    raise ValueError(action)


# --- the halls' sending address ---


async def receive(request: Request) -> Response:
    """A tournament file from a hall, signed with its referee's key: the receipt as
    JSON (200), or why not (400 a bad file, 403 a bad signature, 413 too large)."""
    server = server_of(request)
    if server is None:
        return JSONResponse({"error": "no federation here"}, status_code=404)
    from plansza.services.federation_server import MAX_BODY

    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        return JSONResponse({"error": "too large", "code": "too_large"}, status_code=413)
    t = translator_of(request)
    # a stranger guessing keys is slowed down: 10 bad signatures an hour per address
    limiter = code_limiter(request, "federation_keys", BAD_SIGNATURES, 3600.0)
    address = client_address(request)
    wait = limiter.wait(address)
    if wait > 0:
        said = t.gettext("Too many bad signatures: try again in {minutes} min.")
        answer = {"error": said.format(minutes=max(1, round(wait / 60))), "code": "too_many"}
        return JSONResponse(answer, status_code=429, headers={"Retry-After": str(round(wait))})
    body = await request.body()
    key = request.headers.get("x-plansza-key", "")
    signature = request.headers.get("x-plansza-signature", "")
    try:
        receipt = await run_in_threadpool(server.receive, body, key, signature)
    except SendingError as e:
        if e.code == "bad_signature":
            limiter.hit(address)
        return JSONResponse({"error": describe(e, t), "code": e.code}, status_code=e.status)
    except PlanszaError as e:
        return JSONResponse({"error": describe(e, t), "code": e.code}, status_code=400)
    server.refresh()
    return JSONResponse(receipt.as_json())

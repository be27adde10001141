"""The web app: the lobby, the game page and its WebSocket, the record, the assets.

:func:`create_app` builds a Starlette app around a :class:`~plansza.server.live.Hub`.
Pages are Jinja2 templates (``templates/web/``, autoescaped) in the visitor's
language — Polish by default, English by choice (``?lang=en``, kept in a cookie) —
through the same catalogues as the command line. Every asset is served by the app
(htmx is vendored in ``static/``): a tournament hall may have no internet.

The server trusts nothing from a client. A seat is proven by a secret token in a
cookie (set when the game is made or the invitation is opened); a message that is not
JSON, is over :data:`MAX_MESSAGE` bytes or names an action the seat may not take is
answered with an error and changes nothing. Forms carry a CSRF token bound to the
visitor's signed session.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import msgspec
from anyio import to_thread
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from plansza.errors import N_, PlanszaError
from plansza.i18n import Translator
from plansza.server import accounts, chat
from plansza.server.hall import HallMode, in_hall, is_referee
from plansza.server.headers import CompressFiles, SecurityHeaders
from plansza.server.live import NO_ANSWER, Hub, LiveGame, token_hash
from plansza.server.lobby_pages import Seek, live_part
from plansza.server.pages import csrf, is_https, language, page, premiums, small_form, translator_of
from plansza.server.pages import hub_of as _hub
from plansza.server.settings import AppSettings
from plansza.server.store import Store, default_url
from plansza.server.wording import describe
from plansza.services.live import (
    DAYS_MAX,
    PRESETS,
    Challenge,
    Join,
    LiveError,
    MoveAction,
    Rematch,
    display_name,
    new_seed,
    player_action,
)
from plansza.services.ratings import pool_of, pool_words

#: The largest message a client may send on a game's WebSocket (a move is ~30 bytes).
MAX_MESSAGE = 4096
#: The largest form read (a name and a few choices fit in 1 KB).
MAX_FORM = 8192
#: Uvicorn closes a WebSocket whose message is longer (code 1009) without reading it
#: all (``plansza serve`` sets ``ws_max_size``); a shorter one over MAX_MESSAGE is
#: answered with an error.
WS_MAX_SIZE = 64 * 1024
STATIC = Path(__file__).with_name("static")
#: The computer's levels a lobby offers, weakest first, with their strength in words.
LEVELS: dict[str, str] = {
    "random": N_("a beginner: any legal move"),
    "greedy": N_("plays the highest score"),
    "static": N_("club player: score and the tiles it keeps"),
    "sim": N_("strong: looks a few moves ahead (thinks a second)"),
}


def secret_key() -> str:
    """The key that signs sessions: ``PLANSZA_SECRET``, else one made on first start
    and kept in the user's data folder (never in the repository)."""
    env = os.environ.get("PLANSZA_SECRET")
    if env:
        return env
    from platformdirs import user_data_dir

    path = Path(user_data_dir("plansza")) / "server-secret"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_urlsafe(32), encoding="utf-8")
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip()


async def favicon(request: Request) -> Response:
    """The site's icon where browsers look for it by default (a page that names none:
    a report, the offline page); a missing one is a console error on every page."""
    return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")


def create_app(  # long: the app's routes and stores in one place
    settings: AppSettings | None = None, /, **options: Any
) -> Starlette:
    """The app with ``settings`` (:class:`~plansza.server.settings.AppSettings`), any
    of them also given by name (``create_app(db=..., tournament=...)``). An
    unreachable Redis is a :class:`plansza.server.fanout.RedisUnreachableError`. With a
    tournament or a Belgijka the app runs a hall: its word tools are closed to all but
    the referees (:mod:`plansza.server.hall`), unless ``word_tools``."""
    settings = (settings or AppSettings()).with_(**options)
    db, words, secret, clock = settings.db, settings.words, settings.secret, settings.clock
    tournament, tournament_poll = settings.tournament, settings.tournament_poll
    ranking, belgijka, redis = settings.ranking, settings.belgijka, settings.redis
    federation, word_tools = settings.federation, settings.word_tools
    import time

    from plansza.server import belgijka as belgijka_pages
    from plansza.server import belgijka_console, belgijka_phone
    from plansza.server import ranking as ranking_pages
    from plansza.server import sending as sending_pages
    from plansza.server import tables as table_pages
    from plansza.server import tournament as live_tournament
    from plansza.server.effect import routes as effect_routes
    from plansza.server.federation import routes as federation_routes
    from plansza.server.federation_pages import routes as federation_server_routes
    from plansza.server.lobby_pages import routes as lobby_routes
    from plansza.server.moderation import routes as moderation_routes
    from plansza.server.profiles import routes as profile_routes

    if words is None:
        from plansza.services.play import default_lexicon

        words = default_lexicon()
    cluster: Any = None
    if redis is not None:
        from plansza.server import cluster as cluster_mod
        from plansza.server import fanout

        fanout.check(redis)
        cluster = cluster_mod.Cluster(redis, clock or time.time)
    hub = Hub(Store(db or default_url()), words, clock or time.time, cluster=cluster)
    from plansza.server.console import routes as console_routes
    from plansza.server.offline import routes as offline_routes
    from plansza.server.station import routes as station_routes

    hall, hall_stream = (
        belgijka_pages.make_hall(belgijka, words, hub.store, hub.clock)
        if belgijka
        else (None, None)
    )
    poll = live_tournament.POLL if tournament_poll is None else tournament_poll
    fan: Any = None
    if redis is not None and tournament:
        fan = fanout.Fanout(redis, tournament)
    watch = live_tournament.Watch(tournament, poll=poll, fanout=fan) if tournament else None
    from plansza.server.study import Site
    from plansza.server.study import routes as study_routes

    sender = _sender(settings)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        if watch is not None:
            await watch.start()
        if hall_stream is not None:
            await hall_stream.start()
        sending = asyncio.create_task(sending_pages.run(sender)) if sender else None
        yield
        if sending is not None:
            sending.cancel()
        if watch is not None:
            await watch.stop()
        writer = getattr(app.state, "table_writer", None)
        if writer is not None:  # the tables' results' file (server/tables.py)
            writer.close()
        await hub.stop()

    app = Starlette(
        routes=[
            Route("/", lobby),
            Route("/games", new_game, methods=["POST"]),
            Route("/seeks/{game_id}", take_seek, methods=["POST"]),
            Route("/g/{game_id}", game_page),
            Route("/g/{game_id}/join/{code}", join, methods=["GET", "POST"]),
            Route("/g/{game_id}/rematch", rematch),
            Route("/g/{game_id}/record.gcg", record),
            Route("/g/{game_id}/rating", game_rating),
            WebSocketRoute("/g/{game_id}/ws", game_socket),
            *accounts.routes(),
            *station_routes(),
            *console_routes(),
            *table_pages.routes(),
            *offline_routes(),
            *live_tournament.routes(),
            *ranking_pages.routes(),
            *effect_routes(),
            *belgijka_pages.routes(),
            *belgijka_console.routes(),
            *belgijka_phone.routes(),
            *federation_server_routes(),
            *sending_pages.routes(),
            *federation_routes(),
            *profile_routes(),
            *lobby_routes(),
            *moderation_routes(),
            *study_routes(Site(page=page, csrf=csrf, translator=translator_of, premiums=premiums)),
            Route("/favicon.ico", favicon),
            Route("/static/site.css", stylesheet),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        exception_handlers=_unreachable_handlers(redis is not None),
        middleware=[
            # Outermost, so the others (the policy's style hashes) see the body as
            # written: the app's files are sent compressed to a browser that asks (a
            # phone on a hall's slow network); pages are not (see CompressFiles).
            Middleware(CompressFiles),
            Middleware(SecurityHeaders),
            Middleware(
                SessionMiddleware,
                secret_key=secret or secret_key(),
                same_site="lax",
                https_only=False,
            ),
            Middleware(HallMode),
            Middleware(live_tournament.WakeOnWrites),
        ],
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.tournament = watch
    app.state.hall_mode = bool(tournament or belgijka) and not word_tools
    app.state.belgijka = hall
    app.state.belgijka_stream = hall_stream
    app.state.ranking = ranking_pages.RankingSource(ranking) if ranking else None
    app.state.settings = settings.with_(words=words)
    app.state.federation = federation
    app.state.sender = sender
    #: Redis, when the processes share it: the rate limits count there too
    app.state.redis_url = redis
    return app


def _sender(settings: AppSettings) -> Any:
    """The hall's sender to the federation (``None``: it sends nothing); a bad key file
    is a :class:`~plansza.errors.PlanszaError` naming it."""
    if not (settings.tournament and settings.send_to and settings.key_file):
        return None
    from plansza.services.sending import RETRY_MAX, Sender, read_key

    return Sender(
        settings.tournament,
        settings.send_to,
        read_key(settings.key_file),
        retry_max=settings.send_retry_max or RETRY_MAX,
    )


async def stylesheet(request: Request) -> Response:
    """The site's one stylesheet (``plansza.templates.SITE_CSS``). Asked for by its
    version (``?v=``, as the pages link it) it is kept a year; otherwise (the phone's
    page without a network keeps it under its plain address) it is checked each time."""
    from plansza.templates import SITE_CSS, SITE_CSS_VERSION

    etag = f'"{SITE_CSS_VERSION}"'
    fixed = request.query_params.get("v") == SITE_CSS_VERSION
    headers = {
        "ETag": etag,
        "Cache-Control": "public, max-age=31536000, immutable" if fixed else "no-cache",
    }
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(SITE_CSS, media_type="text/css; charset=utf-8", headers=headers)


def _error_page(request: Request, status: int, message: str) -> HTMLResponse:
    return page(request, "web/error.html", status=status, message=message)


def _unreachable_handlers(cluster: bool) -> dict[Any, Any]:
    """Pages for what the servers behind a page failed to answer: a game that could
    not be opened (Redis or the database away; :class:`LiveError` ``no_owner``) and,
    in a cluster, any other Redis call (the lobby's seeks) — 503 and the reason in
    the visitor's language, not an error 500."""

    async def not_answered(request: Request, exc: Exception) -> Response:
        if not isinstance(exc, LiveError):  # a Redis error outside a game
            exc = LiveError(NO_ANSWER, code="no_owner")
        status = 503 if exc.code == "no_owner" else 409
        text = describe(exc, translator_of(request))  # a refusal's clause: a page's sentence
        return _error_page(request, status, text[:1].upper() + text[1:])

    async def not_found(request: Request, exc: Exception) -> Response:
        # a page in the visitor's language (with its title and language, for screen
        # readers); a missing file of a page stays a plain 404
        accepts = request.headers.get("accept", "")
        if request.url.path.startswith("/static/") or "text/html" not in accepts:
            return PlainTextResponse("Not Found", status_code=404)
        return _error_page(request, 404, translator_of(request).gettext("No such page."))

    handlers: dict[Any, Any] = {LiveError: not_answered, 404: not_found}
    if cluster:
        from redis.exceptions import RedisError

        handlers[RedisError] = not_answered
    return handlers


async def lobby(request: Request) -> HTMLResponse:
    t = translator_of(request)
    if in_hall(request) and not await is_referee(request):
        # a game against the computer would check words for a player (it challenges
        # exactly the invalid ones): no new games in a hall, only its own pages
        return page(
            request,
            "web/lobby.html",
            closed=True,
            tournament=request.app.state.tournament is not None,
            belgijka=request.app.state.belgijka is not None,
            levels=[],
            presets=(),
        )
    levels = [(key, t.gettext(text)) for key, text in LEVELS.items()]
    hub = _hub(request)
    return page(
        request,
        "web/lobby.html",
        closed=False,
        levels=levels,
        presets=presets(hub),
        **await live_part(request),
    )


def presets(hub: Hub) -> tuple[str, ...]:
    """The rules presets the app's word list can judge (WESPA needs English words)."""
    from plansza.services.play import judged_presets

    return judged_presets(hub.words, PRESETS)


async def _form(request: Request) -> dict[str, str] | None:
    """The posted form, if its CSRF token is the session's (``None``: refused)."""
    from plansza.server.security import form_token_ok

    form = await small_form(request, MAX_FORM)
    if form is None or not form_token_ok(request, form):
        return None
    return form


@dataclass(frozen=True)
class GameChoices:
    """The lobby form's choices for a new game, checked."""

    opponent: str
    rules: str
    name: str
    minutes: int
    days: int
    players: int
    rated: bool


def _number(text: str, default: int) -> int:
    """A form's whole number (``-1``: not one)."""
    text = text.strip() or str(default)
    return int(text) if text.isdigit() else -1


def _choices(request: Request, form: dict[str, str], t: Translator) -> GameChoices | Response:
    """The lobby form's choices, or the error page naming the wrong one."""
    opponent = form.get("opponent", "static")
    rules = form.get("rules", "pfs")
    try:
        name = display_name(form.get("name", ""))
    except LiveError:
        name = t.gettext("Player")
    minutes = _number(form.get("minutes", ""), 15)
    days = _number(form.get("days", ""), 0)
    players = _number(form.get("players", ""), 2)
    rated = form.get("rated", "") == "1"
    refusal: tuple[int, str] | None = None
    if opponent not in ("person", "seek") and opponent not in LEVELS:
        refusal = 400, t.gettext("Choose an opponent from the list.")
    elif rules not in presets(_hub(request)):
        refusal = 400, t.gettext("Choose rules from the list.")
    elif not 0 <= minutes <= 180:
        refusal = 400, t.gettext("Clock minutes from 0 to 180.")
    elif not 0 <= days <= DAYS_MAX:
        refusal = 400, t.gettext("Days a move from 0 to %(n)d.") % {"n": DAYS_MAX}
    elif days and opponent not in ("person", "seek"):
        refusal = 400, t.gettext("A game by correspondence is played with a person.")
    elif players not in (2, 3, 4):
        refusal = 400, t.gettext("A game is for 2, 3 or 4 players.")
    elif players > 2 and (opponent != "person" or rules != "home" or days or rated):
        refusal = (
            400,
            t.gettext(
                "A game of three or four is played by invitations, at home rules, "
                "not rated and not by correspondence."
            ),
        )
    elif rated and accounts.current(request) is None:
        refusal = 403, t.gettext("Log in to play a rated game.")
    elif rated and pool_of(rules, 0 if days else minutes, days) is None:
        refusal = 400, t.gettext("A rated game needs a clock.")
    if refusal is not None:
        return _error_page(request, *refusal)
    # days a move replace the game's clock
    return GameChoices(opponent, rules, name, 0 if days else minutes, days, players, rated)


async def new_game(request: Request) -> Response:
    t = translator_of(request)
    form = await _form(request)
    if form is None:
        return _error_page(request, 403, t.gettext("The form has expired: open the page again."))
    chosen = _choices(request, form, t)
    if isinstance(chosen, Response):
        return chosen
    opponent, rules, name = chosen.opponent, chosen.rules, chosen.name
    minutes, days, players, rated = chosen.minutes, chosen.days, chosen.players, chosen.rated
    token = secrets.token_urlsafe(18)
    code = secrets.token_urlsafe(12) if opponent == "person" and players == 2 else ""
    # a game of three or four: one invitation a seat, each seating one person once
    codes = [secrets.token_urlsafe(12) for _ in range(players - 1)] if players > 2 else []
    seats: tuple[str, ...]
    names: tuple[str, ...]
    if opponent in ("person", "seek"):
        # the other seats are open: whoever takes one names themselves then
        seats, names = ("person",) * players, (name, *[t.gettext("Guest")] * (players - 1))
    else:
        seats, names = ("person", opponent), (name, t.gettext("Computer"))
    try:
        live = await _hub(request).create(
            rules=rules,
            minutes=minutes,
            seats=seats,
            names=names,
            seed=new_seed(),
            starting=None,
            owners=(token_hash(token), *[""] * (players - 1)),
            invite=token_hash(code) if code else "",
            invites=("", *(token_hash(c) for c in codes)),
            waiting=opponent in ("person", "seek"),
            rated=rated,
            days=days,
        )
    except PlanszaError as e:
        return _error_page(request, 400, describe(e, t))
    await accounts.claim(request, live.id, 0)
    response = RedirectResponse(f"/g/{live.id}", status_code=303)
    _seat_cookie(request, response, live.id, token)
    if opponent == "person" and players > 2:
        request.session[f"invites:{live.id}"] = codes
    elif opponent == "person":
        request.session[f"invite:{live.id}"] = code
    elif opponent == "seek":  # open to anyone in the lobby until someone takes it
        me = accounts.current(request)
        pool = pool_of(rules, minutes, days)
        shown = await _rating_of(request, me[0], pool) if me and rated else None
        seek = Seek(live.id, name, rules, minutes, rated, shown, days)
        if live.hub.cluster is not None:
            await live.hub.cluster.add_seek(live.id, dataclasses.asdict(seek))
        else:
            live.hub.seeks[live.id] = seek
        live.hub.lobby.touch()
    return response


async def _rating_of(request: Request, account: int, pool: str | None) -> str:
    """``account``'s rating in ``pool`` as shown beside a name: ``1532`` (``1500?``
    while provisional; a newcomer's is provisional)."""
    from plansza.services.ratings import provisional

    store = _hub(request).store
    found = dict(await to_thread.run_sync(store.ratings.standings, account))
    standing = found.get(pool or "")
    if standing is None:
        return "1500?"
    mark = "?" if provisional(standing.games) else ""
    return f"{round(standing.rating.rating)}{mark}"


async def take_seek(request: Request) -> Response:
    """Take an open seek's second seat (a form in the lobby: CSRF-checked), under the
    name given there."""
    t = translator_of(request)
    form = await _form(request)
    if form is None:
        return _error_page(request, 403, t.gettext("The form has expired: open the page again."))
    hub, game_id = _hub(request), request.path_params["game_id"]
    live = await hub.get(game_id)
    open_seat = live is not None and live.table.open_seat() is not None
    if live is not None and open_seat and await accounts.seat(request, live) is not None:
        return RedirectResponse(f"/g/{game_id}", status_code=303)  # one's own: not both seats
    if hub.cluster is not None:
        found = await hub.cluster.take_seek(game_id)
        seek = Seek.of(found) if found else None
    else:
        seek = hub.seeks.pop(game_id, None)
    hub.lobby.touch()
    if seek is None or live is None:
        return _error_page(request, 404, t.gettext("This game has already found an opponent."))
    taken = await _take_seat(request, live, form.get("name", ""))
    if taken is None:
        return _error_page(request, 404, t.gettext("This game has already found an opponent."))
    return taken


def _seat_cookie(request: Request, response: Response, game_id: str, token: str) -> None:
    response.set_cookie(
        f"seat_{game_id}",
        token,
        max_age=3600 * 24 * 30,
        httponly=True,
        samesite="lax",
        secure=is_https(request),
    )


async def _take_seat(
    request: Request, live: LiveGame, name: str, seat: int | None = None
) -> Response | None:
    """The open seat of ``live`` taken by this visitor as ``name`` (a new secret
    token in their cookie; linked to their account, if any): the redirect to the
    game. ``None`` when someone was first (the seat is not open any more)."""
    t = translator_of(request)
    if seat is None:
        seat = live.table.open_seat()
    if seat is None or not live.table.seat_open(seat):
        return None
    me = accounts.current(request)
    if live.setup.rated:
        # a rated seat belongs to an account, and not to the other seat's
        if me is None:
            return _error_page(request, 403, t.gettext("This game is rated: log in to play it."))
        if await accounts.seat(request, live) is not None:
            return _error_page(request, 403, t.gettext("You cannot play yourself."))
    try:
        chosen = display_name(name or (me[1] if me else ""))
    except LiveError:
        chosen = t.gettext("Guest")
    token = secrets.token_urlsafe(18)
    try:
        await live.act(None, Join(seat, chosen, token_hash(token)))
    except LiveError as e:
        if e.code in ("seat_taken", "no_name"):
            return None
        raise
    except PlanszaError:  # over, or called off meanwhile
        return None
    await accounts.claim(request, live.id, seat)
    response = RedirectResponse(f"/g/{live.id}", status_code=303)
    _seat_cookie(request, response, live.id, token)
    return response


async def _live(request: Request | WebSocket) -> LiveGame | None:
    return await _hub(request).get(request.path_params["game_id"])


async def game_page(request: Request) -> HTMLResponse:
    t = translator_of(request)
    live = await _live(request)
    if live is None:
        return _error_page(request, 404, t.gettext("There is no such game."))
    seat = await accounts.seat(request, live)
    invite = None
    lang = language(request)

    def link(code: str) -> str:  # the link keeps the inviter's language
        url = f"{request.base_url}g/{live.id}/join/{code}"
        return url + ("" if lang == "pl" else f"?lang={lang}")

    code = request.session.get(f"invite:{live.id}") if seat == 0 else None
    if code and live.table.open_seat() is not None and not live.table.over:
        invite = link(code)
    elif code:
        del request.session[f"invite:{live.id}"]  # used, or the game is over: gone
    # a game of three or four: a link a seat, shown while its seat is open
    codes = request.session.get(f"invites:{live.id}") if seat == 0 else None
    invites = []
    if isinstance(codes, list):
        invites = [
            (i + 1, link(str(c))) for i, c in enumerate(codes) if live.table.seat_open(i + 1)
        ]
        if not invites:
            del request.session[f"invites:{live.id}"]
    view = live.table.view(seat, _hub(request).clock())
    tileset = live.table.game.rules.tileset
    return page(
        request,
        "web/game.html",
        game_id=live.id,
        seat=seat,
        invite=invite,
        invites=invites,
        used=request.query_params.get("zaproszenie") == "wykorzystane",
        view=msgspec.to_builtins(view),
        names=view.names,
        pool=pool_words(pool) if (pool := rated_pool(live)) else None,
        days=live.setup.days,
        premiums=premiums(),
        values={letter: tileset.value(letter) for letter in tileset.letters},
    )


def rated_pool(live: LiveGame) -> str | None:
    """The pool a game is rated in (``None``: a casual game)."""
    setup = live.setup
    return pool_of(setup.rules, setup.minutes, setup.days) if setup.rated else None


async def game_rating(request: Request) -> Response:
    """A finished rated game's ratings, each person's seat's before and after (JSON;
    empty while it goes on, for a casual game and for an aborted one). Ratings are
    public, as on a profile."""
    live = await _live(request)
    if live is None:
        return JSONResponse({}, status_code=404)
    found = await to_thread.run_sync(_hub(request).store.ratings.of_game, live.id)
    return JSONResponse({str(seat): list(change) for seat, change in sorted(found.items())})


def _invited_seat(live: LiveGame, code: str) -> int | None:
    """The seat an invitation's ``code`` is for (``None``: none of this game's): the
    open seat of a game of two, the seat its own link names in a game of three or
    four. Compared in constant time, each seat's in turn."""
    digest = token_hash(code)
    setup = live.setup
    if setup.invite and secrets.compare_digest(setup.invite, digest):
        return 1  # a game of two: its one open seat
    found = None
    for seat, invite in enumerate(setup.invites):
        if invite and secrets.compare_digest(invite, digest):
            found = seat
    return found


async def _invited(request: Request) -> tuple[LiveGame, int, Response | None]:
    """The game of an invitation link, the seat it is for and, where the link cannot
    seat this visitor, the answer instead: an error for a wrong link, the game
    (watched) for a used one, the game for one of its players."""
    t = translator_of(request)
    live = await _live(request)
    seat = None if live is None else _invited_seat(live, request.path_params["code"])
    if live is None or seat is None:
        raise _Refused(_error_page(request, 404, t.gettext("This invitation is not valid.")))
    if await accounts.seat(request, live) is not None:
        return (
            live,
            seat,
            RedirectResponse(_keeping_lang(request, f"/g/{live.id}"), status_code=303),
        )
    if not live.table.seat_open(seat):
        # used once: the link shows the game to whoever opens it again, as a spectator
        used = _keeping_lang(request, f"/g/{live.id}?zaproszenie=wykorzystane")
        return live, seat, RedirectResponse(used, status_code=303)
    return live, seat, None


def _keeping_lang(request: Request, url: str) -> str:
    """``url`` with the language the link asked for (``?lang=``), if it did."""
    lang = request.query_params.get("lang")
    if lang not in ("pl", "en"):
        return url
    return f"{url}{'&' if '?' in url else '?'}lang={lang}"


class _Refused(Exception):
    def __init__(self, response: Response) -> None:
        self.response = response


async def join(request: Request) -> Response:
    """An invitation: the form to take the open seat under a name (GET), taking it
    (POST). Opening the link takes nothing: a preview of the link by a messenger
    must not sit down in the game."""
    t = translator_of(request)
    try:
        live, seat, answer = await _invited(request)
    except _Refused as e:
        return e.response
    if answer is not None:
        return answer
    if request.method == "POST":
        form = await _form(request)
        if form is None:
            return _error_page(
                request, 403, t.gettext("The form has expired: open the page again.")
            )
        taken = await _take_seat(request, live, form.get("name", ""), seat)
        if taken is not None:
            return taken
        used = _keeping_lang(request, f"/g/{live.id}?zaproszenie=wykorzystane")
        return RedirectResponse(used, status_code=303)
    me = accounts.current(request)
    return page(
        request,
        "web/join.html",
        game_id=live.id,
        host=live.table.game.names[0],
        rules=live.setup.rules,
        minutes=live.setup.minutes,
        days=live.setup.days,
        nick=me[1] if me else "",
        rated=live.setup.rated,
        players=len(live.setup.seats),
        action=request.url.path,
    )


async def rematch(request: Request) -> Response:
    """The rematch of a game, opened from it: the visitor's seat cookie carried over
    to the new game (its seats are the same people's), then the new game."""
    t = translator_of(request)
    live = await _live(request)
    new_id = live.table.rematch.game if live is not None else ""
    if live is None or not new_id:
        return _error_page(request, 404, t.gettext("There is no such game."))
    response = RedirectResponse(f"/g/{new_id}", status_code=303)
    token = request.cookies.get(f"seat_{live.id}")
    if token and live.seat_of(token) is not None:
        _seat_cookie(request, response, new_id, token)
    return response


async def record(request: Request) -> Response:
    """The game's GCG record: anyone's once it is over; while it goes on only its
    players', each with their own racks only."""
    t = translator_of(request)
    live = await _live(request)
    if live is None:
        return PlainTextResponse(t.gettext("There is no such game."), status_code=404)
    from plansza.services.play import gcg_text

    found = live.table.record(await accounts.seat(request, live))
    if found is None:
        return PlainTextResponse(
            t.gettext("The record is shown to the players only until the game is over."),
            status_code=403,
        )
    return Response(
        gcg_text(found),
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="plansza-{live.id}.gcg"'},
    )


async def game_socket(ws: WebSocket) -> None:
    """The game's live channel: steps and views out, the seat's actions in."""
    t = translator_of(ws)
    origin = ws.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != ws.headers.get("host"):
        # a page of another site opening this game's socket with the visitor's cookies
        await ws.close(code=1008)
        return
    try:
        live = await _live(ws)
    except LiveError as e:  # Redis away: the page retries the socket
        await ws.accept()
        await ws.send_json({"type": "error", "message": describe(e, t)})
        await ws.close(code=1013)  # try again later
        return
    await ws.accept()
    if live is None:
        await ws.send_json({"type": "error", "message": t.gettext("There is no such game.")})
        await ws.close()
        return
    seat = await accounts.seat(ws, live)
    try:
        last = int(ws.query_params.get("last", "0"))
    except ValueError:
        last = 0
    sub = live.subscribe(seat, last)
    sub.muted = await chat.muted_by(ws)
    await chat.history(live, sub, chat.readable(seat, live.table.over))
    lobby = live.hub.lobby
    here = lobby.enter(accounts.current(ws))  # online while a game is open
    if seat is None:
        lobby.watch(live.id, 1)

    async def sender() -> None:
        while True:
            await ws.send_text(await sub.queue.get())

    import asyncio

    task = asyncio.create_task(sender())
    try:
        while True:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            if text is None:  # a binary frame: not what a game's page sends
                await ws.close(code=1003)  # unsupported data
                break
            reply = await _chat(ws, live, sub, seat, text, t)
            if reply is None:
                reply = await _message(live, seat, text, t)
            elif reply.get("type") == "done":
                continue
            if reply is not None:
                await ws.send_json(reply)
    except WebSocketDisconnect:
        pass
    finally:
        live.unsubscribe(sub)
        task.cancel()
        lobby.leave(here)
        if seat is None:
            lobby.watch(live.id, -1)


async def _chat(
    ws: WebSocket, live: LiveGame, sub: Any, seat: int | None, text: str, t: Translator
) -> dict[str, Any] | None:
    """A chat message (or a mute, a report) handled: the answer (``{"type": "done"}``:
    none to send); ``None`` when the client's message is not the chat's."""
    if len(text) > MAX_MESSAGE or '"chat' not in text:
        return None
    try:
        message = json.loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict):
        return None
    kind = message.get("kind")
    if kind == "chat":
        reply = await chat.say(ws, live, seat, str(message.get("text", "")), t)
        return reply if reply is not None else {"type": "done"}
    if kind == "chat_mute":
        return await chat.mute(ws, sub, str(message.get("author", "")), t)
    if kind == "chat_report":
        return await chat.report(ws, live, message.get("id"), t)
    return None


async def _message(
    live: LiveGame, seat: int | None, text: str, t: Translator
) -> dict[str, Any] | None:
    """A client's message handled: ``None`` when the step it made has been sent."""
    if len(text) > MAX_MESSAGE or len(text.encode()) > MAX_MESSAGE:
        return _refused("too_long", t.gettext("The message is too long."))
    try:
        message = json.loads(text)
    except ValueError:
        message = None
    if not isinstance(message, dict):
        return _refused("not_json", t.gettext("The message is not JSON."))
    if seat is None:
        return _refused("spectator", t.gettext("Spectators cannot play."))
    if message.get("kind") == "preview":
        return _preview(live, seat, str(message.get("text", "")), t)
    try:
        action = player_action(message)
    except LiveError:
        return _refused("bad_action", t.gettext("Unknown action."))
    if isinstance(action, MoveAction):
        action = MoveAction(action.text[:80])
    elif isinstance(action, Challenge):
        action = Challenge(tuple(w[:15] for w in action.words[:8]))
    elif isinstance(action, Rematch):
        if action.answer not in ("offer", "yes", "no"):
            return _refused("bad_action", t.gettext("Unknown action."))
        action = Rematch(action.answer)  # the new game's id is the server's to give
    try:
        await live.act(seat, action)
    except PlanszaError as e:
        return _refused(e.code, describe(e, t))
    return None


def _refused(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def _preview(live: LiveGame, seat: int, text: str, t: Translator) -> dict[str, Any]:
    """The score a play would make now (nothing changes): shown before it is sent."""
    g = live.table.game
    if g.to_move != seat or g.pending is not None or g.result is not None:
        return {"type": "preview", "text": text, "score": None}
    try:
        scored = g.score(text[:80])
    except PlanszaError as e:
        return {"type": "preview", "text": text, "score": None, "message": describe(e, t)}
    return {
        "type": "preview",
        "text": text,
        "score": scored.score,
        "words": list(scored.word_strings),
    }

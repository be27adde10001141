"""Accounts in the web app: sign up, log in, log out, "my games" (``/konto``…).

Guests play without an account (a seat is a secret token in a cookie). An account —
a nickname and a password, whose Argon2id hash only is stored — keeps the games its
seats played: a game made or an invitation opened while logged in is linked to the
account (table ``game_seats``), and the account takes that seat again from any
browser. The session is Starlette's signed cookie; it holds the account's id and
nickname, and the CSRF token every form carries, made anew at log-in and log-out.

Log-in is rate-limited per nickname (failed attempts) and per client address (every
attempt, and sign-ups, which cost a hash too): :class:`Accounts` holds the limiters,
``app.state.accounts`` (tests put cheaper ones there). Forms are read up to
:data:`MAX_FORM` bytes; a longer body is refused unread.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.websockets import WebSocket

from plansza.errors import N_
from plansza.server.live import LiveGame
from plansza.server.pages import csrf, page, small_form, translator_of
from plansza.server.pages import hub_of as _hub
from plansza.server.security import checked_form
from plansza.server.security import current as current
from plansza.server.security import referee as referee
from plansza.server.security import require_referee as require_referee
from plansza.server.security import role as role
from plansza.server.wording import describe
from plansza.services.accounts import (
    NICK_MAX,
    AccountError,
    Passwords,
    RateLimiter,
    nickname,
    nickname_key,
    password,
)
from plansza.services.live import LiveError

if TYPE_CHECKING:
    from plansza.server.limits import Limiter

#: The longest account form read (a nickname and two passwords fit in 1 KB).
MAX_FORM = 8192
#: The rules presets' names, for the list of games: the lobby's message ids
#: (templates/web/lobby.html), translated at run time.
RULES = {
    "pfs": "PFS (tournament rules)",
    "home": "home rules",
    "school": "school",
    "wespa": "English (WESPA)",
}


class Accounts:
    """The app's password hasher and log-in limiters.

    Per nickname: ``per_nickname`` failed log-ins in ``window`` seconds; per client
    address: ``per_address`` attempts (log-ins and sign-ups) in ``window`` seconds.
    """

    def __init__(
        self,
        clock: Any = time.time,
        *,
        per_nickname: int = 5,
        per_address: int = 30,
        window: float = 15 * 60.0,
        cheap: bool = False,
    ) -> None:
        self.passwords = Passwords(cheap=cheap)
        self.by_nickname: Limiter = RateLimiter(per_nickname, window, clock)
        self.by_address: Limiter = RateLimiter(per_address, window, clock)
        self.clock = clock


def routes() -> list[Route]:
    """The account pages, to add to the app's routes."""
    return [
        Route("/konto", account_page),
        Route("/konto/logowanie", log_in, methods=["GET", "POST"]),
        Route("/konto/rejestracja", sign_up, methods=["GET", "POST"]),
        Route("/konto/wyloguj", log_out, methods=["POST"]),
        Route("/konto/pfs", pfs_name, methods=["POST"]),
    ]


# ---- the session's account, a game's seat -----------------------------------------


async def seat(conn: Request | WebSocket, live: LiveGame) -> int | None:
    """The seat this connection plays: by the seat's cookie, else by the logged-in
    account the seat is linked to; ``None``: a spectator."""
    found = live.seat_of(conn.cookies.get(f"seat_{live.id}"))
    me = current(conn)
    if found is not None or me is None:
        return found
    store = _hub(conn).store
    return await to_thread.run_sync(store.seats.of_account, live.id, me[0])


async def claim(conn: Request | WebSocket, game_id: str, seat_no: int) -> None:
    """Link the game's seat to the logged-in account (a guest: nothing), unless the
    seat is someone's already or the account plays the game's other seat."""
    me = current(conn)
    if me is None:
        return
    store = _hub(conn).store

    def link() -> None:
        if store.seats.of_account(game_id, me[0]) is None:
            store.seats.claim(game_id, seat_no, me[0])

    await to_thread.run_sync(link)


# ---- helpers ------------------------------------------------------------------------


def _accounts(request: Request) -> Accounts:
    state = request.app.state
    if getattr(state, "accounts", None) is None:
        clock = _hub(request).clock
        made = Accounts(clock)
        if getattr(state, "redis_url", None) is not None:
            # several processes: a guesser spreading tries over them is counted once
            from plansza.server.limits import limiter

            nick, address = made.by_nickname, made.by_address
            made.by_nickname = limiter(state, "log_in_nick", nick.limit, nick.window, clock)
            made.by_address = limiter(state, "log_in_address", address.limit, address.window, clock)
        state.accounts = made
    accounts: Accounts = state.accounts
    return accounts


def _form_page(
    request: Request, kind: str, status: int = 200, error: str | None = None, nick: str = ""
) -> HTMLResponse:
    return page(
        request,
        "web/account_form.html",
        status=status,
        kind=kind,
        error=error,
        nick=nick,
        nick_max=NICK_MAX,
    )


async def _form(request: Request) -> dict[str, str] | None:
    """The posted fields; ``None`` when the body is over :data:`MAX_FORM`."""
    return await small_form(request, MAX_FORM)


async def _checked_form(request: Request) -> dict[str, str] | Response:
    """The form, or the page refusing it: too long (413) or without its CSRF token (403)."""
    return await checked_form(request, MAX_FORM)


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


def _too_many(request: Request, kind: str, wait: float, nick: str) -> HTMLResponse:
    t = translator_of(request)
    minutes = max(1, math.ceil(wait / 60))
    message = t.ngettext(
        "Too many attempts: try again in {n} minute.",
        "Too many attempts: try again in {n} minutes.",
        minutes,
    ).format(n=minutes)
    response = _form_page(request, kind, status=429, error=message, nick=nick)
    response.headers["Retry-After"] = str(math.ceil(wait))
    return response


async def _logged_in(request: Request, uid: int, nick: str) -> RedirectResponse:
    request.session["uid"] = uid
    request.session["nick"] = nick
    csrf(request, new=True)  # a token seen before log-in is no good after it
    await referee(request)  # the nav's mark
    await _adopt_guest_games(request)
    return RedirectResponse("/konto", status_code=303)


async def _adopt_guest_games(request: Request) -> None:
    """The games this browser played as a guest (its seat cookies) join the account
    just logged in to, so that they are kept under "Your games" too."""
    hub = _hub(request)
    for name, token in request.cookies.items():
        if not name.startswith("seat_"):
            continue
        try:
            live = await hub.get(name[len("seat_") :])
        except LiveError:  # Redis away: kept for the next log-in
            continue
        seat_no = None if live is None else live.seat_of(token)
        if live is not None and seat_no is not None:
            await claim(request, live.id, seat_no)


# ---- the pages ------------------------------------------------------------------------


async def account_page(request: Request) -> Response:
    """The logged-in account's games, live and finished (a guest: the log-in page)."""
    me = current(request)
    if me is None:
        return RedirectResponse("/konto/logowanie", status_code=303)
    t = translator_of(request)
    store = _hub(request).store
    rows = await to_thread.run_sync(store.seats.games_of, me[0])
    games: list[dict[str, Any]] = []
    seen: set[str] = set()
    for game_id, seat_no, created, setup, over in rows:
        if game_id in seen:
            continue
        seen.add(game_id)
        names = setup.get("names", ["", ""])
        turn, left = None, None
        if not over:  # whose turn: the game as it stands (loaded if not here yet)
            live = await _hub(request).get(game_id)
            if live is not None and not live.table.over:
                table = live.table
                actor = table.actor()
                turn = "waiting" if not table.started else "mine" if actor == seat_no else "theirs"
                if table.setup.days and actor is not None:
                    now = _hub(request).clock()
                    left = max(0.0, table.days_end - now)
        games.append(
            {
                "id": game_id,
                "opponent": ", ".join(str(n) for i, n in enumerate(names) if i != seat_no),
                "rules": t.gettext(RULES.get(setup.get("rules", ""), setup.get("rules", ""))),
                "minutes": setup.get("minutes", 0),
                "days": setup.get("days", 0),
                "started": time.strftime("%Y-%m-%d %H:%M", time.localtime(created)),
                "over": over,
                "turn": turn,
                "left_days": None if left is None else int(left // 86400),
                "left_hours": None if left is None else int(left % 86400 // 3600),
            }
        )
    mine = sum(1 for g in games if g["turn"] == "mine")
    pfs = await to_thread.run_sync(_hub(request).store.users.pfs_names, [me[0]])
    return page(
        request, "web/account.html", games=games, nick=me[1], mine=mine, pfs=pfs.get(me[0], "")
    )


async def pfs_name(request: Request) -> Response:
    """The logged-in account's name on the PFS ranking list, as it says (its
    profile's estimate reads it; empty: none)."""
    from plansza.services.ratings import pfs_name as normalised

    me = current(request)
    if me is None:
        return RedirectResponse("/konto/logowanie", status_code=303)
    form = await _checked_form(request)
    if isinstance(form, Response):
        return form
    name = normalised(form.get("pfs", ""))
    await to_thread.run_sync(_hub(request).store.users.set_pfs_name, me[0], name)
    return RedirectResponse("/konto", status_code=303)


async def log_in(request: Request) -> Response:
    if request.method == "GET":
        return _form_page(request, "login")
    form = await _checked_form(request)
    if isinstance(form, Response):
        return form
    t = translator_of(request)
    accounts = _accounts(request)
    typed = form.get("nickname", "").strip()[: NICK_MAX * 2]
    key, address = nickname_key(typed), _address(request)
    wait = max(accounts.by_address.wait(address), accounts.by_nickname.wait(key))
    if wait > 0:
        return _too_many(request, "login", wait, typed)
    accounts.by_address.hit(address)
    store = _hub(request).store
    user = await to_thread.run_sync(store.users.get, key)
    secret = form.get("password", "")[:1024]
    ok = await to_thread.run_sync(accounts.passwords.check, user[2] if user else None, secret)
    if not ok or user is None:
        accounts.by_nickname.hit(key)
        return _form_page(
            request,
            "login",
            status=401,
            error=t.gettext("Wrong nickname or password."),
            nick=typed,
        )
    accounts.by_nickname.reset(key)
    uid, nick, stored = user
    if accounts.passwords.stale(stored):
        fresh = await to_thread.run_sync(accounts.passwords.hash, secret)
        await to_thread.run_sync(store.users.set_password_hash, uid, fresh)
    return await _logged_in(request, uid, nick)


async def sign_up(request: Request) -> Response:
    if request.method == "GET":
        return _form_page(request, "signup")
    form = await _checked_form(request)
    if isinstance(form, Response):
        return form
    t = translator_of(request)
    accounts = _accounts(request)
    typed = form.get("nickname", "").strip()[: NICK_MAX * 2]
    address = _address(request)
    wait = accounts.by_address.wait(address)
    if wait > 0:
        return _too_many(request, "signup", wait, typed)
    accounts.by_address.hit(address)
    try:
        nick = nickname(typed)
        secret = password(form.get("password", ""))
        if form.get("password2", "") != secret:
            raise AccountError(N_("the two passwords differ"), code="password_mismatch")
    except AccountError as e:
        return _form_page(request, "signup", status=400, error=describe(e, t), nick=typed)
    hashed = await to_thread.run_sync(accounts.passwords.hash, secret)
    store = _hub(request).store
    now = accounts.clock()
    uid = await to_thread.run_sync(
        lambda: store.users.create(nick, nickname_key(nick), hashed, now)
    )
    if uid is None:
        error = AccountError(N_("the nickname {nick} is taken"), code="nickname_taken", nick=nick)
        return _form_page(request, "signup", status=400, error=describe(error, t), nick=typed)
    return await _logged_in(request, uid, nick)


async def log_out(request: Request) -> Response:
    form = await _checked_form(request)
    if isinstance(form, Response):
        return form
    request.session.pop("uid", None)
    request.session.pop("nick", None)
    request.session.pop("referee", None)
    csrf(request, new=True)
    return RedirectResponse("/", status_code=303)

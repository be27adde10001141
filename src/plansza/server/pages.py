"""What every page of the web app shares: the visitor's language, the form token, the
page itself (a template in that language, with the account and the token)."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl

from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.websockets import WebSocket

from plansza.i18n import Translator, translator
from plansza.templates import render

if TYPE_CHECKING:
    from plansza.errors import PlanszaError
    from plansza.server.limits import Limiter
    from plansza.server.live import Hub

LANGUAGES = ("pl", "en")


def language(conn: Request | WebSocket) -> str:
    """The visitor's language: ``?lang=``, else the cookie, else Polish."""
    asked = conn.query_params.get("lang") or conn.cookies.get("lang") or "pl"
    return asked if asked in LANGUAGES else "pl"


def translator_of(conn: Request | WebSocket) -> Translator:
    """The translator of the visitor's language."""
    return translator(language(conn))


def csrf(request: Request, *, new: bool = False) -> str:
    """The session's form token (``new``: made anew, e.g. at log-in)."""
    token = request.session.get("csrf")
    if new or not token:
        token = secrets.token_urlsafe(16)
        request.session["csrf"] = token
    return str(token)


def render_part(request: Request, name: str, **context: Any) -> str:
    """The template ``name`` rendered for this request: in the visitor's language, with
    the form token, the path, the logged-in nickname and whether it is a referee's (as
    last checked: for the nav only). A whole page, or a part a stream sends."""
    lang = language(request)
    nick = request.session.get("nick")
    return render(
        name,
        translator(lang),
        csrf=csrf(request),
        # the page's own links (its languages) go to this path: one leading slash,
        # so that a path like //elsewhere.example (a page not found) is never a
        # link to another site
        path="/" + request.url.path.lstrip("/"),
        account=nick if isinstance(nick, str) else None,
        account_referee=isinstance(nick, str) and request.session.get("referee") is True,
        ranking_served=getattr(request.app.state, "ranking", None) is not None,
        federation_served=getattr(request.app.state, "federation", None) is not None,
        # the nav's links to the word tools: not in a hall, but for its referees
        # (as last checked; the hall's middleware decides, server/hall.py)
        word_tools=not getattr(request.app.state, "hall_mode", False)
        or request.session.get("referee") is True,
        **context,
    )


def page(
    request: Request,
    name: str,
    status: int = 200,
    headers: dict[str, str] | None = None,
    **context: Any,
) -> HTMLResponse:
    """The template ``name`` in the visitor's language, with the form token, the path,
    the logged-in nickname and whether it is a referee's (as last checked: for the nav
    only); a language asked for is kept in a cookie."""
    response = HTMLResponse(
        render_part(request, name, **context), status_code=status, headers=headers
    )
    lang = language(request)
    if request.query_params.get("lang") in LANGUAGES:
        response.set_cookie(
            "lang", lang, max_age=3600 * 24 * 365, samesite="lax", secure=is_https(request)
        )
    return response


async def small_form(request: Request, limit: int) -> dict[str, str] | None:
    """The posted form's fields; ``None`` when its body is over ``limit`` bytes (it is
    not read further: a 10 MB form costs nothing)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            return None
    return dict(parse_qsl(body.decode("utf-8", errors="replace"), keep_blank_values=True))


def hub_of(conn: Request | WebSocket) -> Hub:
    """The app's live games."""
    hub: Hub = conn.app.state.hub
    return hub


def premiums() -> list[str]:
    """The board's premium squares, a row a string: W/w word ×3/×2, L/l letter ×3/×2."""
    from plansza.services.play import premium_rows

    return premium_rows()


def client_address(request: Request) -> str:
    """The visitor's address (what a limit of wrong tries counts by)."""
    return request.client.host if request.client else "?"


def error_page(request: Request, status: int, message: str) -> HTMLResponse:
    """The error page with ``message`` and ``status``."""
    return page(request, "web/error.html", status=status, message=message)


def sentence(error: PlanszaError, t: Translator) -> str:
    """An error's message as a sentence on a page: with a capital letter."""
    from plansza.server.wording import describe

    text = describe(error, t)
    return text[:1].upper() + text[1:]


def code_limiter(request: Request, name: str, limit: int, window: float) -> Limiter:
    """The app's limiter of wrong codes called ``name`` (made on first use): the table
    codes, the Belgijka players' codes — shared by the processes through Redis when the
    app has it (:func:`plansza.server.security.limiter`)."""
    from plansza.server.limits import limiter

    return limiter(request.app.state, name, limit, window, hub_of(request).clock)


#: The query parameter naming what an action said, for the page its redirect opens.
SAID = "powiedziano"
#: How many actions' messages are kept for their pages.
SAID_KEPT = 64


def keep_said(request: Request, said: list[str]) -> str:
    """Keep an action's message for the page its redirect opens (``?powiedziano=KEY``);
    the key. Kept in the server, not the session: the session is a cookie, and another
    request answered meanwhile (a live page's refresh in another tab) would write the
    session back without it."""
    kept: dict[str, list[str]] = request.app.state.__dict__.setdefault("said", {})
    key = secrets.token_urlsafe(9)
    kept[key] = said
    while len(kept) > SAID_KEPT:
        kept.pop(next(iter(kept)))
    return key


def said_of(request: Request) -> list[str] | None:
    """The message of the action whose redirect opened this page (once)."""
    kept: dict[str, list[str]] = request.app.state.__dict__.setdefault("said", {})
    return kept.pop(request.query_params.get(SAID, ""), None)


def said_url(url: str, request: Request, said: list[str]) -> str:
    """``url`` with the key of ``said`` kept for it (:func:`keep_said`)."""
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}{SAID}={keep_said(request, said)}"


def is_https(conn: Request | WebSocket) -> bool:
    """Whether the visitor came over HTTPS: directly, or through a proxy that says so
    (``X-Forwarded-Proto``; a client lying about it only makes its own cookies
    ``Secure``, which its plain connection then never gets back)."""
    if conn.url.scheme in ("https", "wss"):
        return True
    return conn.headers.get("x-forwarded-proto", "").split(",")[0].strip() == "https"

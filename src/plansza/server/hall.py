"""Hall mode: a server run for a tournament or a Belgijka hall closes the word tools.

During a tournament round or a Belgijka move a player must not look words up (TR 4.7,
003 I.9): at the table the dictionary is opened only for a challenge, at the hall's
word-check station. A server started with ``--tournament`` or ``--belgijka`` is in
*hall mode*: every page that could answer "is this a word?" or "what can I play?" —
the word check and anagrams (``/slowa``), the analysis (``/analiza``, a game's
analysis), and a new game against the computer or anyone (the computer challenges
exactly the invalid words: an oracle too) — is closed to everyone but the referees
(and assistant referees, RS §6.5), and no page links to them. The word-check station
(``/sprawdzanie``) answers only a referee or the device a referee made the station
(a cookie holding the hall's station secret); it gives its one joint verdict, as
ever (TR 4.7.11). ``plansza serve --word-tools`` keeps them open (a club night).

>>> bool(CLOSED.match("/slowa")), bool(CLOSED.match("/g/abc/analysis"))
(True, True)
>>> bool(CLOSED.match("/turniej")), bool(CLOSED.match("/g/abc"))
(False, False)
"""

from __future__ import annotations

import re
import secrets
from typing import Any

from anyio import to_thread
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from plansza.server.pages import hub_of

#: The paths hall mode closes (with their English aliases): the study pages, a game's
#: analysis, making a game (the lobby's form, taking a seek).
CLOSED = re.compile(
    r"^/(slowa|words|analiza|analysis)(/.*)?$|^/g/[^/]+/analysis$|^/games$|^/seeks/"
)
#: The cookie that makes a device the hall's word-check station.
STATION_COOKIE = "stanowisko"
#: The roles that may use the word tools in a hall.
REFEREES = ("referee", "assistant")


def in_hall(conn: Request) -> bool:
    """Whether the app runs a hall with its word tools closed."""
    return bool(getattr(conn.app.state, "hall_mode", False))


async def is_referee(request: Request) -> bool:
    """Whether the logged-in account is a referee or an assistant referee (asked of
    the database each time: a role taken away is gone at the next request)."""
    from plansza.server.accounts import role

    return await role(request) in REFEREES


async def station_secret(request: Request) -> str:
    """The hall's station secret (made once, kept in the server's database)."""
    store = hub_of(request).store
    return await to_thread.run_sync(store.tables.secret, "word-check-station")


async def is_station(request: Request) -> bool:
    """Whether this device is the hall's word-check station (a referee made it one)."""
    cookie = request.cookies.get(STATION_COOKIE, "")
    return bool(cookie) and secrets.compare_digest(cookie, await station_secret(request))


async def may_check_words(request: Request) -> bool:
    """Whether this visitor may use the word tools now: always outside a hall; in a
    hall a referee, or (for the station's page) the station device."""
    return not in_hall(request) or await is_referee(request)


class HallMode:
    """The middleware that closes :data:`CLOSED` in a hall to all but the referees:
    403 and a page saying why, in the visitor's language."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not CLOSED.match(scope["path"]):
            await self.app(scope, receive, send)
            return
        request = Request(scope, receive)
        if await may_check_words(request):
            await self.app(scope, receive, send)
            return
        response = closed_page(request)
        await response(scope, receive, send)


def closed_page(request: Request) -> Any:
    """The page a player gets for a word tool in a hall (403)."""
    from plansza.server.pages import page, translator_of

    t = translator_of(request)
    message = t.gettext(
        "The word tools are closed during the tournament: words are checked only at "
        "the word-check station, after a challenge (TR 4.7)."
    )
    return page(request, "web/error.html", status=403, message=message)


__all__ = [
    "CLOSED",
    "REFEREES",
    "STATION_COOKIE",
    "HallMode",
    "closed_page",
    "in_hall",
    "is_referee",
    "is_station",
    "may_check_words",
    "station_secret",
]

"""Who may do what on the web, in one place: who is logged in and in which role, the
form token every POST carries (CSRF), the pages only referees open.

Every form a page shows carries the session's token (:func:`plansza.server.pages.csrf`);
a POST whose token is not the session's is refused (:func:`form_token_ok`,
:func:`checked_form`). A referee's page is an endpoint wrapped in
:func:`referee_required`. The limits on guessing, shared by the processes through
Redis, are :mod:`plansza.server.limits`.

>>> from starlette.requests import Request
>>> scope = {"type": "http", "session": {"csrf": "abc"}}
>>> request = Request(scope)
>>> form_token_ok(request, {"csrf": "abc"}), form_token_ok(request, {"csrf": "x"})
(True, False)
>>> form_token_ok(Request({"type": "http", "session": {}}), {"csrf": ""})
False
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Awaitable, Callable, Mapping
from typing import overload

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import Response
from starlette.websockets import WebSocket

from plansza.server.pages import hub_of, page, small_form, translator_of

Endpoint = Callable[[Request], Awaitable[Response]]


def form_token_ok(request: Request, form: Mapping[str, object]) -> bool:
    """Whether the posted form carries the session's token (a session without one has
    shown no form: nothing it posts is taken)."""
    expected = request.session.get("csrf")
    sent = form.get("csrf", "")
    return bool(expected) and secrets.compare_digest(str(sent), str(expected))


async def checked_form(
    request: Request, limit: int, refuse: Callable[[int, str], Response] | None = None
) -> dict[str, str] | Response:
    """The posted form's fields when the body fits in ``limit`` bytes and carries the
    session's token; else the page refusing it (413, 403) in the visitor's language —
    ``refuse(status, message)`` when the caller shows refusals its own way."""
    t = translator_of(request)

    def refused(status: int, message: str) -> Response:
        if refuse is not None:
            return refuse(status, message)
        return page(request, "web/error.html", status=status, message=message)

    form = await small_form(request, limit)
    if form is None:
        return refused(413, t.gettext("The form is too long."))
    if not form_token_ok(request, form):
        return refused(403, t.gettext("The form has expired: open the page again."))
    return form


# ---- who is who -------------------------------------------------------------------


def current(conn: Request | WebSocket) -> tuple[int, str] | None:
    """The logged-in account of this connection: its id and nickname (``None``: a guest)."""
    uid, nick = conn.session.get("uid"), conn.session.get("nick")
    if isinstance(uid, int) and isinstance(nick, str):
        return uid, nick
    return None


async def referee(request: Request) -> bool:
    """Whether the logged-in account is a referee — asked of the database each time, so a
    role revoked (``plansza konto sedzia NICK --odbierz``) is gone at the next request.
    The session keeps the answer only for the nav's "referee" mark."""
    me = current(request)
    if me is None:
        return False
    yes = await to_thread.run_sync(hub_of(request).store.users.is_referee, me[0])
    request.session["referee"] = yes
    return yes


async def role(request: Request) -> str | None:
    """The logged-in account's role: ``referee``, ``assistant`` (RS §6.5) or ``None``."""
    me = current(request)
    if me is None:
        return None
    found = await to_thread.run_sync(hub_of(request).store.users.role, me[0])
    request.session["referee"] = found == "referee"
    return found


async def require_referee(request: Request, *, assistant: bool = False) -> Response | None:
    """``None`` for a referee (and, with ``assistant``, an assistant referee, RS §6.5);
    for anyone else the page refusing them (403), in their language: a guest is asked
    to log in, another account told the page is not theirs."""
    if assistant:
        if await role(request) in ("referee", "assistant"):
            return None
    elif await referee(request):
        return None
    t = translator_of(request)
    if current(request) is None:
        message = t.gettext("This page is for referees: log in with a referee's account.")
    else:
        message = t.gettext(
            "This page is for referees only; the server's administrator grants the role "
            "(plansza account referee NICK)."
        )
    return page(request, "web/error.html", status=403, message=message)



@overload
def referee_required(endpoint: Endpoint) -> Endpoint: ...


@overload
def referee_required(*, assistant: bool = False) -> Callable[[Endpoint], Endpoint]: ...


def referee_required(
    endpoint: Endpoint | None = None, *, assistant: bool = False
) -> Endpoint | Callable[[Endpoint], Endpoint]:
    """An endpoint only a referee opens (with ``assistant``, an assistant referee too,
    RS §6.5); anyone else gets the page refusing them (403) and the endpoint never
    runs. Use as ``@referee_required`` or ``@referee_required(assistant=True)``."""

    def wrap(inner: Endpoint) -> Endpoint:
        @functools.wraps(inner)
        async def guarded(request: Request) -> Response:
            refused = await require_referee(request, assistant=assistant)
            if refused is not None:
                return refused
            return await inner(request)

        return guarded

    return wrap if endpoint is None else wrap(endpoint)

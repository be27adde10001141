"""The hall's side of the federation's server in the referee's console: send the
closed tournament (queued, retried while the network is down), import the sign-ups
with their rankings. ``plansza serve --tournament FILE --send-to URL --key-file KEY``.

Only the head referee does either (RS §6: sending the tournament is their duty); the
key never leaves the server, and the page shows only where the sending stands.
"""

from __future__ import annotations

import asyncio
import contextlib
from datetime import UTC, datetime
from typing import Any

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from plansza.errors import PlanszaError
from plansza.server.pages import page, said_url, translator_of
from plansza.server.security import checked_form, current, referee_required, role
from plansza.server.wording import describe
from plansza.services.sending import Sender, Status

#: How often the queue is looked at, in seconds.
TICK = 1.0
#: The longest form read, in bytes.
FORM_LIMIT = 2048


def routes() -> list[Route]:
    """The console's sending routes."""
    return [
        Route("/sedzia/federacja/wyslij", send, methods=["POST"]),
        Route("/sedzia/federacja/zgloszenia", entrants, methods=["POST"]),
    ]


def sender_of(request: Request) -> Sender | None:
    """The hall's sender (``None``: the hall sends nothing)."""
    found: Sender | None = getattr(request.app.state, "sender", None)
    return found


async def run(sender: Sender) -> None:
    """The queue's loop for the server's life: one try whenever one is due."""
    while True:
        with contextlib.suppress(Exception):  # a bad moment (a locked file): next tick
            await to_thread.run_sync(sender.attempt)
        await asyncio.sleep(TICK)


def view(sender: Sender | None, t: Any) -> dict[str, Any] | None:
    """The status as the console shows it (``None``: no sending configured)."""
    if sender is None:
        return None
    status: Status | None = sender.status()
    if status is None:
        return {"state": "none"}

    def when(seconds: float) -> str:
        if not seconds:
            return ""
        return datetime.fromtimestamp(seconds, UTC).astimezone().strftime("%Y-%m-%d %H:%M:%S")

    error = status.error
    if status.code == "unreachable":
        error = t.gettext("the federation cannot be reached ({reason})").format(reason=error)
    elif status.code == "not_closed":
        error = t.gettext("the tournament is not closed")
    return {
        "state": status.state,
        "attempts": status.attempts,
        "error": error,
        "next": when(status.next_at),
        "sent": when(status.sent_at),
        "version": status.version[:12],
        "new": status.new,
    }


async def _head_referee(request: Request) -> tuple[dict[str, str], Sender] | Response:
    """The posted form and the hall's sender, or the page refusing: not the head
    referee (403), a bad form, no sending configured (404)."""
    t = translator_of(request)
    if await role(request) != "referee":
        message = t.gettext("Only the head referee sends the tournament (RS §6).")
        return page(request, "web/error.html", status=403, message=message)
    form = await checked_form(request, FORM_LIMIT)
    if isinstance(form, Response):
        return form
    sender = sender_of(request)
    if sender is None:
        message = t.gettext("This hall sends nothing: start it with --send-to URL --key-file FILE.")
        return page(request, "web/error.html", status=404, message=message)
    return form, sender


@referee_required
async def send(request: Request) -> Response:
    """Queue the closed tournament for the federation, and try at once."""
    found = await _head_referee(request)
    if isinstance(found, Response):
        return found
    t = translator_of(request)
    sender = found[1]
    try:
        await to_thread.run_sync(sender.queue)
    except PlanszaError as e:
        return RedirectResponse(said_url("/sedzia", request, [describe(e, t)]), 303)
    status = await to_thread.run_sync(sender.attempt)
    said = [_said(status, t)]
    return RedirectResponse(said_url("/sedzia", request, said), status_code=303)


def _said(status: Status | None, t: Any) -> str:
    if status is not None and status.state == "sent":
        return str(t.gettext("Sent to the federation."))
    if status is not None and status.state == "refused":
        return str(t.gettext("The federation refused it: {reason}").format(reason=status.error))
    return str(
        t.gettext("Queued: the federation cannot be reached now; it is sent when it can be.")
    )


@referee_required
async def entrants(request: Request) -> Response:
    """The sign-ups for this tournament from the federation, imported as players with
    the rankings the federation computed (RR §2)."""
    found = await _head_referee(request)
    if isinstance(found, Response):
        return found
    t = translator_of(request)
    sender = found[1]
    me = current(request)
    try:
        count = await to_thread.run_sync(_import, sender, me[1] if me else "?", t)
    except PlanszaError as e:
        return RedirectResponse(said_url("/sedzia/gracze", request, [describe(e, t)]), 303)
    said = [t.gettext("Players imported: {count}").format(count=count)]
    return RedirectResponse(said_url("/sedzia/gracze", request, said), status_code=303)


def _import(sender: Sender, by: str, t: Any) -> int:
    from plansza.services.federation_server import tournament_id
    from plansza.services.sending import fetch_entrants
    from plansza.services.tournament import Referee, read_players_csv
    from plansza.services.tournament_file import opened

    with opened(sender.tournament) as file:
        state = file.state()
        s = state.settings
        first = s.dates[0] if s.dates else ""
        tid = tournament_id(s.name, first)
        records = read_players_csv(fetch_entrants(sender.base, tid), t.gettext("the sign-ups"))
        known = {p.name.casefold() for p in state.players.values()}
        fresh = [r for r in records if r["name"].casefold() not in known]
        if not fresh:
            return 0
        return Referee(file, _now, by=by).import_players(fresh)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")

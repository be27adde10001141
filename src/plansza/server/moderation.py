"""The chat moderator's desk (``/moderacja``): the reported messages, each with its
author, game and reporter; a moderator silences the author for a time (their messages
are refused until then, in every game) or dismisses the report. Only an account
with the moderator's role (``plansza konto moderator NICK``) sees it; every form
carries the session's CSRF token.
"""

from __future__ import annotations

import time

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from plansza.server.pages import hub_of as _hub
from plansza.server.pages import page, small_form, translator_of
from plansza.server.security import current, form_token_ok

#: The silences a moderator may give, in hours.
SILENCES = (1, 24, 24 * 7)


def routes() -> list[Route]:
    return [
        Route("/moderacja", desk),
        Route("/moderacja/{report:int}", decide, methods=["POST"]),
    ]


async def _moderator(request: Request) -> bool:
    me = current(request)
    if me is None:
        return False
    return bool(await to_thread.run_sync(_hub(request).store.users.is_moderator, me[0]))


def _refused(request: Request) -> Response:
    t = translator_of(request)
    return page(
        request, "web/error.html", status=403, message=t.gettext("Only a moderator may see this.")
    )


async def desk(request: Request) -> Response:
    if not await _moderator(request):
        return _refused(request)
    reports = await to_thread.run_sync(_hub(request).store.chat.reports)
    return page(
        request,
        "web/moderation.html",
        reports=[
            {
                "id": r.id,
                "at": time.strftime("%Y-%m-%d %H:%M", time.localtime(r.at)),
                "reporter": r.reporter,
                "line": r.line,
            }
            for r in reports
        ],
        silences=SILENCES,
        done=request.query_params.get("zrobione"),
    )


async def decide(request: Request) -> Response:
    """Silence the reported message's author for some hours, or dismiss the report."""
    if not await _moderator(request):
        return _refused(request)
    form = await small_form(request, 4096)
    if form is None or not form_token_ok(request, form):
        t = translator_of(request)
        return page(
            request,
            "web/error.html",
            status=403,
            message=t.gettext("The form has expired: open the page again."),
        )
    store = _hub(request).store
    line = await to_thread.run_sync(store.chat.handle, request.path_params["report"])
    if line is not None and line.account is not None and form.get("hours", "").isdigit():
        hours = int(form["hours"])
        if hours in SILENCES:
            until = _hub(request).clock() + hours * 3600
            await to_thread.run_sync(store.users.silence, line.account, until)
    return RedirectResponse("/moderacja?zrobione=1", status_code=303)

"""The federation's registry in the browser (``plansza serve --federation FILE``):
``/federacja`` — every referee's licence today, the lapses within 90 days — and
``/federacja/NAME.html`` — a referee's status and history. The same pages as
``plansza federacja report --html`` writes (services/federation_report.py), in the
visitor's language, read from the registry at each request; nothing is changed here:
the board keeps the registry with the command line.
"""

from __future__ import annotations

import re
from datetime import date

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from plansza.errors import PlanszaError
from plansza.server.pages import error_page, translator_of
from plansza.server.wording import describe


def routes() -> list[Route]:
    return [
        Route("/federacja", registry_page),
        Route("/federacja/{page}", referee_page),
    ]


def _report(path: str) -> object:
    from plansza.services.federation import Federation, open_registry
    from plansza.services.federation_report import registry_report

    board = Federation(open_registry(path), lambda: "")
    try:
        return registry_report(board, date.today())
    finally:
        board.close()


async def _read(request: Request) -> object | Response:
    path = getattr(request.app.state, "federation", None)
    t = translator_of(request)
    if path is None:
        message = t.gettext(
            "This server shows no registry: start it with plansza serve --federation FILE."
        )
        return error_page(request, 404, message)
    try:
        return await run_in_threadpool(_report, path)
    except PlanszaError as e:
        return error_page(request, 503, describe(e, t))


async def registry_page(request: Request) -> Response:
    from plansza.services.federation_report import RegistryReport, render_registry

    found = await _read(request)
    if not isinstance(found, RegistryReport):
        assert isinstance(found, Response)
        return found
    html = render_registry(found, translator_of(request))
    # the pages link each other relatively: the index's links need the folder's slash
    return HTMLResponse(html.replace('<a href="', '<a href="/federacja/'))


async def referee_page(request: Request) -> Response:
    from plansza.services.federation_report import (
        RegistryReport,
        render_candidate,
        render_referee,
    )

    name = request.path_params["page"]
    if not re.fullmatch(r"[a-z0-9-]+\.html", name):
        return error_page(request, 404, translator_of(request).gettext("No such page."))
    found = await _read(request)
    if not isinstance(found, RegistryReport):
        assert isinstance(found, Response)
        return found
    t = translator_of(request)
    line = next((x for x in found.referees if x.page == name), None)
    person = next((x for x in found.candidates if x.page == name), None)
    if line is not None:
        html = render_referee(found, line, t)
    elif person is not None:
        html = render_candidate(found, person, t)
    else:
        return error_page(request, 404, t.gettext("No such page."))
    return HTMLResponse(html.replace('href="index.html"', 'href="/federacja"'))

"""The page a phone shows while the server is away, in the phone's language.

A phone in a tournament hall that opens a page while the hall's network or the
referee's laptop is down would show the browser's own error, often in English. The
phone pages (a table's result, a Belgijka card, the code fields) register a service
worker (``/sw.js``) that keeps this page; when a page cannot be fetched, the worker
answers with it. The page says what happened and what was kept, and reloads by
itself when the server answers again.

Browsers run service workers only in a secure context: a site served over HTTPS, or
``localhost``. A laptop serving the hall over plain HTTP at its network address gets
no worker, and the phones keep only what ``send_or_keep.js`` keeps (see the
deployment guide).

>>> [route.path for route in routes()]
['/sw.js', '/bez-sieci']
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route

from plansza.server.pages import page

STATIC = Path(__file__).with_name("static")

#: Where the page is served and kept by the worker.
OFFLINE_PATH = "/bez-sieci"


def routes() -> list[Route]:
    """The worker (served at the root, so that it may answer for every page) and the
    page it keeps."""
    return [Route("/sw.js", worker), Route(OFFLINE_PATH, offline)]


async def worker(request: Request) -> Response:
    """The service worker's script; never cached, so a new release replaces it."""
    return FileResponse(
        STATIC / "offline_worker.js",
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )


async def offline(request: Request) -> Response:
    """The page the worker keeps (also viewable: it says the server does not answer)."""
    response = page(request, "web/offline.html")
    response.headers["Cache-Control"] = "no-cache"
    return response

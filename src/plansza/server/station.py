"""The word-check station (``/sprawdzanie``, ``/station``): the hall's checking computer.

TR 4.7.9–4.7.13: the challenged player types the words exactly as they stand on the
board, the challenger checks them, and the verdict is given once for the whole set —
the station says DOPUSZCZALNE or NIEDOPUSZCZALNE, never which word failed. The joint
check is :func:`plansza.services.study.check_words` (the word-study page's). After a
check the input is empty and focused again for the next pair of players; a mistyped
set may simply be checked again (TR 4.7.13).

Every check is logged in the server's database (table ``word_checks``: time, table,
words, verdict); the log (``/sprawdzanie/dziennik``, ``/station/log``) is a
referee's only (:func:`plansza.server.security.referee_required`); an assistant referee
enrols a station too. The station is the hall's own machine, so it has no rate
limit — but a form is read up to :data:`MAX_FORM` bytes,
the words up to :data:`MAX_TEXT` characters (and twenty words), the table number
from 1 to :data:`MAX_TABLE`. Every asset is the app's own: the hall may be offline.
"""

from __future__ import annotations

import time

from anyio import to_thread
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from plansza.server.hall import STATION_COOKIE, in_hall, is_referee, is_station, station_secret
from plansza.server.pages import hub_of as _hub
from plansza.server.pages import page, small_form, translator_of
from plansza.server.security import form_token_ok, referee_required
from plansza.server.wording import describe
from plansza.services.study import StudyError, WordVerdict, check_words

#: The longest station form read, in bytes (the words, the table, the token).
MAX_FORM = 4096
#: The longest words field, in characters (a play forms at most eight words).
MAX_TEXT = 400
#: The highest table number (a hall of 150 players has 75 tables).
MAX_TABLE = 999
#: The checks the log page shows, newest first.
LOG_SHOWN = 1000


def routes() -> list[Route]:
    """The station's routes, Polish paths first and their English aliases."""
    return [
        Route("/sprawdzanie", station, methods=["GET", "POST"]),
        Route("/station", station, methods=["GET", "POST"]),
        Route("/sprawdzanie/dziennik", log),
        Route("/station/log", log),
        Route("/sprawdzanie/stanowisko", enroll, methods=["POST"]),
    ]


def _station_page(
    request: Request,
    *,
    status: int = 200,
    verdict: WordVerdict | None = None,
    table: str = "",
    words_text: str = "",
    errors: list[str] | None = None,
    enroll: bool = False,
) -> HTMLResponse:
    return page(
        request,
        "web/station.html",
        status=status,
        verdict=verdict,
        table=table,
        words_text=words_text,
        errors=errors or [],
        max_text=MAX_TEXT,
        max_table=MAX_TABLE,
        enroll=enroll,
    )


async def _form(request: Request) -> dict[str, str] | None:
    """The posted fields; ``None`` when the body is over :data:`MAX_FORM`."""
    return await small_form(request, MAX_FORM)


async def station(request: Request) -> HTMLResponse:
    """The station: the form (GET); a set of words checked, logged and judged (POST).
    In a hall (:mod:`plansza.server.hall`) only for a referee or the station's device."""
    t = translator_of(request)
    enrolling = False
    if in_hall(request) and not await is_station(request):
        if not await is_referee(request):
            message = t.gettext(
                "This device is not the hall's word-check station: a referee makes one "
                "(logged in on it, with the button at the bottom of this page)."
            )
            return page(request, "web/error.html", status=403, message=message)
        enrolling = True
    if request.method == "GET":
        return _station_page(
            request, table=request.query_params.get("table", "")[:4], enroll=enrolling
        )
    form = await _form(request)
    if form is None:
        message = t.gettext("The form is too long.")
        return _station_page(request, status=413, errors=[message])
    table_text = form.get("table", "").strip()[:8]
    words_text = form.get("words", "")
    if not form_token_ok(request, form):
        message = t.gettext("The form has expired: open the page again.")
        return _station_page(
            request,
            status=403,
            errors=[message],
            table=table_text,
            words_text=words_text[:MAX_TEXT],
        )
    errors = []
    table = int(table_text) if table_text.isascii() and table_text.isdigit() else 0
    if not 1 <= table <= MAX_TABLE:
        errors.append(t.gettext("Table number: a whole number from 1 to {n}.").format(n=MAX_TABLE))
    verdict = None
    if len(words_text) > MAX_TEXT:
        errors.append(t.gettext("Words: at most {n} characters.").format(n=MAX_TEXT))
    else:
        try:
            verdict = check_words(words_text, _hub(request).words)
        except StudyError as e:
            errors.append(t.gettext("Words: {reason}.").format(reason=describe(e, t)))
    if errors or verdict is None:
        return _station_page(
            request, status=400, errors=errors, table=table_text, words_text=words_text[:MAX_TEXT]
        )
    hub = _hub(request)
    await to_thread.run_sync(
        hub.store.checks.add, hub.clock(), table, verdict.words, verdict.valid
    )
    # the verdict, and the input empty for the next players (the table kept: often the same)
    return _station_page(request, verdict=verdict, table=str(table))


@referee_required(assistant=True)
async def enroll(request: Request) -> Response:
    """Make this device the hall's word-check station (a referee, on the station's own
    computer; CSRF-checked): a cookie with the hall's station secret, kept three days,
    so the station goes on answering after the referee logs out."""
    t = translator_of(request)
    form = await _form(request)
    if form is None or not form_token_ok(request, form):
        message = t.gettext("The form has expired: open the page again.")
        return page(request, "web/error.html", status=403, message=message)
    response = RedirectResponse("/sprawdzanie", status_code=303)
    response.set_cookie(
        STATION_COOKIE,
        await station_secret(request),
        max_age=3 * 24 * 3600,
        httponly=True,
        samesite="lax",
    )
    return response


@referee_required
async def log(request: Request) -> Response:
    """Every check of the station, newest first — for a referee only."""
    hub = _hub(request)
    rows = await to_thread.run_sync(hub.store.checks.recent, LOG_SHOWN)
    checks = [
        (time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(at)), table, words, valid)
        for at, table, words, valid in rows
    ]
    return page(request, "web/station_log.html", checks=checks, shown=LOG_SHOWN)

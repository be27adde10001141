"""The study pages: the word check and anagrams (``/slowa``), a game analysed (``/analiza``).

Every form works without JavaScript (a plain GET or POST and a whole page back); with
htmx (vendored, ``/static/htmx.min.js``) the result is swapped in place. An htmx
request is answered 200 even for a refusal, so that htmx shows the message (it does
not swap an error status); a plain request gets the real status (400, 413, 429).

The word check is rate-limited per client address by a token bucket
(:class:`RateLimit`, ``app.state.word_check_limit``; :data:`WORD_CHECKS` a minute by
default): the word check is how a cheat would look words up during a game. An
analysis is made once at the ``static`` level, in a worker thread (the live games go
on meanwhile), and kept in a small in-memory cache (:data:`KEPT`) while it is
stepped through: ``/analiza/{key}?move=N``, ``/g/{id}/analysis?move=N``.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from plansza.errors import PlanszaError
from plansza.i18n import Translator
from plansza.server.live import Hub
from plansza.server.security import form_token_ok
from plansza.server.wording import describe
from plansza.services.study import (
    MAX_RECORD,
    RecordErrors,
    RecordStudy,
    StudyError,
    check_words,
    find_words,
    study_game,
    study_record,
)

#: Word checks a client may make a minute (a burst of as many, then one every 60/N s).
WORD_CHECKS = 30
#: Analyses kept for stepping through (the oldest is dropped first).
KEPT = 32
#: The rules presets an uploaded record may be read under (the app's lexicon is Polish).
RULES = ("pfs", "home", "school")


@dataclass(frozen=True)
class Site:
    """What the study pages take from the app (:mod:`plansza.server.app`), which
    imports this module: a page in the visitor's language, the form token, the
    visitor's translator and the board's premium squares."""

    page: Callable[..., HTMLResponse]
    csrf: Callable[[Request], str]
    translator: Callable[[Request], Translator]
    premiums: Callable[[], list[str]]


def routes(site: Site) -> list[Route]:
    """The study pages' routes, Polish paths first and their English aliases."""
    pages = StudyPages(site)
    return [
        Route("/slowa", pages.words_page),
        Route("/words", pages.words_page),
        Route("/analiza", pages.analysis_page, methods=["GET", "POST"]),
        Route("/analysis", pages.analysis_page, methods=["GET", "POST"]),
        Route("/analiza/{key}", pages.analysis_steps),
        Route("/analysis/{key}", pages.analysis_steps),
        Route("/g/{game_id}/analysis", pages.game_analysis),
    ]


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


class RateLimit:
    """A token bucket per key: ``capacity`` at once, refilled at ``capacity`` a ``period``.

    >>> now = [0.0]
    >>> limit = RateLimit(2, 60.0, lambda: now[0])
    >>> [limit.allow("a") for _ in range(3)], limit.allow("b")
    ([True, True, False], True)
    >>> now[0] = 30.0  # half a period: one token back
    >>> limit.allow("a"), limit.allow("a")
    (True, False)
    """

    #: Clients remembered before the full buckets are forgotten.
    MAX_KEYS = 10_000

    def __init__(self, capacity: int, period: float, clock: Callable[[], float]) -> None:
        self.capacity = capacity
        self.rate = capacity / period
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when)

    def allow(self, key: str) -> bool:
        """Take a token of ``key``'s bucket: False when it is empty."""
        now = self.clock()
        tokens, when = self.buckets.get(key, (float(self.capacity), now))
        tokens = min(float(self.capacity), tokens + (now - when) * self.rate)
        if len(self.buckets) >= self.MAX_KEYS and key not in self.buckets:
            self._forget(now)
        if tokens < 1.0:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - 1.0, now)
        return True

    def _forget(self, now: float) -> None:
        """Drop the buckets that have refilled (they are as good as new)."""
        for key, (tokens, when) in list(self.buckets.items()):
            if tokens + (now - when) * self.rate >= self.capacity:
                del self.buckets[key]


def _limit(request: Request) -> RateLimit:
    state = request.app.state
    limit = getattr(state, "word_check_limit", None)
    if not isinstance(limit, RateLimit):
        limit = RateLimit(WORD_CHECKS, 60.0, _hub(request).clock)
        state.word_check_limit = limit
    return limit


def _htmx(request: Request) -> bool:
    return request.headers.get("HX-Request") == "true"


def _status(request: Request, status: int) -> int:
    """The status to answer: 200 to htmx (it swaps only a success), else ``status``."""
    return 200 if _htmx(request) else status


def _kept(request: Request) -> OrderedDict[str, RecordStudy]:
    state = request.app.state
    kept = getattr(state, "analyses", None)
    if not isinstance(kept, OrderedDict):
        kept = OrderedDict()
        state.analyses = kept
    return kept


def _keep(request: Request, key: str, study: RecordStudy) -> None:
    kept = _kept(request)
    kept[key] = study
    kept.move_to_end(key)
    while len(kept) > KEPT:
        kept.popitem(last=False)


def _too_large(t: Translator) -> str:
    return t.gettext("The record is larger than {n} kB.").format(n=MAX_RECORD // 1024)


def _errors(e: PlanszaError, t: Translator) -> list[str]:
    """The error's message and, for a record with errors, each of them (with its line)."""
    lines = [describe(e, t)]
    if isinstance(e, RecordErrors):
        lines += [describe(err, t) for err in e.errors[:20]]
    return lines


class StudyPages:
    """The study pages' handlers around the app's :class:`Site`."""

    def __init__(self, site: Site) -> None:
        self.site = site

    async def words_page(self, request: Request) -> HTMLResponse:
        """The word check and the anagrams: each form's answer on the same page."""
        t = self.site.translator(request)
        q = request.query_params
        words = _hub(request).words
        context: dict[str, Any] = {
            "words_text": q.get("words", "")[:400],
            "rack": q.get("rack", "")[:40],
            "pattern": q.get("pattern", "")[:40],
            "partial": q.get("partial") == "1",
            "verdict": None,
            "check_error": None,
            "found": None,
            "groups": [],
            "found_error": None,
        }
        status = 200
        if "words" in q:
            client = request.client.host if request.client else "?"
            if not _limit(request).allow(client):
                status = 429
                context["check_error"] = t.gettext(
                    "Too many word checks: wait a minute and check again."
                )
            else:
                try:
                    context["verdict"] = check_words(context["words_text"], words)
                except StudyError as e:
                    status, context["check_error"] = 400, describe(e, t)
        if "rack" in q or "pattern" in q:
            try:
                found = find_words(
                    words,
                    rack=context["rack"],
                    pattern=context["pattern"],
                    partial=context["partial"],
                )
            except PlanszaError as e:  # a bad letter is the lexicon's LexiconError
                status, context["found_error"] = 400, describe(e, t)
            else:
                context["found"] = found
                groups: dict[int, list[Any]] = {}
                for f in found.words:
                    groups.setdefault(len(f.word), []).append(f)
                context["groups"] = list(groups.items())
        return self.site.page(request, "web/words.html", status=_status(request, status), **context)

    async def analysis_page(self, request: Request) -> Response:
        """The upload form (GET), or the uploaded record analysed (POST, then its page)."""
        t = self.site.translator(request)
        if request.method == "GET":
            return self._upload_page(request, rules="pfs")
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_RECORD + 16 * 1024:
            return self._upload_page(request, status=413, errors=[_too_large(t)])
        async with request.form(max_files=1, max_fields=8, max_part_size=MAX_RECORD + 1024) as form:
            rules = str(form.get("rules", "pfs"))
            csrf = str(form.get("csrf", ""))
            upload = form.get("gcg")
            name = "GCG"
            data = b""
            if isinstance(upload, UploadFile) and upload.filename:
                name = upload.filename[-80:]
                data = await upload.read(MAX_RECORD + 1)
            if not data:
                data = str(form.get("text", "")).encode()
                name = t.gettext("the pasted record")
        if not form_token_ok(request, {"csrf": csrf}):
            message = t.gettext("The form has expired: open the page again.")
            return self._upload_page(request, status=403, errors=[message], rules=rules)
        if rules not in RULES:
            return self._upload_page(
                request, status=400, errors=[t.gettext("Choose rules from the list.")]
            )
        if not data.strip():
            message = t.gettext("Choose a GCG file or paste a record.")
            return self._upload_page(request, status=400, errors=[message], rules=rules)
        if len(data) > MAX_RECORD:
            return self._upload_page(request, status=413, errors=[_too_large(t)], rules=rules)
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            message = t.gettext("{name}: the file is not UTF-8 text").format(name=name)
            return self._upload_page(request, status=400, errors=[message], rules=rules)
        key = hashlib.sha256(f"{rules}\n{text}".encode()).hexdigest()[:24]
        if key not in _kept(request):
            from plansza.services.play import rules_named

            try:
                study = await run_in_threadpool(
                    study_record, text, _hub(request).words, rules_named(rules), source=name
                )
            except PlanszaError as e:
                return self._upload_page(
                    request, status=400, errors=_errors(e, t), rules=rules, text=text[:MAX_RECORD]
                )
            _keep(request, key, study)
        return RedirectResponse(f"{request.url.path}/{key}", status_code=303)

    def _upload_page(
        self,
        request: Request,
        *,
        status: int = 200,
        errors: list[str] | None = None,
        rules: str = "pfs",
        text: str = "",
    ) -> HTMLResponse:
        return self.site.page(
            request,
            "web/analysis.html",
            status=status,
            study=None,
            errors=errors or [],
            rules=rules if rules in RULES else "pfs",
            text=text,
            max_kb=MAX_RECORD // 1024,
        )

    async def analysis_steps(self, request: Request) -> HTMLResponse:
        """An uploaded record's analysis, at the move ``?move=N``."""
        t = self.site.translator(request)
        study = _kept(request).get(request.path_params["key"])
        if study is None:
            message = t.gettext("This analysis is no longer kept: upload the record again.")
            return self._upload_page(request, status=404, errors=[message])
        return self._steps_page(request, study, base=request.url.path)

    async def game_analysis(self, request: Request) -> HTMLResponse:
        """A finished live game's analysis, at the move ``?move=N``."""
        t = self.site.translator(request)
        hub = _hub(request)
        game_id = request.path_params["game_id"]
        live = await hub.get(game_id)
        if live is None:
            message = t.gettext("There is no such game.")
            return self.site.page(request, "web/error.html", status=404, message=message)
        key = f"game:{live.id}"
        study = _kept(request).get(key)
        if study is None:
            try:
                study = await run_in_threadpool(study_game, live.table.game, hub.words)
            except PlanszaError as e:
                message = describe(e, t)
                return self.site.page(request, "web/error.html", status=409, message=message)
            _keep(request, key, study)
        return self._steps_page(request, study, base=request.url.path, game_id=live.id)

    def _steps_page(
        self, request: Request, study: RecordStudy, *, base: str, game_id: str | None = None
    ) -> HTMLResponse:
        try:
            number = int(request.query_params.get("move", "1"))
        except ValueError:
            number = 1
        number = min(max(number, 1), len(study.steps))
        step = study.steps[number - 1]
        return self.site.page(
            request,
            "web/analysis.html",
            study=study,
            step=step,
            number=number,
            base=base,
            game_id=game_id,
            premiums=self.site.premiums(),
            errors=[],
        )

"""The live public pages of the tournament served with ``plansza serve --tournament FILE``.

Read-only, no log-in: ``/turniej`` (the tournament and its links),
``/turniej/kojarzenia?runda=N`` (the pairings by table, ``&alfabetycznie=1`` by
player in Polish order), ``/turniej/klasyfikacja`` (the standings with the
tournament's criteria), ``/turniej/gracz/{seed}`` (a player's card). Every page
updates itself: one background task (:class:`Watch`) reads the event log's last
sequence number every :attr:`Watch.poll` seconds, and ``/turniej/zdarzenia`` tells
each open page (server-sent events) when it changed; the page then re-fetches its
content with htmx (``static/tournament.js``). ``?projektor=1`` cycles the pairings
and the standings in large type every :data:`PROJECTOR_SECONDS` seconds.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Route

from plansza.i18n import describe
from plansza.server.pages import page, translator_of
from plansza.services.live_tournament import NotFoundError, Spectator

#: How long the projector shows each page.
PROJECTOR_SECONDS = 15
#: A comment line sent on a quiet stream this often, so that nothing between closes it.
HEARTBEAT = 15.0


class Watch:
    """The served tournament and the one task that watches its log for changes."""

    def __init__(self, path: str, *, poll: float = 1.0, lifetime: float = 600.0) -> None:
        #: The tournament file; it may not exist yet (the referee creates it in the
        #: browser): the pages say so until it does.
        self.path = path
        self._spectator: Spectator | None = None
        self.poll = poll
        #: A stream ends after this many seconds; the browser opens it again by itself.
        self.lifetime = lifetime
        self.seq = self._last_seq()
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    @property
    def spectator(self) -> Spectator | None:
        """The tournament, read-only (None while its file does not exist)."""
        if self._spectator is None and ("://" in self.path or os.path.exists(self.path)):
            self._spectator = Spectator(self.path)
        return self._spectator

    def _last_seq(self) -> int:
        s = self.spectator
        return s.last_seq() if s is not None else 0

    async def start(self) -> None:
        self._changed = asyncio.Event()  # bound to the running loop
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._spectator is not None:
            self._spectator.close()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.poll)
            try:
                seq = await run_in_threadpool(self._last_seq)
            except Exception:  # a file busy for a moment: try again at the next poll
                continue
            if seq != self.seq:
                self.seq = seq
                changed, self._changed = self._changed, asyncio.Event()
                changed.set()

    async def stream(self) -> AsyncIterator[str]:
        """Server-sent events: the sequence number now, then each change, until
        :attr:`lifetime` has passed."""
        loop = asyncio.get_running_loop()
        end = loop.time() + self.lifetime
        yield f"retry: 2000\nevent: seq\ndata: {self.seq}\n\n"
        last = self.seq
        while (left := end - loop.time()) > 0:
            changed = self._changed
            if self.seq == last:
                try:
                    await asyncio.wait_for(changed.wait(), timeout=min(HEARTBEAT, left))
                except TimeoutError:
                    yield ": \n\n"
                    continue
            last = self.seq
            yield f"event: seq\ndata: {last}\n\n"


def routes() -> list[Route]:
    """The live tournament pages' routes."""
    return [
        Route("/turniej", index),
        Route("/turniej/kojarzenia", pairings),
        Route("/turniej/klasyfikacja", standings),
        Route("/turniej/gracz/{seed:int}", player),
        Route("/turniej/zdarzenia", events),
    ]


def _watch(request: Request) -> Watch | None:
    watch: Watch | None = getattr(request.app.state, "tournament", None)
    return watch


def spectator_of(request: Request) -> Spectator | None:
    """The served tournament, read-only (None: no tournament, or not created yet)."""
    watch = _watch(request)
    return watch.spectator if watch is not None else None


def _missing(request: Request, message: str) -> HTMLResponse:
    return page(request, "web/error.html", status=404, message=message)


def _no_tournament(request: Request) -> HTMLResponse:
    t = translator_of(request)
    return _missing(request, t.gettext("This server shows no tournament."))


#: The projector's cycle: the page that follows each.
PROJECTOR_NEXT = {
    "/turniej/kojarzenia": "/turniej/klasyfikacja?projektor=1",
    "/turniej/klasyfikacja": "/turniej/kojarzenia?projektor=1",
}


def _live_page(request: Request, name: str, seq: int, **context: Any) -> HTMLResponse:
    """A live page: its sequence number (so the page knows what it shows), its own
    address (htmx fetches it again on a change) and, with ``?projektor=1``, the page
    the projector shows next."""
    projector = request.query_params.get("projektor") == "1"
    query = request.url.query
    return page(
        request,
        name,
        seq=seq,
        here=request.url.path + (f"?{query}" if query else ""),
        projector=projector,
        next_page=PROJECTOR_NEXT.get(request.url.path) if projector else None,
        seconds=PROJECTOR_SECONDS,
        **context,
    )


async def index(request: Request) -> Response:
    s = spectator_of(request)
    if s is None:
        return _no_tournament(request)
    seq, state = await run_in_threadpool(s.state)
    return _live_page(
        request,
        "web/tournament.html",
        seq,
        **s.context(state),
        current=s.current_round(state),
        players=len(state.players),
    )


def _round_asked(request: Request) -> int | None:
    text = request.query_params.get("runda", "")
    return int(text) if text.isdigit() else None


async def pairings(request: Request) -> Response:
    s = spectator_of(request)
    if s is None:
        return _no_tournament(request)
    t = translator_of(request)
    seq, state = await run_in_threadpool(s.state)
    asked = _round_asked(request)
    try:
        n = s.round_of(state, asked)
    except NotFoundError as e:
        if asked is not None:
            return _missing(request, describe(e, t))
        n = 0  # nothing paired yet: the page says so, and waits
    alphabetical = request.query_params.get("alfabetycznie") == "1"
    return _live_page(
        request,
        "web/tournament_pairings.html",
        seq,
        **s.context(state),
        n=n,
        asked=asked,
        alphabetical=alphabetical,
        seats=s.by_name(state, n) if n and alphabetical else [],
    )


async def standings(request: Request) -> Response:
    s = spectator_of(request)
    if s is None:
        return _no_tournament(request)
    seq, state = await run_in_threadpool(s.state)
    lines, final, done = s.standings(state)
    return _live_page(
        request,
        "web/tournament_standings.html",
        seq,
        **s.context(state),
        lines=lines,
        final=final,
        done=done,
    )


async def player(request: Request) -> Response:
    s = spectator_of(request)
    if s is None:
        return _no_tournament(request)
    t = translator_of(request)
    seq, state = await run_in_threadpool(s.state)
    try:
        card = s.card(state, request.path_params["seed"])
    except NotFoundError as e:
        return _missing(request, describe(e, t))
    return _live_page(request, "web/tournament_player.html", seq, **s.context(state), card=card)


async def events(request: Request) -> Response:
    watch = _watch(request)
    if watch is None:
        return _no_tournament(request)
    return StreamingResponse(
        watch.stream(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )

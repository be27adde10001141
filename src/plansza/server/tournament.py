"""The live public pages of the tournament served with ``plansza serve --tournament FILE``.

Read-only, no log-in: ``/turniej`` (the tournament and its links),
``/turniej/kojarzenia?runda=N`` (the pairings by table, ``&alfabetycznie=1`` by
player in Polish order), ``/turniej/klasyfikacja`` (the standings with the
tournament's criteria), ``/turniej/gracz/{seed}`` (a player's card). Every page
updates itself: one background task (:class:`Watch`) reads the event log's last
sequence number every :attr:`Watch.poll` seconds (at once after a form is posted to
this server: :class:`WakeOnWrites`), and ``/turniej/zdarzenia`` tells
each open page (server-sent events) when it changed; the page then re-fetches its
content with htmx (``static/tournament.js``). ``?projektor=1`` cycles the pairings
by table, the pairings by name and the standings on the whole screen, in type sized
to it: a long list is cut into pages that fit, in columns (``static/pager.js``), each
shown :data:`PROJECTOR_SECONDS` seconds, every page before the next list;
``?druk=1`` is the printable version of a page (no navigation, no live script, black
on white, the tournament, round and time on top). The round's clock (``clock``
events in the log) is on the index, the pairings and the projector: the page gets
the seconds left and counts down by itself, set again from the server on every
update.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from plansza.server.events import change_events, sse_response
from plansza.server.pages import page, translator_of
from plansza.server.wording import describe
from plansza.services.live_tournament import NotFoundError, Spectator
from plansza.services.tournament_file import State

#: How long the projector shows each page of a list (a list of a large tournament has
#: several: the next list comes after the last).
PROJECTOR_SECONDS = 15
#: A comment line sent on a quiet stream this often, so that nothing between closes it.
HEARTBEAT = 15.0
#: How often the log is read for writes from outside the server (the command line):
#: with the streams' fan-out, a page hears of a change well within a second
#: (``benchmarks/tournament_day.py``, ``docs/decisions/web-load.md``).
POLL = 0.25
#: The shortest time between two replays of the log for the live pages: a hall of
#: tables sending their results at once is replayed a few times, not once per result
#: (each replay and its standings cost the results' requests their CPU).
WARM_GAP = 0.2


class Watch:
    """The served tournament and the one task that watches its log for changes."""

    def __init__(
        self, path: str, *, poll: float = POLL, lifetime: float = 600.0, fanout: Any = None
    ) -> None:
        #: The tournament file; it may not exist yet (the referee creates it in the
        #: browser): the pages say so until it does.
        self.path = path
        self._spectator: Spectator | None = None
        self.poll = poll
        #: A stream ends after this many seconds; the browser opens it again by itself.
        self.lifetime = lifetime
        self.seq = self._last_seq()
        self._changed = asyncio.Event()
        self._wake = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        #: The other processes serving this tournament (``serve --redis``:
        #: :class:`plansza.server.fanout.Fanout`), or None: this process alone.
        self.fanout = fanout
        self._poked = False
        self._published = self.seq
        self._stopping = False
        self._warmed = 0.0

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
        self._wake = asyncio.Event()
        self._stopping = False
        self._loop = asyncio.get_running_loop()
        self._task = asyncio.create_task(self._run())
        if self.fanout is not None:
            await self.fanout.start(self._hear)

    def _hear(self) -> None:
        """Another process wrote to the log: read it now (no publishing again)."""
        self._wake.set()

    def poke(self) -> None:
        """Read the log now, not at the next poll (this process may have written to
        it); safe from any thread, nothing when the watch is not running."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._poke_here()
        else:
            loop.call_soon_threadsafe(self._poke_here)

    def _poke_here(self) -> None:
        self._poked = True
        self._wake.set()

    async def stop(self) -> None:
        if self._task is not None:
            # let a read in a worker thread finish (a cancelled task does not stop its
            # thread, which would then use a file closed under it)
            self._stopping = True
            self._wake.set()
            try:
                await asyncio.wait_for(asyncio.shield(self._task), 5)
            except TimeoutError:
                self._task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._task
        if self.fanout is not None:
            await self.fanout.stop()
        if self._spectator is not None:
            self._spectator.close()

    async def _run(self) -> None:
        while not self._stopping:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll)
            self._wake.clear()
            if self._stopping:
                return
            poked, self._poked = self._poked, False
            try:
                seq = await run_in_threadpool(self._last_seq)
            except Exception:  # a file busy for a moment: try again at the next poll
                continue
            if poked and self.fanout is not None and seq > self._published:
                # this process wrote: the others hear of it at once, not at their poll
                self._published = seq
                await self.fanout.publish(seq)
            if seq != self.seq:
                gap = self._warmed + WARM_GAP - time.monotonic()
                if gap > 0:  # more writes may come meanwhile: one replay for them all
                    await asyncio.sleep(gap)
                    with contextlib.suppress(Exception):
                        seq = await run_in_threadpool(self._last_seq)
                self._warmed = time.monotonic()
                s = self.spectator
                if s is not None:  # replayed once here, so that the pages all find it ready
                    with contextlib.suppress(Exception):
                        seq = await run_in_threadpool(s.warm)
                self.seq = seq
                changed, self._changed = self._changed, asyncio.Event()
                changed.set()

    def stream(self, last_id: str | None = None) -> AsyncIterator[str]:
        """Server-sent events: the sequence number now (unless ``last_id``, the page's
        ``Last-Event-ID``, has it), then each change, until :attr:`lifetime` has passed."""
        return change_events(
            "seq", lambda: self.seq, lambda: self._changed,
            lifetime=self.lifetime, retry_ms=2000, heartbeat=HEARTBEAT, last_id=last_id,
        )  # fmt: skip


class WakeOnWrites:
    """ASGI middleware: after every POST answered by this server (the referee's console,
    the tables' phones, the queue), the served tournament's :class:`Watch` reads its log
    at once, so that the live pages hear of an event recorded here without waiting for
    the poll. A POST that changed nothing costs one cheap query."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)
        if scope["type"] == "http" and scope["method"] == "POST":
            owner = scope.get("app")
            watch = getattr(getattr(owner, "state", None), "tournament", None)
            if isinstance(watch, Watch):
                watch.poke()


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


#: The projector's cycle: the pairings by table, by name, the standings, again.
PROJECTOR_CYCLE = (
    "/turniej/kojarzenia?projektor=1",
    "/turniej/kojarzenia?alfabetycznie=1&projektor=1",
    "/turniej/klasyfikacja?projektor=1",
)


def projector_next(path: str, alphabetical: bool) -> str | None:
    """The page the projector shows after ``path`` (None: not in the cycle).

    >>> projector_next("/turniej/kojarzenia", False)
    '/turniej/kojarzenia?alfabetycznie=1&projektor=1'
    >>> projector_next("/turniej/klasyfikacja", False)
    '/turniej/kojarzenia?projektor=1'
    """
    if path == "/turniej/kojarzenia":
        return PROJECTOR_CYCLE[2 if alphabetical else 1]
    if path == "/turniej/klasyfikacja":
        return PROJECTOR_CYCLE[0]
    return None


@dataclass(frozen=True)
class ClockView:
    """The round's clock as a page shows it: the seconds left now, whether it is paused."""

    round: int
    minutes: int
    remaining: int
    paused: bool

    @property
    def up(self) -> bool:
        """Time is up."""
        return self.remaining <= 0

    @property
    def text(self) -> str:
        """The time left as the clock shows it (``M:SS``, ``H:MM:SS`` from an hour)."""
        h, m = divmod(self.remaining // 60, 60)
        s = self.remaining % 60
        return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def clock_view(state: State, now: datetime) -> ClockView | None:
    """The clock of the current (last paired) round at ``now``; None: not started.

    The seconds left are rounded up, so a page never shows the time up too early.
    """
    n = max(state.rounds, default=0)
    c = state.clocks.get(n)
    if c is None:
        return None
    left = c.remaining(now)
    return ClockView(n, c.minutes, int(-(-left // 1)), not c.running)


def _printable(request: Request) -> str:
    """The address of the printable version of the page asked for (no projector)."""
    url = request.url.include_query_params(druk="1").remove_query_params("projektor")
    return f"{url.path}?{url.query}"


def _live_page(request: Request, name: str, seq: int, **context: Any) -> HTMLResponse:
    """A live page: its sequence number (so the page knows what it shows), its own
    address (htmx fetches it again on a change), the round's clock, with
    ``?projektor=1`` the page the projector shows next, and with ``?druk=1`` the
    printable version (the time it was printed on top)."""
    params = request.query_params
    projector = params.get("projektor") == "1"
    printing = params.get("druk") == "1"
    query = request.url.query
    now = datetime.now(UTC)
    state: State = context["state"]
    alphabetical = params.get("alfabetycznie") == "1"
    return page(
        request,
        name,
        seq=seq,
        here=request.url.path + (f"?{query}" if query else ""),
        projector=projector and not printing,
        printing=printing,
        printed=now.astimezone().strftime("%Y-%m-%d %H:%M"),
        print_url=_printable(request),
        next_page=projector_next(request.url.path, alphabetical) if projector else None,
        seconds=PROJECTOR_SECONDS,
        clock=clock_view(state, now),
        with_clock=projector or request.url.path in ("/turniej", "/turniej/kojarzenia"),
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
    return sse_response(request, watch.stream)

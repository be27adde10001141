"""Belgijka live in the web app (``plansza serve --belgijka FILE``): what its pages share.

The app holds one :class:`~plansza.services.belgijka.Hall` (the championship file, the
move's clock, the cards handed in). Every change the hall makes wakes the open pages:
:class:`Stream` sets an asyncio event from whatever thread the change ran in, and
``/belgijka/zdarzenia`` tells every page (server-sent events) the hall's new version;
the page then fetches its content again. The pages count the move's time down
themselves from the seconds left the server gave them, so a hundred phones cost the
server nothing between two changes.

The referee's console, the projector and the players' phones add their routes to
:func:`routes`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from plansza.server.events import change_events, sse_response
from plansza.server.pages import page, translator_of

if TYPE_CHECKING:
    from plansza.server.store import Store
    from plansza.services.belgijka import Hall, Lexicon

#: A comment line sent on a quiet stream this often, so that nothing between closes it.
HEARTBEAT = 15.0


class Stream:
    """The hall's changes, told to the open pages (one event per change, any thread)."""

    def __init__(self) -> None:
        self.version = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._changed = asyncio.Event()

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._changed = asyncio.Event()

    def poke(self) -> None:
        """A change happened (called from the hall, in any thread)."""
        loop = self._loop
        if loop is None:
            self.version += 1
            return
        with contextlib.suppress(RuntimeError):  # the loop is closing: nobody listens
            loop.call_soon_threadsafe(self._bump)

    def _bump(self) -> None:
        self.version += 1
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    def events(self, last_id: str | None = None, lifetime: float = 600.0) -> AsyncIterator[str]:
        """Server-sent events: the version now (unless ``last_id``, the page's
        ``Last-Event-ID``, has it), then each change, until ``lifetime``."""
        return change_events(
            "version", lambda: self.version, lambda: self._changed,
            lifetime=lifetime, retry_ms=1000, heartbeat=HEARTBEAT, last_id=last_id,
        )  # fmt: skip


def make_hall(path: str, words: Lexicon, store: Store, clock: object) -> tuple[Hall, Stream]:
    """The hall of the championship file ``path`` (it may not exist yet: the referee
    creates it) and the stream that wakes its pages. The players' join codes come from
    a secret the server keeps for the file."""
    from plansza.services.belgijka import Hall

    stream = Stream()
    secret = store.tables.secret("belgijka:" + str(Path(path).resolve()))
    hall = Hall(path, words, secret=secret, clock=clock, on_change=stream.poke)  # type: ignore[arg-type]
    return hall, stream


def hall_of(request: Request) -> Hall | None:
    """The served championship's hall (None: the server runs no Belgijka)."""
    hall: Hall | None = getattr(request.app.state, "belgijka", None)
    return hall


def stream_of(request: Request) -> Stream | None:
    stream: Stream | None = getattr(request.app.state, "belgijka_stream", None)
    return stream


def no_hall(request: Request) -> Response:
    """The page saying this server runs no Belgijka (404)."""
    t = translator_of(request)
    message = t.gettext(
        "This server runs no Belgijka: start it with plansza serve --belgijka FILE."
    )
    return page(request, "web/error.html", status=404, message=message)


async def events(request: Request) -> Response:
    stream = stream_of(request)
    if stream is None:
        return no_hall(request)
    return sse_response(request, stream.events)


def routes() -> list[Route]:
    """Belgijka's routes: the live stream (the console, the projector and the phones add
    theirs here)."""
    return [Route("/belgijka/zdarzenia", events)]

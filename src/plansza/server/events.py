r"""Server-sent events, one way for every live page: a stream of one named event
carrying a version number (the tournament log's sequence number, the Belgijka hall's
version), each with its ``id``, so that a browser reconnecting (``Last-Event-ID``)
is told only of what it has not seen.

>>> import asyncio
>>> async def first(last_id):
...     lines = change_events("seq", lambda: 7, asyncio.Event, lifetime=60.0, retry_ms=1000,
...                           last_id=last_id)
...     return await anext(lines)
>>> asyncio.run(first(None))
'retry: 1000\nid: 7\nevent: seq\ndata: 7\n\n'
>>> asyncio.run(first("7"))  # the page has it: nothing to tell until the next change
'retry: 1000\n\n'
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse


def _event(name: str, value: int) -> str:
    return f"id: {value}\nevent: {name}\ndata: {value}\n\n"


async def change_events(
    name: str,
    current: Callable[[], int],
    changed: Callable[[], asyncio.Event],
    *,
    lifetime: float,
    retry_ms: int,
    heartbeat: float = 15.0,
    last_id: str | None = None,
) -> AsyncIterator[str]:
    """Server-sent events ``name`` carrying ``current()`` now (unless ``last_id``, the
    browser's ``Last-Event-ID``, says it has it) and after each change (``changed()`` is
    the event the next change sets), a comment line on a quiet stream every
    ``heartbeat`` seconds, until ``lifetime`` has passed (the browser reconnects)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + lifetime
    last = current()
    if last_id is not None and last_id == str(last):
        yield f"retry: {retry_ms}\n\n"
    else:
        yield f"retry: {retry_ms}\n" + _event(name, last)
    while (left := end - loop.time()) > 0:
        event = changed()
        if current() == last:
            try:
                await asyncio.wait_for(event.wait(), timeout=min(heartbeat, left))
            except TimeoutError:
                yield ": \n\n"
                continue
        last = current()
        yield _event(name, last)


def sse_response(request: Request, lines: Callable[[str | None], AsyncIterator[str]]) -> Response:
    """The response streaming ``lines(last_id)`` to this request — ``last_id`` its
    ``Last-Event-ID``, so a reconnecting page resumes — with no proxy buffering or
    caching it."""
    return StreamingResponse(
        lines(request.headers.get("last-event-id")),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )

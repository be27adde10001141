"""Who may do what on the web, in one place: the form token every POST carries (CSRF),
the pages only referees open, and the limits on guessing that count across processes.

Every form a page shows carries the session's token (:func:`plansza.server.pages.csrf`);
a POST whose token is not the session's is refused (:func:`form_token_ok`,
:func:`checked_form`). A referee's page is an endpoint wrapped in
:func:`referee_required`. A limiter (:func:`limiter`) counts in Redis when the app has
one (the processes of ``plansza serve --redis`` share the count), else in the process.

>>> from starlette.requests import Request
>>> scope = {"type": "http", "session": {"csrf": "abc"}}
>>> request = Request(scope)
>>> form_token_ok(request, {"csrf": "abc"}), form_token_ok(request, {"csrf": "x"})
(True, False)
>>> form_token_ok(Request({"type": "http", "session": {}}), {"csrf": ""})
False
"""

from __future__ import annotations

import functools
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol, overload

from starlette.requests import Request
from starlette.responses import Response

from plansza.server.pages import page, small_form, translator_of

Endpoint = Callable[[Request], Awaitable[Response]]


def form_token_ok(request: Request, form: Mapping[str, object]) -> bool:
    """Whether the posted form carries the session's token (a session without one has
    shown no form: nothing it posts is taken)."""
    expected = request.session.get("csrf")
    sent = form.get("csrf", "")
    return bool(expected) and secrets.compare_digest(str(sent), str(expected))


async def checked_form(
    request: Request, limit: int, refuse: Callable[[int, str], Response] | None = None
) -> dict[str, str] | Response:
    """The posted form's fields when the body fits in ``limit`` bytes and carries the
    session's token; else the page refusing it (413, 403) in the visitor's language —
    ``refuse(status, message)`` when the caller shows refusals its own way."""
    t = translator_of(request)

    def refused(status: int, message: str) -> Response:
        if refuse is not None:
            return refuse(status, message)
        return page(request, "web/error.html", status=status, message=message)

    form = await small_form(request, limit)
    if form is None:
        return refused(413, t.gettext("The form is too long."))
    if not form_token_ok(request, form):
        return refused(403, t.gettext("The form has expired: open the page again."))
    return form


@overload
def referee_required(endpoint: Endpoint) -> Endpoint: ...


@overload
def referee_required(*, assistant: bool = False) -> Callable[[Endpoint], Endpoint]: ...


def referee_required(
    endpoint: Endpoint | None = None, *, assistant: bool = False
) -> Endpoint | Callable[[Endpoint], Endpoint]:
    """An endpoint only a referee opens (with ``assistant``, an assistant referee too,
    RS §6.5); anyone else gets the page refusing them (403) and the endpoint never
    runs. Use as ``@referee_required`` or ``@referee_required(assistant=True)``."""

    def wrap(inner: Endpoint) -> Endpoint:
        @functools.wraps(inner)
        async def guarded(request: Request) -> Response:
            from plansza.server.accounts import require_referee

            refused = await require_referee(request, assistant=assistant)
            if refused is not None:
                return refused
            return await inner(request)

        return guarded

    return wrap if endpoint is None else wrap(endpoint)


class Limiter(Protocol):
    """What a rate limiter offers (:class:`~plansza.services.accounts.RateLimiter`)."""

    limit: int
    window: float

    def hit(self, key: str) -> None: ...

    def wait(self, key: str) -> float: ...

    def reset(self, key: str) -> None: ...


class RedisLimiter:
    """At most ``limit`` hits per key in any ``window`` seconds, counted in Redis so
    that every process of the app counts the same hits (the in-process one is
    :class:`~plansza.services.accounts.RateLimiter`, with the same methods).

    Each hit is a member of a sorted set scored by its time; the set expires with the
    window, so a key no one tries again costs nothing.
    """

    def __init__(
        self,
        client: Any,
        name: str,
        limit: int,
        window: float,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.client, self.name = client, name
        self.limit, self.window, self.clock = limit, window, clock

    def _key(self, key: str) -> str:
        return f"plansza:limit:{self.name}:{key}"

    def hit(self, key: str) -> None:
        """One hit of ``key``, now."""
        now = self.clock()
        k = self._key(key)
        pipe = self.client.pipeline()
        pipe.zadd(k, {f"{now:.6f}:{secrets.token_hex(4)}": now})
        pipe.expire(k, max(1, int(self.window) + 1))
        pipe.execute()

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may try again (``0.0``: now)."""
        now = self.clock()
        k = self._key(key)
        self.client.zremrangebyscore(k, "-inf", now - self.window)
        hits = self.client.zrange(k, 0, -1, withscores=True)
        if len(hits) < self.limit:
            return 0.0
        first = float(hits[len(hits) - self.limit][1])
        return max(0.0, first + self.window - now)

    def reset(self, key: str) -> None:
        """Forget ``key``'s hits (it succeeded)."""
        self.client.delete(self._key(key))


def limiter(
    state: Any, name: str, limit: int, window: float, clock: Callable[[], float]
) -> Limiter:
    """The app's limiter called ``name`` (made once): in Redis when the app has one
    (``plansza serve --redis``: the processes share the count), else in this process."""
    from plansza.services.accounts import RateLimiter

    kept: dict[str, Limiter] = state.__dict__.setdefault("limiters", {})
    found = kept.get(name)
    if found is None:
        url = getattr(state, "redis_url", None)
        if url is not None:
            import redis

            client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
            found = RedisLimiter(client, name, limit, window, clock)
        else:
            found = RateLimiter(limit, window, clock)
        kept[name] = found
    return found

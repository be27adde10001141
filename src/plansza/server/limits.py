"""The limits on guessing (wrong table codes, players' codes, log-ins): counted in Redis
when the app has one, so that the processes of ``plansza serve --redis`` share the count
and a guesser spreading tries over them is counted once; else in the process.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any, Protocol


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

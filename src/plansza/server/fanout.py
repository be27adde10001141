"""Redis pub/sub between server processes serving one tournament (``serve --redis URL``).

Each process publishes on the tournament's channel when a write it made (a form posted
to it) changed the log, and listens on the same channel: a message wakes its
:class:`~plansza.server.tournament.Watch`, which reads the log (the shared file or
database) and tells its open pages. The message only says "read the log now": the log
stays the one truth, and the poll stays the fallback when Redis is away. Imported only
when ``--redis`` is given: one process without Redis needs none of this.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
from collections.abc import Callable
from typing import Any

from plansza.errors import N_, PlanszaError

log = logging.getLogger(__name__)

#: How long to wait before connecting again after Redis went away.
RECONNECT = 1.0


class RedisUnreachableError(PlanszaError):
    """The Redis server given with ``--redis`` did not answer at start."""

    code = "redis-unreachable"


def channel_of(tournament: str) -> str:
    """The channel of a tournament: named after its file's absolute path (or its URL),
    so that every process serving the same tournament shares it.

    >>> channel_of("postgresql://h/t").startswith("plansza:turniej:")
    True
    """
    key = tournament if "://" in tournament else os.path.abspath(tournament)
    return "plansza:turniej:" + hashlib.sha1(key.encode("utf-8")).hexdigest()


def check(url: str) -> None:
    """Fail with :class:`RedisUnreachableError` when Redis at ``url`` does not answer."""
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
        try:
            client.ping()
        finally:
            client.close()
    except (redis.RedisError, OSError, ValueError) as e:
        raise RedisUnreachableError(
            N_("cannot reach Redis at {url}: {reason}"), url=url, reason=str(e)
        ) from e


class Fanout:
    """One tournament's channel on one Redis, for one process."""

    def __init__(self, url: str, tournament: str) -> None:
        self.url = url
        self.channel = channel_of(tournament)
        self._client: Any = None
        self._task: asyncio.Task[None] | None = None
        self._lost = False  # logged once until Redis answers again

    async def start(self, wake: Callable[[], None]) -> None:
        import redis.asyncio as aioredis

        self._client = aioredis.Redis.from_url(self.url, socket_connect_timeout=3)
        self._task = asyncio.create_task(self._listen(wake))

    async def publish(self, seq: int) -> None:
        """Tell the other processes the log has reached ``seq`` (nothing when Redis is
        away: they poll)."""
        if self._client is None:
            return
        try:
            await self._client.publish(self.channel, str(seq))
        except Exception as e:
            self._went_away(e)

    def _went_away(self, e: BaseException) -> None:
        if not self._lost:
            self._lost = True
            log.warning("Redis at %s is away (%s): polling the log until it is back", self.url, e)

    async def _listen(self, wake: Callable[[], None]) -> None:
        assert self._client is not None
        while True:
            pubsub = self._client.pubsub()
            try:
                await pubsub.subscribe(self.channel)
                if self._lost:
                    self._lost = False
                    log.warning("Redis at %s is back", self.url)
                    wake()  # a change may have been missed meanwhile
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        wake()
            except asyncio.CancelledError:
                raise
            except Exception as e:
                self._went_away(e)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
            await asyncio.sleep(RECONNECT)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()

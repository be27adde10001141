"""The cluster's leases and subscriptions on a real Redis, process by process
(server/cluster.py): what two processes see when Redis comes back empty, and many
subscriptions made while messages are being read."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
import redis

from plansza.server.cluster import PREFIX, Cluster
from redis_server import RedisServer

pytestmark = pytest.mark.slow


async def started(url: str) -> Cluster:
    cluster = Cluster(url, time.time)
    await cluster.start()
    return cluster


def test_a_claim_after_redis_came_back_empty_is_not_taken_by_another(redis_url: str) -> None:
    # Redis restarted empty: B opens a game (claims it) before its beat has set its key
    # again. A, whose beat came first, must not take the game from B as if B were dead;
    # B's beat then reports the lapse (its games are to be checked).
    async def run() -> None:
        a, b = await started(redis_url), await started(redis_url)
        lapsed: list[str] = []

        async def b_lapsed() -> None:
            lapsed.append("b")

        b.on_lapsed = b_lapsed
        try:
            await asyncio.sleep(0.3)  # past the beat thread's first beat
            with redis.Redis.from_url(redis_url) as r:
                r.delete(f"{PREFIX}proc:{b.me}")  # as if Redis had come back empty
            assert await b.claim("g1") == (b.me, None)
            assert await a.claim("g1") == (b.me, None)  # B is alive: its claim stands
            assert await a.owner("g1") == b.me
            await asyncio.sleep(0.5)  # a beat or two
            assert lapsed == ["b"]
            assert await a.claim_many(["g1", "g2"]) == {}  # none taken from a process
            assert await a.owner("g2") == a.me
        finally:
            await a.stop()
            await b.stop()
            with redis.Redis.from_url(redis_url) as r:
                r.flushall()

    asyncio.run(asyncio.wait_for(run(), 60))  # a hang is a failure, not a stuck suite


def test_subscriptions_made_while_messages_pour_in_all_hold(redis_url: str) -> None:
    # The subscriber's connection is used by the listener alone: 40 games followed at
    # once while steps are published on those already followed; each step of each
    # followed game arrives, none is lost, no subscription fails.
    async def run() -> None:
        c = await started(redis_url)
        got: dict[str, list[int]] = {}
        c.on_step = lambda game, step: got.setdefault(game, []).append(int(step["n"]))
        games = [f"g{i}" for i in range(40)]
        stop = asyncio.Event()

        async def publish() -> None:
            n = 0
            while not stop.is_set():
                n += 1
                for game in games:
                    await c.publish(game, {"n": n})
                await asyncio.sleep(0)

        try:
            publisher = asyncio.create_task(publish())
            await asyncio.gather(*(c.follow(g) for g in games))
            before = {g: len(got.get(g, [])) for g in games}
            await asyncio.sleep(0.3)
            stop.set()
            await publisher
            await asyncio.sleep(0.3)
            for game in games:
                seen = got[game]
                assert len(seen) > before[game], game
                assert seen == list(range(seen[0], seen[0] + len(seen))), game  # no gap
            await asyncio.gather(*(c.unfollow(g) for g in games))
            await c.publish("g0", {"n": 10**6})
            await asyncio.sleep(0.2)
            assert 10**6 not in got["g0"]
        finally:
            await c.stop()
            with redis.Redis.from_url(redis_url) as r:
                r.flushall()

    asyncio.run(asyncio.wait_for(run(), 60))  # a hang is a failure, not a stuck suite


def test_games_followed_as_redis_comes_back_are_all_followed(tmp_path: Path) -> None:
    # Redis restarted: the listener reconnects while the hub follows games again (a
    # replica stepping down, a page opening a game). Each follow either raises (Redis
    # still away: the caller tries again) or holds: a step published after it arrives.
    server = RedisServer(tmp_path)
    server.start()

    async def run() -> None:
        c = await started(server.url)
        got: dict[str, list[int]] = {}
        c.on_step = lambda game, step: got.setdefault(game, []).append(int(step["n"]))
        games = [f"g{i}" for i in range(20)]

        async def follow(game: str) -> None:
            for _ in range(100):
                try:
                    await asyncio.wait_for(c.follow(game), 2)
                    return
                except TimeoutError:
                    raise AssertionError(f"following {game} hangs") from None
                except Exception:
                    await asyncio.sleep(0.02)
            raise AssertionError(f"{game} never followed")

        try:
            await asyncio.gather(*(c.follow(g) for g in games[:10]))
            server.stop()
            await asyncio.sleep(0.3)
            server.start()
            await asyncio.gather(*(follow(g) for g in games))
            await asyncio.sleep(0.3)  # the listener's resubscription, if it had to
            for game in games:
                await c.publish(game, {"n": 1})
            await asyncio.sleep(0.3)
            assert sorted(got) == sorted(games)
        finally:
            await c.stop()

    try:
        for _ in range(5):
            asyncio.run(asyncio.wait_for(run(), 60))  # a hang is a failure, not a stuck suite
    finally:
        server.stop()

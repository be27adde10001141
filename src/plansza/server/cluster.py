"""Several server processes sharing the live games through Redis (``serve --redis URL``).

Each live game has one owner, the process that applies its actions, writes its steps
and runs its computer and its clock (:class:`~plansza.server.live.LiveGame`). The
others keep a replica: they follow the game's channel, on which the owner publishes
every step once it is written, and replay it for the players and spectators
connected to them; an action sent to them is forwarded to the owner, which answers
on the asker's own channel. So two players on two processes play one game, and a
spectator anywhere sees each move.

**Ownership is a lease in Redis.** A process is alive while its key
``plansza:live:proc:<id>`` lives: it is set with a time-to-live of :data:`LEASE`
and renewed every :data:`BEAT`. A game's owner is named by ``plansza:live:owner:<game>``;
a process takes a game over (:meth:`Cluster.claim`, one Lua script: atomic) only when
no owner is named or the named one's key has expired. Every process watches the
others' keys; when one expires, the survivors take its games over — first the games
they follow (their replica is the game: no replay), then the rest, loaded from the
database — so a game is played again about ``LEASE + BEAT`` after its owner died.
The running clock is charged up to the dead process's last beat (``resume`` step),
as after a restart: the players lose none of the time the takeover took.

**The database is the fence.** A step is stored under its number, and the number is
the game's primary key with the step: a process that lost its lease without knowing
it (stalled longer than the lease) cannot store a step the new owner stored; it
steps down and forwards the action instead. Redis only says who should act and
carries the news; what happened is what the database holds, and a replica that
missed a message catches up from it.

Imported only with ``--redis``: one process without Redis needs none of this.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import threading
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from plansza.errors import PlanszaError, Term

log = logging.getLogger(__name__)

#: Seconds a process's key lives without being renewed: how long a dead owner keeps
#: its games (the issue asks for a takeover within 2 s). Renewed by a thread, so a
#: busy event loop does not let it expire.
LEASE = 0.8
#: Seconds between two renewals of this process's key, and two looks at the others'.
BEAT = 0.2
#: Seconds an action forwarded to a game's owner waits for the answer before the
#: owner is looked at again (dead: taken over; alive: asked again).
ASK = 1.0

#: Connections to Redis a process keeps at most (one more listens).
POOL = 32
#: Seconds the listener waits for a message before it looks again for subscriptions
#: to make (one asked for wakes it at once: :meth:`Cluster._change`).
POLL = 1.0

PREFIX = "plansza:live:"

# A process that claims a game is alive: its key is set if it was missing (Redis
# emptied, and its beat has not come yet), so that no other process takes the game
# back from it before that beat — and the lapse is marked for the beat to report.
_ALIVE = """
local function alive(prefix, me, lease)
  if redis.call('SET', prefix .. 'proc:' .. me, 'claimed', 'PX', lease, 'NX') then
    redis.call('SET', prefix .. 'lapsed:' .. me, '1')
  end
end
"""

# KEYS: the game's owner key. ARGV: this process, the prefix, the game, the lease in
# ms. Returns {owner now, the previous owner when this call took the game over ("")}.
_CLAIM = _ALIVE + """
alive(ARGV[2], ARGV[1], ARGV[4])
local owner = redis.call('GET', KEYS[1])
if owner == ARGV[1] then return {owner, ''} end
if owner and redis.call('EXISTS', ARGV[2] .. 'proc:' .. owner) == 1 then
  return {owner, ''}
end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SADD', ARGV[2] .. 'owned:' .. ARGV[1], ARGV[3])
if owner then redis.call('SREM', ARGV[2] .. 'owned:' .. owner, ARGV[3]) end
return {ARGV[1], owner or ''}
"""

# ARGV: this process, the prefix, the lease in ms, the games. Each game taken as by
# _CLAIM, all at once; returns {owner, previous} pairs flattened, in the games' order.
_CLAIM_MANY = _ALIVE + """
alive(ARGV[2], ARGV[1], ARGV[3])
local out = {}
local mine = ARGV[2] .. 'owned:' .. ARGV[1]
for i = 4, #ARGV do
  local game = ARGV[i]
  local key = ARGV[2] .. 'owner:' .. game
  local owner = redis.call('GET', key)
  if owner == ARGV[1] then
    table.insert(out, owner); table.insert(out, '')
  elseif owner and redis.call('EXISTS', ARGV[2] .. 'proc:' .. owner) == 1 then
    table.insert(out, owner); table.insert(out, '')
  else
    redis.call('SET', key, ARGV[1])
    redis.call('SADD', mine, game)
    if owner then redis.call('SREM', ARGV[2] .. 'owned:' .. owner, game) end
    table.insert(out, ARGV[1]); table.insert(out, owner or '')
  end
end
return out
"""

# KEYS: the game's owner key. ARGV: the prefix. The owner if alive, else "".
_OWNER = """
local owner = redis.call('GET', KEYS[1])
if owner and redis.call('EXISTS', ARGV[1] .. 'proc:' .. owner) == 1 then return owner end
return ''
"""

# KEYS: this process's key, the alive hash, the set of processes, its lapse mark.
# ARGV: now, lease in ms, this process. Returns whether the key was still there (not
# expired, nor set again by a claim since: _ALIVE).
_BEAT = """
local old = redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'GET')
redis.call('HSET', KEYS[2], ARGV[3], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[3])
local lapsed = redis.call('DEL', KEYS[4])
if old and lapsed == 0 then return 1 end
return 0
"""

# KEYS: the seeks hash. ARGV: the game. Its seek, removed (or nil).
_POP = """
local v = redis.call('HGET', KEYS[1], ARGV[1])
if v then redis.call('HDEL', KEYS[1], ARGV[1]) end
return v
"""


def dump_error(e: PlanszaError) -> dict[str, Any]:
    """A domain error as JSON, to be worded by the asking process in its user's language."""

    def value(v: object) -> object:
        if isinstance(v, PlanszaError):
            return {"__error__": dump_error(v)}
        if isinstance(v, Term):
            return {"__term__": str(v)}
        if isinstance(v, str | int | float | bool) or v is None:
            return v
        return str(v)

    return {
        "template": e.template,
        "plural": e.plural,
        "plural_field": e.plural_field,
        "code": e.code,
        "details": {k: value(v) for k, v in e.details.items()},
    }


def load_error(data: dict[str, Any]) -> PlanszaError:
    """The error :func:`dump_error` wrote (its code, template and details kept).

    >>> from plansza.errors import N_, NP_
    >>> e = PlanszaError(NP_("{n} tile", "{n} tiles"), plural_field="n", code="x", n=2)
    >>> again = load_error(dump_error(e))
    >>> (str(again), again.code, again.plural_field)
    ('2 tiles', 'x', 'n')
    """

    def value(v: Any) -> object:
        if isinstance(v, dict) and "__error__" in v:
            return load_error(v["__error__"])
        if isinstance(v, dict) and "__term__" in v:
            return Term(v["__term__"])
        return v

    plural = data.get("plural")
    template = data["template"] if plural is None else (data["template"], plural)
    details = {k: value(v) for k, v in data.get("details", {}).items()}
    return PlanszaError(
        template, code=data.get("code"), plural_field=data.get("plural_field"), **details
    )


class Cluster:
    """This process among the others on one Redis (see the module's docstring).

    The hub gives the callbacks: ``on_step(game, step)`` for a step of a followed
    game, ``on_ask(message)`` for an action forwarded to this process (it answers with
    :meth:`answer`), ``on_dead(process)`` when another process's lease has expired.
    """

    def __init__(self, url: str, clock: Callable[[], float]) -> None:
        self.url = url
        self.clock = clock
        self.me = secrets.token_hex(6)
        self.client: Any = None
        self._pubsub: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._followed: set[str] = set()
        #: (Un)subscriptions for the listener to make: it alone uses the subscriber's
        #: connection (a command sent from another task while it reads breaks it).
        self._changes: list[tuple[str, str, asyncio.Future[None]]] = []
        self._scripts: dict[str, Any] = {}
        self._stopping = threading.Event()
        self._beat: threading.Thread | None = None
        self._asks: set[asyncio.Task[None]] = set()
        self.on_step: Callable[[str, dict[str, Any]], None] = lambda game, step: None
        self.on_ask: Callable[[dict[str, Any]], Coroutine[Any, Any, None]] | None = None
        self.on_dead: Callable[[str], Awaitable[None]] | None = None
        #: Called when this process finds its own lease had expired (it was stalled):
        #: its games may have been taken over.
        self.on_lapsed: Callable[[], Coroutine[Any, Any, None]] | None = None
        #: Called when a process changed its part of the lobby (server/lobby.py).
        self.on_lobby: Callable[[], None] = lambda: None

    # ---- keys ---------------------------------------------------------------------

    @staticmethod
    def owner_key(game: str) -> str:
        return f"{PREFIX}owner:{game}"

    @staticmethod
    def channel(game: str) -> str:
        return f"{PREFIX}game:{game}"

    def _inbox(self, process: str) -> str:
        return f"{PREFIX}ask:{process}"

    def _replies(self, process: str) -> str:
        return f"{PREFIX}reply:{process}"

    # ---- life -----------------------------------------------------------------------

    async def start(self) -> None:
        """Connect, take the lease and listen (the callbacks must be set before)."""
        import redis.asyncio as aioredis

        # a blocking pool: a burst (a takeover's claims, many forwarded moves) waits for
        # a connection instead of failing with "too many connections"
        pool = aioredis.BlockingConnectionPool.from_url(
            self.url,
            max_connections=POOL,
            timeout=10,
            socket_connect_timeout=3,
            decode_responses=True,
        )
        self.client = aioredis.Redis(connection_pool=pool)
        scripts = (
            ("claim", _CLAIM),
            ("claim_many", _CLAIM_MANY),
            ("owner", _OWNER),
            ("beat", _BEAT),
            ("pop", _POP),
        )
        for name, source in scripts:
            self._scripts[name] = self.client.register_script(source)
        await self._scripts["beat"](
            keys=self._beat_keys(), args=[repr(self.clock()), int(LEASE * 1000), self.me]
        )
        self._pubsub = self.client.pubsub()
        await self._pubsub.subscribe(
            self._inbox(self.me), self._replies(self.me), f"{PREFIX}lobby"
        )
        self._tasks = [
            asyncio.create_task(self._listen()),
            asyncio.create_task(self._watching()),
        ]
        self._beat = threading.Thread(
            target=self._beating, args=(asyncio.get_running_loop(),), daemon=True
        )
        self._beat.start()

    async def stop(self) -> None:
        """Let go: this process's key is removed, so the others take its games over at
        their next look (its steps are all written by then: the hub drains first)."""
        self._stopping.set()
        if self._beat is not None:
            await asyncio.to_thread(self._beat.join, 5)
        for task in self._tasks:
            task.cancel()
        # A cancel that lands as the listener's read times out can be lost (asyncio's
        # timeout in Python 3.11): the loops also end on _stopping, within a POLL.
        await asyncio.wait(self._tasks, timeout=POLL + 1)
        if self.client is not None:
            with contextlib.suppress(Exception):
                await self.client.hset(f"{PREFIX}alive", self.me, repr(self.clock()))
                await self.client.delete(f"{PREFIX}proc:{self.me}")
                await self.client.hdel(f"{PREFIX}lobby", self.me)
                await self.client.publish(f"{PREFIX}lobby", "{}")
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
            with contextlib.suppress(Exception):
                await self.client.aclose()
            with contextlib.suppress(Exception):  # a pool handed in is not closed with it
                await self.client.connection_pool.disconnect()

    def _beat_keys(self) -> list[str]:
        """The keys of :data:`_BEAT`: this process's, the alive hash, the processes,
        the mark a claim leaves when it found this process's key gone."""
        mine = f"{PREFIX}proc:{self.me}"
        return [mine, f"{PREFIX}alive", f"{PREFIX}procs", f"{PREFIX}lapsed:{self.me}"]

    def _beating(self, loop: asyncio.AbstractEventLoop) -> None:
        """The lease renewed every :data:`BEAT`, in a thread of its own: a busy event
        loop (a burst of moves) does not let it expire; a dead process does."""
        import redis

        client = redis.Redis.from_url(self.url, socket_connect_timeout=3, socket_timeout=3)
        beat = client.register_script(_BEAT)
        keys = self._beat_keys()
        first, lost = True, False
        try:
            while not self._stopping.is_set():
                try:
                    kept = beat(keys=keys, args=[repr(self.clock()), int(LEASE * 1000), self.me])
                    if lost:
                        lost = False
                        log.warning("Redis at %s is back", self.url)
                    if not kept and not first and self.on_lapsed is not None:
                        log.warning("this process's lease had expired: checking its games")
                        asyncio.run_coroutine_threadsafe(self.on_lapsed(), loop)
                    first = False
                except Exception as e:  # Redis away: the games go on where they are
                    if not lost:
                        lost = True
                        log.warning("Redis at %s is away (%s)", self.url, e)
                self._stopping.wait(BEAT)
        finally:
            client.close()

    async def _watching(self) -> None:
        while not self._stopping.is_set():
            with contextlib.suppress(Exception):  # Redis away: said by the beat
                await self._look_at_others()
            await asyncio.sleep(BEAT)

    async def _look_at_others(self) -> None:
        procs = [p for p in await self.client.smembers(f"{PREFIX}procs") if p != self.me]
        if not procs:
            return
        async with self.client.pipeline(transaction=False) as pipe:
            for p in procs:
                pipe.exists(f"{PREFIX}proc:{p}")
            alive = await pipe.execute()
        for p, up in zip(procs, alive, strict=True):
            if not up and self.on_dead is not None:
                await self.on_dead(p)

    # ---- ownership --------------------------------------------------------------------

    async def claim(self, game: str) -> tuple[str, str | None]:
        """Take ``game`` unless a live process owns it: (its owner now, the process it
        was taken from — ``None`` when it had no owner or this one had it)."""
        owner, previous = await self._scripts["claim"](
            keys=[self.owner_key(game)], args=[self.me, PREFIX, game, int(LEASE * 1000)]
        )
        return str(owner), (str(previous) or None)

    async def claim_many(self, games: list[str]) -> dict[str, str | None]:
        """:meth:`claim` for many games in one call: the games this process took, with
        the process each was taken from (``None``: none)."""
        if not games:
            return {}
        flat = await self._scripts["claim_many"](
            keys=[], args=[self.me, PREFIX, int(LEASE * 1000), *games]
        )
        taken: dict[str, str | None] = {}
        for i, game in enumerate(games):
            owner, previous = str(flat[2 * i]), str(flat[2 * i + 1])
            if owner == self.me and previous:
                taken[game] = previous
        return taken

    async def owner(self, game: str) -> str | None:
        """The live owner of ``game`` (``None``: none, or it is dead)."""
        found = await self._scripts["owner"](keys=[self.owner_key(game)], args=[PREFIX])
        return str(found) or None

    async def owned_by(self, process: str) -> list[str]:
        """The games a process owned (when it died, still named as theirs)."""
        return sorted(await self.client.smembers(f"{PREFIX}owned:{process}"))

    async def alive_at(self, process: str) -> float | None:
        """The last time ``process`` said it was alive."""
        at = await self.client.hget(f"{PREFIX}alive", process)
        return float(at) if at is not None else None

    async def forget(self, process: str) -> None:
        """A dead process whose games all have another owner now."""
        if await self.client.scard(f"{PREFIX}owned:{process}") == 0:
            await self.client.srem(f"{PREFIX}procs", process)
            await self.client.hdel(f"{PREFIX}alive", process)

    async def finished(self, game: str) -> None:
        """A game over: no one needs to own it any more."""
        await self.client.srem(f"{PREFIX}owned:{self.me}", game)
        await self.client.delete(self.owner_key(game))
        await self.client.hdel(f"{PREFIX}seeks", game)

    # ---- steps out, actions in --------------------------------------------------------

    async def follow(self, game: str) -> None:
        """Subscribe to ``game``'s channel: a step published once this returns comes to
        :attr:`on_step`. Raises when Redis is away (the caller tries again)."""
        if game not in self._followed:
            await self._change("subscribe", self.channel(game))
            self._followed.add(game)  # only once subscribed: Redis away, it is tried again

    async def unfollow(self, game: str) -> None:
        if game in self._followed:
            self._followed.discard(game)
            await self._change("unsubscribe", self.channel(game))

    async def _change(self, kind: str, channel: str) -> None:
        """Have the listener (un)subscribe ``channel``, and wait until it has: it is
        woken by a message of no use on this process's own replies channel (sent on
        another connection), which it reads at once."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        change = (kind, channel, done)
        self._changes.append(change)
        try:
            await self.client.publish(self._replies(self.me), "{}")
        except Exception:  # Redis away: not made, the caller tries again
            if change in self._changes:
                self._changes.remove(change)
            raise
        await done

    async def publish(self, game: str, step: dict[str, Any]) -> None:
        await self.client.publish(self.channel(game), json.dumps(step, ensure_ascii=False))

    async def ask(self, owner: str, message: dict[str, Any]) -> dict[str, Any] | None:
        """Send ``message`` (an action for a game) to its owner and wait for the answer;
        ``None`` when none came within :data:`ASK` seconds."""
        ask_id = secrets.token_hex(8)
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[ask_id] = future
        try:
            body = {**message, "id": ask_id, "from": self.me}
            if not await self.client.publish(self._inbox(owner), json.dumps(body)):
                return None  # no one listens there: the owner is gone
            return await asyncio.wait_for(future, ASK)
        except TimeoutError:
            return None
        finally:
            self._waiting.pop(ask_id, None)

    async def answer(self, message: dict[str, Any], reply: dict[str, Any]) -> None:
        await self.client.publish(
            self._replies(str(message["from"])), json.dumps({**reply, "id": message["id"]})
        )

    async def _listen(self) -> None:
        """The one task that reads and writes the subscriber's connection: the
        subscriptions asked for (:meth:`_change`), then a message if one comes within
        :data:`POLL`. redis-py subscribes again to every channel when it reconnects."""
        while not self._stopping.is_set():
            try:
                while self._changes:
                    kind, channel, done = self._changes.pop(0)
                    try:
                        await getattr(self._pubsub, kind)(channel)
                    except Exception as e:
                        if not done.done():
                            done.set_exception(e)
                        raise
                    if not done.done():
                        done.set_result(None)
                message = await self._pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=POLL
                )
                if message is not None and message.get("type") == "message":
                    self._received(message["channel"], json.loads(message["data"]))
            except asyncio.CancelledError:
                for _, _, done in self._changes:
                    done.cancel()
                raise
            except Exception as e:
                log.warning("Redis at %s: listening again after %s", self.url, e)
                await asyncio.sleep(BEAT)

    def _received(self, channel: str, data: dict[str, Any]) -> None:
        if channel == f"{PREFIX}lobby":
            self.on_lobby()
        elif channel.startswith(f"{PREFIX}game:"):
            self.on_step(channel[len(PREFIX) + 5 :], data)
        elif channel == self._replies(self.me):
            future = self._waiting.get(str(data.get("id")))
            if future is not None and not future.done():
                future.set_result(data)
        elif channel == self._inbox(self.me) and self.on_ask is not None:
            task = asyncio.create_task(self.on_ask(data))
            self._asks.add(task)
            task.add_done_callback(self._asks.discard)

    # ---- the lobby's open seeks -----------------------------------------------------------

    async def add_seek(self, game: str, seek: dict[str, Any]) -> None:
        await self.client.hset(f"{PREFIX}seeks", game, json.dumps(seek, ensure_ascii=False))

    async def take_seek(self, game: str) -> dict[str, Any] | None:
        found = await self._scripts["pop"](keys=[f"{PREFIX}seeks"], args=[game])
        return json.loads(found) if found else None

    async def seeks(self) -> list[dict[str, Any]]:
        return [json.loads(v) for v in (await self.client.hgetall(f"{PREFIX}seeks")).values()]

    # ---- the lobby: each process's part (server/lobby.py) --------------------------------

    async def put_lobby(self, part: dict[str, Any], *, tell: bool = True) -> None:
        """This process's part of the lobby, kept under its name; with ``tell`` every
        process (this one too) is told that the lobby changed."""
        await self.client.hset(f"{PREFIX}lobby", self.me, json.dumps(part, ensure_ascii=False))
        if tell:
            await self.client.publish(f"{PREFIX}lobby", "{}")

    async def lobby_parts(self) -> list[dict[str, Any]]:
        """Every process's part of the lobby (a dead one's too: the reader drops the
        stale ones by their time)."""
        return [json.loads(v) for v in (await self.client.hgetall(f"{PREFIX}lobby")).values()]

    async def drop_lobby(self, process: str) -> None:
        """A dead process's part of the lobby removed, and every process told."""
        if await self.client.hdel(f"{PREFIX}lobby", process):
            await self.client.publish(f"{PREFIX}lobby", "{}")

"""Live games in the server process: one owner per game, steps stored before they are sent.

A :class:`LiveGame` owns one :class:`~plansza.services.live.LiveTable`. Actions come
in from the seats' connections (and from the computer and the clock); the owner
applies them one at a time under its lock, writes the step to the database, and only
then puts it on every subscriber's queue with the view that subscriber may see. A
client that reconnects names the last step it saw and gets the steps after it.

The :class:`Hub` keeps the games of the process: it loads a game from the database
on first use (replaying its steps) and, at start, every game not over. A server that
died is charged to the last second it was known alive (a heartbeat row): the time a
player had then is the time they have when the game comes back (a ``resume`` step).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from anyio import to_thread

from plansza.errors import PlanszaError
from plansza.server.store import Store
from plansza.services.live import LiveTable, Step

Clock = Callable[[], float]


def token_hash(token: str) -> str:
    """What is stored of a seat's secret token (the token itself is only the player's)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Subscriber:
    """A connection watching a game: its seat (``None``: a spectator) and its queue."""

    seat: int | None
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)


class LiveGame:
    """The owner of one live game (see the module's docstring)."""

    def __init__(self, hub: Hub, game_id: str, setup: dict[str, Any], table: LiveTable) -> None:
        self.hub = hub
        self.id = game_id
        self.setup = setup
        self.table = table
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self._computer: asyncio.Task[None] | None = None
        self._timer: asyncio.Task[None] | None = None

    # ---- seats ----------------------------------------------------------------

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is (``None``: a spectator)."""
        if not token:
            return None
        digest = token_hash(token)
        for seat, stored in enumerate(self.setup.get("tokens", [])):
            if stored and secrets.compare_digest(stored, digest):
                return seat
        return None

    # ---- acting ----------------------------------------------------------------

    async def act(self, seat: int | None, action: dict[str, Any]) -> Step:
        """Apply an action of ``seat``; stored, then sent. Raises the domain's error
        (nothing changed, nothing sent) when it cannot be made."""
        async with self.lock:
            step = await self._apply(seat, action)
        self.wake()
        return step

    async def _apply(self, seat: int | None, action: dict[str, Any]) -> Step:
        table = self.table
        before = len(table.steps)
        step = table.apply(seat, action, now=self.hub.clock())
        try:
            await self.hub.writer.append(self.id, step, over=table.over)
        except BaseException:
            # not stored: not made. Rebuild the table from what the database holds.
            del table.steps[before:]
            self.table = self.hub.rebuild(self.setup, table.steps)
            raise
        self._send(step)
        return step

    def _send(self, step: Step) -> None:
        now = self.hub.clock()
        for sub in self.subscribers:
            sub.queue.put_nowait(
                {"type": "step", "step": step.as_json(), "view": self.table.view(sub.seat, now)}
            )

    def wake(self) -> None:
        """Let the computer act if it is its turn, and watch the running clock."""
        if self.table.over:
            for task in (self._computer, self._timer):
                if task is not None and task is not asyncio.current_task():
                    task.cancel()
            return
        seat = self.table.computer_seat()
        if seat is not None and (self._computer is None or self._computer.done()):
            self._computer = asyncio.create_task(self._computer_acts())
        self._watch_clock()

    async def _computer_acts(self) -> None:
        while True:
            async with self.lock:
                seat = self.table.computer_seat()
                if seat is None:
                    break
                action = await to_thread.run_sync(self.table.computer_action, seat)
                await self._apply(seat, action)
            await asyncio.sleep(0)
        self._watch_clock()

    def _watch_clock(self) -> None:
        g = self.table.game
        if g.clock is None or g.result is not None or g.clock.running is None:
            return
        if self._timer is not None and not self._timer.done():
            self._timer.cancel()
        left = g.clock.remaining(g.clock.running, self.hub.clock())
        self._timer = asyncio.create_task(self._flag_after(max(0.0, left) + 0.05))

    async def _flag_after(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
        async with self.lock:
            g = self.table.game
            clock, now = g.clock, self.hub.clock()
            running = clock.running if clock is not None else None
            if g.result is None and clock is not None and running is not None:
                with contextlib.suppress(PlanszaError):  # not fallen (a move came first)
                    if clock.flagged(running, now):
                        await self._apply(None, {"kind": "flag"})
        self.wake()

    # ---- watching ----------------------------------------------------------------

    def subscribe(self, seat: int | None, last: int = 0) -> Subscriber:
        """A subscriber, first given the steps after ``last`` and the view now."""
        sub = Subscriber(seat)
        for step in self.table.steps[max(0, last) :]:
            sub.queue.put_nowait({"type": "step", "step": step.as_json()})
        sub.queue.put_nowait({"type": "view", "view": self.table.view(seat, self.hub.clock())})
        self.subscribers.add(sub)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)


class Writer:
    """Every game's steps into the database, a burst in one transaction.

    A step is written before it is sent (its owner waits for :meth:`append`). The steps
    that arrive while a write is in progress — from any games — are written together
    next, in one transaction: under load one commit serves many moves, and a step
    still waits for its own commit. A batch that fails is written again one step at a
    time, so only the step that cannot be stored fails.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: list[tuple[str, Step, bool, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None

    async def append(self, game_id: str, step: Step, *, over: bool) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((game_id, step, over, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._flush())
        await asyncio.shield(future)

    async def _flush(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            rows = [(game_id, step, over) for game_id, step, over, _ in batch]
            try:
                await to_thread.run_sync(self.store.append_many, rows)
            except Exception:
                for game_id, step, over, future in batch:
                    try:
                        await to_thread.run_sync(self.store.append_many, [(game_id, step, over)])
                    except Exception as e:
                        future.set_exception(e)
                    else:
                        future.set_result(None)
            else:
                for *_, future in batch:
                    future.set_result(None)

    async def drain(self) -> None:
        """Wait for the steps already handed over to be written."""
        if self._task is not None:
            # a write cancelled, or begun in another event loop (a test's second client),
            # has nothing left to wait for
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await self._task


class Hub:
    """The live games of this process, and the database behind them."""

    def __init__(self, store: Store, words: Any, clock: Clock = time.time) -> None:
        self.store = store
        self.writer = Writer(store)
        self.words = words
        self.clock = clock
        self.games: dict[str, LiveGame] = {}
        #: Open seeks by game id (``server.app.Seek``): waiting for anyone to take seat 1.
        self.seeks: dict[str, Any] = {}
        self._beat: asyncio.Task[None] | None = None

    def rebuild(self, setup: dict[str, Any], steps: list[Step]) -> LiveTable:
        """The table of a stored game, its steps replayed at their recorded times."""
        return LiveTable.replay(
            rules=setup["rules"],
            minutes=setup["minutes"],
            seed=setup["seed"],
            seats=(setup["seats"][0], setup["seats"][1]),
            names=(setup["names"][0], setup["names"][1]),
            words=self.words,
            starting=setup["starting"],
            started=setup["started"],
            steps=steps,
        )

    async def create(
        self,
        *,
        rules: str,
        minutes: int,
        seats: tuple[str, str],
        names: tuple[str, str],
        seed: int,
        starting: int | None,
    ) -> tuple[LiveGame, list[str]]:
        """A new game, stored; its owner and the seats' secret tokens (``""`` for a
        computer's seat)."""
        now = self.clock()
        table = LiveTable.new(
            rules=rules,
            minutes=minutes,
            seed=seed,
            seats=seats,
            names=names,
            words=self.words,
            starting=starting,
            now=now,
        )
        tokens = [secrets.token_urlsafe(18) if s == "person" else "" for s in seats]
        game_id = secrets.token_urlsafe(9)
        setup = {
            "rules": rules,
            "minutes": minutes,
            "seed": seed,
            "seats": list(seats),
            "names": list(names),
            # as asked: ``None`` (drawn, TR 2.1) is drawn again from the seed on replay;
            # the drawn seat given instead would skip that draw and change the bag
            "starting": starting,
            "started": now,
            "tokens": [token_hash(t) if t else "" for t in tokens],
        }
        await to_thread.run_sync(lambda: self.store.create_game(game_id, now, setup))
        live = LiveGame(self, game_id, setup, table)
        self.games[game_id] = live
        live.wake()
        return live, tokens

    async def get(self, game_id: str) -> LiveGame | None:
        """The game ``game_id``, loaded from the database on first use; ``None`` if none."""
        if game_id in self.games:
            return self.games[game_id]
        found = await to_thread.run_sync(lambda: self.store.load(game_id))
        if found is None:
            return None
        setup, steps, _over = found
        live = LiveGame(self, game_id, setup, self.rebuild(setup, steps))
        self.games.setdefault(game_id, live)
        return self.games[game_id]

    async def start(self) -> None:
        """Bring back every game not over (a restarted server), then beat every second."""
        alive_at = await to_thread.run_sync(self.store.alive_at)
        for game_id in await to_thread.run_sync(self.store.live_ids):
            live = await self.get(game_id)
            if live is None or live.table.over:
                continue
            g = live.table.game
            if g.clock is not None and g.clock.running is not None:
                # alive at the last beat, and at the last step even if that came later
                last = live.table.steps[-1].at if live.table.steps else live.setup["started"]
                down = max(last, alive_at if alive_at is not None else last)
                async with live.lock:
                    await live._apply(None, {"kind": "resume", "from": down})
            live.wake()
        self._beat = asyncio.create_task(self._heartbeat())

    async def _heartbeat(self) -> None:
        while True:
            await to_thread.run_sync(self.store.beat, self.clock())
            await asyncio.sleep(1.0)

    async def stop(self) -> None:
        tasks = [self._beat] + [t for g in self.games.values() for t in (g._computer, g._timer)]
        for task in tasks:
            if task is not None:
                task.cancel()
        for task in tasks:
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        await self.writer.drain()
        self.store.close()  # every step is written: the pooled connections may go

"""Live games in the server process: one owner per game, steps stored before they are sent.

A :class:`LiveGame` owns one :class:`~plansza.services.live.LiveTable`. Actions come
in from the seats' connections (and from the computer and the clock); the owner
applies them one at a time under its lock, writes the step to the database, and only
then puts it on every subscriber's queue as that subscriber may see it: the message
for each kind of reader (seat 0, seat 1, a spectator) is built once per step by the
table (:meth:`~plansza.services.live.LiveTable.message`) and shared by every
connection of that kind. A client that reconnects names the last step it saw and gets
the steps after it.

The :class:`Hub` keeps the games of the process: it loads a game from the database
on first use (replaying its steps) and, at start, every game not over. A server that
died is charged to the last second it was known alive (a heartbeat row): the time a
player had then is the time they have when the game comes back (a ``resume`` step).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import msgspec
from anyio import to_thread

from plansza.errors import N_, PlanszaError
from plansza.server.store import Store

if TYPE_CHECKING:
    from plansza.server.cluster import Cluster
from plansza.server.lobby import Lobby
from plansza.services.live import (
    ARRIVAL,
    Action,
    Cancel,
    Cancelled,
    Ended,
    Flag,
    LiveError,
    LiveTable,
    Reader,
    Rematch,
    Resume,
    Setup,
    Started,
    Step,
    action_of,
    live_rules,
)
from plansza.services.ratings import Outcome, outcome_of

#: The events that change the lobby's list of games being played.
LOBBY_EVENTS = (Started, Ended, Cancelled)

Clock = Callable[[], float]

log = logging.getLogger(__name__)

#: Seconds between two looks at a far deadline (server/live.py: LiveGame._watch_clock).
RECHECK = 60.0
#: Games a process takes over at once from a dead one.
TAKEOVERS = 16
#: Seconds a forwarded action waits for an owner (taking the game over when its owner
#: is dead) before the player is told to try again.
FORWARD_PATIENCE = 10.0
#: What a player is told when Redis (or the database) does not answer: opening a game
#: this process has not loaded, or a move its owner never answered.
NO_ANSWER = N_("the game's server does not answer; try again")


class SteppedDownError(Exception):
    """This process found another owning the game as it stored a step (internal:
    the action is forwarded to the new owner)."""


def _taken(e: BaseException) -> bool:
    """Whether a failed write is a step number already stored (by another owner)."""
    import sqlalchemy.exc

    return isinstance(e, sqlalchemy.exc.IntegrityError)


def token_hash(token: str) -> str:
    """What is stored of a seat's secret token (the token itself is only the player's)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Subscriber:
    """A connection watching a game: its seat (``None``: a spectator) and its queue of
    JSON messages, ready to send."""

    seat: int | None
    queue: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    #: the chat's authors (nicknames, case-folded) this reader muted (server/chat.py)
    muted: set[str] = field(default_factory=set)
    #: the event loop its connection runs on (one in a server; a test's clients may
    #: each have their own, and a queue is woken only from its own loop)
    loop: asyncio.AbstractEventLoop | None = None

    def put(self, text: str) -> None:
        """``text`` on the queue, from whichever loop."""
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if self.loop is None or self.loop is here:
            self.queue.put_nowait(text)
        else:
            self.loop.call_soon_threadsafe(self.queue.put_nowait, text)
    #: The last step it has been sent (or had seen, reconnecting): a replica behind
    #: the client sends nothing twice.
    seen: int = 0


class LiveGame:
    """The owner of one live game (see the module's docstring)."""

    def __init__(self, hub: Hub, game_id: str, table: LiveTable) -> None:
        self.hub = hub
        self.id = game_id
        self.table = table
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self._computer: asyncio.Task[None] | None = None
        self._timer: asyncio.Task[None] | None = None
        self._alarm: asyncio.TimerHandle | None = None
        #: Whether this process applies the game's actions (always, without a
        #: cluster); else it keeps a replica of the owner's steps (server/cluster.py).
        self.owned = True
        self._catching_up = False
        #: Forwarded actions made, by their id: the step each made (the last few).
        self.answered: dict[str, int] = {}

    # ---- seats ----------------------------------------------------------------

    @property
    def setup(self) -> Setup:
        return self.table.setup

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is (``None``: a spectator)."""
        if not token:
            return None
        return self.table.seat_of_owner(token_hash(token))

    # ---- acting ----------------------------------------------------------------

    async def act(self, seat: int | None, action: Action) -> Step:
        """Apply an action of ``seat``; stored, then sent. Raises the domain's error
        (nothing changed, nothing sent) when it cannot be made. A replica forwards it
        to the game's owner and returns the step once it has it too. A rematch
        accepted makes the new game first (the step names it)."""
        while True:
            if not self.owned:
                return await self.hub.forward(self, seat, action)
            async with self.lock:
                if not self.owned:
                    continue  # stepped down while waiting: forward
                try:
                    step = await self._apply(seat, action)
                except SteppedDownError:
                    continue
            self.wake()
            return step

    async def _rematch(self, seat: int) -> Rematch:
        """The new game of an accepted rematch, made and stored: the answer naming it."""
        self.table.can_accept_rematch(seat)
        made = await self.hub.create_from(self.table.rematch_setup(self.hub.clock()))
        await to_thread.run_sync(self.hub.store.seats.copy, self.id, made.id)
        return Rematch("yes", game=made.id)

    async def _apply(self, seat: int | None, action: Action) -> Step:
        if isinstance(action, Rematch) and action.answer == "yes" and seat is not None:
            action = await self._rematch(seat)  # the new game first: the step names it
        table = self.table
        before = len(table.steps)
        was_over = table.over
        step = table.apply(seat, action, now=self.hub.clock())
        # the step that ends a rated game changes the ratings in its own transaction
        outcome = outcome_of(table) if table.over and not was_over else None
        try:
            await self.hub.writer.append(self.id, step, over=table.over, outcome=outcome)
        except BaseException as e:
            # not stored: not made. Rebuild the table from what the database holds.
            del table.steps[before:]
            self.table = self.hub.rebuild(table.setup, table.steps)
            if self.hub.cluster is not None and _taken(e):
                # another process stored this step's number: it owns the game now
                await self.hub.step_down(self)
                raise SteppedDownError from e
            raise
        self._send(step)
        if self.hub.cluster is not None:
            await self.hub.published(self, step)
        return step

    def _send(self, step: Step) -> None:
        """``step`` to every subscriber as its kind of reader may see it: each message
        built once, for the first subscriber of its kind."""
        now = self.hub.clock()
        if self.owned and any(isinstance(e, LOBBY_EVENTS) for e in step.events):
            self.hub.lobby.touch()  # a game began or ended: the lobby's list changed
        if any(isinstance(e, Ended) for e in step.events):
            self.hub._spawn(self._open_chats())  # each side may read the other's now
        built: dict[tuple[Reader, bool], str] = {}
        for sub in self.subscribers:
            if step.n < sub.seen:
                continue
            had = step.n == sub.seen  # the client had it: the replica has caught up to it
            key = (sub.seat, had)
            if key not in built:
                built[key] = self.table.message(None if had else step, sub.seat, now).decode()
            sub.seen = step.n
            sub.put(built[key])

    async def _open_chats(self) -> None:
        """The game is over: each reader gets the other side's chat so far."""
        from plansza.server.chat_core import PLAYERS, SPECTATORS, history

        for sub in list(self.subscribers):
            other = SPECTATORS if sub.seat is not None else PLAYERS
            with contextlib.suppress(Exception):
                await history(self, sub, (other,))

    def wake(self) -> None:
        """Let the computer act if it is its turn (a move, an answer, a rematch's),
        and watch the running clock (the owner's work: a replica has none)."""
        if not self.owned:
            self.quiet()
            return
        if self.table.over:
            self.quiet(computer=False)
        seat = self.table.computer_seat()
        if seat is not None and (self._computer is None or self._computer.done()):
            self._computer = asyncio.create_task(self._computer_acts())
        if not self.table.over:
            self._watch_clock()

    def quiet(self, *, computer: bool = True) -> None:
        """Stop watching the clock (and, with ``computer``, the computer's work)."""
        if self._alarm is not None:
            self._alarm.cancel()
            self._alarm = None
        for task in (self._computer if computer else None, self._timer):
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    async def _computer_acts(self) -> None:
        while True:
            async with self.lock:
                seat = self.table.computer_seat() if self.owned else None
                if seat is None:
                    break
                action = await to_thread.run_sync(self.table.computer_action, seat)
                try:
                    await self._apply(seat, action)
                except SteppedDownError:
                    return
            await asyncio.sleep(0)
        self._watch_clock()

    def _watch_clock(self) -> None:
        """Wake when the time alone decides something: a flag falls, a challenge window
        of a player out of time closes, the second player has not come. One timer
        handle a game, moved at each step (a task is made only when it fires)."""
        if self._alarm is not None:
            self._alarm.cancel()
            self._alarm = None
        left = self.table.deadline(self.hub.clock())
        if left is None:
            return
        # a far deadline (a correspondence game's days) is looked at again every
        # RECHECK seconds: a clock set forward, a machine that slept, is noticed
        delay = min(left + 0.05, self.hub.recheck)
        self._alarm = asyncio.get_running_loop().call_later(delay, self._ring)

    def _ring(self) -> None:
        self._alarm = None
        if self._timer is None or self._timer.done():
            self._timer = asyncio.create_task(self._tick())

    async def _tick(self) -> None:
        async with self.lock:
            table, now = self.table, self.hub.clock()
            left = table.deadline(now)
            if self.owned and left is not None and left <= 0.0:
                action: Action = Flag() if table.started else Cancel()
                with contextlib.suppress(PlanszaError, SteppedDownError):  # nothing yet
                    await self._apply(None, action)
        self.wake()

    # ---- a replica --------------------------------------------------------------

    def receive(self, data: dict[str, Any]) -> None:
        """A step the owner published: replayed here and sent to this process's
        subscribers. One missed (a gap) is read from the database."""
        if "chat" in data:  # a chat message written on another process
            if self.hub.cluster is None or data.get("from") != self.hub.cluster.me:
                from plansza.server.chat_core import deliver

                deliver(self, data["chat"])
            return
        if self.owned:
            return
        have = len(self.table.steps)
        n = int(data.get("n", 0))
        if n <= have:
            return
        if n > have + 1:
            self.hub.catch_up(self)
            return
        step = self.table.apply(data.get("seat"), action_of(data.get("action")), now=data["at"])
        self._send(step)

    def caught_up(self, rows: list[Step]) -> None:
        """Steps read from the database after the replica's last, replayed and sent."""
        for row in rows:
            if row.n == len(self.table.steps) + 1:
                self._send(self.table.apply(row.seat, row.action, now=row.at))

    # ---- watching ----------------------------------------------------------------

    def subscribe(self, seat: int | None, last: int = 0) -> Subscriber:
        """A subscriber, first given the steps after ``last`` and the view now (each
        as ``seat`` may see it)."""
        sub = Subscriber(seat, seen=max(0, last), loop=asyncio.get_running_loop())
        for step in self.table.steps[max(0, last) :]:
            sub.queue.put_nowait(self.table.step_message(step, seat).decode())
            sub.seen = step.n
        sub.queue.put_nowait(self.table.message(None, seat, self.hub.clock()).decode())
        self.subscribers.add(sub)
        if last > len(self.table.steps) and not self.owned:
            self.hub.catch_up(self)  # the client has seen more than this replica yet
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
        self._waiting: list[tuple[str, Step, bool, Outcome | None, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None

    async def append(
        self, game_id: str, step: Step, *, over: bool, outcome: Outcome | None = None
    ) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((game_id, step, over, outcome, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._flush())
        await asyncio.shield(future)

    async def _flush(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            rows = [(game_id, step, over) for game_id, step, over, _, _ in batch]
            outcomes = {game_id: o for game_id, _, _, o, _ in batch if o is not None}
            try:
                await to_thread.run_sync(self.store.games.append_many, rows, outcomes)
            except Exception:
                for game_id, step, over, outcome, future in batch:
                    try:
                        await to_thread.run_sync(
                            self.store.games.append_many,
                            [(game_id, step, over)],
                            {game_id: outcome} if outcome else None,
                        )
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

    def __init__(
        self,
        store: Store,
        words: Any,
        clock: Clock = time.time,
        cluster: Cluster | None = None,
        arrival: float = ARRIVAL,
    ) -> None:
        self.store = store
        #: Seconds a game waits for its second player (then it is called off).
        self.arrival = arrival
        #: The longest a game's alarm sleeps before its deadline is looked at again.
        self.recheck = RECHECK
        self.writer = Writer(store)
        self.words = words
        self.clock = clock
        #: The other processes sharing these games (``serve --redis``), or ``None``.
        self.cluster = cluster
        self.games: dict[str, LiveGame] = {}
        #: Open seeks by game id (``server.app.Seek``): waiting for anyone to take seat 1
        #: (in a cluster they are kept in Redis, for every process's lobby).
        self.seeks: dict[str, Any] = {}
        self._beat: asyncio.Task[None] | None = None
        #: Who is online and what is played, for the lobby (server/lobby.py).
        self.lobby = Lobby(self)
        self._loading: dict[str, asyncio.Lock] = {}
        self._burying: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()

    def rebuild(self, setup: Setup | dict[str, Any], steps: list[Step]) -> LiveTable:
        """The table of a stored game, its steps replayed at their recorded times."""
        if isinstance(setup, dict):
            setup = Setup.from_stored(setup)
        return LiveTable.replay(setup, words=self.words, steps=steps)

    async def create(
        self,
        *,
        rules: str,
        minutes: int,
        seats: tuple[str, ...],
        names: tuple[str, ...],
        seed: int,
        starting: int | None,
        owners: tuple[str, ...] = ("", ""),
        invite: str = "",
        waiting: bool = False,
        rated: bool = False,
        days: int = 0,
        invites: tuple[str, ...] = (),
    ) -> LiveGame:
        """A new game, stored, and its owner. ``owners``: the seats' proofs (hashes of
        their tokens, :func:`token_hash`); with ``waiting`` the clocks start when every
        person seat is taken (an open seat's owner is ``""``); ``invite``: the hash of
        the invitation's code; ``rated``: the ratings change when it ends; ``days``: a
        correspondence game, each move within so many days (``minutes`` 0)."""
        # as asked: ``None`` (drawn, TR 2.1) is drawn again from the seed on replay;
        # the drawn seat given instead would skip that draw and change the bag
        table = LiveTable.new(
            rules=live_rules(rules, minutes, len(seats)),
            preset=rules,
            seed=seed,
            seats=seats,
            names=names,
            words=self.words,
            starting=starting,
            now=self.clock(),
            owners=owners,
            invite=invite,
            invites=invites if any(invites) else (),
            waiting=waiting,
            arrival=self.arrival,
            rated=rated,
            days=days,
        )
        return await self._store_new(table)

    async def create_from(self, setup: Setup) -> LiveGame:
        """A new game of ``setup`` (a rematch's), stored, and its owner."""
        setup.started = self.clock()
        return await self._store_new(self.rebuild(setup, []))

    async def _store_new(self, table: LiveTable) -> LiveGame:
        game_id = secrets.token_urlsafe(9)
        stored = table.setup.stored()
        created = table.setup.started
        await to_thread.run_sync(lambda: self.store.games.create(game_id, created, stored))
        if self.cluster is not None:
            await self.cluster.claim(game_id)  # a new id: no one else has it
        live = LiveGame(self, game_id, table)
        self.games[game_id] = live
        live.wake()
        self.lobby.touch()  # a game against the computer is played from now
        return live

    async def get(self, game_id: str) -> LiveGame | None:
        """The game ``game_id``, loaded from the database on first use; ``None`` if none.
        In a cluster it is taken over when no live process owns it, else followed."""
        if game_id in self.games:
            return self.games[game_id]
        if self.cluster is None:
            found = await to_thread.run_sync(lambda: self.store.games.load(game_id))
            if found is None:
                return None
            setup, steps, _over = found
            live = LiveGame(self, game_id, self.rebuild(setup, steps))
            self.games.setdefault(game_id, live)
            return self.games[game_id]
        loading = self._loading.setdefault(game_id, asyncio.Lock())
        async with loading:
            if game_id in self.games:
                return self.games[game_id]
            try:
                replica = await self._load_replica(game_id)
                if replica is None or replica.table.over:
                    return replica
                owner, previous = await self.cluster.claim(game_id)
            except PlanszaError:
                raise
            except Exception as e:  # Redis (or the database) away: said in words
                log.warning("opening %s: %s", game_id, e)
                # no replica left half-made: the next request opens it anew
                if self.games.pop(game_id, None) is not None:
                    with contextlib.suppress(Exception):
                        await self.cluster.unfollow(game_id)
                raise LiveError(NO_ANSWER, code="no_owner") from e
            if owner == self.cluster.me:
                await self._own(replica, previous)
            return replica

    # ---- a cluster (server/cluster.py) ------------------------------------------------

    async def _load_replica(self, game_id: str) -> LiveGame | None:
        """The game from the database as a replica following its channel."""
        assert self.cluster is not None
        await self.cluster.follow(game_id)  # first: a step published from now on comes
        found = await to_thread.run_sync(lambda: self.store.games.load(game_id))
        if found is None:
            await self.cluster.unfollow(game_id)
            return None
        setup, steps, over = found
        live = LiveGame(self, game_id, self.rebuild(setup, steps))
        self.games[game_id] = live
        if over:
            await self.cluster.unfollow(game_id)  # nothing more will happen
            return live
        live.owned = False
        # a step published between the read and now was not delivered to a game this
        # process did not have yet: read it
        live.caught_up(await to_thread.run_sync(self.store.games.steps_after, game_id, len(steps)))
        return live

    async def _own(self, live: LiveGame, previous: str | None, stored: int | None = None) -> None:
        """Become the owner of ``live`` (claimed in Redis by this process): catch up
        with the database (``stored``: its number of steps, when known), and charge a
        running clock only up to the death of the process it was taken from (a
        ``resume`` step), then act (computer, clock)."""
        assert self.cluster is not None
        async with live.lock:
            if live.owned:
                return
            if stored is None or stored > len(live.table.steps):
                live.caught_up(
                    await to_thread.run_sync(
                        self.store.games.steps_after, live.id, len(live.table.steps)
                    )
                )
            live.owned = True
            await self.cluster.unfollow(live.id)
            g = live.table.game
            if not live.table.over and g.clock is not None and g.clock.running is not None:
                if previous is not None:
                    alive_at = await self.cluster.alive_at(previous)
                else:  # no owner known (Redis emptied): the database's heartbeat
                    alive_at = await to_thread.run_sync(self.store.heartbeat.alive_at)
                last = live.table.steps[-1].at if live.table.steps else live.setup.started
                down = max(last, alive_at if alive_at is not None else last)
                with contextlib.suppress(SteppedDownError):
                    await live._apply(None, Resume(down))
        live.wake()

    async def published(self, live: LiveGame, step: Step) -> None:
        """An owner's step, written: published to the replicas (a game over is let go)."""
        assert self.cluster is not None
        try:
            await self.cluster.publish(live.id, msgspec.to_builtins(step))
            if live.table.over:
                await self.cluster.finished(live.id)
                if live.table.cancelled:  # a seek no one took: off every lobby
                    await self.cluster.take_seek(live.id)
        except Exception as e:  # Redis away: replicas catch up at the next step
            log.warning("step %s of %s not published: %s", step.n, live.id, e)

    async def step_down(self, live: LiveGame) -> None:
        """Another process owns ``live`` now: become its replica."""
        assert self.cluster is not None
        live.owned = False
        live.quiet()
        # often just as Redis comes back, its subscriptions reconnecting: a few tries,
        # and the database's steps read in any case
        for attempt in range(20):
            try:
                await self.cluster.follow(live.id)
                break
            except Exception as e:
                if attempt == 19:
                    log.warning("following %s: %s", live.id, e)
                await asyncio.sleep(0.1)
        live.caught_up(
            await to_thread.run_sync(self.store.games.steps_after, live.id, len(live.table.steps))
        )

    def catch_up(self, live: LiveGame) -> None:
        """Read the steps a replica missed (in the background; once at a time)."""
        if live._catching_up:
            return
        live._catching_up = True

        async def read() -> None:
            try:
                rows = await to_thread.run_sync(
                    self.store.games.steps_after, live.id, len(live.table.steps)
                )
                live.caught_up(rows)
            finally:
                live._catching_up = False

        self._spawn(read())

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def forward(self, live: LiveGame, seat: int | None, action: Action) -> Step:
        """A replica's action, sent to the owner; the step once the replica has it. An
        owner that does not answer is waited for until its lease tells: dead, the game
        is taken over here and the action applied here."""

        cluster = self.cluster
        assert cluster is not None
        give_up = time.monotonic() + FORWARD_PATIENCE
        # one id for every attempt: an owner that made it but whose answer was lost
        # answers the next attempt with the same step, not "not your turn"
        action_id = secrets.token_hex(8)
        while True:
            if live.owned:
                return await live.act(seat, action)
            try:
                step = await self._forward_once(live, seat, action, action_id)
            except PlanszaError:
                raise
            except Exception as e:  # Redis away, or a database read failed: again
                log.warning("forwarding a move of %s: %s", live.id, e)
                step = None
            if step is not None:
                return step
            if time.monotonic() > give_up:
                raise LiveError(NO_ANSWER, code="no_owner")
            await asyncio.sleep(0.05)

    async def _forward_once(
        self, live: LiveGame, seat: int | None, action: Action, action_id: str
    ) -> Step | None:
        """One attempt of :meth:`forward`: the step, or ``None`` to try again (no
        answer yet; the game taken over here, or its owner changed)."""
        from plansza.server.cluster import load_error

        cluster = self.cluster
        assert cluster is not None
        owner = await cluster.owner(live.id)
        if owner is None:
            owner, previous = await cluster.claim(live.id)
            if owner == cluster.me:
                before = len(live.table.steps)
                await self._own(live, previous)
                for step in live.table.steps[before:]:
                    if step.seat == seat and step.action == action:
                        return step  # made by the dead owner: its answer was lost
            return None
        if owner == cluster.me:  # claimed here, not yet loaded as owned
            await self._own(live, None)
            return None
        message = {
            "game": live.id,
            "seat": seat,
            "action": msgspec.to_builtins(action),
            "aid": action_id,
        }
        reply = await cluster.ask(owner, message)
        if reply is None or reply.get("error") == "not_owner":
            return None
        if "error" in reply:
            raise load_error(reply["error"])
        n = int(reply["n"])
        if len(live.table.steps) < n:  # its message not here yet (or lost)
            live.caught_up(
                await to_thread.run_sync(
                    self.store.games.steps_after, live.id, len(live.table.steps)
                )
            )
        return live.table.steps[n - 1]

    def _on_step(self, game_id: str, data: dict[str, Any]) -> None:
        live = self.games.get(game_id)
        if live is not None:
            live.receive(data)

    async def _on_ask(self, message: dict[str, Any]) -> None:
        """An action forwarded to this process: applied if it owns the game."""
        from plansza.server.cluster import dump_error

        cluster = self.cluster
        assert cluster is not None
        game_id = str(message.get("game"))
        live = self.games.get(game_id)
        if (live is None or not live.owned) and await cluster.owner(game_id) == cluster.me:
            live = await self.get(game_id)
            if live is not None and not live.owned:
                await self._own(live, None)
        if live is None or not live.owned:
            await cluster.answer(message, {"error": "not_owner"})
            return
        seat = message.get("seat")
        action = message.get("action")
        action_id = str(message.get("aid", ""))
        if action_id and action_id in live.answered:  # asked again: its answer was lost
            await cluster.answer(message, {"n": live.answered[action_id]})
            return
        try:
            if not (seat is None or isinstance(seat, int)):
                raise LiveError(N_("unknown action {kind!r}"), code="bad_action", kind="?")
            step = await live.act(seat, action_of(action))
        except PlanszaError as e:
            await cluster.answer(message, {"error": dump_error(e)})
            return
        except Exception as e:
            log.exception("a forwarded action failed")
            failed = LiveError(N_("the move could not be stored: {reason}"), reason=str(e))
            await cluster.answer(message, {"error": dump_error(failed)})
            return
        if action_id:
            live.answered[action_id] = step.n
            while len(live.answered) > 16:  # the oldest first (dicts keep order)
                del live.answered[next(iter(live.answered))]
        await cluster.answer(message, {"n": step.n})

    async def _on_dead(self, process: str) -> None:
        """Another process's lease expired: take its games over, those followed here
        first (their replica is ready), the others in random order (the survivors
        share them)."""
        from plansza.server.cluster import LEASE

        cluster = self.cluster
        assert cluster is not None
        if process in self._burying:
            return
        self._burying.add(process)
        # its part of the lobby (who was online there) goes with it, for every lobby
        with contextlib.suppress(Exception):
            await cluster.drop_lobby(process)

        async def bury() -> None:
            try:
                games = await cluster.owned_by(process)
                here = [g for g in games if g in self.games]
                rest = [g for g in games if g not in self.games]
                random.shuffle(rest)
                # many at once: their resume steps share the writer's commits
                gate = asyncio.Semaphore(TAKEOVERS)

                async def adopt(game_id: str) -> None:
                    async with gate:
                        await self._adopt(game_id)

                # the games followed here: claimed in one call, and the replicas that
                # are up to date (all, unless a message was lost) need no read
                taken = await cluster.claim_many([g for g in here if not self.games[g].owned])
                counts = await to_thread.run_sync(self.store.games.step_counts, list(taken))

                async def own(game_id: str, previous: str | None) -> None:
                    async with gate:
                        live = self.games[game_id]
                        await self._own(live, previous, stored=counts.get(game_id))

                await asyncio.gather(*(own(g, p) for g, p in taken.items()))
                # the rest a lease later: a process following a game takes it first
                # (its replica is ready), and a player reconnecting takes theirs
                await asyncio.sleep(LEASE)
                await asyncio.gather(*(adopt(g) for g in rest))
                await cluster.forget(process)
            except Exception as e:
                log.warning("taking over the games of %s: %s", process, e)
            finally:
                self._burying.discard(process)

        self._spawn(bury())

    async def _adopt(self, game_id: str) -> None:
        """Own ``game_id`` if no live process does (its owner dead, or none)."""
        assert self.cluster is not None
        live = self.games.get(game_id)
        if live is not None and live.owned:
            return
        owner, previous = await self.cluster.claim(game_id)
        if owner != self.cluster.me:
            return
        if live is None:
            loading = self._loading.setdefault(game_id, asyncio.Lock())
            async with loading:
                live = self.games.get(game_id) or await self._load_replica(game_id)
        if live is not None and not live.table.over:
            await self._own(live, previous)

    async def _on_lapsed(self) -> None:
        """This process's lease had expired (it stalled, or Redis was away and came back
        empty): claim each game it owns again — kept where no other process took it
        meanwhile (its owner key may be gone with Redis's data: another process
        opening the game must find it owned), stepped down from where one did."""
        assert self.cluster is not None
        for live in list(self.games.values()):
            if live.owned and not live.table.over:
                try:
                    owner, _ = await self.cluster.claim(live.id)
                    async with live.lock:
                        if owner != self.cluster.me:
                            await self.step_down(live)
                        else:  # kept: another process may have owned it meanwhile
                            live.caught_up(
                                await to_thread.run_sync(
                                    self.store.games.steps_after, live.id, len(live.table.steps)
                                )
                            )
                            live.wake()
                except Exception as e:
                    log.warning("checking %s after the lease lapsed: %r", live.id, e)

    async def _adopt_orphans(self) -> None:
        """At start: the games not over that no live process owns (all processes had
        stopped), taken over."""
        for game_id in await to_thread.run_sync(self.store.games.live_ids):
            try:
                await self._adopt(game_id)
            except Exception as e:
                log.warning("taking over %s: %s", game_id, e)

    async def start(self) -> None:
        """Bring back every game not over (a restarted server), then beat every second.
        In a cluster: join it, and take over the games no live process owns."""
        if self.cluster is not None:
            c = self.cluster
            c.on_step, c.on_ask, c.on_dead = self._on_step, self._on_ask, self._on_dead
            c.on_lapsed = self._on_lapsed
            c.on_lobby = self.lobby.heard
            await c.start()
            self._spawn(self.lobby.run())
            self._spawn(self._adopt_orphans())
            self._beat = asyncio.create_task(self._heartbeat())
            return
        alive_at = await to_thread.run_sync(self.store.heartbeat.alive_at)
        for game_id in await to_thread.run_sync(self.store.games.live_ids):
            live = await self.get(game_id)
            if live is None or live.table.over:
                continue
            g = live.table.game
            if g.clock is not None and g.clock.running is not None:
                # alive at the last beat, and at the last step even if that came later
                last = live.table.steps[-1].at if live.table.steps else live.setup.started
                down = max(last, alive_at if alive_at is not None else last)
                async with live.lock:
                    await live._apply(None, Resume(down))
            live.wake()
        self._beat = asyncio.create_task(self._heartbeat())

    async def _heartbeat(self) -> None:
        while True:
            await to_thread.run_sync(self.store.heartbeat.beat, self.clock())
            await asyncio.sleep(1.0)

    async def stop(self) -> None:
        self.lobby.close()
        tasks = [self._beat, *self._tasks]
        tasks += [t for g in self.games.values() for t in (g._computer, g._timer)]
        for g in self.games.values():
            if g._alarm is not None:
                g._alarm.cancel()
        for task in tasks:
            if task is not None:
                task.cancel()
        for task in tasks:
            if task is not None:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        await self.writer.drain()
        if self.cluster is not None:
            await self.cluster.stop()  # after the last step is written: others take over
        self.store.close()  # every step is written: the pooled connections may go

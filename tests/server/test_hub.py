"""The hub in-process: a game stored by one hub is the same game in another (a restart).

The real restart, a server process killed with SIGKILL, is in test_restart.py; these
are its quick in-process counterparts.
"""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from plansza.lexicon import Lexicon
from plansza.server.live import Hub
from plansza.server.store import Store
from plansza.services.live import MoveAction, Resume


@given(seed=st.integers(0, 2**31 - 1))
@settings(max_examples=15, deadline=None)
def test_a_game_whose_first_player_was_drawn_comes_back_the_same(words: Lexicon, seed: int) -> None:
    # TR 2.1: who starts is drawn from the bag. A game rebuilt from the database must
    # draw again exactly as it did, not skip the draw (the bag would differ).
    async def go() -> None:
        store = Store("sqlite://")
        first = Hub(store, words, clock=lambda: 100.0)
        live = await first.create(
            rules="pfs", minutes=15, seats=("person", "person"), names=("A", "B"),
            seed=seed, starting=None,
        )  # fmt: skip
        mover = live.table.game.to_move
        rack = live.table.view(mover).rack or ""
        await live.act(mover, MoveAction("-" + rack[:3]))
        await first.stop()
        again = await Hub(store, words, clock=lambda: 100.0).get(live.id)
        assert again is not None and again is not live
        for seat in (0, 1, None):
            assert again.table.view(seat, 100.0) == live.table.view(seat, 100.0)

    asyncio.run(go())


def test_a_step_after_the_last_heartbeat_charges_no_downtime(words: Lexicon) -> None:
    # TR 6.2, issue 28: the time a player had when the server died is the time they have
    # when it returns. The server was alive at its last step even when that came after
    # the last heartbeat: the running clock is charged to then, not to the restart.
    async def go() -> None:
        now = [1000.0]
        store = Store("sqlite://")
        hub = Hub(store, words, clock=lambda: now[0])
        live = await hub.create(
            rules="pfs", minutes=15, seats=("person", "person"), names=("A", "B"),
            seed=5, starting=0,
        )  # fmt: skip
        store.heartbeat.beat(1000.5)
        now[0] = 1010.0
        await live.act(0, MoveAction("pauza"))  # B's clock runs from 1010
        await hub.stop()  # died at once, before the next beat
        now[0] = 1100.0  # back 90 s later
        again = Hub(store, words, clock=lambda: now[0])
        await again.start()
        clock = again.games[live.id].table.game.clock
        assert clock is not None and clock.running == 1
        assert (clock.remaining(0, now[0]), clock.remaining(1, now[0])) == (890.0, 900.0)
        assert again.games[live.id].table.steps[-1].action == Resume(1010.0)
        await again.stop()

    asyncio.run(go())


def test_games_made_and_played_at_once_are_all_stored(words: Lexicon, database_url: str) -> None:
    # Issue 28: every step is written before it is sent. Many games acting at the same
    # moment share the one SQLite connection from the server's threads: no write may
    # fail or land in another's transaction.
    async def go() -> None:
        store = Store(database_url)  # on an SQLite file and on PostgreSQL
        hub = Hub(store, words, clock=lambda: 100.0)

        async def one(seed: int) -> str:
            live = await hub.create(
                rules="pfs", minutes=15, seats=("person", "person"), names=("A", "B"),
                seed=seed, starting=0,
            )  # fmt: skip
            for seat in (0, 1, 0, 1):
                await live.act(seat, MoveAction("pauza"))
            return live.id

        ids = await asyncio.gather(*(one(seed) for seed in range(40)))
        await hub.stop()
        for game_id in ids:
            found = store.games.load(game_id)
            assert found is not None and [s.n for s in found[1]] == [1, 2, 3, 4]
        store.close()  # the loads above connected again after the hub stopped

    asyncio.run(go())

"""Two faults the browser tests found in the live games' storage."""

from __future__ import annotations

import gc
import threading
import warnings
from typing import Any

from starlette.testclient import TestClient

from plansza.server.live import Hub
from plansza.server.store import Store
from plansza.services.live import MoveAction, Step

from .conftest import new_game


def test_a_game_whose_starter_was_drawn_replays_with_the_same_bag(client: TestClient) -> None:
    # TR 2.1: who starts is drawn from the bag; the replay must draw it the same way,
    # or the racks differ and the stored steps no longer fit (a restart failed).
    for _ in range(4):
        game = new_game(client, opponent="person")
        hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
        live = hub.games[game]
        again = hub.rebuild(live.setup, live.table.steps)
        for seat in (0, 1):
            assert again.view(seat, 0.0).rack == live.table.view(seat, 0.0).rack


def test_a_file_database_takes_writes_from_many_threads(database_url: str) -> None:
    # the server writes from worker threads (steps, the heartbeat): on an SQLite file
    # (one connection) and on PostgreSQL (a pool)
    store = Store(database_url)
    for g in range(4):
        store.games.create(f"g{g}", 0.0, {"rules": "pfs"})
    errors: list[BaseException] = []

    def writer(g: int) -> None:
        try:
            for n in range(1, 41):
                store.games.append(f"g{g}", Step(n, float(n), 0, MoveAction("pauza")))
                store.heartbeat.beat(float(n))
        except BaseException as e:  # collected and asserted below
            errors.append(e)

    threads = [threading.Thread(target=writer, args=(g,)) for g in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for g in range(4):
        found = store.games.load(f"g{g}")
        assert found is not None and [s.n for s in found[1]] == list(range(1, 41))
    store.close()


def test_closing_waits_for_a_query_in_flight_and_leaves_no_connection_open(
    postgres_url: str,
) -> None:
    # The leak behind the random "psycopg.Connection deleted while still open": the
    # server stops (Hub.stop cancels the heartbeat's task, but its worker thread goes on
    # writing) and closes the store while that write holds a pooled connection; a pool
    # disposed under a checked-out connection never closes it: the collector found it.
    store = Store(postgres_url)
    writing, go_on = threading.Event(), threading.Event()
    real = store._begin

    def slow_begin() -> Any:
        c = real()

        class Held:
            def __enter__(self) -> Any:
                conn = c.__enter__()
                writing.set()
                go_on.wait(5)
                return conn

            def __exit__(self, *exc: object) -> Any:
                return c.__exit__(*exc)

        return Held()

    store._begin = slow_begin  # type: ignore[method-assign]
    beat = threading.Thread(target=store.heartbeat.beat, args=(1.0,))
    beat.start()
    assert writing.wait(5)
    closer = threading.Thread(target=store.close)
    closer.start()
    closer.join(0.2)
    assert closer.is_alive()  # close waits for the write in flight
    go_on.set()
    beat.join()
    closer.join()
    store.heartbeat.beat(2.0)  # one more write from a late thread, after the close
    del store
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        gc.collect()
    assert [str(w.message) for w in seen if w.category is ResourceWarning] == []

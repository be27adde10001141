"""Two faults the browser tests found in the live games' storage."""

from __future__ import annotations

import threading

from starlette.testclient import TestClient

from plansza.server.live import Hub
from plansza.server.store import Store
from plansza.services.live import Step

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
            assert again.view(seat, 0.0)["rack"] == live.table.view(seat, 0.0)["rack"]


def test_a_file_database_takes_writes_from_many_threads(database_url: str) -> None:
    # the server writes from worker threads (steps, the heartbeat): on an SQLite file
    # (one connection) and on PostgreSQL (a pool)
    store = Store(database_url)
    for g in range(4):
        store.create_game(f"g{g}", 0.0, {"rules": "pfs"})
    errors: list[BaseException] = []

    def writer(g: int) -> None:
        try:
            for n in range(1, 41):
                store.append(f"g{g}", Step(n, float(n), 0, {"kind": "move", "text": "pauza"}))
                store.beat(float(n))
        except BaseException as e:  # collected and asserted below
            errors.append(e)

    threads = [threading.Thread(target=writer, args=(g,)) for g in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for g in range(4):
        found = store.load(f"g{g}")
        assert found is not None and [s.n for s in found[1]] == list(range(1, 41))
    store.close()

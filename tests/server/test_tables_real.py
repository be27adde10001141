"""Results from the tables against a real server (Uvicorn on loopback, in a thread):
60 tables enter their results within the same second — every result is in the event
log exactly once, each recorded by its own table."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from plansza.lexicon import Lexicon
from plansza.services import tables
from plansza.tournament.model import Settings
from plansza.tournament.storage import TournamentFile

from .served import serve
from .test_tables import make

TABLES = 60


@pytest.fixture
def hall(words: Lexicon, tmp_path: Path) -> Iterator[tuple[str, str, Any]]:
    """A 120-player tournament, round 1 paired (60 tables), served for real."""
    from plansza.server.app import create_app

    names = tuple(f"Gracz {i:03d}" for i in range(1, 2 * TABLES + 1))
    path = make(str(tmp_path / "hala.sqlite"), names, Settings("Hala", 3, "halving"))
    app = create_app(
        db=f"sqlite:///{tmp_path / 'web.db'}", words=words, secret="s", tournament=path
    )
    server = serve(app)
    url = next(server)
    yield url, path, app
    server.close()


def test_sixty_tables_at_once_are_each_recorded_once(hall: tuple[str, str, Any]) -> None:
    url, path, app = hall
    secret = app.state.hub.store.tables.secret(str(Path(path).resolve()))
    barrier = threading.Barrier(TABLES)
    failures: list[str] = []

    def table(n: int) -> None:
        codes = [tables.player_code(secret, 1, n, side) for side in (0, 1)]
        with (
            httpx.Client(base_url=url, timeout=60) as first,
            httpx.Client(base_url=url, timeout=60) as second,
        ):
            forms = []
            for phone, code in ((first, codes[0]), (second, codes[1])):
                page = phone.get(f"/s/{code}")
                m = re.search(r'name="csrf" value="([^"]+)"', page.text)
                if page.status_code != 200 or m is None:
                    failures.append(f"table {n}: {page.status_code}")
                    return
                scores = {"sa": str(300 + n), "sb": "250"}
                forms.append({"csrf": m.group(1), "action": "enter", **scores})
            barrier.wait()  # every table at once
            # both players enter the same result, each on their phone with their code
            for side, (phone, code) in enumerate(((first, codes[0]), (second, codes[1]))):
                r = phone.post(f"/s/{code}", data=forms[side])
                if r.status_code != 200:
                    failures.append(f"table {n} side {side}: {r.status_code}")

    threads = [threading.Thread(target=table, args=(n,)) for n in range(1, TABLES + 1)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(120)
    assert failures == []
    f = TournamentFile.open(path)
    try:
        found = [(e.data, e.by) for e in f.events() if e.kind == "result"]
        state = f.state()
    finally:
        f.close()
    assert len(found) == TABLES
    assert sorted(by or "" for _, by in found) == sorted(f"table:{n}" for n in range(1, TABLES + 1))
    for p in state.rounds[1].pairings:
        assert p.result is not None and (p.result.score_first, p.result.score_second) == (
            300 + p.table,
            250,
        )
    assert app.state.hub.store.tables.entries(str(Path(path).resolve())) == []

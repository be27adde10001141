"""Both phones of a table sending the same result at the same moment (issue 29: nothing
lost): each sees the other's entry, and the result is recorded once — it was left
waiting, each phone having seen only its own entry (found by
``benchmarks/tournament_day.py``)."""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import httpx

from plansza.services import tables
from plansza.tournament.storage import TournamentFile

from .test_tables_real import TABLES, hall  # noqa: F401


def test_both_phones_at_once_record_the_result_once(hall: tuple[str, str, Any]) -> None:  # noqa: F811
    url, path, app = hall
    secret = app.state.hub.store.tables.secret(str(Path(path).resolve()))
    barrier = threading.Barrier(2 * TABLES)
    failures: list[str] = []

    def phone(n: int, side: str) -> None:
        code = tables.player_code(secret, 1, n, int(side))
        # no kept connection: the server closes one idle for 5 s, and the barrier may
        # hold a phone that long on a loaded machine (a browser would just retry)
        keep_none = httpx.Limits(max_keepalive_connections=0)
        with httpx.Client(base_url=url, timeout=60, limits=keep_none) as http:
            page = http.get(f"/s/{code}")
            m = re.search(r'name="csrf" value="([^"]+)"', page.text)
            if page.status_code != 200 or m is None:
                failures.append(f"table {n}: {page.status_code}")
                return
            form = {"csrf": m.group(1), "action": "enter", "sa": str(300 + n), "sb": "250"}
            barrier.wait()  # both phones of every table at once
            r = http.post(f"/s/{code}", data=form)
            if r.status_code != 200:
                failures.append(f"table {n} side {side}: {r.status_code}")

    threads = [
        threading.Thread(target=phone, args=(n, side))
        for n in range(1, TABLES + 1)
        for side in ("0", "1")
    ]
    for th in threads:
        th.start()
    for th in threads:
        th.join(120)
    assert failures == []
    f = TournamentFile.open(path)
    try:
        found = [e.by for e in f.events() if e.kind == "result"]
        state = f.state()
    finally:
        f.close()
    assert sorted(found) == sorted(f"table:{n}" for n in range(1, TABLES + 1))
    for p in state.rounds[1].pairings:
        assert p.result is not None and (p.result.score_first, p.result.score_second) == (
            300 + p.table,
            250,
        )
    assert app.state.hub.store.tables.entries(str(Path(path).resolve())) == []

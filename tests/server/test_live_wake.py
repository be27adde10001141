"""A write made in the server reaches the live pages at once, not at the next poll of
the log (issue 29: each update within 1 s; ``benchmarks/tournament_day.py``)."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from pathlib import Path

from plansza.lexicon import Lexicon
from plansza.server.tournament import POLL, Watch
from plansza.services import tables
from plansza.services.tournament import Referee

from .test_tournament_pages import open_app, stamp, tournament  # noqa: F401


def enter_result(client: object, path: str) -> None:
    """Table 1's two phones enter the same result (recorded in the server's process)."""
    from starlette.testclient import TestClient

    assert isinstance(client, TestClient)
    secret = client.app.state.hub.store.tables.secret(str(Path(path).resolve()))  # type: ignore[attr-defined]
    for side in (0, 1):  # each player on their own phone, with their own code
        code = tables.player_code(secret, 1, 1, side)
        phone = TestClient(client.app)
        page = phone.get(f"/s/{code}")
        csrf = re.search(r'name="csrf" value="([^"]+)"', page.text)
        assert csrf, page.text
        form = {"csrf": csrf.group(1), "action": "enter", "sa": "410", "sb": "380"}
        assert phone.post(f"/s/{code}", data=form).status_code == 200


def test_a_result_from_a_table_reaches_the_stream_without_the_poll(
    words: Lexicon,
    tournament: str,  # noqa: F811
) -> None:
    # the poll far too slow to matter: only the wake-up after the POST can tell the stream
    with open_app(words, tournament, tournament_poll=60.0) as c:
        watch = c.app.state.tournament  # type: ignore[attr-defined]
        watch.lifetime = 2.0
        start = watch.seq
        writer = threading.Timer(0.3, enter_result, (c, tournament))
        writer.start()
        r = c.get("/turniej/zdarzenia", headers={"Accept-Encoding": "gzip"})
        writer.join()
    # an event stream is never held back for compression, even when the browser asks
    assert "content-encoding" not in r.headers
    seqs = [int(x) for x in re.findall(r"^data: (\d+)$", r.text, re.M)]
    assert seqs == [start, start + 1], r.text


def test_poke_from_another_thread_reads_the_log_now(tournament: str) -> None:  # noqa: F811
    async def main() -> float:
        watch = Watch(tournament, poll=60.0)
        await watch.start()
        start = watch.seq
        stream = watch.stream()
        assert await anext(stream) == f"retry: 2000\nid: {start}\nevent: seq\ndata: {start}\n\n"

        def write_and_poke() -> None:  # as a request handler's thread would
            with Referee.open(tournament, stamp) as ref:
                ref.clock(1, "start", 30)
            watch.poke()

        began = time.monotonic()
        threading.Thread(target=write_and_poke).start()
        got = await asyncio.wait_for(anext(stream), 5)
        assert got == f"id: {start + 1}\nevent: seq\ndata: {start + 1}\n\n"
        await watch.stop()
        return time.monotonic() - began

    assert asyncio.run(main()) < 5


def test_the_default_poll_leaves_time_for_the_fan_out() -> None:
    # issue 29: 500 pages each hear of a change within 1 s; the poll is at most a quarter
    assert POLL <= 0.25


def test_a_page_reconnecting_is_told_only_what_it_has_not_seen(
    words: Lexicon,
    tournament: str,  # noqa: F811
) -> None:
    # the events carry ids: a page that reconnects (its stream's lifetime over) with
    # the last one it saw is not sent it again, and one that missed a change is
    with open_app(words, tournament, tournament_poll=60.0) as c:
        watch = c.app.state.tournament  # type: ignore[attr-defined]
        watch.lifetime = 0.3
        now = watch.seq
        fresh = c.get("/turniej/zdarzenia").text
        assert f"id: {now}\nevent: seq\ndata: {now}" in fresh
        seen = c.get("/turniej/zdarzenia", headers={"Last-Event-ID": str(now)}).text
        assert "data:" not in seen and seen.startswith("retry: 2000")
        behind = c.get("/turniej/zdarzenia", headers={"Last-Event-ID": str(now - 1)}).text
        assert f"id: {now}\nevent: seq\ndata: {now}" in behind

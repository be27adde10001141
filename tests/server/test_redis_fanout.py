"""Several ``plansza serve`` processes serving one tournament, joined by Redis pub/sub
(issue 31, item 2, the live tournament pages): a result entered on process A reaches a
live page served by process B at once, not at B's poll of the log."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

import plansza
from plansza.cli.main import app as cli
from plansza.server.fanout import channel_of
from plansza.server.store import Store

from .served import Served, lexicon_file
from .test_tournament_pages import tournament  # noqa: F401

#: Far slower than the 1 s asked: only Redis can bring the change in time.
SLOW_POLL = "60"


@pytest.fixture
def two(
    tmp_path: Path,
    tournament: str,  # noqa: F811
    redis_url: str,
    database_url: str,  # the accounts on an SQLite file, and on PostgreSQL
) -> Iterator[tuple[Served, Served, str]]:
    db = database_url
    Store(db).close()  # the schema, made once before both start
    argv = ["--db", db, "--lexicon", str(lexicon_file(tmp_path)), "--tournament", tournament]
    argv += ["--redis", redis_url]
    slow = {"PLANSZA_TOURNAMENT_POLL": SLOW_POLL}
    a = Served(tmp_path, "a", argv, ready="/turniej", env=slow)
    b = Served(tmp_path, "b", argv, ready="/turniej", env=slow)
    a.start()
    try:
        b.start()
    except BaseException:
        a.stop()
        raise
    try:
        yield a, b, db
    finally:
        a.stop()
        b.stop()


def csrf_of(client: httpx.Client, path: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', client.get(path).text)
    assert m, path
    return m.group(1)


def test_a_result_posted_on_one_process_reaches_a_page_on_another(
    two: tuple[Served, Served, str],
    tournament: str,  # noqa: F811
) -> None:
    a, b, db = two
    # the referee signs up on A and is granted the role with the command
    with httpx.Client(base_url=a.url) as ref:
        form = {"csrf": csrf_of(ref, "/konto/rejestracja"), "nickname": "Sędzia"}
        form |= {"password": "tajne-haslo-1", "password2": "tajne-haslo-1"}
        assert ref.post("/konto/rejestracja", data=form).status_code in (200, 303)
        granted = CliRunner().invoke(cli, ["konto", "sedzia", "Sędzia", "--db", db])
        assert granted.exit_code == 0, granted.output
        from plansza.services.tournament import Referee

        with Referee.open(tournament, lambda: "2026-05-02T10:00:00") as r:
            state = r.state()
        p = state.rounds[1].pairings[0]
        first, second = state.players[p.first].name, state.players[p.second or 0].name

        seqs: list[int] = []
        got_at: list[float] = []

        def listen() -> None:  # a live page on B
            with httpx.stream("GET", b.url + "/turniej/zdarzenia", timeout=10) as r:
                for line in r.iter_lines():
                    if line.startswith("data: "):
                        seqs.append(int(line.removeprefix("data: ")))
                        got_at.append(time.monotonic())
                        if len(seqs) == 2:
                            return

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        deadline = time.monotonic() + 10
        while not seqs and time.monotonic() < deadline:
            time.sleep(0.02)
        assert seqs, b.log.read_text(errors="replace")
        time.sleep(0.3)  # B's subscription is long up by now (it is made at start)
        form = {"csrf": csrf_of(ref, "/sedzia"), "round": "1", "a": first, "sa": "410"}
        form |= {"b": second, "sb": "380", "back": "/sedzia"}
        posted = time.monotonic()
        r = ref.post("/sedzia/akcja/wynik", data=form)
        assert r.status_code in (200, 303), r.text
        listener.join(5)
    # the poll is a minute: only the message through Redis brings it within 1 s
    assert len(seqs) == 2 and seqs[1] == seqs[0] + 1, (seqs, b.log.read_text(errors="replace"))
    assert got_at[1] - posted < 1.0


def test_an_unreachable_redis_is_one_line_naming_it(tmp_path: Path) -> None:
    url = f"unix://{tmp_path / 'no.sock'}"
    argv = ["--lang", "en", "serve", "--db", "sqlite://", "--lexicon", str(lexicon_file(tmp_path))]
    r = CliRunner().invoke(cli, [*argv, "--redis", url])
    assert r.exit_code == 2, r.output
    assert f"cannot reach Redis at {url}" in r.output and "Traceback" not in r.output


def test_without_redis_nothing_imports_it(tmp_path: Path) -> None:
    where = str(tmp_path / "t.turniej.sqlite")  # not created: the pages say so
    code = (
        "import sys\n"
        "from plansza.server.app import create_app\n"
        f"create_app(db='sqlite://', words=['KOT'], secret='s', tournament={where!r})\n"
        "assert 'redis' not in sys.modules and 'plansza.server.fanout' not in sys.modules\n"
    )
    src = str(Path(plansza.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": src}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_channel_is_named_after_the_tournament(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the same file, however named, is one channel; another file another
    monkeypatch.chdir(tmp_path)
    assert channel_of("t.sqlite") == channel_of(str(tmp_path / "t.sqlite"))
    assert channel_of("t.sqlite") != channel_of("u.sqlite")


def test_redis_lost_is_logged_once_and_heard_again_when_back(
    tmp_path: Path,
    tournament: str,  # noqa: F811
    caplog: pytest.LogCaptureFixture,
) -> None:
    import asyncio

    import redis

    from plansza.server import fanout
    from redis_server import RedisServer  # tests/redis_server.py, the fixture's module

    home = tmp_path / "r"
    home.mkdir()
    server = RedisServer(home)
    server.start()

    def publish() -> None:  # another process's message
        client = redis.Redis.from_url(server.url)
        client.publish(channel_of(tournament), "9")
        client.close()

    async def main() -> None:
        heard = asyncio.Event()

        async def woken() -> bool:
            heard.clear()
            for _ in range(60):  # the subscription may take a moment to be (re)made
                await asyncio.to_thread(publish)
                try:
                    await asyncio.wait_for(heard.wait(), 0.1)
                    return True
                except TimeoutError:
                    continue
            return False

        fan = fanout.Fanout(server.url, tournament)
        await fan.start(heard.set)
        try:
            assert await woken()
            server.stop()
            await asyncio.sleep(3 * fanout.RECONNECT)  # a few reconnections fail
            lost = [r for r in caplog.records if "is away" in r.getMessage()]
            assert len(lost) == 1  # logged once, not at each attempt
            await fan.publish(10)  # nothing raised: the others poll
            server.start()
            assert await woken()  # reconnected by itself
            assert any("is back" in r.getMessage() for r in caplog.records)
        finally:
            await fan.stop()

    with caplog.at_level("WARNING", logger="plansza.server.fanout"):
        try:
            asyncio.run(main())
        finally:
            server.stop()

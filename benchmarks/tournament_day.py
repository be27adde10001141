"""Tournament day benchmark: results from 100 tables at once, 500 live pages, the
standings page (issue 29).

Targets, on loopback, one server process (``plansza serve --tournament FILE``):

* **tables**: a 200-player tournament, round 1 paired (100 tables); every table's
  two phones (each player with their own code) enter its result (``GET /s/CODE``, then a
  ``POST`` each, as the phones do), the 100 tables at once: p99 of the POSTs
  ≤ 200 ms, the server's CPU ≤ 1 ms a POST (over the burst, with the live pages'
  replay of the results), and every result in the event log exactly once (nothing
  lost, nothing twice), each recorded by its own table. The phones are a small client
  on raw sockets (:class:`Phone`), so that the client's own work stays out of the
  server's figures;
* **live**: 500 open ``/turniej/zdarzenia`` streams (server-sent events); an event
  recorded from outside the server (a referee's command on the file, as the command
  line writes) and one recorded in the server (a table's result through ``/s/CODE``):
  every stream receives the new sequence number within 1 s of the write;
* **standings**: ``/turniej/klasyfikacja`` of a 200-player, 15-round tournament with
  all its results, rendered in ≤ 50 ms (p99), the first request after a change (the
  log replayed, the standings computed) and repeated ones.

    .venv/bin/python benchmarks/tournament_day.py
    .venv/bin/python benchmarks/tournament_day.py --quick
    .venv/bin/python benchmarks/tournament_day.py --json

The clients run in this process on the same machine: on a small machine the two
share the cores, and the latencies include the client's own waiting.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import re
import resource
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import _served
from _served import cpu_between, percentile

from plansza.services import tables
from plansza.services.tournament import Referee
from plansza.tournament.events import Event, apply, replay
from plansza.tournament.model import Settings
from plansza.tournament.pairing import pair_round
from plansza.tournament.storage import TournamentFile, dump

POST_TARGET_MS = 200.0
#: The server's CPU for one phone's POST, over the burst (both kinds, and the live
#: pages' replay of the results): was 4–6 ms when every POST replayed the log.
POST_CPU_TARGET_MS = 1.0
LIVE_TARGET_MS = 1000.0
STANDINGS_TARGET_MS = 50.0

FIRST = [
    "Łukasz",
    "Paweł",
    "Michał",
    "Grzegorz",
    "Bartłomiej",
    "Jędrzej",
    "Zbigniew",
    "Wojciech",
    "Mikołaj",
    "Sławomir",
    "Małgorzata",
    "Żaneta",
    "Agnieszka",
    "Jolanta",
    "Bożena",
    "Elżbieta",
    "Urszula",
    "Dorota",
    "Kinga",
    "Ścibor",
]
LAST = [
    "Łoś",
    "Żółkiewski",
    "Wiśniewski",
    "Kowalczyk",
    "Zieliński",
    "Dąbrowski",
    "Woźniak",
    "Kamiński",
    "Lewandowski",
    "Szymański",
    "Kozłowski",
    "Jabłoński",
    "Wróbel",
    "Mazur",
    "Krawczyk",
    "Piątek",
    "Górski",
    "Sęk",
    "Ćwik",
    "Śliwa",
]


def names(count: int, seed: int = 1) -> list[str]:
    """``count`` different names with Polish letters."""
    rng = random.Random(seed)
    pool = [f"{f} {s}" for f in FIRST for s in LAST]
    rng.shuffle(pool)
    out = pool[:count]
    while len(out) < count:  # more players than pairs of names: a number, as on lists
        out.append(f"{rng.choice(FIRST)} {rng.choice(LAST)} {len(out)}")
    return out


def stamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S")


# ---- the server ---------------------------------------------------------------------


class Server(_served.Server):
    """``plansza serve --tournament FILE`` in a subprocess on a fresh SQLite file."""

    def __init__(self, folder: Path, tournament: str) -> None:
        super().__init__(folder, "--tournament", tournament, ready="/turniej")
        self.tournament = tournament

    def secret(self) -> str:
        """The tournament's table-code secret, from the server's database."""
        from plansza.server.store import Store

        return Store(self.db).tables.secret(os.path.abspath(self.tournament))


def build_paired(path: str, players: int) -> None:
    """A tournament of ``players`` registered by the referee's service, round 1 paired."""
    Referee.create(path, Settings("Benchmark", 15, "halving", dates=("2026-05-02",)), stamp)
    with Referee.open(path, stamp) as ref:
        ref.import_players([{"name": n} for n in names(players)])
        ref.pair()


# ---- results from the tables ---------------------------------------------------------


class Phone:
    """One player's phone at a table: its own connection and session (cookie and form
    token), sending what the page's script sends.

    A small HTTP/1.1 client on the socket, not httpx: the phones are other devices, and
    on this machine httpx's own work (about 1 ms a request) would share the two cores
    with the server and be counted in its latencies."""

    def __init__(self, url: str, code: str) -> None:
        self.port = int(url.rsplit(":", 1)[1])
        self.code = code
        self.csrf = ""
        self.cookie = ""
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _send(self, head: str, body: bytes = b"") -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        cookie = f"Cookie: {self.cookie}\r\n" if self.cookie else ""
        self.writer.write(f"{head}Host: 127.0.0.1\r\n{cookie}\r\n".encode() + body)
        status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length, chunked = 0, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value:
                chunked = True
            elif name == "set-cookie":
                self.cookie = value.split(";", 1)[0]
        if not chunked:
            return status, await self.reader.readexactly(length)
        parts = []
        while size := int((await self.reader.readline()).strip() or b"0", 16):
            parts.append(await self.reader.readexactly(size))
            await self.reader.readline()
        await self.reader.readline()
        return status, b"".join(parts)

    async def open(self) -> None:
        status, page = await self._send(f"GET /s/{self.code} HTTP/1.1\r\n")
        m = re.search(rb'name="csrf" value="([^"]+)"', page)
        if status != 200 or m is None:
            raise SystemExit(f"/s/{self.code}: {status}")
        self.csrf = m.group(1).decode()

    async def enter(self, side: int, sa: int, sb: int) -> tuple[float, int]:
        """Enter the scores; (the POST's milliseconds, its status)."""
        # the side is the code's; the page's script asks for the page's part alone
        body = f"csrf={self.csrf}&action=enter&sa={sa}&sb={sb}".encode()
        head = (
            f"POST /s/{self.code} HTTP/1.1\r\nContent-Type: application/x-www-form-urlencoded"
            f"\r\nX-Plansza-Part: 1\r\nContent-Length: {len(body)}\r\n"
        )
        t = time.perf_counter()
        status, _page = await self._send(head, body)
        return (time.perf_counter() - t) * 1000, status

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


def scores(n: int, table: int) -> tuple[int, int]:
    return 300 + table, 250 + n


async def table_results(
    server: Server, secret: str, n: int, count: int, spread: float = 0.0
) -> dict[str, Any]:
    """``count`` tables of round ``n`` enter their results, both phones each: at once
    (``spread`` 0), or each table starting at a random moment within ``spread`` seconds;
    the second phone enters as soon as the first has its answer."""
    phones = [
        (
            Phone(server.url, tables.player_code(secret, n, t, 0)),
            Phone(server.url, tables.player_code(secret, n, t, 1)),
        )
        for t in range(1, count + 1)
    ]
    limit = asyncio.Semaphore(20)

    async def opened(p: Phone) -> None:
        async with limit:
            await p.open()

    await asyncio.gather(*(opened(p) for pair in phones for p in pair))
    latencies: list[float] = []
    recording: list[float] = []
    failures: list[str] = []
    start = asyncio.Event()

    rng = random.Random(3)
    delays = [rng.uniform(0, spread) for _ in phones]

    async def table(t: int, pair: tuple[Phone, Phone]) -> None:
        await start.wait()
        if spread:
            await asyncio.sleep(delays[t - 1])
        sa, sb = scores(n, t)
        for side, phone in enumerate(pair):  # the second phone enters the same: recorded
            ms, status = await phone.enter(side, sa, sb)
            latencies.append(ms)
            if side == 1:
                recording.append(ms)
            if status != 200:
                failures.append(f"table {t} side {side}: {status}")

    tasks = [asyncio.create_task(table(t, pair)) for t, pair in enumerate(phones, 1)]
    await asyncio.sleep(0)
    cpu0 = server.thread_cpu_s()
    t0 = time.perf_counter()
    start.set()
    await asyncio.gather(*tasks)
    wall = time.perf_counter() - t0
    await asyncio.sleep(0.5)  # the live pages' replay of the results, counted too
    cpu = cpu_between(cpu0, server.thread_cpu_s())
    await asyncio.gather(*(p.close() for pair in phones for p in pair))
    return {
        "tables": count,
        "spread_s": spread,
        "posts": len(latencies),
        "wall_s": round(wall, 2),
        "p50_ms": round(percentile(latencies, 0.5), 1),
        "p95_ms": round(percentile(latencies, 0.95), 1),
        "p99_ms": round(percentile(latencies, 0.99), 1),
        "max_ms": round(max(latencies, default=0.0), 1),
        "recording_p99_ms": round(percentile(recording, 0.99), 1),
        # the server's CPU for the burst: both phones' POSTs of every table, and the
        # live pages' replay of the results they recorded
        "cpu_per_result_ms": round(cpu * 1000 / count, 3),
        "cpu_per_post_ms": round(cpu * 1000 / max(1, len(latencies)), 3),
        "failures": failures,
    }


def check_log(path: str, n: int, count: int) -> dict[str, int]:
    """The round's results in the log: how many tables lack one, how many have two."""
    f = TournamentFile.open(path)
    try:
        state = f.state()
        seen: dict[int, int] = {}
        by_table = {frozenset((p.first, p.second)): p.table for p in state.rounds[n].pairings}
        wrong = 0
        for e in f.events():
            if e.kind == "result" and e.data["round"] == n:
                t = by_table[frozenset((e.data["a"], e.data["b"]))]
                seen[t] = seen.get(t, 0) + 1
                wrong += e.by != f"table:{t}"
        for p in state.rounds[n].pairings:
            r = p.result
            if r is not None and (r.score_first, r.score_second) != scores(n, p.table):
                wrong += 1
    finally:
        f.close()
    return {
        "lost": sum(1 for t in range(1, count + 1) if t not in seen),
        "twice": sum(1 for c in seen.values() if c > 1),
        "wrong": wrong,
    }


# ---- the live pages ---------------------------------------------------------------------


class Stream:
    """One open ``/turniej/zdarzenia``: the sequence numbers it received, and when."""

    def __init__(self) -> None:
        self.seq = -1
        self.arrived: dict[int, float] = {}
        self.ready = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def run(self, port: int) -> None:
        reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        self.writer.write(
            b"GET /turniej/zdarzenia HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Accept: text/event-stream\r\n\r\n"
        )
        await self.writer.drain()
        buffer = b""
        while chunk := await reader.read(4096):
            now = time.perf_counter()
            buffer += chunk
            for m in re.finditer(rb"event: seq\ndata: (\d+)\n\n", buffer):
                seq = int(m.group(1))
                self.arrived.setdefault(seq, now)
                self.seq = max(self.seq, seq)
                self.ready.set()
            buffer = buffer[buffer.rfind(b"\n\n") + 2 :] if b"\n\n" in buffer else buffer

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        if self.task is not None:
            self.task.cancel()


def raise_fd_limit(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(needed, soft)), hard))


async def live_pages(
    server: Server, secret: str, path: str, streams: int, writes: int
) -> dict[str, Any]:
    """``streams`` open streams; ``writes`` events from outside the server (the referee's
    commands on the file) and ``writes`` from within (a table's result, round 2): the
    time from each write to each stream receiving its sequence number."""
    raise_fd_limit(streams * 2 + 256)
    open_ = [Stream() for _ in range(streams)]
    limit = asyncio.Semaphore(50)

    async def connect(s: Stream) -> None:
        async with limit:
            s.task = asyncio.create_task(s.run(server.port))
            await asyncio.wait_for(s.ready.wait(), 30)

    await asyncio.gather(*(connect(s) for s in open_))
    rng = random.Random(7)

    def last_seq() -> int:
        f = TournamentFile.open(path)
        try:
            return f.last_seq()
        finally:
            f.close()

    async def arrivals(seq: int, t0: float) -> list[float]:
        deadline = time.perf_counter() + 5
        while time.perf_counter() < deadline and any(seq not in s.arrived for s in open_):
            await asyncio.sleep(0.005)
        return [((s.arrived[seq] - t0) * 1000 if seq in s.arrived else 5000.0) for s in open_]

    outside: list[float] = []
    actions = ["start", "pause", "resume", "pause", "resume", "pause", "resume"]
    for i in range(writes):
        await asyncio.sleep(rng.uniform(0.3, 1.3))  # anywhere in the watch's poll
        t0 = time.perf_counter()
        with Referee.open(path, stamp) as ref:
            if i == 0:
                ref.pair()  # round 2, as `turniej pair` on the referee's laptop
            else:
                ref.clock(2, actions[(i - 1) % len(actions)], 60 if i == 1 else None)
        outside += await arrivals(await asyncio.to_thread(last_seq), t0)

    inside: list[float] = []
    for t in range(1, writes + 1):
        await asyncio.sleep(rng.uniform(0.3, 1.3))
        pair = (
            Phone(server.url, tables.player_code(secret, 2, t, 0)),
            Phone(server.url, tables.player_code(secret, 2, t, 1)),
        )
        for p in pair:
            await p.open()
        sa, sb = scores(2, t)
        await pair[0].enter(0, sa, sb)
        t0 = time.perf_counter()
        _ms, status = await pair[1].enter(1, sa, sb)  # the result is recorded in the server
        assert status == 200, status
        inside += await arrivals(await asyncio.to_thread(last_seq), t0)
        for p in pair:
            await p.close()
    for s in open_:
        s.close()

    def figures(ms: list[float]) -> dict[str, float]:
        return {
            "p50_ms": round(percentile(ms, 0.5), 1),
            "p99_ms": round(percentile(ms, 0.99), 1),
            "max_ms": round(max(ms, default=0.0), 1),
            "late": sum(1 for x in ms if x > LIVE_TARGET_MS),
        }

    return {"streams": streams, "writes": writes, "outside": figures(outside),
            "inside": figures(inside)}  # fmt: skip


# ---- the standings page ---------------------------------------------------------------


def build_finished(path: str, players: int, rounds: int, seed: int = 1) -> None:
    """A whole tournament (``rounds`` rounds, every result in), written as one log."""
    settings = Settings("Benchmark", rounds, "halving", dates=("2026-05-02",))
    log = [Event(1, "created", {"settings": dump(settings)}, "t")]
    state = replay(log)
    rng = random.Random(seed)
    items: list[tuple[str, dict[str, Any]]] = []

    def add(kind: str, data: dict[str, Any]) -> None:
        apply(state, Event(len(log) + len(items) + 1, kind, data, "t"))
        items.append((kind, data))

    for name in names(players, seed):
        add("player_added", {"name": name, "ranking": rng.randint(90, 180)})
    for n in range(1, rounds + 1):
        add("paired", {"round": n, "tables": [list(t) for t in pair_round(state, n)]})
        for p in state.rounds[n].pairings:
            if p.second is not None:
                add("result", {"round": n, "a": p.first, "sa": rng.randint(250, 550),
                               "b": p.second, "sb": rng.randint(250, 550)})  # fmt: skip
    f = TournamentFile.create(path, settings, at="t")
    f.append_many(items, at="t")
    f.close()


def standings_page(path: str, requests: int) -> dict[str, Any]:
    """``/turniej/klasyfikacja`` served in this process, timed around the app: the first
    request after a change (an event appended from outside) when the page asks at once
    ("cold": the request replays the log itself) and when it asks as a live page does,
    told by the stream (the watch has replayed the change and computed the standings
    before telling), and repeated requests."""
    from starlette.testclient import TestClient

    from plansza.server.app import create_app

    i = 0

    def change() -> int:
        nonlocal i
        with Referee.open(path, stamp) as ref:
            if i == 0:
                ref.clock(15, "start", 60)
            else:
                ref.clock(15, ("resume", "pause")[i % 2])
            i += 1
            return ref.file.last_seq()

    def timed(client: TestClient) -> tuple[float, int]:
        t = time.perf_counter()
        r = client.get("/turniej/klasyfikacja")
        ms = (time.perf_counter() - t) * 1000
        assert r.status_code == 200
        return ms, len(r.content)

    cold: list[float] = []
    told: list[float] = []
    again: list[float] = []
    size = 0
    for poll in (3600.0, None):  # no poll: the requests replay; the default poll
        app = create_app(
            db="sqlite://", words=object(), secret="s", tournament=path, tournament_poll=poll
        )
        with TestClient(app) as client:
            timed(client)  # warm up: templates compiled
            gc.collect()  # the collector set as `plansza serve` sets it
            gc.freeze()
            gc.set_threshold(50_000, 50, 100)
            watch = app.state.tournament
            for _ in range(requests):
                seq = change()
                if poll is None:  # a live page asks when the stream tells it
                    deadline = time.monotonic() + 5
                    while watch.seq != seq and time.monotonic() < deadline:
                        time.sleep(0.002)
                ms, size = timed(client)
                (cold if poll else told).append(ms)
            if poll is None:
                again = [timed(client)[0] for _ in range(requests)]
    return {
        "requests": requests,
        "kb": round(size / 1024, 1),
        "cold_median_ms": round(statistics.median(cold), 1),
        "cold_p99_ms": round(percentile(cold, 0.99), 1),
        "first_median_ms": round(statistics.median(told), 1),
        "first_p99_ms": round(percentile(told, 0.99), 1),
        "again_median_ms": round(statistics.median(again), 1),
        "again_p99_ms": round(percentile(again, 0.99), 1),
    }


# ---- the table ------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a smaller run (40 players, 100 streams)")
    ap.add_argument("--players", type=int, help="players (200; --quick 40)")
    ap.add_argument("--streams", type=int, help="open live pages (500; --quick 100)")
    ap.add_argument("--writes", type=int, help="events of each kind timed (5; --quick 2)")
    ap.add_argument("--requests", type=int, help="standings requests of each kind (50)")
    ap.add_argument("--spread", type=float, default=0.0,
                    help="the tables start within this many seconds (0: all at once)")  # fmt: skip
    ap.add_argument("--only", choices=("tables", "live", "standings"), help="one part only")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    players = args.players or (40 if args.quick else 200)
    streams = args.streams or (100 if args.quick else 500)
    writes = args.writes or (2 if args.quick else 5)
    requests = args.requests or (10 if args.quick else 50)

    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="plansza-day-") as tmp:
        folder = Path(tmp)
        if args.only in (None, "tables", "live"):
            path = str(folder / "dzien.turniej.sqlite")
            build_paired(path, players)
            server = Server(folder, path)
            server.start()
            try:
                secret = server.secret()
                if args.only in (None, "tables"):
                    got = asyncio.run(table_results(server, secret, 1, players // 2, args.spread))
                    out["tables"] = got | check_log(path, 1, players // 2)
                else:  # the live part pairs round 2: round 1 done from the file
                    with Referee.open(path, stamp) as ref:
                        for p in ref.state().rounds[1].pairings:
                            sa, sb = scores(1, p.table)
                            ref.file.append("result", {"round": 1, "a": p.first, "sa": sa,
                                            "b": p.second, "sb": sb}, at=stamp())  # fmt: skip
                if args.only in (None, "live"):
                    out["live"] = asyncio.run(live_pages(server, secret, path, streams, writes))
            finally:
                server.stop()
        if args.only in (None, "standings"):
            path = str(folder / "caly.turniej.sqlite")
            build_finished(path, players, 15)
            out["standings"] = standings_page(path, requests) | {"players": players}

    checks = verdicts(out)
    ok = all(c[3] for c in checks)
    if args.json:
        print(json.dumps(out | {"ok": ok}, indent=2, ensure_ascii=False))
    else:
        print_table(out, checks)
    return 0 if ok else 1


def verdicts(out: dict[str, Any]) -> list[tuple[str, str, str, bool]]:
    """(what, measured, target, met) for every target measured."""
    rows: list[tuple[str, str, str, bool]] = []
    if "tables" in out:
        tb = out["tables"]
        when = f"within {tb['spread_s']:g} s" if tb["spread_s"] else "at once"
        rows.append((f"{tb['tables']} tables {when}: POST p99", f"{tb['p99_ms']:.0f} ms",
                     f"≤ {POST_TARGET_MS:.0f} ms", tb["p99_ms"] <= POST_TARGET_MS))  # fmt: skip
        cpu = tb["cpu_per_post_ms"]
        rows.append(("server CPU a POST (an entry or a recording)", f"{cpu:.2f} ms",
                     f"≤ {POST_CPU_TARGET_MS:.0f} ms", cpu <= POST_CPU_TARGET_MS))  # fmt: skip
        bad = len(tb["failures"])
        rows.append(("results lost, twice, wrong; errors",
                     f"{tb['lost']}, {tb['twice']}, {tb['wrong']}; {bad}", "0, 0, 0; 0",
                     tb["lost"] == tb["twice"] == tb["wrong"] == bad == 0))  # fmt: skip
    if "live" in out:
        lv = out["live"]
        for kind, what in (
            ("outside", "a write from outside"),
            ("inside", "a write in the server"),
        ):
            f = lv[kind]
            rows.append((f"{lv['streams']} streams, {what}: max", f"{f['max_ms']:.0f} ms",
                         f"≤ {LIVE_TARGET_MS:.0f} ms", f["late"] == 0))  # fmt: skip
    if "standings" in out:
        st = out["standings"]
        kinds = (("first", "told of a change"), ("again", "repeated"), ("cold", "at once, cold"))
        for kind, what in kinds:
            p99 = st[f"{kind}_p99_ms"]
            target = f"≤ {STANDINGS_TARGET_MS:.0f} ms"
            rows.append((f"standings {st['players']}×15, {what}: p99", f"{p99:.1f} ms",
                         target, p99 <= STANDINGS_TARGET_MS))  # fmt: skip
    return rows


def print_table(out: dict[str, Any], checks: list[tuple[str, str, str, bool]]) -> None:
    print(f"{'measure':<44} {'figure':>14} {'target':>9}  result")
    print("-" * 77)
    for what, figure, target, ok in checks:
        print(f"{what:<44} {figure:>14} {target:>9}  {'PASS' if ok else 'FAIL'}")
    if "tables" in out:
        tb = out["tables"]
        print(f"tables: {tb['posts']} POSTs in {tb['wall_s']} s, p50 {tb['p50_ms']} ms, "
              f"p95 {tb['p95_ms']} ms, max {tb['max_ms']} ms; the recording POSTs (the "
              f"second phone's) p99 {tb['recording_p99_ms']} ms; server CPU a table's "
              f"result (both POSTs) {tb['cpu_per_result_ms']} ms")  # fmt: skip
        for failure in tb["failures"][:5]:
            print(f"tables: {failure}")
    if "live" in out:
        lv = out["live"]
        for kind in ("outside", "inside"):
            f = lv[kind]
            print(f"live, {kind}: {lv['writes']} writes × {lv['streams']} streams, "
                  f"p50 {f['p50_ms']} ms, p99 {f['p99_ms']} ms, max {f['max_ms']} ms")  # fmt: skip
    if "standings" in out:
        st = out["standings"]
        print(f"standings: {st['kb']} KB a page; medians: told of a change "
              f"{st['first_median_ms']} ms, repeated {st['again_median_ms']} ms, at once "
              f"after a change (the request replays the log) {st['cold_median_ms']} ms "
              f"({st['requests']} requests each)")  # fmt: skip
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
          "(clients and server on the same machine)")  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())

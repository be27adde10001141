"""Federation benchmark (issue 46): the federation's server over a synthetic
federation of 20 years — loaded from a ranking history, one more tournament sent from
a hall and accepted, its public pages read by many readers at once.

Targets, on loopback, everything on this machine:

* **load**: 3,000 players, 1,500 tournaments and 400,000 games over 20 years (a
  seeded ranking history CSV, the format ``plansza ranking`` keeps) loaded into a new
  SQLite registry — ``FederationServer(..., create=True)`` and ``import_history``:
  one ``tournament_received`` event per tournament, the ranking computed and one list
  published — in ≤ 2 min; the cold start of a server process on that file (a fresh
  interpreter opening it and taking its first ``reading().history``) is shown;
* **accept**: a tournament sent from a hall (the kept club tournament of the tests,
  its players renamed to players of the federation, dated after the history's last
  day, signed with a referee's key) accepted at the ranking administrator's desk —
  ``decide(accepted=True)``: the ranking recomputed and a new list published — in
  ≤ 2 s (the worst of 5, each a new tournament); the first ``reading().history``
  after it (what the first reader of a page pays) is shown;
* **pages**: ``/federacja/lista`` (with and without ``?q=``) and
  ``/federacja/gracz/NAME`` (players drawn at random) p99 ≤ 100 ms per class, with
  200 concurrent readers on 2 ``plansza serve --federation`` processes over the same
  file (100 each, a connection each; every reader asks a page, reads it for
  ``--think`` seconds, 5 by default — half to one and a half times that — and asks
  the next; measured for ``--seconds``, 30 by default, once every reader is under
  way), after a warm-up (the first reader of a process computes the ranking's
  history: shown; then each class asked alone, one at a time: shown); the worst
  class named.

    .venv/bin/python benchmarks/federation.py
    .venv/bin/python benchmarks/federation.py --quick         # 300 players, 40 readers
    .venv/bin/python benchmarks/federation.py --only accept   # or: load, pages
    .venv/bin/python benchmarks/federation.py --json
    .venv/bin/python benchmarks/federation.py --only pages --think 2   # a busier site

Every part needs the loaded federation, so ``--only accept`` and ``--only pages`` load
it too (untimed); ``--only pages`` accepts one tournament first, so that the list
shows its changes. The readers run in this process: on 2 cores they share the machine
with the two servers, so the latencies include the clients' own waiting.
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import gc
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from functools import partial
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._served import Server, percentile  # noqa: E402

LOAD_TARGET_S = 120.0
ACCEPT_TARGET_S = 2.0
PAGE_TARGET_MS = 100.0
#: The history's last day (fixed: the same file on every run) and its length.
END = date(2026, 10, 31)
YEARS = 20
CLOCK = "2026-11-20T10:00:00"
REFEREE = "Ewa Sędziowska"
KLUB = ROOT / "tests" / "tournament" / "data" / "logs" / "klub.turniej.sqlite"
KLUB_DAYS = ("2026-05-02", "2026-05-03")
CLASSES = ("list", "list?q=", "player")
T = TypeVar("T")

SURNAMES = (
    "Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamiński", "Lewandowski",
    "Zieliński", "Szymański", "Woźniak", "Dąbrowski", "Kozłowski", "Jankowski", "Mazur",
    "Wojciechowski", "Kwiatkowski", "Krawczyk", "Kaczmarek", "Piotrowski", "Grabowski",
    "Zając", "Pawłowski", "Michalski", "Król", "Wieczorek", "Jabłoński", "Wróbel",
    "Nowakowski", "Majewski", "Olszewski", "Stępień", "Malinowski", "Jaworski", "Adamczyk",
    "Dudek", "Nowicki", "Pawlak", "Górski", "Witkowski", "Walczak", "Sikora", "Baran",
    "Rutkowski", "Michalak", "Szewczyk", "Ostrowski", "Tomaszewski", "Pietrzak", "Zalewski",
    "Wróblewski", "Jasiński", "Marciniak", "Bąk", "Zawadzki", "Sadowski", "Duda",
    "Jakubowski", "Włodarczyk", "Wilk", "Chmielewski", "Borkowski", "Sokołowski",
    "Szczepański", "Sawicki", "Lis", "Kucharski", "Mazurek", "Kubiak", "Kalinowski",
    "Wysocki", "Kołodziej", "Czarnecki", "Żak", "Łuczak", "Ślusarczyk", "Ćwiek", "Źrałek",
    "Gołębiowski", "Żurawski", "Łukasik", "Przybylski", "Śliwiński", "Kaźmierczak", "Bieńko",
)  # fmt: skip
MEN = (
    "Adam", "Andrzej", "Bartłomiej", "Bogdan", "Cezary", "Dariusz", "Grzegorz", "Jacek",
    "Jan", "Janusz", "Jarosław", "Jerzy", "Kamil", "Krzysztof", "Łukasz", "Maciej", "Marek",
    "Mariusz", "Mateusz", "Michał", "Mirosław", "Paweł", "Piotr", "Przemysław", "Radosław",
    "Rafał", "Robert", "Sławomir", "Stanisław", "Szymon", "Tomasz", "Wojciech", "Zbigniew",
    "Zdzisław", "Mikołaj", "Bartosz", "Jędrzej", "Józef", "Kazimierz", "Leszek",
)  # fmt: skip
WOMEN = (
    "Agnieszka", "Aleksandra", "Alicja", "Anna", "Barbara", "Beata", "Dorota", "Elżbieta",
    "Ewa", "Grażyna", "Halina", "Iwona", "Joanna", "Jolanta", "Justyna", "Katarzyna",
    "Krystyna", "Magdalena", "Małgorzata", "Maria", "Marta", "Monika", "Natalia", "Paulina",
    "Renata", "Sylwia", "Urszula", "Wiesława", "Zofia", "Żaneta", "Łucja", "Jadwiga",
    "Bożena", "Danuta", "Teresa",
)  # fmt: skip
CITIES = (
    "Łódź", "Kraków", "Gdańsk", "Wrocław", "Poznań", "Szczecin", "Białystok", "Toruń",
    "Zielona Góra", "Częstochowa", "Bielsko-Biała", "Kalisz", "Koszalin", "Łomża",
    "Świnoujście", "Jelenia Góra", "Gorzów Wielkopolski", "Żyrardów", "Ostrów Wielkopolski",
    "Piła", "Łańcut", "Sępólno Krajeńskie", "Złotoryja", "Ełk", "Warszawa", "Lublin",
)  # fmt: skip
SEARCHES = ("kowal", "ski", "Nowak", "ąb", "ŻAK", "łu", "Anna", "Piotr", "wicz", "ńs", "ó", "Zo")


# ---- the synthetic federation ---------------------------------------------------------


def player_names(rng: random.Random, players: int) -> list[str]:
    """``players`` distinct names as the ranking spells them: "Surname Firstname"
    (a woman's -ski is -ska), about a quarter of them women."""
    names: list[str] = []
    seen: set[str] = set()
    while len(names) < players:
        surname = rng.choice(SURNAMES)
        if rng.random() < 0.27:
            first = rng.choice(WOMEN)
            if surname.endswith("ki"):
                surname = surname[:-1] + "a"
        else:
            first = rng.choice(MEN)
        name = f"{surname} {first}"
        if name in seen:  # a namesake: a second given name tells them apart
            name = f"{name} {rng.choice(MEN if name[-1] != 'a' else WOMEN)}"
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


@dataclass
class Federation:
    """The synthetic federation: its history as CSV rows and who played lately."""

    names: list[str]
    rows: list[tuple[str, str, str, str, int, int, str]] = field(default_factory=list)
    tournaments: int = 0
    played: set[str] = field(default_factory=set)
    recent: list[str] = field(default_factory=list)  #: played in the history's last year

    def write(self, path: Path) -> None:
        with path.open("w", encoding="utf-8", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow(
                [
                    "date",
                    "tournament",
                    "player1",
                    "player2",
                    "score1",
                    "score2",
                    "walkover",
                    "registered_ranking",
                    "registered_games",
                ]
            )
            for row in self.rows:
                w.writerow([*row, "", ""])


def synthetic_federation(players: int, tournaments: int, games: int, seed: int = 46) -> Federation:
    """A seeded federation: ``tournaments`` tournaments of 1–3 days over the
    :data:`YEARS` years ending on :data:`END`, ``games`` games in all (about
    ``games / tournaments`` each, fields of 12–80), players with careers that start,
    pause and end and a tenth of keen ones who play everywhere."""
    rng = random.Random(seed)
    start = END - timedelta(days=YEARS * 365)
    span = (END - start).days
    fed = Federation(player_names(rng, players))
    skill = [rng.gauss(0, 70) for _ in range(players)]
    career = []
    for _ in range(players):
        first = rng.randrange(-2 * 365, span)
        career.append((first, first + rng.randrange(200, 12 * 365)))
    keen = players // 10
    days = sorted(rng.randrange(span - 3) for _ in range(tournaments))
    weights = [rng.uniform(0.4, 1.6) for _ in range(tournaments)]
    total = sum(weights)
    quotas = [max(8, round(games * w / total)) for w in weights]
    quotas[-1] += games - sum(quotas)
    recent_from = span - 365
    for t, (offset, quota) in enumerate(zip(days, quotas, strict=True)):
        rounds = rng.randint(7, 24)
        size = max(12, min(80, 2 * round(quota / rounds)))
        active = [p for p in range(players) if career[p][0] <= offset <= career[p][1]]
        keen_now = [p for p in active if p < keen]
        field_ = rng.sample(keen_now, min(len(keen_now), size // 3))
        rest = [p for p in active if p >= keen]
        field_ += rng.sample(rest, min(len(rest), size - len(field_)))
        if len(field_) < size:  # a thin year: guests from anywhere
            taken = set(field_)
            others = [p for p in range(players) if p not in taken]
            field_ += rng.sample(others, size - len(field_))
        size = len(field_) - len(field_) % 2
        field_ = field_[:size]
        rounds = -(-quota // (size // 2))
        n_days = 1 if rounds <= 9 else 2 if rounds <= 17 else 3
        name = f"Turniej {t + 1:04d} {rng.choice(CITIES)}"
        first_day = start + timedelta(days=offset)
        made = 0
        for r in range(rounds):
            day = (first_day + timedelta(days=r * n_days // rounds)).isoformat()
            rng.shuffle(field_)
            for i in range(0, size, 2):
                if made == quota:
                    break
                a, b = field_[i], field_[i + 1]
                if rng.random() < 0.004:  # a walkover: N:1 with N ≥ 400 (TR 7.2)
                    s1, s2, wo = (400, 1, "1") if rng.random() < 0.5 else (1, 400, "1")
                else:
                    edge = (skill[a] - skill[b]) / 2
                    s1 = min(700, max(150, round(rng.gauss(395 + edge, 55))))
                    s2 = min(700, max(150, round(rng.gauss(395 - edge, 55))))
                    wo = ""
                fed.rows.append((day, name, fed.names[a], fed.names[b], s1, s2, wo))
                made += 1
        for p in field_:
            fed.played.add(fed.names[p])
        if offset >= recent_from:
            fed.recent.extend(fed.names[p] for p in field_)
    fed.tournaments = tournaments
    fed.recent = sorted(set(fed.recent))
    return fed


# ---- the load -------------------------------------------------------------------------


def load(folder: Path, fed: Federation) -> dict[str, Any]:
    """The history CSV written, then the registry made from it; the seconds each took
    (the registry left in ``folder / 'pfs.federacja.sqlite'``)."""
    from plansza.services.federation_server import FederationServer

    history = folder / "historia.csv"
    t0 = time.perf_counter()
    fed.write(history)
    written = time.perf_counter() - t0
    fed.rows.clear()  # this process then holds what a server process holds, no more
    gc.collect()
    path = folder / "pfs.federacja.sqlite"
    t0 = time.perf_counter()
    server = FederationServer(str(path), lambda: CLOCK, create=True)
    created = time.perf_counter() - t0
    imported = server.import_history(str(history))
    took = time.perf_counter() - t0
    assert imported == fed.tournaments, (imported, fed.tournaments)
    lists = server.state().server.lists
    server.close()
    return {
        "csv_s": written,
        "csv_mb": history.stat().st_size / 1e6,
        "create_s": created,
        "load_s": took,
        "tournaments": imported,
        "listed": len(lists[-1].rows) if lists else 0,
        "file_mb": path.stat().st_size / 1e6,
    }


COLD = """
import json, sys, time
t0 = time.perf_counter()
from plansza.services.federation_server import FederationServer
t1 = time.perf_counter()
server = FederationServer(sys.argv[1], lambda: sys.argv[2])
reading = server.reading()
t2 = time.perf_counter()
history = reading.history
t3 = time.perf_counter()
print(json.dumps({"import_s": t1 - t0, "state_s": t2 - t1, "history_s": t3 - t2,
                  "players": len(history.players)}))
"""


def cold_start(path: Path) -> dict[str, Any]:
    """A fresh interpreter opens the registry and takes its first history."""
    t0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", COLD, str(path), CLOCK], capture_output=True, text=True, check=True
    )
    figures: dict[str, Any] = json.loads(done.stdout)
    figures["process_s"] = time.perf_counter() - t0
    figures["first_s"] = figures["state_s"] + figures["history_s"]
    return figures


# ---- one more tournament --------------------------------------------------------------


def klub_events() -> list[Any]:
    """The kept closed club tournament of the tests, ranked, run by :data:`REFEREE`."""
    from plansza.tournament.storage import TournamentFile

    t = TournamentFile.open(str(KLUB))
    try:
        events = t.events()
    finally:
        t.close()
    events[0].data["settings"].update(category="ranked", referee=REFEREE)
    return events


def redated(value: Any, days: dict[str, str]) -> Any:
    """``value`` (an event's data) with every date of the club tournament moved."""
    if isinstance(value, str):
        return days.get(value, value)
    if isinstance(value, list):
        return [redated(v, days) for v in value]
    if isinstance(value, dict):
        return {k: redated(v, days) for k, v in value.items()}
    return value


def hall_tournament(k: int, names: list[str]) -> tuple[bytes, str]:
    """The ``k``-th tournament sent from a hall: the club tournament renamed, dated a
    week apart after :data:`END`, its players ``names``; the file and its id."""
    from plansza.services.federation_server import export_log
    from plansza.tournament.events import Event

    first = END + timedelta(days=7 * (k + 1))
    days = {old: (first + timedelta(days=i)).isoformat() for i, old in enumerate(KLUB_DAYS)}
    name = f"Klubowy Łódź {k + 1}"
    out = []
    players = iter(names)
    for e in klub_events():
        data = redated(e.data, days)
        if e.kind == "created":
            data["settings"]["name"] = name
        elif e.kind == "player_added":
            data["name"] = next(players)
        at = days.get(e.at[:10], e.at[:10]) + e.at[10:]
        out.append(Event(e.seq, e.kind, data, at, e.by))
    body = export_log(out, name, days[KLUB_DAYS[0]])
    return body, json.loads(body)["id"]


class Collector:
    """The seconds the garbage collector ran (every generation) while it is counting."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.full = 0
        self._since = 0.0
        gc.callbacks.append(self._tick)

    def _tick(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._since = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._since
            self.full += info["generation"] == 2

    def close(self) -> None:
        gc.callbacks.remove(self._tick)


@dataclass
class Timed:
    """One step's wall clock, this process's CPU and the collector's share of it."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    gc: list[float] = field(default_factory=list)
    full: list[int] = field(default_factory=list)

    def run(self, step: Callable[[], T], collector: Collector) -> T:
        before, full = collector.seconds, collector.full
        t0, c0 = time.perf_counter(), time.process_time()
        value = step()
        self.wall.append(time.perf_counter() - t0)
        self.cpu.append(time.process_time() - c0)
        self.gc.append(collector.seconds - before)
        self.full.append(collector.full - full)
        return value

    def as_json(self) -> dict[str, list[float] | list[int]]:
        return {"wall_s": self.wall, "cpu_s": self.cpu, "gc_s": self.gc, "full_gc": self.full}


def accept(path: Path, fed: Federation, times: int) -> dict[str, Any]:
    """``times`` tournaments sent, each accepted: the seconds of each step."""
    from plansza.services.federation import Federation as Board
    from plansza.services.federation_server import FederationServer, sign

    rng = random.Random(4646)
    server = FederationServer(str(path), lambda: CLOCK)
    board = Board(server.registry, lambda: CLOCK)
    board.add_member(REFEREE, born=date(1975, 3, 8), since=date(2005, 1, 1))
    board.grant(REFEREE, 1, END - timedelta(days=400))
    key_id, secret = server.issue_key(REFEREE)
    server.refresh()
    server.reading().history  # noqa: B018 — the server as it runs: a reading at hand
    received, decided, first = Timed(), Timed(), Timed()
    pool = fed.recent or sorted(fed.played)
    collector = Collector()
    try:
        for k in range(times):
            body, tid = hall_tournament(k, rng.sample(pool, 9))
            signature = sign(body, secret)
            receipt = received.run(partial(server.receive, body, key_id, signature), collector)
            assert receipt.new and receipt.id == tid, receipt
            server.refresh()
            accepting = partial(
                server.decide, tid, receipt.version, accepted=True, why="", by="bench"
            )
            day = decided.run(accepting, collector)
            assert day is not None and day > END
            server.refresh()
            history = first.run(lambda: server.reading().history, collector)
            assert history.last_list_date() is not None
        lists = len(server.state().server.lists)
    finally:
        collector.close()
        server.close()
    return {
        "times": times,
        "receive": received.as_json(),
        "decide": decided.as_json(),
        "first_history": first.as_json(),
        "lists": lists,
    }


# ---- the pages ------------------------------------------------------------------------


@dataclass
class Latencies:
    """What the readers measured, by class."""

    ms: dict[str, list[float]] = field(default_factory=lambda: {c: [] for c in CLASSES})
    errors: dict[str, int] = field(default_factory=dict)
    size: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CLASSES, 0))
    retried: int = 0


def a_page(rng: random.Random, players: list[str]) -> tuple[str, str]:
    """A page a reader asks: its class and address."""
    x = rng.random()
    if x < 0.4:
        return "list", "/federacja/lista"
    if x < 0.6:
        return "list?q=", f"/federacja/lista?q={quote(rng.choice(SEARCHES))}"
    return "player", f"/federacja/gracz/{quote(rng.choice(players))}"


async def ask(http: httpx.AsyncClient, address: str, out: Latencies) -> httpx.Response | None:
    """``GET address`` (``None``: failed, counted); asked once more when the kept-alive
    connection was closed under the request, as a browser does (counted apart)."""
    for attempt in range(2):
        try:
            return await http.get(address)
        except (httpx.ReadError, httpx.RemoteProtocolError) as e:
            if attempt == 0:
                out.retried += 1
                continue
            out.errors[type(e).__name__] = out.errors.get(type(e).__name__, 0) + 1
        except httpx.HTTPError as e:
            out.errors[type(e).__name__] = out.errors.get(type(e).__name__, 0) + 1
            return None
    return None


async def reader(
    http: httpx.AsyncClient,
    seed: int,
    players: list[str],
    window: tuple[float, float],
    think: float,
    out: Latencies,
) -> None:
    """One reader: a page, read for a while, the next page, until the window's end;
    the pages asked within the window (``time.monotonic()``) measured."""
    rng = random.Random(seed)
    start, until = window
    await asyncio.sleep(rng.uniform(0, think))  # the readers do not come in step
    while time.monotonic() < until:
        kind, address = a_page(rng, players)
        counted = time.monotonic() >= start
        t0 = time.perf_counter()
        r = await ask(http, address, out)
        if r is not None and counted:
            out.ms[kind].append((time.perf_counter() - t0) * 1000)
            out.size[kind] = max(out.size[kind], len(r.content))
        if r is not None and r.status_code != 200:
            what = f"{kind} {r.status_code}"
            out.errors[what] = out.errors.get(what, 0) + 1
        await asyncio.sleep(min(think * rng.uniform(0.5, 1.5), until - time.monotonic()))


def log_tail(server: Server) -> str:
    """The end of a server's log (what it said when a page failed)."""
    return server.log.read_text(errors="replace")[-3000:]


def warm_up(server: Server, players: list[str], alone: Latencies) -> dict[str, float]:
    """The first pages a process serves (the first reading, the first history) timed,
    then each class asked alone, one request at a time (what a page costs with no
    one else asking: ``alone``)."""
    rng = random.Random(server.port)
    with httpx.Client(base_url=server.url, timeout=120) as http:
        t0 = time.perf_counter()
        assert http.get("/federacja/lista").status_code == 200
        first_list = time.perf_counter() - t0
        t0 = time.perf_counter()
        r = http.get(f"/federacja/gracz/{quote(players[0])}")
        first_player = time.perf_counter() - t0
        assert r.status_code == 200, log_tail(server)
        for _ in range(60):
            kind, address = a_page(rng, players)
            t0 = time.perf_counter()
            r = http.get(address)
            alone.ms[kind].append((time.perf_counter() - t0) * 1000)
            assert r.status_code == 200, f"{address}: {r.status_code}\n{log_tail(server)}"
    return {"first_list_s": first_list, "first_player_s": first_player}


def pages(
    folder: Path, path: Path, fed: Federation, readers: int, seconds: float, think: float
) -> dict[str, Any]:
    """``readers`` readers on two server processes over the registry ``path``."""
    servers = [
        Server(folder, "--federation", str(path), db=f"sqlite:///{folder / 'web.db'}", name=f"-{i}")
        for i in range(2)
    ]
    players = sorted(fed.played)
    out, alone = Latencies(), Latencies()
    try:
        for s in servers:  # one after the other: the first makes the web database
            s.start()
        warm = [warm_up(s, players, alone) for s in servers]

        def now() -> tuple[float, list[float], float, float]:
            cpu = [s.cpu_s() for s in servers]
            return time.monotonic(), cpu, time.process_time(), os.getloadavg()[0]

        async def everyone() -> tuple[tuple[float, list[float], float, float], ...]:
            clients = [  # made first: a client's making is not a reader's waiting
                httpx.AsyncClient(base_url=servers[i % 2].url, timeout=60) for i in range(readers)
            ]
            begin = time.monotonic() + 1.5 * think  # every reader under way by then
            window = (begin, begin + seconds)
            try:
                tasks = [
                    asyncio.create_task(reader(c, i, players, window, think, out))
                    for i, c in enumerate(clients)
                ]
                await asyncio.sleep(begin - time.monotonic())
                before = now()
                await asyncio.gather(*tasks)
                return before, now()
            finally:
                for c in clients:
                    await c.aclose()

        (t0, cpu0, mine0, load_before), (t1, cpu1, mine1, load_after) = asyncio.run(everyone())
        wall = t1 - t0
        cpu = [b - a for a, b in zip(cpu0, cpu1, strict=True)]
        mine = mine1 - mine0
    finally:
        for s in servers:
            s.stop()
    by_class = {
        c: {
            "n": len(v),
            "p50_ms": percentile(v, 0.5),
            "p99_ms": percentile(v, 0.99),
            "max_ms": max(v, default=0.0),
            "kb": out.size[c] / 1024,
            "alone_p50_ms": percentile(alone.ms[c], 0.5),
            "alone_max_ms": max(alone.ms[c], default=0.0),
        }
        for c, v in out.ms.items()
    }
    worst = max(CLASSES, key=lambda c: by_class[c]["p99_ms"])
    return {
        "readers": readers,
        "seconds": wall,
        "think_s": think,
        "requests": sum(len(v) for v in out.ms.values()),
        "errors": out.errors,
        "retried": out.retried,
        "classes": by_class,
        "worst": worst,
        "warm": warm,
        "server_cpu_s": cpu,
        "client_cpu_s": mine,
        "load_average": [load_before, load_after],
    }


# ---- the report -----------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument(
        "--quick",
        action="store_true",
        help="300 players, 150 tournaments, 40,000 games, 40 readers",
    )
    ap.add_argument("--only", choices=["load", "accept", "pages"])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--seconds", type=float, help="how long the readers read (30 s; quick 10 s)")
    ap.add_argument("--think", type=float, default=5.0, help="mean seconds a reader reads a page")
    args = ap.parse_args(argv)
    players, tournaments, games, readers = (
        (300, 150, 40_000, 40) if args.quick else (3_000, 1_500, 400_000, 200)
    )
    seconds = args.seconds or (10.0 if args.quick else 30.0)
    out: dict[str, Any] = {"players": players, "tournaments": tournaments, "games": games}
    out["load_average_start"] = os.getloadavg()[0]
    folder = Path(tempfile.mkdtemp(prefix="plansza-bench-federation-"))
    try:
        t0 = time.perf_counter()
        fed = synthetic_federation(players, tournaments, games)
        out["generate_s"] = time.perf_counter() - t0
        loaded = load(folder, fed)
        path = folder / "pfs.federacja.sqlite"
        if args.only in (None, "load"):
            out["load"] = loaded
            out["load"]["cold"] = cold_start(path)
        if args.only in (None, "accept", "pages"):
            accepted = accept(path, fed, 1 if args.only == "pages" else 5)
            if args.only != "pages":
                out["accept"] = accepted
        if args.only in (None, "pages"):
            out["pages"] = pages(folder, path, fed, readers, seconds, args.think)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    checks = verdicts(out)
    if args.json:
        print(json.dumps({**out, "checks": checks}, indent=2, ensure_ascii=False))
    else:
        report(out, checks)
    return 0 if all(ok for *_, ok in checks) else 1


def verdicts(out: dict[str, Any]) -> list[tuple[str, str, str, bool]]:
    """The table's rows: what, the figure, the target, whether it is met (a row
    without a target is shown and always passes)."""
    rows: list[tuple[str, str, str, bool]] = []
    if "load" in out:
        lo = out["load"]
        rows.append(
            (
                f"load: {out['players']:,} players, {out['tournaments']:,} tournaments, "
                f"{out['games']:,} games",
                f"{lo['load_s']:.1f} s",
                f"≤ {LOAD_TARGET_S:.0f} s",
                lo["load_s"] <= LOAD_TARGET_S,
            )
        )
        cold = lo["cold"]
        rows.append(
            ("cold start: open + first history (shown)", f"{cold['first_s']:.1f} s", "", True)
        )
    if "accept" in out:
        ac = out["accept"]
        worst = max(ac["decide"]["wall_s"])
        rows.append(
            (
                f"accept: decide (recompute + publish), worst of {ac['times']}",
                f"{worst:.2f} s",
                f"≤ {ACCEPT_TARGET_S:.0f} s",
                worst <= ACCEPT_TARGET_S,
            )
        )
        rows.append(
            (
                "accept: first history after, worst (shown)",
                f"{max(ac['first_history']['wall_s']):.2f} s",
                "",
                True,
            )
        )
    if "pages" in out:
        pg = out["pages"]
        target = f"≤ {PAGE_TARGET_MS:.0f} ms"
        for c in CLASSES:
            p99 = pg["classes"][c]["p99_ms"]
            worst = " — the worst" if c == pg["worst"] else ""
            label = f"pages p99, {c} ({pg['readers']} readers, 2 processes){worst}"
            rows.append((label, f"{p99:.1f} ms", target, p99 <= PAGE_TARGET_MS))
        rows.append(("pages: no error", str(sum(pg["errors"].values())), "0", not pg["errors"]))
    return rows


def report(out: dict[str, Any], checks: list[tuple[str, str, str, bool]]) -> None:
    print(f"{'measure':<62} {'figure':>10} {'target':>9}  result")
    print("-" * 92)
    for what, figure, target, ok in checks:
        print(f"{what:<62} {figure:>10} {target:>9}  {'PASS' if ok else 'FAIL'}")
    print(
        f"the federation generated in {out['generate_s']:.1f} s; load average "
        f"{out['load_average_start']:.1f} at the start, on {os.cpu_count()} cores"
    )
    if "load" in out:
        lo, cold = out["load"], out["load"]["cold"]
        print(
            f"load: the CSV ({lo['csv_mb']:.1f} MB) written in {lo['csv_s']:.1f} s; the registry "
            f"created in {lo['create_s']:.2f} s, {lo['tournaments']:,} tournaments imported, "
            f"{lo['listed']:,} rows on the list, the file {lo['file_mb']:.0f} MB"
        )
        print(
            f"cold start: a fresh process {cold['process_s']:.1f} s — imports "
            f"{cold['import_s']:.2f} s, the log read {cold['state_s']:.1f} s, the history "
            f"{cold['history_s']:.1f} s ({cold['players']:,} players)"
        )
    if "accept" in out:
        ac = out["accept"]
        for step in ("receive", "decide", "first_history"):
            t = ac[step]
            print(
                f"accept: {step.replace('_', ' '):<13} wall "
                + " ".join(f"{x:5.2f}" for x in t["wall_s"])
                + " s; CPU "
                + " ".join(f"{x:5.2f}" for x in t["cpu_s"])
                + " s; of which collecting garbage "
                + " ".join(f"{x:4.2f}" for x in t["gc_s"])
                + f" s ({sum(t['full_gc'])} full collections)"
            )
        print(f"accept: {ac['lists']} lists published in all")
    if "pages" in out:
        pg = out["pages"]
        print(
            f"pages: {pg['requests']:,} requests in {pg['seconds']:.0f} s "
            f"({pg['requests'] / pg['seconds']:.0f}/s; {pg['readers']} readers, each reading a "
            f"page ~{pg['think_s']:g} s); the servers' CPU "
            + ", ".join(f"{c:.0f} s" for c in pg["server_cpu_s"])
            + f", {1000 * sum(pg['server_cpu_s']) / max(1, pg['requests']):.0f} ms a request; "
            f"the readers' (this process) {pg['client_cpu_s']:.0f} s"
        )
        for c in CLASSES:
            k = pg["classes"][c]
            print(
                f"  {c:<8} n {k['n']:>6,}  p50 {k['p50_ms']:7.1f}  p99 {k['p99_ms']:7.1f}  "
                f"max {k['max_ms']:7.1f} ms  page {k['kb']:.0f} KB; alone p50 "
                f"{k['alone_p50_ms']:.1f} max {k['alone_max_ms']:.1f} ms"
            )
        print(
            f"  worst class: {pg['worst']}; load average {pg['load_average'][0]:.1f} before, "
            f"{pg['load_average'][1]:.1f} after, on {os.cpu_count()} cores"
        )
        for i, w in enumerate(pg["warm"]):
            print(
                f"  process {i + 1}: the first list page {w['first_list_s']:.1f} s, the first "
                f"player page {w['first_player_s']:.1f} s"
            )
        if pg["errors"]:
            print(f"  errors: {pg['errors']}")
        if pg["retried"]:
            print(f"  asked again once (a kept-alive connection closed under it): {pg['retried']}")


if __name__ == "__main__":
    sys.exit(main())

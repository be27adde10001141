"""Web benchmark: live games over WebSockets, the game page, the computer's move.

Targets (issue 28), on loopback, one server process (``plansza serve`` on a SQLite
file, the default lexicon — SJP.PL, not the official OSPS):

* **live**: 500 concurrent games between two scripted WebSocket clients each (each
  game made from the lobby's form against a friend, its invitation link opened and
  taken by a second browser, as people do it; both seats scripted: the top move of
  plansza's move generator, else an exchange while the rules allow one, else a
  pass; every play accepted), quick moves (``--think`` seconds between actions, half
  to one and a half times that): p99 from an action sent to the opponent receiving its
  step ≤ 100 ms, no error, no lost event (every step reaches both seats, numbered
  without a gap); the server's memory per live game (its RSS grown / games);
* **pages** (issue 44): every page of ``PAGES`` (the lobby, the game page of a game
  under way as its first player sees it, in Polish and English, the word check, the
  analysis, the account's forms) with every file it loads ≤ 100 KB without
  compression (the table also shows the bytes sent to a browser that asks for gzip:
  the server compresses its files, never a page), and the game page's first paint
  ≤ 0.5 s (measured in Chromium through Playwright when both are installed; otherwise
  only the bytes, and the table says so);
* **computer**: a computer move at the ``static`` level answered server-side ≤ 50 ms
  p99 (``LiveTable.computer_action`` timed on the positions of whole games).

    .venv/bin/python benchmarks/web.py
    .venv/bin/python benchmarks/web.py --games 100 --seconds 15 --think 0.5
    .venv/bin/python benchmarks/web.py --json

The client runs in this process on the same machine: on a small machine the two
share the cores, and the latencies include the client's own waiting.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from _served import Server, percentile
from websockets.asyncio.client import ClientConnection, connect

from plansza.board import Board
from plansza.lexicon import Lexicon
from plansza.movegen import MoveGenerator
from plansza.rules import Rules

LATENCY_TARGET_MS = 100.0
PAGE_TARGET_KB = 100.0
PAINT_TARGET_MS = 500.0
COMPUTER_TARGET_MS = 50.0


# ---- the server ---------------------------------------------------------------------


def csrf_in(text: str) -> str:
    """The CSRF token of a page's form."""
    found = re.search(r'name="csrf" value="([^"]+)"', text)
    assert found, text[-2000:]
    return found.group(1)


async def new_game(base_url: str) -> tuple[str, tuple[str, str]]:
    """A game between two people made from the lobby's form and its invitation taken
    by a second browser (as tests/server/served.py ``game_with_friend`` does): its id
    and the seats' tokens (their cookies). The friend's taking the seat is the game's
    first step (joined, started); until then it waits."""
    async with (
        httpx.AsyncClient(base_url=base_url, timeout=60) as host,
        httpx.AsyncClient(base_url=base_url, timeout=60) as friend,
    ):
        form = {"csrf": csrf_in((await host.get("/")).text), "opponent": "person"}
        r = await host.post("/games", data=form | {"rules": "pfs", "minutes": "30"})
        assert r.status_code == 303, r.text
        game_id = r.headers["location"].rsplit("/", 1)[-1]
        page = await host.get(f"/g/{game_id}")
        # the invitation: <input readonly value="http://host/g/<id>/join/<code>">
        link = re.search(r'value="http[^"]+?(/g/[^"]+/join/[^"?]+)', page.text)
        assert link, page.text
        invite = await friend.get(link.group(1))
        taken = await friend.post(link.group(1), data={"csrf": csrf_in(invite.text), "name": "Ola"})
        assert taken.status_code == 303, taken.text
        assert taken.headers["location"] == f"/g/{game_id}", taken.headers
        return game_id, (host.cookies[f"seat_{game_id}"], friend.cookies[f"seat_{game_id}"])


# ---- the scripted players -------------------------------------------------------------


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lost: int = 0
    events: int = 0
    finished: int = 0


class Seat:
    """One seat's connection: the steps it saw (in order, checked) and its last view."""

    def __init__(self, ws: ClientConnection, seat: int, table: ScriptedGame) -> None:
        self.ws = ws
        self.seat = seat
        self.table = table
        self.seen = 0
        self.view: dict[str, Any] = {}
        self.arrived = asyncio.Event()

    async def read(self) -> None:
        stats = self.table.stats
        async for text in self.ws:
            got = time.perf_counter()
            msg = json.loads(text)
            if msg["type"] == "step":
                n = msg["step"]["n"]
                if n != self.seen + 1:
                    stats.lost += abs(n - self.seen - 1)
                self.seen = n
                sent = self.table.sent
                if sent is not None and msg["step"]["seat"] != self.seat and sent[0] == n:
                    stats.latencies.append((got - sent[1]) * 1000)
            elif msg["type"] == "error":
                stats.errors.append(f"{msg.get('code')}: {msg.get('message')}")
                self.table.failed = True
            if "view" in msg:
                self.view = msg["view"]
            self.arrived.set()


class ScriptedGame:
    """Both seats of one game, scripted: act, then wait until both seats saw the step."""

    def __init__(self, stats: Stats, words: Lexicon, rules: Rules, seed: int) -> None:
        self.stats = stats
        self.words = words
        self.rules = rules
        self.rng = random.Random(seed)
        self.sent: tuple[int, float] | None = None
        self.failed = False
        self.seats: list[Seat] = []

    async def join(self, base: str, game_id: str, tokens: tuple[str, str]) -> None:
        for seat, token in enumerate(tokens):
            ws = await connect(
                f"{base}/g/{game_id}/ws?last=0",
                additional_headers={"Cookie": f"seat_{game_id}={token}"},
                max_size=2**22,
            )
            self.seats.append(Seat(ws, seat, self))
        self.readers = [asyncio.create_task(s.read()) for s in self.seats]
        for s in self.seats:
            while not s.view:
                s.arrived.clear()
                await s.arrived.wait()

    def choose(self, seat: Seat) -> dict[str, Any]:
        view = seat.view
        pending = view["pending"]
        if pending is not None:
            return {"kind": "accept"}
        gen = MoveGenerator(self.words, self.rules, Board())
        tiles = [
            ((r, c), ch)
            for r, row in enumerate(view["board"])
            for c, ch in enumerate(row)
            if ch != "."
        ]
        if tiles:
            gen.place_tiles(tiles)
        top = gen.top(view["rack"])
        if len(top):
            return {"kind": "move", "text": str(top[0].play)}
        left = view["exchanges_left"]  # PFS: 3 a player (TR 4.3.1); None: unlimited
        if view["bag"] >= 7 and (left is None or left > 0):
            return {"kind": "move", "text": "-" + view["rack"]}
        return {"kind": "move", "text": "pauza"}

    async def play(self, until: float, think: float) -> None:
        while time.monotonic() < until and not self.failed:
            await asyncio.sleep(think * self.rng.uniform(0.5, 1.5))
            view = self.seats[0].view
            if view.get("result") is not None:
                self.stats.finished += 1
                return
            pending = view["pending"]
            actor = self.seats[view["to_move"] if pending is None else 1 - pending["player"]]
            action = self.choose(actor)
            n = actor.seen + 1
            for s in self.seats:
                s.arrived.clear()
            self.sent = (n, time.perf_counter())
            await actor.ws.send(json.dumps(action, ensure_ascii=False))
            deadline = time.monotonic() + 10
            while any(s.seen < n for s in self.seats) and not self.failed:
                left = deadline - time.monotonic()
                if left <= 0:
                    self.stats.errors.append("timeout")
                    self.failed = True
                    break
                waiting = [s for s in self.seats if s.seen < n]
                with_timeout = asyncio.wait_for(waiting[0].arrived.wait(), left)
                try:
                    await with_timeout
                except TimeoutError:
                    continue
                waiting[0].arrived.clear()
            self.stats.events += 1

    async def close(self) -> None:
        for s in self.seats:
            await s.ws.close()
        for task in self.readers:
            task.cancel()


async def live_games(
    server: Server, games: int, seconds: float, think: float, words: Lexicon
) -> dict[str, Any]:
    rules = Rules.pfs()
    stats = Stats()
    base = server.url.replace("http://", "ws://")
    rss_before = server.rss_kb()
    limit = asyncio.Semaphore(16)

    async def make(i: int) -> ScriptedGame:
        async with limit:
            game_id, tokens = await new_game(server.url)
            table = ScriptedGame(stats, words, rules, seed=i)
            await table.join(base, game_id, tokens)
            return table

    t0 = time.monotonic()
    tables = await asyncio.gather(*(make(i) for i in range(games)))
    ready_s = time.monotonic() - t0
    until = time.monotonic() + seconds
    cpu = server.cpu_s(), time.process_time()
    await asyncio.gather(*(t.play(until, think) for t in tables))
    server_cpu, client_cpu = server.cpu_s() - cpu[0], time.process_time() - cpu[1]
    rss_after = server.rss_kb()
    # no lost event: every seat saw every step, and as many as were made
    for t in tables:
        counts = {s.seen for s in t.seats}
        if len(counts) != 1 or counts.pop() != t.seats[0].view.get("n"):
            stats.lost += 1
    await asyncio.gather(*(t.close() for t in tables))
    lat = sorted(stats.latencies)
    return {
        "games": games,
        "seconds": seconds,
        "think_s": think,
        "setup_s": round(ready_s, 1),
        "events": stats.events,
        "events_per_s": round(stats.events / seconds, 1),
        "p50_ms": round(percentile(lat, 0.50), 1),
        "p99_ms": round(percentile(lat, 0.99), 1),
        "max_ms": round(lat[-1], 1) if lat else 0.0,
        "errors": len(stats.errors),
        "error_codes": sorted(set(stats.errors)),
        "lost": stats.lost,
        "finished": stats.finished,
        "server_cpu": round(server_cpu / seconds, 2),
        "client_cpu": round(client_cpu / seconds, 2),
        "rss_mb": round(rss_after / 1024, 1),
        "kb_per_game": round((rss_after - rss_before) / max(1, games), 1),
    }


PAGES = (
    ("lobby", "/"),
    ("game", "/g/{game}"),
    ("game (English)", "/g/{game}?lang=en"),
    ("word check", "/slowa?q=KOT"),
    ("analysis", "/analiza"),
    ("log in", "/konto/logowanie"),
    ("sign up", "/konto/rejestracja"),
)
"""The pages weighed: (name, path; {game} a game under way, seen by its first player)."""


def sent(http: httpx.Client, path: str) -> int:
    """The bytes of ``path``'s body as sent to a browser that asks for gzip."""
    with http.stream("GET", path, headers={"Accept-Encoding": "gzip"}) as raw:
        return sum(len(chunk) for chunk in raw.iter_raw())


def weigh(http: httpx.Client, path: str) -> dict[str, Any]:
    """A page's bytes and the bytes of every file it loads, as sent without compression
    and with gzip (what a browser asks for)."""
    r = http.get(path, headers={"Accept-Encoding": "identity"})
    assert r.status_code == 200, (path, r.status_code)
    files = {"page": len(r.content)}
    gz = {"page": sent(http, path)}
    for asset in dict.fromkeys(re.findall(r'(?:src|href)="(/static/[^"]+)"', r.text)):
        files[asset] = len(http.get(asset, headers={"Accept-Encoding": "identity"}).content)
        gz[asset] = sent(http, asset)
    return {"kb": round(sum(files.values()) / 1024, 1),
            "gzip_kb": round(sum(gz.values()) / 1024, 1), "files": files}  # fmt: skip


def game_page(server: Server) -> dict[str, Any]:
    """Every page of ``PAGES``: its bytes and its assets' (no compression, and gzip), and
    the game page's first paint: the page of a game under way, as its first player sees
    it once the friend has joined."""
    game_id, tokens = asyncio.run(new_game(server.url))
    cookies = {f"seat_{game_id}": tokens[0]}
    pages: dict[str, Any] = {}
    with httpx.Client(base_url=server.url, cookies=cookies) as http:
        for name, path in PAGES:
            pages[name] = weigh(http, path.format(game=game_id))
        url, cookies = str(http.base_url.join(f"/g/{game_id}")), dict(http.cookies)
    game = pages["game"]
    paint = first_paint(url, cookies)
    return {"kb": game["kb"], "files": game["files"], "first_paint_ms": paint, "pages": pages}


def first_paint(url: str, cookies: dict[str, str]) -> float | None:
    """The page's first paint in Chromium (Playwright), or None if either is missing."""
    chromium = next((p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser")
                     if Path(p).exists()), None)  # fmt: skip
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if chromium is None:
        return None
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium)
        try:
            context = browser.new_context()
            host = url.split("/")[2].split(":")[0]
            context.add_cookies(
                [{"name": k, "value": v, "domain": host, "path": "/"} for k, v in cookies.items()]
            )
            paints = []
            for _ in range(3):
                tab = context.new_page()
                tab.goto(url, wait_until="load")
                tab.wait_for_timeout(300)  # the paint entries are recorded after load
                value = tab.evaluate(
                    "() => { const e = performance.getEntriesByName('first-contentful-paint')"
                    "[0] || performance.getEntriesByName('first-paint')[0];"
                    " return e ? e.startTime : null; }"
                )
                tab.close()
                if value is not None:
                    paints.append(float(value))
        finally:
            browser.close()
    return round(statistics.median(paints), 1) if paints else None


# ---- the computer ---------------------------------------------------------------------


def computer_moves(words: Lexicon, games: int) -> dict[str, Any]:
    """``LiveTable.computer_action`` at ``static`` timed over whole games."""
    from plansza.services.live import LiveTable, live_rules

    moves: list[float] = []
    answers: list[float] = []
    for seed in range(games):
        table = LiveTable.new(
            rules=live_rules("pfs", 0), preset="pfs", seed=seed, seats=("static", "static"),
            names=("A", "B"), words=words, starting=0, now=0.0,
        )  # fmt: skip
        now = 0.0
        while not table.over and len(table.steps) < 200:
            seat = table.computer_seat()
            assert seat is not None
            answering = table.game.pending is not None
            t = time.perf_counter()
            action = table.computer_action(seat)
            (answers if answering else moves).append((time.perf_counter() - t) * 1000)
            now += 1.0
            table.apply(seat, action, now=now)
    moves.sort()
    answers.sort()
    return {
        "games": games,
        "moves": len(moves),
        "p50_ms": round(percentile(moves, 0.5), 2),
        "p99_ms": round(percentile(moves, 0.99), 2),
        "max_ms": round(moves[-1], 2),
        "answer_p99_ms": round(percentile(answers, 0.99), 2),
    }


# ---- the table --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=int, default=500, help="concurrent live games (500)")
    ap.add_argument("--seconds", type=float, default=30.0, help="how long they play (30)")
    ap.add_argument("--think", type=float, default=1.0, help="mean seconds between actions")
    ap.add_argument("--computer-games", type=int, default=8, help="static vs static games")
    ap.add_argument("--only", choices=("live", "page", "computer"), help="one part only")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)

    words = Lexicon.default(progress=not args.json)
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="plansza-web-") as tmp:
        server = Server(Path(tmp))
        if args.only in (None, "live", "page"):
            server.start()
        try:
            if args.only in (None, "page"):
                out["page"] = game_page(server)
            if args.only in (None, "live"):
                out["live"] = asyncio.run(
                    live_games(server, args.games, args.seconds, args.think, words)
                )
        finally:
            server.stop()
    if args.only in (None, "computer"):
        out["computer"] = computer_moves(words, args.computer_games)

    checks = verdicts(out)
    if args.json:
        print(json.dumps(out | {"ok": all(ok for _, _, _, ok in checks)}, indent=2))
    else:
        print_table(out, checks)
    return 0 if all(ok for _, _, _, ok in checks) else 1


def verdicts(out: dict[str, Any]) -> list[tuple[str, str, str, bool]]:
    """(what, measured, target, met) for every target measured."""
    rows: list[tuple[str, str, str, bool]] = []
    if "live" in out:
        lv = out["live"]
        rows.append(
            (
                f"{lv['games']} games: move → opponent p99",
                f"{lv['p99_ms']:.1f} ms",
                f"≤ {LATENCY_TARGET_MS:.0f} ms",
                lv["p99_ms"] <= LATENCY_TARGET_MS,
            )
        )
        rows.append(("errors, lost events", f"{lv['errors']}, {lv['lost']}", "0, 0",
                     lv["errors"] == 0 and lv["lost"] == 0))  # fmt: skip
    if "page" in out:
        pg = out["page"]
        for name, weight in pg["pages"].items():
            rows.append((f"{name} page, no compression", f"{weight['kb']:.1f} KB",
                         f"≤ {PAGE_TARGET_KB:.0f} KB", weight["kb"] <= PAGE_TARGET_KB))  # fmt: skip
        if pg["first_paint_ms"] is not None:
            rows.append(
                (
                    "game page: first paint (Chromium)",
                    f"{pg['first_paint_ms']:.0f} ms",
                    f"≤ {PAINT_TARGET_MS:.0f} ms",
                    pg["first_paint_ms"] <= PAINT_TARGET_MS,
                )
            )
    if "computer" in out:
        cp = out["computer"]
        rows.append(
            (
                "computer move (static) p99",
                f"{cp['p99_ms']:.1f} ms",
                f"≤ {COMPUTER_TARGET_MS:.0f} ms",
                cp["p99_ms"] <= COMPUTER_TARGET_MS,
            )
        )
    return rows


def print_table(out: dict[str, Any], checks: list[tuple[str, str, str, bool]]) -> None:
    print(f"{'measure':<38} {'figure':>12} {'target':>10}  result")
    print("-" * 70)
    for what, figure, target, ok in checks:
        print(f"{what:<38} {figure:>12} {target:>10}  {'PASS' if ok else 'FAIL'}")
    if "live" in out:
        lv = out["live"]
        print(
            f"live: {lv['events']} events in {lv['seconds']:.0f} s ({lv['events_per_s']}/s, "
            f"one action every ~{lv['think_s']} s a game), p50 {lv['p50_ms']} ms, "
            f"max {lv['max_ms']} ms; games made and joined in {lv['setup_s']} s; "
            f"{lv['finished']} games ended"
        )
        print(
            f"live: CPU busy {lv['server_cpu']:.0%} of a core in the server, "
            f"{lv['client_cpu']:.0%} in the scripted clients"
        )
        print(
            f"live: server RSS {lv['rss_mb']} MB, {lv['kb_per_game']} KB per live game "
            f"(RSS grown / games, two connections each)"
        )
    if "page" in out:
        pg = out["page"]
        for name, weight in pg["pages"].items():
            files = ", ".join(f"{k} {v / 1024:.1f}" for k, v in weight["files"].items())
            print(f"page {name}: {weight['kb']:.1f} KB ({files}), {weight['gzip_kb']:.1f} KB gzip")
        if pg["first_paint_ms"] is None:
            print("page: first paint not measured (no Chromium or Playwright here)")
    if "computer" in out:
        cp = out["computer"]
        print(
            f"computer: {cp['moves']} moves in {cp['games']} games, p50 {cp['p50_ms']} ms, "
            f"max {cp['max_ms']} ms; accepting or challenging p99 {cp['answer_p99_ms']} ms"
        )
    print(
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
        "(client and server on the same machine)"
    )


if __name__ == "__main__":
    raise SystemExit(main())

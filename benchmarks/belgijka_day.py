"""Belgijka day benchmark: 200 players' phones sending their cards in the last
5 seconds of a move, then the move's close (issue 30).

Targets, on loopback, one server process (``plansza serve --belgijka FILE``):

* **cards**: a championship of 200 players registered, game 1 started, move 1 drawn
  and its clock started; each of the 200 phones (its own session and form token:
  ``GET /belgijka/g/CODE``, then the card's ``POST``) sends its card at a moment
  spread over the last 5 seconds of the move — a few just after the deadline. Every
  card is accepted (200) or refused as late (409) by the server's stamp against the
  deadline, none lost: every accepted card is in the hall's journal with a stamp not
  after the deadline, and in the record after the close; every card refused is not;
  p99 of the POSTs ≤ 200 ms;
* **close**: the move closed — the top move put on the board and every card checked
  (II.9) — within 1 s, through the referee's console over HTTP: an account signed up
  through the pages (``/konto/rejestracja``), given the referee's role with the CLI
  (``plansza konto sedzia NICK --db …``), opens ``/belgijka/sedzia`` after the
  deadline and sends the console's close form
  (``POST /belgijka/sedzia/akcja/zamknij``); timed from the POST to its answer (the
  redirect back to the console), and the console's page that follows with the
  results. The record is then read from the championship file the server saved.

    .venv/bin/python benchmarks/belgijka_day.py
    .venv/bin/python benchmarks/belgijka_day.py --quick
    .venv/bin/python benchmarks/belgijka_day.py --json

The clients run in this process on the same machine: on a small machine the two
share the cores, and the latencies include the client's own waiting.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import _served
import httpx
from _served import percentile

from plansza.lexicon import Lexicon
from plansza.services.belgijka import JOURNAL_SUFFIX, Hall, player_code

POST_TARGET_MS = 200.0
CLOSE_TARGET_MS = 1000.0
#: The cards come within the move's last this many seconds.
WINDOW = 5.0
#: Cards sent this long after the deadline (each should be refused).
AFTER = 0.4


def names(count: int, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    first = ["Łukasz", "Żaneta", "Ścibor", "Anna", "Grzegorz", "Małgorzata", "Jędrzej", "Ewa"]
    last = ["Wójcik", "Kołodziej", "Żak", "Nowak", "Bąk", "Gęślak", "Kuś", "Zięba"]
    return [f"{rng.choice(last)} {rng.choice(first)} {i}" for i in range(1, count + 1)]


class Server(_served.Server):
    """``plansza serve --belgijka FILE`` in a subprocess on a fresh SQLite file."""

    def __init__(self, folder: Path, path: str) -> None:
        super().__init__(folder, "--belgijka", path, ready="/belgijka/gracz")
        self.path = path

    def secret(self) -> str:
        """The players' join-code secret, from the server's database."""
        from plansza.server.store import Store

        return Store(self.db).tables.secret("belgijka:" + str(Path(self.path).resolve()))


def prepare(path: str, lexicon: Lexicon, players: int) -> list[tuple[str, int]]:
    """The championship: players registered, game 1 started, move 1 drawn; its plays."""
    hall = Hall(path, lexicon, secret="unused")
    hall.create("Benchmark", seed="belgijka-day")
    for name in names(players):
        hall.register(name)
    hall.start_game()
    move = hall.draw()
    return [(c.move, c.score) for c in move.candidates]


def start_clock(path: str, seconds: float) -> float:
    """The move's clock started now, as the referee's console does it (the hall's
    journal: the server finds it when it starts); the deadline."""
    start = time.time()
    row = {"kind": "clock", "game": 1, "move": 1, "start": start, "seconds": seconds}
    with open(path + JOURNAL_SUFFIX, "a", encoding="utf-8") as f:
        f.write(json.dumps(row) + "\n")
    return start + seconds


class Phone:
    """One player's phone: its own session (cookie and form token)."""

    def __init__(self, url: str, table: int, code: str) -> None:
        self.http = httpx.AsyncClient(base_url=url, timeout=60)
        self.table = table
        self.code = code
        self.csrf = ""

    async def open(self) -> None:
        page = await self.http.get(f"/belgijka/g/{self.code}")
        m = re.search(r'name="csrf" value="([^"]+)"', page.text)
        if page.status_code != 200 or m is None:
            raise SystemExit(f"/belgijka/g/{self.code}: {page.status_code}")
        self.csrf = m.group(1)

    async def send(self, move: str, score: int) -> tuple[float, int, float]:
        """The card; (the POST's milliseconds, its status, when it was sent)."""
        form = {"csrf": self.csrf, "move": move, "score": str(score), "blanks": ""}
        sent = time.time()
        t = time.perf_counter()
        r = await self.http.post(f"/belgijka/g/{self.code}", data=form)
        return (time.perf_counter() - t) * 1000, r.status_code, sent

    async def close(self) -> None:
        await self.http.aclose()


def card_of(table: int, plays: list[tuple[str, int]]) -> tuple[str, int]:
    """Table ``table``'s card: most the top move, some another play, some a wrong score."""
    move, score = plays[table % min(len(plays), 5)]
    return move, score + (1 if table % 7 == 0 else 0)


async def cards(
    server: Server, secret: str, players: int, plays: list[tuple[str, int]], deadline: float
) -> dict[str, Any]:
    phones = [Phone(server.url, n, player_code(secret, n)) for n in range(1, players + 1)]
    limit = asyncio.Semaphore(50)

    async def opened(p: Phone) -> None:
        async with limit:
            await p.open()

    await asyncio.gather(*(opened(p) for p in phones))
    if time.time() > deadline - WINDOW:
        raise SystemExit("the phones opened too late: give the move more --seconds")
    rng = random.Random(30)
    moments = {p.table: deadline - WINDOW + rng.random() * (WINDOW + AFTER) for p in phones}
    answers: dict[int, tuple[float, int, float]] = {}

    async def phone(p: Phone) -> None:
        await asyncio.sleep(max(0.0, moments[p.table] - time.time()))
        answers[p.table] = await p.send(*card_of(p.table, plays))

    await asyncio.gather(*(phone(p) for p in phones))
    for p in phones:
        await p.close()
    ms = [a[0] for a in answers.values()]
    accepted = sorted(t for t, a in answers.items() if a[1] == 200)
    refused = sorted(t for t, a in answers.items() if a[1] == 409)
    other = sorted(t for t, a in answers.items() if a[1] not in (200, 409))
    return {
        "players": players,
        "posts": len(answers),
        "p50_ms": round(percentile(ms, 0.5), 1),
        "p99_ms": round(percentile(ms, 0.99), 1),
        "max_ms": round(max(ms), 1),
        "accepted": accepted,
        "refused": refused,
        "errors": other,
        # a card answered after the deadline may have been stamped after it
        "sent_after_deadline": sorted(t for t, a in answers.items() if a[2] > deadline),
        "answered_after_deadline": sorted(
            t for t, a in answers.items() if a[2] + a[0] / 1000 > deadline
        ),
    }


def check_journal(path: str, deadline: float, got: dict[str, Any]) -> dict[str, Any]:
    """Every card accepted is in the journal, stamped in time; no card refused is."""
    stamped: dict[int, float] = {}
    with open(path + JOURNAL_SUFFIX, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if row.get("kind") == "card":
                stamped[row["player"]] = row["at"]
    accepted, refused = set(got["accepted"]), set(got["refused"])
    return {
        "lost": sorted(accepted - set(stamped)),
        "unanswered_in_journal": sorted(set(stamped) - accepted),
        "refused_in_journal": sorted(refused & set(stamped)),
        "stamped_after_deadline": sorted(t for t, at in stamped.items() if at > deadline),
    }


NICK = "sedzia"
PASSWORD = "benchmark-haslo-1"


def form_token(html: str, where: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', html)
    if m is None:
        raise SystemExit(f"{where}: no form token")
    return m.group(1)


def referee(server: Server) -> httpx.Client:
    """The referee's laptop: an account signed up through the pages, made a referee
    with the CLI (``plansza konto sedzia``) on the server's database."""
    web = httpx.Client(base_url=server.url, timeout=60)
    token = form_token(web.get("/konto/rejestracja").text, "/konto/rejestracja")
    form = {"csrf": token, "nickname": NICK, "password": PASSWORD, "password2": PASSWORD}
    r = web.post("/konto/rejestracja", data=form)
    if r.status_code != 303:
        raise SystemExit(f"/konto/rejestracja: {r.status_code}")
    argv = [sys.executable, "-m", "plansza", "konto", "sedzia", NICK, "--db", server.db]
    subprocess.run(argv, env=server.env(), check=True, capture_output=True)
    if web.get("/belgijka/sedzia").status_code != 200:
        raise SystemExit("the referee's console refused the referee")
    return web


def close(web: httpx.Client, path: str, lexicon: Lexicon, deadline: float,
          got: dict[str, Any]) -> dict[str, Any]:  # fmt: skip
    """The move closed from the console after the deadline: the close POST timed to its
    answer, then the console's page with the results; the record read from the file the
    server saved, its cards compared with the cards accepted."""
    time.sleep(max(0.0, deadline + 0.05 - time.time()))
    token = form_token(web.get("/belgijka/sedzia").text, "/belgijka/sedzia")
    t = time.perf_counter()
    r = web.post("/belgijka/sedzia/akcja/zamknij", data={"csrf": token})
    ms = (time.perf_counter() - t) * 1000
    if r.status_code != 303:
        raise SystemExit(f"the close: {r.status_code}\n{r.text[:2000]}")
    t = time.perf_counter()
    shown = web.get(r.headers["location"])
    page_ms = (time.perf_counter() - t) * 1000
    hall = Hall(path, lexicon, secret="unused")
    move = hall.read(lambda ch: ch.game.moves[0])  # type: ignore[union-attr]
    in_record = sorted(c.player for c in move.cards)
    ok = sum(1 for c in move.cards if c.verdict.ok)
    return {
        "close_ms": round(ms, 1),
        "results_page_ms": round(page_ms, 1),
        "results_shown": shown.status_code == 200 and 'class="console results"' in shown.text,
        "closed": move.closed,
        "cards_checked": len(move.cards),
        "cards_ok": ok,
        "record_matches": in_record == got["accepted"],
        "top": None if move.choice is None else move.choice.candidate.move,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="a smaller run (40 players)")
    ap.add_argument("--players", type=int, help="players (200; --quick 40)")
    ap.add_argument(
        "--seconds",
        type=float,
        default=25.0,
        help="the move's time (the server starts and the phones open in it)",
    )
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    players = args.players or (40 if args.quick else 200)
    lexicon = Lexicon.default(progress=False)

    with tempfile.TemporaryDirectory(prefix="plansza-belgijka-") as tmp:
        folder = Path(tmp)
        path = str(folder / "belgijka.json")
        plays = prepare(path, lexicon, players)
        server = Server(folder, path)
        # the clock before the server starts (it reads the journal then); a short move,
        # so that the benchmark waits for its last seconds only a little
        deadline = start_clock(path, args.seconds)
        server.start()
        try:
            web = referee(server)
            got = asyncio.run(cards(server, server.secret(), players, plays, deadline))
            got |= check_journal(path, deadline, got)  # before the close removes it
            got |= close(web, path, lexicon, deadline, got)
            web.close()
        finally:
            server.stop()

    checks = verdicts(got)
    ok = all(c[3] for c in checks)
    if args.json:
        print(json.dumps(got | {"ok": ok}, indent=2, ensure_ascii=False))
    else:
        print_table(got, checks)
    return 0 if ok else 1


def verdicts(got: dict[str, Any]) -> list[tuple[str, str, str, bool]]:
    """(what, measured, target, met) for every target measured."""
    lost = len(got["lost"]) + len(got["unanswered_in_journal"]) + len(got["errors"])
    wrong = (len(got["refused_in_journal"]) + len(got["stamped_after_deadline"])
             + len(set(got["refused"]) - set(got["answered_after_deadline"]))
             + len(set(got["sent_after_deadline"]) - set(got["refused"])))  # fmt: skip
    return [
        (f"{got['players']} cards in the last {WINDOW:g} s: POST p99", f"{got['p99_ms']:.0f} ms",
         f"≤ {POST_TARGET_MS:.0f} ms", got["p99_ms"] <= POST_TARGET_MS),
        ("cards lost; judged against their stamp", f"{lost}; {wrong}", "0; 0",
         lost == 0 and wrong == 0),
        ("the console's close POST: top, every card", f"{got['close_ms']:.0f} ms",
         f"≤ {CLOSE_TARGET_MS:.0f} ms", got["close_ms"] <= CLOSE_TARGET_MS
         and got["closed"] and got["record_matches"] and got["results_shown"]),
    ]  # fmt: skip


def print_table(got: dict[str, Any], checks: list[tuple[str, str, str, bool]]) -> None:
    print(f"{'measure':<44} {'figure':>10} {'target':>9}  result")
    print("-" * 73)
    for what, figure, target, ok in checks:
        print(f"{what:<44} {figure:>10} {target:>9}  {'PASS' if ok else 'FAIL'}")
    print(
        f"cards: {got['posts']} POSTs, p50 {got['p50_ms']} ms, max "
        f"{got['max_ms']} ms; accepted {len(got['accepted'])}, refused as late "
        f"{len(got['refused'])} (sent after the deadline {len(got['sent_after_deadline'])})"
    )
    print(f"close: {got['cards_checked']} cards checked ({got['cards_ok']} correct), "
          f"top move {got['top']}; the console's page with the results "
          f"{got['results_page_ms']} ms")  # fmt: skip
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores "
          "(clients and server on the same machine)")  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())

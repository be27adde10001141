"""Take the screenshots of the web app that the user docs show (docs/images/web/).

A demo tournament day is built: 16 players (registered from an imported ranking
list; one newcomer), 3 rounds of a 5-round tournament played, round 3 still open
with entries from the tables waiting and one mismatch in the referee's queue, the
round's clock running, a few word checks logged, and a ranking history so the
ranking pages have content. Next to it a Belgijka championship runs live (8 players,
game 1's first three moves played, move 4 shot step by step: drawn, the time
running, cards from the phones — one with a wrong score, one late — the tied
candidates, the close; then the rest of game 1 to its classification). The app is
started (Uvicorn in a thread, a referee's
account) and Playwright, driving Debian's Chromium, saves each screen in Polish and
in English as ``docs/images/web/NAME.pl.png`` and ``NAME.en.png``.

Last, the federation's scene (its screens ``federation-*``; set up only when one of
them is taken): the federation's server (``serve --federation``, its registry started
from a ranking history, a referee with a licence and a key, an administrator named,
tournaments announced and signed up for) and a hall (``serve --tournament --send-to
--key-file``) whose referee sends the closed "Puchar Andrzejkowy" while the
federation is down (queued), then up (sent); the administrator's desk with its
findings, the administrator's corrections and acceptance, and the public pages: the
list, a player, the tournament, the calendar. Each is an app of its own on a port of
its own (8010, 8011), with the script's clock.

Everything is fixed (the data, the seeds, the dates, the server's clock), so a rerun
gives the same pictures.

    python scripts/web_screenshots.py            # all the screens
    python scripts/web_screenshots.py lobby slips ranking-effect  # only these screens
    python scripts/web_screenshots.py --dark     # the dark theme: build/screenshots/dark/

A screen's name is its function's (``phone_before`` is ``phone-before``) or the
name given to :func:`live`; the settling of round 3 happens whatever is chosen.
"""

from __future__ import annotations

import io
import os
import random
import re
import socket
import struct
import sys
import tempfile
import threading
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images" / "web"
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
LANGS = ("pl", "en")
WIDTH, HEIGHT, TALLEST = 1000, 760, 1000  # px: the viewport; a long page is clipped
PHONE = {"width": 390, "height": 844}
WAIT = 20_000  # ms
PORT = 8000  # the slips and their QR codes show the address
REFEREE, PASSWORD = "sedzia", "tajne-haslo-1"

#: The tournament day's "now" (the server's clock, the live pages' clock).
NOW = datetime(2026, 11, 14, 14, 17, 30, tzinfo=UTC)
DAY = NOW.date().isoformat()

#: The players: (name as on the ranking list, ranking, games, club, city).
PLAYERS = [
    ("Nowak Ewa", 148.25, 412, "Siódemka", "Warszawa"),
    ("Łoś Bartłomiej", 144.5, 388, "Mikrus", "Kraków"),
    ("Kowalska-Wiśniewska Anna", 141.0, 256, "Siódemka", "Warszawa"),
    ("Śliwa Celina", 137.75, 301, "Skrable Łódź", "Łódź"),
    ("Ćwik Łukasz", 135.0, 198, "Mikrus", "Kraków"),
    ("Żak Jan", 133.5, 520, "Gdańska Dziesiątka", "Gdańsk"),
    ("Wójcik Małgorzata", 131.25, 144, "", "Poznań"),
    ("Zieliński Tomasz", 129.0, 233, "Skrable Łódź", "Łódź"),
    ("Dąbrowski Paweł", 126.5, 175, "Siódemka", "Warszawa"),
    ("Król Agnieszka", 124.0, 96, "Gdańska Dziesiątka", "Gdańsk"),
    ("Szymański Piotr", 121.75, 310, "", "Wrocław"),
    ("Lewandowska Zofia", 119.5, 88, "Mikrus", "Kraków"),
    ("Kamiński Michał", 117.0, 64, "", "Lublin"),
    ("Pietrzak Joanna", 114.25, 52, "Siódemka", "Warszawa"),
    ("Grabowski Krzysztof", 110.0, 40, "", "Radom"),
]
NEWCOMER = ("Źdźbło Oliwia", "Szkoła nr 5", "Łódź")
#: More names on the ranking list (the registration search finds them too).
OTHERS = [
    ("Nowicki Adam", 128.0, 150),
    ("Nowakowska Irena", 122.5, 61),
    ("Łosiewicz Marek", 118.0, 77),
    ("Kowalczyk Barbara", 133.0, 402),
    ("Nowosielski Jerzy", 109.5, 35),
    ("Śliwiński Robert", 127.25, 208),
]


#: Belgijka live: the championship's day (the hall's clock starts here).
BELGIJKA_START = datetime(2026, 11, 21, 10, 0, tzinfo=UTC)
BELGIJKA_SEED = "30"  # game 1's move 4 has six tied candidates (II.13)
BELGIJKA_PLAYERS = [
    "Nowak Ewa",
    "Łoś Bartłomiej",
    "Śliwa Celina",
    "Ćwik Łukasz",
    "Żak Jan",
    "Wójcik Małgorzata",
    "Zieliński Tomasz",
    "Król Agnieszka",
]
#: The move shot step by step, and the players whose phones are shown.
SHOT_MOVE, SENDER, LATE = 4, 5, 7


def stamp(minutes: float) -> str:
    """An event's time: ``minutes`` after 9:00 on the tournament day (UTC)."""
    t = datetime(2026, 11, 14, 9, 0, tzinfo=UTC) + timedelta(minutes=minutes)
    return t.isoformat()


def ranking_list_csv() -> str:
    from plansza.ranking.listing import ListedPlayer, list_csv

    rows = [ListedPlayer(n, r, g, club, city) for n, r, g, club, city in PLAYERS]
    rows += [ListedPlayer(n, r, g) for n, r, g in OTHERS]
    return list_csv(sorted(rows, key=lambda p: -p.ranking))


def ranking_history_csv() -> str:
    """Four earlier tournaments of the listed players (12 rounds each, random pairs,
    the stronger more often winning), in 2026."""
    from plansza.ranking import RankedGame, write_games_csv

    rng = random.Random(29)
    strength = {n: r for n, r, *_ in PLAYERS} | {n: r for n, r, _ in OTHERS}
    names = sorted(strength)
    games = []
    for day, title in (
        (date(2026, 3, 7), "Puchar Wiosny"),
        (date(2026, 5, 16), "Mistrzostwa Mazowsza"),
        (date(2026, 8, 22), "Turniej nad Wisłą"),
        (date(2026, 10, 10), "Puchar Jesieni"),
    ):
        for _ in range(12):
            rng.shuffle(names)
            for a, b in zip(names[::2], names[1::2], strict=False):
                sa = rng.randint(300, 480) + int(2 * (strength[a] - 125))
                sb = rng.randint(300, 480) + int(2 * (strength[b] - 125))
                if sa == sb:
                    sa += 1
                games.append(RankedGame(day, title, a, b, sa, sb))
    out = io.StringIO()
    write_games_csv(games, out)
    return out.getvalue()


def build_tournament(path: str) -> dict[int, Any]:
    """The tournament file: 3 rounds paired, rounds 1–2 and half of round 3 played,
    the round's clock started. Round 3's tables without a result, by table number."""
    from plansza.services.tournament import Referee
    from plansza.tournament.model import Settings

    clock = iter(range(100_000))

    def now() -> str:
        return stamp(next(clock) * 0.05)

    settings = Settings(
        "Puchar Mazowsza 2026",
        5,
        "halving",
        dates=(DAY,),
        referee="Anna Sędziowska",
        venue="Warszawa, Hala Sportowa „Koło”",
    )
    Referee.create(path, settings, now)
    rng = random.Random(2026)
    with Referee.open(path, now) as ref:
        ref.by = REFEREE
        for name, ranking, games, club, city in PLAYERS:
            ref.add_player(
                {"name": name, "ranking": ranking, "games": games, "club": club, "city": city}
            )
        name, club, city = NEWCOMER
        ref.add_player({"name": name, "ranking": None, "games": 0, "club": club, "city": city})
        open_tables: dict[int, Any] = {}
        for n in (1, 2, 3):
            state, _ = ref.pair(n)
            for p in state.rounds[n].pairings:
                if p.second is None:
                    continue
                if n == 3 and p.table > 4:
                    open_tables[p.table] = p
                    continue
                a, b = state.players[p.first].name, state.players[p.second].name
                sa, sb = rng.randint(290, 520), rng.randint(270, 500)
                ref.result(n, a, str(sa), b, str(sb + (sa == sb)))
            if n == 3:
                ref.now = lambda: stamp(5 * 60)  # 14:00: at 14:17:30, 32:30 left
                ref.clock(3, "start", 50)
    return open_tables


class FixedDatetime(datetime):
    """``datetime`` whose ``now`` is the tournament day's :data:`NOW`."""

    @classmethod
    def now(cls, tz: Any = None) -> datetime:  # type: ignore[override]
        return NOW if tz is None else NOW.astimezone(tz)


class FixedDate(date):
    @classmethod
    def today(cls) -> date:  # type: ignore[override]
        return NOW.date()


class Day:
    """The running app, the tournament's path, the Playwright browser."""

    def __init__(self, url: str, app: Any, path: str, tables: dict[int, Any]) -> None:
        self.url, self.app, self.path, self.tables = url, app, path, tables
        self.browser: Any = None
        self.desk: Any = None  # the referee's page (1000 px wide)
        self.phone: Any = None  # a player's phone
        self.wall: Any = None  # the projector's page (1280 × 720)
        self.hall: Any = app.state.belgijka
        #: The hall's clock (seconds since the epoch): the script moves it.
        self.hall_now = BELGIJKA_START.timestamp()
        self.hall.clock = lambda: self.hall_now
        self.hall.secret = "demo" * 16  # the same join codes every run
        self.fed: Any = None  # the federation's scene (its own servers)

    @property
    def store(self) -> Any:
        return self.app.state.hub.store


def url_in(day: Day, path: str, lang: str) -> str:
    return f"{day.url}{path}{'&' if '?' in path else '?'}lang={lang}"


def save(page: Any, name: str, lang: str, *, full: bool = True, tallest: int = TALLEST) -> None:
    """The page as ``NAME.LANG.png``: the whole page up to ``tallest`` px."""
    out = IMAGES / f"{name}.{lang}.png"
    page.wait_for_timeout(150)
    if full:
        height = min(tallest, page.evaluate("document.documentElement.scrollHeight"))
        width = page.viewport_size["width"]
        page.screenshot(
            path=str(out), clip={"x": 0, "y": 0, "width": width, "height": height}, full_page=True
        )
    else:
        page.screenshot(path=str(out))
    squeeze(out)
    print(out.relative_to(ROOT), out.stat().st_size)


def squeeze(path: Path) -> None:
    """The PNG compressed harder (its pixels unchanged): Chromium compresses fast."""
    data = path.read_bytes()
    chunks, i, idat = [], 8, b""
    while i < len(data):
        n = struct.unpack(">I", data[i : i + 4])[0]
        kind, body = data[i + 4 : i + 8], data[i + 8 : i + 8 + n]
        i += 12 + n
        if kind == b"IDAT":
            idat += body
            if not chunks or chunks[-1][0] != b"IDAT":
                chunks.append((b"IDAT", b""))
        else:
            chunks.append((kind, body))
    packed = zlib.compress(zlib.decompress(idat), 9)
    out = [data[:8]]
    for kind, body in chunks:
        body = packed if kind == b"IDAT" else body
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        out.append(struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc))
    if sum(map(len, out)) < len(data):
        path.write_bytes(b"".join(out))


@contextmanager
def serve(folder: Path) -> Iterator[Day]:

    import plansza.server.effect as effect_module
    import plansza.server.tournament as live_module
    from plansza.lexicon import Lexicon
    from plansza.server import app as app_module
    from plansza.server.app import create_app
    from plansza.services.ranking import import_list

    source = folder / "federacja.csv"
    source.write_text(ranking_list_csv(), encoding="utf-8")
    os.environ["PLANSZA_RANKING_LIST"] = str(folder / "list.csv")
    import_list(str(source), str(folder / "list.csv"))
    history = folder / "historia.csv"
    history.write_text(ranking_history_csv(), encoding="utf-8")
    path = str(folder / "puchar.turniej.sqlite")
    tables = build_tournament(path)

    live_module.datetime = FixedDatetime  # type: ignore[misc]
    effect_module.date = FixedDate  # type: ignore[misc]
    seeds = iter(range(7, 10_000))
    app_module.new_seed = lambda: next(seeds)  # type: ignore[assignment]
    app = create_app(
        db=f"sqlite:///{folder / 'web.db'}",
        words=Lexicon.default(progress=False),
        secret="zrzuty",
        clock=lambda: NOW.timestamp(),
        tournament=path,
        tournament_poll=0.2,
        ranking=str(history),
        belgijka=str(folder / "mistrzostwa.belgijka"),
    )
    port = PORT  # a fixed port: the slips print the address
    server, thread = fed_serve(app, port)
    try:
        yield Day(f"http://127.0.0.1:{port}", app, path, tables)
    finally:
        server.should_exit = True
        thread.join(10)


def table_key(day: Day) -> str:
    return os.path.abspath(day.path)


def code_of(day: Day, n: int, table: int, side: int = 0) -> str:
    """The code of the player on ``side`` of ``table`` in round ``n``."""
    from plansza.services.tables import player_code

    return player_code(day.store.tables.secret(table_key(day)), n, table, side)


def entry(day: Day, table: int, side: int, sa: int, sb: int) -> None:
    from plansza.services.tables import TableEntry

    day.store.tables.put(
        table_key(day), TableEntry(3, table, side, sa, sb, None), NOW.timestamp() - 60 * (9 - table)
    )


def account(day: Day, page: Any, sign_up: bool) -> None:
    """The referee signs up, or logs in, on ``page``."""
    page.goto(f"{day.url}/konto/{'rejestracja' if sign_up else 'logowanie'}?lang=pl")
    page.fill("input[name=nickname]", REFEREE)
    page.fill("input[name=password]", PASSWORD)
    if sign_up:
        page.fill("input[name=password2]", PASSWORD)
    page.click("form.account button[type=submit]")
    page.wait_for_url(re.compile(r".*/(konto)?(\?.*)?$"))


# ---- the screens ---------------------------------------------------------------------
# Each takes the day and a language and saves one picture.


def lobby(day: Day, lang: str) -> None:
    day.desk.goto(url_in(day, "/", lang))
    save(day.desk, "lobby", lang)


def _vs_computer(day: Day, page: Any, lang: str) -> None:
    """A game against the computer started on ``page`` from the lobby."""
    page.goto(url_in(day, "/", lang))
    page.fill("input[name=name]", "Ewa")
    page.check("input[name=opponent][value=greedy]")
    page.click("form.lobby button[type=submit]")
    page.wait_for_url(re.compile(r".*/g/[^/]+$"), timeout=WAIT)
    page.wait_for_timeout(2500)  # the computer's first move, if it starts


def game(day: Day, lang: str) -> None:
    _vs_computer(day, day.desk, lang)
    save(day.desk, "game", lang)


def game_phone(day: Day, lang: str) -> None:
    # a phone of its own, logged in: in the hall only a referee starts a game (hall
    # mode), and the day's phone stays a player's
    locale = "pl-PL" if lang == "pl" else "en-GB"
    ctx = day.browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=1, locale=locale
    )
    page = ctx.new_page()
    account(day, page, sign_up=False)
    _vs_computer(day, page, lang)
    save(page, "game-phone", lang, full=False)
    ctx.close()


def _with_friend(day: Day, lang: str) -> tuple[Any, Any, Any]:
    """A game for two made on the desk (its page waiting), the invitation's form open
    in a second browser: the two pages and the second browser's context."""
    host = day.desk
    host.goto(url_in(day, "/", lang))
    host.fill("input[name=name]", "Ewa")
    host.check("input[name=opponent][value=person]")
    host.click("form.lobby button[type=submit]")
    host.wait_for_url(re.compile(r".*/g/[^/]+$"), timeout=WAIT)
    host.wait_for_selector(".invite input")
    locale = "pl-PL" if lang == "pl" else "en-GB"
    ctx = day.browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, locale=locale)
    guest = ctx.new_page()
    guest.goto(host.input_value(".invite input"))
    guest.wait_for_selector("input[name=name]")
    return host, guest, ctx


def game_waiting(day: Day, lang: str) -> None:
    host, _, ctx = _with_friend(day, lang)
    save(host, "game-waiting", lang)
    ctx.close()


def invitation(day: Day, lang: str) -> None:
    _, guest, ctx = _with_friend(day, lang)
    guest.fill("input[name=name]", "Łucja")
    save(guest, "invitation", lang)
    ctx.close()


def game_rematch(day: Day, lang: str) -> None:
    host, guest, ctx = _with_friend(day, lang)
    guest.fill("input[name=name]", "Łucja")
    guest.click("form.lobby button[type=submit]")
    guest.wait_for_selector("#rack .tile")
    host.once("dialog", lambda d: d.accept())
    host.wait_for_selector("[data-act=resign]:not([hidden])", timeout=WAIT)
    host.click("[data-act=resign]")
    host.wait_for_selector("#rematch-offer:not([hidden])", timeout=WAIT)
    host.click("#rematch-offer")
    guest.wait_for_selector("#rematch-yes:not([hidden])", timeout=WAIT)
    save(guest, "game-rematch", lang)
    ctx.close()


def game_chat(day: Day, lang: str) -> None:
    """A game with a friend: the players' chat (issue 45)."""
    host, guest, ctx = _with_friend(day, lang)
    guest.fill("input[name=name]", "Łucja")
    guest.click("form.lobby button[type=submit]")
    guest.wait_for_selector("#chat-form")
    host.wait_for_selector("#chat-form")
    for page, text in ((host, "Powodzenia!" if lang == "pl" else "Good luck!"),
                       (guest, "Nawzajem :)" if lang == "pl" else "You too :)")):  # fmt: skip
        page.fill("#chat-text", text)
        page.press("#chat-text", "Enter")
        host.wait_for_function(
            "(t) => document.getElementById('chat-list').textContent.includes(t)", arg=text
        )
    save(host, "game-chat", lang)
    ctx.close()


def home_four(day: Day, lang: str) -> None:
    """A home game for four on a phone (issue 45): the second player's."""
    locale = "pl-PL" if lang == "pl" else "en-GB"
    phones = [
        day.browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=1, locale=locale
        )
        for _ in range(4)
    ]
    pages = [ctx.new_page() for ctx in phones]
    host = pages[0]
    account(day, host, sign_up=False)  # a hall: only a referee starts a game
    host.goto(url_in(day, "/", lang))
    host.fill("form.lobby input[name=name]", "Ewa")
    host.check("input[name=opponent][value=person]")
    host.select_option("select[name=players]", "4")
    host.select_option("select[name=rules]", "home")
    host.fill("input[name=minutes]", "0")
    host.click("form.lobby button[type=submit]")
    host.wait_for_selector("#invite input")
    links = [host.locator("#invite input").nth(i).input_value() for i in range(3)]
    for page, link, name in zip(pages[1:], links, ("Łucja", "Żaneta", "Bartłomiej"), strict=True):
        page.goto(link)
        page.fill("input[name=name]", name)
        page.click("form.lobby button[type=submit]")
        page.wait_for_selector("#rack .tile")
    pages[1].wait_for_function("() => document.querySelectorAll('.player').length === 4")
    save(pages[1], "home-four-phone", lang, full=False)
    for ctx in phones:
        ctx.close()


def rated_history(day: Day) -> None:
    """The referee's account plays 60 rated games against four others (their rows
    written as the games' ends write them), for the profile's picture."""
    from plansza.server.store import rated_games, ratings
    from plansza.services.ratings import Rating, Standing, rated

    rng = random.Random(45)
    store = day.store
    me = store.users.get(REFEREE)[0]
    others = []
    for nick in ("Łucja", "Żaneta", "Bartłomiej", "Oliwia"):
        uid = store.users.create(nick, nick.casefold(), "x", NOW.timestamp())
        others.append((uid, nick))
    standing: dict[int, Standing | None] = {me: None, **{u: None for u, _ in others}}
    rows = []
    at = NOW.timestamp() - 60 * 86400
    for g in range(60):
        at += 86400 * rng.uniform(0.5, 1.5)
        uid, nick = others[g % 4]
        mine, theirs = standing[me], standing[uid]
        r_me = mine.rating if mine else Rating()
        r_them = theirs.rating if theirs else Rating()
        score = 1.0 if rng.random() < 0.58 else 0.0
        after = rated(mine, r_them, score, at)
        standing[me], standing[uid] = after, rated(theirs, r_me, 1 - score, at)
        high, low = sorted((rng.randrange(300, 520), rng.randrange(300, 520)), reverse=True)
        rows.append({
            "game": f"demo{g:03d}", "account": me, "seat": 0, "pool": "pfs:rapid", "at": at,
            "opponent": uid, "opponent_name": nick, "opponent_rating": r_them.rating,
            "score": score, "points": high if score else low,
            "opponent_points": low if score else high, "before": r_me.rating,
            "after": after.rating.rating, "deviation": after.rating.deviation,
            "bingos": rng.randrange(0, 3), "challenges_won": rng.randrange(0, 2),
        })  # fmt: skip
    with store.engine.begin() as c:
        c.execute(rated_games.insert(), rows)
        for uid, s in standing.items():
            if s is not None:
                c.execute(ratings.insert().values(
                    account=uid, pool="pfs:rapid", rating=s.rating.rating,
                    deviation=s.rating.deviation, volatility=s.rating.volatility,
                    games=s.games, at=s.at,
                ))  # fmt: skip


def profile(day: Day, lang: str) -> None:
    day.desk.goto(url_in(day, f"/profil/{REFEREE}", lang))
    day.desk.wait_for_selector("svg polyline")
    save(day.desk, "profile", lang, tallest=1200)


def words(day: Day, lang: str) -> None:
    day.desk.goto(url_in(day, "/slowa?words=ŻÓŁW+ŻÓŁWIE&rack=KOTAŁES", lang))
    save(day.desk, "words", lang)


def analysis(day: Day, lang: str) -> None:
    page = day.desk
    page.goto(url_in(day, "/analiza", lang))
    record = (ROOT / "tests/game/data/games/01_greedy.gcg").read_text(encoding="utf-8")
    page.fill("textarea[name=text]", record)
    page.click("form.upload button[type=submit]")
    page.wait_for_url(re.compile(r".*/anali[sz][ae]/.+"), timeout=120_000)
    page.wait_for_load_state("networkidle")
    save(page, "analysis", lang)


def station(day: Day, lang: str) -> None:
    page = day.desk
    page.goto(url_in(day, "/sprawdzanie", lang))
    page.fill("input[name=table]", "6")
    page.fill("input[name=words]", "ŻÓŁW ŻÓŁWIE")
    page.click("main form button[type=submit]")
    page.wait_for_selector("#station-result :is(p, div, strong)", timeout=WAIT)
    save(page, "station", lang)


def station_log(day: Day, lang: str) -> None:
    day.desk.goto(url_in(day, "/sprawdzanie/dziennik", lang))
    save(day.desk, "station-log", lang)


def login(day: Day, lang: str) -> None:
    ctx = day.browser.new_context(viewport={"width": WIDTH, "height": HEIGHT})
    page = ctx.new_page()
    page.goto(url_in(day, "/konto/logowanie", lang))
    save(page, "login", lang)
    ctx.close()


def phone_before(day: Day, lang: str) -> None:
    day.phone.goto(url_in(day, f"/s/{code_of(day, 3, 8)}", lang))
    save(day.phone, "table-phone", lang)


def phone_after(day: Day, lang: str) -> None:
    page = day.phone
    day.store.tables.clear(table_key(day), 3, 8)
    page.goto(url_in(day, f"/s/{code_of(day, 3, 8)}", lang))
    page.fill("input[name=sa]", "412")
    page.fill("input[name=sb]", "367")
    page.click("form.enter button[type=submit]")
    page.wait_for_load_state("load")
    save(page, "table-phone-entered", lang)


def queue(day: Day, lang: str) -> None:
    day.desk.goto(url_in(day, "/sedzia/wyniki", lang))
    save(day.desk, "tables-queue", lang)


def slips(day: Day, lang: str) -> None:
    day.desk.goto(url_in(day, "/sedzia/karty", lang))
    save(day.desk, "tables-slips", lang)


def live(path: str, name: str, tallest: int = TALLEST) -> Callable[[Day, str], None]:
    def shoot(day: Day, lang: str) -> None:
        day.desk.goto(url_in(day, path, lang))
        save(day.desk, name, lang, tallest=tallest)

    shoot.__name__ = name
    return shoot


def projector(day: Day, lang: str) -> None:
    """The projector (a 1280 × 720 screen): the pairings by table beside the clock."""
    page = day.desk
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(url_in(day, "/turniej/kojarzenia?projektor=1", lang))
    page.wait_for_selector("#pj-pageno:not([hidden])")
    save(page, "live-projector", lang, full=False)
    page.set_viewport_size({"width": WIDTH, "height": HEIGHT})


def settle(day: Day) -> None:
    """Round 3 finished: the referee records the tables still open (the queue empty)."""
    from plansza.services.tournament import Referee

    rng = random.Random(3)
    with Referee.open(day.path, lambda: stamp(5 * 60 + 16)) as ref:
        ref.by = REFEREE
        state = ref.state()
        for p in state.rounds[3].pairings:
            if p.second is None or p.result is not None:
                continue
            a, b = state.players[p.first].name, state.players[p.second].name
            ref.result(3, a, str(rng.randint(330, 480)), b, str(rng.randint(280, 329)))
    for table in day.tables:
        day.store.tables.clear(table_key(day), 3, table)
    time.sleep(0.6)  # the live pages' watch sees the change


def console_home(day: Day, lang: str) -> None:
    page = day.desk
    page.goto(url_in(day, "/sedzia", lang))
    page.click("button[formaction='/sedzia/akcja/podglad']")
    page.wait_for_selector(".warnings", timeout=WAIT)
    save(page, "console-home", lang)


def console_players(day: Day, lang: str) -> None:
    page = day.desk
    page.goto(url_in(day, "/sedzia/gracze", lang))
    page.locator("#r-name").press_sequentially("now", delay=60)
    page.wait_for_selector("#list-hits .list-hit", timeout=WAIT)
    save(page, "console-players", lang)


# ---- Belgijka live ------------------------------------------------------------------
# The steps (``once``) move the hall on, once for both languages; the screens between
# them take the hall as it stands. The pages' own countdowns are frozen (the browser's
# clock fixed), so the clock shows the seconds the server gave.


def once(step: Callable[[Day], None]) -> Callable[[Day, str], None]:
    def run(day: Day, lang: str) -> None:
        step(day)

    run.__name__ = step.__name__
    run.once = True  # type: ignore[attr-defined]
    return run


def hall_cards(day: Day, skip: tuple[int, ...] = ()) -> None:
    """Cards of the players not in ``skip`` for the open move, from their phones, in
    the move's time: mostly good moves, some weaker ones, now and then none."""
    hall = day.hall
    move = hall.read(lambda ch: ch.game.open_move)
    rng = random.Random(f"{BELGIJKA_SEED}/{move.number}")
    clock = hall.timer
    for table in range(1, len(BELGIJKA_PLAYERS) + 1):
        rank = rng.choice((0, 0, 0, 1, 1, 2, 3, 5, 8, None))
        if table in skip or rank is None or not move.candidates:
            continue
        c = move.candidates[min(rank, len(move.candidates) - 1)]
        day.hall_now = clock.start + 20 + 9 * table + rng.random() * 5
        hall.send(table, c.move, c.score)


def close_move(day: Day) -> None:
    hall = day.hall
    if hall.timer is not None:
        day.hall_now = max(day.hall_now, hall.timer.deadline + 5)
    hall.close()
    day.hall_now += 40


def hall_move(day: Day) -> None:
    """One whole move: drawn, the two minutes, the cards, closed."""
    day.hall.draw()
    day.hall_now += 20
    day.hall.start_clock()
    hall_cards(day)
    close_move(day)


@once
def belgijka_setup(day: Day) -> None:
    """The championship, 8 players, game 1 started, moves 1 to SHOT_MOVE - 1 played."""
    hall = day.hall
    hall.create("Mistrzostwa Mazowsza w Belgijce 2026", BELGIJKA_SEED, "pfs", 3)
    for name in BELGIJKA_PLAYERS:
        hall.register(name)
    hall.start_game()
    for _ in range(SHOT_MOVE - 1):
        hall_move(day)


def belgijka_context(day: Day, lang: str, **options: Any) -> Any:
    locale = "pl-PL" if lang == "pl" else "en-GB"
    ctx = day.browser.new_context(locale=locale, **options)
    ctx.clock.set_fixed_time(BELGIJKA_START)  # the countdowns stand still
    return ctx.new_page()


def code_of_player(day: Day, table: int) -> str:
    from plansza.services.belgijka import player_code

    return str(player_code(day.hall.secret, table))


def belgijka_slips(day: Day, lang: str) -> None:
    day.desk.goto(url_in(day, "/belgijka/sedzia/kody", lang))
    save(day.desk, "belgijka-slips", lang, tallest=820)


def belgijka_draw(day: Day, lang: str) -> None:
    """Between two moves: the program's draw, or the tiles typed from the real bag."""
    page = day.desk
    page.goto(url_in(day, "/belgijka/sedzia", lang))
    page.fill("#bj-tiles", "ETNRI?Ł"[: day.hall.tiles_to_draw()])
    save(page, "belgijka-console-draw", lang, tallest=HEIGHT)


@once
def belgijka_draw_rack(day: Day) -> None:
    day.hall.draw()
    day.hall_now += 25


def belgijka_drawn(day: Day, lang: str) -> None:
    day.desk.goto(url_in(day, "/belgijka/sedzia", lang))
    save(day.desk, "belgijka-console-drawn", lang, tallest=HEIGHT)


def wall(day: Day, lang: str, name: str) -> None:
    """The projector's one screen (1280 × 720: no scrolling, I.6)."""
    day.wall.goto(url_in(day, "/belgijka/projektor", lang))
    save(day.wall, name, lang, full=False)


def belgijka_projector(day: Day, lang: str) -> None:
    """The board and the rack, before the move's time."""
    wall(day, lang, "belgijka-projector")


def belgijka_join(day: Day, lang: str) -> None:
    page = day.phone
    page.goto(url_in(day, "/belgijka/gracz", lang))
    page.fill("input[name=kod]", code_of_player(day, SENDER).lower())
    save(page, "belgijka-phone-join", lang)


@once
def belgijka_clock(day: Day) -> None:
    """The two minutes start; 5 cards come in within the first 80 seconds."""
    day.hall.start_clock()
    hall_cards(day, skip=(4, SENDER, LATE, 8))
    day.hall_now = day.hall.timer.start + 83


def belgijka_running(day: Day, lang: str) -> None:
    day.desk.goto(url_in(day, "/belgijka/sedzia", lang))
    save(day.desk, "belgijka-console-running", lang, tallest=HEIGHT)


def belgijka_phone_move(day: Day, lang: str) -> None:
    """The player types the card (not sent yet)."""
    page = day.phone
    page.goto(url_in(day, f"/belgijka/g/{code_of_player(day, SENDER)}", lang))
    c = shot_candidate(day, 3)
    page.fill("input[name=move]", c.move)
    page.fill("input[name=score]", str(c.score))
    save(page, "belgijka-phone-move", lang)


def shot_candidate(day: Day, rank: int) -> Any:
    move = day.hall.read(lambda ch: ch.game.open_move)
    return move.candidates[rank]


def belgijka_phone_sent(day: Day, lang: str) -> None:
    page = day.phone
    page.click("form.card button[type=submit]")
    page.wait_for_selector("#answer :is(p, div)", timeout=WAIT)
    save(page, "belgijka-phone-sent", lang)


@once
def belgijka_one_card(day: Day) -> None:
    """The card was sent once a language: the console lists it once (the last)."""
    hall = day.hall
    with hall._lock:
        last = {s.player: s for s in hall.sent}
        hall.sent = [s for s in hall.sent if last[s.player] is s]


@once
def belgijka_wrong_score(day: Day) -> None:
    """Table 4 declares 10 points too many (II.8: the move scores 0)."""
    c = shot_candidate(day, 0)
    day.hall_now = day.hall.timer.start + 97
    day.hall.send(4, c.move, c.score + 10)
    day.hall_now = day.hall.timer.start + 96  # 24 s left


def belgijka_projector_clock(day: Day, lang: str) -> None:
    """The last 30 seconds (II.3's signal)."""
    wall(day, lang, "belgijka-projector-clock")


@once
def belgijka_time_up(day: Day) -> None:
    day.hall_now = day.hall.timer.deadline + 3.4


def belgijka_phone_late(day: Day, lang: str) -> None:
    page = day.phone
    page.goto(url_in(day, f"/belgijka/g/{code_of_player(day, LATE)}", lang))
    c = shot_candidate(day, 1)
    page.fill("input[name=move]", c.move)
    page.fill("input[name=score]", str(c.score))
    page.click("form.card button[type=submit]")
    page.wait_for_selector("#answer :is(p, div)", timeout=WAIT)
    save(page, "belgijka-phone-late", lang)


@once
def belgijka_paper(day: Day) -> None:
    """Table 8 handed in a paper card; the referee types it."""
    c = shot_candidate(day, 2)
    day.hall_now += 30
    day.hall.send(8, c.move, c.score, by=REFEREE)


def belgijka_after(day: Day, lang: str) -> None:
    day.desk.goto(url_in(day, "/belgijka/sedzia", lang))
    save(day.desk, "belgijka-console-after", lang, tallest=1300)


@once
def belgijka_close(day: Day) -> None:
    day.hall.choose(0, "pierwszy w kolejności zapisu")
    close_move(day)


def belgijka_results(day: Day, lang: str) -> None:
    day.desk.goto(url_in(day, "/belgijka/sedzia", lang))
    save(day.desk, "belgijka-console-results", lang, tallest=700)


def belgijka_projector_top(day: Day, lang: str) -> None:
    wall(day, lang, "belgijka-projector-top")


def belgijka_phone_after(day: Day, lang: str) -> None:
    page = day.phone
    page.goto(url_in(day, f"/belgijka/g/{code_of_player(day, 4)}", lang))
    save(page, "belgijka-phone-after", lang)


@once
def belgijka_game_over(day: Day) -> None:
    """The rest of game 1, move by move, to its end."""
    while not day.hall.read(lambda ch: ch.game.over):
        hall_move(day)


def belgijka_classification(day: Day, lang: str) -> None:
    day.wall.goto(url_in(day, "/belgijka/projektor", lang))
    save(day.wall, "belgijka-projector-classification", lang, full=False)


#: The Belgijka's steps and screens, in their order.
BELGIJKA = [
    belgijka_setup,
    belgijka_slips,
    belgijka_draw,
    belgijka_draw_rack,
    belgijka_drawn,
    belgijka_projector,
    belgijka_join,
    belgijka_clock,
    belgijka_running,
    belgijka_phone_move,
    belgijka_phone_sent,
    belgijka_one_card,
    belgijka_wrong_score,
    belgijka_projector_clock,
    belgijka_time_up,
    belgijka_phone_late,
    belgijka_paper,
    belgijka_after,
    belgijka_close,
    belgijka_results,
    belgijka_projector_top,
    belgijka_phone_after,
    belgijka_game_over,
    belgijka_classification,
]


# ---- the federation's server --------------------------------------------------------
# A scene of its own: the federation's server (``plansza serve --federation``) over a
# registry started from a ranking history, and a hall (``plansza serve --tournament
# --send-to --key-file``) whose referee closed "Puchar Andrzejkowy" and sends it. Both
# are apps of their own, served in threads on ports of their own; their clock (the
# federation's pages and log, the hall's queue) is :data:`fed_now`, moved by the steps.

FED_PORT, HALL_PORT = 8010, 8011
#: The referee of the tournament sent (a member with a licence of degree I; on the list
#: as "Kowalczyk Barbara"), the ranking administrator's account, a player's account.
FED_REFEREE, FED_REFEREE_PLAYS_AS = "Barbara Kowalczyk", "Kowalczyk Barbara"
FED_ADMIN, FED_READER = "admin-rankingu", "ewa.nowak"
SENT = "Puchar Andrzejkowy"
SENT_DAY = date(2026, 11, 28)
SENT_ID = f"puchar-andrzejkowy-{SENT_DAY.isoformat()}"
#: Twelve games in the history: she plays with a temporary ranking (RR §2.4).
TEMPORARY = "Maj Helena"
#: The hall's players from the sign-ups (all on the list), and the debutant.
SENT_PLAYERS = [n for n, *_ in PLAYERS[:12]]
DEBUTANT = "Źdźbło Oliwia"
#: Registered by hand from an older printed list: the hall's ranking is not the list's.
OLD_LIST = ("Zieliński Tomasz", 127.0)
#: The federation's and the hall's clock (naive: local time, TZ=UTC).
fed_now = datetime(2026, 11, 20, 18, 0)


def fed_clock(at: datetime) -> None:
    global fed_now
    fed_now = at


class FedDatetime(datetime):
    @classmethod
    def now(cls, tz: Any = None) -> datetime:  # type: ignore[override]
        return fed_now if tz is None else fed_now.replace(tzinfo=UTC).astimezone(tz)


class FedDate(date):
    @classmethod
    def today(cls) -> date:  # type: ignore[override]
        return fed_now.date()


def fed_stamp() -> str:
    return fed_now.isoformat(timespec="seconds")


class Fed:
    """The federation's scene: its servers, the registry, the hall's file and pages."""

    def __init__(self, folder: Path, words: Any) -> None:
        self.folder, self.words = folder, words
        self.registry = str(folder / "pfs.federacja.sqlite")
        self.hall_path = str(folder / "andrzejki.turniej.sqlite")
        self.key = str(folder / "klucz.txt")
        self.url = f"http://127.0.0.1:{FED_PORT}"
        self.hall_url = f"http://127.0.0.1:{HALL_PORT}"
        self.fed_app: Any = None
        self.hall_app: Any = None
        self.servers: list[tuple[Any, threading.Thread]] = []
        #: role → language → page: ``hall`` (the referee), ``admin``, ``reader``, ``player``
        self.pages: dict[str, dict[str, Any]] = {}

    def stop(self) -> None:
        for server, thread in self.servers:
            server.should_exit = True
            thread.join(10)


#: The federation's history: its tournaments (10 rounds each, the stronger player
#: more often winning), Maj Helena only in the last (12 rounds, 12 games: RR §2.4).
FED_HISTORY = [
    (date(2025, 3, 8), "Puchar Wiosny"),
    (date(2025, 6, 14), "Mistrzostwa Warszawy"),
    (date(2025, 9, 20), "Puchar Bałtyku"),
    (date(2026, 1, 17), "Zimowy Turniej w Krakowie"),
    (date(2026, 5, 16), "Mistrzostwa Mazowsza"),
    (date(2026, 10, 10), "Puchar Jesieni"),
]


def fed_history_csv() -> str:
    from plansza.ranking import RankedGame, write_games_csv

    rng = random.Random(46)
    strength = {n: r for n, r, *_ in PLAYERS} | {n: r for n, r, _ in OTHERS}
    games = []
    for day, title in FED_HISTORY:
        names: list[str | None] = sorted(strength)
        names += [TEMPORARY] if day == FED_HISTORY[-1][0] else [None]  # None: a bye
        rng.shuffle(names)
        for _ in range(12 if TEMPORARY in names else 10):
            names = [names[0], names[-1], *names[1:-1]]  # the circle: nobody meets twice
            half = len(names) // 2
            for a, b in zip(names[:half], reversed(names[half:]), strict=True):
                if a is None or b is None:
                    continue
                sa, sb = strength.get(a, 140), strength.get(b, 140)
                high = rng.randint(390, 530)
                low = rng.randint(280, high - 1)
                a_wins = rng.random() < 1 / (1 + 10 ** ((sb - sa) / 16))
                s1, s2 = (high, low) if a_wins else (low, high)
                games.append(RankedGame(day, title, a, b, s1, s2))
    out = io.StringIO()
    write_games_csv(games, out)
    return out.getvalue()


def fed_registry(fed: Fed) -> None:
    """The registry: the history imported, a referee with a licence and a key, the
    ranking administrator named, three tournaments announced and their sign-ups."""
    from plansza.services.federation import Federation
    from plansza.services.federation_server import FederationServer

    history = fed.folder / "historia-pfs.csv"
    history.write_text(fed_history_csv(), encoding="utf-8")
    fed_clock(datetime(2026, 10, 12, 9, 0))
    server = FederationServer(fed.registry, fed_stamp, create=True)
    board = Federation(server.registry, fed_stamp)
    board.add_member(FED_REFEREE, born=date(1971, 3, 14), since=date(2004, 1, 1),
                     player=FED_REFEREE_PLAYS_AS)  # fmt: skip
    board.grant(FED_REFEREE, 1, date(2024, 3, 2))
    board.add_tournament("Puchar Wiosny", start=date(2026, 3, 7), category="ranked",
                         referee=FED_REFEREE, rounds=12)  # fmt: skip
    server.import_history(str(history))
    server.name_administrator(FED_ADMIN)
    key_id, secret = server.issue_key(FED_REFEREE)
    Path(fed.key).write_text(f"{key_id}:{secret}\n", encoding="utf-8")
    for name, start, end, category, place in (
        (SENT, SENT_DAY, None, "ranked", "Warszawa, klub Siódemka"),
        ("Mistrzostwa Łodzi", date(2026, 12, 12), date(2026, 12, 13), "ranked",
         "Łódź, Dom Kultury „Górna”"),
        ("Grand Prix Gdańska", date(2027, 1, 16), date(2027, 1, 17), "GP",
         "Gdańsk, Hotel Mercure"),
    ):  # fmt: skip
        server.announce(name, start, end=end, category=category, referee=FED_REFEREE, place=place)
    fed_clock(datetime(2026, 11, 20, 18, 0))
    for name in [*SENT_PLAYERS, DEBUTANT]:
        server.sign_up(SENT_ID, name, name.split()[1].lower())
    for name in ("Śliwa Celina", "Ćwik Łukasz", "Żak Jan", "Król Agnieszka", "Nowak Ewa"):
        account = FED_READER if name == "Nowak Ewa" else name.split()[1].lower()
        server.sign_up("mistrzostwa-lodzi-2026-12-12", name, account)
    server.sign_up("grand-prix-gdanska-2027-01-16", "Łoś Bartłomiej", "bartłomiej")
    server.close()


def fed_hall_file(fed: Fed) -> None:
    """The hall's tournament, closed: the players the federation's sign-ups give (with
    their rankings, RR §2), Maj Helena and Zieliński Tomasz registered by hand, five
    rounds, a walkover in the last."""
    from plansza.services.federation_server import FederationServer
    from plansza.services.tournament import Referee
    from plansza.tournament.model import Settings

    server = FederationServer(fed.registry, fed_stamp)
    entrants = server.entrants(SENT_ID)
    server.close()
    clock = iter(range(100_000))
    start = datetime(2026, 11, 28, 9, 30, tzinfo=UTC)

    def now() -> str:
        return (start + timedelta(minutes=next(clock) * 0.4)).isoformat()

    settings = Settings(SENT, 5, "halving", dates=(SENT_DAY.isoformat(),), referee=FED_REFEREE,
                        venue="Warszawa, klub Siódemka", category="ranked")  # fmt: skip
    Referee.create(fed.hall_path, settings, now)
    rng = random.Random(1128)
    with Referee.open(fed.hall_path, now) as ref:
        ref.by = "sedzia"
        for name, ranking, games, basis in entrants:
            if name == OLD_LIST[0]:
                ranking = OLD_LIST[1]
            debutant = basis == "debutant"
            ref.add_player({"name": name, "ranking": None if debutant else ranking,
                            "games": games})  # fmt: skip
        ref.add_player({"name": TEMPORARY, "ranking": 142, "games": 12})  # not padded
        for n in range(1, 6):
            state, _ = ref.pair(n)
            for p in state.rounds[n].pairings:
                a, b = state.players[p.first].name, state.players[p.second].name
                if n == 5 and p.table == 6:  # b did not come
                    ref.walkover(5, a, b)
                    continue
                sa, sb = rng.randint(300, 510), rng.randint(290, 490)
                ref.result(n, a, str(sa), b, str(sb + (sa == sb)))
        ref.close()


def fed_serve(app: Any, port: int) -> tuple[Any, threading.Thread]:
    """``app`` served by Uvicorn in a thread on ``port`` (refused if it is taken)."""
    import uvicorn

    with socket.socket() as s:
        if s.connect_ex(("127.0.0.1", port)) == 0:
            raise SystemExit(f"port {port} is taken")
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(400):
        if server.started:
            return server, thread
        time.sleep(0.05)
    raise SystemExit("the server did not start")


def log_in(page: Any, base: str, nick: str, *, sign_up: bool) -> None:
    page.goto(f"{base}/konto/{'rejestracja' if sign_up else 'logowanie'}?lang=pl")
    page.fill("input[name=nickname]", nick)
    page.fill("input[name=password]", PASSWORD)
    if sign_up:
        page.fill("input[name=password2]", PASSWORD)
    page.click("form.account button[type=submit]")
    page.wait_for_url(re.compile(r".*/(konto)?(\?.*)?$"))


@once
def federation_setup(day: Day) -> None:
    """The registry, the hall's closed tournament, the hall served (the federation not
    yet: the network is down), and the pages of each role, logged in."""
    import plansza.server.federation_pages as pages_module
    import plansza.server.sending as sending_module
    import plansza.services.federation_server as server_module
    from plansza.server.app import create_app

    pages_module.datetime = FedDatetime  # type: ignore[misc]
    pages_module.date = FedDate  # type: ignore[misc]
    server_module.date = FedDate  # type: ignore[misc]
    folder = Path(day.path).parent / "federacja"  # in the day's temporary folder
    folder.mkdir()
    fed = day.fed = Fed(folder, day.app.state.settings.words)
    fed_registry(fed)
    fed_hall_file(fed)
    fed.hall_app = create_app(
        db=f"sqlite:///{folder / 'sala.db'}",
        words=fed.words,
        secret="zrzuty-sala",
        tournament=fed.hall_path,
        tournament_poll=0.2,
        send_to=fed.url,
        key_file=fed.key,
    )
    fed.hall_app.state.sender.clock = lambda: fed_now.replace(tzinfo=UTC).timestamp()
    sending_module.TICK = 0.2
    fed.fed_app = create_app(
        db=f"sqlite:///{folder / 'federacja.db'}",
        words=fed.words,
        secret="zrzuty-federacja",
        federation=fed.registry,
    )
    fed.servers.append(fed_serve(fed.hall_app, HALL_PORT))
    for role in ("hall", "admin", "reader", "player"):
        fed.pages[role] = {}
        for i, lang in enumerate(LANGS):
            locale = "pl-PL" if lang == "pl" else "en-GB"
            ctx = day.browser.new_context(
                viewport={"width": WIDTH, "height": HEIGHT}, locale=locale
            )
            page = fed.pages[role][lang] = ctx.new_page()
            if role == "hall":
                log_in(page, fed.hall_url, REFEREE, sign_up=i == 0)
                if i == 0:
                    fed.hall_app.state.hub.store.users.set_referee(REFEREE, True)
    fed_clock(datetime(2026, 11, 28, 19, 42, 5))


def fed_url(base: str, path: str, lang: str) -> str:
    return f"{base}{path}{'&' if '?' in path else '?'}lang={lang}"


def federation_hall_queued(day: Day, lang: str) -> None:
    """The referee sends the closed tournament; the federation cannot be reached."""
    from plansza.services.sending import outbox_path

    fed, page = day.fed, day.fed.pages["hall"][lang]
    Path(outbox_path(fed.hall_path)).unlink(missing_ok=True)  # each language sends it
    page.goto(fed_url(fed.hall_url, "/sedzia", lang))
    with page.expect_navigation():
        page.click("form[action='/sedzia/federacja/wyslij'] button")
    save(page, "federation-hall-queued", lang, tallest=HEIGHT)


@once
def federation_online(day: Day) -> None:
    """The network is back: the federation's server starts, the queue sends the file."""
    fed = day.fed
    fed_clock(datetime(2026, 11, 28, 19, 44, 12))
    fed.servers.append(fed_serve(fed.fed_app, FED_PORT))
    sender = fed.hall_app.state.sender
    if sender.status() is None:  # its screen not taken: the referee sent it all the same
        sender.queue()
    for _ in range(300):
        status = sender.status()
        if status is not None and status.state == "sent":
            break
        time.sleep(0.1)
    else:
        raise SystemExit(f"the hall's queue did not send: {sender.status()}")
    for role in ("admin", "player"):
        for i, lang in enumerate(LANGS):
            nick = FED_ADMIN if role == "admin" else FED_READER
            log_in(fed.pages[role][lang], fed.url, nick, sign_up=i == 0)


def federation_hall_sent(day: Day, lang: str) -> None:
    fed, page = day.fed, day.fed.pages["hall"][lang]
    page.goto(fed_url(fed.hall_url, "/sedzia", lang))
    save(page, "federation-hall-sent", lang, tallest=HEIGHT)


@once
def federation_monday(day: Day) -> None:
    fed_clock(datetime(2026, 11, 30, 9, 12, 40))


def federation_desk(day: Day, lang: str) -> None:
    """The ranking administrator's desk: the tournament with what the checks found."""
    fed, page = day.fed, day.fed.pages["admin"][lang]
    page.set_viewport_size({"width": 1280, "height": HEIGHT})  # its table is wide
    page.goto(fed_url(fed.url, f"/federacja/biuro/{SENT_ID}", lang))
    page.wait_for_selector("ul.findings")
    save(page, "federation-desk", lang, tallest=1400)


@once
def federation_accept(day: Day) -> None:
    """The administrator corrects the two rankings and accepts: the list is published."""
    from plansza.services.federation_server import FederationServer

    server = FederationServer(day.fed.registry, fed_stamp)
    try:
        found = {p.name: p for p in server.examine(SENT_ID).players}
        temporary, listed = found[TEMPORARY], found[OLD_LIST[0]]
        server.correct_ranking(
            SENT_ID, TEMPORARY, float(temporary.expected or 100), temporary.expected_games,
            "ranking tymczasowy: 12 partii dopełnione do 30 (RR §2.4)", FED_ADMIN,
        )  # fmt: skip
        fed_clock(datetime(2026, 11, 30, 9, 14, 3))
        server.correct_ranking(
            SENT_ID, OLD_LIST[0], float(listed.expected or 100), listed.expected_games,
            "ranking z listy z 2026-10-11 (RR §2.1)", FED_ADMIN,
        )  # fmt: skip
        fed_clock(datetime(2026, 11, 30, 9, 15, 21))
        version = server.state().server.latest(SENT_ID).version
        server.decide(SENT_ID, version, accepted=True, why="", by=FED_ADMIN)
    finally:
        server.close()
    time.sleep(0.6)  # the pages' reading looks at the log again


def federation_list(day: Day, lang: str) -> None:
    fed, page = day.fed, day.fed.pages["reader"][lang]
    page.goto(fed_url(fed.url, "/federacja/lista", lang))
    save(page, "federation-list", lang)


def federation_player(day: Day, lang: str) -> None:
    fed, page = day.fed, day.fed.pages["reader"][lang]
    page.goto(fed_url(fed.url, "/federacja/gracz/W%C3%B3jcik%20Ma%C5%82gorzata", lang))
    page.wait_for_selector("svg polyline")
    save(page, "federation-player", lang, tallest=1300)


def federation_tournament(day: Day, lang: str) -> None:
    fed, page = day.fed, day.fed.pages["reader"][lang]
    page.goto(fed_url(fed.url, f"/federacja/turniej/{SENT_ID}", lang))
    save(page, "federation-tournament", lang)


def federation_calendar(day: Day, lang: str) -> None:
    """The calendar for a logged-in player, who signed up for the first tournament."""
    fed, page = day.fed, day.fed.pages["player"][lang]
    page.goto(fed_url(fed.url, "/federacja/kalendarz", lang))
    save(page, "federation-calendar", lang)


#: The federation's steps and screens, in their order.
FEDERATION = [
    federation_setup,
    federation_hall_queued,
    federation_online,
    federation_hall_sent,
    federation_monday,
    federation_desk,
    federation_accept,
    federation_list,
    federation_player,
    federation_tournament,
    federation_calendar,
]


#: The screens in the order they are taken (the day's state changes between them).
BEFORE = [
    game,
    game_phone,
    game_waiting,
    invitation,
    game_rematch,
    game_chat,
    home_four,
    lobby,  # with the games above being played
    once(rated_history),
    profile,
    words,
    analysis,
    station,
    station_log,
    login,
    phone_before,
    phone_after,
    queue,
    slips,
    live("/turniej", "live-tournament"),
    live("/turniej/kojarzenia", "live-pairings"),
    live("/turniej/kojarzenia?alfabetycznie=1", "live-pairings-by-name"),
    live("/turniej/klasyfikacja", "live-standings"),
    live("/turniej/gracz/3", "live-player"),
    projector,
    live("/turniej/kojarzenia?alfabetycznie=1&druk=1", "live-printable"),
]
AFTER = [
    console_home,
    console_players,
    live("/sedzia/runda/3", "console-round"),
    live("/sedzia/ustawienia", "console-settings"),
    live("/sedzia/dziennik", "console-log", 620),
    live("/ranking", "ranking-list"),
    live("/ranking/gracz/Nowak%20Ewa", "ranking-player", 700),
    live("/ranking/turniej", "ranking-effect"),
]


def main(argv: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    from plansza.server.store import table_secrets

    os.environ["TZ"] = "UTC"
    time.tzset()
    global IMAGES
    dark = "--dark" in argv
    wanted = set(argv) - {"--dark"}
    if dark:  # for a person to look at, not for the docs
        IMAGES = ROOT / "build" / "screenshots" / "dark"
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, serve(Path(tmp)) as day, sync_playwright() as p:
        for i, (table, words_, valid) in enumerate(
            [
                (2, ("ŻÓŁW",), True),
                (5, ("KOTAŁ", "ŁES"), False),
                (1, ("ZAJĄCE", "EM"), True),
                (7, ("GŻEGŻÓŁKA",), False),
            ]
        ):
            day.store.checks.add(NOW.timestamp() - 600 + 97 * i, table, words_, valid)
        with day.store._begin() as c:  # a fixed secret: the same table codes every run
            c.execute(table_secrets.insert().values(tournament=table_key(day), secret="demo" * 16))
        entry(day, 5, 0, 401, 355)  # waiting for the other player
        entry(day, 6, 1, 298, 377)
        entry(day, 7, 0, 366, 340)  # the two players disagree: the referee's queue
        entry(day, 7, 1, 336, 340)
        day.browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        if dark:
            plain = day.browser.new_context

            def new_context(**options: Any) -> Any:
                return plain(color_scheme="dark", **options)

            day.browser.new_context = new_context
        desks, phones = {}, {}
        for i, lang in enumerate(LANGS):
            locale = "pl-PL" if lang == "pl" else "en-GB"
            desk = day.browser.new_context(
                viewport={"width": WIDTH, "height": HEIGHT}, locale=locale
            )
            day.desk = desks[lang] = desk.new_page()
            if i == 0:  # the account made a referee before any log-in of the day
                account(day, day.desk, sign_up=True)
                day.store.users.set_referee(REFEREE, True)
                desk.clear_cookies()
            account(day, day.desk, sign_up=False)
            phone = day.browser.new_context(
                viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=1, locale=locale
            )
            phones[lang] = phone.new_page()
        walls: dict[str, Any] = {}
        federation = {f.__name__.replace("_", "-") for f in FEDERATION}
        for screens in (BEFORE, AFTER, BELGIJKA, FEDERATION):
            if screens is FEDERATION and wanted and not wanted & federation:
                continue  # its own servers: started only for its screens
            if screens is AFTER:
                settle(day)
            if screens is BELGIJKA:  # the browsers' clocks fixed: new pages
                for lang in LANGS:
                    desks[lang] = belgijka_context(
                        day, lang, viewport={"width": WIDTH, "height": HEIGHT}
                    )
                    day.desk = desks[lang]
                    account(day, day.desk, sign_up=False)
                    phones[lang] = belgijka_context(
                        day, lang, viewport=PHONE, is_mobile=True, has_touch=True,
                        device_scale_factor=1,
                    )  # fmt: skip
                    walls[lang] = belgijka_context(
                        day, lang, viewport={"width": 1280, "height": 720}
                    )
            for screen in screens:
                name = screen.__name__.replace("_", "-")
                if getattr(screen, "once", False):
                    screen(day, "pl")
                    continue
                if wanted and name not in wanted:
                    continue
                for lang in LANGS:
                    day.desk, day.phone, day.wall = desks[lang], phones[lang], walls.get(lang)
                    screen(day, lang)
        if day.fed is not None:
            day.fed.stop()
        day.browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])

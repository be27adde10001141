"""One security module (``server/security.py``): every form-taking POST refuses a form
without the session's token; the referee's pages are guarded by one decorator; the
limits on guessing codes and passwords count across processes through Redis."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.routing import Route
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.server.limits import RedisLimiter
from plansza.server.security import referee_required

from .conftest import Clock
from .test_station import log_in

#: POST routes and a body each would take, but for its token.
POSTS = [
    ("/sedzia/akcja/dodaj", {"name": "Ala"}),
    ("/belgijka/sedzia/akcja/nowy", {"name": "Hala"}),
    ("/sprawdzanie", {"words": "KOT", "table": "1"}),
    ("/konto/logowanie", {"nickname": "sedzia", "password": "x"}),
    ("/konto/rejestracja", {"nickname": "nowy", "password": "x", "password2": "x"}),
]


def test_every_form_without_the_sessions_token_is_refused(
    tmp_path: Path, words: Lexicon, clock: Clock
) -> None:
    from plansza.server.app import create_app

    app = create_app(
        db="sqlite://", words=words, secret="s", clock=clock,
        tournament=str(tmp_path / "t.turniej.sqlite"),
        belgijka=str(tmp_path / "h.belgijka.sqlite"),
    )  # fmt: skip
    with TestClient(app) as c:
        log_in(c)  # a referee: the token, not the role, is what is missing
        c.get("/sedzia")
        for url, form in POSTS:
            for token in ({}, {"csrf": "forged"}):
                r = c.post(url, data={**form, **token}, follow_redirects=False)
                assert r.status_code in (400, 403), (url, token, r.status_code)
                assert "Traceback" not in r.text


def test_the_referees_pages_are_guarded_by_the_decorator() -> None:
    # every route of a referee's module that answers a referee only goes through it
    from plansza.server import belgijka_console, belgijka_phone, console, tables

    guarded = []
    for module in (console, belgijka_console, belgijka_phone, tables):
        for route in module.routes():
            if isinstance(route, Route) and getattr(route.endpoint, "__wrapped__", None):
                guarded.append(route.path)
    assert "/sedzia/akcja/{action}" in guarded and "/belgijka/sedzia" in guarded
    assert "/belgijka/sedzia/akcja/{action}" in guarded
    assert "/sedzia/wyniki" in guarded and "/sedzia/karty" in guarded
    # and never a player's page: the phones' and the hall's
    for open_to_all in ("/stolik", "/s/{code}", "/belgijka/gracz", "/belgijka/projektor"):
        assert open_to_all not in guarded, open_to_all


def test_the_decorator_refuses_before_the_endpoint_runs(words: Lexicon, clock: Clock) -> None:
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.sessions import SessionMiddleware
    from starlette.requests import Request
    from starlette.responses import PlainTextResponse, Response

    ran = []

    @referee_required
    async def secret(request: Request) -> Response:
        ran.append(1)
        return PlainTextResponse("ok")

    app = Starlette(
        routes=[Route("/tajne", secret)], middleware=[Middleware(SessionMiddleware, secret_key="s")]
    )
    from plansza.server.accounts import Accounts

    app.state.accounts = Accounts(cheap=True)
    with TestClient(app) as c:
        assert c.get("/tajne").status_code == 403
    assert ran == []


def test_wrong_codes_count_across_processes_through_redis(redis_url: str) -> None:
    # two processes of one hall: a guesser spreading tries over them is counted once
    import redis

    now = [1000.0]
    a = RedisLimiter(redis.Redis.from_url(redis_url), "codes", 3, 60.0, lambda: now[0])
    b = RedisLimiter(redis.Redis.from_url(redis_url), "codes", 3, 60.0, lambda: now[0])
    a.hit("10.0.0.7")
    b.hit("10.0.0.7")
    assert a.wait("10.0.0.7") == 0.0 and b.wait("10.0.0.7") == 0.0
    a.hit("10.0.0.7")
    assert b.wait("10.0.0.7") == pytest.approx(60.0)  # the third try, made elsewhere
    assert a.wait("10.0.0.8") == 0.0  # another address is not affected
    now[0] += 61.0
    assert b.wait("10.0.0.7") == 0.0  # the window has passed
    a.hit("10.0.0.7")
    b.reset("10.0.0.7")
    assert a.wait("10.0.0.7") == 0.0


def test_an_app_with_redis_counts_its_log_in_failures_there(
    words: Lexicon, clock: Clock, redis_url: str
) -> None:
    from plansza.server.app import create_app

    apps = [create_app(db="sqlite://", words=words, secret="s", clock=clock) for _ in range(2)]
    for app in apps:
        app.state.redis_url = redis_url  # as `serve --redis` sets it (without the cluster)
    clients = [TestClient(app) for app in apps]
    for c in clients:
        c.__enter__()
    try:

        def try_log_in(c: TestClient) -> int:
            page = c.get("/konto/logowanie").text
            token = re.search(r'name="csrf" value="([^"]+)"', page)
            assert token
            r = c.post(
                "/konto/logowanie",
                data={"csrf": token.group(1), "nickname": "ofiara", "password": "zle"},
            )
            return r.status_code

        for i in range(5):  # five failures for one nickname, spread over two processes
            try_log_in(clients[i % 2])
        assert try_log_in(clients[1]) == 429
    finally:
        for c in clients:
            c.__exit__(None, None, None)

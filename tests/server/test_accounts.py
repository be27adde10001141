"""Accounts and the server's defences: sign up, log in, log out, my games, rate limits,
CSRF, passwords never stored, and the WebSocket refusing what it must not take.

The rules are the issue's (issue 28, item 5): nickname and password (hashed by a
well-kept library), signed session cookies, CSRF on every form, rate limits on
log-in, nothing trusted from a client.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.server.accounts import Accounts
from plansza.server.store import Store
from plansza.services.accounts import (
    AccountError,
    RateLimiter,
    nickname,
    nickname_key,
)

from .conftest import Clock, invitation, new_game, take_invitation
from .test_app import receive_until

PASSWORD = "tajne-hasło-1"


@pytest.fixture
def client(words: Lexicon, clock: Clock, database_url: str) -> Iterator[TestClient]:
    """The app on a fresh database: every test here runs on SQLite and on PostgreSQL."""
    from plansza.server.app import create_app

    app = create_app(db=database_url, words=words, secret="test-secret", clock=clock)
    with TestClient(app) as c:
        yield c


@pytest.fixture
def web(client: TestClient, clock: Clock) -> TestClient:
    """The app's client with cheap hashing and small limits: 3 failed log-ins per
    nickname, 8 attempts per address, in 60 seconds."""
    client.app.state.accounts = Accounts(  # type: ignore[attr-defined]
        clock, per_nickname=3, per_address=8, window=60.0, cheap=True
    )
    return client


def csrf(client: TestClient, path: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', client.get(path).text)
    assert m
    return m.group(1)


def sign_up(client: TestClient, nick: str, pw: str = PASSWORD, again: str | None = None) -> Any:
    token = csrf(client, "/konto/rejestracja")
    data = {"csrf": token, "nickname": nick, "password": pw, "password2": again or pw}
    return client.post("/konto/rejestracja", data=data, follow_redirects=False)


def log_in(client: TestClient, nick: str, pw: str = PASSWORD) -> Any:
    token = csrf(client, "/konto/logowanie")
    data = {"csrf": token, "nickname": nick, "password": pw}
    return client.post("/konto/logowanie", data=data, follow_redirects=False)


def log_out(client: TestClient) -> Any:
    token = csrf(client, "/konto")
    return client.post("/konto/wyloguj", data={"csrf": token}, follow_redirects=False)


def engine(client: TestClient) -> sa.Engine:
    store: Store = client.app.state.hub.store  # type: ignore[attr-defined]
    return store.engine


# ---- sign up, log in, log out ----------------------------------------------------------


def test_sign_up_logs_in_and_the_nav_shows_the_nickname(web: TestClient) -> None:
    assert "zaloguj" in web.get("/").text  # a guest is offered to log in
    r = sign_up(web, "Łukasz")
    assert r.status_code == 303 and r.headers["location"] == "/konto"
    page = web.get("/konto")
    assert page.status_code == 200 and "Twoje partie" in page.text
    assert '<a href="/konto">Łukasz</a>' in web.get("/").text


def test_the_account_pages_speak_english_on_request(web: TestClient) -> None:
    page = web.get("/konto/rejestracja?lang=en")
    assert '<html lang="en">' in page.text and "A new account" in page.text
    assert "Nowe konto" in web.get("/konto/rejestracja?lang=pl").text


def test_the_password_is_never_stored_in_clear(web: TestClient) -> None:
    sign_up(web, "Łukasz")
    with engine(web).connect() as c:
        stored = c.execute(sa.text("SELECT password_hash FROM users")).scalar_one()
        # every row of every table, on SQLite and PostgreSQL alike
        tables = sa.MetaData()
        tables.reflect(c)
        dump = "\n".join(
            repr(tuple(row)) for t in tables.sorted_tables for row in c.execute(sa.select(t))
        )
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    assert PASSWORD not in dump  # nowhere in the database


@pytest.mark.parametrize("again", ["łukasz", "ŁUKASZ", "Łukasz", "  łukasz "])
def test_a_nickname_is_unique_whatever_its_case(web: TestClient, again: str) -> None:
    assert sign_up(web, "Łukasz").status_code == 303
    other = TestClient(web.app)
    r = sign_up(other, again)
    assert r.status_code == 400 and "jest już zajęty" in r.text and 'role="alert"' in r.text
    with engine(web).connect() as c:
        assert c.execute(sa.text("SELECT count(*) FROM users")).scalar_one() == 1


def test_log_out_and_log_in_again_with_any_case(web: TestClient) -> None:
    sign_up(web, "Łukasz")
    r = log_out(web)
    assert r.status_code == 303 and r.headers["location"] == "/"
    assert web.get("/konto", follow_redirects=False).headers["location"] == "/konto/logowanie"
    assert "zaloguj" in web.get("/").text
    r = log_in(web, "łUKASZ")
    assert r.status_code == 303
    assert '<a href="/konto">Łukasz</a>' in web.get("/").text  # as it was signed up


def test_a_wrong_password_or_unknown_nickname_says_the_same(web: TestClient) -> None:
    sign_up(web, "Ola")
    log_out(web)
    wrong = log_in(web, "Ola", "zupełnie-złe")
    unknown = log_in(web, "Nikt", PASSWORD)
    for r in (wrong, unknown):
        assert r.status_code == 401 and "Zły nick lub hasło." in r.text
    assert "zaloguj" in web.get("/").text  # still a guest
    r = log_in(TestClient(web.app), "Nikt", PASSWORD)  # the nickname typed is kept, escaped
    assert 'value="Nikt"' in r.text


@pytest.mark.parametrize(
    ("nick", "pw", "again", "says"),
    [
        ("ab", PASSWORD, None, "od 3 do 24 znaków"),
        ("a" * 25, PASSWORD, None, "od 3 do 24 znaków"),
        ("1ola", PASSWORD, None, "zaczyna się literą"),
        ("ola ma", PASSWORD, None, "zaczyna się literą"),
        ("<b>ola</b>", PASSWORD, None, "zaczyna się literą"),
        ("Аля", PASSWORD, None, "zaczyna się literą"),  # Cyrillic letters
        ("Ola", "1234567", None, "co najmniej 8 znaków"),
        ("Ola", "x" * 300, None, "najwyżej 256 znaków"),
        ("Ola", PASSWORD, "inne-hasło", "hasła się różnią"),
    ],
)
def test_a_bad_sign_up_is_named_and_makes_no_account(
    web: TestClient, nick: str, pw: str, again: str | None, says: str
) -> None:
    r = sign_up(web, nick, pw, again)
    assert r.status_code == 400 and says in r.text
    assert "<b>ola</b>" not in r.text  # the nickname typed is escaped
    with engine(web).connect() as c:
        assert c.execute(sa.text("SELECT count(*) FROM users")).scalar_one() == 0


@pytest.mark.parametrize("nick", ["Żółw_1", "ąę.x-y", "Grzegorz", "ŹDŹBŁO"])
def test_polish_letters_digits_and_marks_make_a_nickname(web: TestClient, nick: str) -> None:
    assert sign_up(web, nick).status_code == 303
    assert f'<a href="/konto">{nick}</a>' in web.get("/").text


@given(st.text(alphabet="aAąĄćĆęĘłŁńŃóÓśŚźŹżŻzZ", min_size=3, max_size=24))
def test_every_case_of_a_nickname_has_one_key(nick: str) -> None:
    assert nickname(nick) == nick
    assert nickname_key(nick.upper()) == nickname_key(nick.lower()) == nickname_key(nick)


@given(st.text(max_size=40))
def test_a_nickname_is_accepted_only_within_the_rules(text: str) -> None:
    try:
        nick = nickname(text)
    except AccountError as e:
        assert e.code in ("nickname_length", "nickname_characters")
        return
    assert 3 <= len(nick) <= 24 and nick[0].isalpha() and " " not in nick


# ---- CSRF ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/konto/logowanie", "/konto/rejestracja", "/konto/wyloguj"])
def test_an_account_form_without_its_csrf_token_is_refused(web: TestClient, path: str) -> None:
    web.get("/konto/logowanie")  # a session with a token exists
    data = {"nickname": "Ola", "password": PASSWORD, "password2": PASSWORD}
    assert web.post(path, data=data).status_code == 403
    r = web.post(path, data={**data, "csrf": "forged"})
    assert r.status_code == 403 and "Formularz wygasł" in r.text


def test_the_csrf_token_changes_at_log_in_and_log_out(web: TestClient) -> None:
    before = csrf(web, "/konto/rejestracja")
    sign_up(web, "Ola")
    after = csrf(web, "/konto")
    assert after != before
    # a form made before log-in (the lobby's, the log-out's) is no good after it
    r = web.post("/konto/wyloguj", data={"csrf": before})
    assert r.status_code == 403 and '<a href="/konto">Ola</a>' in web.get("/").text
    log_out(web)
    assert csrf(web, "/") != after


def test_a_form_too_long_is_refused_unread(web: TestClient) -> None:
    token = csrf(web, "/konto/logowanie")
    body = {"csrf": token, "nickname": "Ola", "password": "x" * 10_000_000}
    r = web.post("/konto/logowanie", data=body)
    assert r.status_code == 413 and "Formularz jest za długi." in r.text


# ---- rate limits -----------------------------------------------------------------------------


def test_log_in_is_limited_per_nickname(web: TestClient, clock: Clock) -> None:
    sign_up(web, "Ola")
    log_out(web)
    for _ in range(3):
        assert log_in(web, "Ola", "złe-hasło-123").status_code == 401
    r = log_in(web, "ola", PASSWORD)  # even the right password, in any case, waits
    assert r.status_code == 429 and "Za dużo prób: spróbuj znowu za 1 minutę." in r.text
    assert 0 < int(r.headers["Retry-After"]) <= 60
    assert log_in(web, "Ewa", PASSWORD).status_code == 401  # another nickname is not held
    clock.now += 61
    assert log_in(web, "Ola", PASSWORD).status_code == 303


def test_log_in_is_limited_per_client_address(web: TestClient, clock: Clock) -> None:
    sign_up(web, "Ola")  # one attempt of the address
    log_out(web)
    for n in range(7):
        assert log_in(web, f"Gość{n}", PASSWORD).status_code == 401
    r = log_in(web, "Ola", PASSWORD)
    assert r.status_code == 429 and "Za dużo prób" in r.text
    r = sign_up(TestClient(web.app), "Nowy")  # the same address: sign-ups wait too
    assert r.status_code == 429
    en = log_in(TestClient(web.app), "Ola", PASSWORD)
    assert en.status_code == 429
    web.cookies.set("lang", "en")
    assert "Too many attempts: try again in 1 minute." in log_in(web, "Ola").text
    clock.now += 61
    assert log_in(web, "Ola", PASSWORD).status_code == 303


@given(st.lists(st.floats(min_value=0, max_value=10), max_size=40))
def test_the_limiter_never_lets_more_than_its_limit_in_a_window(gaps: list[float]) -> None:
    now = [0.0]
    limiter = RateLimiter(3, 5.0, clock=lambda: now[0])
    let: list[float] = []
    for gap in gaps:
        now[0] += gap
        if limiter.wait("k") == 0.0:
            limiter.hit("k")
            let.append(now[0])
    for i, at in enumerate(let):
        assert sum(1 for other in let[i:] if other < at + 5.0) <= 3


# ---- my games ---------------------------------------------------------------------------------


def test_my_games_lists_what_the_account_played_and_takes_its_seat_anywhere(
    web: TestClient,
) -> None:
    sign_up(web, "Ola")
    game = new_game(web, opponent="static", name="Ola")
    guest = TestClient(web.app)
    other_game = new_game(guest)  # a guest's game is no one's
    page = web.get("/konto")
    assert f'href="/g/{game}"' in page.text and other_game not in page.text
    # a game in play says whose turn it is (issue 45)
    assert re.search(r"twój ruch|ruch przeciwnika", page.text)
    assert "PFS (zasady turniejowe)" in page.text
    # another browser, no seat cookie: logged in, the account plays its seat
    laptop = TestClient(web.app)
    log_in(laptop, "ola")
    with laptop.websocket_connect(f"/g/{game}/ws") as ws:
        assert receive_until(ws, "view")["view"]["seat"] == 0
    log_out(laptop)
    with laptop.websocket_connect(f"/g/{game}/ws") as ws:  # logged out: a spectator
        assert receive_until(ws, "view")["view"]["seat"] is None


def test_an_invitation_opened_while_logged_in_is_kept(web: TestClient) -> None:
    game = new_game(web, opponent="person")  # made by a guest
    friend = TestClient(web.app)
    sign_up(friend, "Ewa")
    form = friend.get(invitation(web, game))
    assert 'value="Ewa"' in form.text  # the account's nickname, offered as the name
    r = take_invitation(friend, invitation(web, game), "Ewa")
    assert r.status_code == 303
    assert f'href="/g/{game}"' in friend.get("/konto").text
    phone = TestClient(web.app)
    log_in(phone, "Ewa")
    with phone.websocket_connect(f"/g/{game}/ws") as ws:
        assert receive_until(ws, "view")["view"]["seat"] == 1


def test_a_finished_game_is_listed_with_its_record(web: TestClient) -> None:
    sign_up(web, "Ola")
    game = new_game(web, opponent="person")
    with web.websocket_connect(f"/g/{game}/ws") as ws:
        receive_until(ws, "view")
        ws.send_json({"kind": "resign"})
        assert receive_until(ws, "step")["step"]["action"]["kind"] == "resign"
    page = web.get("/konto")
    assert "zakończona" in page.text and f'href="/g/{game}/record.gcg"' in page.text


# ---- the WebSocket's 10 MB ----------------------------------------------------------------------


def test_a_10_mb_message_is_refused_in_process_and_changes_nothing(web: TestClient) -> None:
    game = new_game(web, opponent="person")
    with web.websocket_connect(f"/g/{game}/ws") as ws:
        receive_until(ws, "view")
        ws.send_text(json.dumps({"kind": "move", "text": "A" * 10_000_000}))
        assert receive_until(ws, "error")["code"] == "too_long"
    assert web.app.state.hub.games[game].table.steps == []  # type: ignore[attr-defined]


@pytest.fixture
def real_server(words: Lexicon) -> Iterator[tuple[str, Any]]:
    """The app on a real Uvicorn (in a thread), with ``plansza serve``'s message limit."""
    import uvicorn

    from plansza.server.app import WS_MAX_SIZE, create_app

    app = create_app(db="sqlite://", words=words, secret="test-secret")
    # the same protocol and limit as `plansza serve`
    config = uvicorn.Config(
        app, log_level="error", ws="websockets-sansio", ws_max_size=WS_MAX_SIZE, lifespan="on"
    )
    server = uvicorn.Server(config)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    assert server.started
    yield f"127.0.0.1:{port}", app
    server.should_exit = True
    thread.join(10)
    sock.close()


def test_a_10_mb_message_closes_the_real_server_s_socket_unread(
    real_server: tuple[str, Any],
) -> None:
    import httpx
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    address, app = real_server
    with httpx.Client(base_url=f"http://{address}") as http:
        token = re.search(r'name="csrf" value="([^"]+)"', http.get("/").text)
        assert token
        data = {"csrf": token.group(1), "opponent": "person", "rules": "pfs", "minutes": "15"}
        r = http.post("/games", data=data)
        game = r.headers["location"].rsplit("/", 1)[-1]
        seat = f"seat_{game}={http.cookies[f'seat_{game}']}"
    with connect(f"ws://{address}/g/{game}/ws", additional_headers={"Cookie": seat}) as ws:
        assert json.loads(ws.recv(timeout=5))["type"] == "view"
        with pytest.raises(ConnectionClosed) as closed:
            ws.send(json.dumps({"kind": "move", "text": "A" * 10_000_000}))
            ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # too big
    # the server lives on and the game is as it was
    with connect(f"ws://{address}/g/{game}/ws", additional_headers={"Cookie": seat}) as ws:
        assert json.loads(ws.recv(timeout=5))["view"]["n"] == 0
    assert app.state.hub.games[game].table.steps == []


# ---- the secret ---------------------------------------------------------------------------------


def test_the_session_secret_is_made_on_first_start_outside_the_repository(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from plansza.server.app import secret_key

    monkeypatch.delenv("PLANSZA_SECRET", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    first = secret_key()
    path = tmp_path / "plansza" / "server-secret"
    assert path.read_text().strip() == first and len(first) >= 32
    assert path.stat().st_mode & 0o777 == 0o600
    assert secret_key() == first  # kept


def test_a_hash_of_older_parameters_is_renewed_at_log_in(web: TestClient, clock: Clock) -> None:
    sign_up(web, "Ola")  # hashed cheaply (the fixture's parameters)
    log_out(web)
    web.app.state.accounts = Accounts(clock)  # type: ignore[attr-defined]
    query = sa.text("SELECT password_hash FROM users")
    with engine(web).connect() as c:
        assert "m=64," in c.execute(query).scalar_one()
    assert log_in(web, "Ola").status_code == 303
    with engine(web).connect() as c:
        assert "m=65536," in c.execute(query).scalar_one()  # argon2-cffi's default now


def test_games_played_as_a_guest_join_the_account_signed_up_for_later(web: TestClient) -> None:
    # the browser's seat cookies say which games it played: they are kept by the account
    game = new_game(web, opponent="static", name="Ala")
    assert "/konto/logowanie" in str(web.get("/konto").url)
    sign_up(web, "Ala")
    assert f'href="/g/{game}"' in web.get("/konto").text
    laptop = TestClient(web.app)
    log_in(laptop, "ala")
    with laptop.websocket_connect(f"/g/{game}/ws") as ws:
        assert receive_until(ws, "view")["view"]["seat"] == 0

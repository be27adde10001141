"""The referee's role: granted and revoked with ``plansza konto sedzia``, checked by the
word-check station's log (``/sprawdzanie/dziennik``), shown in the nav."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient
from typer.testing import CliRunner, Result

from plansza.cli.main import app as cli
from plansza.lexicon import Lexicon
from plansza.server.accounts import Accounts
from plansza.server.app import create_app
from plansza.server.store import HEAD, Store

PW = "tajne-haslo-1"
runner = CliRunner()


def plansza(*args: str, lang: str = "pl") -> Result:
    return runner.invoke(cli, ["--lang", lang, *args])


@pytest.fixture
def db(database_url: str) -> str:
    """The web app's database: each test runs on SQLite and on PostgreSQL."""
    return database_url


@pytest.fixture
def web(db: str, words: Lexicon) -> Iterator[TestClient]:
    with TestClient(create_app(db=db, words=words, secret="s")) as c:
        c.app.state.accounts = Accounts(cheap=True)  # type: ignore[attr-defined]
        yield c


def csrf(client: TestClient, path: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', client.get(path).text)
    assert m
    return m.group(1)


def sign_up(client: TestClient, nick: str) -> None:
    data = {"csrf": csrf(client, "/konto/rejestracja"), "nickname": nick, "password": PW}
    r = client.post("/konto/rejestracja", data=data | {"password2": PW}, follow_redirects=False)
    assert r.status_code == 303, r.text


def log_out(client: TestClient) -> None:
    r = client.post("/konto/wyloguj", data={"csrf": csrf(client, "/konto")}, follow_redirects=False)
    assert r.status_code == 303


def log_in(client: TestClient, nick: str) -> None:
    data = {"csrf": csrf(client, "/konto/logowanie"), "nickname": nick, "password": PW}
    r = client.post("/konto/logowanie", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text


def referees(db: str) -> list[str]:
    engine = sa.create_engine(db)
    with engine.connect() as c:
        rows = c.execute(sa.text("SELECT nickname FROM users WHERE referee ORDER BY nickname"))
        names = [r[0] for r in rows]
    engine.dispose()
    return names


# ---- the command -------------------------------------------------------------------------


def test_the_command_grants_and_revokes_the_role(web: TestClient, db: str) -> None:
    sign_up(web, "Łukasz")
    sign_up(TestClient(web.app), "Ola")
    assert referees(db) == []
    done = plansza("konto", "sedzia", "ŁUKASZ", "--db", db)  # any case: one account
    assert done.exit_code == 0, done.output
    assert "Łukasz" in done.output or "ŁUKASZ" in done.output
    assert referees(db) == ["Łukasz"]
    assert plansza("account", "referee", "ola", "--db", db, lang="en").exit_code == 0
    assert referees(db) == ["Ola", "Łukasz"]
    assert plansza("konto", "sedzia", "Łukasz", "--odbierz", "--db", db).exit_code == 0
    assert referees(db) == ["Ola"]
    done = plansza("account", "referee", "Ola", "--revoke", "--db", db, lang="en")
    assert done.exit_code == 0 and "no longer a referee" in done.output
    assert referees(db) == []


def test_granting_twice_or_revoking_a_non_referee_changes_nothing(web: TestClient, db: str) -> None:
    sign_up(web, "Ola")
    for _ in range(2):
        assert plansza("konto", "sedzia", "Ola", "--db", db).exit_code == 0
    assert referees(db) == ["Ola"]
    for _ in range(2):
        assert plansza("konto", "sedzia", "Ola", "--odbierz", "--db", db).exit_code == 0
    assert referees(db) == []


@pytest.mark.parametrize(
    ("lang", "says"),
    [("pl", "nie ma konta o nicku Nikt"), ("en", "no account with the nickname Nikt")],
)
def test_an_unknown_nickname_is_bad_input(web: TestClient, db: str, lang: str, says: str) -> None:
    sign_up(web, "Ola")
    done = plansza("konto", "sedzia", "Nikt", "--db", db, lang=lang)
    assert done.exit_code == 2 and says in done.output
    assert len(done.output.strip().splitlines()) == 1 and "Traceback" not in done.output
    assert referees(db) == []


def test_the_command_upgrades_an_older_database(tmp_path: Path) -> None:
    # a database made before the role (w0003) gets the column, every account not a referee
    from alembic import command
    from alembic.config import Config

    from plansza.server.store import MIGRATIONS

    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = sa.create_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "w0003")
        conn.execute(
            sa.text(
                "INSERT INTO users (nickname, nickname_key, password_hash, created) "
                "VALUES ('Ola', 'ola', 'x', 0)"
            )
        )
    engine.dispose()
    assert plansza("konto", "sedzia", "OLA", "--db", url).exit_code == 0
    assert referees(url) == ["Ola"]
    store = Store(url)
    try:
        with store.engine.connect() as c:
            version = c.execute(sa.text("SELECT version_num FROM plansza_web_version")).scalar()
    finally:
        store.close()  # a PostgreSQL pool's connections, closed (not left to the collector)
    assert version == HEAD == "w0008"  # the newest migration


# ---- the pages ---------------------------------------------------------------------------


def test_the_log_is_a_referees_only(web: TestClient, db: str) -> None:
    guest = web.get("/sprawdzanie/dziennik")
    assert guest.status_code == 403 and "sędzi" in guest.text  # asked to log in as one
    sign_up(web, "Ola")
    r = web.get("/sprawdzanie/dziennik")
    assert r.status_code == 403 and 'class="check"' not in r.text
    # granted while logged in: the next request sees it (the role is read each time)
    assert plansza("konto", "sedzia", "Ola", "--db", db).exit_code == 0
    assert web.get("/sprawdzanie/dziennik").status_code == 200
    assert web.get("/station/log").status_code == 200
    # revoked: gone at the next request, without logging out
    assert plansza("konto", "sedzia", "Ola", "--odbierz", "--db", db).exit_code == 0
    assert web.get("/sprawdzanie/dziennik").status_code == 403


def test_the_refusal_speaks_the_visitors_language(web: TestClient) -> None:
    r = web.get("/station/log?lang=en")
    assert r.status_code == 403 and "This page is for referees" in r.text
    sign_up(web, "Ola")
    r = web.get("/station/log")  # English remembered
    assert r.status_code == 403 and "plansza account referee" in r.text
    r = web.get("/sprawdzanie/dziennik?lang=pl")
    assert r.status_code == 403 and "tylko dla sędziów" in r.text and "konto sedzia" in r.text


def nav(html: str) -> Any:
    m = re.search(r'<nav class="account">(.*?)</nav>', html, re.S)
    assert m
    return m.group(1)


def test_the_nav_marks_a_referee(web: TestClient, db: str) -> None:
    sign_up(web, "Ola")
    assert "sędzia" not in nav(web.get("/").text)
    plansza("konto", "sedzia", "Ola", "--db", db)
    log_out(web)
    log_in(web, "Ola")  # the mark is set at log-in (and whenever a referee's page is opened)
    assert '<span class="role">sędzia</span>' in nav(web.get("/").text)
    assert '<span class="role">referee</span>' in nav(web.get("/?lang=en").text)
    plansza("konto", "sedzia", "Ola", "--odbierz", "--db", db)
    assert web.get("/sprawdzanie/dziennik").status_code == 403  # rechecked: the mark goes
    assert "role" not in nav(web.get("/").text)
    log_out(web)
    assert "role" not in nav(web.get("/").text)

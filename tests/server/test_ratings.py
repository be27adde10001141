"""Rated online games (issue 45, item 1): who may play one, when it counts, the
ratings changed in the game's end transaction, and the profile that shows them.

The cheats tried: a guest taking a rated seat, one account on both seats, a game
given up before two moves (aborted: never rated), the end step written twice
(a cluster's takeover: rated once), a casual game's "rated" forged in its form.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.server.store import Store, rated_games, ratings
from plansza.services.live import Accept, MoveAction, Resign
from plansza.services.ratings import COMPUTER

from .conftest import Clock, invitation, new_game, take_invitation
from .test_accounts import sign_up


@pytest.fixture
def client(words: Lexicon, clock: Clock, database_url: str) -> Iterator[TestClient]:
    """The app on a fresh database: SQLite and PostgreSQL."""
    from plansza.server.accounts import Accounts
    from plansza.server.app import create_app

    app = create_app(db=database_url, words=words, secret="test-secret", clock=clock)
    with TestClient(app) as c:
        app.state.accounts = Accounts(clock, cheap=True)
        yield c


def store_of(client: TestClient) -> Store:
    store: Store = client.app.state.hub.store  # type: ignore[attr-defined]
    return store


def live_of(client: TestClient, game: str) -> Any:
    return client.app.state.hub.games[game]  # type: ignore[attr-defined]


def act(client: TestClient, game: str, seat: int, action: Any) -> None:
    live = live_of(client, game)
    client.portal.call(live.act, seat, action)  # type: ignore[union-attr]


def two_players(client: TestClient, **form: str) -> tuple[str, TestClient]:
    """Ala (``client``) invites Ola (a second browser), both logged in; a rated game
    unless the form says otherwise; both seated."""
    assert sign_up(client, "Ala").status_code == 303
    friend = TestClient(client.app)
    assert sign_up(friend, "Ola").status_code == 303
    game = new_game(client, **({"opponent": "person", "rated": "1"} | form))
    r = take_invitation(friend, invitation(client, game), "Ola")
    assert r.status_code == 303 and r.headers["location"] == f"/g/{game}", r.text
    return game, friend


def two_passes_and_resign(client: TestClient, game: str, loser: int) -> None:
    g = live_of(client, game).table.game
    for _ in range(2):
        act(client, game, g.to_move, MoveAction("pauza"))
    act(client, game, loser, Resign())


def rows(client: TestClient, table: sa.Table) -> list[Any]:
    with store_of(client).engine.connect() as c:
        return list(c.execute(sa.select(table)).all())


def test_a_rated_game_moves_both_ratings_once_in_its_end(client: TestClient) -> None:
    game, _ = two_players(client)
    assert live_of(client, game).setup.rated
    assert rows(client, ratings) == []
    two_passes_and_resign(client, game, loser=1)
    found = {r.account: r for r in rows(client, ratings)}
    assert len(found) == 2
    ala, ola = (store_of(client).users.get(k)[0] for k in ("ala", "ola"))  # type: ignore[index]
    assert found[ala].rating > 1500 > found[ola].rating  # the winner up, the loser down
    assert found[ala].games == found[ola].games == 1
    # the game's page learns the change: seat 0 won
    change = client.get(f"/g/{game}/rating").json()
    assert change["0"][0] == change["1"][0] == 1500.0
    assert change["0"][1] > 1500.0 > change["1"][1]
    # the end written again (a takeover replaying it) rates nothing twice
    live = live_of(client, game)
    from plansza.services.ratings import outcome_of

    end = live.table.steps[-1]
    with store_of(client)._begin() as c:
        from plansza.server.store import _rate

        _rate(c, game, outcome_of(live.table), (0, 0), end.at)  # type: ignore[arg-type]
    assert len(rows(client, rated_games)) == 2
    assert {r.account: r.games for r in rows(client, ratings)} == {ala: 1, ola: 1}


def test_an_aborted_game_is_not_rated(client: TestClient) -> None:
    game, _ = two_players(client)
    g = live_of(client, game).table.game
    act(client, game, g.to_move, MoveAction("pauza"))  # one move only
    act(client, game, 0, Resign())
    assert live_of(client, game).table.over
    assert rows(client, ratings) == [] and rows(client, rated_games) == []
    assert client.get(f"/g/{game}/rating").json() == {}


def test_a_casual_game_is_not_rated(client: TestClient) -> None:
    game, _ = two_players(client, rated="")
    assert not live_of(client, game).setup.rated
    two_passes_and_resign(client, game, loser=0)
    assert rows(client, ratings) == []
    assert "Casual (not rated)" in client.get(f"/g/{game}?lang=en").text


def test_a_guest_may_not_take_a_rated_seat(client: TestClient) -> None:
    assert sign_up(client, "Ala").status_code == 303
    game = new_game(client, opponent="person", rated="1")
    guest = TestClient(client.app)
    link = invitation(client, game)
    assert "A rated game" in guest.get(f"{link}?lang=en").text
    r = take_invitation(guest, link, "Gość")
    assert r.status_code == 403
    assert live_of(client, game).table.open_seat() == 1  # still open


def test_one_account_may_not_take_both_seats(client: TestClient) -> None:
    assert sign_up(client, "Ala").status_code == 303
    game = new_game(client, opponent="seek", rated="1")
    # the same account in another browser: logged in, no seat cookie
    other = TestClient(client.app)
    from .test_accounts import log_in

    assert log_in(other, "Ala").status_code == 303
    r = take_invitation_like_a_seek(other, game)
    assert r.status_code in (303, 403)
    assert live_of(client, game).table.open_seat() == 1


def take_invitation_like_a_seek(client: TestClient, game: str) -> Any:
    page = client.get("/")
    m = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert m
    return client.post(
        f"/seeks/{game}", data={"csrf": m.group(1), "name": "Ala"}, follow_redirects=False
    )


def test_a_guest_cannot_make_a_rated_game_nor_one_without_a_clock(client: TestClient) -> None:
    page = client.get("/?lang=en")
    assert 'name="rated"' not in page.text and "to play rated games" in page.text
    m = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert m
    form = {"csrf": m.group(1), "opponent": "static", "rules": "pfs", "minutes": "15"}
    assert client.post("/games", data=form | {"rated": "1"}).status_code == 403
    assert sign_up(client, "Ala").status_code == 303
    m = re.search(r'name="csrf" value="([^"]+)"', client.get("/").text)
    assert m
    form["csrf"] = m.group(1)
    r = client.post("/games", data=form | {"rated": "1", "minutes": "0"})
    assert r.status_code == 400


def test_the_computer_keeps_its_fixed_rating(client: TestClient) -> None:
    assert sign_up(client, "Ala").status_code == 303
    game = new_game(client, opponent="greedy", rated="1")
    live = live_of(client, game)
    table = live.table
    # the person passes until two turns are taken, then resigns
    for _ in range(6):
        if len(table.game.history) >= 2:
            break
        if table.game.pending is not None and table.game.pending.player == 1:
            act(client, game, 0, Accept())
        elif table.game.to_move == 0:
            act(client, game, 0, MoveAction("pauza"))
        else:
            client.portal.call(live._computer_acts)  # type: ignore[union-attr]
        table = live_of(client, game).table
    act(client, game, 0, Resign())
    (row,) = rows(client, rated_games)
    assert row.opponent is None and row.opponent_rating == COMPUTER["greedy"].rating
    assert row.after < 1500  # lost to the computer
    assert len(rows(client, ratings)) == 1  # no row for the computer


def test_the_profile_shows_the_rating_its_chart_and_the_games(client: TestClient) -> None:
    game, friend = two_players(client)
    two_passes_and_resign(client, game, loser=1)
    page = friend.get("/profil/ala?lang=en")
    assert page.status_code == 200
    text = page.text
    assert re.search(r"<b>1[5-9]\d\d\?</b>", text)  # provisional: one game
    assert "<polyline" in text and 'role="img"' in text
    assert f'href="/g/{game}/analysis"' in text
    assert "PFS rules, rapid (7–15 min)" in text
    # filters: the losses of Ala are none, her wins one
    assert "No rated game matches." in friend.get("/profil/ala?wynik=przegrane&lang=en").text
    assert f"/g/{game}" in friend.get("/profil/ALA?wynik=wygrane").text
    assert friend.get("/profil/nikt").status_code == 404
    # a name cannot break the page: the opponent filter is escaped text
    hostile = friend.get('/profil/ala?przeciwnik="><script>alert(1)</script>').text
    assert "<script>alert(1)" not in hostile


def test_the_profile_estimates_the_pfs_ranking_from_games_against_ranked_players(
    words: Lexicon, clock: Clock, tmp_path: Any
) -> None:
    """RR §1, §2.2 and §2.4 on online games: Ala (on the list as "Hela Żółw", 113)
    beats Ola, who gave the name "Dora Ćma" (94 on the list, so 100: RR §2.2): a scalp
    of 150, padded with 29 scalps of 100 to 30 games — (150 + 2900) / 30 = 101.67 →
    102. A name nobody listed counts nothing; a server without a ranking shows none."""
    from tests.server.test_ranking_pages import history_games, write_history

    from plansza.server.accounts import Accounts
    from plansza.server.app import create_app

    path = tmp_path / "history.csv"
    write_history(path, history_games())
    app = create_app(
        db="sqlite://", words=words, secret="test-secret", clock=clock, ranking=str(path)
    )
    with TestClient(app) as c:
        app.state.accounts = Accounts(clock, cheap=True)
        clock.now = 1.8e9  # the games are recent: inside the two years (RR §1)
        game, friend = two_players(c)

        def say_name(who: TestClient, name: str) -> None:
            token = re.search(r'name="csrf" value="([^"]+)"', who.get("/konto").text)
            assert token
            r = who.post("/konto/pfs", data={"csrf": token.group(1), "pfs": name},
                         follow_redirects=False)  # fmt: skip
            assert r.status_code == 303

        assert "Estimated PFS ranking" not in c.get("/profil/ala?lang=en").text
        say_name(c, "  Hela   Żółw ")
        say_name(friend, "Dora Ćma")
        two_passes_and_resign(c, game, loser=1)  # Ala wins
        page = c.get("/profil/ala?lang=en").text
        assert "Estimated PFS ranking" in page
        assert "<b>102</b>" in page, re.findall(r"estimate.{0,200}", page)
        assert "padded to 30 games" in page
        # Ola's: a loss to Hela (113): 63 + 2900 = 2963 / 30 = 98.77 → 99
        assert "<b>99</b>" in c.get("/profil/ola?lang=en").text
        # a name the list does not have: no game counts
        say_name(friend, "Nikt Nieznany")
        assert "Estimated PFS ranking" not in c.get("/profil/ala?lang=en").text

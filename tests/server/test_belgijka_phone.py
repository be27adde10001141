"""Belgijka live: the players' phones (``/belgijka/gracz``, ``/belgijka/g/{code}``).

A player joins with the code the referee gave, sees the board and the shared rack,
and sends a card stamped with the server's time; after the deadline it is refused
(II.3, II.5), the last card sent in time counts (II.5), the check is shown only after
the move is closed (II.9), and no page shows another player's card."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient
from tests.server.conftest import Clock

from plansza.lexicon import Lexicon
from plansza.server.app import create_app
from plansza.server.belgijka_phone import WRONG_CODES, parse_score
from plansza.services.belgijka import Hall


@pytest.fixture(scope="module")
def big() -> Lexicon:
    """The SJP.PL list: every rack drawn has plays."""
    return Lexicon.default(progress=False)


@pytest.fixture
def hall_app(tmp_path: Path, big: Lexicon, clock: Clock) -> Iterator[tuple[TestClient, Hall]]:
    """Three players, game 1, move 1 drawn and its two minutes started."""
    app = create_app(
        db="sqlite://", words=big, secret="test-secret", clock=clock,
        belgijka=str(tmp_path / "b.json"),
    )  # fmt: skip
    hall: Hall = app.state.belgijka
    hall.create("Mistrzostwa", seed="phone")
    for name in ("Anna", "Bartek", "<b>Celina</b>"):
        hall.register(name)
    hall.start_game()
    hall.draw()
    hall.start_clock(120)
    with TestClient(app) as c:
        yield c, hall


def code_of(hall: Hall, table: int) -> str:
    return next(code for n, _name, code in hall.codes() if n == table)


def top(hall: Hall) -> tuple[str, int]:
    def look(ch: object) -> tuple[str, int]:
        c = ch.game.open_move.candidates[0]  # type: ignore[attr-defined]
        return c.move, c.score

    return hall.read(look)


def token(page: str) -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', page)
    assert m, page
    return m.group(1)


def send(c: TestClient, code: str, move: str, score: str, blanks: str = "", **q: str) -> object:
    page = c.get(f"/belgijka/g/{code}")
    data = {"csrf": token(page.text), "move": move, "score": score, "blanks": blanks}
    return c.post(f"/belgijka/g/{code}", data=data, params=q)


def test_the_code_typed_in_any_case_and_spaces_opens_the_players_page(
    hall_app: tuple[TestClient, Hall],
) -> None:
    c, hall = hall_app
    assert 'name="kod"' in c.get("/belgijka/gracz").text
    code = code_of(hall, 2)
    typed = " ".join(code.lower()[i : i + 2] for i in range(0, 6, 2))
    r = c.get("/belgijka/gracz", params={"kod": typed}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == f"/belgijka/g/{code}"
    page = c.get(r.headers["location"])
    assert page.status_code == 200
    assert "Bartek" in page.text and "stolik 2" in page.text
    rack = hall.read(lambda ch: ch.game.open_move.rack)  # type: ignore[union-attr]
    shown = re.findall(r'<div class="rack".*?</div>', page.text, re.S)[0]
    assert "".join(re.findall(r'class="tile[^"]*">(.)<', shown)) == rack
    assert page.text.count('class="sq') == 225 and 'data-sq="H8"' in page.text
    assert 'id="countdown"' in page.text and "2:00" in page.text  # II.3: two minutes


def test_wrong_codes_from_one_address_must_wait(hall_app: tuple[TestClient, Hall]) -> None:
    c, hall = hall_app
    r = c.get("/belgijka/g/ZZZZZZ")
    assert r.status_code == 404 and "ZZZZZZ" in r.text
    for _ in range(WRONG_CODES):
        c.get("/belgijka/g/ZZZZZZ")
    r = c.get(f"/belgijka/g/{code_of(hall, 1)}")  # even a right code waits now
    assert r.status_code == 429


def test_a_card_in_time_is_stamped_and_the_last_counts(
    hall_app: tuple[TestClient, Hall], clock: Clock
) -> None:
    c, hall = hall_app
    move, score = top(hall)
    code = code_of(hall, 1)
    clock.now += 30.25
    r = send(c, code, "H8 XYZ", "3")
    assert r.status_code == 200, r.text  # type: ignore[attr-defined]
    assert "Karta przyjęta o" in r.text  # type: ignore[attr-defined]
    clock.now += 60
    r = send(c, code, move, str(score), lang="en")  # II.5: changed until the time is up
    text = html.unescape(r.text)  # type: ignore[attr-defined]
    assert "Card received at" in text and move in text and f"{score} points" in text
    sent = hall.sent_by(1)
    assert sent is not None and sent.text == move and sent.at == clock.now and sent.by == "phone"
    clock.now += 30  # exactly at the deadline: the close may come
    hall.close()
    page = html.unescape(c.get(f"/belgijka/g/{code}", params={"lang": "en"}).text)
    assert f"Move 1: you score {score}." in page  # the last card counted, not "H8 XYZ"


def test_a_card_after_the_deadline_is_refused_and_says_why(
    hall_app: tuple[TestClient, Hall], clock: Clock
) -> None:
    # II.3, II.5: after the time is up no card is taken
    c, hall = hall_app
    move, score = top(hall)
    code = code_of(hall, 3)
    page = c.get(f"/belgijka/g/{code}")
    clock.now += 122.5
    r = c.post(
        f"/belgijka/g/{code}",
        data={"csrf": token(page.text), "move": move, "score": str(score), "blanks": ""},
    )
    assert r.status_code == 409
    assert "Karta przyszła 2.5 s po upływie czasu ruchu" in html.unescape(r.text)
    assert move in r.text  # the form keeps what was typed
    assert hall.sent_by(3) is None
    r = send(c, code, move, str(score), lang="en")
    assert "the move&#39;s time was up" in r.text  # type: ignore[attr-defined]


def test_the_check_is_shown_only_after_the_close(
    hall_app: tuple[TestClient, Hall], clock: Clock
) -> None:
    # II.9: the cards are checked after the move; a wrong score scores 0
    c, hall = hall_app
    move, score = top(hall)
    code = code_of(hall, 2)
    r = send(c, code, move, str(score + 1), lang="en")
    assert "declared" not in r.text  # type: ignore[attr-defined]
    clock.now += 121
    page = c.get(f"/belgijka/g/{code}", params={"lang": "en"}).text
    assert "The time is up" in page and "declared" not in page
    hall.close()
    page = html.unescape(c.get(f"/belgijka/g/{code}", params={"lang": "en"}).text)
    assert "Move 1: you score 0." in page
    assert f"declared {score + 1}, the move is worth {score} (II.8, II.9) — 0 points" in page
    assert f"The top move: {move}, {score} points." in page


def test_no_page_shows_another_players_card(
    hall_app: tuple[TestClient, Hall], clock: Clock
) -> None:
    c, hall = hall_app
    move, score = top(hall)
    send(c, code_of(hall, 2), "O1 SEKRETNE", "77")
    send(c, code_of(hall, 1), move, str(score))
    mine = c.get(f"/belgijka/g/{code_of(hall, 1)}").text
    assert move in mine and "SEKRETNE" not in mine and "77" not in mine
    assert "SEKRETNE" not in c.get(f"/belgijka/g/{code_of(hall, 3)}").text
    clock.now += 121
    hall.close()
    for table in (1, 3):
        assert "SEKRETNE" not in c.get(f"/belgijka/g/{code_of(hall, table)}").text


def test_user_text_is_escaped(hall_app: tuple[TestClient, Hall]) -> None:
    c, hall = hall_app
    page = c.get(f"/belgijka/g/{code_of(hall, 3)}").text
    assert "<b>Celina</b>" not in page and "&lt;b&gt;Celina&lt;/b&gt;" in page
    r = send(c, code_of(hall, 3), "H8 <i>KOT</i>", "5", "<s>")
    assert "<i>KOT" not in r.text and "&lt;i&gt;KOT" in r.text  # type: ignore[attr-defined]
    assert "<s>" not in r.text  # type: ignore[attr-defined]


def test_a_form_without_its_token_or_with_a_bad_score_is_refused(
    hall_app: tuple[TestClient, Hall],
) -> None:
    c, hall = hall_app
    code = code_of(hall, 1)
    r = c.post(f"/belgijka/g/{code}", data={"csrf": "x", "move": "H8 KOT", "score": "5"})
    assert r.status_code == 403 and hall.sent_by(1) is None
    r = send(c, code, "H8 KOT", "pięć")
    assert r.status_code == 400  # type: ignore[attr-defined]
    assert "wynik to liczba całkowita punktów" in html.unescape(r.text).lower()  # type: ignore[attr-defined]
    assert hall.sent_by(1) is None


def test_a_card_before_the_clock_is_refused(tmp_path: Path, big: Lexicon, clock: Clock) -> None:
    # II.3: the move's time starts at the referee's signal
    app = create_app(db="sqlite://", words=big, secret="s", clock=clock,
                     belgijka=str(tmp_path / "b.json"))  # fmt: skip
    hall: Hall = app.state.belgijka
    hall.create("M", seed="phone")
    hall.register("Anna")
    hall.start_game()
    hall.draw()
    with TestClient(app) as c:
        page = c.get(f"/belgijka/g/{code_of(hall, 1)}", params={"lang": "en"}).text
        assert "the time starts at the referee" in html.unescape(page)
        r = send(c, code_of(hall, 1), "H8 KOT", "5", lang="en")
        assert r.status_code == 409  # type: ignore[attr-defined]
        assert "has not started yet" in html.unescape(r.text)  # type: ignore[attr-defined]


def test_a_server_without_belgijka_says_so(client: TestClient) -> None:
    assert client.get("/belgijka/gracz").status_code == 404
    assert client.get("/belgijka/g/ABCDEF").status_code == 404


@settings(max_examples=50, deadline=None)
@given(st.text(max_size=8))
def test_a_score_is_digits_or_nothing(typed: str) -> None:
    from plansza.errors import PlanszaError

    try:
        got = parse_score(typed)
    except PlanszaError:
        t = typed.strip()
        assert t and not (t.isascii() and t.isdigit() and len(t) <= 4)
    else:
        assert got is None if not typed.strip() else got == int(typed.strip())


def test_a_belgijka_hall_is_not_offered_to_several_processes(tmp_path: Path) -> None:
    # the hall's clock and cards live in one process: --redis would split them
    from typer.testing import CliRunner

    from plansza.cli.main import app as cli

    path = str(tmp_path / "hala.belgijka.sqlite")
    res = CliRunner().invoke(cli, ["serve", "--belgijka", path, "--redis", "redis://localhost:1/0"])
    assert res.exit_code == 2, res.output
    assert "--belgijka" in res.output and "--redis" in res.output and "Traceback" not in res.output

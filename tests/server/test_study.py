"""The study pages in-process: the word check, anagrams, a game analysed move by move.

The app's lexicon is the small ``words`` fixture (tests/server/conftest.py): KOT, KOTY,
KOTA, KAT, KASA, TO, OK, … — so the engine's best moves are few and known.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from plansza.lexicon import Lexicon
from plansza.server.study import RateLimit
from plansza.services.study import MAX_RECORD, check_words

from .conftest import WORDS, Clock, new_game, person_passes_once

GCG = """#character-encoding UTF-8
#player1 ala Ala
#player2 ola Ola
>ala: KOTYAAE 8H KOT +10 10
>ola: EEIIUUA -EEIIUU +0 0
>ala: AAEYŁŻŹ -ŁŻŹ +0 10
"""


def verdicts(html: str) -> list[str]:
    return re.findall(r'class="verdict (\w+)"', html)


def csrf_of(client: TestClient, path: str = "/analiza") -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', client.get(path).text)
    assert m
    return m.group(1)


def upload(client: TestClient, text: str, **extra: Any) -> Any:
    data = {"csrf": csrf_of(client), "rules": "pfs"}
    data.update(extra)
    return client.post("/analiza", data=data, files={"gcg": ("gra.gcg", text.encode())})


# ---- the word check --------------------------------------------------------------------


def test_the_word_check_gives_one_joint_verdict(client: TestClient) -> None:
    # TR 4.7.11: the verdict is for the whole set of words, never for one of them.
    ok = client.get("/slowa", params={"words": "kot kota, to"})
    assert ok.status_code == 200 and verdicts(ok.text) == ["valid"]
    assert "DOPUSZCZALNE" in ok.text and "KOT KOTA TO" in ok.text
    bad = client.get("/slowa", params={"words": "KOT XYZ TO"})
    assert verdicts(bad.text) == ["invalid"] and "NIEDOPUSZCZALNE" in bad.text
    # The same verdict whichever word fails and wherever it stands: no word singled out.
    other = client.get("/slowa", params={"words": "XYZ TO KOT"})
    strip = re.compile(r"KOT XYZ TO|XYZ TO KOT")
    assert strip.sub("", bad.text) == strip.sub("", other.text)


def test_the_word_page_is_english_on_request(client: TestClient) -> None:
    page = client.get("/words", params={"lang": "en", "words": "KOT XYZ"})
    assert '<html lang="en">' in page.text and "Word check" in page.text
    assert "NOT VALID" in page.text and "TR 4.7.11" in page.text


@given(st.lists(st.sampled_from([*WORDS, "XYZ", "KOTT", "ŻÓŁW"]), min_size=1, max_size=8))
@settings(max_examples=60, deadline=None)
def test_the_joint_verdict_is_valid_exactly_when_every_word_is(words_: list[str]) -> None:
    # TR 4.7.11: valid only when every word of the set is in the lexicon.
    lex = _lexicon()
    assert check_words(" ".join(words_), lex).valid == all(w in WORDS for w in words_)


_LEX: list[Lexicon] = []


def _lexicon() -> Lexicon:
    from plansza.rules import Rules

    if not _LEX:
        _LEX.append(Lexicon.build(WORDS, Rules.pfs().tileset, name="test-web"))
    return _LEX[0]


@pytest.mark.parametrize(
    ("words", "message"),
    [(" , ", "podaj co najmniej jedno słowo"), (" ".join(["KOT"] * 21), "najwyżej 20 słów")],
)
def test_a_word_check_without_words_or_with_too_many_is_named(
    client: TestClient, words: str, message: str
) -> None:
    r = client.get("/slowa", params={"words": words})
    assert r.status_code == 400 and message in r.text and verdicts(r.text) == []


def test_the_word_check_is_rate_limited_per_client(client: TestClient, clock: Clock) -> None:
    client.app.state.word_check_limit = RateLimit(2, 60.0, clock)  # type: ignore[attr-defined]
    for _ in range(2):
        assert client.get("/slowa", params={"words": "KOT"}).status_code == 200
    refused = client.get("/slowa", params={"words": "KOT"})
    assert refused.status_code == 429 and verdicts(refused.text) == []
    assert "Za dużo sprawdzeń słów" in refused.text
    # htmx swaps only a success: it gets 200 and the same message.
    hx = client.get("/slowa", params={"words": "KOT"}, headers={"HX-Request": "true"})
    assert hx.status_code == 200 and "Za dużo sprawdzeń słów" in hx.text
    # Anagrams are not counted; the bucket refills with time.
    assert client.get("/slowa", params={"rack": "KOT"}).status_code == 200
    clock.now += 30.0
    assert verdicts(client.get("/slowa", params={"words": "KOT"}).text) == ["valid"]


def test_the_bucket_refills_to_its_capacity_and_no_more() -> None:
    now = [0.0]
    limit = RateLimit(3, 60.0, lambda: now[0])
    assert [limit.allow("x") for _ in range(4)] == [True, True, True, False]
    now[0] = 1000.0
    assert [limit.allow("x") for _ in range(4)] == [True, True, True, False]
    assert limit.allow("y")  # another client has its own bucket


# ---- anagrams and patterns ----------------------------------------------------------------


def found(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li>(.*?)</li>", html)]


def test_anagrams_of_a_rack_with_a_blank(client: TestClient) -> None:
    r = client.get("/slowa", params={"rack": "TOK?"})
    assert r.status_code == 200
    assert sorted(found(r.text)) == ["KOTa", "KOTy"]
    assert '<span class="blank">y</span>' in r.text  # a blank's letter in lower case
    some = client.get("/slowa", params={"rack": "TOK", "partial": "1"})
    assert sorted(found(some.text)) == ["KOT", "OK", "TO"]
    assert found(some.text)[0] == "KOT"  # the longest first


def test_words_matching_a_pattern(client: TestClient) -> None:
    assert sorted(found(client.get("/slowa", params={"pattern": "K?T"}).text)) == ["KAT", "KOT"]
    assert found(client.get("/slowa", params={"pattern": "*SA"}).text) == ["KASA"]
    both = client.get("/slowa", params={"pattern": "KO*", "rack": "KOTYA", "partial": "1"})
    assert found(client.get("/slowa", params={"pattern": "KO*", "rack": "KOTYA"}).text) == []
    assert sorted(found(both.text)) == ["KOT", "KOTA", "KOTY"]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"rack": "", "pattern": ""}, "podaj stojak albo wzorzec"),
        ({"rack": "K1T"}, "&#39;1&#39; nie jest literą"),
        ({"pattern": "?" * 21}, "dłuższy niż 20 znaków"),
    ],
)
def test_a_bad_search_is_named(client: TestClient, params: dict[str, str], message: str) -> None:
    r = client.get("/slowa", params=params)
    assert r.status_code == 400 and message in r.text and 'role="alert"' in r.text


def test_user_input_is_escaped(client: TestClient) -> None:
    r = client.get("/slowa", params={"words": "<script>alert(1)</script>"})
    assert verdicts(r.text) == ["invalid"] and "<script>alert(1)" not in r.text
    assert "&lt;SCRIPT&gt;" in r.text
    r = client.get("/slowa", params={"rack": "<b>x"})
    assert r.status_code == 400 and "<b>x" not in r.text
    named = GCG.replace("#player1 ala Ala", "#player1 ala <script>alert(1)</script>")
    page = upload(client, named)
    assert page.status_code == 200 and "<script>alert(1)" not in page.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text


# ---- the analysis ---------------------------------------------------------------------------


def test_a_record_is_stepped_through_with_the_engines_best_move(client: TestClient) -> None:
    r = upload(client, GCG)
    assert r.status_code == 200 and re.search(r"/analiza/[0-9a-f]+$", str(r.url))
    assert "ruch 1 z 3" in r.text
    step = r.text[r.text.index('<div id="step"') : r.text.index("</dl>")]
    assert "H8 KOT (10)" in step and re.search(r"<dd>\w+ KOTY \(1\d\)", step)  # the best
    lost = re.search(r'class="lost">(\d+\.\d)<', step)  # the equity lost
    assert lost and float(lost.group(1)) > 0
    # The board after the move: KOT on H8–H10, its tiles marked as the move's.
    assert len(re.findall(r'class="tile last">[KOT]<', step)) == 3
    second = client.get(f"{r.url.path}?move=2")
    step = second.text[second.text.index('<div id="step"') : second.text.index("</dl>")]
    assert "ruch 2 z 3" in step and 'rel="prev"' in step and 'rel="next"' in step
    assert "-EEIIUU" in step and 'class="tile last"' not in step
    # A summary per player.
    summary = second.text[second.text.index('class="summary"') :]
    assert re.search(r"<td>Ala</td><td>2</td>", summary)
    assert re.search(r"<td>Ola</td><td>1</td>", summary)
    # Out of range: the nearest move; htmx gets the same page (it selects #step).
    assert "ruch 3 z 3" in client.get(f"{r.url.path}?move=99").text
    assert "ruch 1 z 3" in client.get(f"{r.url.path}?move=abc").text


def test_the_analysis_is_english_on_request(client: TestClient) -> None:
    r = upload(client, GCG)
    page = client.get(f"{r.url.path}?lang=en&move=1")
    assert "move 1 of 3" in page.text and "Summary" in page.text


def test_a_bad_record_is_named_with_its_line(client: TestClient) -> None:
    bad = GCG.replace(">ola: EEIIUUA -EEIIUU +0 0", "this is not GCG")
    r = upload(client, bad)
    assert r.status_code == 400
    assert "1 błąd w zapisie" in r.text and "gra.gcg:5:" in r.text


def test_an_unplaceable_play_is_named(client: TestClient) -> None:
    bad = GCG.replace(">ola: EEIIUUA -EEIIUU +0 0", ">ola: KOTEIUA 8H KOT +10 10")
    r = upload(client, bad)
    assert r.status_code == 400 and "gra.gcg:5:" in r.text


def test_a_record_too_large_or_missing_or_forged_is_refused(client: TestClient) -> None:
    big = GCG + "#note " + "x" * MAX_RECORD + "\n"
    r = upload(client, big)
    assert r.status_code == 413 and "64 kB" in r.text
    r = client.post("/analiza", data={"csrf": csrf_of(client), "rules": "pfs", "text": " "})
    assert r.status_code == 400 and "Wybierz plik GCG" in r.text
    r = client.post("/analiza", data={"csrf": "forged", "rules": "pfs", "text": GCG})
    assert r.status_code == 403
    r = upload(client, GCG, rules="chess")
    assert r.status_code == 400
    data = {"csrf": csrf_of(client), "rules": "pfs"}
    r = client.post("/analiza", data=data, files={"gcg": ("zły.gcg", b"\xff\xfe#player1")})
    assert r.status_code == 400 and "zły.gcg" in r.text


def test_a_forgotten_analysis_asks_for_the_record_again(client: TestClient) -> None:
    r = client.get("/analiza/0123456789abcdef01234567")
    assert r.status_code == 404 and 'name="gcg"' in r.text


def test_a_finished_live_game_is_analysed_and_an_unfinished_one_is_not(
    client: TestClient,
) -> None:
    game = new_game(client)
    r = client.get(f"/g/{game}/analysis")
    assert r.status_code == 409 and "nie jest jeszcze skończona" in r.text
    with client.websocket_connect(f"/g/{game}/ws") as ws:
        person_passes_once(ws, _until(ws, "view")["view"])  # a record with a move
        ws.send_json({"kind": "resign"})  # at any moment, whoever is to move
        while not any(e["event"] == "ended" for e in _until(ws, "step")["step"]["events"]):
            pass
    r = client.get(f"/g/{game}/analysis")
    assert r.status_code == 200 and 'class="summary"' in r.text, r.text[-3000:]
    assert f'href="/g/{game}"' in r.text
    assert client.get("/g/no-such-game/analysis").status_code == 404


def _until(ws: Any, kind: str) -> dict[str, Any]:
    for _ in range(20):
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == kind:
            return msg
    raise AssertionError(kind)


def test_the_nav_links_the_study_pages(client: TestClient) -> None:
    page = client.get("/")
    assert 'href="/slowa"' in page.text and 'href="/analiza"' in page.text

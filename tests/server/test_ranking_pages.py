"""The ranking pages (``plansza serve --ranking FILE``): the list, a player's
explanation, the search, escaping, errors — in-process."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from urllib.parse import quote

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from plansza.lexicon import Lexicon
from plansza.ranking import Game, write_games_csv
from plansza.services.ranking import Computed

EVIL = "<script>alert(1)</script>"


def results(day: date, tournament: str, player: str, opponent: str, wins: int = 0,
            losses: int = 0) -> list[Game]:  # fmt: skip
    """``player``'s wins and losses against ``opponent`` (as tests/ranking/builders.py)."""
    games = [Game(day, tournament, player, opponent, 400, 300) for _ in range(wins)]
    return games + [Game(day, tournament, player, opponent, 300, 400) for _ in range(losses)]


def history_games() -> list[Game]:
    """Hela 20–12 against Dora (RR §1: scalps 150/50 against a debutant's 100): Hela
    112.5 (→ 113), Dora 87.5 (→ 88), both listed with 32 games; the script-named
    player 15–15 against Dora in a tournament with markup in its name; Ula one game
    against another debutant."""
    games = results(date(2024, 5, 11), "Puchar Łodzi", "Hela Żółw", "Dora Ćma", wins=20, losses=12)
    games += results(date(2024, 6, 1), "Turniej <b>Nocny</b>", EVIL, "Dora Ćma", wins=15, losses=15)
    games += results(date(2024, 7, 6), "Turniej Letni", "Ula Łoś", "Ola Nowa", wins=1)
    return games


def write_history(path: Path, games: list[Game]) -> None:
    out = io.StringIO()
    write_games_csv(games, out)
    path.write_text(out.getvalue(), encoding="utf-8")


@pytest.fixture
def history(tmp_path: Path) -> Path:
    path = tmp_path / "history.csv"
    write_history(path, history_games())
    return path


def open_app(words: Lexicon, ranking: str | None) -> TestClient:
    from plansza.server.app import create_app

    return TestClient(create_app(db="sqlite://", words=words, secret="s", ranking=ranking))


@pytest.fixture
def site(words: Lexicon, history: Path) -> Iterator[TestClient]:
    with open_app(words, str(history)) as c:
        yield c


def rows(html: str) -> list[str]:
    """The names in the list's rows, in page order."""
    import re

    return re.findall(r'<tr class="entry">.*?<a href="[^"]*">([^<]*)</a>', html)


def test_list_as_ranking_compute(site: TestClient) -> None:
    r = site.get("/ranking")
    assert r.status_code == 200
    # RR §2.1: listed with 30+ games, ordered by the exact value; the list is dated the
    # day after the last tournament (RR §2.5)
    assert "2024-07-07" in r.text
    names = rows(r.text)
    assert names[0] == "Hela Żółw" and "Dora Ćma" in names
    assert "Ula Łoś" not in names  # RR §2.1: one game is not enough for the list
    assert ">113<" in r.text and "112,500" in r.text  # RR §1: rounded half up; Polish comma
    assert "Miejsce" in r.text  # Polish by default


def test_list_in_english(site: TestClient) -> None:
    r = site.get("/ranking?lang=en")
    assert "Place" in r.text and "112.500" in r.text


def test_search_keeps_matches_in_polish_order(site: TestClient) -> None:
    whole = rows(site.get("/ranking").text)
    assert whole.index("Hela Żółw") < whole.index("Dora Ćma")  # by ranking
    found = rows(site.get("/ranking", params={"q": "A"}).text)
    # case ignored; the matches alphabetically (Polish order), not by ranking
    assert found.index("Dora Ćma") < found.index("Hela Żółw")
    assert rows(site.get("/ranking", params={"q": "żół"}).text) == ["Hela Żółw"]
    empty = site.get("/ranking", params={"q": "<i>nikt</i>"})
    assert empty.status_code == 200 and rows(empty.text) == []
    assert "<i>nikt" not in empty.text and "&lt;i&gt;nikt" in empty.text


def test_player_page_explains(site: TestClient) -> None:
    r = site.get("/ranking/gracz/" + quote("Hela Żółw"))
    assert r.status_code == 200
    # RR §2.1: on the list from scalps / games, the same words as `ranking explain`
    assert "Na liście: miejsce 1, ranking 113" in r.text
    assert "z listy: skalpy 3600 / partie 32 = 112,500 (RR §2.1)" in r.text
    assert "Puchar Łodzi" in r.text and "Turniej Letni" not in r.text
    assert "liczony" in r.text  # the tournaments counted
    assert "Skalpy: Puchar Łodzi" in r.text and "Dora Ćma" in r.text
    assert ">150<" in r.text  # RR §1: a win over a 100 is a scalp of 150


def test_player_name_case_ignored_and_debutant_padded(site: TestClient) -> None:
    r = site.get("/ranking/gracz/" + quote("ula łoś"))
    assert r.status_code == 200
    assert "Ula Łoś" in r.text and "RR §2.4" in r.text  # padded to 30 games


def test_unknown_player_is_404_in_the_users_language(site: TestClient) -> None:
    r = site.get("/ranking/gracz/Nikt")
    assert r.status_code == 404
    assert "nie ma gracza" in r.text
    r = site.get("/ranking/player/Nikt?lang=en")
    assert r.status_code == 404 and "no player" in r.text


def test_names_are_escaped(site: TestClient) -> None:
    for url in ("/ranking", "/ranking/gracz/" + quote(EVIL), "/ranking/gracz/" + quote("Dora Ćma")):
        r = site.get(url)
        assert r.status_code == 200, url
        assert EVIL not in r.text and "<b>Nocny" not in r.text
        assert "&lt;script&gt;" in r.text
    r = site.get("/ranking/gracz/" + quote("<b>x</b>"))
    assert r.status_code == 404 and "<b>x" not in r.text


def test_no_ranking_configured_is_404(words: Lexicon) -> None:
    with open_app(words, None) as c:
        r = c.get("/ranking")
        assert r.status_code == 404 and "rankingu" in r.text
        assert c.get("/ranking/gracz/Hela").status_code == 404


def test_computed_once_then_again_when_the_file_changes(
    site: TestClient, history: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import plansza.server.ranking as pages

    reads = []
    real = pages.compute_history

    def counting(path: str) -> Computed:
        reads.append(path)
        return real(path)

    monkeypatch.setattr(pages, "compute_history", counting)
    site.app.state.ranking = pages.RankingSource(str(history))  # type: ignore[attr-defined]
    site.get("/ranking")
    site.get("/ranking/gracz/" + quote("Hela Żółw"))
    site.get("/ranking")
    assert len(reads) == 1
    games = history_games() + results(
        date(2024, 8, 3), "Puchar Sierpnia", "Ula Łoś", "Nowa Ewa", wins=30
    )
    write_history(history, games)
    stamp = history.stat().st_mtime_ns + 1_000_000_000
    os.utime(history, ns=(stamp, stamp))
    r = site.get("/ranking")
    assert len(reads) == 2 and "Ula Łoś" in rows(r.text) and "2024-08-04" in r.text


def test_unreadable_history_is_503(words: Lexicon, tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("date,tournament,player1,player2,score1,score2\nnie-data,X,A,B,1,2\n")
    with open_app(words, str(bad)) as c:
        r = c.get("/ranking")
        assert r.status_code == 503 and "2:" in r.text
    with open_app(words, str(tmp_path / "gone.csv")) as c:
        assert c.get("/ranking").status_code == 503


def test_serve_refuses_a_missing_history(tmp_path: Path) -> None:
    from plansza.cli.main import app

    result = CliRunner().invoke(app, ["serve", "--ranking", str(tmp_path / "none.csv")])
    assert result.exit_code == 2
    assert "none.csv" in result.output and "Traceback" not in result.output


def test_the_pages_count_the_registered_rankings_the_history_keeps(
    words: Lexicon, tmp_path: Path
) -> None:
    # RR §2.1: Dora played Puchar Łodzi with the list's 150 (kept in the history by
    # `ranking update`), so Hela's scalps are 200/100, not a debutant's 150/50
    from plansza.ranking.store import load_ranking

    path = tmp_path / "history.csv"
    write_history(path, history_games())
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[0] + ",registered_ranking,registered_games"
    body = [line + ",," for line in lines[1:]]
    registered = "2024-05-11,Puchar Łodzi,Dora Ćma,,,,,150,100"
    path.write_text("\n".join([header, registered, *body]) + "\n", encoding="utf-8")
    expected = {e.name: e for e in load_ranking(str(path)).ranking_list().entries}
    assert round(expected["Hela Żółw"].ranking) > 113  # the registration counted
    with open_app(words, str(path)) as c:
        html = c.get("/ranking").text
    hela = html.split("Hela Żółw")[1].split("</tr>")[0]
    assert str(round(expected["Hela Żółw"].ranking)) in hela, hela


GOLDEN = Path(__file__).parent.parent / "ranking" / "data"


def main_block(html: str) -> str:
    return html[html.index("<main>") : html.index("</main>") + len("</main>")]


@pytest.mark.parametrize(("name", "golden"), [("Hela Żółw", "explain-hela.pl.html"),
                                              (EVIL, "explain-evil.pl.html")])  # fmt: skip
def test_player_page_unchanged(site: TestClient, name: str, golden: str) -> None:
    # the page as before the service's explanation view (issue 42): the same HTML
    r = site.get("/ranking/gracz/" + quote(name))
    assert main_block(r.text) == (GOLDEN / golden).read_text(encoding="utf-8")


def test_player_page_says_what_explain_prints(site: TestClient, history: Path) -> None:
    import html
    import re

    from plansza.cli.i18n import use as set_language
    from plansza.cli.main import app

    for name in ("Hela Żółw", "Ula Łoś", EVIL):
        for lang in ("pl", "en"):
            page = site.get("/ranking/gracz/" + quote(name), params={"lang": lang}).text
            try:
                r = CliRunner().invoke(app, ["--lang", lang, "ranking", "explain", name,
                                             str(history)])  # fmt: skip
            finally:
                set_language("pl")
            printed = " ".join(r.stdout.split())  # the terminal wraps lines
            said = re.findall(r"<h1>(.*?)</h1>|<p class=\"explanation\">(.*?)</p>", page)
            assert len(said) == 3
            for sentence in said:
                text = html.unescape("".join(sentence))
                assert " ".join(text.split()) in printed, (name, lang, text)

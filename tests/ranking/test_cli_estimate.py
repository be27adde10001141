"""``plansza ranking estimate`` (``szacuj``): the table, JSON, order, exit codes."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli.i18n import use as set_language
from plansza.cli.main import app
from plansza.ranking import Game, write_games_csv

from .builders import results

runner = CliRunner()


@pytest.fixture(autouse=True)
def polish() -> Iterator[None]:
    set_language("pl")
    yield
    set_language("pl")


def write(path: Path, games: list[Game]) -> str:
    buf = io.StringIO()
    write_games_csv(games, buf)
    path.write_text(buf.getvalue(), encoding="utf-8")
    return str(path)


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    """The history (Hela 113, Dora 88, RR §2.1) and a tournament: Dora beats Hela, the
    debutant Ćwik beats the debutant Zenon."""
    old = results(date(2024, 5, 11), "Puchar Łodzi", "Hela Żółw", "Dora Ćma", wins=20, losses=12)
    day = date(2024, 6, 1)
    new = results(day, "Turniej Letni", "Dora Ćma", "Hela Żółw", wins=1)
    new += results(day, "Turniej Letni", "Ćwik Jan", "Zenon Nowy", wins=1)
    return write(tmp_path / "h.csv", old), write(tmp_path / "t.csv", new)


def run(*args: str) -> tuple[int, str]:
    r = runner.invoke(app, ["ranking", *args])
    return r.exit_code, r.output


def test_json(files: tuple[str, str]) -> None:
    history, tournament = files
    code, out = run("estimate", "--history", history, "--tournament", tournament, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["estimate"] is True and data["list_date"] == "2024-06-02"  # RR §2.5
    rows = {p["name"]: p for p in data["players"]}
    # RR §2.2: Dora plays with 100; RR §1: (2800 + 163) / 33 → 90, a rise of 2
    assert (rows["Dora Ćma"]["entry_ranking"], rows["Dora Ćma"]["achieved"]) == (100, "163")
    assert (rows["Dora Ćma"]["before"], rows["Dora Ćma"]["after"]) == (88, 90)
    assert rows["Dora Ćma"]["change"] == 2 and rows["Hela Żółw"]["change"] == -2
    # RR §2.4: a debutant's one win over 100 is padded: (150 + 2900) / 30 → 102, not listed
    cwik = rows["Ćwik Jan"]
    assert (cwik["before"], cwik["after"], cwik["change"], cwik["listed"]) == (None, 102, None,
                                                                                False)  # fmt: skip
    # the default order: the largest rise first, the debutants last
    assert [p["name"] for p in data["players"]] == [
        "Dora Ćma", "Hela Żółw", "Ćwik Jan", "Zenon Nowy"]  # fmt: skip


def test_by_name_in_polish_order(files: tuple[str, str]) -> None:
    history, tournament = files
    code, out = run("szacuj", "--history", history, "--tournament", tournament, "--json",
                    "--by-name")  # fmt: skip
    assert code == 0
    # Polish alphabetical order: Ć between C and D
    assert [p["name"] for p in json.loads(out)["players"]] == [
        "Ćwik Jan", "Dora Ćma", "Hela Żółw", "Zenon Nowy"]  # fmt: skip


def test_table_says_it_is_an_estimate(files: tuple[str, str]) -> None:
    history, tournament = files
    code, out = run("estimate", "--history", history, "--tournament", tournament)
    assert code == 0
    assert "Szacowany wpływ turnieju Turniej Letni" in out and "oficjalną listę" in out
    assert "+2" in out and "-2" in out and "Dora Ćma" in out


def test_the_history_is_not_changed(files: tuple[str, str]) -> None:
    history, tournament = files
    before = Path(history).read_text(encoding="utf-8")
    run("estimate", "--history", history, "--tournament", tournament)
    assert Path(history).read_text(encoding="utf-8") == before


def test_a_counted_tournament_is_refused(files: tuple[str, str]) -> None:
    history, tournament = files
    assert run("update", "--history", history, "--tournament", tournament)[0] == 0
    code, out = run("estimate", "--history", history, "--tournament", tournament)
    assert code == 3  # refused: counting it twice would be wrong
    assert "jest już w historii" in out and "Traceback" not in out


def test_bad_input(files: tuple[str, str], tmp_path: Path) -> None:
    history, _ = files
    code, out = run("estimate", "--history", history, "--tournament", str(tmp_path / "nie.csv"))
    assert code == 2 and "nie.csv" in out and len(out.strip().splitlines()) == 1
    code, out = run("estimate", "--history", history, "--tournament", "x.csv", "--date", "jutro")
    assert code == 2 and "--date" in out


def test_a_tournament_file_without_results(tmp_path: Path, files: tuple[str, str]) -> None:
    from plansza.services.tournament import Referee
    from plansza.tournament.model import Settings

    history, _ = files
    path = str(tmp_path / "t.sqlite")
    Referee.create(path, Settings("Puchar", 3, "halving"), lambda: "2026-05-02T10:00:00")
    code, out = run("estimate", "--history", history, "--tournament", path)
    assert code == 0 and "nic do oszacowania" in out

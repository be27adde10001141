"""``plansza play`` through the CLI: options, exit codes, the saved game."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli.main import app
from plansza.gcg import read_gcg

runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--level", "genius"], "nieznany poziom"),
        (["--level", "sim", "--phony", "0.2"], "--phony działa tylko z poziomami"),
        (["--phony", "2"], "od 0 do 1"),
        (["--first", "who"], "--first przyjmuje"),
        (["--rules", "chess"], "nieznane zasady"),
        (["--minutes", "-1"], "nie może być ujemne"),
        (["--seconds", "0"], "musi być dodatnie"),
    ],
)
def test_bad_options_exit_2(args: list[str], message: str) -> None:
    r = runner.invoke(app, ["play", *args], input="")
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert "Traceback" not in r.output


def test_a_whole_game_is_saved_and_replays(tmp_path: Path) -> None:
    # TR 5.1, TR 1.3.1: the game ends, the sheet is shown, the GCG replays exactly.
    save = tmp_path / "partia.gcg"
    r = runner.invoke(
        app,
        ["play", "--seed", "3", "--first", "me", "--save", str(save), "--name", "Ala Nowak"],
        input="pauza\n" * 120,
    )
    assert r.exit_code == 0, r.output
    assert "Zapis partii" in r.output and "Koniec partii" in r.output
    record = read_gcg(save.read_text(encoding="utf-8"))
    assert record.players[0].name == "Ala Nowak"
    assert record.pragmas["lexicon"] == "sjp-20220301"
    rep = runner.invoke(app, ["replay", str(save)])
    assert rep.exit_code == 0, rep.output
    assert "Wszystkie zapisane wyniki ruchów się zgadzają." in rep.output


def test_end_of_input_saves_in_the_user_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Saved games go to a documented folder, never into the current directory (a
    # repository, say): ~/.local/share/plansza/games, i.e. $XDG_DATA_HOME/plansza/games.
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    monkeypatch.delenv("PLANSZA_GAMES", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    r = runner.invoke(app, ["graj", "--seed", "4", "--first", "komputer"], input="")
    assert r.exit_code == 0, r.output
    games = tmp_path / "data" / "plansza" / "games"
    saved = list(games.glob("plansza-*.gcg"))
    assert len(saved) == 1 and list(here.iterdir()) == []
    assert not list(games.glob(".*.tmp"))  # the temporary file was renamed
    record = read_gcg(saved[0].read_text(encoding="utf-8"))
    assert len(record.events) == 1 and record.errors == []


def test_plansza_games_names_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLANSZA_GAMES", str(tmp_path / "my games"))
    r = runner.invoke(app, ["graj", "--seed", "4", "--first", "komputer"], input="")
    assert r.exit_code == 0, r.output
    assert len(list((tmp_path / "my games").glob("plansza-*.gcg"))) == 1


def test_a_user_word_list(tmp_path: Path) -> None:
    words = tmp_path / "mini.txt"
    words.write_text("\n".join(["KOT", "KOTY", "TOK", "OK", "KOC", "TO", "TY", "AA", "NA"]) + "\n")
    save = tmp_path / "mini.gcg"
    r = runner.invoke(
        app,
        ["play", "--lexicon", str(words), "--seed", "1", "--first", "me", "--save", str(save)],
        input="pauza\n" * 60,
    )
    assert r.exit_code == 0, r.output
    assert "słownik mini" in r.output
    assert read_gcg(save.read_text(encoding="utf-8")).pragmas["lexicon"] == "mini"


def test_english_and_the_phony_notice(tmp_path: Path) -> None:
    r = runner.invoke(
        app,
        ["--lang", "en", "play", "--seed", "2", "--phony", "0.5", "--save", str(tmp_path / "g")],
        input="help\nquit\ny\n",
    )
    assert r.exit_code == 0, r.output
    assert "The computer sometimes plays an invalid word (50% of moves)" in r.output
    assert "Commands:" in r.output and "The game is saved in" in r.output


def test_unwritable_save_path_exits_2(tmp_path: Path) -> None:
    r = runner.invoke(
        app, ["play", "--seed", "2", "--save", str(tmp_path / "no" / "dir" / "g.gcg")], input=""
    )
    assert r.exit_code == 2
    assert "nie można zapisać partii" in r.output

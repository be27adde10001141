"""``plansza duplikat`` through typer's CliRunner: exit codes, Polish and English messages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli import duplicate as cli_duplicate
from plansza.cli.i18n import use as set_language
from plansza.cli.main import app

runner = CliRunner()
EMPTY = "/".join(["15"] * 15)


def run(*args: str) -> tuple[int, str, str]:
    """Run ``plansza duplikat …``.

    Typer builds the whole command tree at every call (about half a second for the
    full ``plansza`` app), so most calls go straight to the ``duplikat`` sub-app:
    ``--lang`` and the ``duplikat``/``duplicate`` prefix are handled here.
    Calls through the root app are checked in :func:`test_registered_under_both_names`.
    """
    set_language("pl")  # --lang sets the process-wide language: each call starts afresh
    rest = list(args)
    if rest[:1] == ["--lang"]:
        set_language(rest[1])
        rest = rest[2:]
    assert rest[0] in ("duplikat", "duplicate")
    res = runner.invoke(cli_duplicate.app, rest[1:])
    return res.exit_code, res.stdout, res.stderr


def test_registered_under_both_names(tmp_path: Path) -> None:
    path = str(tmp_path / "b.json")
    res = runner.invoke(app, ["duplikat", "new", "--seed", "1", "--file", path])
    assert res.exit_code == 0 and "partia 1 rozpoczęta" in res.stdout
    res = runner.invoke(app, ["--lang", "en", "duplicate", "players", "--file", path])
    assert res.exit_code == 0 and "Players" in res.stdout
    res = runner.invoke(app, ["duplikat", "--help"])
    assert res.exit_code == 0 and "simulate" in res.stdout


@pytest.fixture()
def game_file(tmp_path: Path) -> str:
    path = str(tmp_path / "belgijka.json")
    code, out, _ = run("duplikat", "new", "--seed", "7", "--file", path)
    assert code == 0, out
    for name in ("Anna Żak", "Jan Łoś", "Ewa Sowa"):
        assert run("duplikat", "register", name, "--file", path)[0] == 0
    return path


def top_of(path: str) -> dict[str, object]:
    code, out, _ = run("duplikat", "top", "--json", "--file", path)
    assert code == 0
    first: dict[str, object] = json.loads(out)[0]
    return first


def test_new_refuses_to_overwrite(game_file: str) -> None:
    code, _, err = run("duplikat", "new", "--file", game_file)
    assert code == 3 and "już istnieje" in err
    code, _, err = run("--lang", "en", "duplicate", "new", "--file", game_file)
    assert code == 3 and "already exists" in err


def test_missing_file_is_an_input_error(tmp_path: Path) -> None:
    code, _, err = run("duplikat", "draw", "--file", str(tmp_path / "nope.json"))
    assert code == 2 and "nie ma pliku" in err
    code, _, err = run("--lang", "en", "duplikat", "draw", "--file", str(tmp_path / "no.json"))
    assert code == 2 and "no file" in err


def test_broken_file_is_an_input_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2", encoding="utf-8")
    code, _, err = run("duplikat", "standings", "--file", str(bad))
    assert code == 2 and "bad.json" in err and "Traceback" not in err


def test_players_and_checking_pairs(game_file: str) -> None:
    # I.3, II.9: tables and who checks whom.
    code, out, _ = run("duplikat", "players", "--json", "--file", game_file)
    assert code == 0
    data = json.loads(out)
    assert [(p["table"], p["name"], p["checks"]) for p in data] == [
        (1, "Anna Żak", "2"),
        (2, "Jan Łoś", "1"),
        (3, "Ewa Sowa", "sędzia"),
    ]
    code, _, err = run("duplikat", "register", "Zofia", "--table", "2", "--file", game_file)
    assert code == 3 and "zajęty" in err


def test_a_whole_move(game_file: str) -> None:
    # II.1 draw, II.5–II.9 cards, II.11 the winning move, the table.
    code, out, _ = run("duplikat", "draw", "--file", game_file)
    assert code == 0 and "Stojak" in out and "Losowanie 1" in out
    assert "H8" not in out  # the draw shows no moves: the screen may be projected (I.6)
    code, _, err = run("duplikat", "draw", "--file", game_file)
    assert code == 3 and "ruch 1 jest otwarty" in err
    top = top_of(game_file)
    assert set(top) >= {"move", "score", "blanks", "length", "word_premiums", "letter_premiums"}
    move, score = str(top["move"]), int(str(top["score"]))
    code, out, _ = run("duplikat", "card", "1", move, str(score), "--file", game_file)
    assert code == 0 and "poprawny" in out
    code, out, _ = run("duplikat", "card", "Łoś", move, str(score + 3), "--file", game_file)
    assert code == 1 and "0 pkt" in out and str(score + 3) in out
    code, out, _ = run("duplikat", "card", "3", "Z9 " + move.split()[1], "5", "--file", game_file)
    assert code == 1 and "współrzędna" in out
    code, out, _ = run("duplikat", "next", "--file", game_file)
    assert code == 0 and "Ruch 1 zamknięty" in out and "Anna Żak" in out
    code, out, _ = run("duplikat", "standings", "--json", "--file", game_file)
    rows = json.loads(out)["rows"]
    assert rows[0]["name"] == "Anna Żak" and rows[0]["total"] == score
    assert [r["total"] for r in rows[1:]] == [0, 0]


def test_card_input_errors(game_file: str) -> None:
    run("duplikat", "draw", "--file", game_file)
    code, _, err = run("duplikat", "card", "9", "H8 KOT", "5", "--file", game_file)
    assert code == 2 and "nie ma zawodnika 9" in err
    code, _, err = run("duplikat", "card", "1", "H8 KOT", "pięć", "--file", game_file)
    assert code == 2 and "nie jest liczbą" in err
    # "¹" passes str.isdigit but not int(): a clean error, not a traceback
    code, _, err = run("duplikat", "card", "1", "H8 KOT", "¹", "--file", game_file)
    assert code == 2 and "nie jest liczbą" in err
    code, _, err = run("duplikat", "card", "¹", "H8 KOT", "5", "--file", game_file)
    assert code == 2 and "¹" in err
    code, _, err = run("--lang", "en", "duplikat", "card", "1", "H8 KOT", "x", "--file", game_file)
    assert code == 2 and "is not a score" in err
    # A card without a score is recorded and scores 0 (II.5).
    code, out, _ = run("duplikat", "card", "1", "H8 KOT", "-", "--file", game_file)
    assert code == 1 and "wartości punktowej" in out


def test_card_messages_in_english(game_file: str) -> None:
    run("duplikat", "draw", "--file", game_file)
    code, out, _ = run("--lang", "en", "duplikat", "card", "2", "Q8 KOT", "5", "--file", game_file)
    assert code == 1 and "unreadable coordinate" in out and "0 points" in out


def test_choose_and_force(game_file: str) -> None:
    # II.13: the referee's choice with its reason; below the top score only with --force.
    run("duplikat", "draw", "--file", game_file)
    code, out, _ = run("duplikat", "top", "--json", "-n", "50", "--file", game_file)
    listed = json.loads(out)
    lower = next((i for i, c in enumerate(listed) if c["score"] < listed[0]["score"]), None)
    assert lower is not None
    code, _, err = run("duplikat", "choose", str(lower + 1), "--reason", "x", "--file", game_file)
    assert code == 3 and "--force" in err
    code, out, _ = run(
        "duplikat", "choose", str(lower + 1), "--reason", "otwarta plansza", "--force",
        "--file", game_file,
    )  # fmt: skip
    assert code == 0 and "otwarta plansza" in out
    chosen = top_of(game_file)
    assert chosen["move"] == listed[lower]["move"]  # the chosen one is listed first
    code, _, err = run("duplikat", "choose", "999", "--reason", "x", "--file", game_file)
    assert code == 2


def test_penalty_override_and_export(game_file: str, tmp_path: Path) -> None:
    # KARY 2: exclusion from the next move; the referee's override; the record.
    run("duplikat", "draw", "--file", game_file)
    code, out, _ = run(
        "duplikat", "penalty", "2", "ruch", "--reason", "telefon", "--file", game_file
    )
    assert code == 0 and "wykluczenie z ruchu 2" in out
    code, _, err = run("duplikat", "penalty", "2", "dyskwalifikacja", "--file", game_file)
    assert code == 2 and "nieznana kara" in err
    code, out, _ = run("duplikat", "override", "3", "12", "--reason", "spór", "--file", game_file)
    assert code == 0 and "12" in out
    run("duplikat", "next", "--file", game_file)
    run("duplikat", "draw", "--file", game_file)
    top = top_of(game_file)
    code, out, _ = run(
        "duplikat", "card", "2", str(top["move"]), str(top["score"]), "--file", game_file
    )
    assert code == 1 and "wykluczony" in out
    code, out, _ = run("duplikat", "export", "--file", game_file)
    record = json.loads(out)
    assert record["format"] == "plansza-belgijka"
    first = record["results"]["games"][0]["moves"][0]
    assert {"table": 3, "score": 12, "reason": "override"} in first["scores"]
    assert record["penalties"][0]["kind"] == "exclude_move"
    assert record["games"][0]["moves"][0]["draw"]["attempts"]
    out_path = tmp_path / "zapis.txt"
    code, _, _ = run(
        "duplikat", "export", "--format", "txt", "-o", str(out_path), "--file", game_file
    )
    text = out_path.read_text(encoding="utf-8")
    assert code == 0 and "Ewa Sowa" in text and "Partia 1" in text
    code, _, err = run("duplikat", "export", "--format", "pdf", "--file", game_file)
    assert code == 2


def test_show_and_cards(game_file: str) -> None:
    # I.6: the projector view — board, rack, table; never the candidates.
    run("duplikat", "draw", "--file", game_file)
    code, out, _ = run("duplikat", "show", "--file", game_file)
    assert code == 0 and "Stojak" in out and "A B C D E F G H I J K L M N O" in out
    code, out, _ = run("duplikat", "cards", "--file", game_file)
    assert code == 0 and "Brak kart" in out


def test_lots_without_ties_is_refused(game_file: str) -> None:
    code, out, _ = run("duplikat", "standings", "--all", "--json", "--file", game_file)
    assert code == 0 and len(json.loads(out)["rows"]) == 3
    # Everyone on 0 with no moves: one shared place — lots can be drawn once.
    code, out, _ = run("duplikat", "lots", "--file", game_file)
    assert code == 0 and "Miejsce 1" in out
    code, _, err = run("duplikat", "lots", "--file", game_file)
    assert code == 3 and "nie ma czego losować" in err


def test_top_for_a_single_position() -> None:
    # II.12 order for a CGP and a rack, without a game file; the chosen (first) one first.
    code, out, _ = run("duplikat", "top", "--cgp", EMPTY, "--rack", "KOTA?", "--json")
    assert code == 0
    listed = json.loads(out)
    keys = [
        (-c["score"], c["blanks"] > 0, c["length"], c["word_premiums"], c["letter_premiums"])
        for c in listed
    ]
    assert keys == sorted(keys)
    assert listed[0]["blanks"] == 0 or all(
        c["blanks"] for c in listed if c["score"] == listed[0]["score"]
    )
    code, out, _ = run("duplikat", "top", "--cgp", EMPTY, "--rack", "KOTA?", "-n", "3")
    assert code == 0 and "kolejność II.12" in out
    code, _, err = run("duplikat", "top", "--cgp", "15/15", "--rack", "A", "--json")
    assert code == 2 and "CGP" in err


def test_simulate_is_reproducible() -> None:
    code, a, _ = run("duplikat", "simulate", "--seed", "2024", "--json")
    code2, b, _ = run("duplikat", "simulate", "--seed", "2024", "--json")
    assert code == code2 == 0 and a == b
    data = json.loads(a)
    assert set(data) >= {"moves", "total"}
    assert set(data["moves"][0]) == {"n", "rack", "redraws", "top"}
    code, out, _ = run("--lang", "en", "duplicate", "simulate", "--seed", "2024")
    assert code == 0 and "Simulated game" in out


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("pl", ["Minęła minuta", "Ostatnie 30 sekund", "Koniec czasu"]),
        ("en", ["One minute gone", "The last 30 seconds", "Time is up"]),
    ],
)
def test_timer_announces_without_sleeping(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lang: str, words: list[str]
) -> None:
    # II.3: after one minute and at the last 30 seconds; the clock is injected.
    fake = FakeClock()
    monkeypatch.setattr(cli_duplicate, "clock", fake)
    monkeypatch.setattr(cli_duplicate, "sleep", fake.sleep)
    code, out, _ = run("--lang", lang, "duplikat", "timer", "--file", str(tmp_path / "x.json"))
    assert code == 0
    for w in words:
        assert w in out
    assert fake.now >= 120.0
    code, _, _ = run("duplikat", "timer", "--seconds", "0")
    assert code == 2


def test_a_championship_names_the_lexicon_it_loaded(tmp_path: Path) -> None:
    # It said "SJP.PL, not the official OSPS" whatever file --lexicon loaded.
    from plansza.duplicate.game import Championship
    from plansza.duplicate.report import text_report
    from plansza.i18n import translator

    words = tmp_path / "klub.txt"
    words.write_text("kot\npies\nżółw\n", encoding="utf-8")
    path = str(tmp_path / "b.json")
    code, out, _ = run("duplikat", "new", "--seed", "1", "--file", path, "--lexicon", str(words))
    assert code == 0 and "klub" in out and str(words) in out and "SJP.PL" not in out
    pl = translator("pl")
    assert "SJP.PL" not in text_report(Championship(seed="1", name="B", lexicon=str(words)), pl)
    assert "SJP.PL" in text_report(Championship(seed="1", name="B"), pl)  # the default list
    code, out, _ = run("duplikat", "new", "--seed", "1", "--file", path, "--force")
    assert code == 0 and "SJP.PL" in out


def test_a_blank_in_lower_case_and_in_blanks_is_one_blank(tmp_path: Path) -> None:
    # II.5: the card names its blank twice (lower case in the word and --blanks); the card
    # is right and scores, not zeroed as a blank "not among the new tiles" (issue 27).
    path = str(tmp_path / "b.json")
    assert run("duplikat", "new", "--seed", "1", "--file", path)[0] == 0
    assert run("duplikat", "register", "Anna Żak", "--file", path)[0] == 0
    assert run("duplikat", "draw", "--file", path)[0] == 0  # seed 1: G I R S W Y and a blank
    code, out, _ = run("duplikat", "card", "1", "D8 GRYSoWI", "74", "--blanks", "O", "--file", path)
    assert code == 0 and "poprawny, 74 pkt" in out

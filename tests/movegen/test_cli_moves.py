"""``plansza moves`` through the CLI: counts, JSON shape, table, errors and exit codes."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from plansza.cli.i18n import use as set_language
from plansza.cli.main import app

from .test_golden import MID1

runner = CliRunner()
EMPTY = "/".join(["15"] * 15)


@pytest.fixture(autouse=True)
def polish() -> Iterator[None]:
    set_language("pl")
    yield
    set_language("pl")


def test_count_uses_the_rack_to_move() -> None:
    res = runner.invoke(app, ["moves", "--cgp", f"{MID1} EIKNORS/AAA 0/0 0", "--count"])
    assert res.exit_code == 0, res.output
    assert "1815" in res.stdout


def test_count_json_with_rack_option() -> None:
    res = runner.invoke(app, ["moves", "--cgp", EMPTY, "--rack", "KOTŁEIA", "--count", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout) == {"rack": "KOTŁEIA", "count": 830}


def test_json_best_first_with_words() -> None:
    res = runner.invoke(app, ["moves", "--cgp", MID1, "--rack", "EIKNORS", "--top", "3", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out[0] == {"move": "8A SKRONIE", "score": 92, "words": out[0]["words"]}
    assert out[0]["words"][0] == "SKRONIE"
    assert [m["score"] for m in out] == sorted((m["score"] for m in out), reverse=True)


def test_json_all_moves_sorted() -> None:
    res = runner.invoke(app, ["moves", "--cgp", EMPTY, "--rack", "AEINORZ", "--json"])
    out = json.loads(res.stdout)
    assert len(out) == 1138
    assert out[0]["score"] == 66 and out[-1]["score"] <= out[0]["score"]
    assert {"move", "score", "words"} == set(out[0])


def test_table_in_polish_and_english() -> None:
    res = runner.invoke(app, ["moves", "--cgp", EMPTY, "--rack", "AEINORZ", "--top", "2"])
    assert res.exit_code == 0
    assert "Najlepsze ruchy" in res.stdout and "ZORANIE" in res.stdout
    res = runner.invoke(app, ["--lang", "en", "moves", "--cgp", EMPTY, "-r", "AEINORZ"])
    assert "Moves of the rack AEINORZ: 30 of 1138" in res.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--cgp", "15/15"], "plansza w CGP ma 2 wiersze zamiast 15"),
        (["--cgp", EMPTY, "--rack", "AB1"], "'1' nie jest płytką"),
        (["--cgp", EMPTY, "--rack", "ABCDEFGH"], "na stojaku mieści się 7"),
        (["--cgp", EMPTY], "brak stojaka"),
        (["--cgp", EMPTY, "--rack", "A", "--top", "0"], "--top"),
        (["--cgp", EMPTY, "--rack", "A", "--lexicon", "no-such-lexicon"], "no-such-lexicon"),
    ],
)
def test_bad_input_exits_2(args: list[str], message: str) -> None:
    res = runner.invoke(app, ["moves", *args])
    assert res.exit_code == 2
    assert message in res.stderr
    assert "Traceback" not in res.output


def test_custom_word_list(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    words = tmp_path / "mini.txt"
    words.write_text("kot\nkoty\ntok\nok\n", encoding="utf-8")
    res = runner.invoke(
        app, ["moves", "--cgp", EMPTY, "--rack", "KOTY", "--lexicon", str(words), "--json"]
    )
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert {m["move"] for m in out} >= {"H8 KOTY", "8H KOTY", "H8 KOT", "H8 OK"}
    assert all(set(m["words"]) <= {"KOT", "KOTY", "TOK", "OK"} for m in out)

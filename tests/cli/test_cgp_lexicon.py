"""The CGP's ``lex`` op chooses the lexicon of ``plansza moves`` and ``duplikat top --cgp``.

Two small user lexicons in a private ``PLANSZA_DATA_DIR`` tell which one answered:
``maly`` knows KOT, ``duzy`` knows KOT and KOTY, so the rack KOTY plays KOTY only
with ``duzy``. The default list (SJP.PL) is recognised by ZORANIE from AEINORZ.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli.common import EXIT_INPUT
from plansza.cli.lexopt import choose_lexicon
from plansza.cli.main import app
from plansza.lexicon import Lexicon
from plansza.lexicon.store import named_path

runner = CliRunner()
EMPTY = "/".join(["15"] * 15)


@pytest.fixture(autouse=True)
def user_lexicons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """``maly`` and ``duzy`` compiled into a private data directory."""
    monkeypatch.setenv("PLANSZA_DATA_DIR", str(tmp_path / "data"))
    for name, words in (("maly", ["kot"]), ("duzy", ["kot", "koty"])):
        path = named_path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        Lexicon.build(words, name=name).save(path)
    yield tmp_path


def cgp(op: str = "") -> str:
    """An empty board with the rack KOTY to move, and ``op`` (e.g. ``lex duzy;``)."""
    return f"{EMPTY} KOTY/ 0/0 0" + (f" {op}" if op else "")


def words_played(args: list[str]) -> tuple[set[str], str]:
    """Every main word of ``plansza moves ... --json`` and the stderr of the run."""
    res = runner.invoke(app, ["moves", *args, "--json"])
    assert res.exit_code == 0, res.output
    return {m["words"][0] for m in json.loads(res.stdout)}, res.stderr


# --------------------------------------------------------------- the op is used


def test_known_user_lexicon_named_by_the_op_is_used() -> None:
    played, err = words_played(["--cgp", cgp("lex duzy;")])
    assert played == {"KOT", "KOTY"}
    assert err == ""
    played, err = words_played(["--cgp", cgp("lex maly;")])
    assert played == {"KOT"}
    assert err == ""


def test_the_op_counts_among_other_ops() -> None:
    played, _ = words_played(["--cgp", cgp("bdn 1; lex duzy; tmr 300000/300000;")])
    assert "KOTY" in played


def test_an_alias_of_the_default_in_the_op_is_the_default() -> None:
    for alias in ("sjp", "sjp-20220301", "default", "SJP"):
        res = runner.invoke(
            app, ["moves", "--cgp", f"{EMPTY} AEINORZ/ 0/0 0 lex {alias};", "--top", "1"]
        )
        assert res.exit_code == 0, res.output
        assert "ZORANIE" in res.stdout
        assert "Słownik: sjp-20220301" in res.stderr
        assert "Ostrzeżenie" not in res.stderr and "Uwaga" not in res.stderr


# ------------------------------------------------------------ an unknown op warns


@pytest.mark.parametrize("op", ["OSPS49", "NWL20"])
def test_unknown_op_warns_once_and_still_answers_with_the_default(op: str) -> None:
    res = runner.invoke(app, ["moves", "--cgp", f"{EMPTY} AEINORZ/ 0/0 0 lex {op};", "--top", "1"])
    assert res.exit_code == 0, res.output
    assert "ZORANIE" in res.stdout  # the default SJP.PL list answered
    assert res.stderr.count("Ostrzeżenie") == 1
    assert f"„{op}”" in res.stderr
    assert "SJP.PL" in res.stderr and "nie jest oficjalnym słownikiem OSPS" in res.stderr


def test_unknown_op_warning_in_english_and_json_stays_clean() -> None:
    res = runner.invoke(
        app,
        ["--lang", "en", "moves", "--cgp", f"{EMPTY} AEINORZ/ 0/0 0 lex OSPS49;", "--json"],
    )
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)[0]["words"] == ["ZORANIE"]
    assert "Warning" in res.stderr and "'OSPS49'" in res.stderr
    assert "not the official OSPS" in res.stderr


def test_an_op_naming_a_path_is_never_opened(user_lexicons: Path) -> None:
    # A pasted position must not make plansza read a file: the op is a name only.
    elsewhere = user_lexicons / "elsewhere.kwg"
    Lexicon.build(["koty"], name="elsewhere").save(elsewhere)
    for op in (str(elsewhere), "../lexicons/duzy", ".hidden"):
        assert choose_lexicon(None, op) == "sjp-20220301"


# ------------------------------------------------------------ --lexicon wins


def test_explicit_lexicon_wins_with_one_note() -> None:
    played, err = words_played(["--cgp", cgp("lex duzy;"), "--lexicon", "maly"])
    assert played == {"KOT"}
    assert err.count("Uwaga") == 1
    assert "„duzy”" in err and "„maly”" in err


def test_explicit_lexicon_wins_over_an_unknown_op_with_a_note_not_a_warning() -> None:
    played, err = words_played(["--cgp", cgp("lex OSPS49;"), "--lexicon", "duzy"])
    assert "KOTY" in played
    assert err.count("Uwaga") == 1 and "„OSPS49”" in err
    assert "Ostrzeżenie" not in err


def test_explicit_lexicon_naming_the_ops_lexicon_needs_no_note(user_lexicons: Path) -> None:
    played, err = words_played(["--cgp", cgp("lex duzy;"), "--lexicon", "duzy"])
    assert "KOTY" in played and err == ""
    # The same file by its path is the same lexicon.
    played, err = words_played(["--cgp", cgp("lex duzy;"), "-l", str(named_path("duzy"))])
    assert "KOTY" in played and err == ""
    assert choose_lexicon("default", "sjp-20220301") == "default"


def test_explicit_unknown_lexicon_is_an_input_error_without_a_note() -> None:
    res = runner.invoke(app, ["moves", "--cgp", cgp("lex duzy;"), "-l", "nieznany", "--json"])
    assert res.exit_code == EXIT_INPUT
    assert "nieznany" in res.stderr and "Uwaga" not in res.stderr
    assert "Traceback" not in res.stderr


def test_note_in_english() -> None:
    res = runner.invoke(
        app, ["--lang", "en", "moves", "--cgp", cgp("lex duzy;"), "-l", "maly", "--json"]
    )
    assert res.exit_code == 0, res.output
    assert "Note" in res.stderr and "'duzy'" in res.stderr and "'maly'" in res.stderr


# ------------------------------------------------------------ no op: as before


def test_no_op_keeps_the_option_or_the_default() -> None:
    played, err = words_played(["--cgp", cgp(), "--lexicon", "duzy"])
    assert "KOTY" in played and err == ""
    res = runner.invoke(app, ["moves", "--cgp", f"{EMPTY} AEINORZ/ 0/0 0", "--top", "1"])
    assert res.exit_code == 0, res.output
    assert "ZORANIE" in res.stdout and "Słownik: sjp-20220301" in res.stderr
    assert "Uwaga" not in res.stderr and "Ostrzeżenie" not in res.stderr
    assert choose_lexicon(None, None) == "sjp-20220301"
    assert choose_lexicon(None, "") == "sjp-20220301"  # "lex;" with no value: no op


# ------------------------------------------------------------ duplicate top --cgp


def test_duplicate_top_of_a_position_follows_the_op() -> None:
    def top(*extra: str) -> tuple[list[str], str]:
        res = runner.invoke(app, ["duplikat", "top", *extra, "--json"])
        assert res.exit_code == 0, res.output
        return [c["move"] for c in json.loads(res.stdout)], res.stderr

    moves, err = top("--cgp", cgp("lex duzy;"))
    assert any("KOTY" in m for m in moves) and err == ""
    moves, err = top("--cgp", cgp("lex duzy;"), "--lexicon", "maly")
    assert not any("KOTY" in m for m in moves) and err.count("Uwaga") == 1
    moves, err = top("--cgp", f"{EMPTY} AEINORZ/ 0/0 0 lex NWL20;")
    assert any(m.endswith(" ZORANIE") for m in moves) and err.count("Ostrzeżenie") == 1

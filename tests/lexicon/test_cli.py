"""``plansza check``, ``plansza anagram`` and ``plansza lexicon …`` (issue 3 §2, §4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli.common import EXIT_INPUT, EXIT_NEGATIVE, EXIT_OK
from plansza.cli.main import app
from plansza.lexicon import Lexicon, store

runner = CliRunner()


@pytest.fixture
def club(user_dirs: Path) -> str:
    """A small named lexicon in a private data directory."""
    Lexicon.build(["kot", "koty", "pies", "żółw", "tok"], name="klub").save(
        store.named_path("klub")
    )
    return "klub"


def test_check_joint_verdict(default_lexicon: Lexicon) -> None:
    # TR 4.7.11: one verdict for all words, never which word failed; exit 0 / 1
    ok = runner.invoke(app, ["check", "zoranie", "KOT"])
    assert ok.exit_code == EXIT_OK and "DOPUSZCZALNE" in ok.stdout
    bad = runner.invoke(app, ["check", "zoranie", "kotx", "pies"])
    assert bad.exit_code == EXIT_NEGATIVE
    assert "NIEDOPUSZCZALNE" in bad.stdout
    assert "KOTX" not in bad.stdout.upper().replace("NIEDOPUSZCZALNE", "")
    # The header names the default lexicon as SJP.PL, not OSPS.
    assert "SJP.PL" in bad.stderr and "OSPS" in bad.stderr


def test_check_each_outside_tournaments(club: str) -> None:
    res = runner.invoke(app, ["check", "--each", "--lexicon", club, "kot", "kotx"])
    assert res.exit_code == EXIT_NEGATIVE
    lines = res.stdout.splitlines()
    assert lines[0].startswith("KOT") and lines[0].endswith("DOPUSZCZALNE")
    assert lines[1].startswith("KOTX") and lines[1].endswith("NIEDOPUSZCZALNE")


def test_check_json_and_english(club: str) -> None:
    res = runner.invoke(app, ["--lang", "en", "check", "--json", "-l", club, "kot", "tok"])
    assert res.exit_code == EXIT_OK
    assert json.loads(res.stdout) == {"lexicon": "klub", "valid": True}
    res = runner.invoke(app, ["--lang", "en", "check", "-l", club, "kot", "xx"])
    assert res.exit_code == EXIT_NEGATIVE and "NOT VALID" in res.stdout
    runner.invoke(app, ["--lang", "pl", "lexicon", "list"])


def test_check_errors(user_dirs: Path) -> None:
    res = runner.invoke(app, ["check"])
    assert res.exit_code == EXIT_INPUT
    res = runner.invoke(app, ["check", "--lexicon", "nieznany", "kot"])
    assert res.exit_code == EXIT_INPUT and "nieznany" in res.stderr
    assert "Traceback" not in res.stderr


def test_anagram_and_patterns(club: str) -> None:
    res = runner.invoke(app, ["anagram", "-l", club, "TOK"])
    assert res.exit_code == EXIT_OK and res.stdout.split() == ["KOT", "TOK"]
    res = runner.invoke(app, ["anagram", "-l", club, "KOT?", "--json"])
    assert json.loads(res.stdout) == ["KOTy"]  # the blank's letter in lower case
    res = runner.invoke(app, ["anagram", "-l", club, "--pattern", "?o*"])
    assert res.stdout.split() == ["KOTY", "KOT", "TOK"]  # longest first
    res = runner.invoke(app, ["anagram", "-l", club, "KOTY", "--partial"])
    assert res.stdout.split() == ["KOTY", "KOT", "TOK"]


def test_anagram_default_lexicon(default_lexicon: Lexicon) -> None:
    res = runner.invoke(app, ["anagram", "AEINORZ"])
    assert res.exit_code == EXIT_OK and res.stdout.split() == ["ZORANIE"]


def test_anagram_errors(club: str) -> None:
    assert runner.invoke(app, ["anagram", "-l", club]).exit_code == EXIT_INPUT
    res = runner.invoke(app, ["anagram", "-l", club, "KO1"])
    assert res.exit_code == EXIT_INPUT and "'1'" in res.stderr


def test_build_reports_bad_lines_and_skips_them(user_dirs: Path, tmp_path: Path) -> None:
    # issue 3 §2: bad lines reported with line numbers, skipped by default
    words = tmp_path / "osps.txt"
    words.write_text("kot\nquiz\nKOT\nżółw\nvan\n", encoding="utf-8")
    res = runner.invoke(app, ["lexicon", "build", str(words), "--tiles", "polish", "-o", "osps"])
    assert res.exit_code == EXIT_OK, res.stderr
    assert f"{words}:2:" in res.stderr and "quiz" in res.stderr
    assert f"{words}:5:" in res.stderr
    assert "duplikaty: 1" in res.stdout
    lex = Lexicon.load("osps")
    assert list(lex) == ["kot", "żółw"]
    check = runner.invoke(app, ["check", "--lexicon", "osps", "żółw"])
    assert check.exit_code == EXIT_OK and "osps" in check.stderr


def test_build_strict_refuses_and_writes_nothing(user_dirs: Path, tmp_path: Path) -> None:
    # issue 3 §2: --strict refuses a list with letters outside the tile set (exit 2)
    words = tmp_path / "lista.txt"
    words.write_text("kot\nquiz\n", encoding="utf-8")
    res = runner.invoke(app, ["lexicon", "build", str(words), "--strict", "-o", "lista"])
    assert res.exit_code == EXIT_INPUT and ":2:" in res.stderr
    assert not store.named_path("lista").exists()


def test_build_english_to_a_path(user_dirs: Path, tmp_path: Path) -> None:
    words = tmp_path / "collins.txt"
    words.write_text("QI\nZA\nquiz\nżółw\n", encoding="utf-8")
    out = tmp_path / "collins.kwg"
    res = runner.invoke(app, ["lexicon", "build", str(words), "--tiles", "english", "-o", str(out)])
    assert res.exit_code == EXIT_OK
    lex = Lexicon.load(out)
    assert lex.tileset.name == "english" and list(lex) == ["qi", "quiz", "za"]
    res = runner.invoke(app, ["check", "-l", str(out), "QUIZ", "za"])
    assert res.exit_code == EXIT_OK


def test_build_input_errors(user_dirs: Path, tmp_path: Path) -> None:
    res = runner.invoke(app, ["lexicon", "build", str(tmp_path / "brak.txt")])
    assert res.exit_code == EXIT_INPUT and "brak.txt" in res.stderr
    empty = tmp_path / "pusta.txt"
    empty.write_text("quiz\n", encoding="utf-8")
    res = runner.invoke(app, ["lexicon", "build", str(empty)])
    assert res.exit_code == EXIT_INPUT
    res = runner.invoke(app, ["lexicon", "build", str(empty), "-o", "default"])
    assert res.exit_code == EXIT_INPUT and "zarezerwowana" in res.stderr
    res = runner.invoke(app, ["lexicon", "build", str(empty), "--tiles", "klingon"])
    assert res.exit_code == EXIT_INPUT


def test_info_and_list(club: str, default_lexicon: Lexicon) -> None:
    res = runner.invoke(app, ["lexicon", "info", "--json"])
    data = json.loads(res.stdout)
    assert data["words"] == 3_276_062 and "NIE jest to oficjalny OSPS" in data["note"]
    res = runner.invoke(app, ["lexicon", "info", club])
    assert res.exit_code == EXIT_OK and "klub" in res.stdout
    res = runner.invoke(app, ["lexicon", "list"])
    assert "sjp-20220301" in res.stdout and "SJP.PL" in res.stdout and "klub" in res.stdout


@pytest.mark.parametrize(
    "argv",
    [
        ["check", "-l", "klub", "kot", "tok"],
        ["check", "--lexicon", "klub", "kot", "kotx"],
        ["check", "--each", "--lexicon=klub", "kot", "kotx"],
        ["--lang", "en", "check", "--json", "--each", "-l", "klub", "KOT"],
        ["check", "-l", "nieznany", "kot"],
        ["check", "-l", "klub"],
        ["check", "-l", "klub", "--", "-kot"],
    ],
)
def test_fast_check_answers_like_the_full_cli(
    club: str, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # The Typer-free path (for a quick start) gives the same verdict, output and exit code.
    from plansza.cli.i18n import use as set_language
    from plansza.cli.lexicon import fast_check

    code = fast_check(argv)
    fast = capsys.readouterr()
    set_language("pl")
    full = runner.invoke(app, argv)
    set_language("pl")
    assert code == full.exit_code
    assert fast.out == full.stdout
    assert fast.err.strip() == full.stderr.strip()


@pytest.mark.parametrize(
    "argv",
    [[], ["anagram", "KOT"], ["check", "--help"], ["check", "--bogus", "kot"], ["check", "-l"]],
)
def test_fast_check_leaves_other_command_lines_to_typer(argv: list[str]) -> None:
    from plansza.cli.lexicon import fast_check

    assert fast_check(argv) is None


def test_ensure_tolerates_an_unwritable_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # make setup runs `plansza lexicon ensure`; a read-only cache must not fail it.
    blocker = tmp_path / "plik"
    blocker.write_text("x")
    monkeypatch.setenv("PLANSZA_CACHE_DIR", str(blocker))
    res = runner.invoke(app, ["lexicon", "ensure"])
    assert res.exit_code == EXIT_OK and "Uwaga" in res.stderr


def test_ensure_reports_the_cache_file(default_lexicon: Lexicon) -> None:
    res = runner.invoke(app, ["lexicon", "ensure"])
    assert res.exit_code == EXIT_OK and "sjp-20220301" in res.stderr

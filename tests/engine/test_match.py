"""Self-play matches: reproducible from a seed, alternating starts, honest statistics,
games saved as GCG that replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from plansza.cli.main import app
from plansza.engine.match import run_match, wilson_interval
from plansza.lexicon import Lexicon


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return Lexicon.default(progress=False)


def test_same_seed_same_games(lex: Lexicon) -> None:
    a = run_match("static", "greedy", games=4, seed=11, lexicon=lex)
    b = run_match("static", "greedy", games=4, seed=11, lexicon=lex)
    strip = [(o.p1_score, o.p2_score, o.moves, o.p1_started) for o in a.outcomes]
    assert strip == [(o.p1_score, o.p2_score, o.moves, o.p1_started) for o in b.outcomes]
    c = run_match("static", "greedy", games=4, seed=12, lexicon=lex)
    assert strip != [(o.p1_score, o.p2_score, o.moves, o.p1_started) for o in c.outcomes]


def test_workers_do_not_change_the_games(lex: Lexicon) -> None:
    one = run_match("greedy", "random", games=4, seed=5, lexicon=lex, jobs=1)
    two = run_match("greedy", "random", games=4, seed=5, lexicon=lex, jobs=2)
    assert [o.spread for o in one.outcomes] == [o.spread for o in two.outcomes]


def test_starts_alternate_and_counts_add_up(lex: Lexicon) -> None:
    r = run_match("greedy", "greedy", games=6, seed=3, lexicon=lex)
    assert [o.p1_started for o in r.outcomes] == [True, False] * 3
    assert r.p1_wins + r.p2_wins + r.draws == 6
    data = r.as_json()
    assert set(data) >= {
        "games",
        "p1_wins",
        "p2_wins",
        "draws",
        "p1_win_rate",
        "ci95",
        "mean_spread",
    }
    assert data["mean_spread"] == pytest.approx(sum(o.spread for o in r.outcomes) / 6, abs=0.01)


@given(st.integers(0, 400), st.integers(1, 400))
def test_wilson_interval_contains_the_rate(points: int, n: int) -> None:
    points = min(points, n)
    lo, hi = wilson_interval(points, n)
    assert 0.0 <= lo <= points / n <= hi <= 1.0
    # More games, a narrower interval for the same rate.
    lo4, hi4 = wilson_interval(points * 4, n * 4)
    assert hi4 - lo4 < hi - lo


def test_cli_match_json_and_gcg(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "games"
    res = runner.invoke(
        app,
        [
            "match",
            "--p1",
            "static",
            "--p2",
            "greedy",
            "--games",
            "2",
            "--seed",
            "4",
            "--json",
            "--gcg-dir",
            str(out),
        ],
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["games"] == 2 and len(data["ci95"]) == 2
    files = sorted(out.glob("*.gcg"))
    assert len(files) == 2
    # The saved games replay with every recorded score right (exit 0).
    for f in files:
        rep = runner.invoke(app, ["replay", str(f)])
        assert rep.exit_code == 0, rep.output


def test_cli_match_table_in_polish() -> None:
    res = CliRunner().invoke(app, ["match", "--p1", "greedy", "--p2", "random", "--games", "2"])
    assert res.exit_code == 0
    assert "Wygrane" in res.stdout and "Przedział ufności" in res.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--p1", "mistrz"], "nieznany poziom gracza 'mistrz'"),
        (["--games", "0"], "--games musi być co najmniej 1"),
        (["--rules", "wespa"], "nie pasuje do płytek"),
        (["--rules", "szachy"], "nieznane zasady 'szachy'; dostępne: pfs, home, school, wespa"),
    ],
)
def test_cli_match_bad_arguments(args: list[str], needle: str) -> None:
    res = CliRunner().invoke(app, ["match", *args])
    assert res.exit_code == 2
    assert needle in res.stderr
    assert "Traceback" not in res.output


def test_cli_match_english() -> None:
    res = CliRunner().invoke(app, ["--lang", "en", "match", "--p1", "mistrz"])
    assert res.exit_code == 2 and "unknown player level" in res.stderr

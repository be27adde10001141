"""Game analysis: each move with a known rack against the engine's best."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli.main import app
from plansza.engine import make_player, play_game
from plansza.engine.analysis import AnalysisError, analyze
from plansza.engine.base import GameView
from plansza.engine.leaves import LeaveModel
from plansza.engine.static import Candidate
from plansza.game import Game
from plansza.gcg import read_gcg, record_from_game, write_gcg
from plansza.lexicon import Lexicon
from plansza.moves import Pass, Play
from plansza.rules import Rules

RULES = Rules.pfs()
ZERO = LeaveModel.zero(RULES.tileset)
runner = CliRunner()

SMALL = ["KOT", "KOTY", "TOK", "OK", "TY"]
WEAK = """#player1 ala Ala
#player2 ola Ola
>ala: KOTYAAE 8H KOT +10 10
>ola: EEIIUUA -EEIIUU +0 0
>ala: AAEYŹŻĆ - +0 10
"""


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return Lexicon.default(progress=False)


@pytest.fixture(scope="module")
def small() -> Lexicon:
    return Lexicon.build(SMALL, RULES.tileset, name="mini")


def _selfplay(lex: Lexicon, seed: int) -> str:
    game = Game(RULES, ["static", "greedy"], seed=seed, words=lex, starting_player=0)
    play_game(game, [make_player("static", lex, RULES), make_player("greedy", lex, RULES)])
    return write_gcg(record_from_game(game))


# The static player's own moves, judged from the record by the same evaluation, lose
# nothing: the position rebuilt from the GCG (board, rack, unseen tiles, bag, exchange
# limit TR 4.3.1, scoreless run TR 5.1.1b) is the one it saw.
@pytest.mark.parametrize("seed", [1, 2])
def test_the_top_move_every_time_loses_nothing(lex: Lexicon, seed: int) -> None:
    record = read_gcg(_selfplay(lex, seed))
    a = analyze(record, lex, RULES)
    static, greedy = a.summaries
    assert static.moves > 5
    assert static.total_lost == 0.0 and static.top_found == static.moves
    assert static.mistakes == []
    assert greedy.moves > 5 and greedy.total_lost > 0  # score alone is not equity
    assert a.skipped == []


def test_a_weak_move_shows_its_loss(small: Lexicon) -> None:
    a = analyze(read_gcg(WEAK), small, RULES, leaves=ZERO)
    kot, exch, pas = a.moves
    assert (kot.kind, kot.played, kot.played_score, kot.best_score) == ("play", "H8 KOT", 10, 14)
    assert kot.equity_lost == 4.0 and not kot.is_top
    # Exchanges and passes are compared too (a pass is a wasted turn: −10).
    assert exch.kind == "exchange" and exch.is_top
    assert pas.kind == "pass" and pas.played_equity == -10.0
    assert pas.best == "H8 KOTY" and pas.equity_lost == 17.0
    ala = a.summaries[0]
    assert (ala.moves, ala.top_found, ala.total_lost, ala.mean_lost) == (2, 0, 21.0, 10.5)
    assert [m.line for m in ala.mistakes] == [5, 3]


def test_the_played_move_found_among_the_candidates_has_its_rank(small: Lexicon) -> None:
    record = read_gcg("#player1 a A\n#player2 b B\n>a: KOTYAAE 8H KOTY +16 16\n")
    (m,) = analyze(record, small, RULES, leaves=ZERO).moves
    assert m.is_top and m.rank is not None and m.equity_lost == 0.0


# TR 4.7: a play challenged off scored nothing and kept the rack: it is valued as a pass.
def test_a_withdrawn_phony_is_valued_as_a_loss(small: Lexicon) -> None:
    record = read_gcg(
        "#player1 a A\n#player2 b B\n>a: KOTYAAE 8H KOA +6 6\n>a: KOTYAAE -- -6 0\n"
        ">b: EEIIUUA - +0 0\n>a: KOTYAAE 8H KOTY +16 16\n"
    )
    a = analyze(record, small, RULES, leaves=ZERO)
    loss, _, kot = a.moves
    assert loss.kind == "loss" and loss.played_score == 0 and loss.invalid_words == ("KOA",)
    assert loss.played_equity == -10.0 and loss.equity_lost == 24.0  # 6H KOTY: 14
    # The board is right after the withdrawal: KOTY can be played on the empty centre.
    assert kot.is_top and kot.played == "H8 KOTY"


def test_unknown_racks_and_exchange_counts_are_skipped(small: Lexicon) -> None:
    record = read_gcg("#player1 a A\n#player2 b B\n>a: 8H KOT +10 10\n>b: ABCDEFG -3 +0 0\n")
    a = analyze(record, small, RULES, leaves=ZERO)
    assert a.moves == []
    assert [line for line, _ in a.skipped] == [3, 4]
    assert a.summaries[0].moves == 0 and a.summaries[0].mean_lost == 0.0


def test_an_unplaceable_play_names_its_line(small: Lexicon) -> None:
    record = read_gcg(
        "#player1 a A\n#player2 b B\n>a: KOTYAAE 8H KOT +10 10\n>b: ABC 8H KOT +1 1\n"
    )
    with pytest.raises(AnalysisError) as e:
        analyze(record, small, RULES, leaves=ZERO, source="g.gcg")
    assert e.value.line == 4 and str(e.value).startswith("g.gcg:4:")


@dataclass
class FakeResult:
    candidate: Candidate
    value: float
    stderr: float
    iterations: int = 10


class FakeSim:
    """Values each candidate at twice its score; records the candidates it was given."""

    def __init__(self) -> None:
        self.pools: list[list[Candidate]] = []

    def simulate(
        self, view: GameView, candidates: list[Candidate], seconds: float
    ) -> Sequence[FakeResult]:
        self.pools.append(list(candidates))
        return [FakeResult(c, float(c.score) * 2, 0.5) for c in candidates]


def test_sim_simulates_the_played_move_with_the_candidates(small: Lexicon) -> None:
    record = read_gcg("#player1 a A\n#player2 b B\n>a: KOTYAAE 8H OK +4 4\n")
    sim = FakeSim()
    a = analyze(record, small, RULES, "sim", 0.1, leaves=ZERO, simulator=sim, candidates=2)
    (m,) = a.moves
    (pool,) = sim.pools
    assert any(isinstance(c.move, Play) and str(c.move) == "H8 OK" for c in pool)
    assert any(isinstance(c.move, Pass) for c in pool)
    # Two plays, the best exchange, the pass and the move played were simulated.
    assert len(pool) == 5
    assert m.played_score == 6 and m.played_equity == 12.0 and m.stderr == 0.5
    # The KOTY plays through the centre tie; which one the top-move search keeps
    # depends on the order it meets them in.
    assert m.best.endswith("8 KOTY") and m.best_equity == 28.0 and m.equity_lost == 16.0
    assert m.rank == 3  # below the two KOTY plays, above the exchange and the pass


def test_json_shape(small: Lexicon) -> None:
    data = analyze(read_gcg(WEAK), small, RULES, leaves=ZERO).as_json()
    assert set(data) == {"level", "lexicon", "players", "moves", "summary", "skipped"}
    assert data["lexicon"] == "mini" and data["players"] == ["Ala", "Ola"]
    move = data["moves"][0]
    assert set(move) == {
        "line",
        "turn",
        "player",
        "rack",
        "kind",
        "played",
        "best",
        "equity_lost",
        "top",
        "rank",
        "invalid_words",
    }
    assert move["played"] == {"move": "H8 KOT", "score": 10, "equity": 10.0}
    assert set(data["summary"][0]) == {
        "player",
        "name",
        "moves",
        "total_equity_lost",
        "mean_equity_lost",
        "top_found",
        "biggest_mistakes",
    }
    json.dumps(data)  # serialisable


def test_unknown_level_is_refused(small: Lexicon) -> None:
    with pytest.raises(ValueError, match="unknown analysis level"):
        analyze(read_gcg(WEAK), small, RULES, "oracle")


# ---- the command ----------------------------------------------------------------------


def _words(tmp_path: Path) -> str:
    path = tmp_path / "mini.txt"
    path.write_text("\n".join(SMALL) + "\n", encoding="utf-8")
    return str(path)


def test_cli_table_and_summary(tmp_path: Path) -> None:
    gcg = tmp_path / "g.gcg"
    gcg.write_text(WEAK, encoding="utf-8")
    r = runner.invoke(app, ["analyze", str(gcg), "--lexicon", _words(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "Analiza partii" in r.output and "Podsumowanie" in r.output
    assert "Największe błędy — Ala:" in r.output and "wiersz 5: pauza zamiast" in r.output
    en = runner.invoke(app, ["--lang", "en", "analiza", str(gcg), "--lexicon", _words(tmp_path)])
    assert en.exit_code == 0 and "Biggest mistakes — Ala:" in en.output


def test_cli_json(tmp_path: Path) -> None:
    gcg = tmp_path / "g.gcg"
    gcg.write_text(WEAK, encoding="utf-8")
    r = runner.invoke(app, ["analyze", str(gcg), "--json", "--lexicon", _words(tmp_path)])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert [m["line"] for m in data["moves"]] == [3, 4, 5]


def test_cli_sim_level(tmp_path: Path) -> None:
    words = _words(tmp_path)
    gcg = tmp_path / "g.gcg"
    gcg.write_text(WEAK, encoding="utf-8")
    r = runner.invoke(
        app,
        ["analyze", str(gcg), "--level", "sim", "--seconds", "0.02", "--json", "-l", words],
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["level"] == "sim" and len(data["moves"]) == 3


def test_cli_bad_gcg_names_file_and_line(tmp_path: Path) -> None:
    gcg = tmp_path / "bad.gcg"
    gcg.write_text("#player1 a A\n#player2 b B\n>a: KOTYAAE 8H KOT 10\nhello\n", encoding="utf-8")
    r = runner.invoke(app, ["analyze", str(gcg)])
    assert r.exit_code == 2
    assert f"{gcg}:3:" in r.output and f"{gcg}:4:" in r.output
    assert "błędy w zapisie (2)" in r.output


def test_cli_unplaceable_play_exits_2(tmp_path: Path) -> None:
    gcg = tmp_path / "g.gcg"
    gcg.write_text(
        "#player1 a A\n#player2 b B\n>a: KOTYAAE 8H KOT +10 10\n>b: ABC 8H KOT +1 1\n",
        encoding="utf-8",
    )
    r = runner.invoke(app, ["analyze", str(gcg), "--lexicon", _words(tmp_path)])
    assert r.exit_code == 2 and f"{gcg}:4:" in r.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--level", "oracle"], "nieznany poziom analizy"),
        (["--seconds", "-1"], "musi być dodatnie"),
        (["--rules", "chess"], "nieznane zasady"),
    ],
)
def test_cli_bad_options_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    gcg = tmp_path / "g.gcg"
    gcg.write_text(WEAK, encoding="utf-8")
    r = runner.invoke(app, ["analyze", str(gcg), *args])
    assert r.exit_code == 2 and message in r.output


def test_cli_missing_file_exits_2(tmp_path: Path) -> None:
    r = runner.invoke(app, ["analyze", str(tmp_path / "none.gcg")])
    assert r.exit_code == 2 and "nie ma pliku" in r.output

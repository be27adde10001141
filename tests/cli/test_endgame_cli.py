"""``plansza endgame`` (``końcówka``): the exact endgame of a CGP position, the bag empty.

The position is benchmark endgame seed 267 (``benchmarks/data/endgame_proved.json``):
AĆĘINŚY to move against IILNUWZ, proved worth +12 with E13 ŚWIĘĆ, 3A BLUZIN, 11M CYNA.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from plansza.board import Board
from plansza.cli.common import EXIT_INPUT, EXIT_OK
from plansza.cli.main import app
from plansza.engine.endgame import release_tables, solve
from plansza.lexicon import Lexicon
from plansza.rules import Rules
from plansza.services.positions import auto_table_bits

runner = CliRunner()
BOARD = (
    "LIMF3Ż4N2/1ŁABSKIE4IT1/BYK4N4LE1/3WPISU3Z1l1/4O2I3G1EH/2JADŹ5O1PO/4P3SZAJR1Ł/"
    "3KARACEN1Ą1WY/4TOGATA3DS/4RD1ROŃMY1EZ/4ZE4MOCCA/5Ó7H1/5W7E1/13m1/15"
)
MOVER, OPPONENT = "AĆĘINŚY", "IILNUWZ"
LINE = ["E13 ŚWIĘĆ", "3A BLUZIN", "11M CYNA"]


def run_json(*args: str) -> dict[str, Any]:
    res = runner.invoke(app, ["endgame", *args, "--json"])
    assert res.exit_code == EXIT_OK, res.output
    out: dict[str, Any] = json.loads(res.stdout)
    return out


def test_the_opponents_rack_is_the_unseen_tiles() -> None:
    # TR 1.4: with the bag empty the unseen tiles are the opponent's rack, so the CGP
    # may leave it out; TR 5.1.1a, 5.1.2: the proved value counts going out and the
    # rack left, +12, and the line is the proved one.
    out = run_json("--cgp", f"{BOARD} {MOVER}/ 0/0 0", "--threads", "1")
    assert out["opponent"] == OPPONENT
    assert out["exact"] is True and out["value"] == 12
    assert [m["move"] for m in out["moves"]] == LINE
    assert [m["player"] for m in out["moves"]] == [0, 1, 0]
    assert [m["score"] for m in out["moves"]] == [25, 39, 22]


def test_final_spread_adds_the_scores_of_the_cgp() -> None:
    out = run_json("--cgp", f"{BOARD} {MOVER}/{OPPONENT} 310/300 0")
    assert out["final_spread"] == 310 - 300 + 12


def test_scoreless_turns_of_the_cgp_shorten_the_game() -> None:
    # TR 5.1.1b: the CGP's count of scoreless turns in a row so far leaves 4 - n more
    # under PFS; the command solves with exactly that (the library gives the truth).
    out = run_json("--cgp", f"{BOARD} {MOVER}/ 0/0 3", "--threads", "1")
    lex = Lexicon.default(progress=False)
    truth = solve(Board.from_cgp(BOARD), MOVER, OPPONENT, lex, Rules.pfs(), scoreless_left=1)
    assert out["exact"] and out["value"] == truth.spread
    assert [m["move"] for m in out["moves"]] == [str(m) for m in truth.moves]


def test_a_small_table_proves_the_same_value() -> None:
    out = run_json("--cgp", f"{BOARD} {MOVER}/ 0/0 0", "--table-bits", "16")
    assert out["exact"] and out["value"] == 12


def test_table_in_polish_adds_up_with_the_racks_settled() -> None:
    # TR 5.1.2: the player who goes out gains twice the rack left (IW, 2 points each
    # way): the plays add up to +8, the racks to +4, the value +12.
    res = runner.invoke(app, ["endgame", "--cgp", f"{BOARD} {MOVER}/ 310/300 0"])
    assert res.exit_code == EXIT_OK, res.output
    for text in (*LINE, "rozliczenie stojaków", "+4", "Wartość: +12", "Dowiedzione"):
        assert text in res.stdout
    assert "Różnica na koniec gry: +22" in res.stdout


def test_the_polish_alias() -> None:
    res = runner.invoke(app, ["końcówka", "--cgp", f"{BOARD} {MOVER}/ 0/0 0", "--json"])
    assert res.exit_code == EXIT_OK, res.output
    assert json.loads(res.stdout)["value"] == 12


@pytest.mark.parametrize(
    ("cgp", "extra", "fragment"),
    [
        # a partial opponent's rack: tiles are left in the bag (named, in order)
        (f"{BOARD} {MOVER}/IIL 0/0 0", [], "płytki w worku: 4 (NUWZ)"),
        # two tiles fewer on the rack to move: nine tiles unseen, not an endgame
        (f"{BOARD} AĆĘIN/ 0/0 0", [], "niewidoczne płytki: 9"),
        # TR 5.1.1b: four scoreless turns in a row have already ended the game
        (f"{BOARD} {MOVER}/ 0/0 4", [], "gra już się skończyła"),
        (f"{BOARD} / 0/0 0", [], "brak stojaka"),
        (f"{BOARD} {MOVER}/ 0/0 0", ["--rules", "xyz"], "nieznane zasady 'xyz'"),
        (f"{BOARD} {MOVER}/ 0/0 0", ["--seconds", "0"], "--seconds musi być dodatnie"),
        (f"{BOARD} {MOVER}/ 0/0 0", ["--table-bits", "29"], "--table-bits"),
        ("15/15 A/ 0/0 0", [], "CGP"),
    ],
)
def test_bad_input_is_named_with_exit_2(cgp: str, extra: list[str], fragment: str) -> None:
    res = runner.invoke(app, ["endgame", "--cgp", cgp, *extra])
    assert res.exit_code == EXIT_INPUT
    assert fragment in res.output
    assert "Traceback" not in res.output


def test_a_line_cut_by_the_time_limit_is_said_to_be_not_proved() -> None:
    # A 7-vs-7 endgame (tests/engine/test_endgame.py, proved worth +30) cannot be
    # proved in a millisecond: the answer is the best line found (the first iteration
    # always completes), marked as not proved, with no racks-settled row.
    board = (
        "14D/10CM2O/4w5TER1P/4I4ORFĘ1A/4T4PL1C1D/4Z4AU1E1A/G3O4C4N/A3W2ZWILŻYŁY/JA2IN3A1EH2/"
        "NU3Ó3S5/IL3ZbRĄZOWIŁO/KOŚĆMI1A2JET1D/IS5Ź5KR/E6N5BY/M6E5KB"
    )
    args = ["endgame", "--cgp", f"{board} AHIŃPSW/AEGNSYZ 0/0 0", "--seconds", "0.001"]
    release_tables()  # (an earlier test's proof of it may still be kept)
    res = runner.invoke(app, [*args, "--threads", "1"])
    assert res.exit_code == EXIT_OK, res.output
    assert "Niedowiedzione" in res.stdout and "rozliczenie stojaków" not in res.stdout
    release_tables()
    out = run_json(*args[1:])
    assert out["exact"] is False and out["moves"] and out["moves"][0]["player"] == 0
    # cut in the iterative deepening, before any test of the proof: nothing proved
    assert out["proved_lower"] is None and out["proved_upper"] is None


def cut_short(monkeypatch: pytest.MonkeyPatch, **changes: Any) -> None:
    """Make solve's answers look cut short by the limit: not exact, with ``changes``
    (``"spread"`` for a value: the answer's own spread)."""
    import dataclasses

    import plansza.engine.endgame as endgame_module

    real = endgame_module.solve

    def cut(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        made = {k: result.spread if v == "spread" else v for k, v in changes.items()}
        return dataclasses.replace(result, exact=False, **made)

    monkeypatch.setattr(endgame_module, "solve", cut)


@pytest.mark.parametrize(
    ("lower", "upper", "lang", "text"),
    [
        (12, None, "pl", "Dowiedzione: wartość co najmniej +12 (nie zdążono dowieść"),
        (12, None, "en", "Proved: the value is at least +12"),
        (None, 14, "pl", "Dowiedzione: wartość co najwyżej +14"),
        (10, 14, "pl", "Dowiedzione: wartość od +10 do +14"),
        (10, 14, "en", "Proved: the value is +10 to +14"),
    ],
)
def test_a_proof_cut_short_names_the_bounds_it_proved(
    lower: int | None, upper: int | None, lang: str, text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bounds come from solve (tests/engine: they hold); here, how they are told.
    cut_short(monkeypatch, lower=lower, upper=upper)
    res = runner.invoke(app, ["--lang", lang, "endgame", "--cgp", f"{BOARD} {MOVER}/ 0/0 0"])
    assert res.exit_code == EXIT_OK, res.output
    assert text in res.stdout.replace("\n", " ")
    out = run_json("--cgp", f"{BOARD} {MOVER}/ 0/0 0")
    assert out["proved_lower"] == lower and out["proved_upper"] == upper


@pytest.mark.parametrize(
    ("complete", "lang", "text", "row"),
    [
        (True, "pl", "każdy ruch po pierwszym sprawdzony jako najlepszy", "rozliczenie stojaków"),
        (True, "en", "every move after the first checked to be a best one", "racks settled"),
        (False, "pl", None, "rozliczenie stojaków"),
    ],
)
def test_a_checked_line_of_a_proof_cut_short_is_told_and_settled(
    complete: bool, lang: str, text: str | None, row: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A proof stopped by the limit whose lower bound is the answer's value answers with
    # the line that proved it, checked to the end of the game (tests/engine: the moves
    # after the first are best ones): said so, with the racks-settled row (TR 5.1.2).
    # A line that stops before the end gets neither.
    cut_short(monkeypatch, lower="spread", upper=None, complete=complete)
    res = runner.invoke(app, ["--lang", lang, "endgame", "--cgp", f"{BOARD} {MOVER}/ 0/0 0"])
    assert res.exit_code == EXIT_OK, res.output
    said = " ".join(res.stdout.split())  # (the console wraps long lines)
    if text is None:
        assert "sprawdzony" not in said and row not in said
    else:
        assert text in said and row in said
    out = run_json("--cgp", f"{BOARD} {MOVER}/ 0/0 0")
    assert out["line_complete"] is complete


@pytest.mark.parametrize(
    ("seconds", "memory", "bits"),
    [
        (10, 24 << 30, 22),  # a solve of seconds: the default table
        (59.9, 24 << 30, 22),
        (60, 24 << 30, 26),  # a proof of minutes: 2 GiB, an eighth of 24 GiB at most
        (600, 8 << 30, 25),  # 1 GiB: an eighth of 8 GiB
        (600, 1 << 30, 22),  # never below the default
        (600, None, 22),  # memory not known
    ],
)
def test_the_table_grows_with_the_time_limit(seconds: float, memory: int | None, bits: int) -> None:
    assert auto_table_bits(seconds, memory) == bits

"""The game commands through the CLI: output, JSON shapes and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from plansza.cli.main import app

runner = CliRunner()
EMPTY = "/".join(["15"] * 15)
MID1 = (
    "15/15/15/15/15/7N7/7ARMIA3/7P3MIOT/7OŚKA3R/5BOI2N3W/1DESKI3PO2DA/1OR1O4IN1FAŁ/"
    "1M2TWYCH1S2Ł1/15/15"
)
GAME = """#player1 ala Ala
#player2 jan Jan
>ala: ŻUBRAAE 8H ŻUBR +24 24
>jan: ABCDEFG H8 .A +6 6
"""


def test_score_legal_play() -> None:
    r = runner.invoke(app, ["--lang", "en", "score", "--cgp", EMPTY, "--move", "H8 ŻUBR"])
    assert r.exit_code == 0, r.output
    assert "24" in r.output


def test_score_json_lists_every_word() -> None:
    r = runner.invoke(app, ["score", "--cgp", MID1, "--move", "11B DOMY", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["score"] == 14 and data["words"] == [
        {"word": "DOMY", "coordinate": "11B", "score": 14}
    ]


def test_score_illegal_exits_1_with_the_reason() -> None:
    r = runner.invoke(app, ["score", "--cgp", EMPTY, "--move", "A1 ŻUBR"])
    assert r.exit_code == 1
    assert "H8" in r.output and "first_play_centre" in r.output


def test_score_unreadable_input_exits_2() -> None:
    assert runner.invoke(app, ["score", "--cgp", EMPTY, "--move", "Z9 ŻUBR"]).exit_code == 2
    assert runner.invoke(app, ["score", "--cgp", "15/15", "--move", "H8 ŻUBR"]).exit_code == 2
    assert runner.invoke(app, ["score", "--cgp", EMPTY, "--move", "pauza"]).exit_code == 2
    assert (
        runner.invoke(app, ["score", "--cgp", EMPTY, "--move", "H8 AB", "--rules", "x"]).exit_code
        == 2
    )


def test_show_draws_the_board() -> None:
    r = runner.invoke(app, ["show", "--cgp", MID1 + " EIKNOR?/ 100/90 0"])
    assert r.exit_code == 0, r.output
    assert "Ś" in r.output and "K2" in r.output  # a board letter; the rack with tile values


def test_replay_json_shape_and_mismatch_exit(tmp_path: Path) -> None:
    f = tmp_path / "g.gcg"
    f.write_text(GAME, encoding="utf-8")
    r = runner.invoke(app, ["replay", str(f), "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data == {
        "moves": [
            {"player": "ala", "move": "H8 ŻUBR", "recorded": 24, "computed": 24},
            {"player": "jan", "move": "8H ŻA", "recorded": 6, "computed": 6},
        ],
        "final": {"scores": [24, 6], "winner": 0},
    }
    f.write_text(GAME.replace("+6 6", "+7 7"), encoding="utf-8")
    assert runner.invoke(app, ["replay", str(f)]).exit_code == 1


def test_replay_unreadable_file_names_the_line(tmp_path: Path) -> None:
    f = tmp_path / "g.gcg"
    f.write_text(GAME.replace("+6 6", "+x 6"), encoding="utf-8")
    r = runner.invoke(app, ["replay", str(f)])
    assert r.exit_code == 2
    assert f"{f}:4" in r.output
    assert runner.invoke(app, ["replay", str(tmp_path / "missing.gcg")]).exit_code == 2


def test_demo_replays_the_sample_game() -> None:
    r = runner.invoke(app, ["--lang", "en", "demo"])
    assert r.exit_code == 0, r.output
    assert "SJP.PL" in r.output and "OSPS" in r.output

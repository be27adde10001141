"""``plansza duplikat draw --tiles``: the rack typed from the real bag (I.5, II.2, II.14)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli import duplicate as cli_duplicate
from plansza.cli.i18n import use as set_language

runner = CliRunner()


def run(*args: str, lang: str = "pl") -> tuple[int, str, str]:
    set_language(lang)
    res = runner.invoke(cli_duplicate.app, list(args))
    return res.exit_code, res.stdout, res.stderr


@pytest.fixture()
def path(tmp_path: Path) -> str:
    file = str(tmp_path / "belgijka.json")
    assert run("new", "--seed", "7", "--file", file)[0] == 0
    assert run("register", "Anna Żak", "--file", file)[0] == 0
    return file


def test_a_redraw_then_a_rack_that_stands(path: str) -> None:
    # II.2: a rack without vowels is sent back whole; the next one meets the rule.
    code, out, _ = run("draw", "--tiles", "krtzswn", "--file", path)
    assert code == 0
    assert "Ponowne losowanie (II.2)" in out and "wyciągnij 7 płytek" in out
    code, out, _ = run("draw", "--tiles", "kotaełs", "--json", "--file", path)
    assert code == 0
    data = json.loads(out)
    assert data["rack"] == "KOTAEŁS" and data["draw"]["outcome"] == "meets"
    assert [a["drawn"] for a in data["draw"]["attempts"]] == ["KRTZSWN", "KOTAEŁS"]
    assert data["bag"] == 93


def test_a_redraw_in_json_and_in_english(path: str) -> None:
    # II.2: the redraw is a state, not a refusal: exit 0 and what to draw next.
    code, out, _ = run("draw", "-t", "KRTZSWN", "--json", "--file", path)
    assert code == 0
    data = json.loads(out)
    assert data["outcome"] == "redraw" and data["to_draw"] == 7 and data["move"] == 1
    code, out, _ = run("draw", "-t", "KRTZSWN", "--file", path, lang="en")
    assert code == 0 and "Draw 2: KRTZSWN" in out and "draw 7 tiles" in out


def test_bad_tiles_are_one_line_errors(path: str) -> None:
    # I.5: the tiles come from the bag; a wrong count or a non-tile is bad input (2),
    # tiles the bag does not hold are refused by the state (3).
    code, _, err = run("draw", "--tiles", "kot", "--file", path)
    assert code == 2 and "trzeba dobrać z woreczka 7 płytek" in err
    assert len(err.strip().splitlines()) == 1
    code, _, err = run("draw", "--tiles", "kotaełx", "--file", path)
    assert code == 2 and "x" in err
    # "?" is a blank, and a rack with it stands (II.2: it counts as either).
    code, out, _ = run("draw", "--tiles", "kotaeł?", "--json", "--file", path)
    assert code == 0 and json.loads(out)["rack"] == "KOTAEŁ?"


def test_tiles_not_in_the_bag_are_refused(path: str) -> None:
    # I.5: there are no tiles outside the set; a third blank is not in the bag.
    code, _, err = run("draw", "--tiles", "kota???", "--file", path, lang="en")
    assert code == 3
    assert err.strip().endswith("?, ?, ?: not in the bag (left of them: ? 2)")


def test_a_program_draw_waits_for_a_typed_redraw(path: str) -> None:
    # II.2: the redraws of a move are counted on one draw.
    run("draw", "--tiles", "krtzswn", "--file", path)
    code, _, err = run("draw", "--file", path)
    assert code == 3 and "--tiles" in err


def test_a_rack_that_meets_the_rule_prints_no_catalogue_header(path: str) -> None:
    # II.2: "meets" has no note; gettext("") is the catalogue's header and must not show.
    code, out, _ = run("draw", "--tiles", "kotaełs", "--file", path, lang="en")
    assert code == 0 and "Project-Id-Version" not in out and "KOTAEŁS" in out

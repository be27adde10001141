"""``turniej`` on byes, repeats and players who left: the bye's score asked at ``new``,
the RS §7.7 adjustment offered for a bye before any game, ``pair`` saying what the
halving system had to do (RS §7.5–7.6), and withdrawn, removed (TR 6.3.4) and
excluded (TR 7.1) players marked in the standings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli import tournament as cli
from plansza.cli.common import EXIT_INPUT, EXIT_REFUSED

from .test_cli import Referee

runner = CliRunner()


def flat(text: str) -> str:
    """Output without the console's line wrapping."""
    return " ".join(text.split())


def settings_of(ref: Referee) -> dict[str, object]:
    out = json.loads(ref("set"))  # no change: prints the settings in force
    assert isinstance(out, dict)
    return out


def new(tmp_path: Path, *args: str, system: str = "halving", rounds: int = 5) -> Referee:
    ref = Referee(tmp_path / f"{system}.turniej.sqlite")
    ref("new", "Test", "--rounds", str(rounds), "--system", system, *args)
    return ref


def play_round(ref: Referee, n: int) -> None:
    """Results for every table of round ``n``: the first named wins."""
    for t in ref.json("pairings", "--round", str(n)):
        if t["second"] is not None:
            ref("result", str(n), str(t["first"]), "400", str(t["second"]), "300")


def test_new_takes_the_bye_score_given() -> None:
    # the bye's score is the tournament's setting (pairing-notes 6)
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        ref = new(Path(d), "--bye", "350:300")
        assert settings_of(ref)["bye_score"] == [350, 300]


def test_new_asks_for_the_bye_score_at_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the PFS rules set no bye score: the referee is asked (a bad answer asked again)
    monkeypatch.setattr(cli, "interactive", lambda: True)
    db = str(tmp_path / "t.turniej.sqlite")
    res = runner.invoke(
        cli.app,
        ["new", "T", "--rounds", "5", "--system", "halving", "--db", db],
        input="trzysta\n280:230\n",
    )
    assert res.exit_code == 0, res.output
    assert "Wynik pauzy" in res.output and "trzysta" in res.output
    assert settings_of(Referee(Path(db)))["bye_score"] == [280, 230]


def test_new_without_a_terminal_says_which_bye_score_it_took(tmp_path: Path) -> None:
    db = str(tmp_path / "t.turniej.sqlite")
    res = runner.invoke(cli.app, ["new", "T", "--rounds", "5", "--system", "swiss", "--db", db])
    assert res.exit_code == 0
    assert "Nie podano --bye" in res.stderr and "300:250" in res.stderr
    assert "turniej set --bye" in res.stderr


def test_the_english_championship_takes_its_own_bye_without_asking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # MPA 2c i: a bye is 1 big point and 300:250 — the format's default, nothing asked
    monkeypatch.setattr(cli, "interactive", lambda: True)
    db = str(tmp_path / "t.turniej.sqlite")
    res = runner.invoke(cli.app, ["new", "MPA", "--rounds", "15", "--system", "mpa", "--db", db])
    assert res.exit_code == 0 and "Wynik pauzy" not in res.output
    assert "Nie podano" not in res.stderr
    assert settings_of(Referee(Path(db)))["bye_score"] == [300, 250]


def test_round_one_bye_is_offered_as_an_adjustment_and_taken(tmp_path: Path) -> None:
    # RS §7.7: a bye to a player who has not played is corrected by an adjustment
    ref = new(tmp_path, "--bye", "300:250")
    for name in ("Ala", "Bea", "Cyryl", "Dora", "Edek"):
        ref("add-player", name)
    out = flat(ref("pair"))
    assert "RS §7.7" in out and "turniej bye 1 5 --adjust" in out
    assert "nie mogą" not in out
    ref("bye", "1", "Ala", "--adjust", code=EXIT_REFUSED)  # Ala plays: no bye to adjust
    out = flat(ref("bye", "1", "5", "--adjust"))
    assert "dołącza w rundzie 2 z wyrównaniem" in out
    assert all(t["second"] is not None for t in ref.json("pairings", "--round", "1"))
    play_round(ref, 1)
    edek = next(r for r in ref.json("standings") if r["name"] == "Edek")
    assert (edek["big_points"], edek["games"]) == (0, 0)  # no bye's point
    out = ref("pair")
    assert "RS §7.7" not in out  # the bye of round 2 goes to a player who has played
    # RS §7.2: joins round 2 at the place of the seeding number, adjusted
    assert "*" in next(line for line in ref("standings").splitlines() if "Edek" in line)
    tables = ref.json("pairings", "--round", "2")
    assert any(5 in (t["first"], t["second"]) for t in tables if t["second"] is not None)
    log = ref.json("log")
    assert any(e["kind"] == "bye_adjustment" and "RS §7.7" in e["text"] for e in log)
    ref("bye", "1", "5", "--adjust", code=EXIT_REFUSED)  # round 2 is paired


def test_no_adjustment_in_a_round_robin(tmp_path: Path) -> None:
    # the round robin's bye is the schedule's (each player's turn); RS §7.7 is not about it
    ref = new(tmp_path, "--bye", "300:250", system="roundrobin")
    for name in ("Ala", "Bea", "Cyryl"):
        ref("add-player", name)
    out = ref("pair")
    assert "--adjust" not in out
    bye = next(t for t in ref.json("pairings") if t["second"] is None)
    assert "rozkładu gier" in ref("bye", "1", str(bye["first"]), "--adjust", code=EXIT_REFUSED)


def test_pair_says_it_repeats_and_widens_and_the_log_keeps_it(tmp_path: Path) -> None:
    # RS §7.5: no pairing without repeats in round 4 of four players; RS §7.6: 1.5 points
    ref = new(tmp_path, "--bye", "300:250")
    for name in ("Ala", "Bea", "Cyryl", "Dora"):
        ref("add-player", name)
    for n in (1, 2, 3):
        assert "ponownie" not in ref("pair")
        play_round(ref, n)
    out = flat(ref("pair"))
    assert out.count("grają ponownie") == 2 and "(grali już w rundzie" in out
    assert "RS §7.5" in out and "rozszerzono do 1,5" not in out and "1.5 punktu" in out
    last = ref.json("log")[-1]
    assert last["kind"] == "paired" and last["data"]["notes"]["why"] == "forced"
    assert last["data"]["notes"]["widened"] == 1.5
    assert "RS §7.6" in str(last["text"]) and "powtórzenia" in str(last["text"])


def test_withdrawn_removed_and_excluded_players_are_marked(tmp_path: Path) -> None:
    # TR 6.3.4 (removed: a no-show at the next pairing), TR 7.1 (excluded), RS §7.2
    ref = new(tmp_path, "--bye", "300:250", rounds=4)
    for name in ("Ala", "Bea", "Cyryl", "Dora", "Edek", "Fela"):
        ref("add-player", name)
    ref("pair")
    play_round(ref, 1)
    ref("withdraw", "Bea", "--excluded", "--removed", code=EXIT_INPUT)
    ref("withdraw", "Ala")
    assert "usunięcie z turnieju od rundy 2" in flat(ref("withdraw", "Bea", "--removed"))
    ref("withdraw", "Cyryl", "--excluded")
    text = ref("standings")
    line = {n: next(x for x in text.splitlines() if n in x) for n in ("Ala", "Bea", "Cyryl")}
    assert "wycofanie od rundy 2" in line["Ala"]
    assert "usunięcie z turnieju od rundy 2 (TR 6.3.4)" in line["Bea"]
    assert "wykluczenie od rundy 2 (TR 7.1)" in line["Cyryl"]
    assert "od rundy" not in next(x for x in text.splitlines() if "Dora" in x)
    rows = {r["name"]: r for r in ref.json("standings")}
    assert (rows["Bea"]["status"], rows["Bea"]["since_round"]) == ("removed", 2)
    assert rows["Dora"]["status"] is None
    assert "TR 6.3.4" in ref("return", "Bea", code=EXIT_REFUSED)
    assert any("usunięcie z turnieju, TR 6.3.4" in str(e["text"]) for e in ref.json("log"))
    ref("return", "Ala", "--round", "3")
    ref("pair")
    play_round(ref, 2)
    rows = {r["name"]: r for r in ref.json("standings")}
    assert rows["Ala"]["status"] is None  # back from round 3
    assert rows["Bea"]["status"] == "removed"
    html = tmp_path / "k.html"
    ref("standings", "--html", str(html))
    page = html.read_text(encoding="utf-8")
    assert "usunięcie z turnieju od rundy 2, TR 6.3.4" in page
    assert "wykluczenie od rundy 2, TR 7.1" in page

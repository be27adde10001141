"""The GCG fixtures: real-looking games replay with correct scores (golden files).

The fixtures are made by ``tests/game/data/make_games.py`` (run it again to
regenerate them); each ``.json`` holds the result the game engine reached.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plansza.board import Board
from plansza.gcg import EventKind, read_gcg, write_gcg
from plansza.replay import replay
from plansza.rules import Rules

GAMES = sorted((Path(__file__).parent / "data" / "games").glob("*.gcg"))


def test_there_are_a_dozen_fixtures() -> None:
    assert len(GAMES) >= 12


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_fixture_replays_with_correct_scores(path: Path) -> None:
    golden = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    rules = Rules.by_name(golden["rules"], players=len(golden["final"]))
    rec = read_gcg(path.read_text(encoding="utf-8"), rules.tileset, source=path.name)
    assert rec.errors == []
    rep = replay(rec, rules)
    assert rep.mismatches == []
    assert rep.scores == golden["final"]
    assert rep.winner == golden["winner"]
    # The totals written on every line agree with the recomputed running scores.
    running = [0] * len(rec.players)
    for ev, m in zip(rec.events, rep.moves, strict=True):
        if m.computed is not None:
            running[ev.player] += m.computed
        if ev.kind is not EventKind.END_RACK:
            assert running[ev.player] == ev.total, f"line {ev.line}"


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_fixture_round_trips_through_the_writer(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert write_gcg(read_gcg(text)) == text


def _features() -> set[str]:
    seen: set[str] = set()
    for path in GAMES:
        rec = read_gcg(path.read_text(encoding="utf-8"))
        rules = Rules.by_name(rec.pragmas.get("rules", "pfs"), players=len(rec.players))
        board = Board()
        blanks_in_game = 0
        exchanges = [0] * len(rec.players)
        for ev in rec.events:
            if ev.kind is EventKind.PLAY:
                play = ev.play(board)
                new = [
                    (sq, ch)
                    for sq, ch in zip(
                        play.coordinate.squares(len(play.word)), play.word, strict=True
                    )
                    if board[sq] is None
                ]
                for sq, ch in new:
                    if ch.islower():
                        blanks_in_game += 1
                        if board.premium(*sq).name != "NONE":
                            seen.add("blank on a premium")
                if len(new) == 7 and len(play.word) > 7:
                    seen.add("bingo through letters")
                board.place(new)
            elif ev.kind is EventKind.WITHDRAWN:
                seen.add("phony challenged off")
                r = replay(
                    type(rec)(players=rec.players, events=rec.events[: rec.events.index(ev) + 1]),
                    rules,
                )
                board = r.board
            elif ev.kind is EventKind.EXCHANGE:
                exchanges[ev.player] += 1
            if "przekroczył" in ev.note:
                seen.add("flag fall")
        if blanks_in_game >= 2:
            seen.add("two blanks")
        if max(exchanges) >= 3:
            seen.add("exchanges at the limit")
        golden = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        if golden["end"] == "scoreless":
            seen.add("scoreless ending")
        if len(rec.players) > 2:
            seen.add("three players")
    return seen


def test_fixtures_cover_what_the_issue_lists() -> None:
    assert _features() >= {
        "blank on a premium",
        "two blanks",
        "bingo through letters",
        "phony challenged off",
        "exchanges at the limit",
        "flag fall",
        "scoreless ending",
        "three players",
    }

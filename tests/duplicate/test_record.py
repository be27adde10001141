"""The exported record of a scripted championship against golden files (racks, draw logs,
tops, every card, overrides, penalties, tables). Set PLANSZA_UPDATE_GOLDEN=1 to rewrite
them after a deliberate change. The text report's tests are in test_report.py."""

from __future__ import annotations

import json
import os
from pathlib import Path

from plansza.duplicate import Card, Championship
from plansza.duplicate.report import record
from plansza.duplicate.storage import dumps
from plansza.lexicon import Lexicon

DATA = Path(__file__).parent / "data"
BAG = "KOTYAKOTOKOTAKOTAEKLAZ"


def scripted(lex: Lexicon) -> Championship:
    """Three players, two games on a small bag: right and wrong cards, a choice, an
    override, a penalty, a pass-free finish."""
    ch = Championship(seed="golden", name="Test", games_planned=2, lexicon="test-belgijka")
    for name in ("Żaneta Źdźbło", "Adam Łukasz", "Ewa Sowa"):
        ch.register(name)
    for game_no in (1, 2):
        game = ch.start_game(bag=BAG)
        n = 0
        while not game.over:
            move = ch.draw(lex)
            n += 1
            if move.candidates:
                top = move.candidates[0]
                ch.enter_card(1, Card(str(top.play), top.score), lex)
                ch.enter_card(2, Card(str(top.play), top.score + 1), lex)
                ch.enter_card(3, Card("Z9 KOT", 5), lex)
                if n == 1 and game_no == 1:
                    ch.penalty(3, "exclude_move", "telefon")
                    ch.override(2, top.score, "suma poprawiona przez sędziego")
                if n == 2 and len(move.candidates) > 1:
                    ch.choose(lex, index=1, reason="test II.13", force=True)
            ch.close()
    return ch


def golden(name: str, text: str) -> None:
    path = DATA / name
    if os.environ.get("PLANSZA_UPDATE_GOLDEN") or not path.exists():
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_the_json_record(lex: Lexicon) -> None:
    ch = scripted(lex)
    text = json.dumps(record(ch), ensure_ascii=False, indent=1) + "\n"
    golden("record.json", text)
    data = json.loads(text)
    # The record holds racks, draw logs, tops and every card.
    move = data["games"][0]["moves"][0]
    assert move["rack"] and move["draw"]["attempts"] and move["candidates"]
    assert [c["player"] for c in move["cards"]] == [1, 2, 3]
    assert data["results"]["championship"][0]["name"] == "Żaneta Źdźbło"


def test_the_file_is_the_same_after_a_reload(lex: Lexicon) -> None:
    ch = scripted(lex)
    again = Championship.from_dict(json.loads(dumps(ch)))
    assert dumps(again) == dumps(ch)
    assert record(again) == record(ch)

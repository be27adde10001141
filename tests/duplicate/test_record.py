"""The exported record of a scripted championship against golden files (racks, draw logs,
tops, every card, overrides, penalties, tables). Set PLANSZA_UPDATE_GOLDEN=1 to rewrite
them after a deliberate change. The text report's tests are in test_report.py."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from plansza.duplicate import Card, Championship
from plansza.duplicate.report import record
from plansza.duplicate.storage import dumps, save
from plansza.duplicate.storage import load as read
from plansza.i18n import describe, translator
from plansza.lexicon import Lexicon
from plansza.records import RecordError, load

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
    assert move["draw"]["attempts"] and move["candidates"]
    assert data["results"]["games"][0]["moves"][0]["rack"] == "".join(
        a for a in (move["draw"]["attempts"][-1]["kept"], move["draw"]["attempts"][-1]["drawn"])
    )
    assert [c["player"] for c in move["cards"]] == [1, 2, 3]
    assert data["results"]["championship"][0]["name"] == "Żaneta Źdźbło"


def test_the_file_is_the_same_after_a_reload(lex: Lexicon) -> None:
    ch = scripted(lex)
    again = load(Championship, strip(json.loads(dumps(ch))))
    assert dumps(again) == dumps(ch)
    assert record(again) == record(ch)


def strip(data: dict[str, object]) -> dict[str, object]:
    """The championship's fields: the file's data without its format and version."""
    return {k: v for k, v in data.items() if k not in ("format", "version")}


def test_a_version_1_file_reads_as_the_same_championship(lex: Lexicon, tmp_path: Path) -> None:
    # A file written before the records (version 1, kept in data/) is read in the hall
    # after an update and gives the same championship: the next save writes version 2.
    old = read(DATA / "championship-v1.json")
    assert dumps(old) == dumps(scripted(lex))
    save(old, tmp_path / "b.json")
    assert json.loads((tmp_path / "b.json").read_text(encoding="utf-8"))["version"] == 2


def test_a_damaged_file_names_the_field(tmp_path: Path) -> None:
    data = json.loads((DATA / "championship-v1.json").read_text(encoding="utf-8"))
    data["games"][0]["moves"][0]["candidates"][0]["score"] = "dużo"
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as e:
        read(path)
    assert e.value.field == "games[0].moves[0].candidates[0].score"
    assert describe(e.value, translator("pl")).startswith(f"{path}: games[0]")
    assert "liczbą całkowitą, a nie tekstem" in describe(e.value, translator("pl"))

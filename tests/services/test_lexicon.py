"""The lexicon service: which lexicon a position's command uses, a word list compiled and
written, the user's lexicons."""

from __future__ import annotations

from pathlib import Path

import pytest

from plansza.lexicon import store
from plansza.services.lexicon import (
    DEFAULT_NAME,
    LexiconChoice,
    LexiconNameError,
    build_target,
    building_message,
    choose_lexicon,
    compile_lexicon,
    read_words,
    user_lexicons,
)
from plansza.tiles import TileSet


@pytest.fixture(autouse=True)
def _own_lexicons(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLANSZA_DATA_DIR", str(tmp_path / "data"))


def test_the_default_name_is_the_stores() -> None:
    assert DEFAULT_NAME == store.DEFAULT_NAME
    assert "{name}" in building_message()


def test_a_word_list_is_compiled_under_a_name_and_then_chosen_by_the_cgp(tmp_path: Path) -> None:
    words = tmp_path / "klub.txt"
    words.write_text("kot\nKOT\ntok\nx1\na\n", encoding="utf-8")
    report = read_words(words, TileSet.polish())
    assert [bad.line for bad in report.bad] == [4] and report.accepted == 3
    target, given = build_target("klub")
    assert not given and target == store.named_path("klub")
    compiled = compile_lexicon(report, target, TileSet.polish(), parents=True)
    assert compiled.size == target.stat().st_size and "TOK" in compiled.lexicon
    assert len(compiled.lexicon) == 2 and user_lexicons() == [("klub", target)]
    assert choose_lexicon(None, "klub") == LexiconChoice(str(target))
    assert choose_lexicon("sjp", "klub") == LexiconChoice("sjp", "option_wins")
    assert choose_lexicon(str(target), " klub ") == LexiconChoice(str(target))
    assert choose_lexicon(None, "../klub") == LexiconChoice(DEFAULT_NAME, "unknown_op")


def test_the_target_of_a_path_and_the_reserved_names(tmp_path: Path) -> None:
    assert build_target(str(tmp_path / "x.kwg")) == (tmp_path / "x.kwg", True)
    assert build_target("dir/x")[1]
    for name in ("sjp", "default", "sjp-20220301.kwg"):
        with pytest.raises(LexiconNameError) as refused:
            build_target(name)
        assert refused.value.details["name"] == name

"""The match service: settings refused before any game, a lexicon that must fit the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from plansza.lexicon import Lexicon
from plansza.rules import Rules
from plansza.services.matches import MatchError, check_match, match_lexicon, play_match


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"p2": "genius"}, "level"),
        ({"games": 0}, "games"),
        ({"jobs": 0}, "jobs"),
        ({"seconds": 0.0}, "seconds"),
    ],
)
def test_a_setting_that_cannot_be_used_is_refused(change: dict[str, object], code: str) -> None:
    settings: dict[str, object] = {
        "p1": "static", "p2": "greedy", "games": 2, "jobs": 1, "seconds": 1.0, **change
    }
    with pytest.raises(MatchError) as refused:
        check_match(**settings)  # type: ignore[arg-type]
    assert refused.value.code == code


def test_the_lexicon_must_have_the_rules_tiles(tmp_path: Path) -> None:
    path = tmp_path / "mini.kwg"
    english = Lexicon.build(["CAT", "AT", "TA"], Rules.by_name("wespa").tileset, name="mini")
    path.write_bytes(english.to_bytes())
    assert match_lexicon(str(path), Rules.by_name("wespa"), "wespa", progress=False).name == "mini"
    with pytest.raises(MatchError) as refused:
        match_lexicon(str(path), Rules.pfs(), "pfs", progress=False)
    assert refused.value.code == "tiles" and refused.value.details["rules"] == "pfs"


def test_a_match_reports_each_game(tmp_path: Path) -> None:
    lex = Lexicon.build(["KOT", "TOK", "OK", "KO", "TO", "AS", "SA", "TAK", "KAT", "TA"])
    seen: list[int] = []
    result = play_match(
        "greedy", "random", games=2, seed=3, rules="pfs", lexicon=lex, record=True,
        on_game=lambda outcome: seen.append(outcome.index),
    )  # fmt: skip
    assert result.games == 2 and sorted(seen) == [0, 1]

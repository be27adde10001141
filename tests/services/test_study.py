"""The study service as the command line uses it: an analysis's settings, a record
replayed and checked, the sample game."""

from __future__ import annotations

import pytest

from plansza.rules import Rules
from plansza.services.study import (
    RecordErrors,
    StudyError,
    TooFewPlayers,
    check_analysis,
    demo_game,
    replay_record,
)


@pytest.mark.parametrize(
    ("level", "seconds", "code"), [("genius", 1.0, "level"), ("sim", 0.0, "seconds")]
)
def test_an_analysis_setting_that_cannot_be_used(level: str, seconds: float, code: str) -> None:
    with pytest.raises(StudyError) as refused:
        check_analysis(level, seconds)
    assert refused.value.code == code
    check_analysis("static", 1.0)


def test_the_sample_game_replays_with_every_score_matching() -> None:
    replayed = demo_game()
    assert len(replayed.record.players) == 2 and replayed.report.ok
    assert replayed.report.moves and replayed.report.board.tile_counts()


def test_a_record_with_errors_or_one_player_is_refused() -> None:
    header = "#character-encoding UTF-8\n#player1 Ala Ala\n"
    with pytest.raises(TooFewPlayers):
        replay_record(header, Rules.pfs(), source="x.gcg")
    with pytest.raises(RecordErrors) as errors:
        replay_record(header + "#player2 Ola Ola\n>Ala: KOT H8 ???\n", Rules.pfs(), source="x.gcg")
    assert errors.value.errors and errors.value.errors[0].line == 4
    played = replay_record(header + "#player2 Ola Ola\n>Ala: KOTABCD H8 KOT +10 10\n", Rules.pfs())
    assert played.report.ok and played.report.scores[0] == 10

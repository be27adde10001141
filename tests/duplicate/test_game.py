"""The championship state: a move's life, the choice (II.11–II.13), penalties (KARY),
overrides, the end of a game (I.2) and reproducibility from the seed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from plansza import i18n
from plansza.duplicate import Card, Championship, DuplicateError, simulate
from plansza.duplicate.messages import describe
from plansza.duplicate.racks import MAX_REDRAWS, Requirement, meets
from plansza.duplicate.storage import dumps, load, save
from plansza.errors import FormatError
from plansza.lexicon import Lexicon
from plansza.moves import Play

# Enough K, O, T, Y, A for a few moves of KOT/KOTY/TOK/OKO/KA/AK/TAK.
SMALL_BAG = "KOTYAKOTOKOTAKOTAEKLAZ"


def championship(lex: Lexicon, bag: str = SMALL_BAG, players: int = 3) -> Championship:
    ch = Championship(seed="test")
    for name in ["Anna Żak", "Jan Łoś", "Ewa Sowa", "Piotr Nowak"][:players]:
        ch.register(name)
    ch.start_game(bag=bag)
    return ch


def test_players_are_numbered_by_table(lex: Lexicon) -> None:
    # I.3: the table number is the player's number in the table.
    ch = Championship(seed="x")
    assert ch.register("Ala").number == 1
    assert ch.register("Ola", 5).number == 5
    assert ch.register("Ela").number == 6
    with pytest.raises(DuplicateError) as e:
        ch.register("Iza", 5)
    assert e.value.reason == "table_taken"
    assert ch.player("5").name == "Ola" and ch.player("el").name == "Ela"
    with pytest.raises(DuplicateError) as e:
        ch.player("la")
    assert e.value.reason == "ambiguous_player"
    with pytest.raises(DuplicateError):
        ch.player("Zenon")


def test_checking_pairs(lex: Lexicon) -> None:
    # II.9: table 1 checks table 2 and back, the others in pairs by table number.
    ch = Championship(seed="x")
    for n in "ABCDE":
        ch.register(n)
    assert ch.checking_pairs() == [(1, 2), (3, 4), (5, None)]


def test_a_move_from_draw_to_close(lex: Lexicon) -> None:
    # II.1, II.11: one rack for all; the winning move goes on the board.
    ch = championship(lex)
    move = ch.draw(lex)
    assert move.number == 1 and len(move.rack) == 7
    assert move.candidate_count > 0 and move.candidates[0].score >= move.candidates[-1].score
    top = move.candidates[0]
    assert ch.enter_card(1, Card(str(top.play), top.score), lex).ok
    ch.close()
    board = ch.game.board(ch.rules)
    assert not board.is_empty()
    assert move.choice is not None and move.choice.by == "program" and move.choice.index == 0
    assert move.found_top == [1]


def test_the_leave_is_kept_for_the_next_move(lex: Lexicon) -> None:
    # II.14: the referee announces the tiles left and draws only the missing ones.
    ch = championship(lex)
    first = ch.draw(lex)
    ch.close()
    assert first.choice is not None
    second = ch.draw(lex)
    kept = second.draw.attempts[0].kept
    assert sorted(kept) == sorted(_leave_of(first.rack, first.choice.candidate.play, ch))
    assert 0 < len(kept) < 7


def _leave_of(rack: str, play: Play, ch: Championship) -> str:
    from collections import Counter

    from plansza.scoring import score_play

    board = ch.game.board(ch.rules, upto=1)
    used = Counter(score_play(board, play, ch.rules).rack_tiles)
    left = Counter(rack) - used
    return "".join(left.elements())


def test_a_wrong_card_scores_zero_and_no_card_scores_zero(lex: Lexicon) -> None:
    # II.9: a wrong move scores 0; II.7: a card not handed in scores nothing.
    ch = championship(lex)
    move = ch.draw(lex)
    top = move.candidates[0]
    ch.enter_card(1, Card(str(top.play), top.score + 1), lex)
    ch.close()
    assert ch.awarded(1, ch.game, move).score == 0
    assert ch.awarded(1, ch.game, move).reason == "wrong_score"
    assert ch.awarded(2, ch.game, move).reason == "no_card"


def test_the_last_card_entered_counts(lex: Lexicon) -> None:
    ch = championship(lex)
    move = ch.draw(lex)
    top = move.candidates[0]
    ch.enter_card(2, Card(str(top.play), 0), lex)
    ch.enter_card(2, Card(str(top.play), top.score), lex)
    assert len(move.cards) == 2  # both are on record
    assert ch.awarded(2, ch.game, move).score == top.score


def test_the_referee_may_choose_among_the_top_scores(lex: Lexicon) -> None:
    # II.12/II.13: among equal top scores the referee may depart from the II.12 order.
    ch = championship(lex)
    move = ch.draw(lex)
    equal = [i for i, c in enumerate(move.candidates) if c.score == move.candidates[0].score]
    if len(equal) < 2:
        pytest.skip("this draw has a single top-scoring move")
    choice = ch.choose(lex, index=equal[-1], reason="board stays open")
    assert choice.by == "referee" and choice.reason == "board stays open"
    ch.close()
    assert move.choice is choice


def test_a_lower_scoring_move_needs_force(lex: Lexicon) -> None:
    # II.11–II.13: the winning move is the highest-scoring one; below it only on purpose.
    ch = championship(lex)
    move = ch.draw(lex)
    from plansza.duplicate.top import rank

    ranking = rank(ch.game.board(ch.rules), move.rack, lex)
    low = next(c for c in ranking if c.score < ranking[0].score)
    with pytest.raises(DuplicateError) as e:
        ch.choose(lex, notation=str(low.play), reason="x")
    assert e.value.reason == "not_top"
    assert "--force" in describe(e.value, i18n.translator("en"))
    choice = ch.choose(lex, notation=str(low.play), reason="x", force=True)
    assert choice.candidate.score == low.score < move.candidates[0].score
    assert choice.candidate.key() == low.key()


def test_choose_by_notation_and_refusals(lex: Lexicon) -> None:
    ch = championship(lex)
    move = ch.draw(lex)
    top = move.candidates[0]
    assert ch.choose(lex, notation=str(top.play), reason="").index == 0
    with pytest.raises(DuplicateError) as e:
        ch.choose(lex, notation="Z9 KOT", reason="")
    assert e.value.reason == "illegal_choice"
    with pytest.raises(DuplicateError) as e:
        ch.choose(lex, notation="A1 KOT", reason="")
    assert e.value.reason == "illegal_choice"
    with pytest.raises(DuplicateError) as e:
        ch.choose(lex, index=999, reason="")
    assert e.value.reason == "bad_choice"


def test_state_refusals(lex: Lexicon) -> None:
    ch = championship(lex)
    with pytest.raises(DuplicateError) as e:
        ch.close()
    assert e.value.reason == "no_open_move"
    ch.draw(lex)
    with pytest.raises(DuplicateError) as e:
        ch.draw(lex)
    assert e.value.reason == "move_open"
    with pytest.raises(DuplicateError) as e:
        ch.start_game()
    assert e.value.reason == "game_open"


def test_penalty_warning_has_no_effect(lex: Lexicon) -> None:
    # KARY 1: a warning.
    ch = championship(lex)
    ch.penalty(1, "warning", "talking")
    move = ch.draw(lex)
    top = move.candidates[0]
    assert ch.enter_card(1, Card(str(top.play), top.score), lex).ok


def test_penalty_exclusion_from_the_next_move(lex: Lexicon) -> None:
    # KARY 2: exclusion from the next move — the one after the open move.
    ch = championship(lex)
    move1 = ch.draw(lex)
    p = ch.penalty("Jan", "exclude_move", "phone")
    assert (p.game, p.move) == (1, 2)
    top = move1.candidates[0]
    assert ch.enter_card(2, Card(str(top.play), top.score), lex).ok  # move 1 still counts
    ch.close()
    move2 = ch.draw(lex)
    top2 = move2.candidates[0]
    v = ch.enter_card(2, Card(str(top2.play), top2.score), lex)
    assert v.reason == "excluded" and v.awarded == 0
    ch.close()
    assert ch.awarded(2, ch.game, move2).score == 0
    move3 = ch.draw(lex)
    if move3.candidates:
        top3 = move3.candidates[0]
        assert ch.enter_card(2, Card(str(top3.play), top3.score), lex).ok


def test_penalty_exclusion_to_the_end_of_the_game(lex: Lexicon) -> None:
    # KARY 3: exclusion to the end of the game.
    ch = championship(lex)
    p = ch.penalty(3, "exclude_game", "cheating")
    assert (p.game, p.move) == (1, 1)
    for _ in range(2):
        move = ch.draw(lex)
        if move.candidates:
            top = move.candidates[0]
            assert ch.enter_card(3, Card(str(top.play), top.score), lex).reason == "excluded"
        ch.close()
        assert ch.awarded(3, ch.game, move).score == 0


def test_unknown_penalty(lex: Lexicon) -> None:
    ch = championship(lex)
    with pytest.raises(DuplicateError) as e:
        ch.penalty(1, "disqualify")
    assert e.value.reason == "bad_penalty"


def test_override_sets_the_score_and_is_on_record(lex: Lexicon) -> None:
    # II.9: the referee has the last word on a checked move.
    ch = championship(lex)
    move = ch.draw(lex)
    ch.enter_card(1, Card("Z9 KOT", 5), lex)
    ch.override(1, 10, "card legible after all")
    ch.close()
    a = ch.awarded(1, ch.game, move)
    assert (a.score, a.reason) == (10, "override")
    # A correction after the move is closed.
    ch.override(1, 0, "second look", game=1, move=1)
    assert ch.awarded(1, ch.game, move).score == 0
    assert len(move.overrides) == 2
    with pytest.raises(DuplicateError):
        ch.override(1, -3, "x")


def test_a_rack_without_placement_is_a_pass_and_goes_back(lex: Lexicon) -> None:
    # No placement: a pass for everyone; the rack returns whole before the next draw.
    only = Lexicon.build(["ŻUBR"])
    ch = championship(only, bag="AEIOKTLAEIOKTLAEIO")
    move = ch.draw(only)
    assert move.is_pass and move.candidate_count == 0
    ch.close()
    assert move.choice is None and not ch.game.over
    bag_before = len(ch.game.bag)
    nxt = ch.draw(only)
    assert nxt.draw.attempts[0].kept == ""
    assert len(ch.game.bag) == bag_before + 7 - 7


def test_the_game_ends_when_nothing_can_be_played(lex: Lexicon) -> None:
    # The end: an empty bag and a rack without placement.
    only = Lexicon.build(["ŻUBR"])
    ch = championship(only, bag="AEIOKTL")
    ch.draw(only)
    ch.close()
    assert ch.game.over and ch.game.end == "blocked"
    with pytest.raises(DuplicateError) as e:
        ch.draw(only)
    assert e.value.reason == "game_over"


def test_the_game_ends_when_the_tiles_run_out(lex: Lexicon) -> None:
    ch = championship(lex, bag="KOTY")
    move = ch.draw(lex)
    ch.close()
    assert move.choice is not None and str(move.choice.candidate.play).endswith("KOTY")
    assert ch.game.end == "tiles_out"


def test_fifteen_moves_at_most_and_three_games(default_lex: Lexicon) -> None:
    # I.2: three games of at most fifteen moves.
    ch = Championship(seed="i2")
    ch.register("Ala")
    for _ in range(3):
        game = ch.start_game()
        while not game.over:
            ch.draw(default_lex)
            ch.close()
        assert len(game.moves) <= 15
    assert ch.games[0].end == "moves" and len(ch.games[0].moves) == 15
    with pytest.raises(DuplicateError) as e:
        ch.start_game()
    assert e.value.reason == "all_games_played"
    # II.2 over a real game: every rack meets the rule or its log says why not.
    for game in ch.games:
        for m in game.moves:
            need = Requirement.for_move(m.number)
            assert meets(m.rack, need, ch.rules.tileset) or m.draw.outcome in (
                "third_redraw",
                "unattainable",
            )
            assert m.draw.redraws <= MAX_REDRAWS


def test_simulated_games_are_reproducible(default_lex: Lexicon) -> None:
    # Same seed → same game, byte for byte; another seed → another game.
    a = json.dumps(simulate("42", default_lex), ensure_ascii=False)
    b = json.dumps(simulate("42", default_lex), ensure_ascii=False)
    c = json.dumps(simulate("43", default_lex), ensure_ascii=False)
    assert a == b and a != c
    record = json.loads(a)
    assert [m["n"] for m in record["moves"]] == list(range(1, len(record["moves"]) + 1))
    assert record["total"] == sum(m["top"]["score"] for m in record["moves"] if m["top"])


def test_the_draw_does_not_depend_on_cards_or_saving(lex: Lexicon, tmp_path: Path) -> None:
    # Reproducibility: the random source is the seed, the game and the move number.
    a = championship(lex)
    b = championship(lex)
    ma = a.draw(lex)
    with pytest.raises(DuplicateError):
        b.enter_card(1, Card("H8 KOT", 3), lex)  # a card before the draw is refused
    b.penalty(2, "warning", "noise")
    mb = b.draw(lex)
    assert ma.rack == mb.rack
    b.enter_card(1, Card("Z1 X", 3), lex)
    a.close()
    b.close()
    save(b, tmp_path / "b.json")
    b = load(tmp_path / "b.json")
    assert a.draw(lex).rack == b.draw(lex).rack


def test_save_and_load_round_trip(lex: Lexicon, tmp_path: Path) -> None:
    ch = championship(lex)
    move = ch.draw(lex)
    ch.enter_card(1, Card(str(move.candidates[0].play), move.candidates[0].score), lex)
    ch.penalty(2, "warning", "late")
    ch.close()
    ch.draw(lex)
    path = tmp_path / "belgijka.json"
    save(ch, path)
    again = load(path)
    assert dumps(again) == dumps(ch)
    assert again.game.board(again.rules) == ch.game.board(ch.rules)
    assert not list(tmp_path.glob(".belgijka.json.*"))  # no temporary file left


def test_a_broken_file_is_a_format_error(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(FormatError) as e:
        load(bad)
    assert "x.json" in str(e.value)
    bad.write_text('{"format": "something"}', encoding="utf-8")
    with pytest.raises(FormatError):
        load(bad)

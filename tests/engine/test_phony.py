"""The phony player: its phonies are never valid, always legal placements, and are
caught by a challenge (TR 4.7); with rate 0 it is the inner player."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from plansza.engine import make_player, play_game, view_of
from plansza.engine.phony import PhonyPlayer, PhonyRateError, phony_variants, with_phonies
from plansza.engine.static import GreedyPlayer
from plansza.game import Game, TurnKind
from plansza.gcg import record_from_game, write_gcg
from plansza.lexicon import Lexicon
from plansza.moves import Play
from plansza.rules import Rules

RULES = Rules.pfs()


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return Lexicon.default(progress=False)


def _advanced(seed: int, turns: int, lex: Lexicon) -> Game:
    """A game after ``turns`` greedy moves (a varied, real position)."""
    game = Game(RULES, seed=seed, words=lex, starting_player=0)
    greedy = GreedyPlayer(lex, RULES)
    for _ in range(turns):
        if game.is_over:
            break
        game.move(greedy.choose(view_of(game)))
        if game.pending is not None:
            game.accept()
    return game


# TR 4.7: a phony is a legal placement (the game takes it) forming a word the lexicon
# does not have, so a challenge takes it off the board as a loss (TR 4.7.11, 3.2.3).
@settings(max_examples=40)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 14), choice=st.integers(0, 1000))
def test_a_phony_is_legal_and_never_valid(seed: int, turns: int, choice: int) -> None:
    lex = Lexicon.default(progress=False)
    game = _advanced(seed, turns, lex)
    if game.is_over:
        return
    player = PhonyPlayer(GreedyPlayer(lex, RULES), lex, RULES, rate=1.0, seed=choice)
    move = player.choose(view_of(game))
    if player.phonies == 0:
        # No phony could be made: the inner player's move, which is valid.
        assert move == GreedyPlayer(lex, RULES).choose(view_of(game))
        return
    assert isinstance(move, Play)
    scored = game.score(move)  # legal: raises if the placement or the rack is wrong
    assert not all(w in lex for w in scored.word_strings)
    mover = game.to_move
    score_before = game.scores[mover]
    game.move(move)
    assert game.pending is not None
    verdict = game.challenge(challenger=1 - mover)
    assert not verdict.valid
    assert game.history[-1].kind is TurnKind.LOSS
    assert game.scores[mover] == score_before


def test_every_variant_forms_an_invalid_word(lex: Lexicon) -> None:
    game = _advanced(7, 6, lex)
    view = view_of(game)
    from plansza.movegen import MoveGenerator

    gen = MoveGenerator(lex, RULES)
    gen.set_board(view.board)
    checked = 0
    for base in gen.top(view.rack, 5):
        for v in phony_variants(base.scored(), view.rack, view, lex):
            assert not all(w in lex for w in v.word_strings)
            # One tile changed, the same squares.
            assert [t.square for t in v.tiles] == [t.square for t in base.tiles]
            assert sum(a.letter != b.letter for a, b in zip(v.tiles, base.tiles, strict=True)) == 1
            checked += 1
    assert checked > 0


def test_a_phony_prefers_a_near_miss() -> None:
    # KOT is valid; changing one letter to another rack letter gives one invalid word.
    small = Lexicon.build(["KOT", "TOK", "KOC"], RULES.tileset)
    game = Game(RULES, seed=3, words=small, starting_player=0)
    game.racks[0] = list("KOTZZAA")
    game.racks[1] = list("EEEEEEE")
    game.recount()
    player = PhonyPlayer(GreedyPlayer(small, RULES), small, RULES, rate=1.0, seed=1)
    move = player.choose(view_of(game))
    assert isinstance(move, Play)
    assert move.word not in small
    near = [
        w
        for w in ("KOT", "TOK", "KOC")
        if sum(a != b for a, b in zip(w, move.word, strict=True)) == 1
    ]
    assert len(move.word) == 3 and near and set(move.word) - set("KOT") <= {"Z", "A"}


def test_no_phony_possible_falls_back_to_the_inner_player() -> None:
    # A rack of one letter cannot change a tile to "another rack letter".
    small = Lexicon.build(["AA"], RULES.tileset)
    game = Game(RULES, seed=3, words=small, starting_player=0)
    game.racks[0] = list("AAAAAAA")
    game.racks[1] = list("EEEEEEE")
    game.recount()
    inner = GreedyPlayer(small, RULES)
    player = PhonyPlayer(inner, small, RULES, rate=1.0, seed=1)
    assert player.choose(view_of(game)) == inner.choose(view_of(game))
    assert player.phonies == 0


def test_rate_zero_is_the_inner_player(lex: Lexicon) -> None:
    inner = make_player("static", lex, RULES, seed=1)
    assert with_phonies(inner, lex, RULES, rate=0.0) is inner

    # A wrapper with rate 0 plays exactly the inner player's game.
    def game_text(wrap: bool) -> str:
        game = Game(RULES, ["a", "b"], seed=11, words=lex, starting_player=0)
        me = make_player("static", lex, RULES, seed=1)
        first = PhonyPlayer(me, lex, RULES, rate=0.0, seed=5) if wrap else me
        play_game(game, [first, make_player("greedy", lex, RULES, seed=2)])
        return write_gcg(record_from_game(game))

    assert game_text(True) == game_text(False)


@pytest.mark.parametrize("rate", [-0.1, 1.5])
def test_rate_outside_0_1_is_refused(rate: float, lex: Lexicon) -> None:
    with pytest.raises(PhonyRateError, match="between 0 and 1"):
        with_phonies(GreedyPlayer(lex, RULES), lex, RULES, rate=rate)


# TR 4.7: the opponent that knows the lexicon challenges every phony and nothing else,
# so the phony player's losses are exactly its phonies; the game still ends (TR 5.1).
def test_whole_game_losses_are_the_phonies(lex: Lexicon) -> None:
    game = Game(RULES, ["phony", "static"], seed=21, words=lex, starting_player=0)
    player = PhonyPlayer(make_player("static", lex, RULES, seed=1), lex, RULES, rate=0.4, seed=9)
    play_game(game, [player, make_player("static", lex, RULES, seed=2)])
    assert game.is_over
    losses = [t for t in game.history if t.kind is TurnKind.LOSS]
    assert player.phonies > 0
    assert len(losses) == player.phonies
    assert all(t.player == 0 for t in losses)
    assert player.name == "static+phony"
